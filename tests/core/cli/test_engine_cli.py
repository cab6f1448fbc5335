"""``crosstable engine``: -p, -c and -g on real files, and the exit status of each error."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.cli import engine
from crosstable.cli.main import main
from crosstable.formats.trf import load_trf
from crosstable.generate import random_config

CORPUS = Path(os.environ["CROSSTABLE_CORPUS"]) / "dutch"
ODD_FIELD = CORPUS / "basic" / "n021_r09_s261227.trf"
"""21 players, 9 rounds, standard points, no absences: every round has a pairing bye."""

_POINTS = {"1": Fraction(1), "+": Fraction(1), "U": Fraction(1), "F": Fraction(1)}
_POINTS.update({"=": Fraction(1, 2), "H": Fraction(1, 2)})


def first_rounds(text: str, rounds: int) -> str:
    """The file as it stood after ``rounds`` rounds (standard points recomputed)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            kept = line[: 89 + 10 * rounds].rstrip()
            results = [kept[98 + 10 * k] for k in range(rounds) if len(kept) > 98 + 10 * k]
            points = sum((_POINTS.get(code, Fraction(0)) for code in results), Fraction(0))
            line = f"{kept[:80]}{float(points):4.1f}{kept[84:]}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def file_round(path: Path, round_number: int) -> tuple[set[tuple[int, int]], int | None]:
    """Round ``round_number`` as the file records it: (white, black) pairs and the bye."""
    tournament = load_trf(path)
    pairs: set[tuple[int, int]] = set()
    bye = None
    for player in tournament:
        entry = player.rounds[round_number - 1]
        if entry.opponent is None:
            if entry.result.value == "U":
                bye = player.pairing_number
        elif entry.colour is not None and entry.colour.value == "w":
            pairs.add((player.pairing_number, entry.opponent))
    return pairs, bye


def swap_one_game(text: str, round_number: int) -> str:
    """The file with the colours of one game of ``round_number`` swapped by hand."""
    column = 96 + 10 * (round_number - 1)
    lines = text.splitlines()
    first = next(
        i for i, line in enumerate(lines) if line.startswith("001") and line[column] == "w"
    )
    opponent = int(lines[first][column - 5 : column - 1])
    second = next(i for i, line in enumerate(lines) if line.startswith(f"001 {opponent:4d}"))
    for index, colour in ((first, "b"), (second, "w")):
        line = lines[index]
        lines[index] = line[:column] + colour + line[column + 1 :]
    return "\n".join(lines) + "\n"


def engine_pairs(output: str) -> tuple[set[tuple[int, int]], int | None]:
    lines = output.split()
    count = int(lines[0])
    numbers = [int(value) for value in lines[1:]]
    assert len(numbers) == 2 * count
    pairs = {(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)}
    byes = {white for white, black in pairs if black == 0}
    return pairs - {(bye, 0) for bye in byes}, (byes.pop() if byes else None)


def run(argv: list[str]) -> int:
    return main(["engine", *argv])


# --- -p ---------------------------------------------------------------------------------


def test_pair_the_next_round_of_a_corpus_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    partial = tmp_path / "after6.trf"
    partial.write_text(first_rounds(ODD_FIELD.read_text(), 6))
    assert run(["--dutch", str(partial), "-p"]) == engine.EXIT_OK
    captured = capsys.readouterr()
    assert captured.err == ""
    assert engine_pairs(captured.out) == file_round(ODD_FIELD, 7)
    lines = captured.out.splitlines()
    assert lines[0] == "11" and lines[-1].endswith(" 0")


def test_pair_to_an_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    partial = tmp_path / "after3.trf"
    partial.write_text(first_rounds(ODD_FIELD.read_text(), 3))
    output = tmp_path / "pairs.txt"
    assert run(["--dutch", str(partial), "-p", str(output)]) == engine.EXIT_OK
    assert capsys.readouterr().out == ""
    assert engine_pairs(output.read_text()) == file_round(ODD_FIELD, 4)


