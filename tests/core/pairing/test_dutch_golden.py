"""One golden case per Dutch criterion (C.04.3 2026 Art. 2, [C1]-[C21]; issue 19 item 6).

Each ``golden/<criterion>_<what>.trf`` is a small hand-built tournament whose next round the
criterion in its name decides; its first lines (``###``) give the reasoning: which article
decides and why the expected pairing, worked by hand from the regulation text. The matching
``.expected`` is the next round in the reference engines' output format (number of lines,
``WHITE BLACK`` per board in board order, ``N 0`` for the pairing-allocated bye). A failure
names the criterion and prints the reasoning, so a corpus failure can be traced to an article.
"""

from __future__ import annotations

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
