"""FIDE's reference tie-break checker (gacrux, MIT) as a test-only oracle.

Runs gacrux in-process on a TRF file and returns its tie-break values per start number. Used
only by tests; nothing under src/ imports gacrux.
"""

from __future__ import annotations

import contextlib
import io
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any


def gacrux_values(
    path: Path, codes: list[str], *, swiss: bool = True, extra: list[str] | None = None
) -> dict[int, tuple[int, list[Any]]]:
    """{start number: (gacrux rank, [value per code])} for ``PTS`` followed by ``codes``."""
    from gacrux.tiebreakchecker import tiebreakchecker

    checker = tiebreakchecker()
    argv = ["gacrux", "-i", str(path), "-o", "-", "-t", "PTS", *codes]
    if swiss:
        argv.append("-s")
    argv += extra or []
    saved = sys.argv
    sys.argv = argv
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            checker.common_main()
    finally:
        sys.argv = saved
    result = checker.chessfile.result
    if not result:
        raise RuntimeError(f"gacrux produced nothing for {path}: {checker.chessfile.chessjson}")
    return {
        competitor["cid"]: (competitor["rank"], competitor["tiebreakScore"][1:])
        for competitor in result["competitors"]
    }


def as_fraction(value: Any) -> Fraction | int | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        return Fraction(value)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    return Fraction(str(value))
