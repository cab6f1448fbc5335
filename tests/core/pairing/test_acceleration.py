"""Baku acceleration (FIDE C.04.7, 2026; C.04.5.1 in 2016) from the rule text.

- the arithmetic: group A = the first half rounded up to an even number (handbook example:
  161 players -> 82), accelerated rounds = the first half of the event rounded up, a win's
  points in the first half (rounded up) of them, half of that in the rest, none afterwards;
- hand-worked pairings (the working is in each test's comments): 16 players in a 7-round
  event, rounds 1 and 2; 8 players in a 4-round event, round 3 being the first round without
  virtual points;
- virtual points change pairings but never points, standings or tie-breaks;
- TRF-2026 record 250 and JaVaFo's XXA read and written; record 192 ``FIDE_DUTCH_BAKU``
  alone means the standard method, and explicit records override it;
- the ``crosstable engine`` command line (-p, -c, -g) and a regulations file's
  ``pairing.acceleration = "baku"`` reach the engine;
- FIDE's reference engine (gacrux, test-only oracle, reads record 250) pairs generated
  accelerated tournaments as we do, round by round.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.cli.main import main
from crosstable.formats.trf import load_trf, read_trf, write_trf
from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.model import Acceleration, Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.model.scoring import ScoringSystem
from crosstable.pairing import dutch
from crosstable.pairing.acceleration import (
    AccelerationError,
    accelerated_rounds,
    baku_accelerations,
    full_value_rounds,
    group_a_size,
    uses_baku,
    virtual_points,
    with_acceleration,
)
from crosstable.pairing.base import RoundPairing
from crosstable.pairing.checker import check_tournament
from crosstable.pairing.history import build_histories
from crosstable.pairing.registry import pair_function
from crosstable.regulations import parse_regulations
from crosstable.standings import StandingsRules, compute_standings

W, B = Colour.WHITE, Colour.BLACK
HALF = Fraction(1, 2)

# --- the arithmetic -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "group_a"),
    [(161, 82), (16, 8), (8, 4), (30, 16), (17, 10), (18, 10), (19, 10), (20, 10), (3, 2)],
)
def test_group_a_is_the_first_half_rounded_up_to_an_even_number(players: int, group_a: int) -> None:
    # 161 -> 80.5 -> 82 is the handbook's own example; 17 -> 8.5 -> 10; 18 -> 9 -> 10 (9 is odd).
    assert group_a_size(players) == group_a


@pytest.mark.parametrize(
    ("rounds", "per_round"),
    [
        # R rounds: ceil(R/2) accelerated; the first ceil(accelerated/2) at full value.
        (5, [1, 1, HALF, 0, 0]),  # 3 accelerated: 2 full, 1 half
        (7, [1, 1, HALF, HALF, 0, 0, 0]),  # 4 accelerated: 2 full, 2 half
        (9, [1, 1, 1, HALF, HALF, 0, 0, 0, 0]),  # the handbook's example: 3 full, 2 half
        (11, [1, 1, 1, HALF, HALF, HALF, 0, 0, 0, 0, 0]),  # 6 accelerated: 3 full, 3 half
        (4, [1, HALF, 0, 0]),
        (1, [1]),
    ],
)
def test_virtual_points_per_round(rounds: int, per_round: list[Fraction | int]) -> None:
    assert [virtual_points(r, rounds) for r in range(1, rounds + 1)] == per_round
    # 2026 text: the points of a win, then half of that (a 2-1-0 event gets 2 and 1).
    assert [virtual_points(r, rounds, Fraction(2)) for r in range(1, rounds + 1)] == [
        2 * Fraction(v) for v in per_round
    ]


def test_accelerated_round_counts() -> None:
    assert [accelerated_rounds(r) for r in (5, 7, 9, 11)] == [3, 4, 5, 6]
    assert [full_value_rounds(r) for r in (5, 7, 9, 11)] == [2, 2, 3, 3]


def test_system_codes_naming_baku() -> None:
    assert uses_baku("FIDE_DUTCH_BAKU")
    assert uses_baku("fide_dutch_2026_baku ")
    assert not uses_baku("FIDE_DUTCH_2026")
    assert not uses_baku("")


# --- building tournaments -------------------------------------------------------------------


def _tournament(players: int, rounds: int, system_code: str = "FIDE_DUTCH_BAKU") -> Tournament:
    tournament = Tournament(
        name="Baku test", total_rounds=rounds, initial_colour=W, system_code=system_code
    )
    for number in range(1, players + 1):
        tournament.add_player(Player(number, f"Player {number}", rating=2500 - 10 * number))
    return tournament


_RESULTS = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
}


def _play(tournament: Tournament, games: list[tuple[int, int, str]]) -> None:
    """Record one round: (white, black, result) for every board."""
    for white, black, result in games:
        white_result, black_result = _RESULTS[result]
        tournament.players[white].rounds.append(RoundEntry(black, W, white_result))
        tournament.players[black].rounds.append(RoundEntry(white, B, black_result))


def _boards(pairing: RoundPairing) -> list[tuple[int, int]]:
    return [(board.white, board.black) for board in pairing.boards]


def _pair(tournament: Tournament, round_number: int) -> RoundPairing:
    """The registry's Dutch engine, as the CLI and the web app reach it."""
    return pair_function("FIDE_DUTCH_2026")(tournament, round_number)


