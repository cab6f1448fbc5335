"""Pairing a large section locks no other event out (SQLite): while the ``crosstable-web
pair`` command pairs the next round of a 601-player section, another process enters a result
in another event, and the time that takes is measured.

    .venv/bin/python -m bench.pairing_lock [--players 601] [--rounds 3] [--delay 3]

On SQLite every write transaction holds the database's one write lock until it commits
(``transaction_mode = IMMEDIATE``), and a writer waits at most 20 s for it (``timeout``). When
the engine ran inside the pairing's transaction, a result typed in any other event waited for
the whole pairing and failed after 20 s ("database is locked"); the engine now runs before a
short storing transaction (``events.rounds.pair_next_round``). The event is built in a SQLite
file in a temporary folder: ``--players`` rated players, ``--rounds`` rounds paired (FIDE
Dutch) and played with random results; the pairing of the next round starts in a child
process, and as soon as it holds the write lock (or ``--delay`` seconds later) this process
enters a result in a small second event; a probe also reports how long at most the write lock
was held.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setup(folder: str) -> dict[str, str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "crosstable_web.settings.test",
        "CROSSTABLE_VAR_DIR": folder,
        "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)
    return env


def _build(players: int, rounds_to_play: int) -> None:
    from django.contrib.auth.models import User

    from crosstable_web.events import rounds, services
    from crosstable_web.events.regulations.rules import EventSpec, SectionSpec

    arbiter = User.objects.create_superuser("bench", password="x")
    rng = random.Random(601)
    for slug, count in (("big", players), ("small", 4)):
        event = services.create_event(
            EventSpec(
                name=slug,
                time_zone="UTC",
                sections=[SectionSpec(key="open", name="Open", total_rounds=9, tiebreaks=["BH"])],
            ),
            arbiter,
            slug=slug,
        )
        section = event.sections.get()
        for number in range(count):
            services.add_entry(
                section,
                services.EntryData(
                    name=f"{slug} player {number}",
                    rating=1000 + rng.randrange(1500),
                    birth_date=datetime.date(1990, 1, 1) + datetime.timedelta(days=number),
                ),
                arbiter,
            )
        services.assign_pairing_numbers(section, arbiter)
        for _ in range(rounds_to_play if slug == "big" else 0):
            round_row = rounds.pair_next_round(section, arbiter)
            for board in round_row.boards.all():
                rounds.enter_result(round_row, board.number, rng.choice("10="), arbiter)
        if slug == "small":
            rounds.pair_next_round(section, arbiter)


class _LockProbe(threading.Thread):
    """Tries every 20 ms to take SQLite's write lock without waiting, and keeps the longest
    stretch during which it could not (another connection held it)."""

    def __init__(self, path: Path) -> None:
        super().__init__(daemon=True)
        self.path = path
        self.locked_since: float | None = None
        self.longest = 0.0
        self._stopped = threading.Event()

    def run(self) -> None:
        connection = sqlite3.connect(self.path, timeout=0, isolation_level=None)
        while not self._stopped.is_set():
            now = time.perf_counter()
            try:
                connection.execute("BEGIN IMMEDIATE")
                connection.execute("ROLLBACK")
                self.locked_since = None
            except sqlite3.OperationalError:
                if self.locked_since is None:
                    self.locked_since = now
                self.longest = max(self.longest, now - self.locked_since)
            time.sleep(0.02)
        connection.close()

    def stop(self) -> None:
        self._stopped.set()
        self.join()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=601)
    parser.add_argument("--rounds", type=int, default=3, help="rounds played before")
    parser.add_argument(
        "--delay",
        type=float,
        default=10.0,
        help="seconds to wait for the pairing to take the write lock before typing the result",
    )
    parser.add_argument(
        "--source",
        type=Path,
        help="a src folder of another version to run the pairing command from (to compare)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="crosstable-pairing-lock-") as folder:
        env = _setup(folder)
        started = time.perf_counter()
        _build(args.players, args.rounds)
        print(
            f"event: {args.players} players, {args.rounds} rounds played "
            f"({time.perf_counter() - started:.0f} s to build); cores: {os.cpu_count()}, "
            f"load average {os.getloadavg()[0]:.1f}"
        )
        from django.contrib.auth.models import User
        from django.db import OperationalError

        from crosstable_web.events import models, rounds

        command = [sys.executable, "-m", "crosstable_web.manage", "pair", "big"]
        command += ["--section", "open", "--as", "bench"]
        if args.source is not None:
            env["PYTHONPATH"] = str(args.source.resolve())
        probe = _LockProbe(Path(folder) / "bench.sqlite3")
        pairing_started = time.perf_counter()
        pairing = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
        probe.start()
        # Type the result as soon as the pairing holds the write lock (else after --delay).
        deadline = pairing_started + args.delay
        while probe.locked_since is None and time.perf_counter() < deadline:
            time.sleep(0.02)
        small = models.Round.objects.get(section__event__slug="small", number=1)
        entering = time.perf_counter()
        try:
            rounds.enter_result(small, 1, "1", User.objects.get(username="bench"))
            outcome = "entered"
        except OperationalError as error:
            outcome = f"failed ({error})"
        entered = time.perf_counter()
        pairing.wait()
        finished = time.perf_counter()
        probe.stop()
        paired = models.Round.objects.filter(section__event__slug="big").count()
        print(
            f"pairing round {args.rounds + 1} (the pair command, a child process): "
            f"{finished - pairing_started:.1f} s, exit status {pairing.returncode}, "
            f"rounds paired now: {paired}"
        )
        print(f"the write lock was held for {probe.longest:.1f} s at most (probed every 20 ms)")
        print(
            f"a result typed in another event {entering - pairing_started:.1f} s after the "
            f"pairing started: {outcome} after {entered - entering:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
