"""Loading regulations files: the five seed examples, and errors that name the key."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.regulations import (
    Calendar,
    Game,
    Regulations,
    RegulationsError,
    jalali_to_gregorian,
    load_regulations,
    parse_regulations,
)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SEED_EXAMPLES = (
    "kinabatangan-school-2024.toml",
    "futian-chess-grade-2019.toml",
    "fars-team-league-1398.toml",
    "huayuan-xiangqi-invitational-2019.toml",
    "futian-youth-xiangqi-chess-2009.toml",
)


@pytest.mark.parametrize("name", SEED_EXAMPLES)
def test_every_seed_example_loads(name: str) -> None:
    regulations = load_regulations(EXAMPLES / name)
    assert regulations.sections
    assert regulations.source.endswith(name)


def test_kinabatangan_follows_the_malay_text() -> None:
    regs = load_regulations(EXAMPLES / "kinabatangan-school-2024.toml")
    assert regs.language == "ms"
    assert [(s.key, sorted(s.eligibility.sexes)) for s in regs.sections] == [
        ("L12", ["M"]),
        ("P12", ["F"]),
    ]
    section = regs.sections[0]
    assert section.rounds is None  # blank in the original
    assert section.scoring.pairing_bye_points == 1
    assert section.tiebreaks == ("OTHER_LJF",)
    assert section.pairing.avoid_same_unit_rounds == (1, 1)
    assert section.pairing.house_player_for_odd
    assert regs.fees is not None and regs.fees.amount == Decimal("5.00")
    assert regs.deadlines.additions_after_list is False
    # 4.9-4.11 and 4.13: the Dutch engine applies every local rule of the file (issue 7).
    assert not any("local_rules" in gap for gap in regs.unsupported)


def test_futian_grade_sections_rounds_and_schedules() -> None:
    regs = load_regulations(EXAMPLES / "futian-chess-grade-2019.toml")
    assert [(s.key, s.rounds) for s in regs.sections] == [
        ("A", 7), ("B", 7), ("C", 7), ("D", 5), ("E", 5), ("F", 5), ("G", 5)
    ]  # fmt: skip
    a, d = regs.section("A"), regs.section("D")
    assert a.schedule[0].start == datetime.time(8, 0)
    assert d.schedule[0].start == datetime.time(10, 20)
    assert d.schedule[-1].round_number == 5
    assert a.sex_split is not None and a.sex_split.merge_below == 10
    assert a.split_over == 128
    assert a.time_control is not None and a.time_control.shared
    assert a.time_control.encoded == "1800"  # 60 minutes for both = 30 minutes each
    assert (a.late_forfeit_minutes, a.forfeits_to_withdraw) == (15, 2)
    assert regs.deadlines.registration == datetime.datetime(2019, 12, 16, 0, 0)
    assert regs.unsupported == ()


def test_fars_dates_are_read_in_the_jalali_calendar() -> None:
    regs = load_regulations(EXAMPLES / "fars-team-league-1398.toml")
    assert regs.calendar is Calendar.JALALI
    table_a, table_b = regs.sections
    # Friday 24 Aban 1398 and Thursday 16 Aban 1398.
    assert table_a.schedule[0].date == datetime.date(2019, 11, 15)
    assert table_a.schedule[0].date.weekday() == 4
    assert table_b.schedule[0].date == datetime.date(2019, 11, 7)
    assert table_b.schedule[0].date.weekday() == 3
    assert table_b.eligibility.born_on_or_after == datetime.date(2005, 12, 19)
    assert regs.deadlines.registration == datetime.datetime(2019, 11, 6, 11, 0)
    assert regs.fees is not None and regs.fees.amount == 720000
    assert [d.percent for d in regs.fees.discounts] == [100, 50, 25, 100, 15, 50]
    assert table_a.team is not None and table_a.team.match_points is not None
    assert table_a.team.match_points.win == 2 and table_a.is_team_event
    assert table_a.capacity == 61 and regs.capacity_priority == "payment_date"
    assert table_b.team is not None
    assert table_b.team.ineligible_player_penalty == "opponents_win_all_games"
    assert table_b.board_ranking is not None and table_b.board_ranking.min_games[5] == 5
    assert all("issue 6" in gap for gap in regs.unsupported)


def test_huayuan_is_xiangqi_with_team_ranking_by_places() -> None:
    regs = load_regulations(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    (section,) = regs.sections
    assert section.game is Game.XIANGQI
    assert section.scoring.win == 2 and section.scoring.draw == 1
    assert section.pairing.max_same_colour_in_row == 2
    assert section.tiebreaks == (
        "OTHER_DSF", "WIN", "OTHER_ZS", "OTHER_FOUL", "BPG", "OTHER_PREV"
    )  # fmt: skip
    individual = section.prizes[1]
    assert [(p.first, p.last, p.amount) for p in individual.places][-2:] == [
        (7, 12, 500),
        (13, 20, 300),
    ]
    assert section.pairing.system == "XIANGQI_SWISS"
    assert regs.unsupported == ()  # the xiangqi Swiss and its round-1 draw are supported


def test_futian_youth_has_eight_sections_with_per_unit_limits() -> None:
    regs = load_regulations(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    assert len(regs.sections) == 8
    kindergarten = regs.section("ch-K")
    assert kindergarten.game is Game.CHESS and kindergarten.scoring.win == 1
    assert regs.section("xq-J").scoring.win == 2
    assert kindergarten.max_per_unit == 6 and regs.section("ch-CA").max_per_unit == 4
    assert kindergarten.tiebreaks == () and kindergarten.final_tie == "shared"
    boys = kindergarten.prizes[0].categories[0]
    assert boys.places[0].shareable is False and boys.places[1].shareable is True


def test_jalali_conversion_known_dates() -> None:
    assert jalali_to_gregorian(1398, 1, 1) == datetime.date(2019, 3, 21)
    assert jalali_to_gregorian(1403, 12, 30) == datetime.date(2025, 3, 20)  # leap year
    assert jalali_to_gregorian(1348, 9, 29) == datetime.date(1969, 12, 20)
    with pytest.raises(ValueError):
        jalali_to_gregorian(1398, 12, 30)  # 1398 is not a leap year


MINIMAL = """
[event]
name = "Test"
game = "chess"
{event_extra}