# Sixteen players, seven rounds: GA = 2 * ceil(16 / 4) = 8 (players 1-8). Accelerated rounds:
# ceil(7 / 2) = 4; GA gets +1 in rounds 1-2 (ceil(4 / 2) = 2), +1/2 in rounds 3-4, 0 after.
SIXTEEN_ROUND_1 = [
    # Two score brackets of 8: pairing score 1 (GA) and 0 (GB). Each: S1 = top four, S2 =
    # bottom four, 1-5 2-6 3-7 4-8 and 9-13 10-14 11-15 12-16. No colour history: the
    # higher-ranked player gets the initial colour (White) when his rank is odd, Black when
    # even (Art. 5.2.5). Board order: pairing score of the higher player, so GA first.
    (1, 5),
    (6, 2),
    (3, 7),
    (8, 4),
    (9, 13),
    (14, 10),
    (11, 15),
    (16, 12),
]
SIXTEEN_RESULTS_1 = ["1-0", "0-1", "1-0", "0-1", "1-0", "0-1", "1-0", "1-0"]
"""1-4 and 9-11 win; 16 beats 12 (an upset)."""


def _sixteen_after_round_1() -> Tournament:
    tournament = _tournament(16, 7)
    _play(
        tournament,
        [(w, b, r) for (w, b), r in zip(SIXTEEN_ROUND_1, SIXTEEN_RESULTS_1, strict=True)],
    )
    return tournament


def test_sixteen_players_round_1_pairs_group_a_within_itself() -> None:
    tournament = _tournament(16, 7)
    assert _boards(_pair(tournament, 1)) == SIXTEEN_ROUND_1
    # Unaccelerated, one bracket of 16: 1-9, 10-2, ...
    plain = dataclasses.replace(tournament, system_code="FIDE_DUTCH_2026")
    assert _boards(_pair(plain, 1))[:2] == [(1, 9), (10, 2)]


def test_sixteen_players_round_2_by_hand() -> None:
    tournament = _sixteen_after_round_1()
    # Pairing scores for round 2 (points + 1 for GA): 1-4: 2; 5-8: 0 + 1 = 1; 9, 10, 11, 16:
    # 1; 12-15: 0. Brackets: {1,2,3,4}, {5,6,7,8,9,10,11,16}, {12,13,14,15}; no rematch
    # inside any of them and no floats in round 1.
    #
    # {1,2,3,4}: colour preferences (strong, one game): 1 B, 2 W, 3 B, 4 W. S1 = 1 2,
    # S2 = 3 4: 1-3 and 2-4 each miss a preference [C12]; the transposition 1-4 2-3 grants all.
    # Colours: 4-1, 2-3.
    #
    # {5,...,16}: 5 W, 6 B, 7 W, 8 B, 9 B, 10 W, 11 B, 16 B. Five Black-seekers among eight:
    # one pair of two Black-seekers is unavoidable, and S1/S2 as they stand (5-9 6-10 7-11
    # 8-16) has exactly one, so it is taken. 8-16: equal preferences and histories, the
    # higher-ranked 8 (same score, lower TPN) gets Black: 16-8.
    #
    # {12,13,14,15}: 12 W, 13 W, 14 B, 15 W: one violation unavoidable; 12-14 13-15 has one.
    # 13-15: 13 ranks higher, gets White.
    #
    # Board order: the pairing score of the pair's higher player (2, then 1, then 0), then
    # the TPN of the higher player.
    expected = [(4, 1), (2, 3), (5, 9), (10, 6), (7, 11), (16, 8), (12, 14), (13, 15)]
    assert _boards(_pair(tournament, 2)) == expected
    # Without virtual points, 1 (one point) would meet a one-pointer of group B instead.
    plain = dataclasses.replace(tournament, system_code="FIDE_DUTCH_2026")
    opponents_of_1 = {w if b == 1 else b for w, b in _boards(_pair(plain, 2)) if 1 in (w, b)}
    assert opponents_of_1 <= {9, 10, 11, 16}


