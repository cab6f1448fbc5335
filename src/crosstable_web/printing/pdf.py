"""HTML → PDF with Debian's chromium (headless ``--print-to-pdf``), installed with the CJK and
Persian fonts (fonts-noto-cjk, fonts-noto-core) by ``scripts/bootstrap``."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
TIMEOUT_SECONDS = 60


class PdfError(RuntimeError):
    """The PDF could not be made (no chromium, or it failed)."""


def chromium_path() -> str:
    for name in CHROMIUM_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    raise PdfError("chromium is not installed: run scripts/bootstrap as root")


def html_to_pdf(html: str) -> bytes:
    """The PDF of a self-contained HTML page (its ``@page`` rule sets the paper: A4)."""
    with tempfile.TemporaryDirectory(prefix="crosstable-pdf-") as folder:
        source = Path(folder) / "page.html"
        target = Path(folder) / "page.pdf"
        source.write_text(html, encoding="utf-8")
        command = [
            chromium_path(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={folder}/profile",
            "--no-pdf-header-footer",
            f"--print-to-pdf={target}",
            source.as_uri(),
        ]
        try:
            subprocess.run(command, capture_output=True, timeout=TIMEOUT_SECONDS, check=False)
        except subprocess.TimeoutExpired as error:
            raise PdfError("chromium took too long to print the page") from error
        if not target.exists() or target.stat().st_size == 0:
            raise PdfError("chromium made no PDF")
        return target.read_bytes()
