"""Line-ups by hand: roster order, empty boards, deadline, registered line-up (issue 6.3)."""

from __future__ import annotations

import datetime

import pytest

from crosstable.regulations.schema import TeamRules
from crosstable.teams.lineups import (
    LineUpSource,
    effective_lineup,
    is_short,
    lineup_deadline,
    validate_lineup,
)
from crosstable.teams.roster import TeamRoster

FARS = TeamRules(
    boards=4,
    reserves=2,
    min_players_for_match=3,
    short_team_result="0-4",
    lineup_minutes_before_round=30,
)
ROSTER = TeamRoster(1, "Andisheh", (11, 12, 13, 14, 15, 16), captain=11, unit="Shiraz")
ROUND_START = datetime.datetime(2019, 11, 15, 9, 30)


def codes(boards: list[int | None]) -> list[str]:
    return [problem.code for problem in validate_lineup(ROSTER, boards, FARS)]


def test_reserves_may_replace_main_boards_in_roster_order() -> None:
    assert codes([11, 13, 14, 15]) == []  # 12 rests, reserve 15 plays board 4
    assert codes([12, 13, 15, 16]) == []


def test_order_must_follow_the_roster() -> None:
    assert codes([12, 11, 13, 14]) == ["lineup.order"]
    assert codes([11, 15, 13, 14]) == ["lineup.order", "lineup.order"]


def test_players_not_on_the_roster_or_twice_are_refused() -> None:
    assert codes([11, 12, 13, 99]) == ["lineup.not_on_roster"]
    assert codes([11, 12, 12, 13]) == ["lineup.duplicate"]
    assert codes([11, 12, 13]) == ["lineup.board_count"]


def test_empty_boards_are_the_last_ones() -> None:
    assert codes([11, 12, 13, None]) == []
    assert codes([11, None, 13, 14]) == ["lineup.gap"]


def test_registered_lineup_without_submission_or_when_late() -> None:
    deadline = lineup_deadline(ROUND_START, FARS)
    assert deadline == datetime.datetime(2019, 11, 15, 9, 0)
    on_time = effective_lineup(ROSTER, 1, FARS, [11, 12, 13, 15], deadline, ROUND_START)
    assert on_time.boards == (11, 12, 13, 15) and on_time.source is LineUpSource.SUBMITTED
    late = effective_lineup(
        ROSTER, 1, FARS, [11, 12, 13, 15], deadline + datetime.timedelta(minutes=1), ROUND_START
    )
    assert late.boards == (11, 12, 13, 14) and late.source is LineUpSource.REGISTERED
    none = effective_lineup(ROSTER, 1, FARS, round_start=ROUND_START)
    assert none.source is LineUpSource.REGISTERED


def test_arbiter_lineup_wins_and_short_team_is_detected() -> None:
    lineup = effective_lineup(ROSTER, 2, FARS, [11, 12, 13, 14], arbiter=[11, 12, None, None])
    assert lineup.source is LineUpSource.ARBITER and lineup.players == (11, 12)
    assert is_short(lineup, FARS)


def test_an_invalid_submitted_lineup_is_an_error() -> None:
    with pytest.raises(ValueError, match="roster"):
        effective_lineup(ROSTER, 1, FARS, [14, 13, 12, 11])


def test_a_roster_lists_each_player_once() -> None:
    with pytest.raises(ValueError, match="twice"):
        TeamRoster(2, "Twice", (1, 2, 2))


def test_an_order_problem_names_players_places_and_boards() -> None:
    # Roster 11..16; line-up 12, 11, 13, 14: board 2's player 11 (roster place 1) sits below
    # board 1's player 12 (roster place 2).
    names = {11: "Reza Ahmadi", 12: "Sara Karimi"}
    (problem,) = validate_lineup(ROSTER, [12, 11, 13, 14], FARS, names)
    assert (problem.code, problem.board, problem.player, problem.roster_place) == (
        "lineup.order",
        2,
        11,
        1,
    )
    assert (problem.above_board, problem.above_player, problem.above_roster_place) == (1, 12, 2)
    assert problem.message == (
        "board 2: Reza Ahmadi (roster place 1) may not play below Sara Karimi (roster place 2)"
        " on board 1: the line-up keeps the roster order"
    )


def test_an_order_problem_points_at_the_highest_place_above() -> None:
    # 14, 11, 12, 13: boards 2, 3 and 4 each sit below board 1's player 14 (roster place 4),
    # not below the board just above them.
    problems = validate_lineup(ROSTER, [14, 11, 12, 13], FARS)
    assert [(p.board, p.above_board, p.above_player, p.above_roster_place) for p in problems] == [
        (2, 1, 14, 4),
        (3, 1, 14, 4),
        (4, 1, 14, 4),
    ]
    gap, count = (
        validate_lineup(ROSTER, [11, None, 13, 14], FARS)[0],
        validate_lineup(ROSTER, [11, 12, 13], FARS)[0],
    )
    assert (gap.code, gap.board, gap.above_board) == ("lineup.gap", 3, 2)
    assert (count.boards_expected, count.boards_given) == (4, 3)
