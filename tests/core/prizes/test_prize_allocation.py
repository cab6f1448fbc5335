"""Prize allocation, worked by hand from the seed regulations' prize tables."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.prizes import PrizeList, RankedEntrant, allocate_prizes, team_average_rating
from crosstable.regulations import Condition, Operator, PrizeRules, ShareMode, load_regulations

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.fixture(scope="module")
def huayuan_individual() -> PrizeRules:
    regs = load_regulations(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    rules = regs.sections[0].prizes[1]
    assert rules.rankings == ("individual",)
    return rules


def ranking(count: int, ties: dict[int, str] | None = None) -> list[RankedEntrant]:
    """Ranks 1..count, pairing number = 100 + rank; ``ties`` maps rank -> tied group."""
    ties = ties or {}
    return [RankedEntrant(rank, 100 + rank, ties.get(rank)) for rank in range(1, count + 1)]


def amounts(prizes: PrizeList) -> dict[int, Fraction]:
    return {a.pairing_number: a.amount for a in prizes.awards}


def test_places_without_ties(huayuan_individual: PrizeRules) -> None:
    prizes = allocate_prizes(huayuan_individual, ranking(25))
    paid = amounts(prizes)
    assert [paid[100 + r] for r in (1, 2, 3, 4, 5, 6)] == [3000, 2000, 1500, 1200, 1000, 800]
    assert [paid[100 + r] for r in range(7, 13)] == [500] * 6
    assert [paid[100 + r] for r in range(13, 21)] == [300] * 8
    assert 121 not in paid and len(prizes.awards) == 20
    assert sum(paid.values()) == 3000 + 2000 + 1500 + 1200 + 1000 + 800 + 6 * 500 + 8 * 300


def test_fewer_players_than_prizes(huayuan_individual: PrizeRules) -> None:
    assert len(allocate_prizes(huayuan_individual, ranking(3)).awards) == 3


def test_by_rank_keeps_each_rank_prize_but_shows_the_shared_place(
    huayuan_individual: PrizeRules,
) -> None:
    prizes = allocate_prizes(huayuan_individual, ranking(25, {2: "x", 3: "x"}))
    second, third = prizes.for_entrant(102)[0], prizes.for_entrant(103)[0]
    assert (second.amount, third.amount) == (2000, 1500)
    assert (second.first_place, second.last_place, second.shared) == (2, 3, True)


def test_equal_sharing_pools_the_places(huayuan_individual: PrizeRules) -> None:
    rules = dataclasses.replace(huayuan_individual, share=ShareMode.EQUAL)
    paid = amounts(allocate_prizes(rules, ranking(25, {2: "x", 3: "x", 4: "x"})))
    # (2000 + 1500 + 1200) / 3
    assert paid[102] == paid[103] == paid[104] == Fraction(4700, 3)
    prizes = allocate_prizes(rules, ranking(25, {2: "x", 3: "x", 4: "x"}))
    assert str(prizes.for_entrant(102)[0].amount_decimal) == "1566.67"
    assert paid[101] == 3000 and paid[105] == 1000


def test_equal_sharing_across_the_last_prize_place(huayuan_individual: PrizeRules) -> None:
    rules = dataclasses.replace(huayuan_individual, share=ShareMode.EQUAL)
    paid = amounts(allocate_prizes(rules, ranking(25, {20: "t", 21: "t", 22: "t"})))
    assert paid[120] == paid[121] == paid[122] == 100  # 300 + 0 + 0, three ways
    assert 123 not in paid


def test_hort_system_half_by_rank_half_shared(huayuan_individual: PrizeRules) -> None:
    rules = dataclasses.replace(huayuan_individual, share=ShareMode.HORT)
    paid = amounts(allocate_prizes(rules, ranking(25, {2: "x", 3: "x"})))
    # pool of halves: (1000 + 750) / 2 = 875 each; plus half of one's own prize.
    assert (paid[102], paid[103]) == (1000 + 875, 750 + 875)
    assert paid[102] + paid[103] == 2000 + 1500


def test_youth_champion_is_not_shared_playoff() -> None:
    regs = load_regulations(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    rules = regs.section("ch-K").prizes[0]
    entries = [
        RankedEntrant(1, 1, "6", {"sex": "M"}),
        RankedEntrant(2, 2, "6", {"sex": "M"}),
        RankedEntrant(3, 3, "5", {"sex": "F"}),
        RankedEntrant(4, 4, "4.5", {"sex": "M"}),
        RankedEntrant(5, 5, "4.5", {"sex": "M"}),
        RankedEntrant(6, 6, None, {"sex": "F"}),
    ]
    prizes = allocate_prizes(rules, entries)
    (playoff,) = prizes.playoffs
    assert (playoff.prize, playoff.first_place, playoff.last_place) == ("boys", 1, 2)
    assert playoff.pairing_numbers == (1, 2)
    boys = {a.pairing_number: a for a in prizes.awards if a.prize == "boys"}
    assert boys[1].playoff and boys[2].playoff
    # 3rd-4th boys are tied and may share: both are shown as 3rd-4th, no play-off.
    assert (boys[4].first_place, boys[4].last_place, boys[4].playoff) == (3, 4, False)
    assert (boys[5].first_place, boys[5].last_place) == (3, 4)
    girls = [(a.pairing_number, a.first_place) for a in prizes.awards if a.prize == "girls"]
    assert girls == [(3, 1), (6, 2)]  # only two girls: "fewer if fewer players"


def test_youth_four_boys_tied_for_sixth_to_ninth_all_share() -> None:
    """Issue 26.5, seed 004 八(一): boys' prizes to 8th, "other places may be shared". Boys
    ranked 1-5 alone, then four on equal points after every tie-break (ranks 6-9): all four
    share places 6-9 and are awarded (before: three, the fourth cut by pairing number), and
    the block is named for the organiser (prizes end at 8th, inside it)."""
    regs = load_regulations(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    rules = regs.section("xq-CA").prizes[0]
    entries = [RankedEntrant(rank, rank, None, {"sex": "M"}) for rank in range(1, 6)]
    entries += [RankedEntrant(6, number, "3", {"sex": "M"}) for number in (6, 7, 8, 9)]
    entries += [RankedEntrant(10, 10, None, {"sex": "M"})]
    prizes = allocate_prizes(rules, entries)
    boys = {a.pairing_number: a for a in prizes.awards if a.prize == "boys"}
    assert sorted(boys) == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert {(boys[n].first_place, boys[n].last_place) for n in (6, 7, 8, 9)} == {(6, 9)}
    assert not any(boys[n].playoff for n in boys)
    (beyond,) = prizes.shared_beyond
    assert (beyond.prize, beyond.first_place, beyond.last_place) == ("boys", 6, 9)
    assert (beyond.last_prize_place, beyond.pairing_numbers) == (8, (6, 7, 8, 9))
    assert not prizes.playoffs


def fars_team_ranking(county_ranks: set[int], count: int = 20) -> list[RankedEntrant]:
    return [
        RankedEntrant(
            rank,
            rank,
            None,
            {
                "unit_kind": "county" if rank in county_ranks else "club",
                "introduction_letter": rank in county_ranks,
                "local_players": 3 if rank in county_ranks else 0,
                "average_rating": 1800,
            },
        )
        for rank in range(1, count + 1)
    ]


@pytest.fixture(scope="module")
def fars_team_a() -> PrizeRules:
    regs = load_regulations(EXAMPLES / "fars-team-league-1398.toml")
    return regs.section("A").prizes[0]


def test_county_prizes_need_five_and_eight_county_teams(fars_team_a: PrizeRules) -> None:
    four = allocate_prizes(fars_team_a, fars_team_ranking({7, 9, 11, 13}))
    assert not [a for a in four.awards if a.prize == "county"]
    assert [s.key for s in four.skipped] == ["county:1", "county:2"]

    five = allocate_prizes(fars_team_a, fars_team_ranking({7, 9, 11, 13, 15}))
    county = [(a.pairing_number, a.amount) for a in five.awards if a.prize == "county"]
    assert county == [(7, 1100000)]
    assert [s.key for s in five.skipped] == ["county:2"]

    eight = allocate_prizes(fars_team_a, fars_team_ranking({6, 7, 8, 9, 10, 11, 12, 13}))
    county = [(a.pairing_number, a.amount) for a in eight.awards if a.prize == "county"]
    assert county == [(6, 1100000), (7, 1000000)]


def test_county_team_without_three_locals_is_not_a_county_team(fars_team_a: PrizeRules) -> None:
    entries = fars_team_ranking({7, 9, 11, 13, 15})
    seventh = dict(entries[6].attributes, local_players=2)
    entries[6] = dataclasses.replace(entries[6], attributes=seventh)
    prizes = allocate_prizes(fars_team_a, entries)
    assert not [a for a in prizes.awards if a.prize == "county"]  # only 4 county teams count
    entries.append(dataclasses.replace(entries[8], rank=21, pairing_number=21))
    prizes = allocate_prizes(fars_team_a, entries)
    county = [(a.pairing_number, a.amount) for a in prizes.awards if a.prize == "county"]
    assert county == [(9, 1100000)]


def test_one_prize_per_team_county_team_in_the_top_five(fars_team_a: PrizeRules) -> None:
    prizes = allocate_prizes(fars_team_a, fars_team_ranking({3, 9, 11, 13, 15}))
    assert [(a.pairing_number, a.prize) for a in prizes.for_entrant(3)] == [(3, "place")]
    county = [(a.pairing_number, a.amount) for a in prizes.awards if a.prize == "county"]
    assert county == [(9, 1100000)]
    cumulative = dataclasses.replace(fars_team_a, cumulative=True)
    prizes = allocate_prizes(cumulative, fars_team_ranking({3, 9, 11, 13, 15}))
    assert [a.prize for a in prizes.for_entrant(3)] == ["place", "county"]


def test_rating_band_prize_uses_average_with_unrated_as_1000(fars_team_a: PrizeRules) -> None:
    category = fars_team_a.categories[1]
    assert category.unrated_rating == 1000
    low = team_average_rating([1900, 1800, 0, 0, 1500, 1600], category.unrated_rating)
    assert low == Fraction(1900 + 1800 + 1000 + 1000 + 1500 + 1600, 6)  # 1466 2/3
    at_limit = team_average_rating([1700, 1700, 1700, 1700], 1000)
    entries = fars_team_ranking(set())
    entries[7] = dataclasses.replace(entries[7], attributes={"average_rating": at_limit})
    entries[11] = dataclasses.replace(entries[11], attributes={"average_rating": low})
    prizes = allocate_prizes(fars_team_a, entries)
    band = [(a.pairing_number, a.amount) for a in prizes.awards if a.prize == "rating_below_1700"]
    assert band == [(12, 1000000)]  # 1700 exactly is not below 1700


def test_board_prizes_minimum_games_and_best_woman() -> None:
    regs = load_regulations(EXAMPLES / "fars-team-league-1398.toml")
    rules = regs.section("A").prizes[1]
    assert rules.rankings[0] == "board:1"
    board_1 = [
        RankedEntrant(1, 11, None, {"sex": "M"}),
        RankedEntrant(2, 12, None, {"sex": "F"}),
        RankedEntrant(3, 13, None, {"sex": "M"}),
        RankedEntrant(4, 14, None, {"sex": "F"}),
        RankedEntrant(5, 15, None, {"sex": "M", "birth_date": None}),
    ]
    prizes = allocate_prizes(rules, board_1)
    paid = amounts(prizes)
    assert (paid[11], paid[12]) == (250000, 150000)
    assert prizes.for_entrant(13)[0].items == ("حکم", "مدال برنز")
    # The best woman not already a prize winner is the 4th on the board.
    assert [(a.pairing_number, a.amount) for a in prizes.awards if a.prize == "best_woman"] == [
        (14, 150000)
    ]
    assert not [a for a in prizes.awards if a.prize == "best_senior"]


def test_table_where_filters_places(huayuan_individual: PrizeRules) -> None:
    rules = dataclasses.replace(
        huayuan_individual, where=(Condition("games", Operator.AT_LEAST, 7),)
    )
    entries = [
        RankedEntrant(1, 1, None, {"games": 6}),
        RankedEntrant(2, 2, None, {"games": 7}),
        RankedEntrant(3, 3, None, {"games": 11}),
    ]
    paid = amounts(allocate_prizes(rules, entries))
    assert paid == {2: 3000, 3: 2000}
