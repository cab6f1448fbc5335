"""Team tie-breaks (C.07 Arts 12–13) over a plain team-match structure.

``TeamEvent`` holds, for every team and round, one ``TeamMatch``: the opposing team, match
points (MP), game points (GP) and the board results. The team Swiss engine can fill it
directly; ``team_event_from_tournament`` builds it from a team TRF (records 310, 001, and the
team records 320 bye, 330 forfeited match, 352 board colours, 362 match points, 240 absences).

Individual tie-breaks (BH, SB, PS, DE, WIN, …) apply to teams on the primary score or on the
score named by ``:MP`` / ``:GP``: ``TeamContext.individual`` presents the matches as rounds whose
points are MP or GP, with Art. 16 applied to both.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TypeAlias

from crosstable.model.colour import Colour
from crosstable.model.results import ResultCode
from crosstable.tiebreaks.buchholz import Item, buchholz_units, sum_with_cuts
from crosstable.tiebreaks.context import IndividualContext, RoundRecord
from crosstable.tiebreaks.descriptor import TiebreakSpec
from crosstable.tiebreaks.direct_encounter import direct_encounter_split
from crosstable.tiebreaks.unplayed import UnplayedRule, categorise
from crosstable.tiebreaks.value import TiebreakValue


class TeamDataError(ValueError):
    """Team data that cannot be turned into matches (names the record)."""


@dataclasses.dataclass(frozen=True, slots=True)
class BoardResult:
    """One board of a team match, from the team's side."""

    board: int
    points: Fraction
    played: bool = True
    colour: Colour | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class TeamMatch:
    """A team's round: its opponent (None for a bye or an absence), MP, GP and boards."""

    opponent: int | None
    match_points: Fraction
    game_points: Fraction
    result: ResultCode
    """WIN/DRAW/LOSS for a match played; FORFEIT_WIN/LOSS for a match not played; a bye code
    (PAIRING_BYE, HALF_POINT_BYE, ZERO_POINT_BYE, …) without opponent."""
    boards: tuple[BoardResult, ...] = ()
    colour: Colour | None = None
    """WHITE when the team was first-named (White/Red on board 1)."""

    @property
    def played(self) -> bool:
        return self.opponent is not None and self.result.is_played


@dataclasses.dataclass(slots=True)
class TeamEvent:
    """Every team's matches, round by round, and the event's scoring."""

    matches: dict[int, list[TeamMatch]]
    boards: int
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    game_win: Fraction = Fraction(1)
    game_draw: Fraction = Fraction(1, 2)
    primary: str = "MP"
    """The primary score, ``MP`` or ``GP``."""
    names: dict[int, str] = dataclasses.field(default_factory=dict)

    @property
    def rounds(self) -> int:
        return max((len(matches) for matches in self.matches.values()), default=0)

    def score(self, team: int, kind: str) -> Fraction:
        matches = self.matches[team]
        if kind == "MP":
            return sum((match.match_points for match in matches), Fraction(0))
        return sum((match.game_points for match in matches), Fraction(0))


def _bye_board_points(event: TeamEvent, match: TeamMatch) -> Fraction:
    """Board points of a match without opponent (Art. 12: a PAB is a win on every board)."""
    if match.result in (ResultCode.PAIRING_BYE, ResultCode.FULL_POINT_BYE):
        return event.game_win
    if match.result is ResultCode.HALF_POINT_BYE:
        return event.game_draw
    return Fraction(0)


