"""Pairing a round: the section's system from the registry run outside the transaction, stored
if nothing changed meanwhile (:func:`pair_next_round`), every section at once, un-pairing, and
the pairs kept apart."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from crosstable.model import Colour, ResultCode, Tournament
from crosstable.model.points import points_text
from crosstable.pairing import registry
from crosstable.pairing.base import (
    PairingError,
    PairingWarning,
    RoundPairing,
    WarningKind,
)
from crosstable.pairing.rules import PairingRules
from crosstable_web.events import bridge, lots, models, services
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import (
    require_arbiter,
    require_chief_arbiter,
)
from crosstable_web.events.regulations import event_time, regulation_messages
from crosstable_web.events.regulations.rules import section_rules
from crosstable_web.events.rounds import rule_warnings
from crosstable_web.events.services import PAIRING_NUMBERS_BY, ServiceError
from crosstable_web.events.words.pairing_names import system_name
from crosstable_web.pairing_jobs import PairingJob, pair_many

PairingFunction = Callable[[Tournament, int], RoundPairing]


FALLBACK_SYSTEM = registry.DEFAULT_SYSTEM
"""Used, with a warning in the audit log, for a section whose system code the registry does
not know: the forms, the regulations loader and the TRF import accept only registered codes,
so only a row stored some other way falls back."""


def pairing_function(
    system_code: str, rules: PairingRules | None = None, *, numbers_drawn: bool = False
) -> PairingFunction:
    """The pairing system registered under a TRF-2026 system code (KeyError if none), under
    the section's ``[pairing]`` options (local rules, round-1 and colour options);
    ``numbers_drawn``: the section's pairing numbers were drawn by lot."""
    pair = registry.pair_function(system_code, rules, numbers_drawn=numbers_drawn)
    return lambda tournament, number: pair(tournament, number)


STAND_IN_SYSTEM = "stand_in_system"
"""The ``kind`` of the stored warning that a section was paired with :data:`FALLBACK_SYSTEM`
(the engine's own kinds are ``crosstable.pairing.base.WarningKind``)."""


FORFEITS = "forfeits"
"""The ``kind`` of the stored warning that a player was withdrawn after ``count`` forfeits."""


StoredWarning = dict[str, str | int | None]
"""A pairing warning as the audit log stores it: data with a ``kind``, rendered in the
reader's language when shown (:func:`warning_text`). Lines written before warnings were
data hold plain strings, shown as they are."""


def _engine_code(section: models.Section) -> tuple[str, list[StoredWarning]]:
    """The system code to pair with, and a warning when it is a stand-in."""
    try:
        registry.pairing_system(section.system_code)
    except KeyError:
        warning: StoredWarning = {
            "kind": STAND_IN_SYSTEM,
            "code": section.system_code,
            "fallback": FALLBACK_SYSTEM,
        }
        return FALLBACK_SYSTEM, [warning]
    return section.system_code, []


def warning_text(stored: object) -> str:
    """A stored pairing warning in the active language: a stand-in system or a rule the
    engine met only as far as it could (float once), as data; a plain string (audit lines
    written before warnings were data) as it is; anything unreadable as its JSON text."""
    if isinstance(stored, str):
        return stored
    if not isinstance(stored, dict):
        return str(stored)
    if stored.get("kind") == "rule":
        return rule_warnings.text_of(stored)
    if stored.get("kind") == STAND_IN_SYSTEM:
        return _(
            "No engine implements the pairing system %(code)s yet: paired with %(fallback)s."
        ) % {
            "code": system_name(str(stored.get("code", ""))),
            "fallback": system_name(str(stored.get("fallback", ""))),
        }
    if stored.get("kind") == audit.SPELLING_CORRECTION:
        return _("spelling correction")
    if stored.get("kind") == FORFEITS:
        return _("Withdrawn after %(count)s forfeits.") % {"count": stored.get("count", "")}
    try:
        warning = PairingWarning.from_json(stored)
    except (KeyError, ValueError, TypeError, ZeroDivisionError):
        return str(stored)
    values = {
        "round": warning.round_number,
        "player": f"{warning.player} {warning.player_name}".strip(),
        "score": points_text(warning.score),
    }
    if warning.kind is WarningKind.BYE_AFTER_FLOAT:
        return (
            _(
                "Round %(round)d: no pairing lets every player float down only once, as the "
                "regulations ask, so the fewest possible float again: %(player)s receives the "
                "bye although already floated down before."
            )
            % values
        )
    values["opponent"] = f"{warning.opponent or ''} {warning.opponent_name}".strip()
    values["opponent_score"] = (
        "" if warning.opponent_score is None else points_text(warning.opponent_score)
    )
    return (
        _(
            "Round %(round)d: no pairing lets every player float down only once, as the "
            "regulations ask, so the fewest possible float again: %(player)s (%(score)s) floats "
            "down a second time (plays %(opponent)s, on a lower score: %(opponent_score)s)."
        )
        % values
    )


