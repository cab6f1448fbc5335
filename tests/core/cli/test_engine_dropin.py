"""``crosstable engine`` as a drop-in for the reference engines: a script written for
bbpPairings (its command line, exit statuses, output locations and check-list file) runs
against crosstable unchanged, and the ``-c`` table is the reference engine's, byte for byte,
on the real files whose reference output is kept (tests/data/real/reference)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_engine_cli import ODD_FIELD, first_rounds, swap_one_game

from crosstable.cli import engine
from crosstable.cli.main import main
from crosstable.formats.trf import load_trf

DATA = Path(__file__).resolve().parents[2] / "data"
SCRIPT = DATA / "engine" / "bbp_user_script.sh"
REAL = DATA / "real"


def script_inputs(folder: Path) -> Path:
    folder.mkdir()
    text = ODD_FIELD.read_text()
    (folder / "partial.trf").write_text(first_rounds(text, 6))
    (folder / "complete.trf").write_text(text)
    (folder / "changed.trf").write_text(swap_one_game(text, 5))
    (folder / "nocolour.trf").write_text(first_rounds(text, 0))
    return folder


def run_script(engine_command: str, folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(SCRIPT), engine_command, str(folder)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=folder.parent,
    )


def test_a_script_written_for_bbppairings_runs_unchanged(tmp_path: Path) -> None:
    folder = script_inputs(tmp_path / "event")
    # The script is run from another folder: output names must resolve beside the inputs.
    command = f"{sys.executable} -m crosstable.cli.main engine"
    done = run_script(command, folder)
    assert done.stdout.strip() == "ok", done.stdout + done.stderr
    # What the script relied on, read back here too.
    assert (folder / "next.txt").read_text().splitlines()[0] == "11"
    listed = (folder / "partial.list").read_text().splitlines()
    assert [cell.strip() for cell in listed[1].split("\t")[:8]] == [
        "ID",
        "Pts",
        "-------",
        "Pref",
        "C2",
        "C14",
        "C16",
        "Cur",
    ]


@pytest.mark.skipif(
    not os.environ.get("BBPPAIRINGS"), reason="BBPPAIRINGS names no bbpPairings executable"
)
def test_the_same_script_passes_against_bbppairings(tmp_path: Path) -> None:
    """The script's expectations are bbpPairings' own (run where an arbiter has built it:
    BBPPAIRINGS=/path/to/bbpPairings.exe)."""
    folder = script_inputs(tmp_path / "event")
    done = run_script(str(shutil.which(os.environ["BBPPAIRINGS"]) or ""), folder)
    assert done.stdout.strip() == "ok", done.stdout + done.stderr


@pytest.mark.parametrize(
    "name",
    ["gonzaga_classic_2008", "swiss_manager_unplayed_rounds", "fide_c07_exercises_swiss9"],
)
def test_the_check_table_is_the_reference_engines(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["engine", "--dutch", str(REAL / f"{name}.trf"), "-c"]) == engine.EXIT_OK
    expected = (REAL / "reference" / f"{name}.bbp-check.txt").read_text()
    assert capsys.readouterr().out == expected


def test_a_changed_round_is_tabled_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    changed = tmp_path / "changed.trf"
    changed.write_text(swap_one_game(ODD_FIELD.read_text(), 5))
    # The game swapped by hand: in the original file, its white player and black player.
    original = {player.pairing_number: player for player in load_trf(ODD_FIELD)}
    white = next(
        number
        for number, player in sorted(original.items())
        if player.rounds[4].colour is not None and player.rounds[4].colour.value == "w"
    )
    black = original[white].rounds[4].opponent
    assert main(["engine", "--dutch", str(changed), "-c"]) == engine.EXIT_OK
    out = capsys.readouterr().out.splitlines()
    table = out.index("changed: Round #5") + 1
    assert out[table] == "  Checker pairings        Tournament pairings "
    # The engine pairs the game as the original file had it; the file now has it reversed.
    assert out[table + 1] == f"    {white:>3} - {black:>3}{' ' * 16}{black:>3} - {white:>3}"
    # --format crosstable: our own line a round, and exit 1 for a difference.
    assert (
        main(["engine", "--dutch", str(changed), "-c", "--format", "crosstable"])
        == engine.EXIT_NO_VALID_PAIRING
    )
    ours = capsys.readouterr().out.splitlines()
    assert ours[0] == f"round 5: recorded {black}-{white} produced {white}-{black}"
    assert ours[-1].endswith("of 9 rounds differ")


def test_pairing_after_the_final_round_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["engine", "--dutch", str(ODD_FIELD), "-p"]) == engine.EXIT_INVALID_INPUT
    assert "all 9 rounds the file gives (142 or XXR) are paired" in capsys.readouterr().err


def test_round_one_without_an_initial_colour_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blank = tmp_path / "blank.trf"
    blank.write_text(first_rounds(ODD_FIELD.read_text(), 0))
    assert main(["engine", "--dutch", str(blank), "-p"]) == engine.EXIT_INVALID_INPUT
    assert "no initial colour" in capsys.readouterr().err
    with_colour = tmp_path / "white.trf"
    with_colour.write_text(blank.read_text() + "152 w\n")
    assert main(["engine", "--dutch", str(with_colour), "-p"]) == engine.EXIT_OK


def test_a_bare_output_name_goes_beside_the_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = tmp_path / "event"
    event.mkdir()
    (event / "partial.trf").write_text(first_rounds(ODD_FIELD.read_text(), 6))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["engine", "--dutch", str(event / "partial.trf"), "-p", "out.txt"]) == 0
    assert (event / "out.txt").exists() and not (elsewhere / "out.txt").exists()
    # A name with a folder is taken as it is.
    assert main(["engine", "--dutch", str(event / "partial.trf"), "-p", "./here.txt"]) == 0
    assert (elsewhere / "here.txt").exists()


def test_a_model_file_gives_its_players_and_rounds(tmp_path: Path) -> None:
    model = tmp_path / "model.trf"
    model.write_text(ODD_FIELD.read_text())
    assert main(["engine", "--dutch", str(model), "-g", "-o", "copy.trf", "-s", "3"]) == 0
    original, copy = load_trf(model), load_trf(tmp_path / "copy.trf")
    assert [(p.name, p.rating) for p in copy] == [(p.name, p.rating) for p in original]
    assert copy.total_rounds == 9
    # The copy is a valid tournament: the engine reproduces every round it paired.
    assert (
        main(["engine", "--dutch", str(tmp_path / "copy.trf"), "-c", "--format", "crosstable"]) == 0
    )


def test_a_model_without_ratings_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ODD_FIELD.read_text().splitlines()
    lines = [
        line[:48] + "    " + line[52:] if line.startswith("001    3") else line for line in lines
    ]
    model = tmp_path / "model.trf"
    model.write_text("\n".join(lines) + "\n")
    assert main(["engine", "--dutch", str(model), "-g", "-o", "x.trf"]) == 3
    assert "needs a rating; none for 3" in capsys.readouterr().err


def test_print_info_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["engine", "-r"]) == 0
    assert capsys.readouterr().out.startswith("crosstable engine (crosstable ")
