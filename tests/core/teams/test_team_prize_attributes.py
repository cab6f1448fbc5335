"""The team attributes an organiser must enter for the team prizes: those the prize tables of
ranking "team" test, beyond what the ranking derives (unit, unit kind, average rating)."""

from __future__ import annotations

from pathlib import Path

from crosstable.regulations.loader import load_regulations
from crosstable.regulations.schema import (
    CategoryPrize,
    Condition,
    CountRequirement,
    Operator,
    PlacePrize,
    PrizeRules,
)
from crosstable.teams.board_prizes import team_prize_attributes

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_fars_county_prize_needs_the_letter_and_the_local_players() -> None:
    # Fars 6.1: county teams with their board's letter and at least three local players;
    # "average_rating below 1700" and "unit_kind = county" are derived, not entered.
    regulations = load_regulations(EXAMPLES / "fars-team-league-1398.toml")
    for section in regulations.sections:
        assert team_prize_attributes(section.prizes) == {
            "introduction_letter": bool,
            "local_players": int,
        }


def test_only_team_tables_and_every_place_where_a_condition_hides() -> None:
    member = Condition("sex", Operator.EQUALS, "F")
    board_table = PrizeRules(("board:1",), categories=(CategoryPrize("w", "W", (member,), ()),))
    requirement = CountRequirement((Condition("founded", Operator.AT_LEAST, 1990),), 5)
    team_table = PrizeRules(
        ("team",),
        places=(PlacePrize(1, 1, requires=(requirement,)),),
        where=(Condition("league", Operator.IN, ("north", "south")),),
        categories=(
            CategoryPrize(
                "schools",
                "Schools",
                (Condition("unit_kind", Operator.EQUALS, "school"),),
                (PlacePrize(1, 1),),
                requires=(CountRequirement((Condition("paid", Operator.EQUALS, True),), 3),),
            ),
        ),
    )
    assert team_prize_attributes([board_table, team_table]) == {
        "league": str,
        "founded": int,
        "paid": bool,
    }
    assert team_prize_attributes([board_table]) == {}