def test_sixteen_players_virtual_points_in_the_pairing_score_only() -> None:
    tournament = with_acceleration(_sixteen_after_round_1())
    histories = build_histories(tournament, 2)
    pairing_score_and_points = {n: (histories[n].score, histories[n].points) for n in (1, 5, 9)}
    one, zero = Fraction(1), Fraction(0)
    assert pairing_score_and_points == {1: (2 * one, one), 5: (one, zero), 9: (one, one)}
    # Round 3 (half value): 1 has 1 + 1/2.
    assert build_histories(tournament, 3)[1].score == Fraction(3, 2)
    assert build_histories(tournament, 5)[1].score == 1  # round 5: none


# Eight players, four rounds: GA = 2 * ceil(8 / 4) = 4 (players 1-4); accelerated rounds:
# ceil(4 / 2) = 2, full value in ceil(2 / 2) = 1: +1 in round 1, +1/2 in round 2, nothing
# from round 3 on (round 3 is the first round without virtual points and not the last one, so
# no topscorers).
EIGHT_ROUND_1 = [(1, 3, "1-0"), (4, 2, "="), (5, 7, "0-1"), (8, 6, "0-1")]
EIGHT_ROUND_2 = [(2, 1, "0-1"), (6, 4, "1-0"), (7, 3, "0-1"), (8, 5, "=")]


def test_eight_players_rounds_1_and_2_by_hand() -> None:
    tournament = _tournament(8, 4)
    # Round 1: brackets {1,2,3,4} (score 1) and {5,6,7,8} (0): 1-3 4-2, 5-7 8-6.
    assert _boards(_pair(tournament, 1)) == [(w, b) for w, b, _ in EIGHT_ROUND_1]
    _play(tournament, EIGHT_ROUND_1)
    # Round 2, pairing scores (points + 1/2 for GA): 1: 1.5; 2, 4: 1/2 + 1/2 = 1; 6, 7: 1;
    # 3: 0 + 1/2; 5, 8: 0. Preferences (strong): 1 B, 2 W, 3 W, 4 B, 5 B, 6 W, 7 W, 8 B.
    # {1} alone: 1 moves down to {2,4,6,7}. MDP 1 takes the first resident, 2 (1 B, 2 W);
    # the remainder {4,6,7}: 4-6 grants both, 7 floats down (the last of S2) to {3}: both
    # want White, 7 ranks higher (pairing score 1 against 1/2): 7-3. {5,8}: both want Black,
    # same history, 5 ranks higher: 8-5. Board order: 2-1 (1.5), 6-4 (sum 2), 7-3 (1.5), 8-5.
    assert _boards(_pair(tournament, 2)) == [(w, b) for w, b, _ in EIGHT_ROUND_2]
    # Without acceleration 1, 6 and 7 (one point each) would form the top bracket: 1-6.
    plain = dataclasses.replace(tournament, system_code="FIDE_DUTCH_2026")
    assert (6, 1) in _boards(_pair(plain, 2))


