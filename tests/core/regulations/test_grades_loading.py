"""The ``[grades]`` table: read from the file, every mistake an error naming its key."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.regulations import (
    PromotionRule,
    RegulationsError,
    ValidityPeriod,
    load_regulations,
    parse_regulations,
)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

BASE = """
[event]
name = "Grades"
game = "chess"
start_date = 2019-12-22
end_date = 2019-12-22

[section_defaults]
pairing = { system = "FIDE_DUTCH_2026" }
time_control = { minutes = 60, shared = true }

[[sections]]
key = "A"
name = "A"
rounds = 7
eligibility = { grade = { from = 4, to = 5 } }

[[sections]]
key = "G"
name = "G"
rounds = 5
eligibility = { ungraded = true }
"""

GRADES = """
[grades]
highest = 3
valid_for = { months = 2 }
ladder = [
  { key = 3, name = "三级棋士", min_rounds = 7, min_minutes = 60 },
  { key = 4, name = "四级棋士", section = "A" },
  { key = 5, name = "五级棋士", section = "A" },
  { key = "无级", ungraded = true, name = "无级", section = "G" },
]
promotions = [
  { from = 5, rate = 50, min_games = 6, to = 4 },
  { from = "无级", rate = "62.5", min_games = 4, to = 5 },
]
"""
FOUR = '{ key = 4, name = "四级棋士", section = "A" },'
FIVE = '{ key = 5, name = "五级棋士", section = "A" },'
FOUR_FIVE = f"{FOUR}\n  {FIVE}"
FIVE_FOUR = f"{FIVE}\n  {FOUR}"


def load(grades: str = GRADES, base: str = BASE) -> object:
    return parse_regulations(base + grades, "g.toml")


def error(grades: str, base: str = BASE) -> RegulationsError:
    with pytest.raises(RegulationsError) as caught:
        load(grades, base)
    return caught.value


def test_the_table_as_written() -> None:
    regulations = parse_regulations(BASE + GRADES, "g.toml")
    grades = regulations.grades
    assert grades is not None
    assert [grade.key for grade in grades.ladder] == ["3", "4", "5", "无级"]
    assert grades.highest == "3" and grades.valid_for == ValidityPeriod(months=2)
    assert grades.ladder[0].min_rounds == 7 and grades.ladder[0].min_minutes == 60
    assert grades.ladder[-1].ungraded and grades.on_entry("") == grades.ladder[-1]
    assert grades.on_entry("4") == grades.ladder[1] and grades.on_entry("6") is None
    assert grades.promotions == (
        PromotionRule("5", "4", Fraction(50), 6),
        PromotionRule("无级", "5", Fraction(125, 2), 4),
    )


def test_a_ladder_without_rules_may_leave_the_highest_title_out() -> None:
    """The settings forms save the ladder rung by rung before the highest title is on it
    (issue 29: the two forms each waited for the other): a ladder with no promotion rules
    loads without ``highest``; once a rule is listed it is required."""
    ladder_only = GRADES.replace("highest = 3\n", "").split("promotions = [")[0]
    regulations = parse_regulations(BASE + ladder_only, "g.toml")
    assert regulations.grades is not None
    assert regulations.grades.highest is None and regulations.grades.promotions == ()
    assert regulations.grades.highest_name() == "—"
    assert error(GRADES.replace("highest = 3\n", "")).key == "grades.highest"


def test_futian_example_marks_its_thresholds_as_an_example() -> None:
    regulations = load_regulations(EXAMPLES / "futian-chess-grade-2019.toml")
    grades = regulations.grades
    assert grades is not None
    assert grades.grade(grades.highest).name == "三级棋士"  # 十一.2
    assert grades.valid_for == ValidityPeriod(months=2)  # 十一.7
    assert len(grades.ladder) == 18  # 17 titles (棋协大师 … 十五级) and 无级
    assert "示例" in grades.source  # printed on every report: an example to replace
    text = (EXAMPLES / "futian-chess-grade-2019.toml").read_text(encoding="utf-8")
    assert "ARE AN EXAMPLE, NOT THE ASSOCIATION'S TABLE" in text
    # the published minimums (条例 二(四)-(六)) on the ladder
    assert (grades.grade("6").min_rounds, grades.grade("7").min_rounds) == (7, 5)
    assert grades.grade("候补棋协大师").min_minutes == 120
    assert {grade.section for grade in grades.ladder if grade.section} == set("ABCDEFG")


@pytest.mark.parametrize(
    "name",
    [
        "kinabatangan-school-2024.toml",
        "fars-team-league-1398.toml",
        "huayuan-xiangqi-invitational-2019.toml",
        "futian-youth-xiangqi-chess-2009.toml",
    ],
)
def test_other_examples_have_no_grades(name: str) -> None:
    assert load_regulations(EXAMPLES / name).grades is None


@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        (("highest = 3", "highest = 2"), "grades.highest", "no rung"),
        (("highest = 3\n", ""), "grades.highest", "missing"),
        (("to = 4 }", "to = 6 }"), "grades.promotions[0].to", "no rung"),
        (("to = 4 }", "to = 5 }"), "grades.promotions[0].to", "not stronger"),
        (('rate = "62.5"', 'rate = "162.5"'), "grades.promotions[1].rate", "0-100"),
        (("rate = 50,", "rate = 0.5,"), "grades.promotions[0].rate", "exactly"),
        (("min_games = 6", "min_games = 0"), "grades.promotions[0].min_games", ">= 1"),
        (("min_games = 6, ", ""), "grades.promotions[0].min_games", "missing"),
        ((FOUR_FIVE, FIVE_FOUR), "grades.ladder[2].key", "strongest first: 4 comes after 5"),
        (('{ key = 4, name', '{ key = "四级", name'), "grades.ladder[1].key", "as a number (4)"),
        (('{ key = 5, name', '{ key = 4, name'), "grades.ladder[2].key", "listed twice"),
        (('key = "无级", ungraded = true', 'key = "无级"'), "grades.ladder[3].key",
         "ungraded = true"),
        (('section = "A" },\n  { key = 5', 'section = "G" },\n  { key = 5'),
         "grades.ladder[1].section", "without a grade"),
        (('name = "五级棋士", section = "A"', 'name = "五级棋士", section = "Z"'),
         "grades.ladder[2].section", "no section"),
        (('{ key = 3, name', '{ key = 6, name'), "grades.ladder[1].key", "strongest first"),
        (("valid_for = { months = 2 }", "valid_for = { years = 2 }"), "grades.valid_for.years",
         "unknown key"),
        (("valid_for = { months = 2 }", "valid_for = {}"), "grades.valid_for", "months or days"),
        (("min_rounds = 7,", "min_rounds = 0,"), "grades.ladder[0].min_rounds", ">= 1"),
        (("highest = 3", "highest = 3\nhighest_title = 3"), "grades.highest_title", "unknown key"),
    ],
)  # fmt: skip
def test_mistakes_name_the_key(change: tuple[str, str], key: str, problem: str) -> None:
    old, new = change
    assert old in GRADES
    found = error(GRADES.replace(old, new, 1))
    assert found.key == key
    assert problem in found.problem


def test_the_period_needs_the_end_date() -> None:
    found = error(GRADES, BASE.replace("end_date = 2019-12-22\n", ""))
    assert (found.key, found.problem) == (
        "grades.valid_for",
        "needs event.end_date (the period runs from the end)",
    )


def test_a_playing_time_needs_every_sections_time_control() -> None:
    base = BASE.replace("time_control = { minutes = 60, shared = true }\n", "").replace(
        'key = "G"\nname = "G"', 'key = "G"\nname = "G"\ntime_control = { minutes = 30 }'
    )
    found = error(GRADES, base)
    assert found.key == "sections[0].time_control"
    assert "min_minutes" in found.problem
    # without any min_minutes, no time control is needed
    assert load(GRADES.replace(", min_rounds = 7, min_minutes = 60", ""), base)


def test_a_ladder_is_required() -> None:
    found = error("[grades]\nhighest = 3\n")
    assert (found.key, found.problem) == (
        "grades.ladder",
        "missing: list the grades, strongest first",
    )


def test_the_documented_example_loads() -> None:
    docs = Path(__file__).resolve().parents[3] / "docs" / "regulations.md"
    block = docs.read_text(encoding="utf-8").split("### Worked example\n\n```toml\n")[1]
    base = BASE.replace(
        'key = "G"\nname = "G"\nrounds = 5\neligibility = { ungraded = true }',
        'key = "D"\nname = "D"\nrounds = 5\neligibility = { grade = { from = 10, to = 11 } }',
    )
    regulations = parse_regulations(base + block.split("```")[0], "docs")
    assert regulations.grades is not None
    assert [rule.to_grade for rule in regulations.grades.promotions] == ["3", "2", "10", "6"]
