"""FIDE Double-Swiss system (C.04.5, 2026): rules one by one, on small hand-built events.

A match is two rounds of the tournament (docs/pairing/double_swiss.md). Every expected
pairing is worked out by hand from the article named in the test; the working is in the
comments. (gnutterts/chesspairing has no Double-Swiss golden scenarios to copy: its
Double-Swiss tests check invariants only, of an engine playing one game a round.)
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.cli.main import main
from crosstable.formats.trf import write_trf
from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.model.scoring import ScoringSystem
from crosstable.pairing import registry
from crosstable.pairing.base import Board, PairingError
from crosstable.pairing.double_swiss import (
    RULES,
    match_record,
    pab_points_per_game,
    pair_round,
)
from crosstable.pairing.manual import manual_problems
from crosstable.regulations import RegulationsError, parse_regulations
from crosstable.tiebreaks.context import IndividualContext

W, B = Colour.WHITE, Colour.BLACK
R = ResultCode
_OTHER = {R.WIN: R.LOSS, R.LOSS: R.WIN, R.DRAW: R.DRAW, R.FORFEIT_WIN: R.FORFEIT_LOSS}
_OTHER[R.FORFEIT_LOSS] = R.FORFEIT_WIN


def event(players: int, matches: int = 4) -> Tournament:
    scoring = ScoringSystem(pairing_bye=pab_points_per_game(Fraction(1), Fraction(1, 2)))
    tournament = Tournament(
        total_rounds=2 * matches, scoring=scoring, system_code="FIDE_DOUBLESWISS"
    )
    tournament.initial_colour = W
    for number in range(1, players + 1):
        tournament.add_player(Player(number, f"Player {number}", rating=2500 - 10 * number))
    return tournament


def record(tournament: Tournament, pairing_round: int, results: dict[Board, ResultCode]) -> None:
    """Record the games of ``pairing_round`` (``results`` from White's side) and the bye."""
    for board, result in results.items():
        tournament.players[board.white].set_entry(pairing_round, RoundEntry(board.black, W, result))
        tournament.players[board.black].set_entry(
            pairing_round, RoundEntry(board.white, B, _OTHER[result])
        )


def play(tournament: Tournament, round_number: int, results: list[ResultCode]) -> None:
    """Pair ``round_number`` with the engine and record ``results`` board by board."""
    pairing = pair_round(tournament, round_number)
    assert len(results) == len(pairing.boards)
    record(tournament, round_number, dict(zip(pairing.boards, results, strict=True)))
    if pairing.bye is not None:
        tournament.players[pairing.bye].set_entry(round_number, RoundEntry.absent(R.PAIRING_BYE))


def test_round_one_folds_the_field_and_colours_by_tpn_parity() -> None:
    # 3.6: one scoregroup; the first identifier has tops 1,2,3 then bottoms 4,5,6: 1-4, 2-5,
    # 3-6. 4.3.1: initial colour White to the higher-ranked player of odd TPN (1, 3), Black
    # to 2. Game 2 (round 2) reverses every board.
    tournament = event(6)
    first = pair_round(tournament, 1)
    assert first.boards == (Board(1, 4), Board(5, 2), Board(3, 6))
    assert first.bye is None
    play(tournament, 1, [R.WIN, R.DRAW, R.DRAW])
    second = pair_round(tournament, 2)
    assert second.boards == (Board(4, 1), Board(2, 5), Board(6, 3))


def test_the_bye_goes_to_the_largest_tpn_for_both_games_worth_one_and_a_half() -> None:
    # 3.4: lowest score (all 0), most matches played (none), largest TPN: 5. 1-3, 2-4
    # folded; 4 has White against 2 (4.3.1, TPN 2 even).
    tournament = event(5)
    first = pair_round(tournament, 1)
    assert first.bye == 5
    assert first.boards == (Board(1, 3), Board(4, 2))
    play(tournament, 1, [R.WIN, R.WIN])
    second = pair_round(tournament, 2)
    assert second.bye == 5
    assert second.boards == (Board(3, 1), Board(2, 4))
    play(tournament, 2, [R.DRAW, R.DRAW])
    # Art. 3.4: the bye is worth a game won and a game drawn.
    assert tournament.points(tournament.players[5]) == Fraction(3, 2)
    # [C2]: 5 had the bye; lowest scores are 2 and 3 (½ each): 3, the larger TPN.
    assert pair_round(tournament, 3).bye == 3


def test_match_two_floats_the_highest_scores_up_and_colours_by_fewer_whites() -> None:
    # Match 1: 1-4 2-0, 5-2 ½-1½, 3-6 1-1.  Scores: 1: 2, 2: 1½, 3: 1, 6: 1, 5: ½, 4: 0.
    tournament = event(6)
    play(tournament, 1, [R.WIN, R.DRAW, R.DRAW])  # 1-4, 5-2, 3-6
    play(tournament, 2, [R.LOSS, R.WIN, R.DRAW])  # 4-1, 2-5, 6-3
    scores = {n: tournament.points(p) for n, p in tournament.players.items()}
    assert scores == {1: 2, 2: Fraction(3, 2), 3: 1, 4: 0, 5: Fraction(1, 2), 6: 1}
    # {1} needs one upfloater ([C4]); [C5] the highest score: 2. {3, 6} met in match 1, so
    # it takes two upfloaters, 5 and 4; the first identifier avoiding 3-6 is 3-5, 4-6.
    # Colours (4.3.2): 2 had no White in game 1, 1 had one: 2 White. 3 and 5 both had
    # White, no different round: 4.3.4 alternates 3 (higher ranked): 5 White. 6 and 4 both
    # Black: 6 (higher ranked) alternates to White.
    pairing = pair_round(tournament, 3)
    assert pairing.boards == (Board(2, 1), Board(5, 3), Board(6, 4))


def test_a_match_forfeited_by_one_player_is_no_meeting_a_single_forfeit_is() -> None:
    tournament = event(4)
    # Match 1: 1-3 and 2-4. Player 3 forfeits both games; 4 forfeits game 2 only.
    record(tournament, 1, {Board(1, 3): R.FORFEIT_WIN, Board(4, 2): R.WIN})
    record(tournament, 2, {Board(3, 1): R.FORFEIT_LOSS, Board(2, 4): R.FORFEIT_WIN})
    forfeited = match_record(tournament, 1, 1)
    assert not forfeited.met and forfeited.forfeit_won and forfeited.colour is None
    single = match_record(tournament, 4, 1)
    # Preface: a single forfeited game leaves the match played; 4 had game 1's White (1.6).
    assert single.met and single.colour is W and not single.forfeit_won
    # [C1]: two players whose match was forfeited may meet again; after a single forfeit
    # they may not (no legal pairing: the arbiter decides).
    two = event(2)
    record(two, 1, {Board(1, 2): R.FORFEIT_WIN})
    record(two, 2, {Board(2, 1): R.FORFEIT_LOSS})
    assert pair_round(two, 3).boards == (Board(1, 2),)
    two_single = event(2)
    record(two_single, 1, {Board(1, 2): R.WIN})
    record(two_single, 2, {Board(2, 1): R.FORFEIT_LOSS})
    with pytest.raises(PairingError, match=r"C\.04\.5"):
        pair_round(two_single, 3)


def test_registered_once_under_its_trf_code() -> None:
    system = registry.pairing_system("FIDE_DOUBLESWISS")
    assert system.edition.startswith("C.04.5") and system.games_per_pairing == 2
    assert not system.for_teams and "FIDE_DOUBLESWISS" in registry.system_codes()


def test_the_bye_prefers_most_matches_played_and_a_forfeit_won_match_bars_it() -> None:
    # Match 1: 1-3 2-0; 5 wins by forfeit (4 forfeits both games); 2 has the bye.
    tournament = event(5)
    record(tournament, 1, {Board(1, 3): R.WIN, Board(5, 4): R.FORFEIT_WIN})
    record(tournament, 2, {Board(3, 1): R.LOSS, Board(4, 5): R.FORFEIT_LOSS})
    tournament.players[2].set_entry(1, RoundEntry.absent(R.PAIRING_BYE))
    tournament.players[2].set_entry(2, RoundEntry.absent(R.PAIRING_BYE))
    assert match_record(tournament, 5, 1).forfeit_won
    # 3.4: lowest score are 3 and 4 (0); most matches played: 3 played one, 4 none (a
    # forfeited match is not played): 3, although 4 has the larger TPN.
    assert pair_round(tournament, 3).bye == 3
    # [C2]: 1 had the bye in match 1, 2 in match 2, 3 won match 1 by forfeit: nobody may
    # have it in match 3.
    three = event(3)
    three.players[1].set_entry(1, RoundEntry.absent(R.PAIRING_BYE))
    three.players[1].set_entry(2, RoundEntry.absent(R.PAIRING_BYE))
    record(three, 1, {Board(3, 2): R.FORFEIT_WIN})
    record(three, 2, {Board(2, 3): R.FORFEIT_LOSS})
    three.players[2].set_entry(3, RoundEntry.absent(R.PAIRING_BYE))
    three.players[2].set_entry(4, RoundEntry.absent(R.PAIRING_BYE))
    record(three, 3, {Board(1, 3): R.DRAW})
    record(three, 4, {Board(3, 1): R.DRAW})
    with pytest.raises(PairingError, match=r"C\.04\.5 art\. 3\.3\.3"):
        pair_round(three, 5)


def test_game_two_needs_game_one_and_the_rounds_must_be_even() -> None:
    tournament = event(4)
    with pytest.raises(PairingError, match="game 1"):
        pair_round(tournament, 2)
    odd = event(4)
    odd.total_rounds = 7
    with pytest.raises(PairingError, match="even"):
        pair_round(odd, 1)


def test_no_rematch_is_ever_paired_over_a_whole_event() -> None:
    # 8 players, 4 matches, higher TPN always loses both games: [C1] holds every match and
    # game 2 mirrors game 1.
    tournament = event(8, matches=4)
    for match in range(1, 5):
        game_one = pair_round(tournament, 2 * match - 1)
        results = [R.WIN if b.white < b.black else R.LOSS for b in game_one.boards]
        play(tournament, 2 * match - 1, results)
        game_two = pair_round(tournament, 2 * match)
        assert {Board(b.black, b.white) for b in game_one.boards} == set(game_two.boards)
        play(
            tournament, 2 * match, [R.WIN if b.white < b.black else R.LOSS for b in game_two.boards]
        )
    for number in tournament.players:
        opponents = [match_record(tournament, number, m).opponent for m in range(1, 5)]
        assert len(set(opponents)) == 4
        # Every match one game with each colour.
        colours = [e.colour for e in tournament.players[number].rounds]
        assert all(colours[i] is not colours[i + 1] for i in range(0, 8, 2))


def test_every_criterion_names_its_article() -> None:
    assert set(RULES) >= {"C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "PAB", "COLOUR"}


SECTION = """
[event]
name = "Double"
game = "chess"

[[sections]]
key = "open"
name = "Open"
rounds = {rounds}
pairing = {{ system = "FIDE_DOUBLESWISS" }}
"""


def test_a_section_counts_games_as_rounds_and_its_bye_shares_the_match_bye() -> None:
    section = parse_regulations(SECTION.format(rounds=10), "ds.toml").sections[0]
    # Art. 3.4: the match bye is a game won and a game drawn, 1 + 1/2, over two rounds.
    assert section.scoring.pairing_bye == Fraction(3, 4)
    with pytest.raises(RegulationsError, match="multiple of 2, not 9"):
        parse_regulations(SECTION.format(rounds=9), "ds.toml")


def test_a_single_forfeited_game_counts_as_played_for_tie_breaks() -> None:
    # C.04.5 Preface: only a match a player forfeits entirely is a forfeit; otherwise a
    # forfeited game "shall be treated as played" for standings and tie-breaks.
    tournament = event(4)
    record(tournament, 1, {Board(1, 3): R.FORFEIT_WIN, Board(4, 2): R.WIN})
    record(tournament, 2, {Board(3, 1): R.FORFEIT_LOSS, Board(2, 4): R.FORFEIT_WIN})
    matches = IndividualContext.from_tournament(tournament, games_per_match=2)
    # 2-4: 4 forfeited game 2 only: the match was played, and so was that game.
    assert matches.games.records[4][1].played and matches.games.records[2][1].played
    assert matches.records[4][0].played and matches.records[4][0].result is R.DRAW
    # 1-3: 3 forfeited both games: a forfeited match, its games stay unplayed.
    assert not matches.games.records[1][0].played and not matches.games.records[3][1].played
    assert matches.records[1][0].result is R.FORFEIT_WIN
    assert matches.records[3][0].result is R.FORFEIT_LOSS
    games = IndividualContext.from_tournament(tournament)
    assert not games.records[4][1].played


def test_the_standings_command_reads_the_matches_from_record_192(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # WON (C.07 7.2) counts games won over the board. 1-3: 3 forfeits both games, a
    # forfeited match: 1's two forfeit wins stay unplayed, WON 0. 2-4: 4 wins game 1 and
    # forfeits game 2: the match was played, so was game 2 for the standings (C.04.5
    # Preface): WON 1 for 2 and for 4.
    tournament = event(4)
    record(tournament, 1, {Board(1, 3): R.FORFEIT_WIN, Board(4, 2): R.WIN})
    record(tournament, 2, {Board(3, 1): R.FORFEIT_LOSS, Board(2, 4): R.FORFEIT_WIN})
    path = tmp_path / "double.trf"
    path.write_text(write_trf(tournament), encoding="utf-8")
    assert main(["standings", str(path), "--tiebreaks", "WON", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    won = {row["number"]: row["tiebreaks"][0] for row in rows}
    assert won == {1: 0, 2: 1, 3: 0, 4: 1}, rows


def test_game_two_repeating_game_one_is_no_rematch_and_no_second_bye() -> None:
    # The checks of a pairing changed by hand: game 2 repeats game 1's pairing and bye by
    # the rules; only a pairing of an earlier match is a rematch.
    tournament = event(5)
    play(tournament, 1, [R.WIN, R.DRAW])  # 1-3, 4-2, bye 5
    game_two = pair_round(tournament, 2)
    boards = [(b.white, b.black) for b in game_two.boards]
    assert manual_problems(tournament, 2, boards, game_two.bye, games_per_pairing=2) == []
    as_games = {p.code for p in manual_problems(tournament, 2, boards, game_two.bye)}
    assert as_games == {"rematch", "bye_ineligible"}


def test_the_engine_command_pairs_checks_and_generates_by_double_swiss(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # crosstable engine --double-swiss, the reference engines' contract (docs/cli/engine.md).
    # -p on five players before round 1: C.04.5 3.4 the bye to the largest TPN, 5 (written
    # "5 0"); 3.6 the first identifier 1-3, 2-4; 4.3.1 1 (odd TPN) has the initial colour
    # (White, record 152), 2 (even) the other: 1-3 and 4-2.
    tournament = event(5, matches=2)
    path = tmp_path / "five.trf"
    path.write_text(write_trf(tournament), encoding="utf-8")
    assert main(["engine", "--double-swiss", str(path), "-p"]) == 0
    assert capsys.readouterr().out.split("\n")[:4] == ["3", "1 3", "4 2", "5 0"]
    # -p after game 1: game 2, the same boards with the colours reversed, the same bye.
    play(tournament, 1, [R.WIN, R.DRAW])
    path.write_text(write_trf(tournament), encoding="utf-8")
    assert main(["engine", "--double-swiss", str(path), "-p"]) == 0
    assert capsys.readouterr().out.split("\n")[:4] == ["3", "3 1", "2 4", "5 0"]
    # -g then -c: a generated event with requested byes, forfeits, late entries and
    # withdrawals (all of whole matches) is re-paired round by round as written; its bye is
    # written to record 162 (¾ a round).
    generated = tmp_path / "generated.trf"
    options = ["--players", "11", "--rounds", "8", "--forfeit-rate", "0.05"]
    options += ["--half-point-bye-rate", "0.05", "--late-entry-rate", "0.1"]
    options += ["--withdrawal-rate", "0.1"]
    assert main(["engine", "--double-swiss", "-g", *options, "-o", str(generated), "-s", "7"]) == 0
    text = generated.read_text(encoding="utf-8")
    assert "192 FIDE_DOUBLESWISS" in text and "162  P0.75" in text
    assert main(["engine", "--double-swiss", str(generated), "-c", "--format", "crosstable"]) == 0
    assert "all 8 rounds reproduced" in capsys.readouterr().out
    # an odd number of rounds is no whole number of matches: invalid input (3), one line
    assert main(["engine", "--double-swiss", "-g", "--rounds", "7", "-o", str(generated)]) == 3
    assert "7 rounds do not make whole matches of 2 games" in capsys.readouterr().err
    # --dutch on a Double-Swiss section of a regulations file is refused (3), by name
    regulations = tmp_path / "ds.toml"
    regulations.write_text(SECTION.format(rounds=4), encoding="utf-8")
    assert main(["engine", "--dutch", str(path), "-p", "--regulations", str(regulations)]) == 3
    assert "not the FIDE (Dutch) system of --dutch" in capsys.readouterr().err
