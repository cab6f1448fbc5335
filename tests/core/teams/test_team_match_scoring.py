"""Team match scoring by hand: board results, empty boards, short teams, ineligible players,
byes and standings (issue 6.2-6.5). Fars league rules: 4 boards, 1/½/0, 2/1/0, a match needs
3 players, else 0-4."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from crosstable.model.colour import Colour
from crosstable.model.results import ResultCode
from crosstable.model.scoring import ScoringSystem
from crosstable.regulations.schema import TeamByeValue
from crosstable.standings import StandingsRules, compute_team_standings
from crosstable.teams.lineups import LineUp
from crosstable.teams.match_scoring import (
    MatchRules,
    ScoredMatch,
    TeamBye,
    board_colour,
    event_records,
    rescore_ineligible,
    score_match,
    team_event,
)
from crosstable.typed.results import read_board_result

FARS = MatchRules(
    boards=4,
    match_points=ScoringSystem(Fraction(2), Fraction(1), Fraction(0)),
    min_players=3,
    short_team_score=(Fraction(0), Fraction(4)),
)
FARS_B = MatchRules(
    boards=4,
    match_points=FARS.match_points,
    min_players=3,
    short_team_score=(Fraction(0), Fraction(4)),
    opponents_win_all_games=True,
)
A = LineUp(1, 1, (11, 12, 13, 14))
B = LineUp(2, 1, (21, 22, 23, 24))


def test_first_named_team_has_white_on_odd_boards() -> None:
    assert [board_colour(b) for b in (1, 2, 3, 4)] == [
        Colour.WHITE,
        Colour.BLACK,
        Colour.WHITE,
        Colour.BLACK,
    ]


def test_board_results_give_the_match_result() -> None:
    # 1 + 1/2 + 0 + 1 = 2.5 against 1.5: a won match, 2 match points to 0.
    match = score_match(1, A, B, {1: "1-0", 2: "1/2", 3: "0-1", 4: "1-0"}, FARS)
    assert (match.first_game_points, match.second_game_points) == (Fraction(5, 2), Fraction(3, 2))
    assert (match.first_match_points, match.second_match_points) == (2, 0)
    assert match.first_result is ResultCode.WIN and match.second_result is ResultCode.LOSS
    drawn = score_match(1, A, B, {1: "1-0", 2: "0-1", 3: "1/2", 4: "1/2"}, FARS)
    assert (drawn.first_match_points, drawn.second_match_points) == (1, 1)


def test_missing_board_result_keeps_the_match_pending() -> None:
    match = score_match(1, A, B, {1: "1-0", 2: "1/2", 3: "0-1"}, FARS)
    assert match.first_result is ResultCode.PENDING and match.first_match_points == 0


def test_empty_board_is_forfeited() -> None:
    three = LineUp(2, 1, (21, 22, 23, None))
    match = score_match(1, A, three, {1: "0-1", 2: "0-1", 3: "1/2"}, FARS)
    assert match.boards[3].first_result is ResultCode.FORFEIT_WIN
    assert match.boards[3].second_result is ResultCode.FORFEIT_LOSS
    # 0 + 0 + 1/2 + 1 (forfeit) = 1.5 against 2.5: the three-player team still wins.
    assert (match.first_game_points, match.second_game_points) == (Fraction(3, 2), Fraction(5, 2))
    assert match.second_match_points == 2


def test_short_team_loses_by_the_regulation_score() -> None:
    two = LineUp(2, 1, (21, 22, None, None))
    match = score_match(1, A, two, {1: "0-1", 2: "0-1"}, FARS)  # results on the board ignored
    assert (match.first_game_points, match.second_game_points) == (4, 0)
    assert (match.first_match_points, match.second_match_points) == (2, 0)
    # Two games were played over the board: the teams have met (docs/teams.md, issue 25).
    assert match.first_result is ResultCode.WIN and match.note == "short:2"
    # Nobody of team 2 came (its two named players entered absent): no meeting.
    nobody_came = score_match(1, A, two, {1: "+-", 2: "+-"}, FARS)
    assert nobody_came.first_result is ResultCode.FORFEIT_WIN
    both = score_match(1, LineUp(1, 1, (11, None, None, None)), two, {}, FARS)
    assert (both.first_match_points, both.second_match_points) == (0, 0)
    assert both.second_result is ResultCode.FORFEIT_LOSS


def test_a_team_with_two_players_present_loses_nought_four() -> None:
    """Issue 11: "a team with two players present entered as forfeits scores 3–1 instead of
    0–4". The regulation (Fars 2): "a match is valid with three players; a team with fewer than
    3 players loses (4–0)". Team 2 names four players but only 21 and 22 come: boards 3 and 4
    are entered as forfeits (+-). By the boards it would be 1-0, 0-1, +-, +- = 3–1 for team 1;
    with two players present team 2 is short and loses 0–4, its two games not counting."""
    results = {1: "1-0", 2: "0-1", 3: "+-", 4: "+-"}
    match = score_match(1, A, B, results, FARS)
    assert (match.first_game_points, match.second_game_points) == (4, 0)
    assert (match.first_match_points, match.second_match_points) == (2, 0)
    assert match.note == "short:2"
    assert all(b.second_result is ResultCode.FORFEIT_LOSS for b in match.boards)
    # Decided as soon as the two absences are in, before the two games' results.
    early = score_match(1, A, B, {3: "+-", 4: "+-"}, FARS)
    assert (early.first_game_points, early.second_game_points) == (4, 0)
    # One absent is still a team of three: the boards count, 1-0, 0-1, 1/2, +- = 2½–1½.
    three = score_match(1, A, B, {1: "1-0", 2: "0-1", 3: "1/2", 4: "+-"}, FARS)
    assert (three.first_game_points, three.second_game_points) == (Fraction(5, 2), Fraction(3, 2))
    assert three.note == ""
    # Both sides down to two (double forfeits on boards 3 and 4): nobody scores.
    both = score_match(1, A, B, {1: "1-0", 2: "0-1", 3: "--", 4: "--"}, FARS)
    assert (both.first_match_points, both.second_match_points) == (0, 0)
    assert both.note == "short:both"


def test_read_board_result_names_the_accepted_forms() -> None:
    assert read_board_result("-+") == (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
    assert read_board_result(" ½-½") == (ResultCode.DRAW, ResultCode.DRAW)
    with pytest.raises(ValueError, match="1-0"):
        read_board_result("2-0")


def _league() -> list[ScoredMatch]:
    c = LineUp(3, 2, (31, 32, 33, 34))
    return [
        # Round 1: team 1 (with player 13) beats team 2 2.5-1.5; player 13 drew.
        score_match(1, A, B, {1: "1-0", 2: "1/2", 3: "1/2", 4: "1/2"}, FARS),
        # Round 2: team 3 v team 1, player 13 (board 3, team 1 second-named) won.
        score_match(
            2, c, LineUp(1, 2, (11, 12, 13, 14)), {1: "1-0", 2: "1-0", 3: "0-1", 4: "1/2"}, FARS
        ),
    ]


def test_ineligible_player_games_become_forfeit_losses() -> None:
    matches, changes = rescore_ineligible(_league(), 13, FARS)
    # Round 1: 1 + 1/2 + 0 + 1/2 = 2 - 2: a drawn match now.
    assert (matches[0].first_game_points, matches[0].second_game_points) == (2, 2)
    assert matches[0].boards[2].first_result is ResultCode.FORFEIT_LOSS
    assert (matches[0].first_match_points, matches[0].second_match_points) == (1, 1)
    # Round 2: team 3 had 2.5 - 1.5, now 3.5 - 0.5.
    assert (matches[1].first_game_points, matches[1].second_game_points) == (
        Fraction(7, 2),
        Fraction(1, 2),
    )
    assert [change.after.round_number for change in changes] == [1, 2]
    assert "2.5-1.5" not in changes[0].describe() and "-> 2-2" in changes[0].describe()


def test_ineligible_player_fars_b_opponents_win_four_nil() -> None:
    matches, changes = rescore_ineligible(_league(), 13, FARS_B)
    assert (matches[0].first_game_points, matches[0].second_game_points) == (0, 4)
    assert (matches[1].first_game_points, matches[1].second_game_points) == (4, 0)
    assert (matches[0].second_match_points, matches[1].first_match_points) == (2, 2)
    assert len(changes) == 2 and changes[0].before.first_game_points == Fraction(5, 2)
    # Re-scored, the matches were still played over the board: the teams have met (never
    # paired again, issue 11) and the records a pairing reads say so (no 330 "not played";
    # 299 gives the 4–0 the boards do not add up to).
    assert matches[0].first_result is ResultCode.LOSS
    assert matches[1].first_result is ResultCode.WIN
    records = event_records(matches, FARS_B)
    assert records.forfeited_matches == ()
    assert [(a.round_number, a.team, a.result, a.game_points) for a in records.assignments] == [
        (1, 1, "L", 0),
        (1, 2, "W", 4),
        (2, 3, "W", 4),
        (2, 1, "L", 0),
    ]


def test_standings_are_recomputed_after_rescoring() -> None:
    names = {1: "One", 2: "Two", 3: "Three"}
    byes = [TeamBye(1, 3), TeamBye(2, 2)]
    rules = StandingsRules.from_text("MPvGP,DE,BH,BH/C1,BH/M1")
    before_event = team_event(_league(), names, FARS, 2, byes)
    before = compute_team_standings(before_event, rules)
    # C.04.6: each bye is a drawn match, 1 MP and 2 GP (4 boards x 1/2).
    # Team 1: won 2.5-1.5, lost 1.5-2.5: 2 MP, 4 GP. Team 2: lost 1.5-2.5, bye: 1 MP,
    # 3.5 GP. Team 3: bye, won 2.5-1.5: 3 MP, 4.5 GP.
    assert [before_event.score(team, "MP") for team in (1, 2, 3)] == [2, 1, 3]
    assert [before_event.score(team, "GP") for team in (1, 2, 3)] == [
        4,
        Fraction(7, 2),
        Fraction(9, 2),
    ]
    assert [row.number for row in before.rows] == [3, 1, 2]
    rescored, _ = rescore_ineligible(_league(), 13, FARS_B)
    after_event = team_event(rescored, names, FARS, 2, byes)
    after = compute_team_standings(after_event, rules)
    # Both of team 1's matches go 0-4: team 2 has 2 + 1 MP and 4 + 2 GP, team 3 1 + 2 MP
    # and 2 + 4 GP, team 1 nothing.
    assert after.row(1).points == 0 and after.row(2).points == 3 and after.row(3).points == 3
    assert [after_event.score(team, "GP") for team in (1, 2, 3)] == [0, 6, 6]
    assert after.row(1).rank == 3


def test_bye_is_a_drawn_match_by_default_and_what_team_bye_says() -> None:
    # C.04.6: the PAB gets the MP and GP of a drawn match: 1 MP of 2/1/0 and 4 x 1/2 = 2 GP.
    assert FARS.bye_points() == (1, 2)
    win = dataclasses.replace(FARS, bye=TeamByeValue("win"))
    assert win.bye_points() == (2, 4)
    loss = dataclasses.replace(FARS, bye=TeamByeValue("loss"))
    assert loss.bye_points() == (0, 0)
    given = dataclasses.replace(FARS, bye=TeamByeValue("points", Fraction(2), Fraction(5, 2)))
    assert given.bye_points() == (2, Fraction(5, 2))
    names = {1: "One", 2: "Two", 3: "Three"}
    for rules, expected in ((FARS, (1, 2)), (win, (2, 4)), (given, (2, Fraction(5, 2)))):
        event = team_event([], names, rules, 1, [TeamBye(1, 3)])
        assert (event.matches[3][0].match_points, event.matches[3][0].game_points) == expected
        records = event_records([], rules, [TeamBye(1, 3)])
        assert (records.bye_match_points, records.bye_game_points) == expected


def test_bye_worth_what_the_regulation_says() -> None:
    names = {1: "One", 2: "Two", 3: "Three"}
    event = team_event(
        [],
        names,
        FARS,
        1,
        [TeamBye(1, 3)],
        bye_match_points=Fraction(1),
        bye_game_points=Fraction(2),
    )
    assert (event.matches[3][0].match_points, event.matches[3][0].game_points) == (1, 2)
    assert event.matches[1][0].result is ResultCode.ZERO_POINT_BYE