class TeamContext:
    """A team event prepared for tie-breaks."""

    def __init__(
        self,
        event: TeamEvent,
        *,
        unplayed_rule: UnplayedRule = UnplayedRule.FIDE_2026,
        predetermined: bool = False,
    ) -> None:
        self.event = event
        self.unplayed_rule = unplayed_rule
        self.predetermined = predetermined
        self.primary = event.primary
        self.secondary = "GP" if event.primary == "MP" else "MP"
        self.numbers = sorted(event.matches)
        self.rounds = event.rounds
        self._contexts: dict[tuple[str, bool], IndividualContext] = {}

    def individual(self, kind: str, fore: bool = False) -> IndividualContext:
        """The matches as rounds worth ``kind`` points (MP or GP)."""
        key = (kind, fore)
        if key not in self._contexts:
            self._contexts[key] = self._build(kind, fore)
        return self._contexts[key]

    def _build(self, kind: str, fore: bool) -> IndividualContext:
        event = self.event
        boards = event.boards
        if kind == "MP":
            win, draw, loss = event.match_win, event.match_draw, event.match_loss
        else:
            win, draw, loss = event.game_win * boards, event.game_draw * boards, Fraction(0)
        rounds = self.rounds
        values = [win, draw, loss]
        for matches in event.matches.values():
            for match in matches:
                values.append(match.match_points if kind == "MP" else match.game_points)
        scale = 1
        for value in values:
            scale = math.lcm(scale, value.denominator)
        records: dict[int, list[RoundRecord]] = {}
        for team, matches in event.matches.items():
            rows: list[tuple[int | None, Colour | None, ResultCode, bool, Fraction]] = []
            for round_number in range(1, rounds + 1):
                if round_number > len(matches):
                    rows.append((None, None, ResultCode.UNPLAYED, False, Fraction(0)))
                    continue
                match = matches[round_number - 1]
                points = match.match_points if kind == "MP" else match.game_points
                result, played = match.result, match.played
                if fore and round_number == rounds and match.opponent is not None:
                    result, played, points = ResultCode.DRAW, True, draw
                rows.append((match.opponent, match.colour, result, played, points))
            categories = categorise([row[2] for row in rows], [row[3] for row in rows])
            records[team] = [
                RoundRecord(opponent, colour, result, int(points * scale), played, category)
                for (opponent, colour, result, played, points), category in zip(
                    rows, categories, strict=True
                )
            ]
        return IndividualContext(
            records,
            rounds=rounds,
            scale=scale,
            win=int(win * scale),
            draw=int(draw * scale),
            loss=int(loss * scale),
            ratings=dict.fromkeys(records),
            unplayed_rule=self.unplayed_rule,
            predetermined=self.predetermined,
            fore_builder=None if fore else lambda: self.individual(kind, fore=True),
        )

    def board_points(self, team: int, opponents: set[int] | None = None) -> list[Fraction]:
        """Points on boards 1..N over all matches (or only those against ``opponents``)."""
        event = self.event
        totals = [Fraction(0)] * event.boards
        for match in event.matches[team]:
            if opponents is not None and match.opponent not in opponents:
                continue
            if match.opponent is None:
                per_board = _bye_board_points(event, match)
                totals = [total + per_board for total in totals]
                continue
            for board in match.boards:
                if 1 <= board.board <= event.boards:
                    totals[board.board - 1] += board.points
        return totals


# -- team tie-breaks -------------------------------------------------------------------


TeamValueFunction: TypeAlias = Callable[[TeamContext, TiebreakSpec], Mapping[int, TiebreakValue]]
TeamSplitFunction: TypeAlias = Callable[[TeamContext, TiebreakSpec, list[int]], list[list[int]]]


def _board_games(ctx: TeamContext, team: int) -> list[tuple[Fraction, bool, Colour | None]]:
    """Every board game of a team as (points, played over the board, colour); a match without
    opponent counts each board at the match's per-board value."""
    games: list[tuple[Fraction, bool, Colour | None]] = []
    for match in ctx.event.matches[team]:
        if match.opponent is None:
            per_board = _bye_board_points(ctx.event, match)
            games += [(per_board, False, None)] * ctx.event.boards
        else:
            games += [(board.points, board.played, board.colour) for board in match.boards]
    return games


