"""Round cells written by programs older than TRF-2026's codes, read as the writing program
means them (docs/formats/trf.md, "Legacy forms"). The files are a real one
(tests/data/real/gonzaga_classic_2008.trf, written by the Irish Chess Union's program) with
cells rewritten in the forms its later files use: no real file in this repository holds them
as found."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.cli.main import main
from crosstable.formats.trf import load_trf, read_trf
from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.pairing.history import infer_initial_colour

GONZAGA = Path(__file__).resolve().parents[3] / "data" / "real" / "gonzaga_classic_2008.trf"
ROUND_COLUMN = 91  # round 1's cell starts at column 92 (index 91); each round 10 wide


def rewrite_cell(text: str, player: int, round_number: int, cell: str) -> str:
    lines = []
    for line in text.splitlines():
        if line.startswith(f"001 {player:4d}"):
            start = ROUND_COLUMN + 10 * (round_number - 1)
            line = line.ljust(start + 8)
            line = line[:start] + cell.ljust(8) + line[start + 8 :]
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_a_loss_against_nobody_is_a_zero_point_bye() -> None:
    # McCabe (12) left after round 3: blank cells. The Irish program writes such a round
    # "0000 - 0"; the same file with round 4 so written reads as a zero-point bye.
    text = rewrite_cell(GONZAGA.read_text(), 12, 4, "0000 - 0")
    tournament = read_trf(text)
    entry = tournament.players[12].rounds[3]
    assert (entry.opponent, entry.result) == (None, ResultCode.ZERO_POINT_BYE)
    assert tournament.points(tournament.players[12]) == Fraction(1, 2)


def test_a_blank_result_next_to_an_opponent_is_a_pending_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 5 published, no result typed yet: "   3 w  " beside "   1 b  ".
    text = GONZAGA.read_text()
    for player, cell in ((1, "   7 w"), (7, "   1 b")):
        text = rewrite_cell(text, player, 5, cell)
    path = tmp_path / "published.trf"
    path.write_text(text)
    tournament = load_trf(path)
    entry = tournament.players[1].rounds[4]
    assert (entry.opponent, entry.colour, entry.result) == (7, Colour.WHITE, ResultCode.PENDING)
    # The file is read (it was refused, exit 3): round 5 is paired, its game not yet scored.
    assert main(["engine", "--dutch", str(path), "-c", "--format", "crosstable"]) in (0, 1)
    assert "not one of" not in capsys.readouterr().err
    assert tournament.points(tournament.players[1]) == Fraction(3)


def _tournament(*rows: tuple[RoundEntry, ...]) -> Tournament:
    tournament = Tournament(name="colours")
    for number, rounds in enumerate(rows, start=1):
        tournament.players[number] = Player(number, f"P{number}", rounds=list(rounds))
    return tournament


def test_a_forfeit_win_against_nobody_is_no_part_in_the_pairing() -> None:
    # Round 1: player 1 is given "0000 - +" (nobody to play); the program paired 2-3 and 4-5
    # with the top board's White to player 2. Counting player 1 as the first participant
    # (he has no colour) would reverse every board's colours.
    W, B = Colour.WHITE, Colour.BLACK
    tournament = _tournament(
        (RoundEntry(None, None, ResultCode.FORFEIT_WIN),),
        (RoundEntry(3, W, ResultCode.WIN),),
        (RoundEntry(2, B, ResultCode.LOSS),),
        (RoundEntry(5, B, ResultCode.DRAW),),
        (RoundEntry(4, W, ResultCode.DRAW),),
    )
    assert infer_initial_colour(tournament) is W
