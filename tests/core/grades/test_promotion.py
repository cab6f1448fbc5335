"""The promotion report of a grade tournament, on hand-made ``[grades]`` tables and results
worked by hand (never the Futian example's thresholds, which are an example).

Section D (5 rounds, 60 minutes a game for both players): seven players, 5 forfeits rounds 1
and 2 (results cancelled, Futian 九.5), 7 and 6 have a pairing bye, 3 and 2 a forfeit win.
Section A (7 rounds): a cap by the event's highest title and a score rate exactly at a
threshold. Section X: xiangqi, 2/1/0 points as fractions of a win.
"""

from __future__ import annotations

import dataclasses
import datetime
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tiebreaks"))

from tiebreak_builders import tournament

from crosstable.grades import (
    Cap,
    Outcome,
    PromotionLine,
    SectionPromotions,
    format_rate,
    game_minutes,
    report_csv,
    report_table,
    section_promotions,
    validity_date,
)
from crosstable.model import ScoringSystem, Tournament
from crosstable.regulations import Calendar, Regulations, TimeControl, parse_regulations
from crosstable.typed.calendars import add_months, jalali_to_gregorian

REGULATIONS = """
[event]
name = "Grade test"
game = "chess"
start_date = 2019-12-22
end_date = 2019-12-22

[event.adult_grade_rule]
adult_age = 18
lowest_grade = 6

[section_defaults]
time_control = { minutes = 60, shared = true }
pairing = { system = "FIDE_DUTCH_2026" }
forfeits_to_withdraw = 2
forfeits_cancel_results = true

[[sections]]
key = "A"
name = "A group"
rounds = 7
eligibility = { grade = { from = 4, to = 5 } }

[[sections]]
key = "B"
name = "B group"
rounds = 7
eligibility = { grade = { from = 6, to = 7 } }

[[sections]]
key = "D"
name = "D group"
rounds = 5
eligibility = { grade = { from = 10, to = 11 } }

[[sections]]
key = "X"
name = "Xiangqi"
game = "xiangqi"
rounds = 4
eligibility = { grade = { from = 14, to = 15 } }

[grades]
source = "hand-made test table"
highest = 3
valid_for = { months = 2 }
ladder = [
  { key = 2, name = "G2", min_rounds = 7, min_minutes = 60 },
  { key = 3, name = "G3", min_rounds = 7, min_minutes = 60 },
  { key = 4, name = "G4", section = "A", min_rounds = 7, min_minutes = 60 },
  { key = 5, name = "G5", section = "A", min_rounds = 7, min_minutes = 60 },
  { key = 6, name = "G6", section = "B", min_rounds = 7, min_minutes = 60 },
  { key = 7, name = "G7", section = "B", min_rounds = 5, min_minutes = 60 },
  { key = 8, name = "G8", min_rounds = 5, min_minutes = 60 },
  { key = 9, name = "G9", min_rounds = 5, min_minutes = 60 },
  { key = 10, name = "G10", section = "D", min_rounds = 5, min_minutes = 60 },
  { key = 11, name = "G11", section = "D" },
  { key = 12, name = "G12" },
  { key = 13, name = "G13" },
  { key = 14, name = "G14", section = "X" },
  { key = 15, name = "G15", section = "X" },
]
promotions = [
  { from = 5, rate = 50, min_games = 6, to = 4 },
  { from = 4, rate = 50, min_games = 6, to = 3 },
  { from = 4, rate = 75, min_games = 6, to = 2 },
  { from = 6, rate = 50, min_games = 1, to = 5 },
  { from = 11, rate = 50, min_games = 5, to = 10 },
  { from = 10, rate = 50, min_games = 5, to = 9 },
  { from = 10, rate = "87.5", min_games = 4, to = 6 },
  { from = 15, rate = 50, min_games = 4, to = 14 },
  { from = 15, rate = "87.5", min_games = 4, to = 13 },
]
"""

