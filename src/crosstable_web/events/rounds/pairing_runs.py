"""Pairing a section's next round as a job: no request waits for an engine more than
:data:`settings.PAIRING_WAIT_SECONDS` (1.5).

:func:`start` reads the section as
:func:`~crosstable_web.events.rounds.pairing.pair_next_round`
does, starts the engine in a worker process of its own
(:class:`crosstable_web.pairing_jobs.PairingProcess`) and a thread of the web process that
waits for it and stores the round in one short transaction, as ``pair_next_round`` does, if
nothing changed meanwhile and nobody cancelled. The request waits that long at most: a
quick pairing is then stored and shown as before; a longer one stays a
:class:`~crosstable_web.events.models.PairingRun` that the round pages show (a progress line
that refreshes itself, and a cancel button) until it is done. A failure, a cancel or a
worker gone with its server leaves the section as it was and says so on those pages.

``settings.PAIRING_JOBS`` False (the tests' settings; the tests of the jobs switch it on)
pairs within the request as ``pair_next_round`` does: the thread's own database connection
would not see a test's uncommitted rows.
"""

from __future__ import annotations

import dataclasses
import datetime
import threading
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import close_old_connections, connection, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from crosstable.pairing.base import PairingError, RoundPairing, TeamRoundPairing
from crosstable.pairing.registry import is_team_system
from crosstable_web import pairing_jobs
from crosstable_web.events import models, parts
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_arbiter
from crosstable_web.events.rounds import pairing as section_pairing
from crosstable_web.events.services import ServiceError
from crosstable_web.pairing_jobs import PairingJob

State = models.PairingRun.State

STARTING_AT_MOST = datetime.timedelta(minutes=5)
"""A run whose worker has not started by then never will, and one whose answer has not been
stored by then never will be (its server stopped meanwhile)."""

WORK: Callable[[PairingJob], pairing_jobs.Pairing] = pairing_jobs.run_any_job
"""What the worker process runs: the section's engine (tests put a stand-in here)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Pairer:
    """How the next round of one kind of section is paired, as a job or within the request.
    The individual systems' is :data:`INDIVIDUAL`; the teams app declares the team sections'
    (``events.parts``: this app does not import it)."""

    pair_here: Callable[[models.Section, Actor, datetime.datetime | None], Any]
    """The whole pairing within the request (jobs switched off, or :attr:`as_job` False)."""
    plan: Callable[[models.Section, Actor, datetime.datetime | None], Any]
    """In the job's thread: what the round is paired from, with its ``job`` (PairingJob);
    ServiceError when it cannot be paired."""
    store: Callable[[Any, Any, Actor], Any]
    """Store the engine's answer in a short transaction; ServiceError when the section
    changed meanwhile."""
    engine_error: Callable[[Exception], ServiceError]
    """The engine's refusal in the reader's words."""
    paired_round: Callable[[models.Section, int], Any | None]
    """The stored round of that number, if any."""
    next_number: Callable[[models.Section], int]
    """The number of the round to pair next."""
    round_url: Callable[[models.Section, int], str]
    back_url: Callable[[models.Section], str]
    """Where the pages send the arbiter after a cancel: the page showing the section's
    pairing (its last round, or the section before round 1)."""
    way_out_url: Callable[[models.Section], str]
    """The ways out of a failed pairing: pairing by hand, or with rematches allowed."""
    as_job: Callable[[models.Section], bool] = lambda section: True
    """False: this section's next round is paired within the request."""


def _individual_back_url(section: models.Section) -> str:
    last = section_pairing.last_round(section)
    if last is None:
        return reverse("events:section_detail", args=[section.event.slug, section.key])
    return reverse("events:round_detail", args=[section.event.slug, section.key, last.number])


INDIVIDUAL = Pairer(
    pair_here=lambda section, actor, starts_at: section_pairing.pair_next_round(section, actor),
    plan=lambda section, actor, starts_at: section_pairing._plan(section),
    store=section_pairing._store_unchanged,
    engine_error=section_pairing._engine_error,
    paired_round=lambda section, number: section.rounds.filter(number=number).first(),
    next_number=lambda section: (
        1 + (section.rounds.order_by("-number").values_list("number", flat=True).first() or 0)
    ),
    round_url=lambda section, number: reverse(
        "events:round_detail", args=[section.event.slug, section.key, number]
    ),
    back_url=_individual_back_url,
    way_out_url=lambda section: (
        reverse("events:hand_pair", args=[section.event.slug, section.key]) + "?propose=1"
    ),
)