def test_eight_players_round_3_is_paired_without_virtual_points() -> None:
    tournament = _tournament(8, 4)
    _play(tournament, EIGHT_ROUND_1)
    _play(tournament, EIGHT_ROUND_2)
    # Points (= pairing scores now): 1: 2, 6: 2, 3: 1, 7: 1, 2, 4, 5, 8: 1/2. Had the half
    # point still counted, 2 and 4 (GA) would be on 1 with 3 (GA, 1 + 1/2 = 1.5) apart.
    # Colours: 1 WB, 2 BW, 3 BB (absolute White), 4 WB, 5 WB, 6 BW, 7 BW, 8 WW (absolute
    # Black). {1,6}: 1-6, they have not met, 1 wants White. {3,7}: they met in round 2, both
    # move down to {2,4,5,8}: six players, three pairs. With 3 and 7 each paired to a
    # resident, the legal completions (no rematch: 2-4, 5-8, 3-7, 5-7 played) are
    # 3-2/7-8/4-5, 3-4/7-8/2-5, 3-5/7-2/4-8, 3-5/7-4/2-8, 3-8/7-2/4-5, 3-8/7-4/2-5; only the
    # last grants every preference (3 W, 8 B, 7 B against 4 W, 2 B against 5 W) [C12].
    # Board order: 1-6 (2), then 3-8 and 4-7 (higher player on 1, sum 1.5; TPN 3 before 7),
    # then 5-2.
    assert _boards(_pair(tournament, 3)) == [(1, 6), (3, 8), (4, 7), (5, 2)]
    histories = build_histories(with_acceleration(tournament), 3)
    assert all(h.score == h.points for h in histories.values())


def test_floats_are_judged_on_pairing_scores() -> None:
    # Round 2 above, pairing scores: 1 (1.5) played 2 (1): 1 floated down, 2 up; 7 (1)
    # played 3 (0 + 1/2): 7 down, 3 up. 6 (1 point) played 4 (1/2 + 1/2 virtual): equal
    # pairing scores, no float, though on points alone 6 would have floated down.
    tournament = _tournament(8, 4)
    _play(tournament, EIGHT_ROUND_1)
    _play(tournament, EIGHT_ROUND_2)
    histories = build_histories(with_acceleration(tournament), 3)
    assert [histories[n].floats[1].value for n in (1, 2, 7, 3, 6, 4)] == [
        "d",
        "u",
        "d",
        "u",
        "-",
        "-",
    ]


# --- group A and the range ------------------------------------------------------------------


def test_group_a_counts_the_players_paired_in_round_1() -> None:
    # 10 players, 2 absent from round 1 (a half-point bye, a late entry): 8 paired, GA = 4
    # players, the range ends at the 4th of them (TPN 5 when 3 is absent), so a late entry
    # inside the range belongs to GA and the last GA player stays the same (C.04.7 1.3).
    tournament = _tournament(10, 5)
    tournament.absences[1] = {3: ResultCode.HALF_POINT_BYE, 9: ResultCode.ZERO_POINT_BYE}
    assert baku_accelerations(tournament) == [
        Acceleration(Fraction(1), 1, 2, 1, 5),
        Acceleration(HALF, 3, 3, 1, 5),
    ]


def test_explicit_accelerations_override_the_standard_method() -> None:
    tournament = _tournament(16, 7)
    tournament.accelerations = [Acceleration(Fraction(1), 1, 1, 1, 4)]
    assert with_acceleration(tournament) is tournament
    # GA = 1-4 only: round 1 pairs 1-3 2-4 and 5-16 below.
    assert _boards(_pair(tournament, 1))[:2] == [(1, 3), (4, 2)]


def test_baku_needs_the_number_of_rounds_and_a_win_worth_two_draws() -> None:
    tournament = _tournament(8, 4)
    tournament.total_rounds = None
    with pytest.raises(AccelerationError, match="number of rounds"):
        _pair(tournament, 1)
    football = _tournament(8, 4)
    football.scoring = ScoringSystem.football()
    with pytest.raises(AccelerationError, match="twice a draw"):
        _pair(football, 1)
    xiangqi = _tournament(8, 4)
    xiangqi.scoring = ScoringSystem.xiangqi()  # 2-1-0: GA gets 2, then 1 (2026 text)
    assert [a.points for a in baku_accelerations(xiangqi)] == [2, 1]