def lock_section(section: models.Section) -> models.Section:
    return models.Section.objects.select_for_update().select_related("event").get(pk=section.pk)


def last_round(section: models.Section) -> models.Round | None:
    return section.rounds.order_by("-number").first()


def pending_boards(round_row: models.Round) -> int:
    return round_row.boards.filter(white_result=ResultCode.PENDING.value).count()


@dataclasses.dataclass(slots=True)
class _PairingPlan:
    section: models.Section
    job: PairingJob
    warnings: list[StoredWarning]
    last_change: int | None = None
    """The event's last audit line when the plan was read (every change writes one): the
    same line when storing means nothing changed meanwhile."""
    drawn_colour: Colour | None = None
    """Round 1's initial colour, drawn by lot for this pairing (``events.lots``)."""


def _last_change(event_id: int) -> int | None:
    return (
        models.AuditLog.objects.filter(event_id=event_id)
        .order_by("-pk")
        .values_list("pk", flat=True)
        .first()
    )


def _plan(section: models.Section) -> _PairingPlan:
    """What pairing the next round of ``section`` needs, or why it cannot be paired."""
    last_change = _last_change(section.event_id)  # before reading: a change meanwhile shows
    if section.settings.get("team_event"):
        raise ServiceError(
            _("A team section is paired by team: use its team pages (Teams, line-ups and matches).")
        )
    previous = last_round(section)
    if previous is not None and previous.manual_changes:
        raise ServiceError(
            _("Round %(round)d is being changed by hand: end the manual changes first.")
            % {"round": previous.number}
        )
    if previous is not None and pending_boards(previous):
        raise ServiceError(
            _("Round %(round)d still has games without a result.") % {"round": previous.number}
        )
    number = previous.number + 1 if previous else 1
    if number > section.total_rounds:
        raise ServiceError(
            _("All %(rounds)d rounds are paired.") % {"rounds": section.total_rounds}
        )
    if not section.entries.filter(pairing_number__isnull=False).exists():
        raise ServiceError(_("Assign pairing numbers first."))
    tournament = bridge.section_tournament(section)
    # round 1's initial colour drawn by lot from the event's seed (kept when stored)
    drawn = lots.colour_to_draw(section) if number == 1 else None
    if drawn is not None:
        tournament.initial_colour = drawn
    job, warnings = _job(section, number, tournament)
    return _PairingPlan(section, job, warnings, last_change, drawn)


def _job(
    section: models.Section, number: int, tournament: Tournament
) -> tuple[PairingJob, list[StoredWarning]]:
    """The engine's work for round ``number`` of ``section`` from ``tournament`` (its earlier
    rounds and the round's absences), and the warning of a stand-in system, if any."""
    code, warnings = _engine_code(section)
    declared = section_rules(section)
    job = PairingJob(
        code,
        tournament,
        number,
        None if declared is None else declared.pairing,
        # Numbered by lot in the app: those are the numbers the regulation's round-1 lot
        # draws (Huayuan: "all drawn, 1-2, 3-4, odd number Red"); the engine draws no more.
        numbers_drawn=section.settings.get(PAIRING_NUMBERS_BY) == "lot",
    )
    return job, warnings


