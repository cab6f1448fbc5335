"""Changing a round's pairing by hand, as a phase with a start and an end.

The arbiter starts the manual changes of the last round (no result entered yet); while they
are open the round takes no result and the next round cannot be paired. Each change — two
players exchanged, a board's colours swapped — is checked first (``crosstable.pairing.manual``:
a rematch, a prohibited pair, a pairing-allocated bye the player may not have, a colour
rule broken are level-3 warnings; both players getting the colour they do not expect is
level 2; ``events.rule_warnings``). Ending the changes compares the round with the pairing
the section's engine makes from the same history: every difference is listed in a level-4
warning (the pairing the rules give is named), and once confirmed the round keeps its
manual pairing and the section's TRF file a ``### MPA @ Round n`` line saying how it
differs. Starting the changes again, or un-pairing the round, removes that line.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from crosstable.model import ResultCode, Tournament
from crosstable.pairing import registry
from crosstable.pairing.base import PairingError, RoundPairing
from crosstable.pairing.checker import RecordedRound
from crosstable.pairing.manual import ManualProblem, manual_problems
from crosstable_web.events import bridge, models
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_arbiter
from crosstable_web.events.regulations import regulation_messages
from crosstable_web.events.rounds import fide_mode, pairing, rule_warnings
from crosstable_web.events.rounds.rule_warnings import RuleWarning
from crosstable_web.events.services import ServiceError

MPA = "mpa"
"""``ReportNote.kind`` of a round paired by hand unlike the engine."""


def _lock(round_row: models.Round) -> tuple[models.Section, models.Round]:
    section = (
        models.Section.objects.select_for_update()
        .select_related("event")
        .get(pk=round_row.section_id)
    )
    return section, models.Round.objects.get(pk=round_row.pk)


def _require_open(section: models.Section, round_row: models.Round) -> None:
    if not round_row.manual_changes:
        raise ServiceError(
            _("Start the manual changes of round %(round)d first.") % {"round": round_row.number}
        )


@transaction.atomic
def start(round_row: models.Round, actor: Actor) -> None:
    """Open the manual changes of the last round, before any result is entered in it."""
    section, round_row = _lock(round_row)
    require_arbiter(actor, section.event)
    latest = pairing.last_round(section)
    if latest is None or latest.pk != round_row.pk:
        raise ServiceError(_("Only the last round's pairing can be changed by hand."))
    if round_row.boards.exclude(white_result=ResultCode.PENDING.value).exists():
        raise ServiceError(_("Un-enter the results of this round before changing its pairing."))
    if round_row.manual_changes:
        return
    round_row.manual_changes = True
    round_row.save(update_fields=["manual_changes"])
    section.report_notes.filter(round_number=round_row.number, kind=MPA).delete()
    audit.record(
        section.event,
        actor,
        "round.manual_start",
        f"{section.key} R{round_row.number}",
        params={"section": section.key, "round": round_row.number},
    )


def _numbers(section: models.Section) -> dict[int, int]:
    return {
        entry_id: number
        for entry_id, number in section.entries.values_list("id", "pairing_number")
        if number is not None
    }


def _warnings(
    section: models.Section,
    round_row: models.Round,
    boards: list[tuple[int, int]],
    bye: int | None,
) -> list[RuleWarning]:
    """What the round paired as ``boards`` (White, Black numbers) and ``bye`` breaks."""
    tournament = bridge.section_tournament(section, up_to_round=round_row.number - 1)
    return problems_of(tournament, round_row.number, boards, bye)


def problems_of(
    tournament: Tournament,
    round_number: int,
    boards: list[tuple[int, int]],
    bye: int | None,
) -> list[RuleWarning]:
    """What round ``round_number`` paired as ``boards`` (White, Black numbers) and ``bye``
    breaks, as warnings in words; ``tournament`` holds the rounds before it (a round paired
    by hand from scratch, ``events.rounds.hand_pairing``, is checked by the same words)."""
    names = {number: player.name for number, player in tournament.players.items()}
    try:
        games = registry.any_system(tournament.system_code).games_per_pairing
    except KeyError:
        games = 1
    return [
        _as_warning(problem, names)
        for problem in manual_problems(
            tournament, round_number, boards, bye, games_per_pairing=games
        )
    ]


def _as_warning(problem: ManualProblem, names: dict[int, str]) -> RuleWarning:
    named = [f"{number} {names.get(number, '')}".strip() for number in problem.players]
    if problem.code in ("rematch", "prohibited", "colours_reversed"):
        values: dict[str, str | int] = {"white": named[0], "black": named[1]}
    elif problem.code == "colour_difference":
        values = {"player": named[0], "difference": f"{problem.value:+d}"}
    else:
        values = {"player": named[0]}
    return RuleWarning(f"manual.{problem.code}", values)


def _current(
    section: models.Section, round_row: models.Round
) -> tuple[list[models.Board], int | None]:
    numbers = _numbers(section)
    bye = round_row.byes.filter(result=ResultCode.PAIRING_BYE.value).first()
    return list(round_row.boards.order_by("number")), None if bye is None else numbers[bye.entry_id]


@transaction.atomic
def swap_players(
    round_row: models.Round,
    first: models.Entry,
    second: models.Entry,
    actor: Actor,
    token: str | None = None,
) -> list[RuleWarning]:
    """Exchange two players' places in the round (boards or the pairing-allocated bye),
    after the warnings of what the new pairing breaks are confirmed; returns them."""
    section, round_row = _lock(round_row)
    require_arbiter(actor, section.event)
    _require_open(section, round_row)
    boards = list(round_row.boards.all())
    byes = list(round_row.byes.filter(result=ResultCode.PAIRING_BYE.value))
    seated = {b.white_id for b in boards} | {b.black_id for b in boards}
    seated |= {bye.entry_id for bye in byes}
    for player in (first, second):
        if player.pk not in seated:
            # only the round's players change places: a withdrawn player, one absent or on
            # a requested bye would be paired by the exchange (issue 25: refused, nothing saved)
            if player.withdrawn_after_round is not None or player.expelled:
                reason = _("%(player)s has withdrawn and cannot be paired.")
            else:
                reason = _(
                    "%(player)s is not paired in this round (absent or on a requested bye): "
                    "only players on a board or on the pairing-allocated bye can be exchanged."
                )
            raise ServiceError(reason % {"player": f"{player.pairing_number} {player.name}"})

    def replace(entry_id: int) -> int:
        if entry_id == first.pk:
            return second.pk
        if entry_id == second.pk:
            return first.pk
        return entry_id

    numbers = _numbers(section)
    old = [[numbers[b.white_id], numbers[b.black_id]] for b in boards]
    for board in boards:
        board.white_id, board.black_id = replace(board.white_id), replace(board.black_id)
    for bye in byes:
        bye.entry_id = replace(bye.entry_id)
    new_boards = [(numbers[board.white_id], numbers[board.black_id]) for board in boards]
    new_bye = numbers[byes[0].entry_id] if byes else None
    warnings = rule_warnings.require(
        section,
        actor,
        f"manual.swap:{round_row.pk}:{first.pk}:{second.pk}:{old}",
        _warnings(section, round_row, new_boards, new_bye),
        token,
    )
    # Two passes avoid tripping unique constraints on byes.
    models.Board.objects.bulk_update(boards, ["white_id", "black_id"])
    models.Bye.objects.filter(pk__in=[bye.pk for bye in byes]).delete()
    models.Bye.objects.bulk_create(
        models.Bye(round=round_row, entry_id=bye.entry_id, result=bye.result) for bye in byes
    )
    audit.record(
        section.event,
        actor,
        "round.manual_change",
        f"{section.key} R{round_row.number}: {first.name} ↔ {second.name}",
        old,
        [list(board) for board in new_boards],
        [warning.as_json() for warning in warnings],
        params={
            "section": section.key,
            "round": round_row.number,
            "first": first.name,
            "second": second.name,
        },
        about=(first, second),
    )
    return warnings


@transaction.atomic
def swap_colours(
    round_row: models.Round, board_number: int, actor: Actor, token: str | None = None
) -> list[RuleWarning]:
    """Give a board's White to Black and Black to White, after the warnings are confirmed."""
    section, round_row = _lock(round_row)
    require_arbiter(actor, section.event)
    _require_open(section, round_row)
    board = round_row.boards.filter(number=board_number).first()
    if board is None:
        raise ServiceError(
            _("Round %(round)d has no board %(board)d.")
            % {"round": round_row.number, "board": board_number}
        )
    numbers = _numbers(section)
    changed = [(numbers[board.black_id], numbers[board.white_id])]
    warnings = rule_warnings.require(
        section,
        actor,
        f"manual.colours:{round_row.pk}:{board.pk}:{board.white_id}",
        _warnings(section, round_row, changed, None),
        token,
    )
    board.white_id, board.black_id = board.black_id, board.white_id
    board.save(update_fields=["white_id", "black_id"])
    audit.record(
        section.event,
        actor,
        "round.swap_colours",
        f"{section.key} R{round_row.number} B{board_number}",
        None,
        None,
        [warning.as_json() for warning in warnings],
        params={"section": section.key, "round": round_row.number, "board": board_number},
    )
    return warnings