def test_pairing_does_not_modify_the_tournament() -> None:
    tournament = _tournament(16, 7)
    _pair(tournament, 1)
    assert tournament.accelerations == []


# --- standings and tie-breaks ---------------------------------------------------------------


def test_virtual_points_never_reach_standings_or_tiebreaks() -> None:
    tournament = _tournament(8, 4)
    _play(tournament, EIGHT_ROUND_1)
    _play(tournament, EIGHT_ROUND_2)
    tournament.accelerations = baku_accelerations(tournament)
    plain = dataclasses.replace(tournament, accelerations=[], system_code="FIDE_DUTCH_2026")
    rules = StandingsRules.from_text("BH/C1,BH,SB,PS,AOB,ARO,DE,WIN,BPG,KS,TPN")
    accelerated_rows = compute_standings(tournament, rules).rows
    assert accelerated_rows == compute_standings(plain, rules).rows
    points = {row.number: row.points for row in accelerated_rows}
    assert points == {1: 2, 6: 2, 3: 1, 7: 1, 2: HALF, 4: HALF, 5: HALF, 8: HALF}


# --- TRF ------------------------------------------------------------------------------------

TRF_HEADER = "012 Baku test\n142 7\n152 W\n"


def _trf_players(count: int) -> str:
    return "".join(
        # 001: TPN 5-8, name 15-47, rating 49-52, points 81-84.
        f"001 {n:4d}      {'Player ' + str(n):<33s} {2500 - 10 * n:4d}{'':28s} 0.0\n"
        for n in range(1, count + 1)
    )


def test_record_250_columns_read_and_written() -> None:
    # TRF-2026: game points at 10-13, first round 15-17, last round 19-21, first id 23-26,
    # last id 28-31 (match points 5-8 are for teams).
    text = TRF_HEADER + "192 FIDE_DUTCH_BAKU\n" + _trf_players(16)
    text += "250       1.0 001 002    1    8\n250       0.5 003 004    1    8\n"
    tournament = read_trf(text)
    assert tournament.accelerations == [
        Acceleration(Fraction(1), 1, 2, 1, 8),
        Acceleration(HALF, 3, 4, 1, 8),
    ]
    written = write_trf(tournament)
    assert "250       1.0 001 002    1    8" in written.splitlines()
    assert "250       0.5 003 004    1    8" in written.splitlines()
    assert read_trf(written).accelerations == tournament.accelerations


def test_xxa_records_are_the_same_acceleration() -> None:
    # JaVaFo: XXA, id at 5-8, round r's points at 10 + 5 (r - 1).
    tournament = _sixteen_after_round_1()
    tournament.accelerations = baku_accelerations(tournament)
    javafo = write_trf(tournament, "16")
    xxa = [line for line in javafo.splitlines() if line.startswith("XXA")]
    assert xxa[0] == "XXA    1  1.0  1.0  0.5  0.5"
    assert len(xxa) == 8  # GB players have no virtual points: no line
    again = read_trf(javafo)
    for number in (1, 8, 9, 16):
        for round_number in range(1, 8):
            assert again.acceleration_points(number, round_number) == (
                tournament.acceleration_points(number, round_number)
            )


def test_gacrux_reads_our_record_250() -> None:
    from gacrux.trf2json import trf2json  # type: ignore[import-untyped]

    tournament = _sixteen_after_round_1()
    tournament.accelerations = baku_accelerations(tournament)
    reader = trf2json()
    with contextlib.redirect_stdout(io.StringIO()):
        reader.parse_file(write_trf(tournament), False)
    document = reader.chessjson
    values = document["event"]["tournaments"][0]["accelerated"]["values"]
    assert [
        (
            v["gamePoints"],
            v["firstRound"],
            v["lastRound"],
            v["firstCompetitor"],
            v["lastCompetitor"],
        )
        for v in values
    ] == [(1.0, 1, 2, 1, 8), (0.5, 3, 4, 1, 8)]


# --- the engine command line ----------------------------------------------------------------


def _engine(*argv: str) -> int:
    return main(["engine", *argv])


