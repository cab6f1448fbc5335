"""Running rounds: pair, un-pair, results, forfeits, byes, withdrawals, manual changes.

Each public function is one transaction that first locks the section row, so two arbiters
working on one section are serialised and nothing is lost; a failure part-way (e.g. in the
pairing engine) leaves nothing written. Pairing is the exception: the engine runs before the
transaction, which then checks that nothing changed meanwhile (:func:`pair_next_round`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from crosstable.forfeit_withdrawal import ForfeitRule, forfeit_rounds, withdrawal_round
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
from crosstable.typed.results import RESULT_WORDS
from crosstable_web.common.notation import Notation
from crosstable_web.events import bridge, lots, models, services
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import (
    require_arbiter,
    require_chief,
    require_chief_arbiter,
    require_staff,
)
from crosstable_web.events.regulations import event_time, regulation_messages
from crosstable_web.events.regulations.rules import section_rules
from crosstable_web.events.rounds import fide_mode, rule_warnings
from crosstable_web.events.rounds.notation import of_section
from crosstable_web.events.services import PAIRING_NUMBERS_BY, ServiceError
from crosstable_web.events.words.pairing_names import system_name
from crosstable_web.pairing_jobs import PairingJob, pair_many

PairingFunction = Callable[[Tournament, int], RoundPairing]


FALLBACK_SYSTEM = "FIDE_DUTCH_2026"
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


def _lock(section: models.Section) -> models.Section:
    return models.Section.objects.select_for_update().select_related("event").get(pk=section.pk)


def last_round(section: models.Section) -> models.Round | None:
    return section.rounds.order_by("-number").first()


def pending_boards(round_row: models.Round) -> int:
    return round_row.boards.filter(white_result=ResultCode.PENDING.value).count()


# --- pairing ------------------------------------------------------------------------------


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
        section = _lock(plan.section)
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
    section = _lock(round_row.section)
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


# --- results ------------------------------------------------------------------------------

FOUL_LETTERS = frozenset({"f", "犯", "خ"})
"""What the keyboard box takes for "fouls" (``12 f 1 0``): ``f`` in any language, and the
letter each language's help shows (``12 犯 1 0``, ``12 خ 1 0``: :func:`foul_letter`)."""


def foul_letter() -> str:
    """The letter the page's help shows for fouls in the active language."""
    return pgettext("keyboard letter for fouls: one of f, 犯, خ", "f")


def parse_result(text: str, notation: Notation | None = None) -> tuple[ResultCode, ResultCode]:
    """Keyboard shorthand: ``1`` white wins, ``0`` black wins, ``=``/``5`` draw, ``+``/``-``
    forfeit won by white/black, ``--`` double forfeit, ``*`` no result yet. With a xiangqi
    section's ``notation``, also the results as that section's slips write them: the points
    (``2-0``, ``1-1``, ``0-2`` under the Chinese rules) and the words in the page's language
    (红胜, 和棋, 黑胜)."""
    word = text.strip().lower().replace(" ", "")
    codes = RESULT_WORDS.get(word)
    if codes is None and notation is not None and notation.xiangqi:
        codes = _notation_words(notation).get(word)
    if codes is None:
        raise ServiceError(
            _("Unknown result %(text)s: type 1, 0, = (draw), + or - (forfeit), -- or *.")
            % {"text": repr(text)}
            + (
                " "
                + _("Or as the result slip writes it: %(choices)s.")
                % {"choices": ", ".join(label for _words, label in notation.slip_choices())}
                if notation is not None and notation.xiangqi
                else ""
            )
        )
    return codes


def _notation_words(notation: Notation) -> dict[str, tuple[ResultCode, ResultCode]]:
    """A xiangqi section's own results as words: what :meth:`Notation.result` writes for a
    first-player win, a draw and a second-player win (a label two results share, as under
    a scoring giving a draw and a win the same points, is no word: it would be a guess), and
    the words of its slip's boxes (红胜, 和棋, 黑胜 in Chinese)."""
    games = [
        (ResultCode.WIN, ResultCode.LOSS),
        (ResultCode.DRAW, ResultCode.DRAW),
        (ResultCode.LOSS, ResultCode.WIN),
    ]
    labels = [notation.result(white.value, black.value) for white, black in games]
    words = {
        str(word).lower().replace(" ", ""): codes
        for (word, _label), codes in zip(notation.slip_choices(), games, strict=True)
    }
    return {
        label.lower(): codes
        for label, codes in zip(labels, games, strict=True)
        if labels.count(label) == 1 and label not in RESULT_WORDS
    } | {word: codes for word, codes in words.items() if word not in RESULT_WORDS}


