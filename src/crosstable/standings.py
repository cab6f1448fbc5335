"""Standings: rank a tournament (or a team event) by points and an ordered tie-break list.

C.07 Art. 4: apply the first tie-break; apply the next one to every group still tied; when the
list is exhausted, the remaining ties are shared, or broken by drawing of lots (seeded, so the
draw is reproducible, and recorded in the result). Places the regulations do not allow to
share (``unshared_places``, e.g. the champion) are flagged for a play-off instead.

Also here: sub-rankings of one section that keep the section's order (by sex, age category,
rating band, grade) and the cross-table.

House players (``Player.house``, Kinabatangan 4.6: the organiser's extra player who spares an
odd section the bye) are not ranked: they are left out of the groups, places, lots and
play-offs and listed in ``Standings.unranked`` (points and tie-break values shown, no rank).
Their games are ordinary games for everyone else: an opponent's points, Buchholz (the house
player's score counts like any opponent's), Sonneborn-Berger, direct encounter and
progressive scores are computed on the whole section, exactly as if the house player were an
ordinary entrant. So ranking the others is not changed by leaving the house player out, only
the places below them move up.

Players whose results the regulations cancel after their forfeits (``StandingsRules.
forfeit_rule``, ``crosstable.forfeit_withdrawal``; Futian 九.5 取消成绩) and players the
arbiter expelled (``Player.expelled``) are left out in the same way: listed in
``Standings.unranked`` marked ``cancelled`` (and ``expelled``), their games kept for their
opponents.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
from collections.abc import Callable, Sequence
from fractions import Fraction

from crosstable.forfeit_withdrawal import ForfeitRule, results_cancelled
from crosstable.model.colour import Colour
from crosstable.model.player import Player
from crosstable.model.results import ResultCode
from crosstable.model.tournament import Tournament
from crosstable.regulations.schema import SectionRules
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import TiebreakSpec, parse_descriptor_list
from crosstable.tiebreaks.registry import (
    Evaluation,
    evaluate,
    ordinal_keys,
    split_by_keys,
)
from crosstable.tiebreaks.team import TeamContext, TeamEvent
from crosstable.tiebreaks.unplayed import UnplayedRule
from crosstable.tiebreaks.value import TiebreakValue

DEFAULT_INDIVIDUAL_TIEBREAKS = "BH/C1,BH,SB,DE"
"""Project default for individual Swiss events when neither the user nor the file gives a list."""
DEFAULT_TEAM_TIEBREAKS = "MPVGP,EDE,EMGSB/C1"

PRESETS: dict[str, str] = {
    "fide-swiss": DEFAULT_INDIVIDUAL_TIEBREAKS,
    "fide-team": DEFAULT_TEAM_TIEBREAKS,
    "round-robin": "DE,WIN,SB,KS",
    "xiangqi-opponents": "OTHER_DSF,WIN,OTHER_FOUL,BPG,OTHER_PREV",
    "xiangqi-progressive": "PS,WIN,OTHER_FOUL,BPG,OTHER_LJF",
}
"""Named tie-break lists. The two xiangqi ones are the options of 象棋竞赛规则 14.3 for
single-game Swiss events: 对手分 → 胜局 → 犯规 → 后走局数 → standing after the previous rounds;
累进分 → 胜局 → 犯规 → 后走局数 → 累进分 without round 1, then rounds 1–2, … (逐轮递减)."""


@dataclasses.dataclass(frozen=True, slots=True)
class StandingsRules:
    """How to rank: the tie-break list and the regulations' choices around it."""

    tiebreaks: tuple[TiebreakSpec, ...]
    unplayed_rule: UnplayedRule = UnplayedRule.FIDE_2026
    predetermined: bool = False
    """Round robin or other predetermined pairings (C.07 Art. 15.2)."""
    games_per_match: int = 1
    """Each pairing is a match of this many games, a round each (the Double-Swiss system:
    2): a single forfeited game of a played match counts as played (C.04.5, Preface)."""
    unrated_rating: int | None = None
    """Rating used for unrated participants in rating tie-breaks (None: those are dropped)."""
    ratings_per_round: bool = False
    """Rating tie-breaks count each opponent's rating valid in the round of the game
    (``Player.later_ratings``); False: the first rating (C.07 2026's default)."""
    lots_seed: str | None = None
    """Seed of the drawing of lots for remaining ties; None keeps ties shared."""
    unshared_places: frozenset[int] = frozenset()
    """Places that may not be shared (e.g. {1}): a tie there is flagged for a play-off."""
    forfeit_rule: ForfeitRule | None = None
    """Where it cancels results: players with that many forfeits are not ranked."""

    @classmethod
    def from_regulations(
        cls, section: SectionRules, lots_seed: str | None = None
    ) -> StandingsRules:
        """The rules a regulations file gives a section: its tie-break list as written (an
        empty list is no tie-break: points alone, never a default), remaining ties broken by
        lot with ``lots_seed`` only where ``final_tie = "lots"`` (else shared), the prize
        tables' places that may not be shared, and the forfeit rule."""
        unshared = frozenset(
            number
            for table in section.prizes
            for place in table.places
            if not place.shareable
            for number in range(place.first, place.last + 1)
        )
        forfeit_rule = (
            ForfeitRule(section.forfeits_to_withdraw, section.forfeits_cancel_results)
            if section.forfeits_to_withdraw
            else None
        )
        return cls.from_text(
            list(section.tiebreaks),
            lots_seed=lots_seed if section.final_tie == "lots" else None,
            unshared_places=unshared,
            forfeit_rule=forfeit_rule,
            unrated_rating=section.rating_tiebreaks.unrated_rating,
            ratings_per_round=section.rating_tiebreaks.per_round,
        )

    @classmethod
    def from_text(
        cls,
        tiebreaks: str | Sequence[str],
        *,
        unplayed_rule: UnplayedRule = UnplayedRule.FIDE_2026,
        predetermined: bool = False,
        unrated_rating: int | None = None,
        lots_seed: str | None = None,
        unshared_places: frozenset[int] = frozenset(),
        forfeit_rule: ForfeitRule | None = None,
        ratings_per_round: bool = False,
    ) -> StandingsRules:
        """Rules from a descriptor list such as ``"BH/C1,BH,SB,DE"`` (or a list of them)."""
        specs = parse_descriptor_list(tiebreaks if isinstance(tiebreaks, str) else list(tiebreaks))
        return cls(
            tuple(specs),
            unplayed_rule=unplayed_rule,
            predetermined=predetermined,
            unrated_rating=unrated_rating,
            ratings_per_round=ratings_per_round,
            lots_seed=lots_seed,
            unshared_places=unshared_places,
            forfeit_rule=forfeit_rule,
        )


