"""PDFs are printed by a bounded number of chromium processes and kept per event version:
four visitors asking for PDFs at once never start more than ``PDF_RENDERERS`` chromium at a
time (issue 14: four requests started 20 processes), the same PDF asked four times at once
is printed once, and a change of the event prints it again."""

from __future__ import annotations

import os
import shutil
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import override_settings

from crosstable_web.events import models, rounds
from crosstable_web.printing import pdf

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


class _ChromiumWatch(threading.Thread):
    """Every 20 ms: the chromium processes this test process started (its children running
    ``--print-to-pdf``) and all their descendants."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.printers: set[int] = set()
        self.most_printers = 0
        self.most_processes = 0
        self._done = threading.Event()

    def run(self) -> None:
        me = os.getpid()
        while not self._done.is_set():
            parents: dict[int, int] = {}
            commands: dict[int, str] = {}
            for entry in Path("/proc").iterdir():
                if not entry.name.isdigit():
                    continue
                try:
                    stat = (entry / "stat").read_text()
                    commands[int(entry.name)] = (entry / "cmdline").read_text()
                except OSError:
                    continue
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            printers = {
                pid
                for pid, parent in parents.items()
                if parent == me and "--print-to-pdf" in commands.get(pid, "")
            }
            family = set(printers)
            grew = True
            while grew:
                more = {pid for pid, parent in parents.items() if parent in family} - family
                family |= more
                grew = bool(more)
            self.printers |= printers
            self.most_printers = max(self.most_printers, len(printers))
            self.most_processes = max(self.most_processes, len(family))
            time.sleep(0.02)

    def stop(self) -> None:
        self._done.set()
        self.join()


@pytest.fixture
def watch() -> Iterator[_ChromiumWatch]:
    if not shutil.which("chromium"):
        pytest.skip("chromium is not installed (scripts/bootstrap installs it as root)")
    watcher = _ChromiumWatch()
    watcher.start()
    yield watcher
    watcher.stop()


def _fetch_at_once(urls: list[str]) -> list[tuple[int, str, bytes]]:
    results: list[tuple[int, str, bytes]] = [(0, "", b"")] * len(urls)
    start = threading.Barrier(len(urls))

    def fetch(index: int) -> None:
        start.wait()
        with urllib.request.urlopen(urls[index], timeout=300) as response:
            results[index] = (response.status, response.headers["Content-Type"], response.read())

    threads = [threading.Thread(target=fetch, args=(i,)) for i in range(len(urls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_four_pdfs_at_once_print_one_at_a_time_and_once_per_version(
    played_event: models.Event,
    arbiter: User,
    live_server: object,
    watch: _ChromiumWatch,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    base = f"{live_server}/print/{played_event.slug}/open"  # type: ignore[str-bytes-safe]
    with override_settings(PDF_CACHE=True, PDF_DIR=tmp_path, PDF_RENDERERS=1):
        same = _fetch_at_once([f"{base}/standings/?format=pdf"] * 4)
        assert {(status, kind) for status, kind, _ in same} == {(200, "application/pdf")}
        assert len({data for _, _, data in same}) == 1 and same[0][2].startswith(b"%PDF")
        assert len(watch.printers) == 1  # printed once, the three others waited for it

        kinds = ("pairings", "pairings-by-name", "slips", "crosstable")
        different = _fetch_at_once([f"{base}/{kind}/?format=pdf&round=1" for kind in kinds])
        assert all(status == 200 and data.startswith(b"%PDF") for status, _, data in different)
        assert len(watch.printers) == 1 + 4
        assert watch.most_printers == 1  # one chromium at a time on this host

        # asked again: from the cache, no chromium
        again = _fetch_at_once([f"{base}/standings/?format=pdf"])
        assert again[0][2] == same[0][2] and len(watch.printers) == 5
        # the software upgraded at the venue (a fix of a printout): printed again by the new
        # code, not the old code's PDF served until the event changes
        monkeypatch.setattr(pdf, "software", lambda: "upgraded")
        _fetch_at_once([f"{base}/standings/?format=pdf"])
        assert len(watch.printers) == 6
        _fetch_at_once([f"{base}/standings/?format=pdf"])
        assert len(watch.printers) == 6
        # a result changes the event: printed again, the old version's PDFs removed
        round_two = rounds.pair_next_round(played_event.sections.get(key="open"), arbiter)
        rounds.enter_result(round_two, 1, "=", arbiter)
        _fetch_at_once([f"{base}/standings/?format=pdf"])
        assert len(watch.printers) == 7
        kept = list((tmp_path / "cache").glob("*/*.pdf"))
        assert len(kept) == 1
    print(
        f"chromium: {len(watch.printers)} printed, at most {watch.most_printers} at once, "
        f"{watch.most_processes} processes at most"
    )