def engine_pairing(section: models.Section, round_number: int) -> RoundPairing:
    """The pairing the section's engine makes of a paired round from the rounds before it,
    with the round's byes and absences as they were (what a manual pairing is compared with)."""
    tournament = bridge.section_tournament(section, up_to_round=round_number - 1)
    round_row = section.rounds.get(number=round_number)
    absences = tournament.absences.setdefault(round_number, {})
    for number, result in round_row.byes.exclude(result=ResultCode.PAIRING_BYE.value).values_list(
        "entry__pairing_number", "result"
    ):
        if number is not None:
            absences[number] = ResultCode(result)
    job, _warnings = _job(section, round_number, tournament)
    return _pair_here(job)


def _pair_here(job: PairingJob) -> RoundPairing:
    pair = pairing_function(job.system_code, job.rules, numbers_drawn=job.numbers_drawn)
    return pair(job.tournament, job.round_number)


def _engine_error(error: Exception) -> ServiceError:
    if isinstance(error, PairingError):
        return ServiceError(
            _("No pairing satisfies the rules: %(reason)s")
            % {"reason": regulation_messages.reason_text(error)}
        )
    raise error


def _store(plan: _PairingPlan, pairing: RoundPairing, actor: Actor) -> models.Round:
    section = plan.section
    if plan.drawn_colour is not None:
        lots.keep_drawn_colour(section, plan.drawn_colour)
    round_row = bridge.store_round_pairing(section, pairing, plan.job.tournament)
    # the start by the regulations' schedule, at the venue (the arbiter may move it)
    round_row.starts_at = event_time.scheduled_start(section, pairing.round_number)
    round_row.save(update_fields=["starts_at"])
    # The engine's own warnings (a rule met only as far as possible, e.g. float once) join
    # the plan's; the round page shows them from this line (pairing_warnings_of).
    audit.record(
        section.event,
        actor,
        "round.pair",
        f"{section.key} R{pairing.round_number}",
        None,
        {
            "boards": [[b.white, b.black] for b in pairing.boards],
            "bye": pairing.bye,
            **(
                {"initial_colour": plan.drawn_colour.value, "lots_seed": lots.seed_of(section)}
                if plan.drawn_colour is not None
                else {}
            ),
        },
        [*plan.warnings, *(warning.as_json() for warning in pairing.warnings)],
        params={"section": section.key, "round": pairing.round_number},
    )
    return round_row


def pairing_warnings_of(round_row: models.Round) -> list[str]:
    """The warnings given when ``round_row`` was paired (the audit log's latest
    ``round.pair`` line for it), in the active language: a stand-in system, a rule the
    engine met only as far as it could."""
    section = round_row.section
    line = models.AuditLog.objects.filter(
        event=section.event, action="round.pair", target=f"{section.key} R{round_row.number}"
    ).first()
    return [] if line is None else [warning_text(warning) for warning in line.warnings]


class _ChangedMeanwhile(ServiceError):
    def __init__(self) -> None:
        super().__init__(_("Changed while it was being paired: pair it again."))


def _store_unchanged(plan: _PairingPlan, pairing: RoundPairing, actor: Actor) -> models.Round:
    """Store ``pairing``, computed outside any transaction, in a short one: the section is
    locked, and stored only if what it would be paired from is still what was paired
    (players, results, rules), else :class:`_ChangedMeanwhile`. Nothing logged in the event
    since the plan was read settles it in one query; else (another section stored meanwhile,
    by "pair all") the section is read again and compared."""
    with transaction.atomic():
        section = lock_section(plan.section)
        require_arbiter(actor, section.event)
        unchanged = plan.last_change is not None and _last_change(section.event_id) == (
            plan.last_change
        )
        if not unchanged and _plan(section).job != plan.job:
            raise _ChangedMeanwhile
        plan.section = section
        return _store(plan, pairing, actor)


PAIRING_ATTEMPTS = 3


