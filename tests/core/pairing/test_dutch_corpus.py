"""The Dutch system (2026) against bbpPairings v6.0.0: a sample of the conformance corpus.

``corpus_sample/<family>/`` holds files copied from the shared corpus (every round paired by
bbpPairings v6.0.0 under the 2026 rules and accepted by its checker): five small files with
many rounds and one medium file per family, plus a 198-player file with a bye worth 0
points (floats, Art. 1.4.3). Every round of every file is re-paired from the
rounds before it and must equal the record: the same games, the same colours, the same
pairing-allocated bye. ``scripts/check-corpus`` runs the whole corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crosstable.formats.trf.reader import load_trf
from crosstable.pairing import dutch
from crosstable.pairing.checker import check_tournament

SAMPLE = Path(__file__).parent / "corpus_sample"
FILES = sorted(SAMPLE.glob("*/*.trf"))
FAMILIES = {"basic", "draws", "forfeit", "hpb", "mixed", "points", "withdraw", "zpb"}


def test_the_sample_covers_every_family() -> None:
    assert {path.parent.name for path in FILES} == FAMILIES


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_every_round_is_reproduced(path: Path) -> None:
    tournament = load_trf(path)
    assert tournament.rounds_recorded >= 3
    differences = check_tournament(tournament, dutch.pair_round)
    assert [d.describe() for d in differences] == []
