"""Board rankings and prizes by hand (issue 6.6) and team prizes with conditions (6.7)."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction

from crosstable.model.player import Player
from crosstable.prizes import allocate_prizes
from crosstable.regulations.schema import (
    BoardRanking,
    CategoryPrize,
    Condition,
    CountRequirement,
    Operator,
    PlacePrize,
    PrizeRules,
)
from crosstable.teams.board_prizes import (
    board_entrants,
    board_records,
    rank_board,
    team_entrants,
)
from crosstable.teams.lineups import LineUp
from crosstable.teams.match_scoring import MatchRules, ScoredMatch, score_match
from crosstable.teams.roster import TeamRoster

RULES = MatchRules(boards=2)
ROSTERS = [
    TeamRoster(1, "One", (11, 12, 13)),
    TeamRoster(2, "Two", (21, 22, 23)),
    TeamRoster(3, "Three", (31, 32, 33)),
]


def _matches() -> list[ScoredMatch]:
    return [
        # Board 1 of each team: 11 beats 21, 21 beats 31, 31 beats 11: all 1/2 (1 of 2).
        score_match(1, LineUp(1, 1, (11, 12)), LineUp(2, 1, (21, 22)), {1: "1-0", 2: "1/2"}, RULES),
        score_match(2, LineUp(2, 2, (21, 23)), LineUp(3, 2, (31, 32)), {1: "1-0", 2: "1-0"}, RULES),
        score_match(3, LineUp(3, 3, (31, 32)), LineUp(1, 3, (11, 13)), {1: "1-0", 2: "0-1"}, RULES),
    ]


def test_board_records_by_roster_position_and_forfeits_rule() -> None:
    records = board_records(_matches(), ROSTERS, forfeits_count=True)
    assert (records[11].board, records[11].games, records[11].points) == (1, 2, 1)
    assert records[23].board == 3 and records[23].points == 1  # a reserve, on board 2 once
    forfeit = [score_match(1, LineUp(1, 1, (11, 12)), LineUp(2, 1, (21, None)), {1: "1/2"}, RULES)]
    counted = board_records(forfeit, ROSTERS, forfeits_count=True)
    ignored = board_records(forfeit, ROSTERS, forfeits_count=False)
    assert (counted[12].games, counted[12].points, counted[12].wins) == (1, 1, 1)
    assert (ignored[12].games, ignored[12].points) == (0, 0)


def test_board_one_tie_falls_through_to_team_place() -> None:
    records = board_records(_matches(), ROSTERS, forfeits_count=True)
    rules = BoardRanking({1: 2}, ("percentage", "games", "direct_encounter", "team_place", "wins"))
    # All three scored 1 of 2 and beat one another in a circle (direct encounter: 1 each).
    standing = rank_board(1, records, rules, team_places={2: 1, 3: 2, 1: 3})
    assert [(p.rank, p.record.player) for p in standing.places] == [(1, 21), (2, 31), (3, 11)]
    no_place = rank_board(1, records, BoardRanking({1: 2}, ("percentage", "wins")), {})
    assert [p.rank for p in no_place.places] == [1, 1, 1] and no_place.places[0].shared


def test_minimum_games_and_direct_encounter() -> None:
    records = board_records(_matches(), ROSTERS, forfeits_count=True)
    rules = BoardRanking({2: 2}, ("percentage", "games", "direct_encounter", "wins"))
    standing = rank_board(2, records, rules, {})
    # 12: 1/2 in one game, 22: 1/2 in one, 32: 0 + 1 in two (50 %), 13/23: one game each.
    assert [p.record.player for p in standing.places] == [32]
    assert {r.player for r in standing.unranked} == {12, 22}


def test_direct_encounter_separates_two_who_met() -> None:
    matches = [
        score_match(1, LineUp(1, 1, (11, 12)), LineUp(2, 1, (21, 22)), {1: "1-0", 2: "0-1"}, RULES),
        score_match(2, LineUp(2, 2, (21, 22)), LineUp(3, 2, (31, 32)), {1: "1-0", 2: "1-0"}, RULES),
        score_match(3, LineUp(3, 3, (31, 32)), LineUp(1, 3, (11, 12)), {1: "0-1", 2: "0-1"}, RULES),
    ]
    records = board_records(matches, ROSTERS, forfeits_count=True)
    standing = rank_board(1, records, BoardRanking({}, ("percentage", "direct_encounter")), {})
    # 11 won twice (100 %), 21 once (50 %), 31 never.
    assert [p.record.player for p in standing.places][:2] == [11, 21]
    standing2 = rank_board(2, records, BoardRanking({}, ("percentage", "direct_encounter")), {})
    # 12: lost to 22, beat 32 -> 50 %; 22: beat 12 and 32 -> 100 %.
    assert [p.record.player for p in standing2.places] == [22, 12, 32]


def test_board_category_prizes_best_woman_and_age_at_reference_date() -> None:
    records = board_records(_matches(), ROSTERS, forfeits_count=True)
    standing = rank_board(
        1,
        records,
        BoardRanking({}, ("percentage", "team_place")),
        {
            2: 1,
            3: 2,
            1: 3,
        },
    )
    players = {
        21: Player(21, "A", sex="m", birth_date=datetime.date(2009, 12, 20)),
        31: Player(31, "B", sex="w", birth_date=datetime.date(2010, 1, 5)),
        11: Player(11, "C", sex="w", birth_date=datetime.date(2011, 12, 19)),
    }
    prizes = PrizeRules(
        rankings=("board:1",),
        places=(PlacePrize(1, 1, amount=Decimal(200000)),),
        categories=(
            CategoryPrize(
                "best_girl",
                "Best girl",
                (Condition("sex", Operator.EQUALS, "F"),),
                (PlacePrize(1, 1),),
            ),
            CategoryPrize(
                "age_8_10",
                "8 to 10",
                (Condition("age", Operator.AT_LEAST, 8), Condition("age", Operator.BELOW, 10)),
                (PlacePrize(1, 1),),
                age_on=datetime.date(2019, 12, 19),
            ),
        ),
    )
    awards = allocate_prizes(prizes, board_entrants(standing, players, prizes)).awards
    # 21 first place; best girl 31 (one prize each); 11 turned 8 on 19 December 2019.
    assert [(a.pairing_number, a.prize) for a in awards] == [
        (21, "place"),
        (31, "best_girl"),
        (11, "age_8_10"),
    ]


def _county_rules(teams_needed_second: int) -> PrizeRules:
    county = (Condition("unit_kind", Operator.EQUALS, "county"),)
    return PrizeRules(
        rankings=("team",),
        categories=(
            CategoryPrize(
                "county",
                "Best county teams",
                county,
                (
                    PlacePrize(1, 1, requires=(CountRequirement(county, 5),)),
                    PlacePrize(2, 2, requires=(CountRequirement(county, teams_needed_second),)),
                ),
            ),
            CategoryPrize(
                "below_1700",
                "Average under 1700",
                (Condition("average_rating", Operator.BELOW, 1700),),
                (PlacePrize(1, 1),),
                unrated_rating=1000,
            ),
        ),
    )


def test_team_prizes_county_counts_and_average_rating_with_unrated_as_1000() -> None:
    rosters = [
        TeamRoster(n, f"T{n}", (n * 10 + 1, n * 10 + 2), unit_kind="county" if n > 1 else "club")
        for n in range(1, 7)
    ]
    players = {m: Player(m, str(m), rating=2000) for r in rosters for m in r.members}
    players[41].rating = 2399  # team 4: (2399 + 1000) / 2 = 1699.5 < 1700
    players[42].rating = 0
    players[51].rating = 2400  # team 5: (2400 + 1000) / 2 = 1700: not below
    players[52].rating = 0
    ranks = {n: n for n in range(1, 7)}
    # Five county teams (2-6): the best county team prize; the second needs 8 of them.
    prizes = _county_rules(8)
    entrants = team_entrants(ranks, rosters, players, prizes)
    assert entrants[3].attributes["average_rating"] == Fraction(3399, 2)
    result = allocate_prizes(prizes, entrants)
    assert [(a.pairing_number, a.prize, a.first_place) for a in result.awards] == [
        (2, "county", 1),
        (4, "below_1700", 1),
    ]
    assert [s.key for s in result.skipped] == ["county:2"]
    four = allocate_prizes(prizes, [e for e in entrants if e.pairing_number != 6])
    assert [s.key for s in four.skipped] == ["county:1", "county:2"]