def pair_next_round(section: models.Section, actor: Actor) -> models.Round:
    """Pair the next round of ``section`` with its pairing system and store it.

    The engine runs outside the write transaction (a 601-player section takes half a minute,
    and on SQLite a write transaction locks every event's results out): the section is read,
    paired, then stored in a short transaction if nothing changed meanwhile, else read and
    paired again (:data:`PAIRING_ATTEMPTS` times in all)."""
    require_arbiter(actor, section.event)
    for _attempt in range(PAIRING_ATTEMPTS):
        plan = _plan(models.Section.objects.select_related("event").get(pk=section.pk))
        try:
            pairing = _pair_here(plan.job)
        except PairingError as error:
            raise _engine_error(error) from error
        try:
            return _store_unchanged(plan, pairing, actor)
        except _ChangedMeanwhile:
            continue
    raise _ChangedMeanwhile


@dataclasses.dataclass(slots=True)
class PairAllLine:
    """One section in the preview of "pair the next round of all sections": the round it
    would get, or why it is left out (a team section, all rounds paired, results missing, no
    player), and the problems that stop the whole run until they are put right: playing
    groups not formed, players without a pairing number."""

    section: models.Section
    round: int
    team: bool = False
    done: bool = False
    pending: int = 0
    empty: bool = False
    groups: list[str] = dataclasses.field(default_factory=list)
    """The playing groups the regulations split the section into, not formed yet."""
    unnumbered: list[str] = dataclasses.field(default_factory=list)
    """Players without a pairing number (a pairing would leave them out)."""

    @property
    def problems(self) -> list[str]:
        problems = []
        if self.groups:
            problems.append(
                _(
                    "the regulations split it into %(groups)s: form the playing groups first "
                    "(event page, “Form playing groups”)."
                )
                % {"groups": ", ".join(self.groups)}
            )
        if self.unnumbered:
            count = len(self.unnumbered)
            shown = ", ".join(self.unnumbered[:5]) + (" …" if count > 5 else "")
            problems.append(
                ngettext(
                    "%(count)d player has no pairing number (%(names)s): assign the numbers first.",
                    "%(count)d players have no pairing number (%(names)s): assign the numbers "
                    "first.",
                    count,
                )
                % {"count": count, "names": shown}
            )
        return problems

    @property
    def ready(self) -> bool:
        return not (self.team or self.done or self.pending or self.empty or self.problems)


def pair_all_preview(event: models.Event) -> list[PairAllLine]:
    """What "pair the next round of all sections" would do, section by section, checked
    before anything is paired: missing pairing numbers (players a pairing would silently
    leave out) and playing groups the regulations split a section into that are not formed
    yet (boys and girls paired together) are problems."""
    lines: list[PairAllLine] = []
    for section in event.sections.all():
        last = last_round(section)
        line = PairAllLine(section, last.number + 1 if last else 1)
        lines.append(line)
        if section.is_team_section or section.settings.get("team_event"):
            line.team = True
            continue
        if line.round > section.total_rounds:
            line.done = True
            continue
        if last is not None:
            line.pending = pending_boards(last)
            if line.pending:
                continue
        entries = section.entries.all()
        if not entries.exists():
            line.empty = True
            continue
        line.groups = services.pending_playing_groups(section)
        line.unnumbered = [
            entry.name
            for entry in entries.filter(pairing_number__isnull=True).order_by("name")
            if entry.withdrawn_after_round is None
        ]
    return lines


def pair_all_problems(lines: list[PairAllLine]) -> list[str]:
    """The problems of a preview, each named by its section."""
    return [
        _("%(section)s: %(problem)s") % {"section": line.section.name, "problem": problem}
        for line in lines
        for problem in line.problems
    ]


def pair_all_sections(event: models.Event, actor: Actor) -> list[models.Round]:
    """Pair the next round of every section that is ready, after checking every section
    first (:func:`pair_all_preview`): any missing pairing number or unformed playing group
    stops the run before anything is paired. The engines run side by side
    (``settings.PAIRING_PROCESSES`` worker processes); each section is then stored in its
    own transaction, after checking that nothing changed meanwhile. A section that cannot
    be paired is reported; the others go ahead."""
    require_arbiter(actor, event)
    problems = pair_all_problems(pair_all_preview(event))
    if problems:
        raise ServiceError(_("Nothing paired: %(problems)s") % {"problems": " ".join(problems)})
    plans: list[_PairingPlan] = []
    errors: list[str] = []
    for section in event.sections.all():
        previous = last_round(section)
        if previous is not None and previous.number >= section.total_rounds:
            continue
        if not section.entries.exists():
            continue
        try:
            plans.append(_plan(section))
        except ServiceError as error:
            errors.append(f"{section.name}: {error}")
    processes = int(getattr(settings, "PAIRING_PROCESSES", 1))
    outcomes = pair_many([plan.job for plan in plans], processes, in_process=_pair_here)
    stored: list[models.Round] = []
    for plan, outcome in zip(plans, outcomes, strict=True):
        try:
            if isinstance(outcome, Exception):
                raise _engine_error(outcome)
            stored.append(_store_unchanged(plan, outcome, actor))
        except ServiceError as error:
            errors.append(f"{plan.section.name}: {error}")
    if errors and not stored:
        raise ServiceError(" ".join(errors))
    return stored