def result_label(white: str, black: str, notation: Notation | None = None) -> str:
    """How a board's result is shown: 1-0, ½-½, +/- (forfeit), … (empty while pending); in
    xiangqi the points, 2-0, 1-1, 0-2, when ``notation`` is the section's
    (:func:`crosstable_web.events.rounds.notation.of_section`)."""
    return (notation or Notation()).result(white, black)


@dataclasses.dataclass(frozen=True, slots=True)
class ResultChange:
    """A board's result as entered, and the result it replaced (TRF codes, white's first;
    ``("*", "*")`` when the board had none): what an undo puts back."""

    board: models.Board
    previous: tuple[str, str]
    withdrawals: tuple[AutomaticWithdrawal, ...] = ()
    """Players this result withdrew or reinstated under the forfeit rule."""

    @property
    def replaced_a_result(self) -> bool:
        """A stored result was cleared or changed (not a first entry, not the same again)."""
        current = (self.board.white_result, self.board.black_result)
        return self.previous[0] != ResultCode.PENDING.value and self.previous != current

    @property
    def cleared(self) -> bool:
        return self.replaced_a_result and self.board.is_pending


def enter_result(
    round_row: models.Round, board_number: int, text: str, actor: Actor
) -> models.Board:
    """Record the result of one board (also a correction of an earlier round: standings
    and automatic withdrawals after it are recomputed)."""
    return record_result(round_row, board_number, text, actor).board


@transaction.atomic
def record_result(
    round_row: models.Round,
    board_number: int,
    text: str,
    actor: Actor,
    token: str | None = None,
    ask_before_replacing: bool = False,
) -> ResultChange:
    """:func:`enter_result`, telling also what the board held before (for the round page's
    one-step undo of a cleared or changed result). ``token``: the confirmation of the
    warnings a correction in FIDE mode gives (:func:`_correction_warnings`), and, with
    ``ask_before_replacing`` (the round page), of replacing or clearing a stored result
    (``result.replace``: the arbiter confirms; a command line typed in full does not ask)."""
    section = _lock(round_row.section)
    require_arbiter(actor, section.event)
    white_code, black_code = parse_result(text, of_section(section))
    return _set_result(
        section,
        round_row,
        board_number,
        (white_code.value, black_code.value),
        actor,
        None,
        token,
        ask_before_replacing,
    )


@transaction.atomic
def undo_result(
    round_row: models.Round,
    board_number: int,
    previous: tuple[str, str],
    replaced: tuple[str, str],
    actor: Actor,
    token: str | None = None,
) -> ResultChange:
    """Put back ``previous`` on a board whose result ``previous`` was cleared or changed to
    ``replaced``; refused (nothing changed) if the board no longer holds ``replaced`` — the
    board was entered again meanwhile, by this arbiter or another."""
    section = _lock(round_row.section)
    require_arbiter(actor, section.event)
    valid = {code.value for code in ResultCode}
    if not set(previous) | set(replaced) <= valid:
        raise ServiceError(_("Nothing to undo."))
    return _set_result(section, round_row, board_number, previous, actor, replaced, token)


def _correction_warnings(
    section: models.Section, round_row: models.Round
) -> list[rule_warnings.RuleWarning]:
    """A change of a result in FIDE mode once later rounds are paired (C.04.2 Art. 4.3): the
    previous round's asks (it counts from the next pairing), an older round's is refused (it
    can only go to the rating report: :func:`correct_for_rating_report`)."""
    if not section.fide_mode:
        return []
    latest = last_round(section)
    later = 0 if latest is None else latest.number - round_row.number
    if later <= 0:
        return []
    code = "result.previous_round" if later == 1 else "result.older_round"
    return [rule_warnings.RuleWarning(code, {"round": round_row.number})]


