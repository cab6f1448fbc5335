"""``crosstable grades``: the promotion report of a TRF file under a regulations file's
``[grades]`` table (rows worked by hand in tests/core/grades/test_promotion.py)."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "grades"))
sys.path.insert(0, str(Path(__file__).parents[1] / "tiebreaks"))

from test_promotion import D_GRADES, D_GRID, REGULATIONS, with_grades

from crosstable.cli.main import main
from crosstable.formats.trf import write_trf

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    event = with_grades(D_GRID, D_GRADES)
    event.total_rounds = 5
    trf = tmp_path / "d.trf"
    trf.write_text(write_trf(event), encoding="utf-8")
    regulations = tmp_path / "grades.toml"
    regulations.write_text(REGULATIONS, encoding="utf-8")
    return trf, regulations


def test_csv_rows(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    trf, regulations = files
    assert main(["grades", str(trf), "--regulations", str(regulations), "--section", "D",
                 "--format", "csv"]) == 0  # fmt: skip
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][:5] == ["Section", "No.", "Name", "Unit", "Grade on entry"]
    by_number = {row[1]: row for row in rows[1:]}
    assert by_number["1"][4:10] == ["G10", "5", "4.5", "90", "G7", "2020-02-22"]
    assert by_number["4"][4:10] == ["G11", "5", "2.5", "50", "G10", "2020-02-22"]
    assert by_number["5"][10] == "withdrawn after forfeits, results cancelled"
    assert len(rows) == 8


def test_json_and_text(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    trf, regulations = files
    assert main(["grades", str(trf), "--regulations", str(regulations), "--section", "D",
                 "--format", "json"]) == 0  # fmt: skip
    document = json.loads(capsys.readouterr().out)
    assert document["valid_until"] == "2020-02-22" and not document["provisional"]
    first = next(line for line in document["lines"] if line["number"] == 1)
    assert (first["earned"], first["new_grade"], first["caps"]) == ("G6", "G7", ["rounds"])
    assert main(["grades", str(trf), "--regulations", str(regulations), "--section", "D"]) == 0
    text = capsys.readouterr().out
    assert "After round 5 of 5\n" in text and "Results valid until 2020-02-22" in text


def test_refusals(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    trf, regulations = files
    assert main(["grades", str(trf), "--regulations", str(regulations)]) == 3
    assert "--section: give one of A, B, D, X" in capsys.readouterr().err
    youth = EXAMPLES / "kinabatangan-school-2024.toml"
    assert main(["grades", str(trf), "--regulations", str(youth), "--section", "L12"]) == 3
    assert "no [grades] table" in capsys.readouterr().err
    assert main(["grades", "missing.trf", "--regulations", str(regulations)]) == 5
