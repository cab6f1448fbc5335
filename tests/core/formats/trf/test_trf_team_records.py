"""TRF team records (352, 362, 320, 330, 310) written from scored team matches and read back:
the game points of the file equal the match scoring's, empty boards included (issue 6).

Fars league rules, worked by hand: 4 boards, a game 1 / ½ / 0, a match 2 / 1 / 0; a team with
fewer than 3 players present loses 0–4; an empty board is forfeited (the player facing it
wins by forfeit). Team 1 (players 1–4) is first-named: White on boards 1 and 3.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from crosstable.formats.trf import TrfError, read_trf, write_trf
from crosstable.formats.trf.team_records import read_team_records, team_record_lines
from crosstable.model import Colour, Player, ResultCode, Team, Tournament
from crosstable.model.scoring import ScoringSystem
from crosstable.model.team_match import TeamRound, TeamRoundKind, team_event_records, team_rounds
from crosstable.model.team_records import (
    BoardOrder,
    ForfeitedMatch,
    MatchPointSystem,
    PointsAssignment,
    TeamEventRecords,
)
from crosstable.teams.lineups import LineUp
from crosstable.teams.match_scoring import (
    MatchRules,
    ScoredMatch,
    TeamBye,
    event_records,
    record_match,
    score_match,
)
from crosstable.tiebreaks.team_matches import team_event_from_tournament

FARS = MatchRules(
    boards=4,
    match_points=ScoringSystem(Fraction(2), Fraction(1), Fraction(0)),
    min_players=3,
    short_team_score=(Fraction(0), Fraction(4)),
)


def _event() -> Tournament:
    tournament = Tournament(
        name="Fars",
        total_rounds=3,
        initial_colour=Colour.WHITE,
        teams=[Team(1, "Shiraz", [1, 2, 3, 4, 5, 6]), Team(2, "Kazerun", [7, 8, 9, 10, 11, 12])],
    )
    for number in range(1, 13):
        tournament.add_player(Player(number, f"Player {number}"))
    return tournament


def _through_trf(
    matches: list[ScoredMatch], byes: tuple[TeamBye, ...] = ()
) -> tuple[str, dict[int, list[TeamRound]]]:
    """Write the matches as the web export does, read the text back, and derive the rounds."""
    tournament = _event()
    for match in matches:
        record_match(tournament, match)
    tournament.team_records = event_records(matches, FARS, byes)
    text = write_trf(tournament)
    again = read_trf(text)
    return text, team_rounds(again, team_event_records(again))


def _player_cell(text: str, number: int, round_number: int = 1) -> str:
    line = next(line for line in text.splitlines() if line.startswith(f"001 {number:4d}"))
    start = 91 + 10 * (round_number - 1)
    return line[start : start + 8]


def test_three_players_present_forfeit_board_four() -> None:
    # Boards 1-0, 0-1, ½-½; board 4 of team 1 is empty: team 2's player 10 wins by forfeit.
    # Team 1: 1 + 0 + ½ = 1½; team 2: 0 + 1 + ½ + 1 = 2½ -> team 2 wins, 2 match points.
    # (Without the forfeited board both teams would have 1½: a draw.)
    match = score_match(
        1,
        LineUp(1, 1, (1, 2, 3, None)),
        LineUp(2, 1, (7, 8, 9, 10)),
        {1: "1-0", 2: "0-1", 3: "1/2"},
        FARS,
    )
    assert (match.first_game_points, match.second_game_points) == (Fraction(3, 2), Fraction(5, 2))
    text, rounds = _through_trf([match])
    assert _player_cell(text, 10) == "0000 - +"
    first, second = rounds[1][0], rounds[2][0]
    assert (first.game_points, first.match_points, first.result) == (
        Fraction(3, 2),
        0,
        ResultCode.LOSS,
    )
    assert (second.game_points, second.match_points, second.result) == (
        Fraction(5, 2),
        2,
        ResultCode.WIN,
    )
    assert first.kind is second.kind is TeamRoundKind.PLAYED
    assert (first.opponent, first.colour, second.colour) == (2, Colour.WHITE, Colour.BLACK)
    assert not [line for line in text.splitlines() if line.startswith("330")]
    # The tie-breaks' board-by-board reading has the forfeited board too (board 4, not played,
    # 1 point for team 2; nothing for team 1, which had nobody there).
    event = team_event_from_tournament(read_trf(text))
    boards = event.matches[2][0].boards
    assert [(b.board, b.points, b.played) for b in boards] == [
        (1, 0, True),
        (2, 1, True),
        (3, Fraction(1, 2), True),
        (4, 1, False),
    ]
    assert len(event.matches[1][0].boards) == 3


def test_two_players_named_none_came_lose_nought_four() -> None:
    # Team 1 names 2 players (fewer than 3) and neither comes (entered as forfeits -+): it
    # loses 0-4; its two players lose by forfeit, team 2's four players win by forfeit (two
    # of them facing empty boards). No game was played over the board: the match was not
    # played (had the two come and sat down, it would be a meeting:
    # test_short_team_that_played_a_game_has_met below).
    match = score_match(
        1,
        LineUp(1, 1, (1, 2, None, None)),
        LineUp(2, 1, (7, 8, 9, 10)),
        {1: "-+", 2: "-+"},
        FARS,
    )
    assert (match.first_game_points, match.second_game_points) == (0, 4)
    text, rounds = _through_trf([match])
    assert _player_cell(text, 1) == "   7 w -" and _player_cell(text, 7) == "   1 b +"
    assert _player_cell(text, 9) == "0000 - +" and _player_cell(text, 10) == "0000 - +"
    first, second = rounds[1][0], rounds[2][0]
    assert (first.game_points, first.match_points, first.result) == (
        0,
        0,
        ResultCode.FORFEIT_LOSS,
    )
    assert (second.game_points, second.match_points, second.result) == (
        4,
        2,
        ResultCode.FORFEIT_WIN,
    )
    assert first.kind is TeamRoundKind.NOT_PLAYED


def test_short_team_that_played_a_game_has_met() -> None:
    # The same match with board 1 played (1-0 for player 1): still 0-4 by the regulation, but
    # a game was played over the board, so the teams have met (docs/teams.md). The boards stay
    # forfeits (the games are not official), and the file says so with 299 L / W: 0 and 4
    # game points, 0 and 2 match points, a played match (no 330).
    match = score_match(
        1,
        LineUp(1, 1, (1, 2, None, None)),
        LineUp(2, 1, (7, 8, 9, 10)),
        {1: "1-0"},
        FARS,
    )
    assert (match.first_game_points, match.second_game_points) == (0, 4)
    assert match.first_result is ResultCode.LOSS
    text, rounds = _through_trf([match])
    assert _player_cell(text, 1) == "   7 w -" and _player_cell(text, 7) == "   1 b +"
    assert not [line for line in text.splitlines() if line.startswith("330")]
    assert [line[:8] for line in text.splitlines() if line.startswith("299")] == [
        "299 L   ",
        "299 W   ",
    ]
    first, second = rounds[1][0], rounds[2][0]
    assert (first.game_points, first.match_points, first.result) == (0, 0, ResultCode.LOSS)
    assert (second.game_points, second.match_points, second.result) == (4, 2, ResultCode.WIN)
    assert first.kind is second.kind is TeamRoundKind.PLAYED
    assert (first.opponent, first.colour, second.colour) == (2, Colour.WHITE, Colour.BLACK)


def test_short_team_against_three_players_still_loses_nought_four() -> None:
    # Team 1 names 2 players, who do not come (-+), team 2 has 3: team 1 loses 0-4 by the
    # regulation although team 2 won only three boards by forfeit (board 4 has nobody). The
    # boards say 0-3, so the file says "the whole match forfeited" (330 -+), which gives
    # every board to team 2.
    match = score_match(
        1,
        LineUp(1, 1, (1, 2, None, None)),
        LineUp(2, 1, (7, 8, 9, None)),
        {1: "-+", 2: "-+"},
        FARS,
    )
    assert (match.first_game_points, match.second_game_points) == (0, 4)
    text, rounds = _through_trf([match])
    assert "330 -+ 001 001 002" in text.splitlines()
    assert (rounds[1][0].game_points, rounds[2][0].game_points) == (0, 4)
    assert (rounds[1][0].match_points, rounds[2][0].match_points) == (0, 2)


def test_team_fielding_nobody_is_found_through_record_330() -> None:
    # Nobody of team 1 came: team 2's four players have no opponent; only 330 names the match.
    match = score_match(
        1,
        LineUp(1, 1, (None, None, None, None)),
        LineUp(2, 1, (7, 8, 9, 10)),
        {},
        FARS,
    )
    text, rounds = _through_trf([match])
    assert [_player_cell(text, n) for n in (7, 8, 9, 10)] == ["0000 - +"] * 4
    assert (rounds[1][0].opponent, rounds[2][0].opponent) == (2, 1)
    assert (rounds[1][0].game_points, rounds[2][0].game_points) == (0, 4)
    assert rounds[2][0].result is ResultCode.FORFEIT_WIN


def test_both_teams_short_is_a_double_forfeit() -> None:
    # 1 player against 2: both short, nobody scores. The boards say it (forfeit losses on
    # both sides of board 1, "0000 - -" for player 8), so no 330 is needed.
    match = score_match(
        1,
        LineUp(1, 1, (1, None, None, None)),
        LineUp(2, 1, (7, 8, None, None)),
        {},
        FARS,
    )
    assert (match.first_match_points, match.second_match_points) == (0, 0)
    text, rounds = _through_trf([match])
    assert (_player_cell(text, 1), _player_cell(text, 8)) == ("   7 w -", "0000 - -")
    assert [(r[0].game_points, r[0].match_points, r[0].result) for r in rounds.values()] == [
        (0, 0, ResultCode.FORFEIT_LOSS),
        (0, 0, ResultCode.FORFEIT_LOSS),
    ]


def test_pairing_bye_written_at_the_standings_value() -> None:
    # C.04.6: the pairing-allocated bye is a drawn match (1 MP of 2/1/0, 4 x 1/2 = 2 GP) unless
    # team.bye says otherwise; 320 says so explicitly, so a reader gives the bye team the
    # same points as the standings.
    match = score_match(
        1,
        LineUp(1, 1, (1, 2, 3, 4)),
        LineUp(2, 1, (7, 8, 9, 10)),
        {1: "1-0", 2: "1-0", 3: "1-0", 4: "1-0"},
        FARS,
    )
    second = score_match(
        2,
        LineUp(2, 2, (7, 8, 9, 10)),
        LineUp(1, 2, (1, 2, 3, 4)),
        {1: "1/2", 2: "1/2", 3: "1/2", 4: "1/2"},
        FARS,
    )
    records = event_records([match, second], FARS, (TeamBye(3, 1),))
    assert team_record_lines(records) == [
        "352 WBWB",
        "362 TW 2.0   TD 1.0   TL 0.0",
        "320  1.0  2.0 000 000 001",
    ]
    _text, rounds = _through_trf([match, second], (TeamBye(3, 1),))
    bye = rounds[1][2]
    assert (bye.kind, bye.match_points, bye.game_points) == (TeamRoundKind.PAIRING_BYE, 1, 2)
    assert [r.game_points for r in rounds[1]] == [4, 2, 2]
    assert [r.game_points for r in rounds[2]] == [0, 2, 0]


def test_team_record_lines_read_back_equal() -> None:
    records = TeamEventRecords(
        board_colours="BWBWBW",
        boards=6,
        match_points=MatchPointSystem(Fraction(3), Fraction(1), Fraction(0)),
        bye_match_points=Fraction(1),
        bye_game_points=Fraction(3),
        bye_teams={2: 5, 4: 12},
        forfeited_matches=(ForfeitedMatch(3, 7, 2, "+-"), ForfeitedMatch(3, 1, 9, "--")),
        board_orders=(BoardOrder(2, 12, 4, (45, 44, 0, 46, 47, 0)),),
        assignments=(PointsAssignment(3, 7, "+", Fraction(3), Fraction(6)),),
    )
    lines = team_record_lines(records)
    assert lines == [
        "352 BWBWBW",
        "362 TW 3.0   TD 1.0   TL 0.0",
        "320  1.0  3.0 000 005 000 012",
        "330 -- 003 001 009",
        "330 +- 003 007 002",
        "300 002 012 004   45   44    0   46   47    0",
        "299 +   3.0   6.0    3    7",
    ]
    sorted_records = dataclasses.replace(
        records,
        forfeited_matches=tuple(
            sorted(records.forfeited_matches, key=lambda f: (f.round_number, f.first))
        ),
    )
    assert read_team_records(lines) == sorted_records
    # in a file: read into Tournament.team_records, the other kept lines apart
    text = write_trf(Tournament(extra_records=["XXC rank"], team_records=records))
    again = read_trf(text)
    assert (again.team_records, again.extra_records) == (sorted_records, ["XXC rank"])
    assert team_record_lines(TeamEventRecords()) == ["362 TW 2.0   TD 1.0   TL 0.0"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("352 WXWB", "W and B"),
        ("362 TW two", "TW, TD and TL"),
        ("330 ++ 001 002 003", r"\+-, -\+ or --"),
        ("320  x.0", "320"),
    ],
)
def test_unreadable_team_record_is_named(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_team_records([line])
    with pytest.raises(TrfError, match=message) as caught:
        read_trf(f"012 Team event\n{line}\n", "league.trf")
    assert caught.value.line == 2


def test_fide_reference_reads_our_team_file_with_the_same_match_results() -> None:
    """gacrux (FIDE's reference implementation, test-only oracle) reads a file with empty
    boards, short teams, a double forfeit, a team that fielded nobody and an accepted
    board-order error (300 board orders, 330, 299) without an error, with our winners, and
    with the 299 points of the 2-against-3 match (a played match lost 0-4: 299 L / W)."""
    gacrux = pytest.importorskip("gacrux.trf2json")
    tournament = Tournament(
        name="Fars",
        total_rounds=3,
        initial_colour=Colour.WHITE,
        system_code="FIDE_TEAM_TYPEA_MP_GP",
        teams=[Team(n, f"Team {n}", list(range(6 * n - 5, 6 * n + 1))) for n in range(1, 7)],
    )
    for number in range(1, 37):
        tournament.add_player(Player(number, f"Player {number}", rating=2000 - number))
    out_of_order = LineUp(5, 1, (26, 25, 27, 28), out_of_order=frozenset({2}))
    matches = [
        score_match(
            1,
            LineUp(1, 1, (1, 2, 3, None)),
            LineUp(2, 1, (7, 8, 9, 10)),
            {1: "1-0", 2: "0-1", 3: "1/2"},
            FARS,
        ),
        score_match(
            1, LineUp(3, 1, (13, 14, None, None)), LineUp(4, 1, (19, 20, 21, None)), {}, FARS
        ),
        score_match(
            1,
            out_of_order,
            LineUp(6, 1, (31, 32, 33, 34)),
            {1: "1-0", 2: "1-0", 3: "1/2", 4: "0-1"},
            FARS,
        ),
        score_match(2, LineUp(1, 2, (1, 2, 3, 4)), LineUp(3, 2, (None,) * 4), {}, FARS),
        score_match(
            2, LineUp(2, 2, (7, None, None, None)), LineUp(5, 2, (25, 26, None, None)), {}, FARS
        ),
        score_match(
            2,
            LineUp(4, 2, (19, 20, 21, 22)),
            LineUp(6, 2, (31, 32, 33, 35)),
            {1: "1/2", 2: "1/2", 3: "1/2", 4: "1/2"},
            FARS,
        ),
    ]
    # Team 5's board-order error: 1-0, (1-0 lost by forfeit), 1/2, 0-1 = 1½ – 2½.
    assert (matches[2].first_game_points, matches[2].second_game_points) == (
        Fraction(3, 2),
        Fraction(5, 2),
    )
    for match in matches:
        record_match(tournament, match)
    rosters = {team.number: team.members for team in tournament.teams}
    tournament.team_records = event_records(matches, FARS, rosters=rosters)
    text = write_trf(tournament)
    assert "300 001 005 006   26   25   27   28" in text.splitlines()
    # Team 3's two players sat down facing team 4's: a played match (the teams have met,
    # issue 25), 0-4 by the regulation: 299 W, not +.
    assert "299 W   2.0   4.0    1    4" in text.splitlines()
    rounds = team_rounds(read_trf(text), team_event_records(read_trf(text)))
    for match in matches:
        first = rounds[match.first_team][match.round_number - 1]
        second = rounds[match.second_team][match.round_number - 1]
        assert (first.game_points, second.game_points) == (
            match.first_game_points,
            match.second_game_points,
        )
        assert (first.match_points, second.match_points) == (
            match.first_match_points,
            match.second_match_points,
        )
    # 300 puts team 5's players on the boards they sat at: player 26 on board 1 had White.
    assert rounds[5][0].colour is Colour.WHITE and rounds[6][0].colour is Colour.BLACK
    reader = gacrux.trf2json()
    reader.parse_file(text, False)
    assert reader.chessjson["status"]["error"] == []
    played = reader.chessjson["event"]["tournaments"][0]["matchList"]
    by_teams = {(m["round"], m["white"]["cid"], m["black"]["cid"]): m for m in played}
    winner = {"W": 1, "+": 1, "D": 0, "L": -1, "Z": -1, "-": -1}
    ours = {
        ResultCode.WIN: 1,
        ResultCode.FORFEIT_WIN: 1,
        ResultCode.DRAW: 0,
        ResultCode.LOSS: -1,
        ResultCode.FORFEIT_LOSS: -1,
    }
    for match in matches:
        theirs = by_teams[(match.round_number, match.first_team, match.second_team)]
        assert winner[theirs["white"]["result"]] == ours[match.first_result]
        assert winner[theirs["black"]["result"]] == ours[match.second_result]
    short = by_teams[(1, 3, 4)]
    assert (short["black"]["mpoints"], short["black"]["gpoints"]) == (2, 4)