# Section D, five rounds (7 players; 5 forfeits rounds 1-2, then withdrawn):
#   R1: 1-2 1-0, 3-5 +/- , 4-6 ½-½, 7 bye     R2: 4-1 0-1, 2-5 +/-, 3-7 1-0, 6 bye
#   R3: 1-6 1-0, 2-3 0-1, 4-7 1-0             R4: 3-1 ½-½, 2-4 0-1, 6-7 1-0
#   R5: 1-7 1-0, 2-6 0-1, 3-4 1-0
D_GRID = {
    1: ["2w1", "4b1", "6w1", "3b=", "7w1"],
    2: ["1b0", "5w+", "3w0", "4w0", "6b0"],
    3: ["5w+", "7w1", "2b1", "1w=", "4w1"],
    4: ["6w=", "1w0", "7w1", "2b1", "3b0"],
    5: ["3b-", "2b-", "Z", "Z", "Z"],
    6: ["4b=", "U", "1b0", "7w1", "2w1"],
    7: ["U", "3b0", "4b0", "6b0", "1b0"],
}
D_GRADES = {1: "10", 2: "10", 3: "11", 4: "11", 5: "11", 6: "10", 7: "11"}

# Section A, seven rounds, four players meeting again and again (the report does not care):
#   1 (grade 4) wins six and loses the last to 2: 6/7; 2 (grade 5): 3½/7 exactly 50 %;
#   3 (grade 4): 4½/7; 4 (grade 5): 0/7.
A_GRID = {
    1: ["2w1", "3w1", "4w1", "2w1", "3w1", "4w1", "2w0"],
    2: ["1b0", "4w1", "3w=", "1b0", "4w1", "3w0", "1b1"],
    3: ["4w1", "1b0", "2b=", "4w1", "1b0", "2b1", "4w1"],
    4: ["3b0", "2b0", "1b0", "3b0", "2b0", "1b0", "3b0"],
}
A_GRADES = {1: "4", 2: "5", 3: "4", 4: "5"}


def regulations(text: str = REGULATIONS) -> Regulations:
    return parse_regulations(text, "grades-test.toml")


def with_grades(
    grid: dict[int, list[str]], grades: dict[int, str], **options: object
) -> Tournament:
    event = tournament(grid, **options)  # type: ignore[arg-type]
    for number, grade in grades.items():
        event.players[number].national_grade = grade
    return event


def report(key: str, event: Tournament, regs: Regulations | None = None) -> SectionPromotions:
    regs = regs or regulations()
    section = regs.section(key)
    assert regs.grades is not None and section.rounds is not None
    return section_promotions(event, section, regs.grades, rounds=section.rounds)


def line(promotions: SectionPromotions, number: int) -> PromotionLine:
    return next(item for item in promotions.lines if item.number == number)


def test_section_d_worked_by_hand() -> None:
    d = report("D", with_grades(D_GRID, D_GRADES))
    assert not d.provisional and d.minutes == 60
    games = {item.number: (item.games, item.points, item.rate) for item in d.lines}
    assert games == {
        1: (5, Fraction(9, 2), Fraction(9, 10)),
        2: (4, Fraction(0), Fraction(0)),  # the forfeit win is no game, its point not counted
        3: (4, Fraction(7, 2), Fraction(7, 8)),
        4: (5, Fraction(5, 2), Fraction(1, 2)),
        5: (0, Fraction(0), None),
        6: (4, Fraction(5, 2), Fraction(5, 8)),  # the bye is no game
        7: (4, Fraction(0), Fraction(0)),
    }
    # 1 (grade 10) 90 % >= 87.5 % over >= 4 games: grade 6, but 6 needs 7 rounds and D has
    # 5; grade 7 needs 5: capped to 7.
    first = line(d, 1)
    assert first.outcome is Outcome.CAPPED and first.caps == (Cap.ROUNDS,)
    assert (first.earned and first.earned.key, first.awarded and first.awarded.key) == ("6", "7")
    # 4 (grade 11): exactly 50 % over 5 games: the threshold is met -> 10.
    fourth = line(d, 4)
    assert fourth.outcome is Outcome.PROMOTED and fourth.awarded and fourth.awarded.key == "10"
    # 3 (grade 11): 87.5 % but 4 games (a forfeit win is none), the rule needs 5.
    third = line(d, 3)
    assert third.outcome is Outcome.TOO_FEW_GAMES and third.rule and third.rule.min_games == 5
    # 6 (grade 10): 62.5 % over 4 games: the 50 % rule needs 5 games, the 87.5 % rule more.
    assert line(d, 6).outcome is Outcome.TOO_FEW_GAMES
    assert line(d, 6).rule == regulations().grades.promotions[5]  # type: ignore[union-attr]
    # 2 (grade 10): 0 % over 4 games; the 87.5 %-over-4 rule is the one its games reach.
    assert line(d, 2).outcome is Outcome.RATE_BELOW
    assert line(d, 2).rule and line(d, 2).rule.rate_percent == Fraction(175, 2)  # type: ignore[union-attr]
    # 7 (grade 11): 4 games, every rule from 11 needs 5.
    assert line(d, 7).outcome is Outcome.TOO_FEW_GAMES
    # 5: two forfeits, results cancelled (九.5).
    assert line(d, 5).outcome is Outcome.RESULTS_CANCELLED and line(d, 5).awarded is None
    assert [item.number for item in d.promoted] == [1, 4]


