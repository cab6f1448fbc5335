"""HTML → PDF with Debian's chromium (headless ``--print-to-pdf``), installed with the CJK and
Persian fonts (fonts-noto-cjk, fonts-noto-core) by ``scripts/bootstrap``.

Chromium is heavy (about five processes and seconds of CPU a page), so every process of the
host — each gunicorn worker and thread — shares ``settings.PDF_RENDERERS`` slots (locked
files under ``settings.PDF_DIR/slots``): a page waits for a free slot, up to
``settings.PDF_WAIT_SECONDS``, then :class:`PdfBusy`. A printout is kept per event version
(:func:`cached_pdf`, ``PDF_DIR/cache/<event>/<version>-<page>.pdf``): asked again before the
event changes, it is served without chromium, and four visitors asking for the same PDF at
once start one chromium (the others wait for it on the page's own lock).

With a queue (Redis: several app servers, :mod:`crosstable_web.background`), a PDF is printed
by a ``queue_worker`` instead (:func:`print_job`) and kept in the shared cache: whichever app
server is asked, the same PDF of the same version is printed once for the whole site (one
job per page, however many parents ask at once), and the chromium processes are those of
the queue workers, on the hosts chosen to run them. The request waits for it, up to
``PDF_WAIT_SECONDS``.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from django.conf import settings
from django.core.cache import cache

import crosstable
import crosstable_web
from crosstable_web import background

CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
TIMEOUT_SECONDS = 60


class PdfError(RuntimeError):
    """The PDF could not be made (no chromium, or it failed)."""


class PdfBusy(PdfError):
    """Every PDF slot stayed busy for ``PDF_WAIT_SECONDS``: try again in a minute."""


def chromium_path() -> str:
    for name in CHROMIUM_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    raise PdfError("chromium is not installed: run scripts/bootstrap as root")


def _folder(name: str) -> Path:
    folder = Path(settings.PDF_DIR) / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextlib.contextmanager
def _slot() -> Iterator[None]:
    """One of the host's ``PDF_RENDERERS`` slots, held while chromium prints."""
    folder = _folder("slots")
    count = max(1, int(settings.PDF_RENDERERS))
    deadline = time.monotonic() + float(settings.PDF_WAIT_SECONDS)
    while True:
        for number in range(count):
            descriptor = os.open(folder / f"{number}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(descriptor)
                continue
            try:
                yield
            finally:
                os.close(descriptor)  # releases the lock
            return
        if time.monotonic() > deadline:
            raise PdfBusy("every PDF printer is busy: try again in a minute")
        time.sleep(0.2)


def html_to_pdf(html: str) -> bytes:
    """The PDF of a self-contained HTML page (its ``@page`` rule sets the paper: A4), printed
    in one of the host's slots."""
    with _slot(), tempfile.TemporaryDirectory(prefix="crosstable-pdf-") as folder:
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


@functools.cache
def software() -> str:
    """Which code prints: a digest of the two packages' files and the translations, read once
    a process (the same on every app server running the same code). Part of a kept PDF's
    version, so that a PDF printed before an upgrade (a fix installed at the venue mid-event)
    is not served again until the event changes: the demo served its prize list with the
    old layout after one."""
    digest = hashlib.sha256()
    roots = [Path(package.__path__[0]) for package in (crosstable, crosstable_web)]
    for root in [*roots, *(Path(folder) for folder in settings.LOCALE_PATHS)]:
        for entry in sorted(root.rglob("*")):
            if entry.suffix in (".py", ".html", ".css", ".js", ".mo") and entry.is_file():
                digest.update(str(entry.relative_to(root)).encode())
                digest.update(entry.read_bytes())
    return digest.hexdigest()[:12]


def cached_pdf(event_id: int, version: str, page: str, html: Callable[[], str]) -> bytes:
    """The PDF of ``page`` (a text naming the printout: path, language, reader) of the event
    at ``version`` printed by this :func:`software`: from the cache, else printed from
    ``html()`` and kept. Printing a newer version removes the event's older PDFs."""
    version = f"{version}.{software()}"
    if background.enabled():
        return _queued_pdf(f"pdf:{event_id}:{version}:{_digest(page)}", html)
    if not getattr(settings, "PDF_CACHE", False):
        return html_to_pdf(html())
    folder = _folder("cache") / str(event_id)
    folder.mkdir(exist_ok=True)
    name = f"{version}-{_digest(page)}"
    target = folder / f"{name}.pdf"
    if target.exists():
        return target.read_bytes()
    descriptor = os.open(folder / f"{name}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        # One request prints; the same page asked meanwhile waits here and reads its PDF.
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        if target.exists():
            return target.read_bytes()
        data = html_to_pdf(html())
        partial = folder / f"{name}.{os.getpid()}.part"
        partial.write_bytes(data)
        partial.replace(target)
    finally:
        os.close(descriptor)
    for old in folder.iterdir():
        if not old.name.startswith(f"{version}-"):
            old.unlink(missing_ok=True)
    return data


def _digest(page: str) -> str:
    return hashlib.sha256(page.encode()).hexdigest()[:32]


PDF_CACHE_SECONDS = 24 * 3600
QUEUE_POLL_SECONDS = 0.2


def _queued_pdf(key: str, html: Callable[[], str]) -> bytes:
    """The PDF kept under ``key`` in the shared cache, else printed by a queue worker (one
    job per key: the same PDF asked meanwhile waits for the same job)."""
    held = cache.get(key)
    if isinstance(held, bytes):
        return held
    job = "pdf-" + _digest(key)
    background.enqueue(
        background.PDF, "crosstable_web.printing.pdf.print_job", key, html(), job_id=job
    )
    deadline = time.monotonic() + float(settings.PDF_WAIT_SECONDS)
    while time.monotonic() < deadline:
        time.sleep(QUEUE_POLL_SECONDS)
        held = cache.get(key)
        if isinstance(held, bytes):
            return held
        failed = background.queue(background.PDF).fetch_job(job)
        if failed is not None and failed.is_failed:
            raise PdfError("chromium made no PDF")
    raise PdfBusy("every PDF printer is busy: try again in a minute")


def print_job(key: str, html: str) -> int:
    """Queue job: ``html`` printed (in one of this host's slots) and kept in the shared cache
    under ``key``; the PDF's size."""
    held = cache.get(key)
    if isinstance(held, bytes):
        return len(held)
    data = html_to_pdf(html)
    cache.set(key, data, PDF_CACHE_SECONDS)
    return len(data)
