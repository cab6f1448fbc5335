"""FIDE's reference pairing engine (gacrux, MIT) as a test-only oracle for C.04.6.

Runs ``gacrux.pairingchecker -p`` in-process on a TRF file and returns its output lines (number
of matches, then ``first second`` in board order, the bye as ``team 0``). Used only by tests;
nothing under src/ imports gacrux.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path


def gacrux_team_pairing(path: Path, round_number: int, variant: str) -> list[str]:
    """gacrux's pairing of ``round_number`` of ``path`` (paired from the rounds before it)
    under ``variant`` (e.g. ``typeb-gp+mp``)."""
    from gacrux.pairingchecker import pairingchecker

    with tempfile.TemporaryDirectory() as directory:
        output = Path(directory) / "pairing.txt"
        argv = ["gacrux", "-p", "-n", str(round_number), "-m", f"fideteam-{variant}"]
        argv += ["-i", str(path), "-F", "TXT", "-o", str(output)]
        saved = sys.argv
        sys.argv = argv
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                pairingchecker().common_main()
        finally:
            sys.argv = saved
        text = output.read_text() if output.exists() else ""
        return [line.strip() for line in text.splitlines() if line.strip()]