[[sections]]
key = "open"
name = "Open"
rounds = 5
pairing = {{ system = "FIDE_DUTCH_2026" }}
{section_extra}
"""


def parse(section_extra: str = "", event_extra: str = "", tail: str = "") -> Regulations:
    text = MINIMAL.format(section_extra=section_extra, event_extra=event_extra) + tail
    return parse_regulations(text, "examples/x.toml")


def error_of(section_extra: str = "", event_extra: str = "", tail: str = "") -> RegulationsError:
    with pytest.raises(RegulationsError) as caught:
        parse(section_extra, event_extra, tail)
    return caught.value


def test_minimal_file_defaults() -> None:
    regs = parse()
    assert regs.language == "en"
    section = regs.sections[0]
    assert section.scoring.is_standard and section.final_tie == "lots"


def test_bad_date_names_the_key_in_the_issue_wording() -> None:
    error = parse_error_in_third_section()
    assert str(error) == (
        "examples/x.toml: sections[2].eligibility.born_on_or_after: "
        'expected a date YYYY-MM-DD, got "2003-13-01"'
    )
    assert error.key == "sections[2].eligibility.born_on_or_after"
    assert error.source == "examples/x.toml"


def parse_error_in_third_section() -> RegulationsError:
    tail = "".join(
        f'\n[[sections]]\nkey = "s{n}"\nname = "S{n}"\npairing.system = "FIDE_DUTCH_2026"\n'
        for n in (2, 3)
    )
    tail += 'eligibility.born_on_or_after = "2003-13-01"\n'
    return error_of(tail=tail)


@pytest.mark.parametrize(
    ("section_extra", "key", "problem"),
    [
        ("colour = 1", "sections[0].colour", "unknown key"),
        (
            'tiebreaks = ["BH", "BUCHOLZ"]',
            "sections[0].tiebreaks[1]",
            'unknown tie-break "BUCHOLZ" for this section',
        ),
        (
            'tiebreaks = ["BH/X1"]',
            "sections[0].tiebreaks[0]",
            '"BH/X1" cannot be read as a tie-break',
        ),
        (
            'tiebreaks = ["DE/C1"]',
            "sections[0].tiebreaks[0]",
            '"DE/C1": the tie-break does not take this modifier',
        ),
        ('tiebreaks = ["BBE"]', "sections[0].tiebreaks[0]", 'unknown tie-break "BBE"'),
        (
            "scoring = { draw = 0.5 }",
            "sections[0].scoring.draw",
            'write points exactly, e.g. "1/2"',
        ),
        ('scoring = { win = "a" }', "sections[0].scoring.win", "expected points"),
        ("split_over = 1", "sections[0].split_over", "expected a number >= 2, got 1"),
        ("max_per_unit = true", "sections[0].max_per_unit", "expected a whole number, got true"),
        (
            'eligibility.sex = ["W"]',
            "sections[0].eligibility.sex[0]",
            'expected one of "M", "F", got "W"',
        ),
        (
            "eligibility.grade = { from = 7, to = 6 }",
            "sections[0].eligibility.grade.to",
            "weaker",
        ),
        # an age group no one is in (the cut-offs typed the wrong way round)
        (
            "eligibility.born_on_or_after = 2012-01-01\neligibility.born_on_or_before = 2010-12-31",
            "sections[0].eligibility.born_on_or_before",
            "is before 'born on or after'",
        ),
        (
            "eligibility.age = { on = 2019-12-22, at_least = 12, below = 8 }",
            "sections[0].eligibility.age.below",
            "must be more than 'at least'",
        ),
        (
            "eligibility.age = { on = 2019-12-22, at_least = 8, below = 8 }",
            "sections[0].eligibility.age.below",
            "must be more than 'at least'",
        ),
        (
            'schedule = [{ round = 1, date = 2019-01-01, start = "25:00" }]',
            "sections[0].schedule[0].start",
            'expected a time HH:MM, got "25:00"',
        ),
        (
            'schedule = [{ round = 1, date = 2019-01-01, start = "09:00" }]',
            "sections[0].schedule",
            "lists 1 rounds but the section has 5 rounds",
        ),
        ('schedule = "long"', "sections[0].schedule", 'no [schedules] entry named "long"'),
        (
            '[[sections.prizes]]\nrankings = ["girls"]',
            "sections[0].prizes[0].rankings",
            'no ranking "girls"',
        ),
        (
            '[[sections.prizes]]\nrankings = ["individual"]\nplaces = [{ place = 2 }]',
            "sections[0].prizes[0].places[0].place",
            "expected place 1 next",
        ),
        (
            '[[sections.prizes]]\nrankings = ["individual"]\n'
            "places = [{ place = 1, amount = 9.5 }]",
            "sections[0].prizes[0].places[0].amount",
            'write amounts exactly, e.g. "9.5" in quotes',
        ),
    ],
)
def test_section_errors_name_key_and_problem(section_extra: str, key: str, problem: str) -> None:
    error = error_of(section_extra)
    assert error.key == key
    assert problem in error.problem


def test_pairing_and_key_errors() -> None:
    section = '\n[[sections]]\nkey = "{key}"\nname = "S"\nrounds = 0\npairing = {pairing}\n'
    bad_rule = section.format(
        key="b", pairing='{ system = "FIDE_DUTCH_2026", local_rules = ["x"] }'
    )
    assert error_of(tail=bad_rule).key == "sections[1].rounds"
    bad_rule = bad_rule.replace("rounds = 0", "rounds = 3")
    error = error_of(tail=bad_rule)
    assert error.key == "sections[1].pairing.local_rules[0]"
    assert 'expected one of "downfloater_highest_number", ' in error.problem
    bad_key = section.format(key="a b", pairing='{ system = "FIDE_DUTCH_2026" }')
    assert "letters, digits" in error_of(tail=bad_key.replace("rounds = 0", "")).problem
    bad_system = section.format(key="c", pairing='{ system = "MONRAD" }').replace("rounds = 0", "")
    assert error_of(tail=bad_system).key == "sections[1].pairing.system"


def test_toml_syntax_error_gives_line() -> None:
    with pytest.raises(RegulationsError) as caught:
        parse_regulations('[event]\nname = "x\n', "bad.toml")
    assert caught.value.source == "bad.toml"
    assert "line 2" in str(caught.value)


def test_missing_event_and_missing_sections() -> None:
    with pytest.raises(RegulationsError, match="event: missing"):
        parse_regulations("", "empty.toml")
    with pytest.raises(RegulationsError, match="sections: missing"):
        parse_regulations('[event]\nname = "x"\ngame = "chess"\n', "nosections.toml")


def test_event_level_errors() -> None:
    assert error_of(event_extra='game2 = "x"').key == "event.game2"
    assert "gregorian" in error_of(event_extra='calendar = "julian"').problem
    assert error_of(event_extra='language = "de"').key == "event.language"
    jalali_literal = error_of(
        event_extra='calendar = "jalali"', section_extra="eligibility.born_on_or_after = 1384-09-28"
    )
    assert "quoted strings" in jalali_literal.problem
    not_a_day = error_of(
        event_extra='calendar = "jalali"',
        section_extra='eligibility.born_on_or_after = "1398-12-30"',
    )
    assert not_a_day.problem == 'expected a date YYYY-MM-DD, got "1398-12-30"'


def test_fee_errors() -> None:
    fees = '\n[fees]\nper = "team"\namount = 100\ncurrency = "X"\n'
    assert error_of(tail=fees.replace("100", "-5")).key == "fees.amount"
    discount = '[[fees.discounts]]\nkey = "d"\nname = "D"\npercent = 150\n'
    assert "0-100" in error_of(tail=fees + discount).problem
    other = fees + "[fees.sections]\nnope = 5\n"
    assert error_of(tail=other).key == "fees.sections.nope"


def test_duplicate_section_key() -> None:
    tail = '\n[[sections]]\nkey = "open"\nname = "Again"\npairing.system = "FIDE_DUTCH_2026"\n'
    error = error_of(tail=tail)
    assert error.key == "sections[1].key" and "duplicate" in error.problem


def test_section_defaults_merge_tables_key_by_key() -> None:
    text = """
