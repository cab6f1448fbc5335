"""Compare the standings a tournament file records with those its tie-break list gives.

The tie-break half of the Pairings and Tie-breaks Checker (``crosstable check``; the pairing
half is :mod:`crosstable.pairing.checker`). A file records each player's points (001 columns
81–84) and rank (86–89, ties allowed in TRF-2026); the standings are computed from the
results with the file's tie-break list (202 / 212; none: points alone) under the C.07 text in
force on the start date, ties kept (no drawing of lots). A recorded rank is right when it
lies within the places the computed standings give the player — a group still tied after the
whole list occupies several places, and a file may give its members those places in any
order (drawn by lot, or kept shared). A points field that is not the score the results give
is wrong too.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from crosstable.formats.trf.scoring import format_points
from crosstable.formats.trf.validation import points_problem
from crosstable.model import Tournament
from crosstable.standings import Standings, StandingsRules, compute_standings
from crosstable.tiebreaks.unplayed import UnplayedRule, rule_in_force
from crosstable.tiebreaks.value import TiebreakValue


@dataclasses.dataclass(frozen=True, slots=True)
class RankDifference:
    """One standings line of the file that the tie-break list does not give."""

    number: int
    name: str
    recorded_rank: int | None
    """The rank the file gives (None: none given)."""
    first_place: int
    last_place: int
    """The places the computed standings give the player (equal unless still tied)."""
    points: Fraction
    values: tuple[str, ...]
    """The player's tie-break values, as text, in the order of the list."""
    points_problem: str = ""
    """Set when the line's points field is what is wrong."""

    def describe(self, codes: tuple[str, ...]) -> str:
        who = f"player {self.number}" + (f" ({self.name.strip()})" if self.name.strip() else "")
        if self.points_problem:
            return f"standings: {self.points_problem}"
        places = (
            str(self.first_place)
            if self.first_place == self.last_place
            else f"{self.first_place}-{self.last_place}"
        )
        recorded = "no rank" if self.recorded_rank is None else f"rank {self.recorded_rank}"
        shown = ", ".join(f"{code} {value}" for code, value in zip(codes, self.values, strict=True))
        return (
            f"standings: {who} has {recorded} in the file, but points {_points(self.points)}"
            + (f" and {shown}" if shown else "")
            + f" place it {places}"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class RankCheck:
    """What :func:`check_ranks` found."""

    standings: Standings | None
    """The computed standings (None: the file records no rank, nothing was compared)."""
    differences: tuple[RankDifference, ...]
    codes: tuple[str, ...]
    """The tie-break list used, as descriptors."""
    unplayed_rule: UnplayedRule

    def lines(self) -> list[str]:
        return [difference.describe(self.codes) for difference in self.differences]


def check_ranks(tournament: Tournament, *, unrated_rating: int | None = None) -> RankCheck:
    """The file's ranks and points fields against the standings its tie-break list gives."""
    rule = rule_in_force(tournament.start_day) or UnplayedRule.FIDE_2026
    rules = StandingsRules.from_text(
        list(tournament.tiebreaks), unplayed_rule=rule, unrated_rating=unrated_rating
    )
    codes = tuple(str(spec) for spec in rules.tiebreaks)
    differences: list[RankDifference] = []
    for player in tournament:
        problem = points_problem(tournament, player)
        if problem is not None:
            differences.append(
                RankDifference(
                    player.pairing_number,
                    player.name,
                    player.rank,
                    0,
                    0,
                    tournament.points(player),
                    (),
                    problem,
                )
            )
    if not any(player.rank is not None for player in tournament):
        return RankCheck(None, tuple(differences), codes, rule)
    standings = compute_standings(tournament, rules)
    group_size: dict[int, int] = {}
    for row in standings.rows:
        group_size[row.rank] = group_size.get(row.rank, 0) + 1
    for row in standings.rows:
        recorded = tournament.players[row.number].rank
        last = row.rank + group_size[row.rank] - 1
        if recorded is None or not row.rank <= recorded <= last:
            differences.append(
                RankDifference(
                    row.number,
                    row.name,
                    recorded,
                    row.rank,
                    last,
                    row.points,
                    tuple(_value(value) for value in row.values),
                )
            )
    differences.sort(
        key=lambda found: (found.points_problem == "", found.first_place, found.number)
    )
    return RankCheck(standings, tuple(differences), codes, rule)


def _points(value: Fraction) -> str:
    try:
        return format_points(value)
    except ValueError:
        return str(value)


def _value(value: TiebreakValue) -> str:
    if value is None:
        return "-"
    if isinstance(value, Fraction):
        return _points(value)
    return str(value)
