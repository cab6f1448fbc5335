"""Public pages under load: a 500-player section's standings and pairings pages, served by
gunicorn over PostgreSQL and hit by wrk (a real HTTP load generator), and still correct right
after a result is entered.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/crosstable_public_bench \\
        .venv/bin/python -m bench.public_load

Target (issue 5): at least 300 requests/s for each page on this machine (2 cores). The event
(one open section of ``--players`` players, FIDE Dutch) is created in the named database
(created if missing, emptied first), ``--rounds`` rounds are paired and played through the
service layer, then gunicorn (``--workers`` processes) serves the app and wrk (``apt-get
install wrk``; ``scripts/bootstrap`` installs it as root) runs ``--connections`` connections
for ``--seconds`` per page after a short warm-up. Then one result is entered and both pages
are fetched at once: they must show it (the page cache is keyed by the event's version,
bumped in the same transaction as the result).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/crosstable_public_bench"
ROOT = Path(__file__).resolve().parent.parent


def _ensure_database(url: str) -> None:
    """Create the benchmark's PostgreSQL database if it does not exist yet."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        exists = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (name,)
        ).fetchone()
        if not exists:
            connection.execute(f'CREATE DATABASE "{name}"')


def _setup_django(flush: bool) -> None:
    # The served settings for this process too (its result entry commits as the server's).
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "crosstable_web.settings.prod")
    # what the production settings require (docs/deploy.md); the server gets them too
    os.environ.setdefault("CROSSTABLE_SECRET_KEY", secrets.token_urlsafe(64))
    os.environ.setdefault("CROSSTABLE_ALLOWED_HOSTS", "127.0.0.1,localhost")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)  # the served settings need them
    if flush:
        call_command("flush", "--noinput", verbosity=0)


def build_event(players: int, rounds_to_play: int) -> tuple[str, str]:
    from crosstable_web.events import demo, rounds, services
    from crosstable_web.events.models import EventRole, Role
    from crosstable_web.events.regulations.rules import EventSpec, SectionSpec

    organiser = demo.ensure_user("bench-organiser", "x")
    event = services.create_event(
        EventSpec(
            name="Public load bench",
            sections=[
                SectionSpec(
                    key="open", name="Open", total_rounds=9, tiebreaks=["BH/C1", "BH", "SB"]
                ),
            ],
        ),
        organiser,
        slug="load",
    )
    EventRole.objects.create(event=event, user=organiser, role=Role.ARBITER)
    section = event.sections.get()
    rng = random.Random(5)
    for index in range(players):
        data = demo.generate_entry(section, "zh" if index % 2 else "fa", rng, index)
        data.name = f"{data.name} {index}"
        data.rating = 1000 + rng.randrange(1500)
        services.add_entry(section, data, organiser)
    services.assign_pairing_numbers(section, organiser)
    for _number in range(rounds_to_play):
        round_row = rounds.pair_next_round(section, organiser)
        for board in round_row.boards.values_list("number", flat=True):
            rounds.enter_result(round_row, board, rng.choice("10="), organiser)
    rounds.pair_next_round(section, organiser)  # the current round, results pending
    return event.slug, section.key


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


PROXY_HEADER = "X-Forwarded-Proto"
"""What the reverse proxy sends in production (settings.prod redirects plain HTTP)."""


def _get(url: str) -> str:
    request = urllib.request.Request(url, headers={PROXY_HEADER: "https"})
    return str(urllib.request.urlopen(request, timeout=30).read().decode())


def _wait_until_up(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            _get(url)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def _wrk(url: str, seconds: int, connections: int) -> tuple[float, str, int]:
    """Requests/s, mean latency and non-2xx count from one wrk run."""
    output = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{seconds}s",
            "--latency",
            "-H",
            f"{PROXY_HEADER}: https",
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    latency = re.search(r"Latency\s+(\S+)", output).group(1)  # type: ignore[union-attr]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return rate, latency, int(errors.group(1)) if errors else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=4, help="rounds played before measuring")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=8, help="threads per worker (gthread)")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="measure the event built by an earlier run (skip building)",
    )
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        print(
            "wrk is not installed: apt-get install wrk (scripts/bootstrap does, as root)",
            file=sys.stderr,
        )
        return 2
    os.environ.setdefault("DATABASE_URL", DEFAULT_DATABASE)
    if not os.environ["DATABASE_URL"].startswith("postgres"):
        print("DATABASE_URL must name a PostgreSQL database", file=sys.stderr)
        return 2
    _ensure_database(os.environ["DATABASE_URL"])
    _setup_django(flush=not args.reuse)
    started = time.perf_counter()
    if args.reuse:
        slug, key = "load", "open"
    else:
        slug, key = build_event(args.players, args.rounds)
    print(
        f"event: {args.players} players, {args.rounds} rounds played, round "
        f"{args.rounds + 1} paired ({time.perf_counter() - started:.0f} s to build)"
    )

    port = _free_port()
    server = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "crosstable_web.wsgi",
            "--workers",
            str(args.workers),
            "--worker-class",
            "gthread",
            "--threads",
            str(args.threads),
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        # the same settings (prod: persistent database connections).
        env=dict(os.environ),
        cwd=ROOT,
    )
    base = f"http://127.0.0.1:{port}/p/{slug}/{key}"
    pages = {"standings": f"{base}/standings/", "pairings": f"{base}/"}
    failures = 0
    try:
        _wait_until_up(pages["pairings"])
        print(
            f"gunicorn: {args.workers} workers x {args.threads} threads; wrk: 2 threads, "
            f"{args.connections} connections, {args.seconds} s per page; "
            f"cores: {os.cpu_count()}; load average before: {os.getloadavg()[0]:.1f}"
            " (other work on the machine shares the cores)"
        )
        print(
            f"{'page':12s} {'requests/s':>11s} {'mean latency':>13s} {'errors':>7s} {'target':>8s}"
        )
        for name, url in pages.items():
            _wrk(url, 5, args.connections)  # warm-up: every worker renders once
            rate, latency, errors = _wrk(url, args.seconds, args.connections)
            failures += rate < 300 or errors > 0
            print(f"{name:12s} {rate:11.0f} {latency:>13s} {errors:7d} {'>= 300':>8s}")
        failures += _check_fresh_after_result(pages)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    return 1 if failures else 0


def _check_fresh_after_result(pages: dict[str, str]) -> int:
    """Enter a result on the current round's first pending board (or change board 1's);
    both pages must show it on the very next request."""
    from crosstable_web.events import models, rounds

    round_row = models.Round.objects.order_by("-number").first()
    assert round_row is not None
    board = round_row.boards.filter(white_result="*").order_by(
        "number"
    ).first() or round_row.boards.get(number=1)
    typed, expected = ("0", "0-1") if board.white_result == "1" else ("1", "1-0")
    before = _get(pages["standings"])
    rounds.enter_result(round_row, board.number, typed, "bench-organiser")
    started = time.perf_counter()
    pairings = _get(pages["pairings"])
    standings = _get(pages["standings"])
    seconds = time.perf_counter() - started
    shown = re.search(rf'id="board-{board.number}".*?class="num result">([^<]*)<', pairings, re.S)
    fresh = shown is not None and shown.group(1) == expected and standings != before
    print(
        f"after a result: board {board.number} of round {round_row.number} shows "
        f"{shown.group(1) if shown else '?'!r} (entered {expected}) on the next request; "
        f"standings changed: {standings != before} (both pages re-rendered in "
        f"{seconds:.2f} s): {'correct' if fresh else 'STALE'}"
    )
    return 0 if fresh else 1


if __name__ == "__main__":
    sys.exit(main())
