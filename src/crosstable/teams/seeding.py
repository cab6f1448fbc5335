"""The teams' starting order before round 1 (their team pairing numbers, TPN).

C.04.6 leaves the initial order of a team Swiss to the competition's rules; the Fars league's
say nothing of it. Our reading (docs/teams.md, "Team numbers"): the FIDE Olympiad's (D.02),
the teams ranked by the average rating of their ``boards`` highest-rated players (four in the
Fars league, reserves included), an unrated player counting as the regulations' value for an
unrated player in a team's average rating (Fars: 1000, from its prize for teams below 1700;
0 when they name none); equal averages by team name (FIDE's alphabetical rule: Persian names
in the Persian alphabet's order, ``crosstable.typed.name_order``), then the order the teams
were entered."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from crosstable.typed.name_order import alphabetical_key


@dataclasses.dataclass(frozen=True, slots=True)
class TeamSeed:
    """A team as its starting order needs it: its number now, name and roster ratings (0 for
    an unrated player)."""

    number: int
    name: str
    ratings: tuple[int, ...]


def team_strength(ratings: Sequence[int], boards: int, unrated_as: int = 0) -> Fraction:
    """The exact average rating of the ``boards`` highest-rated players of a roster (all of
    them when it has fewer), an unrated player (0) counting as ``unrated_as``."""
    values = sorted((rating if rating > 0 else unrated_as for rating in ratings), reverse=True)
    counted = values[:boards]
    return Fraction(sum(counted), len(counted)) if counted else Fraction(0)


def seeding_order(
    teams: Sequence[TeamSeed],
    boards: int,
    unrated_as: int = 0,
    name_key: Callable[[str], Any] = alphabetical_key,
) -> list[int]:
    """The teams' numbers in starting order: strongest first (:func:`team_strength`), equal
    strengths alphabetically by name (``name_key``: the Persian alphabet's order, other
    scripts case-insensitive; the web app adds Chinese names by pinyin), then by their
    present number."""
    return [
        team.number
        for team in sorted(
            teams,
            key=lambda team: (
                -team_strength(team.ratings, boards, unrated_as),
                name_key(team.name),
                team.number,
            ),
        )
    ]