[event]
name = "T"
game = "xiangqi"
[section_defaults]
rounds = 7
eligibility = { member_id_required = true, sex = ["M"] }
pairing.system = "FIDE_DUTCH_2026"
[[sections]]
key = "a"
name = "A"
eligibility.born_on_or_after = 2003-09-01
[[sections]]
key = "b"
name = "B"
game = "chess"
rounds = 5
eligibility.sex = ["F"]
"""
    regs = parse_regulations(text, "t.toml")
    a, b = regs.sections
    assert a.rounds == 7 and b.rounds == 5
    assert a.eligibility.member_id_required and b.eligibility.member_id_required
    assert a.eligibility.born_on_or_after == datetime.date(2003, 9, 1)
    assert a.eligibility.sexes == {"M"} and b.eligibility.sexes == {"F"}
    assert a.scoring.win == 2 and b.scoring.win == 1  # scoring follows each section's game
    assert a.scoring.draw == Fraction(1)


def test_load_missing_file() -> None:
    with pytest.raises(RegulationsError) as caught:
        load_regulations(EXAMPLES / "does-not-exist.toml")
    assert "cannot read the file" in caught.value.problem


def test_errors_in_inherited_values_point_to_section_defaults() -> None:
    text = """
[event]
name = "T"
game = "chess"
[section_defaults]
pairing.system = "FIDE_DUTCH_2026"
eligibility = { born_on_or_after = "2003-13-01" }
[[sections]]
key = "a"
name = "A"
"""
    with pytest.raises(RegulationsError) as caught:
        parse_regulations(text, "d.toml")
    assert caught.value.key == "sections[0].eligibility.born_on_or_after"
    assert caught.value.problem.endswith("(the value comes from [section_defaults])")
    own_value = text.replace('eligibility = { born_on_or_after = "2003-13-01" }\n', "")
    own_value += 'eligibility.born_on_or_after = "2003-13-01"\n'
    with pytest.raises(RegulationsError) as caught:
        parse_regulations(own_value, "d.toml")
    assert caught.value.problem == 'expected a date YYYY-MM-DD, got "2003-13-01"'
    missing_name = text.replace('name = "A"\n', "").replace('"2003-13-01"', '"2003-12-01"')
    with pytest.raises(RegulationsError) as caught:
        parse_regulations(missing_name, "d.toml")
    assert (caught.value.key, caught.value.problem) == ("sections[0].name", "missing (required)")


def test_unit_kinds_named_by_the_rules() -> None:
    """What an entry's or a team's unit kind is read against (issue 13 item 5): Fars names
    county teams in a fee discount and prizes, Futian youth ranks schools only."""
    examples = Path(__file__).resolve().parents[3] / "examples"
    assert load_regulations(examples / "fars-team-league-1398.toml").unit_kinds == ("county",)
    futian = load_regulations(examples / "futian-youth-xiangqi-chess-2009.toml")
    assert futian.unit_kinds == ("school",)
    assert load_regulations(examples / "kinabatangan-school-2024.toml").unit_kinds == ()


def test_time_zone_is_an_iana_name_or_an_error_naming_the_key() -> None:
    assert parse().time_zone == ""
    assert parse(event_extra='time_zone = "Asia/Tehran"').time_zone == "Asia/Tehran"
    error = error_of(event_extra='time_zone = "Tehran"')
    assert error.key == "event.time_zone"
    assert 'unknown time zone "Tehran"' in error.problem
    zones = {load_regulations(EXAMPLES / name).time_zone for name in SEED_EXAMPLES}
    assert zones == {"Asia/Kuching", "Asia/Shanghai", "Asia/Tehran"}


def test_a_birth_date_limit_after_the_event_is_refused() -> None:
    """Born on or after a day later than the event's last day: no player is born yet (a
    year typed off, 2030 for 2003); the day itself still admits the last day's newborn."""
    error = error_of(
        section_extra="eligibility.born_on_or_after = 2030-09-01",
        event_extra="start_date = 2009-11-14\nend_date = 2009-11-15",
    )
    assert error.key == "sections[0].eligibility.born_on_or_after"
    assert "no player is born yet" in error.problem
    kept = parse(
        section_extra="eligibility.born_on_or_after = 2009-11-15",
        event_extra="start_date = 2009-11-14\nend_date = 2009-11-15",
    )
    assert kept.sections[0].eligibility.born_on_or_after == datetime.date(2009, 11, 15)
    assert parse(section_extra="eligibility.born_on_or_after = 2030-09-01").sections  # no days
