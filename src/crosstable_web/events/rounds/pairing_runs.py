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

import datetime
import threading
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import close_old_connections, connection, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from crosstable.pairing.base import PairingError, RoundPairing
from crosstable_web import pairing_jobs
from crosstable_web.events import models
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_arbiter
from crosstable_web.events.rounds import pairing as section_pairing
from crosstable_web.events.services import ServiceError
from crosstable_web.pairing_jobs import PairingJob

State = models.PairingRun.State

STARTING_AT_MOST = datetime.timedelta(minutes=5)
"""A run whose worker has not started by then never will (its server stopped meanwhile)."""

WORK: Callable[[PairingJob], RoundPairing] = pairing_jobs.run_job
"""What the worker process runs: the section's engine (tests put a stand-in here)."""


def running(section: models.Section) -> models.PairingRun | None:
    """The pairing of ``section`` still being computed, if any. One whose worker has gone
    (its server stopped meanwhile) is marked failed here: the section was not changed."""
    run = section.pairing_runs.filter(state=State.RUNNING).first()
    if run is None:
        return None
    gone = (
        not pairing_jobs.is_alive(run.worker_pid)
        if run.worker_pid is not None
        else timezone.now() - run.started_at > STARTING_AT_MOST
    )
    if gone:
        _finish(run.pk, State.FAILED, _("The pairing stopped before it finished."))
        return None
    return run


def last_unfinished(section: models.Section) -> models.PairingRun | None:
    """The latest pairing of ``section`` that failed or was cancelled, while its round is
    still unpaired (what the round pages say about it)."""
    run = section.pairing_runs.first()
    if run is None or run.state not in (State.FAILED, State.CANCELLED):
        return None
    if section.rounds.filter(number__gte=run.round_number).exists():
        return None
    return run


def start(section: models.Section, actor: Actor) -> models.Round | models.PairingRun:
    """Pair the next round of ``section``: the stored round when the engine answers within
    ``settings.PAIRING_WAIT_SECONDS``, else the run still going. ServiceError when the round
    cannot be paired (as ``pair_next_round``), when the engine finds no pairing within the
    wait, or when a pairing of the section is already running."""
    if not settings.PAIRING_JOBS:
        return section_pairing.pair_next_round(section, actor)
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
    last = section_pairing.last_round(section)
    run = models.PairingRun.objects.create(
        section=section,
        round_number=last.number + 1 if last is not None else 1,
        started_by=actor if isinstance(actor, get_user_model()) else None,
    )
    follower = threading.Thread(
        target=_follow,
        args=(run.pk, section.pk, actor, translation.get_language()),
        name=f"pairing-run-{run.pk}",
    )
    follower.daemon = True
    follower.start()
    follower.join(float(settings.PAIRING_WAIT_SECONDS))
    run.refresh_from_db()
    if run.state == State.DONE:
        return section.rounds.get(number=run.round_number)
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
    return {"pairing_stopped": last_unfinished(section)}


def _follow(run_id: int, section_id: int, actor: Actor, language: str | None) -> None:
    """The thread: read the section, start the engine's worker, wait for it, then store its
    round unless the run was cancelled (the store and the run's ``done`` are one
    transaction); its messages in ``language``, the one of the request that started it."""
    close_old_connections()
    if language:
        translation.activate(language)
    try:
        section = models.Section.objects.select_related("event").get(pk=section_id)
        try:
            plan = section_pairing._plan(section)
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
        outcome = worker.outcome()
        if isinstance(outcome, RoundPairing):
            _store(run_id, plan, outcome, actor)
        elif isinstance(outcome, PairingError):
            _finish(run_id, State.FAILED, str(section_pairing._engine_error(outcome)))
        else:
            _finish(run_id, State.FAILED, _("The pairing stopped before it finished."))
    except Exception as error:  # the thread's last word: the run must not stay "running"
        _finish(run_id, State.FAILED, str(error))
    finally:
        connection.close()


class _Cancelled(Exception):
    """The run was cancelled while its round was being stored: roll the round back."""


def _store(
    run_id: int, plan: section_pairing._PairingPlan, pairing: RoundPairing, actor: Actor
) -> None:
    try:
        with transaction.atomic():
            section_pairing._store_unchanged(plan, pairing, actor)
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