@dataclasses.dataclass(frozen=True, slots=True)
class StandingsRow:
    rank: int
    """Position (1-based); participants sharing a place share the rank."""
    place: str
    """``"3"``, or ``"3-5"`` for a shared place."""
    number: int
    name: str
    points: Fraction
    values: tuple[TiebreakValue, ...]
    """One value per tie-break; for type-A tie-breaks, the sub-rank it gave inside the group
    it separated (0 when it separated nothing)."""
    by_lot: bool = False
    playoff: bool = False
    house: bool = False
    """A house player's row (in ``Standings.unranked``): ``rank`` 0 and ``place`` blank."""
    cancelled: bool = False
    """Withdrawn after forfeits, results cancelled, or expelled (in ``Standings.unranked``,
    like a house player's row)."""
    expelled: bool = False
    """Expelled by the arbiter (``cancelled`` too: not ranked)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Standings:
    rows: tuple[StandingsRow, ...]
    tiebreaks: tuple[TiebreakSpec, ...]
    rounds: int
    playoffs: tuple[tuple[int, ...], ...] = ()
    """Groups tied on a place that may not be shared, in rank order."""
    lots: tuple[tuple[int, ...], ...] = ()
    """Groups ordered by drawing of lots, each in the drawn order."""
    lots_seed: str | None = None
    unranked: tuple[StandingsRow, ...] = ()
    """House players, then players whose results are cancelled, best score first: shown
    apart, never ranked nor given a prize."""
    games_per_match: int = 1
    """Each pairing is a match of this many games, a round each (the Double-Swiss system:
    2): the cross-table has a column per match (:func:`cross_table`)."""

    @property
    def matches(self) -> int:
        """The cross-table's columns: the rounds, or the matches of ``games_per_match``
        games (a match whose first game alone is recorded counts)."""
        return -(-self.rounds // self.games_per_match)

    def row(self, number: int) -> StandingsRow:
        """The row of ``number``, ranked or not."""
        for row in self.rows + self.unranked:
            if row.number == number:
                return row
        raise KeyError(number)

    def ranks(self) -> dict[int, int]:
        return {row.number: row.rank for row in self.rows}


def _rank_groups(
    numbers: list[int], points: dict[int, Fraction], evaluations: list[Evaluation]
) -> tuple[list[list[int]], dict[int, list[TiebreakValue]]]:
    """Groups in rank order after all tie-breaks, and per-participant display values."""
    display: dict[int, list[TiebreakValue]] = {number: [] for number in numbers}
    groups = split_by_keys(ordinal_keys(points, higher_is_better=True), numbers)
    for evaluation in evaluations:
        refined: list[list[int]] = []
        for group in groups:
            parts = evaluation.split(group) if len(group) > 1 else [group]
            refined.extend(parts)
            if evaluation.values is None:
                separated = len(parts) > 1
                position = 1
                for part in parts:
                    for number in part:
                        display[number].append(position if separated else 0)
                    position += len(part)
        if evaluation.values is not None:
            for number in numbers:
                display[number].append(evaluation.values[number])
        groups = refined
    return groups, display


def _finish(
    groups: list[list[int]],
    display: dict[int, list[TiebreakValue]],
    points: dict[int, Fraction],
    names: dict[int, str],
    rules: StandingsRules,
    rounds: int,
) -> Standings:
    rng = random.Random(rules.lots_seed) if rules.lots_seed is not None else None
    rows: list[StandingsRow] = []
    playoffs: list[tuple[int, ...]] = []
    lots: list[tuple[int, ...]] = []
    position = 1
    for group in groups:
        members = sorted(group)
        last = position + len(members) - 1
        places = set(range(position, last + 1))
        playoff = len(members) > 1 and bool(places & rules.unshared_places)
        if playoff:
            playoffs.append(tuple(members))
        if len(members) > 1 and rng is not None and not playoff:
            _draw_lots(members, rng)
            lots.append(tuple(members))
            for offset, number in enumerate(members):
                rows.append(
                    _row(
                        position + offset,
                        str(position + offset),
                        number,
                        names,
                        points,
                        display,
                        by_lot=True,
                    )
                )
        else:
            place = str(position) if len(members) == 1 else f"{position}-{last}"
            for number in members:
                rows.append(_row(position, place, number, names, points, display, playoff=playoff))
        position = last + 1
    return Standings(
        tuple(rows), rules.tiebreaks, rounds, tuple(playoffs), tuple(lots), rules.lots_seed
    )


def _draw_lots(members: list[int], rng: random.Random) -> None:
    """Shuffle in place (Fisher–Yates) with ``random()`` only, the one method whose sequence
    Python guarantees across versions, so a recorded seed redraws the same order."""
    for index in range(len(members) - 1, 0, -1):
        other = int(rng.random() * (index + 1))
        members[index], members[other] = members[other], members[index]


def _row(
    rank: int,
    place: str,
    number: int,
    names: dict[int, str],
    points: dict[int, Fraction],
    display: dict[int, list[TiebreakValue]],
    *,
    by_lot: bool = False,
    playoff: bool = False,
) -> StandingsRow:
    return StandingsRow(
        rank,
        place,
        number,
        names.get(number, ""),
        points[number],
        tuple(display[number]),
        by_lot,
        playoff,
    )


def compute_standings(
    tournament: Tournament, rules: StandingsRules, rounds: int | None = None
) -> Standings:
    """The standings of an individual tournament after ``rounds`` rounds (default: every
    round paired so far; a later round holding only byes entered in advance is not played
    yet, as the reference engines read it)."""
    count = tournament.rounds_paired if rounds is None else rounds
    memo: dict[int, dict[int, int]] = {}
    return _individual_standings(tournament, rules, count, memo)


def _individual_standings(
    tournament: Tournament, rules: StandingsRules, rounds: int, memo: dict[int, dict[int, int]]
) -> Standings:
    ctx = IndividualContext.from_tournament(
        tournament,
        rounds,
        unplayed_rule=rules.unplayed_rule,
        predetermined=rules.predetermined,
        unrated_rating=rules.unrated_rating,
        ratings_per_round=rules.ratings_per_round,
        games_per_match=rules.games_per_match,
    )

    house = {number for number, player in tournament.players.items() if player.house}
    expelled = {number for number, player in tournament.players.items() if player.expelled}
    cancelled = (results_cancelled(tournament, rules.forfeit_rule, rounds) | expelled) - house
    apart = house | cancelled

    def rank_history(round_number: int) -> dict[int, int]:
        if round_number not in memo:
            earlier_rules = dataclasses.replace(rules, lots_seed=None, unshared_places=frozenset())
            earlier = _individual_standings(tournament, earlier_rules, round_number, memo)
            ranks = earlier.ranks()
            # house players (and cancelled results) have no rank; any value will do, their
            # own line is never ranked
            unranked = {row.number for row in earlier.unranked}
            memo[round_number] = ranks | dict.fromkeys(unranked, len(ranks) + 1)
        return memo[round_number]

    # a Double-Swiss context counts matches: the standing after match m is after its game m·2
    games = ctx.games_per_round
    ctx.rank_history = rank_history if games == 1 else lambda m: rank_history(m * games)
    evaluations = [evaluate(spec, ctx) for spec in rules.tiebreaks]
    points = {number: ctx.fraction(ctx.score[number]) for number in ctx.numbers}
    ranked = [number for number in ctx.numbers if number not in apart]
    groups, display = _rank_groups(ranked, points, evaluations)
    names = {number: player.name for number, player in tournament.players.items()}
    standings = _finish(groups, display, points, names, rules, rounds)
    if rules.games_per_match > 1:
        standings = dataclasses.replace(standings, games_per_match=rules.games_per_match)
    if not apart:
        return standings
    unranked = [
        StandingsRow(
            0,
            "",
            number,
            names[number],
            points[number],
            tuple(
                0 if evaluation.values is None else evaluation.values[number]
                for evaluation in evaluations
            ),
            house=number in house,
            cancelled=number in cancelled,
            expelled=number in expelled,
        )
        for number in sorted(
            apart, key=lambda number: (number in cancelled, -points[number], number)
        )
        if number in points
    ]
    return dataclasses.replace(standings, unranked=tuple(unranked))


def compute_team_standings(event: TeamEvent, rules: StandingsRules) -> Standings:
    """The standings of a team event on its primary score and the tie-break list."""
    ctx = TeamContext(event, unplayed_rule=rules.unplayed_rule, predetermined=rules.predetermined)
    evaluations = [evaluate(spec, ctx) for spec in rules.tiebreaks]
    points = {team: event.score(team, event.primary) for team in ctx.numbers}
    groups, display = _rank_groups(ctx.numbers, points, evaluations)
    return _finish(groups, display, points, event.names, rules, ctx.rounds)


# -- sub-rankings ----------------------------------------------------------------------


def sub_ranking(standings: Standings, keep: Callable[[int], bool]) -> Standings:
    """The rows of ``standings`` whose participant satisfies ``keep``, renumbered in the same
    order; participants sharing a place in the section still share it."""
    kept = [row for row in standings.rows if keep(row.number)]
    rows: list[StandingsRow] = []
    index = 0
    while index < len(kept):
        row = kept[index]
        group = [row]
        while (
            index + len(group) < len(kept)
            and not row.by_lot
            and kept[index + len(group)].rank == row.rank
        ):
            group.append(kept[index + len(group)])
        position = index + 1
        place = str(position) if len(group) == 1 else f"{position}-{position + len(group) - 1}"
        for member in group:
            rows.append(dataclasses.replace(member, rank=position, place=place))
        index += len(group)
    return dataclasses.replace(standings, rows=tuple(rows))


def age_on(birth_date: datetime.date | str | None, reference: datetime.date) -> int | None:
    """Age in whole years on ``reference`` (a bare birth year counts from 1 January)."""
    if birth_date is None or birth_date == "":
        return None
    if isinstance(birth_date, str):
        try:
            birth = datetime.date(int(birth_date[:4]), 1, 1)
        except ValueError:
            return None
    else:
        birth = birth_date
    years = reference.year - birth.year
    if (reference.month, reference.day) < (birth.month, birth.day):
        years -= 1
    return years


def by_sex(tournament: Tournament, sex: str) -> Callable[[int], bool]:
    """Keep participants of one sex (the TRF letter, e.g. ``"w"`` or ``"f"`` for women)."""
    wanted = sex.lower()
    aliases = {"w": {"w", "f"}, "f": {"w", "f"}}.get(wanted, {wanted})
    return lambda number: tournament.players[number].sex.lower() in aliases


def by_age(
    tournament: Tournament,
    reference: datetime.date,
    under: int | None = None,
    at_least: int | None = None,
) -> Callable[[int], bool]:
    """Keep participants younger than ``under`` (U12: under=12) and/or at least ``at_least``
    years old (S50: at_least=50) on the reference date."""

    def keep(number: int) -> bool:
        age = age_on(tournament.players[number].birth_date, reference)
        if age is None:
            return False
        return (under is None or age < under) and (at_least is None or age >= at_least)

    return keep


def by_rating(tournament: Tournament, low: int, high: int) -> Callable[[int], bool]:
    """Keep participants rated in ``low..high`` (inclusive)."""
    return lambda number: low <= tournament.players[number].rating <= high


def by_grade(tournament: Tournament, grades: set[str]) -> Callable[[int], bool]:
    """Keep participants whose national grade is one of ``grades``."""
    return lambda number: tournament.players[number].national_grade in grades


# -- cross-table -----------------------------------------------------------------------


def cross_table(
    tournament: Tournament, standings: Standings
) -> list[tuple[StandingsRow, list[str]]]:
    """Each standings row with one cell per round: the opponent's line in the table, colour
    letter and result (``"12w1"``, ``"3b="``, ``"+"`` for a forfeit win without game, ``"-"``,
    ``"H"``, ``"U"``). House players' rows (``Standings.unranked``) come last, numbered on in
    brackets.

    A Double-Swiss section (``standings.games_per_match`` 2) has one cell per match, as its
    printed cross-table has: the opponent's line, the colour of game 1 and the games' result
    codes in order (``"12w1="``: won game 1 with White, drew game 2; ``"UU"`` a
    pairing-allocated bye; ``"5b1"`` a match whose second game is not yet recorded)."""
    # A cell names the opponent's line, not their rank: players sharing a place (Futian youth,
    # 004: "1-2", "7-8") have one rank but two lines, and "7b0" must say which of the two.
    # Without shared places the line is the rank. House players have no rank: their lines
    # follow the ranked ones and are numbered on from them, in brackets (place "(12)").
    rows = list(standings.rows)
    for position, row in enumerate(standings.unranked, start=len(standings.rows) + 1):
        rows.append(dataclasses.replace(row, place=f"({position})"))
    ranks = {row.number: line for line, row in enumerate(rows, start=1)}
    table: list[tuple[StandingsRow, list[str]]] = []
    for row in rows:
        player: Player = tournament.players[row.number]
        cells: list[str] = []
        games = standings.games_per_match
        for first in range(1, standings.rounds + 1, games):
            last = min(first + games - 1, standings.rounds)
            entries = [
                entry
                for number in range(first, last + 1)
                if (entry := player.entry(number)) is not None
            ]
            if not entries:
                cells.append("")
                continue
            codes = "".join(entry.result.value for entry in entries)
            opponent = next(
                (entry.opponent for entry in entries if entry.opponent is not None), None
            )
            if opponent is None:
                cells.append(codes.replace(" ", ""))
            else:
                colour = entries[0].colour.value if entries[0].colour else "-"
                cells.append(f"{ranks.get(opponent, opponent)}{colour}{codes}")
        table.append((row, cells))
    return table


@dataclasses.dataclass(frozen=True, slots=True)
class GridGame:
    """One game of a round-robin grid's cell, from the row player's side: the colour
    (None for none) and result code (a forfeit stays ``+``/``-``; a pending game ``*``)."""

    colour: Colour | None
    result: ResultCode


@dataclasses.dataclass(frozen=True, slots=True)
class GridRow:
    """A line of a round robin's classic table: the player's standings row and, for each
    player of the table in number order, the games against them in round order (none on
    the diagonal, two in a double round robin)."""

    row: StandingsRow
    games: tuple[tuple[GridGame, ...], ...]


def round_robin_grid(tournament: Tournament, standings: Standings) -> list[GridRow]:
    """The classic n × n cross-table of a round robin: one line per player in pairing-number
    order (the table's order), one column per player in the same order, each cell the games
    between the two; places, points and tie-breaks come from ``standings`` (house players'
    and cancelled players' lines included: their games count for everyone)."""
    rows = sorted(standings.rows + standings.unranked, key=lambda row: row.number)
    column = {row.number: index for index, row in enumerate(rows)}
    grid: list[GridRow] = []
    for row in rows:
        cells: list[list[GridGame]] = [[] for _ in rows]
        for round_number in range(1, standings.rounds + 1):
            entry = tournament.players[row.number].entry(round_number)
            if entry is None or entry.opponent not in column:
                continue
            cells[column[entry.opponent]].append(GridGame(entry.colour, entry.result))
        grid.append(GridRow(row, tuple(tuple(cell) for cell in cells)))
    return grid
