"""C.04.6 conformance: rounds paired by FIDE's reference engine (gacrux) are reproduced.

- the golden files in cases/team_swiss (one per colour type, with forfeits, absences and
  byes valued as a won match): every round, same matches, first-named teams and bye;
- a sample of the shared team corpus (all three colour types, every score option): every
  round of every sampled file (the whole corpus: ``scripts/check-team-corpus``);
- all twelve variants on the golden histories against gacrux run in-process (histories made
  under another variant, so the engine is asked questions the corpus never asked it), board
  order included.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from gacrux_team_pairing_oracle import gacrux_team_pairing

from crosstable.formats.trf import load_trf
from crosstable.pairing.team_swiss import check_team_tournament, pair_team_round

CASES = Path(__file__).parent / "cases" / "team_swiss"
GOLDEN = sorted(CASES.glob("*.trf"))
CORPUS = Path(os.environ.get("CROSSTABLE_CORPUS", "/work/shared/corpus")) / "team"
SAMPLE_EVERY = 9
"""Every 9th file of each colour type, at most 40 teams: about 18 files, a few seconds."""


def _sample() -> list[Path]:
    chosen: list[Path] = []
    for kind in ("typea", "typeb", "nocolor"):
        files = [
            path
            for path in sorted((CORPUS / kind).glob("*.trf"))
            if int(re.search(r"_t(\d+)_", path.name).group(1)) <= 40  # type: ignore[union-attr]
        ]
        chosen.extend(files[::SAMPLE_EVERY])
    return chosen


SAMPLE = _sample()
VARIANTS = [
    f"{colour}-{scores}"
    for colour in ("typea", "typeb", "nocolor")
    for scores in ("mp+gp", "gp+mp", "mp", "gp")
]


def _assert_every_round_agrees(path: Path) -> None:
    checks = check_team_tournament(load_trf(path))
    assert checks, path.name
    differences = [line for check in checks for line in check.differences()]
    assert differences == [], path.name


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_file_every_round(path: Path) -> None:
    _assert_every_round_agrees(path)


def test_golden_files_cover_the_three_colour_types() -> None:
    kinds = {path.name.split("_")[0] for path in GOLDEN}
    assert kinds == {"typea", "typeb", "nocolor"}


@pytest.mark.skipif(not SAMPLE, reason=f"no team corpus at {CORPUS}")
@pytest.mark.parametrize("path", SAMPLE, ids=lambda path: path.stem)
def test_corpus_sample_every_round(path: Path) -> None:
    _assert_every_round_agrees(path)


@pytest.mark.skipif(not SAMPLE, reason=f"no team corpus at {CORPUS}")
def test_corpus_sample_covers_every_score_option() -> None:
    scores = {path.name.split("_")[1] for path in SAMPLE}
    assert scores == {"mp", "gp", "mpgp", "gpmp"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_variant_matches_the_reference_on_other_histories(variant: str) -> None:
    pytest.importorskip("gacrux")
    index = VARIANTS.index(variant)
    path = GOLDEN[index % len(GOLDEN)]
    tournament = load_trf(path)
    assert tournament.total_rounds is not None
    round_number = 2 + index % (tournament.total_rounds - 1)
    ours = pair_team_round(tournament, round_number, variant).as_engine_lines()
    assert ours == gacrux_team_pairing(path, round_number, variant)