def _pairs_text(pairs: list[tuple[int, int]], bye: int | None) -> str:
    parts = [f"{white}-{black}" for white, black in pairs]
    if bye is not None:
        parts.append(f"{bye}-0")
    return " ".join(parts)


def differences(
    section: models.Section, round_row: models.Round, produced: RoundPairing
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], int | None, int | None]:
    """How the round differs from the engine's pairing: the games (White, Black) only the
    round has, those only the engine has, the round's pairing-allocated bye and the
    engine's (equal when they agree)."""
    numbers = _numbers(section)
    boards, bye = _current(section, round_row)
    recorded = RecordedRound(
        frozenset((numbers[b.white_id], numbers[b.black_id]) for b in boards), frozenset(), bye
    )
    return (
        sorted(recorded.missing(produced)),
        sorted(recorded.unexpected(produced)),
        bye,
        produced.bye,
    )


@transaction.atomic
def end(round_row: models.Round, actor: Actor, token: str | None = None) -> str:
    """Close the manual changes: the round compared with the engine's pairing of it; when
    they differ, a level-4 warning naming each difference and the engine's pairing, then the
    ``### MPA`` line. Returns that line's text ("" when the round is the engine's)."""
    section, round_row = _lock(round_row)
    require_arbiter(actor, section.event)
    _require_open(section, round_row)
    try:
        produced = pairing.engine_pairing(section, round_row.number)
    except PairingError as error:
        # a round the engine cannot pair at all (paired by hand, rematches allowed:
        # events.rounds.hand_pairing) stays the chief's decision, said as such
        return _end_without_engine(section, round_row, actor, token, error)
    manual_only, engine_only, bye, engine_bye = differences(section, round_row, produced)
    text = ""
    warnings: list[RuleWarning] = []
    if manual_only or engine_only or bye != engine_bye:
        parts = []
        if manual_only or bye != engine_bye:
            parts.append(
                _("paired by hand %(pairs)s")
                % {"pairs": _pairs_text(manual_only, bye if bye != engine_bye else None)}
            )
        if engine_only or bye != engine_bye:
            parts.append(
                _("the rules give %(pairs)s")
                % {"pairs": _pairs_text(engine_only, engine_bye if bye != engine_bye else None)}
            )
        engine = _pairs_text([(b.white, b.black) for b in produced.boards], produced.bye)
        warnings = rule_warnings.require(
            section,
            actor,
            f"manual.end:{round_row.pk}:{_pairs_text(manual_only, bye)}",
            [
                RuleWarning(
                    "manual.not_engine",
                    {
                        "round": round_row.number,
                        "differences": "; ".join(parts),
                        "engine": engine,
                    },
                )
            ],
            token,
        )
        text = (
            f"MPA @ Round {round_row.number}: manual "
            f"{_pairs_text(manual_only, bye if bye != engine_bye else None)}; engine "
            f"{_pairs_text(engine_only, engine_bye if bye != engine_bye else None)}"
        )
        fide_mode.add_note(
            section,
            round_row.number,
            MPA,
            text,
            {
                "manual": [list(p) for p in manual_only],
                "engine": [list(p) for p in engine_only],
                "bye": bye,
                "engine_bye": engine_bye,
            },
        )
    round_row.manual_changes = False
    round_row.save(update_fields=["manual_changes"])
    audit.record(
        section.event,
        actor,
        "round.manual_end",
        f"{section.key} R{round_row.number}",
        None,
        {"differences": text} if text else None,
        [warning.as_json() for warning in warnings],
        params={"section": section.key, "round": round_row.number},
    )
    return text


