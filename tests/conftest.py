"""Test-wide setting: where the conformance corpus the tests read lives.

The tests read the sample kept in the repository (``tests/data/corpus``), so a clone alone
passes; ``CROSSTABLE_CORPUS`` points them at another copy, e.g. the whole corpus beside the
repository (``CROSSTABLE_CORPUS=../shared/corpus``). Test modules read the variable at import
time, which pytest does after loading this file.
"""

import os
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
SAMPLE_CORPUS = REPOSITORY / "tests" / "data" / "corpus"
os.environ.setdefault("CROSSTABLE_CORPUS", str(SAMPLE_CORPUS))
os.environ["CROSSTABLE_CORPUS"] = str(Path(os.environ["CROSSTABLE_CORPUS"]).resolve())


def pytest_configure() -> None:
    corpus = Path(os.environ["CROSSTABLE_CORPUS"])
    if not (corpus / "dutch").is_dir():
        # Without the corpus the conformance tests would collect nothing and pass silently.
        raise RuntimeError(f"conformance corpus not found at {corpus}; set CROSSTABLE_CORPUS")
