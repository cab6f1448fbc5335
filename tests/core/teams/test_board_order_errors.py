"""The Fars rule "an error in the board order loses only the games where the error occurred",
worked by hand: which boards are out of order, and how the match is then scored."""

from __future__ import annotations

from fractions import Fraction

from crosstable.model.results import ResultCode
from crosstable.model.scoring import ScoringSystem
from crosstable.regulations.schema import TeamRules
from crosstable.teams.lineups import (
    LineUp,
    LineUpSource,
    boards_out_of_order,
    effective_lineup,
    validate_lineup,
)
from crosstable.teams.match_scoring import MatchRules, score_match
from crosstable.teams.roster import TeamRoster

TEAM_RULES = TeamRules(
    boards=4,
    reserves=2,
    min_players_for_match=3,
    short_team_result="0-4",
    lineup_minutes_before_round=30,
)
MATCH_RULES = MatchRules(
    boards=4,
    match_points=ScoringSystem(Fraction(2), Fraction(1), Fraction(0)),
    min_players=3,
    short_team_score=(Fraction(0), Fraction(4)),
)
ROSTER = TeamRoster(1, "Andisheh", (11, 12, 13, 14, 15, 16))
OTHER = LineUp(2, 1, (21, 22, 23, 24))


def test_the_games_where_the_error_occurred_are_every_misplaced_board() -> None:
    """Our reading of "loses only the games where the error occurred" (docs/teams.md): the
    error occurred on every board whose player is not the one the roster order puts there —
    the fielded players sorted by roster place, board by board."""
    # 11 and 12 swapped: 12 sits on board 1 (11's) and 11 on board 2 (12's): both boards.
    assert boards_out_of_order(ROSTER, [12, 11, 13, 14], TEAM_RULES) == {1, 2}
    # reserve 15 moved up to board 2: in roster order the four are 11, 13, 14, 15, so 15
    # belongs on board 4 and 13, 14 on boards 2, 3: boards 2, 3 and 4 are all wrong.
    assert boards_out_of_order(ROSTER, [11, 15, 13, 14], TEAM_RULES) == {2, 3, 4}
    # 13 and 14 swapped: boards 3 and 4; a reserve in for board 2 in order: no error.
    assert boards_out_of_order(ROSTER, [11, 12, 14, 13], TEAM_RULES) == {3, 4}
    assert boards_out_of_order(ROSTER, [11, 13, 14, 15], TEAM_RULES) == frozenset()
    # an empty last board changes nothing: 12, 11, 13 with board 4 empty -> boards 1 and 2.
    assert boards_out_of_order(ROSTER, [12, 11, 13, None], TEAM_RULES) == {1, 2}
    for boards in ([12, 11, 13, 14], [11, 15, 13, 14]):
        refused = [
            p for p in validate_lineup(ROSTER, boards, TEAM_RULES) if p.code == "lineup.order"
        ]
        assert refused  # what the validator refuses is what the arbiter may accept
    unordered = TeamRules(boards=4, reserves=2, keep_board_order=False)
    assert boards_out_of_order(ROSTER, [12, 11, 13, 14], unordered) == frozenset()


def test_two_swapped_players_lose_both_games() -> None:
    """Issue 11: "a board-order error forfeited only one of the two swapped boards". 11 and 12
    swapped, the games played 1-0, 1-0, 1/2, 0-1 (team 1 first): boards 1 and 2 are lost by
    forfeit by team 1, boards 3 and 4 stand: 0 + 0 + 1/2 + 0 = 1/2 against 3 1/2."""
    boards = [12, 11, 13, 14]
    lineup = effective_lineup(
        ROSTER,
        1,
        TEAM_RULES,
        arbiter=boards,
        arbiter_out_of_order=boards_out_of_order(ROSTER, boards, TEAM_RULES),
    )
    match = score_match(1, lineup, OTHER, {1: "1-0", 2: "1-0", 3: "1/2", 4: "0-1"}, MATCH_RULES)
    codes = [(b.first_result, b.second_result) for b in match.boards]
    assert codes[:2] == [(ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)] * 2
    assert codes[2:] == [(ResultCode.DRAW, ResultCode.DRAW), (ResultCode.LOSS, ResultCode.WIN)]
    assert (match.first_game_points, match.second_game_points) == (Fraction(1, 2), Fraction(7, 2))


def test_an_accepted_order_error_loses_only_its_games() -> None:
    lineup = effective_lineup(
        ROSTER, 1, TEAM_RULES, arbiter=[11, 15, 13, 14], arbiter_out_of_order=frozenset({3, 4})
    )
    assert lineup.source is LineUpSource.ARBITER and lineup.out_of_order == {3, 4}
    # Played: 1-0, 1/2, 1-0, 1/2 would be 3-1 for team 1; boards 3 and 4 are forfeited
    # instead: 1 + 1/2 + 0 + 0 = 1.5 against 2.5, a lost match.
    match = score_match(1, lineup, OTHER, {1: "1-0", 2: "1/2", 3: "1-0", 4: "1/2"}, MATCH_RULES)
    codes = [(b.first_result, b.second_result) for b in match.boards]
    assert codes[0] == (ResultCode.WIN, ResultCode.LOSS)
    assert codes[1] == (ResultCode.DRAW, ResultCode.DRAW)
    assert codes[2] == codes[3] == (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
    assert (match.first_game_points, match.second_game_points) == (Fraction(3, 2), Fraction(5, 2))
    assert (match.first_match_points, match.second_match_points) == (0, 2)
    assert match.first_result is ResultCode.LOSS  # boards 1 and 2 were played


def test_both_teams_out_of_order_on_one_board_lose_it_both() -> None:
    first = LineUp(1, 1, (12, 11, 13, 14), LineUpSource.ARBITER, frozenset({2}))
    second = LineUp(2, 1, (22, 21, 23, 24), LineUpSource.ARBITER, frozenset({2}))
    match = score_match(1, first, second, {1: "1/2", 3: "1/2", 4: "1/2"}, MATCH_RULES)
    board = match.boards[1]
    assert (board.first_result, board.second_result) == (ResultCode.FORFEIT_LOSS,) * 2
    assert (match.first_game_points, match.second_game_points) == (Fraction(3, 2),) * 2
    assert (match.first_match_points, match.second_match_points) == (1, 1)