def _followed_by_a_pairing(section: models.Section, round_row: models.Round) -> bool:
    latest = last_round(section)
    return latest is not None and latest.number > round_row.number


def _set_result(
    section: models.Section,
    round_row: models.Round,
    board_number: int,
    codes: tuple[str, str],
    actor: Actor,
    expected: tuple[str, str] | None,
    token: str | None = None,
    ask_before_replacing: bool = False,
) -> ResultChange:
    round_row = models.Round.objects.get(pk=round_row.pk)  # as stored, under the lock
    if round_row.manual_changes:
        raise ServiceError(
            _("Round %(round)d is being changed by hand: end the manual changes first.")
            % {"round": round_row.number}
        )
    try:
        board = round_row.boards.select_related("white", "black").get(number=board_number)
    except models.Board.DoesNotExist:
        raise ServiceError(
            _("Round %(round)d has no board %(board)d.")
            % {"round": round_row.number, "board": board_number}
        ) from None
    previous = (board.white_result, board.black_result)
    notation = of_section(section)
    if expected is not None and previous != expected:
        raise ServiceError(
            _("Board %(board)d has changed since (now %(result)s): nothing undone.")
            % {"board": board_number, "result": result_label(*previous, notation) or "*"}
        )
    confirmed: list[rule_warnings.RuleWarning] = []
    if previous != codes and _followed_by_a_pairing(section, round_row):
        # the next round was paired from the result as it was: the chief's decision
        require_chief(actor, section.event)
    if previous != codes:
        warnings = _correction_warnings(section, round_row)
        if ask_before_replacing and previous[0] != ResultCode.PENDING.value:
            warnings.insert(
                0,
                rule_warnings.RuleWarning(
                    "result.replace",
                    {
                        "board": board_number,
                        "players": f"{board.white.name} – {board.black.name}",
                        "was": result_label(*previous, notation),
                        "result": result_label(*codes, notation) or "*",
                    },
                ),
            )
        # the action names the result stored now: a confirmation given for it is void once
        # the board holds another (another arbiter entered it meanwhile)
        confirmed = rule_warnings.require(
            section,
            actor,
            f"result:{round_row.pk}:{board_number}:{previous}:{codes}",
            warnings,
            token,
        )
    old = result_label(*previous, notation)
    board.white_result, board.black_result = codes
    board.save(update_fields=["white_result", "black_result"])
    new = result_label(board.white_result, board.black_result, notation)
    if old != new:
        action = "result.correct" if old else "result.enter"
        if expected is not None:
            action = "result.undo"
        audit.record(
            section.event,
            actor,
            action,
            f"{section.key} R{round_row.number} B{board_number}: "
            f"{board.white.name} – {board.black.name}",
            old or None,
            new or None,
            [warning.as_json() for warning in confirmed],
            params={
                "section": section.key,
                "round": round_row.number,
                "board": board_number,
                "white": board.white.name,
                "black": board.black.name,
            },
            about=(board.white, board.black),
        )
    withdrawals = tuple(
        change
        for entry in (board.white, board.black)
        if (change := _update_automatic_withdrawal(section, entry, actor)) is not None
    )
    return ResultChange(board, previous, withdrawals)


@transaction.atomic
def set_fouls(
    round_row: models.Round, board_number: int, white: int, black: int, actor: Actor
) -> None:
    section = _lock(round_row.section)
    require_arbiter(actor, section.event)
    try:
        board = round_row.boards.get(number=board_number)
    except models.Board.DoesNotExist:
        raise ServiceError(
            _("Round %(round)d has no board %(board)d.")
            % {"round": round_row.number, "board": board_number}
        ) from None
    old = [board.white_fouls, board.black_fouls]
    board.white_fouls, board.black_fouls = white, black
    board.save(update_fields=["white_fouls", "black_fouls"])
    audit.record(
        section.event,
        actor,
        "result.fouls",
        f"{section.key} R{round_row.number} B{board_number}",
        old,
        [white, black],
        params={"section": section.key, "round": round_row.number, "board": board_number},
    )


