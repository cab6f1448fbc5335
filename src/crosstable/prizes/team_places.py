"""Team ranking of an individual event by the sum of the members' places (名次之和).

Chinese regulations often rank the units of an individual event this way: a unit's score is
the sum of the individual places of its counted members (all of them, the best N, or the best
N of each sex, e.g. 2 boys and 1 girl), lower first; equal sums are separated by the best
individual place (``tiebreaks = ["best_place"]``), and stay shared after that. A unit that
cannot field the counted members (e.g. no girl) is not ranked and is returned apart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from crosstable.prizes.allocation import RankedEntrant
from crosstable.regulations.schema import TeamRanking, TeamRankingMethod


@dataclasses.dataclass(frozen=True, slots=True)
class IndividualPlace:
    """One line of the individual ranking: the (first) place, who, and for which unit."""

    place: int
    pairing_number: int
    unit: str
    unit_kind: str = ""
    sex: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class UnitPlaces:
    rank: int
    unit: str
    unit_kind: str
    total: int
    """Sum of the counted members' places."""
    counted: tuple[IndividualPlace, ...]
    tied: bool = False
    """Shares its rank with the previous or next unit."""

    @property
    def best_place(self) -> int:
        return min(member.place for member in self.counted)


@dataclasses.dataclass(frozen=True, slots=True)
class UnitRanking:
    units: tuple[UnitPlaces, ...]
    incomplete: tuple[str, ...]
    """Units that could not field the members the ranking counts."""

    def as_ranking(self, numbers: dict[str, int]) -> list[RankedEntrant]:
        """The ranking as prize allocation reads it, units numbered by ``numbers``."""
        return [
            RankedEntrant(
                unit.rank,
                numbers[unit.unit],
                unit.rank if unit.tied else None,
                {"unit_kind": unit.unit_kind or None, "total": unit.total},
            )
            for unit in self.units
        ]


def rank_units_by_places(rules: TeamRanking, individuals: Sequence[IndividualPlace]) -> UnitRanking:
    """Rank the units of ``individuals`` by the sum of their counted members' places."""
    if rules.method is not TeamRankingMethod.SUM_OF_PLACES:
        raise ValueError("rank_units_by_places needs a sum_of_places team ranking")
    by_unit: dict[str, list[IndividualPlace]] = {}
    for individual in sorted(individuals, key=lambda i: (i.place, i.pairing_number)):
        if individual.unit:
            by_unit.setdefault(individual.unit, []).append(individual)
    scored: list[tuple[int, int, str, tuple[IndividualPlace, ...]]] = []
    incomplete: list[str] = []
    for unit, members in by_unit.items():
        if rules.unit_kinds and members[0].unit_kind not in rules.unit_kinds:
            continue
        counted = _counted_members(rules, members)
        if counted is None:
            incomplete.append(unit)
            continue
        total = sum(member.place for member in counted)
        scored.append((total, min(m.place for m in counted), unit, counted))
    use_best_place = "best_place" in rules.tiebreaks

    def key(entry: tuple[int, int, str, tuple[IndividualPlace, ...]]) -> tuple[int, int]:
        return (entry[0], entry[1] if use_best_place else 0)

    scored.sort(key=lambda entry: (*key(entry), entry[2]))
    units: list[UnitPlaces] = []
    for index, entry in enumerate(scored):
        same_as_previous = index > 0 and key(scored[index - 1]) == key(entry)
        same_as_next = index + 1 < len(scored) and key(scored[index + 1]) == key(entry)
        rank = units[-1].rank if same_as_previous else index + 1
        total, _, unit, counted = entry
        kind = counted[0].unit_kind
        units.append(UnitPlaces(rank, unit, kind, total, counted, same_as_previous or same_as_next))
    return UnitRanking(tuple(units), tuple(incomplete))


def _counted_members(
    rules: TeamRanking, members: list[IndividualPlace]
) -> tuple[IndividualPlace, ...] | None:
    if rules.counted_by_sex:
        counted: list[IndividualPlace] = []
        for sex, count in rules.counted_by_sex.items():
            of_sex = [m for m in members if m.sex == sex][:count]
            if len(of_sex) < count:
                return None
            counted.extend(of_sex)
        return tuple(sorted(counted, key=lambda m: m.place))
    if rules.counted is not None:
        if len(members) < rules.counted:
            return None
        return tuple(members[: rules.counted])
    return tuple(members)