@transaction.atomic
def unpair_round(round_row: models.Round, actor: Actor) -> None:
    """Delete the last round while no result is entered in it (the chief arbiter's decision:
    the pairing may already be on the wall)."""
    section = lock_section(round_row.section)
    require_chief_arbiter(actor, section.event)
    latest = last_round(section)
    if latest is None or latest.pk != round_row.pk:
        raise ServiceError(_("Only the last round can be un-paired."))
    if round_row.boards.exclude(white_result=ResultCode.PENDING.value).exists():
        raise ServiceError(_("Results are already entered in this round."))
    audit.record(
        section.event,
        actor,
        "round.unpair",
        f"{section.key} R{round_row.number}",
        {"boards": round_row.boards.count()},
        None,
        params={"section": section.key, "round": round_row.number},
    )
    # the round's manual pairing goes with it (its ### MPA line too)
    section.report_notes.filter(round_number=round_row.number, kind="mpa").delete()
    round_row.delete()


@transaction.atomic
def set_prohibited_pair(
    section: models.Section,
    first: models.Entry,
    second: models.Entry,
    prohibit: bool,
    actor: Actor,
    token: str | None = None,
    round_number: int | None = None,
) -> None:
    """Keep two players apart (``prohibit``) in every round, or only in ``round_number``;
    or no longer. For every round, set before round 1: afterwards the rounds already paired
    were paired without it — refused in FIDE mode (level 5), a level-4 warning outside it.
    For one round, set before that round is paired (refused after)."""
    section = lock_section(section)
    require_arbiter(actor, section.event)
    if first.pk == second.pk or {first.section_id, second.section_id} != {section.pk}:
        raise ServiceError(_("Give two different players of this section."))
    if round_number is not None and not 1 <= round_number <= section.total_rounds:
        raise ServiceError(
            _("Round %(round)d is not a round of this section.") % {"round": round_number}
        )
    pair = models.ProhibitedPair.objects.filter(
        section=section,
        first__in=(first, second),
        second__in=(first, second),
        round_number=round_number,
    )
    if pair.exists() == prohibit:
        return
    if prohibit and round_number is not None and section.rounds.filter(number=round_number):
        paired = section.rounds.count()
        raise ServiceError(
            _("Round %(round)d is already paired: a prohibited pair applies from round %(next)d.")
            % {"round": round_number, "next": paired + 1}
        )
    late = round_number is None and section.rounds.exists()
    confirmed = rule_warnings.require(
        section,
        actor,
        f"prohibited:{section.pk}:{first.pk}:{second.pk}:{prohibit}:{round_number}",
        [rule_warnings.RuleWarning("prohibited.after_start")] if late else [],
        token,
    )
    if prohibit:
        models.ProhibitedPair.objects.create(
            section=section, first=first, second=second, round_number=round_number
        )
    else:
        pair.delete()
    audit.record(
        section.event,
        actor,
        "section.prohibited" if prohibit else "section.prohibited_removed",
        f"{section.key}: {first.name} – {second.name}",
        None if prohibit else [first.pairing_number, second.pairing_number],
        [first.pairing_number, second.pairing_number] if prohibit else None,
        [warning.as_json() for warning in confirmed],
        params={
            "section": section.key,
            "first": first.name,
            "second": second.name,
            "round": round_number or 0,
        },
        about=(first, second),
    )