@dataclasses.dataclass(frozen=True, slots=True)
class AutomaticWithdrawal:
    """A player withdrawn (or reinstated) by a result, under the regulations'
    ``forfeits_to_withdraw`` (``crosstable.forfeit_withdrawal``): what the arbiter is told at
    once, on the round page."""

    entry: models.Entry
    forfeits: int
    after_round: int | None
    """The round after which the player is withdrawn; None: reinstated (a corrected result
    brought the forfeits below the limit)."""
    results_cancelled: bool
    """The regulations cancel the results (Futian 九.5 取消成绩): not ranked, no prize."""

    def message(self) -> str:
        values = {
            "name": self.entry.name,
            "count": self.forfeits,
            "round": self.after_round,
        }
        if self.after_round is None:
            return (
                _(
                    "%(name)s: reinstated — now %(count)d forfeits, fewer than the "
                    "regulations' limit; paired again and ranked."
                )
                % values
            )
        if self.results_cancelled:
            return (
                _(
                    "%(name)s: %(count)d forfeits — withdrawn after round %(round)d and, as the "
                    "regulations say, the results are cancelled: not paired again, not ranked, "
                    "no prize (the games stand for the opponents)."
                )
                % values
            )
        return (
            _("%(name)s: %(count)d forfeits — withdrawn after round %(round)d: not paired again.")
            % values
        )


def forfeit_rule(section: models.Section) -> ForfeitRule | None:
    """The section's withdrawal after forfeits: its limit, and whether the regulations
    cancel the results."""
    limit = section.forfeits_to_withdraw
    if not limit:
        return None
    rules_ = section_rules(section)
    return ForfeitRule(limit, rules_ is not None and rules_.forfeits_cancel_results)


def _update_automatic_withdrawal(
    section: models.Section, entry: models.Entry, actor: Actor
) -> AutomaticWithdrawal | None:
    """Withdraw a player after the regulation's number of forfeit losses; undo it if a
    correction brings the count back below (the core decides: ``crosstable.forfeit_withdrawal``).
    Returns the change, if any, for the arbiter's message."""
    rule = forfeit_rule(section)
    if rule is None:
        return None
    entry.refresh_from_db()
    player = bridge.entry_player(entry)
    forfeits = len(forfeit_rounds(player))
    after = withdrawal_round(player, rule)
    if after is not None:
        if entry.withdrawn_after_round is None or (
            entry.withdrawn_automatically and entry.withdrawn_after_round != after
        ):
            old = entry.withdrawn_after_round
            entry.withdrawn_after_round, entry.withdrawn_automatically = after, True
            entry.save(update_fields=["withdrawn_after_round", "withdrawn_automatically"])
            audit.record(
                section.event,
                actor,
                "entry.withdraw_auto",
                entry.name,
                old,
                after,
                [{"kind": FORFEITS, "count": forfeits}],
                params={"section": section.key, "player": entry.name},
                about=(entry,),
            )
            return AutomaticWithdrawal(entry, forfeits, after, rule.cancels_results)
    elif entry.withdrawn_automatically:
        old = entry.withdrawn_after_round
        entry.withdrawn_after_round, entry.withdrawn_automatically = None, False
        entry.save(update_fields=["withdrawn_after_round", "withdrawn_automatically"])
        audit.record(
            section.event,
            actor,
            "entry.reinstate_auto",
            entry.name,
            old,
            None,
            params={"section": section.key, "player": entry.name},
            about=(entry,),
        )
        return AutomaticWithdrawal(entry, forfeits, None, rule.cancels_results)
    return None


# --- byes and withdrawals -----------------------------------------------------------------


