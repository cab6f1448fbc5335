"""Test-wide setting: where the shared conformance corpus lives.

The corpus sits beside the repository (``../shared/corpus``), in a developer's checkout and in
CI's fresh clone alike; ``CROSSTABLE_CORPUS`` overrides it. Test modules read the variable at
import time, which pytest does after loading this file.
"""

import os
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
os.environ.setdefault("CROSSTABLE_CORPUS", str(REPOSITORY.parent / "shared" / "corpus"))


def pytest_configure() -> None:
    corpus = Path(os.environ["CROSSTABLE_CORPUS"])
    if not (corpus / "dutch").is_dir():
        # Without the corpus the conformance tests would collect nothing and pass silently.
        raise RuntimeError(f"conformance corpus not found at {corpus}; set CROSSTABLE_CORPUS")