def test_no_valid_pairing_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two players who have met: round 2 has no legal pairing.
    text = first_rounds(ODD_FIELD.read_text(), 0).splitlines()
    players = [line for line in text if line.startswith("001")][:2]
    met = [
        f"{players[0][:80]} 1.0{players[0][84:89].ljust(5)}     2 w 1",
        f"{players[1][:80]} 0.0{players[1][84:89].ljust(5)}     1 b 0",
    ]
    path = tmp_path / "met.trf"
    path.write_text("012 Two players\n" + "\n".join(met) + "\nXXR 3\n")
    assert run(["--dutch", str(path), "-p"]) == engine.EXIT_NO_VALID_PAIRING
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no valid pairing" in captured.err and len(captured.err.splitlines()) == 1


# --- -c ---------------------------------------------------------------------------------


def test_check_reproduces_a_corpus_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--dutch", str(ODD_FIELD), "-c", "--format", "crosstable"]) == engine.EXIT_OK
    assert "all 9 rounds reproduced" in capsys.readouterr().out


def test_check_reports_a_changed_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Swap the colours of one game of round 5: the file no longer matches the engine.
    changed = tmp_path / "changed.trf"
    changed.write_text(swap_one_game(ODD_FIELD.read_text(), 5))
    assert (
        run(["--dutch", str(changed), "-c", "--format", "crosstable"])
        == engine.EXIT_NO_VALID_PAIRING
    )
    out = capsys.readouterr().out
    # rounds 1-4 still match; round 5 is the first to differ (later rounds may follow,
    # since their colour histories changed too)
    assert out.splitlines()[0].startswith("round 5: recorded")
    assert "rounds differ" in out.splitlines()[-1]


# --- -g ---------------------------------------------------------------------------------

CONFIG = """
players = 23
rounds = 6
draw_rate = 0.35
forfeit_rate = 0.03
half_point_bye_rate = 0.04
zero_point_bye_rate = 0.02
withdrawal_rate = 0.1
late_entry_rate = 0.08
initial_colour = "black"

[points]
win = 3
draw = 1
loss = 0
"""


def test_generate_is_reproducible_and_passes_the_checker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "open.toml"
    config.write_text(CONFIG)
    first, again, other = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"
    for output, seed in ((first, "17"), (again, "17"), (other, "18")):
        assert run(["--dutch", "-g", str(config), "-o", str(output), "-s", seed]) == 0
    assert first.read_bytes() == again.read_bytes()
    assert first.read_bytes() != other.read_bytes()
    tournament = load_trf(first)
    assert len(tournament.players) == 23
    assert tournament.total_rounds == 6
    assert tournament.rounds_recorded == 6
    assert tournament.scoring.win == 3 and tournament.scoring.draw == 1
    assert tournament.initial_colour is not None and tournament.initial_colour.value == "b"
    capsys.readouterr()
    assert run(["--dutch", str(first), "-c", "--format", "crosstable"]) == engine.EXIT_OK, (
        capsys.readouterr().out
    )