def pairer_for(section: models.Section) -> Pairer:
    """How ``section`` is paired: by team when its system is a team system and the teams app
    declared how."""
    declared = parts.declared.team_pairer
    if declared is not None and is_team_system(section.system_code):
        team_pairer: Pairer = declared
        return team_pairer
    return INDIVIDUAL


def running(section: models.Section) -> models.PairingRun | None:
    """The pairing of ``section`` still being computed, if any. One whose worker has gone
    (its server stopped meanwhile) is marked failed here: the section was not changed."""
    run = section.pairing_runs.filter(state=State.RUNNING).first()
    if run is None:
        return None
    # No worker: still starting, or its answer being stored (since finished_at).
    gone = (
        not pairing_jobs.is_alive(run.worker_pid)
        if run.worker_pid is not None
        else timezone.now() - (run.finished_at or run.started_at) > STARTING_AT_MOST
    )
    if gone:
        # Only if nothing moved meanwhile (the thread may have just taken the answer in).
        ended = models.PairingRun.objects.filter(
            pk=run.pk, state=State.RUNNING, worker_pid=run.worker_pid
        ).update(
            state=State.FAILED,
            message=_("The pairing stopped before it finished."),
            finished_at=timezone.now(),
        )
        if ended:
            return None
        run.refresh_from_db()
        return run if run.state == State.RUNNING else None
    return run


def last_unfinished(section: models.Section) -> models.PairingRun | None:
    """The latest pairing of ``section`` that failed or was cancelled, while its round is
    still unpaired (what the round pages say about it)."""
    run = section.pairing_runs.first()
    if run is None or run.state not in (State.FAILED, State.CANCELLED):
        return None
    if pairer_for(section).paired_round(section, run.round_number) is not None:
        return None
    return run


def start(section: models.Section, actor: Actor, starts_at: datetime.datetime | None = None) -> Any:
    """Pair the next round of ``section``: the stored round (a Round, or a team round) when
    the engine answers within ``settings.PAIRING_WAIT_SECONDS``, else the run still going
    (a PairingRun). ServiceError when the round cannot be paired (as ``pair_next_round``),
    when the engine finds no pairing within the wait, or when a pairing of the section is
    already running. ``starts_at``: the round's start (team rounds; None: the schedule)."""
    pairer = pairer_for(section)
    if not settings.PAIRING_JOBS or not pairer.as_job(section):
        return pairer.pair_here(section, actor, starts_at)
    require_arbiter(actor, section.event)
    section = models.Section.objects.select_related("event").get(pk=section.pk)
    busy = running(section)
    if busy is not None:
        raise ServiceError(
            _("Round %(round)d of this section is already being paired.")
            % {"round": busy.round_number}
        )
    # The next round's number (the thread's plan checks that it can be paired): the
    # section is read, and the worker started, by the thread, so that the request waits for
    # neither more than the wait.
    run = models.PairingRun.objects.create(
        section=section,
        round_number=pairer.next_number(section),
        started_by=actor if isinstance(actor, get_user_model()) else None,
    )
    follower = threading.Thread(
        target=_follow,
        args=(run.pk, section.pk, actor, translation.get_language(), starts_at),
        name=f"pairing-run-{run.pk}",
    )
    follower.daemon = True
    follower.start()
    follower.join(float(settings.PAIRING_WAIT_SECONDS))
    run.refresh_from_db()
    if run.state == State.DONE:
        return pairer.paired_round(section, run.round_number)
    if run.state == State.FAILED:
        raise ServiceError(run.message)
    return run