def test_section_a_cap_by_the_highest_title_and_a_rate_at_the_threshold() -> None:
    a = report("A", with_grades(A_GRID, A_GRADES))
    first = line(a, 1)  # grade 4, 6/7 = 85.7 % >= 75 %: grade 2, the event awards at most 3
    assert first.rate == Fraction(6, 7)
    assert first.outcome is Outcome.CAPPED and first.caps == (Cap.HIGHEST,)
    assert first.earned and first.earned.key == "2" and first.awarded and first.awarded.key == "3"
    second = line(a, 2)  # grade 5, 3½/7 = exactly 50 %: grade 4
    assert second.rate == Fraction(1, 2) and second.awarded and second.awarded.key == "4"
    third = line(a, 3)  # grade 4, 4½/7 = 64.3 %: grade 3, the highest, no cap
    assert third.outcome is Outcome.PROMOTED and third.awarded and third.awarded.key == "3"
    assert line(a, 4).outcome is Outcome.RATE_BELOW


def test_a_grade_at_the_highest_title_cannot_rise() -> None:
    event = with_grades(A_GRID, {**A_GRADES, 1: "3"})
    regs = regulations(
        REGULATIONS.replace(
            "{ from = 5, rate = 50",
            "{ from = 3, rate = 50, min_games = 6, to = 2 },\n  { from = 5, rate = 50",
        )
    )
    first = line(report("A", event, regs), 1)
    assert first.outcome is Outcome.NOT_AWARDABLE and first.caps == (Cap.HIGHEST,)
    assert first.awarded is None


def test_games_too_short_for_the_titles() -> None:
    """25 minutes each (50 for both) where every title up to 10 needs 60."""
    regs = regulations(
        REGULATIONS.replace(
            'name = "D group"\nrounds = 5',
            'name = "D group"\nrounds = 5\ntime_control = { minutes = 25, shared = false }',
        )
    )
    d = report("D", with_grades(D_GRID, D_GRADES), regs)
    assert d.minutes == 50
    first = line(d, 1)  # earned 6; 6 needs 7 rounds, 7-10 need 60 minutes: nothing above 10
    assert first.outcome is Outcome.NOT_AWARDABLE and first.caps == (Cap.ROUNDS, Cap.TIME)
    fourth = line(d, 4)  # earned 10 (needs 60 minutes): nothing above 11
    assert fourth.outcome is Outcome.NOT_AWARDABLE and fourth.caps == (Cap.TIME,)


def test_xiangqi_points_count_as_fractions_of_a_win() -> None:
    # 2/1/0: 1 wins three and draws one: 7 points of 8 = 87.5 %, exactly the threshold for 13.
    grid = {1: ["2w1", "2b1", "2w1", "2b="], 2: ["1b0", "1w0", "1b0", "1w="]}
    event = with_grades(grid, {1: "15", 2: "15"}, scoring=ScoringSystem.xiangqi())
    x = report("X", event)
    first, second = line(x, 1), line(x, 2)
    assert (first.points, first.rate) == (Fraction(7), Fraction(7, 8))
    assert first.outcome is Outcome.PROMOTED and first.awarded and first.awarded.key == "13"
    assert (second.points, second.rate) == (Fraction(1), Fraction(1, 8))
    assert second.outcome is Outcome.RATE_BELOW


def test_an_adult_without_a_grade_enters_as_the_adult_grade() -> None:
    grid = {1: ["2w1"], 2: ["1b0"]}
    event = with_grades(grid, {1: "", 2: "7"})
    event.players[1].birth_date = datetime.date(1990, 5, 1)  # 29 on the event day
    event.players[2].birth_date = datetime.date(2010, 5, 1)
    b = report("B", event)
    adult = line(b, 1)
    assert adult.adult_rule and adult.on_entry and adult.on_entry.key == "6"
    assert adult.awarded and adult.awarded.key == "5"
    assert not line(b, 2).adult_rule and line(b, 2).outcome is Outcome.NO_RULE


