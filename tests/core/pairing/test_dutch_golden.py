"""One golden case per Dutch criterion (C.04.3 2026 Art. 2, [C1]-[C21]; issue 19 item 6).

Each ``golden/<criterion>_<what>.trf`` is a small hand-built tournament whose next round the
criterion in its name decides; its first lines (``###``) give the reasoning: which article
decides and why the expected pairing, worked by hand from the regulation text. The matching
``.expected`` is the next round in the reference engines' output format (number of lines,
``WHITE BLACK`` per board in board order, ``N 0`` for the pairing-allocated bye). A failure
names the criterion and prints the reasoning, so a corpus failure can be traced to an article.
FIDE's reference checker (gacrux, a test-only oracle from the dev extras) pairs every case the
same way, board order included, so an expected file is not only the engine's own word.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest

from crosstable.formats.trf.reader import load_trf
from crosstable.pairing import dutch
from crosstable.pairing.dutch_criteria import CRITERIA

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(GOLDEN.glob("*.trf"))
CODES = {criterion.code.lower(): criterion for criterion in CRITERIA}


def _criterion(path: Path) -> str:
    return path.stem.split("_")[0]


def test_every_case_names_a_criterion_and_gives_its_reasoning() -> None:
    assert CASES
    for path in CASES:
        assert _criterion(path) in CODES, path.name
        assert path.with_suffix(".expected").is_file(), path.name
        reasoning = [line for line in path.read_text().splitlines() if line.startswith("###")]
        assert reasoning and f"[{_criterion(path).upper()}]" in reasoning[0], path.name


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_case(path: Path) -> None:
    criterion = CODES[_criterion(path)]
    reasoning = " ".join(
        line[3:].strip() for line in path.read_text().splitlines() if line.startswith("###")
    )
    expected = path.with_suffix(".expected").read_text().split("\n")[:-1]
    got = dutch.pair_round(load_trf(path)).as_engine_lines()
    assert got == expected, (
        f"[{criterion.code}] Art. {criterion.article} ({criterion.text}) — {reasoning}"
    )


def _gacrux_lines(path: Path, round_number: int) -> list[str]:
    """gacrux's pairing of ``round_number`` in the same format (its file ends in a blank line)."""
    checker = pytest.importorskip("gacrux.pairingchecker")
    output = path.parent / "pairing.txt"
    saved = sys.argv
    sys.argv = ["gacrux", "-p", "-n", str(round_number), "-m", "dutch"]
    sys.argv += ["-i", str(path), "-F", "TXT", "-o", str(output)]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            checker.pairingchecker().common_main()
    finally:
        sys.argv = saved
    return [line for line in output.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_gacrux_pairs_the_golden_case_as_expected(path: Path, tmp_path: Path) -> None:
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    round_number = dutch.pair_round(load_trf(path)).round_number
    expected = path.with_suffix(".expected").read_text().split("\n")[:-1]
    assert _gacrux_lines(copy, round_number) == expected, path.name
