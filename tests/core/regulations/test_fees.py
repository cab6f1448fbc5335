"""Entry fees: every Fars discount alone and combined, worked by hand from 720,000 toman.

A team fee is split into six equal shares of 120,000 (one per registered member); women
play free (their share is waived), seniors pay half of their share, county teams with a
board letter and at least three local players get 15% off the whole fee, and the top three
teams of the last county league get 100% / 50% / 25% off. Discounts apply one after
another to what is left (``combination = "sequential"``).
"""

from __future__ import annotations

import dataclasses
import datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.regulations import Combination, Regulations, load_regulations
from crosstable.regulations.fees import FeeContext, TeamEntry, compute_fee
from crosstable.regulations.sections import EntrantData

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
YOUNG = datetime.date(1990, 1, 1)
SENIOR = datetime.date(1969, 12, 20)  # 29 Azar 1348: the last day that counts as over 50
NOT_SENIOR = datetime.date(1969, 12, 21)


@pytest.fixture(scope="module")
def fars() -> Regulations:
    return load_regulations(EXAMPLES / "fars-team-league-1398.toml")


def team(
    women: int = 0,
    seniors: int = 0,
    locals_: int = 0,
    county: bool = False,
    letter: bool = True,
) -> TeamEntry:
    members = []
    for n in range(6):
        members.append(
            EntrantData(
                f"p{n}",
                sex="F" if n < women else "M",
                birth_date=SENIOR if n >= 6 - seniors else YOUNG,
                attributes={"local": n < locals_},
            )
        )
    return TeamEntry(
        "Team",
        tuple(members),
        unit="Kazerun" if county else "Shiraz club",
        unit_kind="county" if county else "club",
        attributes={"introduction_letter": letter},
    )


def due(regs: Regulations, entry: TeamEntry, place: int | None = None) -> Fraction:
    return compute_fee(regs, entry, FeeContext(previous_place=place)).total


def test_no_discount(fars: Regulations) -> None:
    breakdown = compute_fee(fars, team())
    assert breakdown.total == 720000 and breakdown.discounts == ()
    assert breakdown.currency == "IRT" and breakdown.amount_due == Decimal("720000.00")


@pytest.mark.parametrize(("place", "expected"), [(1, 0), (2, 360000), (3, 540000), (4, 720000)])
def test_previous_county_league_places(fars: Regulations, place: int, expected: int) -> None:
    assert due(fars, team(), place) == expected


def test_women_play_free_share_by_share(fars: Regulations) -> None:
    assert due(fars, team(women=2)) == 720000 - 2 * 120000
    assert due(fars, team(women=6)) == 0
    lines = compute_fee(fars, team(women=2)).discounts
    assert [(line.key, line.amount) for line in lines] == [("women", 240000)]


def test_county_team_needs_letter_and_three_locals(fars: Regulations) -> None:
    assert due(fars, team(county=True, locals_=3)) == 612000
    assert due(fars, team(county=True, locals_=2)) == 720000
    assert due(fars, team(county=True, locals_=6, letter=False)) == 720000
    assert due(fars, team(county=False, locals_=6)) == 720000


def test_seniors_half_of_their_share(fars: Regulations) -> None:
    assert due(fars, team(seniors=1)) == 660000
    assert due(fars, team(seniors=6)) == 360000
    not_quite = team(seniors=1)
    members = (
        *not_quite.members[:5],
        dataclasses.replace(not_quite.members[5], birth_date=NOT_SENIOR),
    )
    assert due(fars, dataclasses.replace(not_quite, members=members)) == 720000


def test_county_and_one_senior_combine_sequentially(fars: Regulations) -> None:
    # Five shares at 85%: 5 x 102,000 = 510,000; the senior's share at 85% then 50%: 51,000.
    breakdown = compute_fee(fars, team(county=True, locals_=3, seniors=1))
    assert breakdown.total == 561000
    assert [(line.key, line.amount) for line in breakdown.discounts] == [
        ("county_team", 108000),
        ("seniors", 51000),
    ]


def test_second_place_and_county_and_all_seniors(fars: Regulations) -> None:
    entry = team(county=True, locals_=3, seniors=6)
    assert due(fars, entry, 2) == Fraction(720000) * Fraction(1, 2) * Fraction(85, 100) / 2


def test_first_place_is_free_whatever_else_applies(fars: Regulations) -> None:
    breakdown = compute_fee(fars, team(women=3, county=True, locals_=3), FeeContext(1))
    assert breakdown.total == 0
    assert [line.key for line in breakdown.discounts] == ["county_league_1st"]


def test_women_and_seniors_on_different_members(fars: Regulations) -> None:
    # Two women (free), one senior man (half): 720,000 - 240,000 - 60,000.
    assert due(fars, team(women=2, seniors=1)) == 420000


def test_best_only_combination(fars: Regulations) -> None:
    assert fars.fees is not None
    best_only = dataclasses.replace(
        fars, fees=dataclasses.replace(fars.fees, combination=Combination.BEST_ONLY)
    )
    # County 15% on five shares, the senior's share takes only the larger 50%.
    assert due(best_only, team(county=True, locals_=3, seniors=1)) == 5 * 102000 + 60000
    assert due(best_only, team(county=True, locals_=3), 3) == 540000


def test_player_fee_kinabatangan() -> None:
    regs = load_regulations(EXAMPLES / "kinabatangan-school-2024.toml")
    breakdown = compute_fee(regs, EntrantData("Ali", "M"))
    assert breakdown.total == 5 and breakdown.amount_due == Decimal("5.00")
    assert breakdown.currency == "MYR"
