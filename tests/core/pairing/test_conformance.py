"""The corpus conformance command (``python -m crosstable.pairing.conformance``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosstable.pairing.conformance import corpus_files, main

SAMPLE = Path(__file__).parent / "corpus_sample"
GOLDEN = Path(__file__).parent / "golden"


def test_a_directory_of_families_is_searched_one_level_down() -> None:
    families = {family for family, _ in corpus_files([str(SAMPLE)])}
    assert families == {"basic", "draws", "forfeit", "hpb", "mixed", "points", "withdraw", "zpb"}


def test_prints_the_release_note_figure(capsys: pytest.CaptureFixture[str]) -> None:
    path = sorted((SAMPLE / "withdraw").glob("n010_*.trf"))[0]
    assert main([str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith("rounds checked, 0 differ")


def test_differences_give_a_failing_status(capsys: pytest.CaptureFixture[str]) -> None:
    # A hand-built history (not paired by any engine): its recorded rounds are not Dutch.
    assert main([str(GOLDEN / "c1_forfeit_is_not_a_meeting.trf")]) == 1
    assert "3 rounds checked, 2 differ" in capsys.readouterr().out


def test_missing_paths_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["/no/such/corpus"]) == 2
    assert "no such file or directory" in capsys.readouterr().err