def test_engine_pairs_a_baku_file_without_records_250(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "baku.trf"
    path.write_text(TRF_HEADER + "192 FIDE_DUTCH_BAKU\n" + _trf_players(16), encoding="utf-8")
    assert _engine("--dutch", str(path), "-p") == 0
    lines = capsys.readouterr().out.split("\n")[:-1]
    assert lines == ["8", *(f"{w} {b}" for w, b in SIXTEEN_ROUND_1)]
    # Record 192 without _BAKU: the usual Swiss, 1-9.
    path.write_text(TRF_HEADER + "192 FIDE_DUTCH_2026\n" + _trf_players(16), encoding="utf-8")
    assert _engine("--dutch", str(path), "-p") == 0
    assert capsys.readouterr().out.split("\n")[1] == "1 9"


def test_engine_checks_an_accelerated_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament = _tournament(8, 4)
    _play(tournament, EIGHT_ROUND_1)
    _play(tournament, EIGHT_ROUND_2)
    path = tmp_path / "eight.trf"
    path.write_text(write_trf(tournament), encoding="utf-8")
    assert _engine("--dutch", str(path), "-c", "--format", "crosstable") == 0
    assert "all 2 rounds reproduced" in capsys.readouterr().out
    # The same games declared unaccelerated: round 1 (1-3, not 1-5) no longer fits.
    path.write_text(write_trf(dataclasses.replace(tournament, system_code="")), encoding="utf-8")
    assert _engine("--dutch", str(path), "-c", "--format", "crosstable") == 1
    assert "round 1" in capsys.readouterr().out


def test_engine_reports_a_baku_file_without_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "no-rounds.trf"
    path.write_text("012 x\n192 FIDE_DUTCH_BAKU\n" + _trf_players(8), encoding="utf-8")
    assert _engine("--dutch", str(path), "-p") == 3
    error = capsys.readouterr().err
    assert "number of rounds" in error and str(path) in error and "Traceback" not in error


def test_engine_generates_accelerated_tournaments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "baku.toml"
    config.write_text('players = 30\nrounds = 7\nacceleration = "baku"\n', encoding="utf-8")
    output = tmp_path / "generated.trf"
    assert _engine("--dutch", "-g", str(config), "-o", str(output), "-s", "7") == 0
    text = output.read_text(encoding="utf-8")
    # 30 players: GA = 2 * ceil(30 / 4) = 16; 7 rounds: +1 in rounds 1-2, +1/2 in 3-4.
    assert [line for line in text.splitlines() if line.startswith("250")] == [
        "250       1.0 001 002    1   16",
        "250       0.5 003 004    1   16",
    ]
    tournament = load_trf(output)
    round_1 = {
        (n, p.rounds[0].opponent) for n, p in tournament.players.items() if p.rounds[0].opponent
    }
    assert (1, 9) in round_1 or (9, 1) in round_1  # 1-9 inside GA, not 1-16
    assert _engine("--dutch", str(output), "-c", "--format", "crosstable") == 0
    capsys.readouterr()
    config.write_text('acceleration = "baku"\npoints = "football"\n', encoding="utf-8")
    assert _engine("--dutch", "-g", str(config), "-o", str(output), "-s", "1") == 3
    assert "twice a draw" in capsys.readouterr().err


# --- regulations ----------------------------------------------------------------------------

REGULATIONS = """
[event]
name = "Accelerated open"
game = "chess"

[[sections]]
key = "open"
name = "Open"
rounds = 7
pairing = {{ system = "FIDE_DUTCH_2026"{extra} }}
"""


def test_regulations_ask_for_baku_and_the_engine_applies_it() -> None:
    regulations = parse_regulations(REGULATIONS.format(extra=', acceleration = "baku"'))
    rules = regulations.sections[0].pairing
    assert rules.acceleration == "baku"
    assert not any("acceleration" in gap for gap in regulations.unsupported)
    tournament = _tournament(16, 7, system_code="FIDE_DUTCH_2026")
    assert _boards(pair_function("FIDE_DUTCH_2026", rules)(tournament, 1)) == SIXTEEN_ROUND_1
    plain = parse_regulations(REGULATIONS.format(extra="")).sections[0].pairing
    assert plain.acceleration == "none"
    assert _boards(pair_function("FIDE_DUTCH_2026", plain)(tournament, 1))[0] == (1, 9)


def test_regulations_reject_an_unknown_acceleration() -> None:
    from crosstable.regulations import RegulationsError

    with pytest.raises(RegulationsError, match="acceleration"):
        parse_regulations(REGULATIONS.format(extra=', acceleration = "haley"'))


def test_regulations_refuse_baku_when_a_win_is_not_two_draws() -> None:
    from crosstable.regulations import RegulationsError

    text = REGULATIONS.format(extra=', acceleration = "baku"')
    text += "scoring = { win = 3, draw = 1, loss = 0 }\n"
    with pytest.raises(RegulationsError, match=r"sections\[0\]\.pairing\.acceleration") as caught:
        parse_regulations(text, "football.toml")
    assert "twice a draw" in str(caught.value)


def test_regulations_note_acceleration_on_a_system_that_ignores_it() -> None:
    text = REGULATIONS.format(extra=', acceleration = "baku"').replace(
        "FIDE_DUTCH_2026", "FIDE_TEAM"
    )
    regulations = parse_regulations(text)
    assert any("acceleration" in gap for gap in regulations.unsupported)


# --- FIDE's reference engine ----------------------------------------------------------------


def _gacrux_pairs(path: Path, round_number: int) -> set[tuple[int, int]]:
    """gacrux's pairing of ``round_number`` (White Black pairs; the bye left out)."""
    from gacrux.pairingchecker import pairingchecker  # type: ignore[import-untyped]

    with tempfile.TemporaryDirectory() as directory:
        output = Path(directory) / "pairing.txt"
        argv = ["gacrux", "-p", "-n", str(round_number), "-m", "dutch"]
        argv += ["-i", str(path), "-F", "TXT", "-o", str(output)]
        saved = sys.argv
        sys.argv = argv
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                pairingchecker().common_main()
        finally:
            sys.argv = saved
        lines = output.read_text().splitlines()[1:] if output.exists() else []
    pairs = {tuple(int(n) for n in line.split()) for line in lines if line.strip()}
    return {(w, b) for w, b in pairs if b != 0}


def _our_pairs(tournament: Tournament, round_number: int) -> set[tuple[int, int]]:
    return {
        (number, entry.opponent)
        for number, player in tournament.players.items()
        if (entry := player.entry(round_number)) is not None
        and entry.opponent is not None
        and entry.colour is W
    }


@pytest.mark.parametrize(
    ("seed", "players", "rounds", "messy"),
    [(1, 30, 7, False), (2, 41, 9, True), (3, 24, 5, True), (4, 57, 11, True), (5, 18, 7, False)],
)
def test_gacrux_pairs_generated_accelerated_tournaments_as_we_do(
    tmp_path: Path, seed: int, players: int, rounds: int, messy: bool
) -> None:
    config = GeneratorConfig(players=players, rounds=rounds, acceleration="baku")
    if messy:
        config = dataclasses.replace(
            config,
            forfeit_rate=0.03,
            half_point_bye_rate=0.03,
            zero_point_bye_rate=0.02,
            withdrawal_rate=0.05,
            late_entry_rate=0.05,
        )
    tournament = generate_tournament(
        config, seed, pair_function("FIDE_DUTCH_2026"), system_code="FIDE_DUTCH_2026"
    )
    assert tournament.accelerations  # written as records 250, which gacrux reads
    path = tmp_path / f"generated-{seed}.trf"
    path.write_text(write_trf(tournament), encoding="utf-8")
    for round_number in range(1, rounds + 1):
        assert _gacrux_pairs(path, round_number) == _our_pairs(tournament, round_number), (
            f"seed {seed} round {round_number}"
        )
    assert check_tournament(load_trf(path), pair_function("FIDE_DUTCH_2026")) == []


def test_dutch_pair_round_alone_reads_only_explicit_accelerations() -> None:
    # dutch.pair_round is the bare engine: the standard method is resolved by the registry
    # (pair_function) so that a file's own records stay authoritative.
    tournament = _tournament(16, 7)
    assert _boards(dutch.pair_round(tournament, 1))[0] == (1, 9)
    assert _boards(dutch.pair_round(with_acceleration(tournament), 1)) == SIXTEEN_ROUND_1