def test_generate_without_configuration(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the settings are drawn from the seed; take a seed that draws a small field (fast)
    seed = next(seed for seed in range(100) if random_config(seed).players <= 25)
    config = random_config(seed)
    output = tmp_path / "random.trf"
    assert run(["--dutch", "-g", "-o", str(output), "-s", str(seed)]) == 0
    tournament = load_trf(output)
    assert len(tournament.players) == config.players
    assert tournament.total_rounds == config.rounds
    assert f"seed {seed}" in output.read_text()
    assert run(["--dutch", str(output), "-c", "--format", "crosstable"]) == engine.EXIT_OK, (
        capsys.readouterr().out
    )


def test_generate_with_no_valid_pairing_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "pair.toml"
    config.write_text("players = 2\nrounds = 2\n")  # the two players cannot meet twice
    output = tmp_path / "x.trf"
    assert run(["--dutch", "-g", str(config), "-o", str(output), "-s", "1"]) == 1
    assert "no valid pairing" in capsys.readouterr().err
    assert not output.exists()


# --- errors -----------------------------------------------------------------------------


def error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    return err


def test_missing_input_is_a_file_access_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.trf"
    assert run(["--dutch", str(missing), "-p"]) == engine.EXIT_FILE_ACCESS
    assert "missing.trf" in error_line(capsys)
    assert run(["--dutch", str(missing), "-c"]) == engine.EXIT_FILE_ACCESS
    error_line(capsys)


def test_unwritable_output_is_a_file_access_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nowhere = tmp_path / "no" / "such" / "dir" / "out.txt"
    partial = tmp_path / "after6.trf"
    partial.write_text(first_rounds(ODD_FIELD.read_text(), 6))
    assert run(["--dutch", str(partial), "-p", str(nowhere)]) == engine.EXIT_FILE_ACCESS
    assert "out.txt" in error_line(capsys)
    assert run(["--dutch", "-g", "-o", str(nowhere), "-s", "1"]) == engine.EXIT_FILE_ACCESS
    error_line(capsys)
    missing_config = tmp_path / "missing.toml"
    assert run(["--dutch", "-g", str(missing_config), "-o", str(tmp_path / "x.trf")]) == 5
    assert "missing.toml" in error_line(capsys)


def test_malformed_trf_names_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ODD_FIELD.read_text().splitlines()
    lines[3] = lines[3][:98] + "Q" + lines[3][99:]
    broken = tmp_path / "broken.trf"
    broken.write_text("\n".join(lines) + "\n")
    assert run(["--dutch", str(broken), "-p"]) == engine.EXIT_INVALID_INPUT
    message = error_line(capsys)
    assert "broken.trf line 4" in message and "column" in message


def test_invalid_configuration_names_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "bad.toml"
    config.write_text("players = 20\ndraw_rate = 2\n")
    assert run(["--dutch", "-g", str(config), "-o", str(tmp_path / "x.trf")]) == 3
    assert "bad.toml: draw_rate" in error_line(capsys)


def test_too_many_players_is_the_size_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "huge.toml"
    config.write_text("players = 12000\n")
    output = tmp_path / "x.trf"
    assert run(["--dutch", "-g", str(config), "-o", str(output)]) == engine.EXIT_SIZE_LIMIT
    assert "9999" in error_line(capsys)
    assert not output.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["--dutch", "-p"],  # no INPUT
        ["--dutch", str(ODD_FIELD)],  # no mode
        ["--dutch", str(ODD_FIELD), "-p", "-c"],  # two modes
        [str(ODD_FIELD), "-p"],  # no system
        ["--dutch", "-g"],  # no -o
        ["--dutch", str(ODD_FIELD), "-c", "-s", "3"],  # -s without -g
    ],
)
def test_invalid_command_lines_are_invalid_input(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        run(argv)
    assert stopped.value.code == engine.EXIT_INVALID_INPUT
    assert "error" in capsys.readouterr().err


def test_an_engine_crash_is_an_unexpected_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def crash(tournament: object, round_number: object = None, **options: object) -> None:
        raise KeyError("boom")

    monkeypatch.setattr("crosstable.pairing.dutch.pair_round", crash)
    partial = tmp_path / "after6.trf"
    partial.write_text(first_rounds(ODD_FIELD.read_text(), 6))
    assert run(["--dutch", str(partial), "-p"]) == engine.EXIT_UNEXPECTED_ERROR
    assert "unexpected error: KeyError" in error_line(capsys)


def test_the_installed_command(tmp_path: Path) -> None:
    partial = tmp_path / "after1.trf"
    partial.write_text(first_rounds(ODD_FIELD.read_text(), 1))
    done = subprocess.run(
        [sys.executable, "-m", "crosstable.cli.main", "engine", "--dutch", str(partial), "-p"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert engine_pairs(done.stdout) == file_round(ODD_FIELD, 2)
    missing = subprocess.run(
        [sys.executable, "-m", "crosstable.cli.main", "engine", "--dutch", "nope.trf", "-c"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert missing.returncode == 5
    assert missing.stderr.count("\n") == 1