def _end_without_engine(
    section: models.Section,
    round_row: models.Round,
    actor: Actor,
    token: str | None,
    error: PairingError,
) -> str:
    """Close the manual changes of a round the engine has no pairing for: a level-4 warning
    quoting the engine's reason, then the ``### MPA`` line naming the whole round."""
    boards, bye = _current(section, round_row)
    numbers = _numbers(section)
    pairs = [(numbers[b.white_id], numbers[b.black_id]) for b in boards]
    warnings = rule_warnings.require(
        section,
        actor,
        f"manual.end:{round_row.pk}:{_pairs_text(pairs, bye)}",
        [
            RuleWarning(
                "manual.no_engine",
                {"round": round_row.number, "reason": regulation_messages.reason_text(error)},
            )
        ],
        token,
    )
    text = f"MPA @ Round {round_row.number}: manual {_pairs_text(pairs, bye)}; engine: no pairing"
    fide_mode.add_note(
        section,
        round_row.number,
        MPA,
        text,
        {"manual": [list(p) for p in pairs], "engine": [], "bye": bye, "engine_bye": None},
    )
    round_row.manual_changes = False
    round_row.save(update_fields=["manual_changes"])
    audit.record(
        section.event,
        actor,
        "round.manual_end",
        f"{section.key} R{round_row.number}",
        None,
        {"differences": text},
        [warning.as_json() for warning in warnings],
        params={"section": section.key, "round": round_row.number},
    )
    return text
