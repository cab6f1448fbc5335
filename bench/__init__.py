"""Benchmark commands: each prints a table (see docs/bench.md)."""

import os
from pathlib import Path

CORPUS = Path(
    os.environ.get("CROSSTABLE_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus")
)
"""The shared conformance corpus, beside the repository (``../shared/corpus``)."""