def test_a_grade_the_ladder_does_not_have_is_named() -> None:
    event = with_grades(A_GRID, {**A_GRADES, 4: "候补棋协大师"})
    assert line(report("A", event), 4).outcome is Outcome.GRADE_NOT_ON_LADDER


def test_house_player_and_provisional_report() -> None:
    event = with_grades(D_GRID, D_GRADES)
    event.players[7].house = True
    d = section_promotions(
        event,
        regulations().section("D"),
        regulations().grades,
        rounds=5,
        rounds_played=3,  # type: ignore[arg-type]
    )
    assert d.provisional and d.rounds_played == 3
    assert line(d, 7).outcome is Outcome.HOUSE_PLAYER
    # after three rounds 1 has 3 games, 3/3
    assert (line(d, 1).games, line(d, 1).rate) == (3, Fraction(1))


def test_playing_time_of_a_game() -> None:
    assert game_minutes(TimeControl(60, shared=True)) == 60
    assert game_minutes(TimeControl(25)) == 50
    # 30 minutes + 30 seconds a move each: (30 + 60 x 30 s) x 2 = 120 minutes
    assert game_minutes(TimeControl(30, 30)) == 120


def test_validity_date_in_the_events_calendar() -> None:
    grades = regulations().grades
    assert grades is not None
    assert validity_date(grades, datetime.date(2019, 12, 22), Calendar.GREGORIAN) == (
        datetime.date(2020, 2, 22)
    )
    assert add_months(datetime.date(2019, 12, 31), 2, Calendar.GREGORIAN) == datetime.date(
        2020, 2, 29
    )
    assert add_months(datetime.date(2021, 12, 31), 2, Calendar.GREGORIAN) == datetime.date(
        2022, 2, 28
    )
    # Jalali: 1398-09-29 + 2 months = 1398-11-29 (Jalali months: 30 days in Azar and Bahman)
    end = jalali_to_gregorian(1398, 9, 29)
    assert validity_date(grades, end, Calendar.JALALI) == jalali_to_gregorian(1398, 11, 29)
    # 1398-06-31 + 6 months: Esfand 1398 has 29 days -> its last day
    assert add_months(jalali_to_gregorian(1398, 6, 31), 6, Calendar.JALALI) == (
        jalali_to_gregorian(1398, 12, 29)
    )
    days = dataclasses.replace(grades, valid_for=dataclasses.replace(grades.valid_for, days=10))  # type: ignore[type-var]
    assert validity_date(days, datetime.date(2019, 12, 22), Calendar.GREGORIAN) == (
        datetime.date(2020, 3, 3)
    )
    assert validity_date(grades, None, Calendar.GREGORIAN) is None


def test_rates_are_cut_never_rounded_up() -> None:
    assert format_rate(Fraction(4, 7)) == "57.14"
    assert format_rate(Fraction(1, 2)) == "50"
    assert format_rate(Fraction(7, 8)) == "87.5"
    assert format_rate(Fraction(9999, 10000) - Fraction(1, 10**9)) == "99.98"
    assert format_rate(None) == ""


def test_table_for_the_association() -> None:
    d = report("D", with_grades(D_GRID, D_GRADES))
    rows = report_table([d], valid_until=datetime.date(2020, 2, 22), calendar=Calendar.GREGORIAN)
    by_number = {row[1]: row for row in rows}
    assert by_number["1"] == [
        "D group", "1", "Player 1", "", "G10", "5", "4.5", "90", "G7", "2020-02-22",
        "earned G6, capped: the section has 5 rounds",
    ]  # fmt: skip
    assert by_number["4"][4:10] == ["G11", "5", "2.5", "50", "G10", "2020-02-22"]
    assert by_number["3"][8:] == ["", "", "fewer than 5 games"]
    assert by_number["5"][10] == "withdrawn after forfeits, results cancelled"
    jalali = report_table(
        [d], valid_until=jalali_to_gregorian(1398, 12, 1), calendar=Calendar.JALALI
    )
    assert jalali[0][9] == "1398-12-01"
    text = report_csv(["a", "b"], [["1", "x,y"]])
    assert text == 'a,b\r\n1,"x,y"\r\n'
