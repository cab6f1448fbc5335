"""Counting tie-breaks on the participant's own results (C.07 Art. 7): WIN, WON, BPG, BWG,
REP (formerly GE), STD and TPN."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from crosstable.model.colour import Colour
from crosstable.model.results import ResultCode
from crosstable.tiebreaks.context import IndividualContext, RoundRecord
from crosstable.tiebreaks.descriptor import TiebreakSpec


def _count(
    ctx: IndividualContext, condition: Callable[[RoundRecord], bool]
) -> dict[int, int | None]:
    return {
        number: sum(1 for record in ctx.records[number] if condition(record))
        for number in ctx.numbers
    }


def wins(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """WIN (7.1): rounds in which the participant got the points of a win, played or not.
    A round that is a Double-Swiss match (``ctx.games_per_round`` 2) is a win when the match
    was won, over the board (more points than the opponent: 2-0, 1½-½, even ½-0) or by
    forfeit, or when a bye gave more than a drawn match's points (the pairing-allocated bye
    is worth a game won and a game drawn, C.04.5 3.4: a match won 1½-½)."""
    if ctx.games_per_round > 1:
        draw = ctx.draw
        return _count(
            ctx,
            lambda record: (
                record.result in _MATCH_WON or (record.opponent is None and record.points > draw)
            ),
        )
    win = ctx.win
    return _count(ctx, lambda record: record.points == win)


_MATCH_WON = (ResultCode.WIN, ResultCode.FORFEIT_WIN)


def games_won(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """WON (7.2): games won over the board (in a Double-Swiss section, games, not matches:
    ``ctx.games``)."""
    ctx = ctx.games
    win = ctx.win
    return _count(ctx, lambda record: record.played and record.points == win)


def black_games(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """BPG (7.3): games played over the board with Black (xiangqi: as the second mover);
    games, not Double-Swiss matches."""
    ctx = ctx.games
    return _count(ctx, lambda record: record.played and record.colour is Colour.BLACK)


def black_wins(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """BWG (7.4): games won over the board with Black; games, not Double-Swiss matches."""
    ctx = ctx.games
    win = ctx.win
    return _count(
        ctx,
        lambda record: record.played and record.colour is Colour.BLACK and record.points == win,
    )


def rounds_elected_to_play(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """REP (7.6): rounds minus half-point byes, zero-point byes and forfeit losses, i.e. the
    rounds that are not voluntary unplayed rounds (a pairing-allocated bye counts)."""
    return _count(ctx, lambda record: not record.is_vur)


def _bye_halves(ctx: IndividualContext, record: RoundRecord) -> int:
    if record.points > ctx.draw:
        return 2
    return 1 if record.points == ctx.draw else 0


def standard_points(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, Fraction | None]:
    """STD (7.7, new in 2026): 1 for each round in which the participant scored more than the
    scheduled opponent (or, without opponent, more than a draw), ½ for an equal score (or
    exactly a draw without opponent); a forfeit loss is 0. Reads any point system as 1/½/0."""
    result: dict[int, Fraction | None] = {}
    for number in ctx.numbers:
        halves = 0
        for round_number, record in enumerate(ctx.records[number], start=1):
            if record.opponent is not None:
                opponent_record = ctx.records[record.opponent][round_number - 1]
                halves += _compare(record, opponent_record)
            else:
                halves += _bye_halves(ctx, record)
        result[number] = Fraction(halves, 2)
    return result


def _compare(record: RoundRecord, opponent: RoundRecord) -> int:
    if record.result is ResultCode.FORFEIT_LOSS:
        return 0
    if record.result is ResultCode.FORFEIT_WIN:
        return 2
    if record.points > opponent.points:
        return 2
    return 1 if record.points == opponent.points else 0


def pairing_number(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """TPN (7.8, new in 2026): the final tournament pairing number, smaller first."""
    return {number: number for number in ctx.numbers}
