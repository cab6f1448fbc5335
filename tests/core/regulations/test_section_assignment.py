"""Eligibility (edge dates, ages, grades with the adult rule) and the merge and split rules."""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

import pytest

from crosstable.regulations import Regulations, load_regulations, parse_regulations
from crosstable.regulations.entries import PendingEntry, admit_by_capacity, check_entry_limits
from crosstable.regulations.sections import (
    EntrantData,
    Problem,
    assign_sections,
    check_eligibility,
)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.fixture(scope="module")
def futian_grades() -> Regulations:
    return load_regulations(EXAMPLES / "futian-chess-grade-2019.toml")


@pytest.fixture(scope="module")
def futian_youth() -> Regulations:
    return load_regulations(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")


def codes(problems: list[Problem]) -> list[str]:
    return [problem.code for problem in problems]


# --- birth-date cutoffs (Futian youth 2009: kindergarten born on/after 2003-09-01) -------


def test_born_on_the_cutoff_day_is_eligible(futian_youth: Regulations) -> None:
    kindergarten = futian_youth.section("xq-K")
    on_cutoff = EntrantData("A", "M", datetime.date(2003, 9, 1))
    day_before = EntrantData("B", "M", datetime.date(2003, 8, 31))
    assert check_eligibility(kindergarten, on_cutoff) == []
    problems = check_eligibility(kindergarten, day_before)
    assert codes(problems) == ["born_too_early"]
    assert "2003-08-31" in problems[0].message and "2003-09-01" in problems[0].message


def test_missing_birth_date_is_a_problem(futian_youth: Regulations) -> None:
    problems = check_eligibility(futian_youth.section("ch-J"), EntrantData("C", "F"))
    assert codes(problems) == ["birth_date_missing"]


def test_younger_player_may_enter_an_older_group(futian_youth: Regulations) -> None:
    child = EntrantData("D", "F", datetime.date(2004, 1, 1))
    assert check_eligibility(futian_youth.section("ch-J"), child) == []


def test_fars_table_b_cutoff_in_jalali() -> None:
    regs = load_regulations(EXAMPLES / "fars-team-league-1398.toml")
    table_b = regs.section("B")
    # 28 Azar 1384 = 19 December 2005.
    ok = EntrantData("E", "M", datetime.date(2005, 12, 19), member_id="123")
    late = EntrantData("F", "M", datetime.date(2005, 12, 18), member_id="123")
    no_id = EntrantData("G", "M", datetime.date(2006, 1, 1))
    assert check_eligibility(table_b, ok) == []
    assert codes(check_eligibility(table_b, late)) == ["born_too_early"]
    assert codes(check_eligibility(table_b, no_id)) == ["member_id_missing"]


# --- age at a reference date ----------------------------------------------------------

U12 = """
[event]
name = "U12"
game = "chess"
[[sections]]
key = "U12"
name = "Under 12"
pairing.system = "FIDE_DUTCH_2026"
eligibility.age = { on = 2024-01-01, below = 12 }
eligibility.sex = ["F"]
"""


def test_age_below_limit_counts_completed_years() -> None:
    section = parse_regulations(U12, "u12.toml").sections[0]
    turns_12_on_the_day = EntrantData("H", "F", datetime.date(2012, 1, 1))
    turns_12_next_day = EntrantData("I", "F", datetime.date(2012, 1, 2))
    assert codes(check_eligibility(section, turns_12_on_the_day)) == ["too_old"]
    assert check_eligibility(section, turns_12_next_day) == []
    boy = dataclasses.replace(turns_12_next_day, sex="M")
    assert codes(check_eligibility(section, boy)) == ["sex_not_accepted"]


def test_leap_day_birthday_ages_on_first_of_march() -> None:
    leapling = EntrantData("J", birth_date=datetime.date(2012, 2, 29))
    assert leapling.age_on(datetime.date(2024, 2, 28)) == 11
    assert leapling.age_on(datetime.date(2024, 2, 29)) == 12
    assert leapling.age_on(datetime.date(2023, 2, 28)) == 10
    assert leapling.age_on(datetime.date(2023, 3, 1)) == 11


# --- grades and the adult rule (Futian grade tournament, event day 2019-12-22) ---------


def test_grades_choose_exactly_one_section(futian_grades: Regulations) -> None:
    def eligible(entrant: EntrantData) -> list[str]:
        return [s.key for s in futian_grades.sections if not check_eligibility(s, entrant)]

    child = datetime.date(2010, 5, 1)
    assert eligible(EntrantData("K", "M", child, grade=4)) == ["A"]
    assert eligible(EntrantData("L", "M", child, grade=7)) == ["B"]
    assert eligible(EntrantData("M", "F", child, grade=15)) == ["F"]
    assert eligible(EntrantData("N", "F", child, grade=None)) == ["G"]
    assert eligible(EntrantData("O", "F", child, grade=3)) == []  # stronger than any section


def test_adults_enter_at_sixth_grade_at_the_lowest(futian_grades: Regulations) -> None:
    def eligible(entrant: EntrantData) -> list[str]:
        return [s.key for s in futian_grades.sections if not check_eligibility(s, entrant)]

    turned_18_on_event_day = datetime.date(2001, 12, 22)
    still_17 = datetime.date(2001, 12, 23)
    assert eligible(EntrantData("P", "M", turned_18_on_event_day, grade=None)) == ["B"]
    assert eligible(EntrantData("Q", "M", turned_18_on_event_day, grade=12)) == ["B"]
    assert eligible(EntrantData("R", "M", turned_18_on_event_day, grade=5)) == ["A"]
    assert eligible(EntrantData("S", "M", still_17, grade=12)) == ["E"]
    problems = check_eligibility(
        futian_grades.section("G"), EntrantData("T", "M", turned_18_on_event_day)
    )
    assert codes(problems) == ["graded_not_accepted"]
    assert "adults" in problems[0].message


def test_units_and_natives_huayuan() -> None:
    regs = load_regulations(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    section = regs.sections[0]
    native = EntrantData("U", "M", unit="花垣", native_unit="花垣")
    assert check_eligibility(section, native) == []
    outsider = dataclasses.replace(native, native_unit="长沙")
    assert codes(check_eligibility(section, outsider)) == ["not_native_of_unit"]
    uninvited = EntrantData("V", "M", unit="长沙", native_unit="长沙")
    assert codes(check_eligibility(section, uninvited)) == ["unit_not_accepted"]
    woman = dataclasses.replace(native, sex="F")
    assert codes(check_eligibility(section, woman)) == ["sex_not_accepted"]


# --- merge by sex (fewer than 10) and split (over 128) ---------------------------------


def players(count: int, sex: str, grade: int | None = 4, start: int = 0) -> list[EntrantData]:
    return [
        EntrantData(f"{sex}{n:03d}", sex, datetime.date(2010, 1, 1), grade=grade, rating=2000 - n)
        for n in range(start, start + count)
    ]


def test_ten_of_each_sex_play_apart(futian_grades: Regulations) -> None:
    assignment = assign_sections(futian_grades, players(10, "M") + players(10, "F"))
    keys = [group.key for group in assignment.groups if group.rules.key == "A"]
    assert keys == ["A-M", "A-F"]
    assert len(assignment.group("A-F").entrants) == 10
    assert assignment.group("A-F").sex == "F"


def test_nine_girls_merge_with_the_boys_ranked_apart(futian_grades: Regulations) -> None:
    assignment = assign_sections(futian_grades, players(30, "M") + players(9, "F"))
    (group,) = [g for g in assignment.groups if g.rules.key == "A"]
    assert group.key == "A" and group.ranked_separately_by_sex
    assert len(group.entrants) == 39


def test_nine_boys_also_merge(futian_grades: Regulations) -> None:
    assignment = assign_sections(futian_grades, players(9, "M") + players(40, "F"))
    assert [g.key for g in assignment.groups if g.rules.key == "A"] == ["A"]


def test_entrant_without_sex_cannot_enter_a_sex_split_section(futian_grades: Regulations) -> None:
    assignment = assign_sections(futian_grades, [EntrantData("X", "", grade=4)])
    (unplaced,) = assignment.unplaced
    assert [p.code for p in unplaced.problems] == ["no_section"]
    section_a = futian_grades.section("A")
    assert codes(check_eligibility(section_a, EntrantData("X", "", grade=4))) == ["sex_missing"]


def test_128_boys_stay_together_129_split_in_two(futian_grades: Regulations) -> None:
    at_limit = assign_sections(futian_grades, players(128, "M") + players(10, "F"))
    assert len(at_limit.group("A-M").entrants) == 128
    over = assign_sections(futian_grades, players(129, "M") + players(10, "F"))
    parts = [g for g in over.groups if g.key.startswith("A-M")]
    assert [(g.key, g.part, len(g.entrants)) for g in parts] == [
        ("A-M-1", 1, 65),
        ("A-M-2", 2, 64),
    ]
    assert over.group("A-F").part is None


def test_size_split_deals_serpentine_by_rating() -> None:
    text = """
[event]
name = "S"
game = "chess"
[[sections]]
key = "S"
name = "S"
split_over = 2
pairing.system = "FIDE_DUTCH_2026"
"""
    regs = parse_regulations(text, "s.toml")
    entrants = [EntrantData(name, rating=rating) for name, rating in
                [("e", 1000), ("a", 1500), ("c", 1300), ("b", 1400), ("d", 1200)]]  # fmt: skip
    groups = assign_sections(regs, entrants).groups
    # 5 entrants, at most 2 each -> 3 parts. Seeded by rating: a b c d e. Serpentine:
    # the first lap deals a->1, b->2, c->3, the second lap deals back d->3, e->2.
    assert [[e.name for e in g.entrants] for g in groups] == [["a"], ["b", "e"], ["c", "d"]]


def test_requested_section_is_checked(futian_youth: Regulations) -> None:
    too_old = EntrantData("Y", "M", datetime.date(2000, 1, 1), section="xq-K")
    unknown = EntrantData("Z", "M", datetime.date(2005, 1, 1), section="xq-Q")
    fine = EntrantData("W", "F", datetime.date(2005, 1, 1), section="ch-CB")
    assignment = assign_sections(futian_youth, [too_old, unknown, fine])
    assert [[p.code for p in u.problems] for u in assignment.unplaced] == [
        ["born_too_early"],
        ["unknown_section"],
    ]
    assert assignment.group("ch-CB").entrants == (fine,)


# --- entry limits ---------------------------------------------------------------------


def test_per_unit_limit(futian_youth: Regulations) -> None:
    section = futian_youth.section("xq-CA")  # 4 per unit
    entrants = [EntrantData(f"p{n}", unit="荔园小学") for n in range(5)]
    entrants += [EntrantData(f"q{n}", unit="福田小学") for n in range(4)]
    problems = check_entry_limits(section, entrants)
    assert [(p.code, "荔园小学" in p.message) for p in problems] == [("too_many_from_unit", True)]
    assert check_entry_limits(section, entrants[1:]) == []


def test_capacity_by_payment_date() -> None:
    regs = load_regulations(EXAMPLES / "fars-team-league-1398.toml")
    section = dataclasses.replace(regs.section("A"), capacity=2)
    day = datetime.datetime(2019, 11, 1, 10, 0)
    hour = datetime.timedelta(hours=1)
    entries = [
        PendingEntry("first_entered_paid_last", day, day + 5 * hour),
        PendingEntry("unpaid", day + hour),
        PendingEntry("paid_first", day + 2 * hour, day + 2 * hour),
        PendingEntry("paid_second", day + 3 * hour, day + 3 * hour),
    ]
    admission = admit_by_capacity(regs, section, entries)
    assert admission.admitted == ("paid_first", "paid_second")
    assert admission.waiting == ("first_entered_paid_last", "unpaid")