@transaction.atomic
def request_bye(
    entry: models.Entry,
    round_number: int,
    result: str,
    actor: Actor,
    token: str | None = None,
) -> None:
    """A bye asked for a round not yet paired: H (half point), F (full point), Z (zero);
    ``""`` cancels it. In FIDE mode a full-point bye is a level-2 warning (FIDE deprecates
    it) recorded as a ``###`` line of the TRF file, and a second half-point bye a level-3
    one."""
    section = _lock(entry.section)
    require_staff(actor, section.event)
    paired = int(section.rounds.aggregate(Max("number"))["number__max"] or 0)
    if not paired < round_number <= section.total_rounds:
        raise ServiceError(_("Byes can only be requested for rounds not yet paired."))
    if result not in ("", "H", "F", "Z"):
        raise ServiceError(_("A requested bye is H, F or Z."))
    existing = models.RequestedBye.objects.filter(entry=entry, round_number=round_number).first()
    old = existing.result if existing else None
    confirmed = rule_warnings.require(
        section,
        actor,
        f"bye:{entry.pk}:{round_number}:{old}:{result}",
        _bye_warnings(section, entry, round_number, result) if result != old else [],
        token,
    )
    section.report_notes.filter(
        kind=FULL_POINT_BYE_NOTE, round_number=round_number, data__entry=entry.pk
    ).delete()
    if result == "":
        if existing:
            existing.delete()
    else:
        models.RequestedBye.objects.update_or_create(
            entry=entry, round_number=round_number, defaults={"result": result}
        )
        if result == "F" and section.fide_mode:
            fide_mode.add_note(
                section,
                round_number,
                FULL_POINT_BYE_NOTE,
                f"Full-point bye @ Round {round_number}: {entry.pairing_number or ''} "
                f"{entry.name} (FIDE-deprecated)".replace("  ", " "),
                {"entry": entry.pk},
            )
    audit.record(
        section.event,
        actor,
        "entry.bye",
        f"{entry.name} R{round_number}",
        old,
        result or None,
        [warning.as_json() for warning in confirmed],
        params={"section": section.key, "round": round_number, "player": entry.name},
        about=(entry,),
    )


FULL_POINT_BYE_NOTE = "fpb"
"""``ReportNote.kind`` of a full-point bye given in FIDE mode."""


def _bye_warnings(
    section: models.Section, entry: models.Entry, round_number: int, result: str
) -> list[rule_warnings.RuleWarning]:
    if not section.fide_mode:
        return []
    player = f"{entry.pairing_number or ''} {entry.name}".strip()
    if result == "F":
        return [rule_warnings.RuleWarning("bye.full_point", {"player": player})]
    if result == "H":
        others = sorted(
            {
                *models.RequestedBye.objects.filter(entry=entry, result="H")
                .exclude(round_number=round_number)
                .values_list("round_number", flat=True),
                *models.Bye.objects.filter(entry=entry, result="H").values_list(
                    "round__number", flat=True
                ),
            }
            - {round_number}
        )
        if others:
            return [
                rule_warnings.RuleWarning(
                    "bye.second_half_point", {"player": player, "other": others[0]}
                )
            ]
    return []


@transaction.atomic
def withdraw(entry: models.Entry, after_round: int | None, actor: Actor) -> None:
    """Withdraw a player from the rounds after ``after_round`` (None: reinstate)."""
    section = _lock(entry.section)
    require_staff(actor, section.event)
    old = entry.withdrawn_after_round
    entry.withdrawn_after_round = after_round
    entry.withdrawn_automatically = False
    entry.save(update_fields=["withdrawn_after_round", "withdrawn_automatically"])
    audit.record(
        section.event,
        actor,
        "entry.withdraw",
        entry.name,
        old,
        after_round,
        params={"section": section.key, "player": entry.name},
        about=(entry,),
    )


@transaction.atomic
def expel(entry: models.Entry, after_round: int, actor: Actor, token: str | None = None) -> None:
    """Expel a player after ``after_round`` (arbiters): not paired again and left out of the
    standings, the games played standing for the opponents — a level-3 warning saying so.
    The chief arbiter's decision."""
    section = _lock(entry.section)
    require_chief_arbiter(actor, section.event)
    paired = int(section.rounds.aggregate(Max("number"))["number__max"] or 0)
    if not 0 <= after_round <= paired:
        raise ServiceError(
            _("A player is expelled after a round already paired (0 to %(paired)d).")
            % {"paired": paired}
        )
    confirmed = rule_warnings.require(
        section,
        actor,
        f"expel:{entry.pk}:{after_round}",
        [
            rule_warnings.RuleWarning(
                "entry.expel",
                {
                    "player": f"{entry.pairing_number or ''} {entry.name}".strip(),
                    "round": after_round,
                },
            )
        ],
        token,
    )
    old = entry.withdrawn_after_round
    entry.withdrawn_after_round, entry.expelled = after_round, True
    entry.withdrawn_automatically = False
    entry.save(update_fields=["withdrawn_after_round", "expelled", "withdrawn_automatically"])
    audit.record(
        section.event,
        actor,
        "entry.expel",
        entry.name,
        old,
        after_round,
        [warning.as_json() for warning in confirmed],
        params={"section": section.key, "player": entry.name},
        about=(entry,),
    )


