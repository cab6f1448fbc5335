"""``crosstable trf check`` and ``crosstable trf convert`` on real and broken files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crosstable.cli.main import main
from crosstable.formats.trf import load_trf

CORPUS_FILE = Path(os.environ["CROSSTABLE_CORPUS"]) / "dutch/points/n026_r07_s743771.trf"
needs_corpus = pytest.mark.skipif(not CORPUS_FILE.is_file(), reason="no corpus")


def player_line(number: int, points: str, cell: str) -> str:
    return f"001 {number:>4}      {'Player':<33}{'':<32} {points:>4} {'':>4}  {cell}"


POINTS_WRONG = (
    "XXR 1\n" + player_line(1, "3.0", "   2 w 1") + "\n" + player_line(2, "0.0", "   1 b 0") + "\n"
)


@needs_corpus
def test_check_a_good_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trf", "check", str(CORPUS_FILE)]) == 0
    out = capsys.readouterr().out
    assert out == f"{CORPUS_FILE}: 26 players, 7 rounds recorded, 0 warnings\n"


def test_check_lists_warnings_and_strict_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "wrong.trf"
    path.write_text(POINTS_WRONG)
    assert main(["trf", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path} line 2, column 81: warning: points field of player 1 says 3.0" in out
    assert main(["trf", "check", "--strict", str(path)]) == 3


def test_check_a_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.trf"
    path.write_text(POINTS_WRONG.replace("2 w 1", "2 w Q"))
    missing = tmp_path / "missing.trf"
    assert main(["trf", "check", str(path), str(missing)]) == 5
    captured = capsys.readouterr()
    assert captured.out == (
        f"{path} line 2, column 99: error: result code 'Q' is not one of 1 = 0 + - W D L H F U Z\n"
    )
    assert captured.err == f"{missing}: no such file\n"


@needs_corpus
def test_convert_to_16_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sixteen = tmp_path / "out16.trf"
    assert main(["trf", "convert", str(CORPUS_FILE), str(sixteen), "--dialect", "16"]) == 0
    text = sixteen.read_text()
    assert "BBW 3.0\n" in text and "XXR 7\n" in text and "162" not in text
    assert load_trf(sixteen) == load_trf(CORPUS_FILE)
    assert main(["trf", "convert", str(sixteen), "-"]) == 0
    assert "162  W 3.0    D 1.0    P 1.0\n" in capsys.readouterr().out


def test_convert_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.trf"
    path.write_text(POINTS_WRONG.replace("   2 w 1", "   7 w 1"))
    assert main(["trf", "convert", str(path), str(tmp_path / "x.trf")]) == 3
    assert "line 2, column 95: round 1 opponent 7 of player 1 does not exist" in (
        capsys.readouterr().err
    )
    assert main(["trf", "convert", str(tmp_path / "none.trf"), "-"]) == 5
