"""``crosstable check``: the pairings and the standings of a file, each difference reported.

The test file (tests/data/check, README there) was worked by hand: 8 players, 4 rounds,
tie-breaks BH then SB. Final points 4, 2, 3, 2, 2, 2, 1, 0 (players 1-8). Players 2, 4, 5 and
6 are tied on 2 points; their opponents' final scores give BH:
player 2 (met 6, 3, 5, 1) 2 + 3 + 2 + 4 = 11; player 4 (8, 1, 6, 3) 0 + 4 + 2 + 3 = 9;
player 5 (1, 8, 2, 7) 4 + 0 + 2 + 1 = 7; player 6 (2, 7, 4, 8) 2 + 1 + 2 + 0 = 5;
so the ranks are 1: player 1, 2: player 3, then 2, 4, 5, 6, 7, 8. SB of player 4 (beat 8 and
6): 0 + 2 = 2; of player 5 (beat 8 and 7): 0 + 1 = 1.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.cli import engine
from crosstable.cli.main import main
from crosstable.formats.trf import load_trf, write_trf
from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.model import ResultCode, Tournament
from crosstable.pairing.dutch import pair_round
from crosstable.rank_check import check_ranks

sys.path.insert(0, str(Path(__file__).parents[1] / "tiebreaks"))
from gacrux_oracle import gacrux_values

DATA = Path(__file__).parents[2] / "data" / "check"


def run(argv: list[str]) -> int:
    return main(["check", *argv])


def test_the_hand_worked_file_passes(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "good.trf"
    assert run([str(path)]) == engine.EXIT_OK
    assert capsys.readouterr().out == (
        f"{path}: all 4 rounds reproduced; standings follow the tie-breaks BH, SB\n"
    )
    ranks = {player.pairing_number: player.rank for player in load_trf(path)}
    assert ranks == {1: 1, 3: 2, 2: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8}


def test_a_wrong_standings_line_and_a_wrong_pairing_are_found(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = DATA / "wrong.trf"
    assert run([str(path)]) == engine.EXIT_NO_VALID_PAIRING
    assert capsys.readouterr().out.splitlines() == [
        "round 4: recorded 7-5 produced 5-7",
        "standings: player 4 (Player0004, Test) has rank 5 in the file, but points 2.0 and "
        "BH 9.0, SB 2.0 place it 4",
        "standings: player 5 (Player0005, Test) has rank 4 in the file, but points 2.0 and "
        "BH 7.0, SB 1.0 place it 5",
        f"{path}: 1 of 4 rounds differ; 2 of 8 standings lines differ (tie-breaks BH, SB)",
    ]
    # engine -c sees the pairing, not the standings
    assert (
        main(["engine", "--dutch", str(path), "-c", "--format", "crosstable"])
        == engine.EXIT_NO_VALID_PAIRING
    )


def test_a_wrong_points_field_is_a_standings_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (DATA / "good.trf").read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001    8"))
    lines[index] = lines[index][:80] + " 1.0" + lines[index][84:]
    path = tmp_path / "points.trf"
    path.write_text("\n".join(lines) + "\n")
    assert run([str(path)]) == engine.EXIT_NO_VALID_PAIRING
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("standings: points field of player 8 says 1.0, but the results add up to 0.0")
    assert out[-1].endswith(
        "all 4 rounds reproduced; 1 of 8 standings lines differ (tie-breaks BH, SB)"
    )


def test_tied_players_may_be_listed_in_any_order_of_their_places(tmp_path: Path) -> None:
    """Points alone (no tie-break list): players 2, 4, 5 and 6 share places 3-6. A file may
    give them those places in any order (drawn by lot) or the shared rank 3; rank 7 is
    outside their places."""
    tournament = load_trf(DATA / "good.trf")
    tournament.tiebreaks = []
    for number, rank in ((2, 6), (4, 3), (5, 5), (6, 4)):
        tournament.players[number].rank = rank
    assert check_ranks(tournament).differences == ()
    for number in (2, 4, 5, 6):
        tournament.players[number].rank = 3
    assert check_ranks(tournament).differences == ()
    tournament.players[6].rank = 7
    (difference,) = check_ranks(tournament).differences
    assert (difference.number, difference.first_place, difference.last_place) == (6, 3, 6)


def test_a_file_without_ranks_is_checked_for_pairings_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament = load_trf(DATA / "good.trf")
    for player in tournament:
        player.rank = None
    path = tmp_path / "unranked.trf"
    path.write_text(write_trf(tournament))
    assert run([str(path)]) == engine.EXIT_OK
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"note: {path} records no rank (001 columns 86-89): standings not checked",
        f"{path}: all 4 rounds reproduced",
    ]


@pytest.mark.parametrize(
    ("content", "status", "message"),
    [
        (None, engine.EXIT_FILE_ACCESS, "cannot access the file"),
        ("012 x\n001    1      A\n001    1      B\n", engine.EXIT_INVALID_INPUT, "line 3"),
        ("a,b,c\n1,2,3\n", engine.EXIT_INVALID_INPUT, "no line starts with a TRF record"),
    ],
)
def test_bad_input(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str | None,
    status: int,
    message: str,
) -> None:
    path = tmp_path / "input.trf"
    if content is not None:
        path.write_text(content)
    assert run([str(path)]) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("crosstable check: ") and message in captured.err
    assert len(captured.err.splitlines()) == 1


RICH = GeneratorConfig(
    players=27,
    rounds=7,
    draw_rate=0.35,
    full_point_byes=2,
    half_point_byes=4,
    zero_point_byes=3,
    forfeits=3,
    unusual_results=4,
    withdrawal_rate=0.05,
    late_entry_rate=0.05,
    acceleration="baku",
    tiebreaks=("BH/C1", "BH", "SB", "PS", "WIN"),
)


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_generated_files_pass_check_and_engine_c(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    path = tmp_path / f"rich-{seed}.trf"
    options = [
        "--players=27",
        "--rounds=7",
        "--draw-rate=0.35",
        "--full-point-byes=2",
        "--half-point-byes=4",
        "--zero-point-byes=3",
        "--forfeits=3",
        "--unusual-results=4",
        "--withdrawal-rate=0.05",
        "--late-entry-rate=0.05",
        "--baku",
        "--tiebreaks=BH/C1,BH,SB,PS,WIN",
    ]
    assert main(["engine", "--dutch", "-g", "-o", str(path), "-s", str(seed), *options]) == 0
    read = load_trf(path)
    generated = generate_tournament(RICH, seed, pair_round, system_code="FIDE_DUTCH")
    assert [(p.rounds, p.rank) for p in read] == [(p.rounds, p.rank) for p in generated]
    assert read.tiebreaks == ["BH/C1", "BH", "SB", "PS", "WIN"] and read.accelerations
    assert run([str(path)]) == engine.EXIT_OK, capsys.readouterr().out
    assert main(["engine", "--dutch", str(path), "-c", "--format", "crosstable"]) == engine.EXIT_OK


@pytest.mark.parametrize("seed", [4, 9])
def test_the_reference_checker_ranks_generated_files_as_check_does(
    tmp_path: Path, seed: int
) -> None:
    """gacrux, FIDE's reference tie-break checker, ranks the file with its tie-break list;
    its ranks, put in the file, are accepted by ``check`` (and ours are its ranks)."""
    config = dataclasses.replace(RICH, acceleration="none", tiebreaks=("BH/C1", "BH", "SB"))
    tournament = generate_tournament(config, seed, pair_round, system_code="FIDE_DUTCH")
    path = tmp_path / "ranked.trf"
    path.write_text(write_trf(tournament, "engines"))
    reference = gacrux_values(path, ["BH/C1", "BH", "SB"])
    ours = {player.pairing_number: player.rank for player in tournament}
    assert {number: rank for number, (rank, _values) in reference.items()} == ours
    for number, (rank, _values) in reference.items():
        tournament.players[number].rank = rank
    assert check_ranks(tournament).differences == ()


def test_generated_events_hold_what_was_asked() -> None:
    tournament = generate_tournament(RICH, 5, pair_round, system_code="FIDE_DUTCH")
    cells = [(r, p) for p in tournament for r, p in enumerate(p.rounds, start=1)]
    codes = [entry.result for _round, entry in cells]
    assert codes.count(ResultCode.FULL_POINT_BYE) == 2
    assert codes.count(ResultCode.HALF_POINT_BYE) == 4
    last = tournament.total_rounds
    assert not [
        entry
        for round_number, entry in cells
        if round_number == last
        and entry.result in (ResultCode.FULL_POINT_BYE, ResultCode.HALF_POINT_BYE)
    ]
    games = {}
    for player in tournament:
        for round_number, entry in enumerate(player.rounds, start=1):
            if entry.opponent is not None and entry.colour is not None:
                games.setdefault(
                    (round_number, frozenset((player.pairing_number, entry.opponent))), []
                ).append(entry.result)
    forfeits = [pair for pair in games.values() if ResultCode.FORFEIT_LOSS in pair]
    unusual = [
        pair
        for pair in games.values()
        if sorted(code.value for code in pair) in (["0", "="], ["0", "0"])
    ]
    assert len(forfeits) == 3 and len(unusual) == 4
    assert tournament.tiebreaks == list(RICH.tiebreaks)
    assert sorted(player.rank or 0 for player in tournament)[0] == 1


def test_generator_options_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = str(tmp_path / "x.trf")
    assert main(["engine", "--dutch", "-g", "-o", output, "--players", "1"]) == 3
    assert "command line: players: 1 is not in 2" in capsys.readouterr().err
    assert main(["engine", "--dutch", "-g", "-o", output, "--tiebreaks", "XYZ"]) == 3
    assert "tiebreaks:" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        main(["engine", "--dutch", str(DATA / "good.trf"), "-c", "--forfeits", "2"])
    assert stopped.value.code == 3
    assert "the generator options go with -g" in capsys.readouterr().err
    assert not Path(output).exists()


def test_unusual_results_are_read_and_scored() -> None:
    """½–0 is ``=`` against ``0``: half a point for one, nothing for the other, a game played."""
    from crosstable.formats.trf import read_trf

    cells = {1: (" 0.5", "   2 w ="), 2: (" 0.0", "   1 b 0")}
    lines = [f"001 {n:4d}      {'AB'[n - 1]:<66}{p}{'':7}{cell}" for n, (p, cell) in cells.items()]
    text = "012 Unusual\n142 1\n" + "\n".join(lines) + "\n"

    tournament = read_trf(text)
    first, second = tournament.players[1], tournament.players[2]
    assert tournament.points(first) == Fraction(1, 2) and tournament.points(second) == 0
    assert first.rounds[0].is_played and second.rounds[0].is_played


def _games(tournament: Tournament) -> list[list[ResultCode]]:
    """The result codes of each game (paired against an opponent), per game."""
    games: dict[tuple[int, frozenset[int]], list[ResultCode]] = {}
    for player in tournament:
        for round_number, entry in enumerate(player.rounds, start=1):
            if entry.opponent is not None:
                key = (round_number, frozenset((player.pairing_number, entry.opponent)))
                games.setdefault(key, []).append(entry.result)
    return list(games.values())


def _cells(tournament: Tournament, code: ResultCode) -> int:
    return sum(entry.result is code for player in tournament for entry in player.rounds)


def _forfeited(tournament: Tournament) -> int:
    return sum(ResultCode.FORFEIT_LOSS in game for game in _games(tournament))


def _unusual(tournament: Tournament) -> int:
    return sum(
        sorted(code.value for code in game) in (["0", "="], ["0", "0"])
        for game in _games(tournament)
    )


# Each generator option of the checklist alone, on a small event (14 players, 5 rounds, the
# other keys at their defaults: no byes, forfeits, withdrawals or late entries), and what the
# written file must then hold: the counts exactly, the rates at least once.
GENERATOR_OPTIONS: list[tuple[list[str], Callable[[Tournament], bool]]] = [
    (["--full-point-byes=2"], lambda t: _cells(t, ResultCode.FULL_POINT_BYE) == 2),
    (["--full-point-bye-rate=0.1"], lambda t: _cells(t, ResultCode.FULL_POINT_BYE) > 0),
    (["--half-point-byes=3"], lambda t: _cells(t, ResultCode.HALF_POINT_BYE) == 3),
    (["--half-point-bye-rate=0.1"], lambda t: _cells(t, ResultCode.HALF_POINT_BYE) > 0),
    (["--zero-point-byes=2"], lambda t: _cells(t, ResultCode.ZERO_POINT_BYE) == 2),
    (["--zero-point-bye-rate=0.1"], lambda t: _cells(t, ResultCode.ZERO_POINT_BYE) > 0),
    (["--forfeits=3"], lambda t: _forfeited(t) == 3),
    (["--forfeit-rate=0.1"], lambda t: _forfeited(t) > 0),
    (["--unusual-results=3"], lambda t: _unusual(t) == 3),
    (["--unusual-result-rate=0.1"], lambda t: _unusual(t) > 0),
    (["--baku"], lambda t: bool(t.accelerations)),
    (
        ["--tiebreaks=BH/C1,BH,SB,DE"],
        lambda t: t.tiebreaks == ["BH/C1", "BH", "SB", "DE"] and all(p.rank for p in t),
    ),
    (["--withdrawal-rate=0.1"], lambda t: _cells(t, ResultCode.ZERO_POINT_BYE) > 0),
    (["--late-entry-rate=0.1"], lambda t: _cells(t, ResultCode.ZERO_POINT_BYE) > 0),
    (["--points=football"], lambda t: t.scoring.win == 3 * t.scoring.draw),
]


@pytest.mark.parametrize(
    ("options", "holds"), GENERATOR_OPTIONS, ids=[o[0][0] for o in GENERATOR_OPTIONS]
)
def test_each_generator_option_writes_a_file_check_and_engine_c_accept(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    holds: Callable[[Tournament], bool],
) -> None:
    def generate(path: Path, *extra: str) -> Tournament:
        command = ["engine", "--dutch", "-g", "-o", str(path), "-s", "11"]
        assert main([*command, "--players=14", "--rounds=5", *extra]) == engine.EXIT_OK
        return load_trf(path)

    path = tmp_path / "generated.trf"
    assert holds(generate(path, *options)), path.read_text()
    generate(tmp_path / "plain.trf")
    assert path.read_text() != (tmp_path / "plain.trf").read_text()  # the option changed it
    capsys.readouterr()
    assert run([str(path)]) == engine.EXIT_OK, capsys.readouterr().out
    assert (
        main(["engine", "--dutch", str(path), "-c", "--format", "crosstable"]) == engine.EXIT_OK
    ), capsys.readouterr()