RATING_CORRECTION_NOTE = "rating"
"""``ReportNote.kind`` of a result corrected for the rating report only."""


@transaction.atomic
def correct_for_rating_report(
    round_row: models.Round, board_number: int, text: str, reason: str, actor: Actor
) -> models.ReportNote:
    """A result known to be wrong after the pairings that followed it were made (C.04.2 Art.
    4.3: "later only ratings"): kept apart from the results — pairings and standings keep
    the result as it was — and written as a ``###`` line of the TRF file for the rating
    officer."""
    section = _lock(round_row.section)
    require_chief_arbiter(actor, section.event)
    board = round_row.boards.select_related("white", "black").filter(number=board_number).first()
    if board is None:
        raise ServiceError(
            _("Round %(round)d has no board %(board)d.")
            % {"round": round_row.number, "board": board_number}
        )
    white, black = parse_result(text)
    if white is ResultCode.PENDING:
        raise ServiceError(_("Give the result the rating report should have."))
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError(_("Say why the result is corrected."))
    recorded = result_label(board.white_result, board.black_result) or "*"
    corrected = result_label(white.value, black.value)
    note = fide_mode.add_note(
        section,
        round_row.number,
        RATING_CORRECTION_NOTE,
        f"Rating report @ Round {round_row.number}: board {board_number}, "
        f"{board.white.pairing_number} {board.white.name} - {board.black.pairing_number} "
        f"{board.black.name}: {corrected} (recorded {recorded}); {reason}",
        {
            "board": board_number,
            "white": board.white.pairing_number,
            "black": board.black.pairing_number,
            "result": [white.value, black.value],
            "recorded": [board.white_result, board.black_result],
            "reason": reason,
        },
    )
    audit.record(
        section.event,
        actor,
        "result.rating_correction",
        f"{section.key} R{round_row.number} B{board_number}: "
        f"{board.white.name} – {board.black.name}",
        recorded,
        corrected,
        [reason],
        params={
            "section": section.key,
            "round": round_row.number,
            "board": board_number,
            "white": board.white.name,
            "black": board.black.name,
        },
        about=(board.white, board.black),
    )
    return note


# --- prohibited pairs ---------------------------------------------------------------------


@transaction.atomic
def set_prohibited_pair(
    section: models.Section,
    first: models.Entry,
    second: models.Entry,
    prohibit: bool,
    actor: Actor,
    token: str | None = None,
) -> None:
    """Keep two players apart in every round (``prohibit``), or no longer. Set before round
    1: afterwards the rounds already paired were paired without it — refused in FIDE mode
    (level 5), a level-4 warning outside it."""
    section = _lock(section)
    require_arbiter(actor, section.event)
    if first.pk == second.pk or {first.section_id, second.section_id} != {section.pk}:
        raise ServiceError(_("Give two different players of this section."))
    pair = models.ProhibitedPair.objects.filter(
        section=section, first__in=(first, second), second__in=(first, second)
    )
    if pair.exists() == prohibit:
        return
    confirmed = rule_warnings.require(
        section,
        actor,
        f"prohibited:{section.pk}:{first.pk}:{second.pk}:{prohibit}",
        [rule_warnings.RuleWarning("prohibited.after_start")] if section.rounds.exists() else [],
        token,
    )
    if prohibit:
        models.ProhibitedPair.objects.create(section=section, first=first, second=second)
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
        params={"section": section.key, "first": first.name, "second": second.name},
        about=(first, second),
    )