def _count_board_games(
    test: Callable[[Fraction, bool, Colour | None, Fraction], bool],
) -> TeamValueFunction:
    def values(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
        win = ctx.event.game_win
        return {
            team: sum(1 for game in _board_games(ctx, team) if test(*game, win))
            for team in ctx.numbers
        }

    return values


BOARD_GAME_COUNTS: dict[str, TeamValueFunction] = {
    "WIN": _count_board_games(lambda points, played, colour, win: points == win),
    "WON": _count_board_games(lambda points, played, colour, win: played and points == win),
    "BPG": _count_board_games(
        lambda points, played, colour, win: played and colour is Colour.BLACK
    ),
    "BWG": _count_board_games(
        lambda points, played, colour, win: played and colour is Colour.BLACK and points == win
    ),
    "REP": _count_board_games(lambda points, played, colour, win: played or points == win),
}
"""WIN, WON, BPG, BWG and REP on game points count board games, not matches."""


def board_standard_points(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
    """STD on game points: 1 per board game scoring more than a draw, ½ per draw."""
    draw = ctx.event.game_draw
    return {
        team: sum(
            (
                Fraction(1) if points > draw else Fraction(1, 2) if points == draw else Fraction(0)
                for points, _, _ in _board_games(ctx, team)
            ),
            Fraction(0),
        )
        for team in ctx.numbers
    }


BOARD_GAME_COUNTS["STD"] = board_standard_points


def match_points(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
    """MP: the teams' match points."""
    return {team: ctx.event.score(team, "MP") for team in ctx.numbers}


def game_points(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
    """GP: the teams' game points."""
    return {team: ctx.event.score(team, "GP") for team in ctx.numbers}


def secondary_score(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
    """MPvGP (13.1): MP when the event is decided on GP, GP when it is decided on MP."""
    return {team: ctx.event.score(team, ctx.secondary) for team in ctx.numbers}


def _extended_sonneborn_berger(
    ctx: TeamContext, spec: TiebreakSpec, opponent_kind: str, own_kind: str
) -> Mapping[int, TiebreakValue]:
    fore = spec.fore
    opponents = ctx.individual(opponent_kind, fore)
    own = ctx.individual(own_kind, fore)
    result: dict[int, TiebreakValue] = {}
    for team in ctx.numbers:
        items: list[Item] = []
        for round_number, (record, own_record) in enumerate(
            zip(opponents.records[team], own.records[team], strict=True), start=1
        ):
            if opponents.counts_as_game(record, spec.forfeits_as_played):
                assert record.opponent is not None
                score, vur = opponents.adjusted[record.opponent], False
            elif opponents.predetermined:
                continue
            else:
                score, vur = opponents.dummy_score(team, round_number), record.is_vur
            items.append((score, score * own_record.points, vur))
        total = sum_with_cuts(items, spec, opponents.unplayed_rule)
        result[team] = Fraction(total, opponents.scale * own.scale)
    return result


def esb(opponent_kind: str, own_kind: str) -> TeamValueFunction:
    def values(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
        first = {"P": ctx.primary, "S": ctx.secondary}.get(opponent_kind, opponent_kind)
        second = {"P": ctx.primary, "S": ctx.secondary}.get(own_kind, own_kind)
        return _extended_sonneborn_berger(ctx, spec, first, second)

    return values


def board_count(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
    """BC (12.1): Σ board number × game points on that board; lower is better."""
    return {
        team: sum(
            (board * points for board, points in enumerate(ctx.board_points(team), start=1)),
            Fraction(0),
        )
        for team in ctx.numbers
    }


def top_board_result(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
    """TBR (12.2): points on board 1, then on board 2, … (compared in that order)."""
    return {team: tuple(ctx.board_points(team)) for team in ctx.numbers}


def bottom_board_elimination(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
    """BBE (12.3): points on all boards but the last, then all but the last two, …"""
    result: dict[int, TiebreakValue] = {}
    for team in ctx.numbers:
        points = ctx.board_points(team)
        result[team] = tuple(
            sum(points[:kept], Fraction(0)) for kept in range(len(points) - 1, 0, -1)
        )
    return result


def score_strength_combination(ctx: TeamContext, spec: TiebreakSpec) -> Mapping[int, TiebreakValue]:
    """SSSC (13.4): secondary score + Buchholz on the primary score ÷ K (exact)."""
    event = ctx.event
    if spec.k is not None:
        divisor = spec.k
    elif ctx.primary == "MP":
        divisor = math.floor(event.match_win * ctx.rounds / (event.game_win * event.boards))
    else:
        divisor = math.floor(event.game_win * event.boards * ctx.rounds / event.match_win)
    divisor = max(divisor, 1)
    primary = ctx.individual(ctx.primary, spec.fore)
    plain = TiebreakSpec("BH", forfeits_as_played=spec.forfeits_as_played)
    strength = buchholz_units(primary, plain)
    return {
        team: event.score(team, ctx.secondary) + primary.fraction(strength[team]) / divisor
        for team in ctx.numbers
    }


def _mutual_split(
    ctx: TeamContext, group: list[int], weights: list[int], lower_is_better: bool = False
) -> list[list[int]]:
    first, second = group
    totals = {}
    for team, other in ((first, second), (second, first)):
        points = ctx.board_points(team, {other}) if _met(ctx, team, other) else None
        if points is None:
            return [group]
        totals[team] = sum((w * p for w, p in zip(weights, points, strict=True)), Fraction(0))
    if totals[first] == totals[second]:
        return [group]
    better_first = (totals[first] > totals[second]) != lower_is_better
    return [[first], [second]] if better_first else [[second], [first]]


def _met(ctx: TeamContext, team: int, other: int) -> bool:
    return any(match.opponent == other for match in ctx.event.matches[team])


def _ede_stages(code: str, boards: int) -> list[str]:
    stages = ["P", "S"]
    if code in ("EDEBT", "EDEBB"):
        stages.append("C")
    if code in ("EDET", "EDEBT"):
        stages += [f"T{board}" for board in range(1, boards + 1)]
    if code in ("EDEB", "EDEBB"):
        stages += [f"B{dropped}" for dropped in range(1, boards)]
    return stages


def _stage_split(
    ctx: TeamContext, spec: TiebreakSpec, stage: str, group: list[int]
) -> list[list[int]]:
    boards = ctx.event.boards
    if stage in ("P", "S"):
        kind = ctx.primary if stage == "P" else ctx.secondary
        return direct_encounter_split(ctx.individual(kind), spec, group)
    if len(group) != 2:
        return [group]
    if stage == "C":
        return _mutual_split(ctx, group, list(range(1, boards + 1)), lower_is_better=True)
    number = int(stage[1:])
    if stage[0] == "T":
        weights = [1 if board == number else 0 for board in range(1, boards + 1)]
    else:
        weights = [1 if board <= boards - number else 0 for board in range(1, boards + 1)]
    return _mutual_split(ctx, group, weights)


def extended_direct_encounter(
    ctx: TeamContext, spec: TiebreakSpec, group: list[int]
) -> list[list[int]]:
    """EDE (13.3) and its combinations: DE on the primary score, else on the secondary score;
    for exactly two teams still tied, their match(es) by BC, TBR or BBE. Every new tied subset
    starts again from the primary score."""
    if len(group) < 2:
        return [group]
    for stage in _ede_stages(spec.code, ctx.event.boards):
        parts = _stage_split(ctx, spec, stage, group)
        if len(parts) > 1:
            return [sub for part in parts for sub in extended_direct_encounter(ctx, spec, part)]
    return [group]