def cancel(run: models.PairingRun, actor: Actor) -> bool:
    """Cancel ``run`` if it is still running: its worker is ended and nothing is stored.
    False when it had already finished (stored, failed or cancelled)."""
    require_arbiter(actor, run.section.event)
    cancelled = models.PairingRun.objects.filter(pk=run.pk, state=State.RUNNING).update(
        state=State.CANCELLED, finished_at=timezone.now()
    )
    if cancelled and run.worker_pid is not None:
        pairing_jobs.stop(run.worker_pid)
    return bool(cancelled)


def progress_text(run: models.PairingRun) -> str:
    """The progress line: which round, for how long so far."""
    seconds = max(0, int((timezone.now() - run.started_at).total_seconds()))
    return _("Pairing round %(round)d: %(seconds)d s so far.") % {
        "round": run.round_number,
        "seconds": seconds,
    }


def page_context(section: models.Section, can_arbitrate: bool) -> dict[str, object]:
    """What the round pages show of the section's pairing job (``events/_pairing_run.html``):
    the run in progress and its line, or the last one that failed or was cancelled."""
    if not can_arbitrate:
        return {}
    run = running(section)
    if run is not None:
        return {"pairing_run": run, "pairing_run_text": progress_text(run)}
    stopped = last_unfinished(section)
    if stopped is None:
        return {"pairing_stopped": None}
    return {"pairing_stopped": stopped, "pairing_way_out": pairer_for(section).way_out_url(section)}


def _follow(
    run_id: int,
    section_id: int,
    actor: Actor,
    language: str | None,
    starts_at: datetime.datetime | None = None,
) -> None:
    """The thread: read the section, start the engine's worker, wait for it, then store its
    round unless the run was cancelled (the store and the run's ``done`` are one
    transaction); its messages in ``language``, the one of the request that started it."""
    close_old_connections()
    if language:
        translation.activate(language)
    try:
        section = models.Section.objects.select_related("event").get(pk=section_id)
        pairer = pairer_for(section)
        try:
            plan = pairer.plan(section, actor, starts_at)
        except ServiceError as error:  # results missing, all rounds paired, ...
            _finish(run_id, State.FAILED, str(error))
            return
        worker = pairing_jobs.PairingProcess(plan.job, WORK)
        started = models.PairingRun.objects.filter(pk=run_id, state=State.RUNNING).update(
            worker_pid=worker.pid
        )
        if not started:  # cancelled while the worker was starting
            pairing_jobs.stop(worker.pid)
            return

        def answered() -> None:
            # The engine has answered and this thread now stores the round: the run stays
            # "running" without a worker (its worker ends now, which running() must not take
            # for a server gone), ``finished_at`` saying since when.
            models.PairingRun.objects.filter(pk=run_id, state=State.RUNNING).update(
                worker_pid=None, finished_at=timezone.now()
            )

        outcome = worker.outcome(answered)
        if isinstance(outcome, RoundPairing | TeamRoundPairing):
            _store(run_id, pairer, plan, outcome, actor)
        elif isinstance(outcome, PairingError | ValueError):
            _finish(run_id, State.FAILED, str(pairer.engine_error(outcome)))
        else:
            _finish(run_id, State.FAILED, _("The pairing stopped before it finished."))
    except Exception as error:  # the thread's last word: the run must not stay "running"
        _finish(run_id, State.FAILED, str(error))
    finally:
        connection.close()


class _Cancelled(Exception):
    """The run was cancelled while its round was being stored: roll the round back."""


def _store(run_id: int, pairer: Pairer, plan: Any, pairing: Any, actor: Actor) -> None:
    try:
        with transaction.atomic():
            pairer.store(plan, pairing, actor)
            done = models.PairingRun.objects.filter(pk=run_id, state=State.RUNNING).update(
                state=State.DONE, finished_at=timezone.now()
            )
            if not done:
                raise _Cancelled
    except _Cancelled:
        return
    except ServiceError as error:  # changed meanwhile, or no longer allowed
        _finish(run_id, State.FAILED, str(error))


def _finish(run_id: int, state: str, message: str) -> None:
    """End a running run as ``state`` (nothing if it has already ended: a cancel wins)."""
    models.PairingRun.objects.filter(pk=run_id, state=State.RUNNING).update(
        state=state, message=message, finished_at=timezone.now()
    )
