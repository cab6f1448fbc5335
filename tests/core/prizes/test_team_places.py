"""Team ranking by the sum of individual places (Huayuan 2019, Futian youth 2009), by hand."""

from __future__ import annotations

from pathlib import Path

from crosstable.prizes import IndividualPlace, allocate_prizes, rank_units_by_places
from crosstable.regulations import TeamRanking, TeamRankingMethod, load_regulations

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_futian_youth_two_boys_one_girl_schools_only() -> None:
    regs = load_regulations(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    section = regs.section("xq-CA")
    assert section.team_ranking is not None
    individuals = [
        IndividualPlace(1, 1, "荔园小学", "school", "M"),
        IndividualPlace(2, 2, "福田小学", "school", "M"),
        IndividualPlace(3, 3, "少体校", "club", "M"),  # not a school: never ranked
        IndividualPlace(4, 4, "福田小学", "school", "F"),
        IndividualPlace(5, 5, "荔园小学", "school", "M"),
        IndividualPlace(6, 6, "荔园小学", "school", "M"),  # third boy: not counted
        IndividualPlace(7, 7, "福田小学", "school", "M"),
        IndividualPlace(8, 8, "荔园小学", "school", "F"),
        IndividualPlace(9, 9, "荔园小学", "school", "F"),  # second girl: not counted
        IndividualPlace(10, 10, "梅林小学", "school", "M"),
        IndividualPlace(11, 11, "梅林小学", "school", "M"),  # no girl: incomplete
    ]
    ranking = rank_units_by_places(section.team_ranking, individuals)
    # 福田小学 2 + 7 + 4 = 13; 荔园小学 1 + 5 + 8 = 14.
    assert [(u.rank, u.unit, u.total) for u in ranking.units] == [
        (1, "福田小学", 13),
        (2, "荔园小学", 14),
    ]
    assert [m.pairing_number for m in ranking.units[1].counted] == [1, 5, 8]
    assert ranking.incomplete == ("梅林小学",)
    prizes = allocate_prizes(section.prizes[1], ranking.as_ranking({"福田小学": 1, "荔园小学": 2}))
    assert [(a.pairing_number, a.first_place) for a in prizes.awards] == [(1, 1), (2, 2)]


def test_huayuan_equal_sums_split_by_best_place_then_shared() -> None:
    regs = load_regulations(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    rules = regs.sections[0].team_ranking
    assert rules is not None
    teams = {
        "花垣": [1, 10, 11, 20, 21, 30],  # 93, best 1
        "吉首": [2, 9, 12, 19, 22, 29],  # 93, best 2
        "凤凰": [3, 8, 13, 18, 23, 28],  # 93, best 3
        "铜仁": [4, 7, 14, 17, 24, 27],  # 93, best 4
        "秀山": [5, 6, 15, 16, 25, 26, 31],  # best 6 counted: 5+6+15+16+25+26 = 93
        "酉阳": [32, 33, 34, 35, 36],  # only 5 players: cannot count 6
    }
    individuals = [
        IndividualPlace(place, place, unit, "county", "M")
        for unit, places in teams.items()
        for place in places
    ]
    ranking = rank_units_by_places(rules, individuals)
    assert [(u.rank, u.unit, u.total, u.best_place) for u in ranking.units] == [
        (1, "花垣", 93, 1),
        (2, "吉首", 93, 2),
        (3, "凤凰", 93, 3),
        (4, "铜仁", 93, 4),
        (5, "秀山", 93, 5),
    ]
    assert not any(u.tied for u in ranking.units)
    assert ranking.incomplete == ("酉阳",)
    assert rules.counted == 6


def test_units_still_tied_share_the_place() -> None:
    regs = load_regulations(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    rules = TeamRanking(TeamRankingMethod.SUM_OF_PLACES, tiebreaks=("best_place",))
    individuals = [
        IndividualPlace(1, 1, "甲"),
        IndividualPlace(1, 2, "乙"),  # shared 1st place
        IndividualPlace(3, 3, "甲"),
        IndividualPlace(3, 4, "乙"),
        IndividualPlace(5, 5, "丙"),
    ]
    ranking = rank_units_by_places(rules, individuals)
    assert [(u.rank, u.unit, u.tied) for u in ranking.units] == [
        (1, "乙", True),
        (1, "甲", True),
        (3, "丙", False),
    ]
    entries = ranking.as_ranking({"甲": 1, "乙": 2, "丙": 3})
    assert entries[0].tied_group == entries[1].tied_group is not None
    prizes = allocate_prizes(regs.sections[0].prizes[0], entries)
    # by_rank sharing: both shown as 1st-2nd, each with their own rank's prize.
    assert {(a.first_place, a.last_place) for a in prizes.awards[:2]} == {(1, 2)}
