"""``crosstable engine`` follows the reference engines where the rules are silent
(docs/cli/engine.md, "Conventions of the reference engines"), and writes files they read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crosstable.cli import engine
from crosstable.cli.main import main
from crosstable.formats.trf import load_trf, read_trf, write_trf
from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.pairing.history import infer_initial_colour

DATA = Path(__file__).parents[2] / "data"
BBP_FINAL_ROUND = DATA / "reference_generated" / "bbp_no_round_count_s230.trf"
ODD_FIELD = Path(os.environ["CROSSTABLE_CORPUS"]) / "dutch" / "basic" / "n021_r09_s261227.trf"
"""21 players, 9 rounds (XXR 9), every round with a pairing-allocated bye."""


def run(*argv: str) -> int:
    return main(["engine", *argv])


def _cell_column(round_number: int) -> int:
    """0-based index of round ``round_number``'s cell in a 001 line."""
    return 91 + 10 * (round_number - 1)


def _set_cell(line: str, round_number: int, cell: str) -> str:
    start = _cell_column(round_number)
    return line[:start].ljust(start) + cell + line[start + 8 :]


# --- a file without a round count is complete --------------------------------------------


def test_a_file_without_round_count_ends_with_its_final_round(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tournament = load_trf(BBP_FINAL_ROUND)
    assert tournament.total_rounds is None
    assert run("--dutch", str(BBP_FINAL_ROUND), "-c", "--format", "crosstable") == engine.EXIT_OK
    out = capsys.readouterr().out
    assert "round 5 is taken as the final round" in out
    assert out.splitlines()[-1].endswith("all 5 rounds reproduced")


def test_the_same_file_told_more_rounds_follow_pairs_its_last_round_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The reference paired round 5 under the final-round rules: a file that says the
    # event has 6 rounds is a different question, with a different answer.
    path = tmp_path / "six.trf"
    path.write_text(BBP_FINAL_ROUND.read_text().replace("\r", "\n") + "XXR 6\n")
    assert run("--dutch", str(path), "-c", "--format", "crosstable") == engine.EXIT_NO_VALID_PAIRING
    assert "round 5:" in capsys.readouterr().out


def test_pairing_the_next_round_needs_the_round_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "no-count.trf"
    path.write_text(BBP_FINAL_ROUND.read_text())
    assert run("--dutch", str(path), "-p") == engine.EXIT_INVALID_INPUT
    err = capsys.readouterr().err
    assert "number of rounds" in err and str(path) in err and "Traceback" not in err


# --- colourless forfeits are recorded pairings ------------------------------------------


def test_a_forfeit_written_without_colours_is_the_recorded_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ODD_FIELD.read_text().splitlines()
    column = _cell_column(9)
    first = next(i for i, line in enumerate(lines) if line[column + 5 : column + 6] == "w")
    opponent = int(lines[first][column : column + 4])
    second = next(i for i, line in enumerate(lines) if line.startswith(f"001 {opponent:4d}"))
    # the last round's game becomes a double forfeit written "153 - -" (no colours)
    for index, other in ((first, opponent), (second, int(lines[first][4:8]))):
        line = _set_cell(lines[index], 9, f"{other:4d} - -")
        points = float(line[80:84]) - (1 if lines[index][column + 7] == "1" else 0)
        points -= 0.5 if lines[index][column + 7] == "=" else 0
        lines[index] = f"{line[:80]}{points:4.1f}{line[84:]}"
    path = tmp_path / "colourless.trf"
    path.write_text("\n".join(lines) + "\n")
    entry = load_trf(path).players[opponent].rounds[8]
    assert (entry.colour, entry.result) == (None, ResultCode.FORFEIT_LOSS)
    assert run("--dutch", str(path), "-c", "--format", "crosstable") == engine.EXIT_OK, (
        capsys.readouterr().out
    )


# --- a round of byes entered in advance is not played yet -------------------------------


def _with_requested_bye_in_round_10(tmp_path: Path) -> Path:
    lines = ODD_FIELD.read_text().splitlines()
    for index, line in enumerate(lines):
        if line.startswith("001    3"):
            points = float(line[80:84]) + 0.5  # JaVaFo: the points include the bye
            lines[index] = _set_cell(f"{line[:80]}{points:4.1f}{line[84:]}", 10, "0000 - H")
        if line.startswith("XXR"):
            lines[index] = "XXR 10"
    path = tmp_path / "bye-next.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_round_of_byes_entered_in_advance_is_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _with_requested_bye_in_round_10(tmp_path)
    assert load_trf(path).rounds_recorded == 10
    assert run("--dutch", str(path), "-c", "--format", "crosstable") == engine.EXIT_OK
    out = capsys.readouterr().out
    assert "hold only byes entered in advance" in out
    assert out.splitlines()[-1].endswith("all 9 rounds reproduced")


def test_standings_do_not_count_a_round_of_byes_entered_in_advance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    path = _with_requested_bye_in_round_10(tmp_path)
    assert main(["standings", str(path), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "warning" not in captured.err  # the points field includes the bye: no warning
    document = json.loads(captured.out)
    assert document["rounds"] == 9
    original = load_trf(ODD_FIELD)
    row = next(row for row in document["standings"] if row["number"] == 3)
    assert row["points"] == str(original.points(original.players[3]))


# --- the initial colour, as the reference infers it ---------------------------------------


def _tournament(*rows: tuple[RoundEntry, ...]) -> Tournament:
    tournament = Tournament(name="colours")
    for number, rounds in enumerate(rows, start=1):
        tournament.players[number] = Player(number, f"P{number}", rounds=list(rounds))
    return tournament


W, B = Colour.WHITE, Colour.BLACK


def test_initial_colour_from_the_first_round_with_colours() -> None:
    # Round 1 holds only forfeits without colours; round 2 is the first with colours.
    tournament = _tournament(
        (RoundEntry(2, None, ResultCode.FORFEIT_WIN), RoundEntry(3, B, ResultCode.WIN)),
        (RoundEntry(1, None, ResultCode.FORFEIT_LOSS), RoundEntry(4, W, ResultCode.DRAW)),
        (RoundEntry(4, None, ResultCode.FORFEIT_LOSS), RoundEntry(1, W, ResultCode.LOSS)),
        (RoundEntry(3, None, ResultCode.FORFEIT_LOSS), RoundEntry(2, B, ResultCode.DRAW)),
    )
    assert infer_initial_colour(tournament) is B  # player 1's colour in round 2


def test_initial_colour_skips_the_top_player_without_colour_in_that_round() -> None:
    # Player 1 took part in round 1 (a forfeit win, no colour) and is absent in round 2:
    # the next participant's round-2 colour, reversed.
    tournament = _tournament(
        (RoundEntry(2, None, ResultCode.FORFEIT_WIN), RoundEntry.absent()),
        (RoundEntry(1, None, ResultCode.FORFEIT_LOSS), RoundEntry(3, W, ResultCode.WIN)),
        (RoundEntry.absent(), RoundEntry(2, B, ResultCode.LOSS)),
    )
    assert infer_initial_colour(tournament) is B


# --- files the reference engines read ------------------------------------------------------


def test_generated_files_name_the_system_as_the_reference_engines_do(tmp_path: Path) -> None:
    output = tmp_path / "g.trf"
    config = tmp_path / "small.toml"
    config.write_text("players = 12\nrounds = 4\n")
    assert run("--dutch", "-g", str(config), "-o", str(output), "-s", "3") == 0
    lines = output.read_text().splitlines()
    assert "192 FIDE_DUTCH" in lines
    assert load_trf(output).system_code == "FIDE_DUTCH"


@pytest.mark.parametrize(
    ("dialect", "code"),
    [("2026", "FIDE_DUTCH_2026"), ("16", "FIDE_DUTCH"), ("engines", "FIDE_DUTCH")],
)
def test_convert_writes_the_system_line_of_the_dialect(
    dialect: str, code: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "ours.trf"
    source.write_text(write_trf(_small_event("FIDE_DUTCH_2026")))
    assert main(["trf", "convert", str(source), "-", "--dialect", dialect]) == 0
    out = capsys.readouterr().out
    assert f"192 {code}" in out.splitlines()
    assert read_trf(out).players == load_trf(source).players


def _small_event(code: str) -> Tournament:
    tournament = _tournament(
        (RoundEntry(2, W, ResultCode.WIN),),
        (RoundEntry(1, B, ResultCode.LOSS),),
        (RoundEntry(4, W, ResultCode.DRAW),),
        (RoundEntry(3, B, ResultCode.DRAW),),
    )
    tournament.system_code = code
    tournament.total_rounds = 3
    tournament.initial_colour = W
    return tournament


def test_the_reference_checker_reads_our_engines_dialect() -> None:
    trf2json = pytest.importorskip("gacrux.trf2json")
    for dialect in ("engines", "16"):
        reader = trf2json.trf2json()
        reader.parse_file(write_trf(_small_event("FIDE_DUTCH_2026"), dialect), False)
        document = reader.chessjson
        assert document["status"]["error"] == [], dialect
        tournament = document["event"]["tournaments"][0]
        assert tournament["pairingSystem"] == ["dutch"], dialect
        assert tournament["numRounds"] == 3, dialect
