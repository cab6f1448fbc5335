"""FIDE's reference implementation (gacrux, MIT; test-only oracle) reads our TRF-2026 output
as the same tournament as the original file.

gacrux's own TRF reader turns a file into its JSON model (players, games, teams, point
systems, byes, forfeits). For a sample of the corpus, the JSON of the file we write must equal
the JSON of the original, but for what we add on purpose: a ``192`` record when ``092``
holds the system code, and a ``152`` record when the file gave the colour with ``XXC``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from crosstable.formats.trf import load_trf, write_trf

gacrux_trf = pytest.importorskip("gacrux.trf2json")

CORPUS = Path(os.environ["CROSSTABLE_CORPUS"])
SAMPLE = sorted(CORPUS.glob("team/*/*.trf"))[::8] + sorted(CORPUS.glob("dutch/*/*.trf"))[::20]
ADDED_ON_PURPOSE = {"typeOfTournament", "topColorExplicit"}

pytestmark = pytest.mark.skipif(not SAMPLE, reason=f"no corpus at {CORPUS}")


def gacrux_reading(text: str) -> dict[str, Any]:
    reader = gacrux_trf.trf2json()
    reader.parse_file(text, False)
    result: dict[str, Any] = reader.chessjson
    return result


def differences(ours: Any, theirs: Any, path: str = "") -> list[str]:
    if isinstance(ours, dict) and isinstance(theirs, dict):
        found = []
        for key in sorted(set(ours) | set(theirs)):
            if key in ADDED_ON_PURPOSE:
                continue
            if key not in ours or key not in theirs:
                found.append(f"{path}/{key} only in {'ours' if key in ours else 'theirs'}")
            else:
                found += differences(ours[key], theirs[key], f"{path}/{key}")
        return found
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        return [
            d
            for i, pair in enumerate(zip(ours, theirs, strict=True))
            for d in differences(*pair, f"{path}[{i}]")
        ]
    return [] if ours == theirs else [f"{path}: {ours!r:.80} != {theirs!r:.80}"]


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.name)
def test_gacrux_reads_our_output_as_the_original(path: Path) -> None:
    theirs = gacrux_reading(path.read_text())
    assert theirs["status"]["error"] == []
    ours = gacrux_reading(write_trf(load_trf(path), "2026"))
    assert differences(ours, theirs) == []
