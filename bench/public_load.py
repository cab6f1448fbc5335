"""Public pages under load on 1, 2 and 3 app servers behind the balancer: a 2,000-player
section's standings, pairings and player pages, cache cold and warm, hit by wrk.

    .venv/bin/python -m bench.public_load --keep    # builds the event (minutes), measures
    .venv/bin/python -m bench.public_load --reuse   # measures the event kept before

The hub of ``bench.cluster`` on loopback: PostgreSQL (database ``crosstable_hub_public_load``,
dropped at the end unless ``--keep``, for a later ``--reuse``), Redis (this run's own key
prefix), ``--instances`` gunicorn app servers (``--workers`` × ``--threads`` each, production
settings), HAProxy in front of them (``scripts/hub balancer --no-cache``) and nginx's cache of
public pages in front of HAProxy (``scripts/hub cache``); every request goes through both
(``--haproxy-cache``: HAProxy's own cache instead of nginx, as before).
The event: one open section of ``--players`` players (FIDE Dutch), ``--rounds`` rounds paired
and played through the service layer, the next round paired with its results pending.

For 1, 2, … app servers behind the balancer, for each page:

- **cold**: every key of this run removed from Redis and the page asked at an address no copy
  is kept for (a query string of the run's own), then ``--seconds`` of wrk
  (``--connections``): the first requests render the page (player pages: a different player
  at each request, ``--seconds`` cannot visit all 2,000 twice, so most requests render);
- **warm**: the same again at once (pages from the front cache's copies, renewed about once
  a second by one request while the others get the expired copy);
- **warm, app servers**: the same with a language cookie, which the front cache passes on:
  every request served by an app server from Redis (the path of a reader who chose a language,
  and the balancer-less figure);
- **at 1,000/s**: warm, each of 64 connections waiting 60 ms between requests (wrk's
  ``delay()``): about 1,000 requests a second, the issue's latency goal (99th percentile
  under 100 ms); ``--paced 64x60,8x80`` adds other paces (connections x pause in ms: here
  also at most 100 a second), to find the rate at which that goal holds on a given machine.

Then the balancer alone: HAProxy answering the same standings page from memory
(``http-request return``), no app server: the ceiling of the cached path here. Finally a
result is entered and the pages through the balancer must show it (the seconds it took: the
front cache's copy lives to the end of its clock second, then an app server renders the new
page while the old copy is still served). Each row ends with the
machine's load average. Only loopback traffic; every run bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

from bench.cluster import Hub, fetch, free_port, wrk

DATABASE = "crosstable_hub_public_load"
PAST_THE_BALANCER_CACHE = {"Cookie": "django_language=en"}
"""A reader who chose a language: the front cache passes the request to an app server."""
PACED = "64x60"
"""64 connections each waiting 60 ms after an answer: at most about 1,000 requests a second
(``--paced``: other CONNECTIONSxMILLISECONDS, comma-separated, for the rate at which the 99th
percentile stays under 100 ms on a given machine)."""


def _pacing(text: str) -> list[tuple[int, int]]:
    """``64x60,16x160`` → [(64, 60), (16, 160)]: connections and the pause after each answer."""
    pacing = []
    for part in text.split(","):
        connections, _x, delay = part.partition("x")
        if not (connections.isdigit() and delay.isdigit()) or min(int(connections), int(delay)) < 1:
            raise SystemExit(f"--paced: {part!r} is not CONNECTIONSxMILLISECONDS (e.g. 64x60)")
        pacing.append((int(connections), int(delay)))
    return pacing


def build_event(players: int, rounds_to_play: int) -> tuple[str, str]:
    """The benchmark's event (``load``, section ``open``) in the configured database."""
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


def _script(folder: Path, name: str, players: int | None, delay: int = 0) -> Path | None:
    """wrk's Lua script: a different player at each request (each wrk thread starting
    elsewhere), and/or a pause after each answer."""
    lines = []
    if players:
        lines += [
            "local started = 0",
            "function setup(thread)",
            "  thread:set('offset', started * 997)",
            "  started = started + 1",
            "end",
            "function init(args) counter = offset or 0 end",
            "function request()",
            "  counter = counter + 1",
            f"  local path = string.gsub(wrk.path, 'NUMBER', tostring(counter % {players} + 1))",
            "  return wrk.format('GET', path)",
            "end",
        ]
    if delay:
        lines.append(f"function delay() return {delay} end")
    if not lines:
        return None
    path = folder / f"{name}{f'-paced-{delay}' if delay else ''}.lua"
    path.write_text("\n".join(lines) + "\n")
    return path


def _row(servers: str, page: str, cache: str, figures: dict[str, float]) -> str:
    """A table row; the last column the machine's 1-minute load average as the run ended
    (the machine is shared: the figures mean little without it)."""
    failed = figures["non_2xx"] + figures["socket_errors"]
    return (
        f"| {servers} | {page} | {cache} | {figures['rate']:,.0f} | {figures['p50']:.1f} | "
        f"{figures['p99']:.1f} | {figures['max']:.0f} | {failed:.0f} | "
        f"{os.getloadavg()[0]:.1f} |"
    )


def balancer_alone(hub: Hub, page_body: bytes, seconds: int, connections: int) -> str:
    """HAProxy answering the standings page from memory: what the balancer alone serves."""
    folder = hub.folder / "alone"
    folder.mkdir(exist_ok=True)
    (folder / "page.html").write_bytes(page_body)
    port = free_port()
    config = folder / "haproxy.cfg"
    config.write_text(
        f"global\n    maxconn 256\n    tune.bufsize {len(page_body) + 65536}\n"
        "defaults\n    mode http\n    timeout connect 2s\n    timeout client 30s\n"
        "    timeout server 30s\n"
        f"frontend alone\n    bind 127.0.0.1:{port}\n"
        "    http-request return status 200 content-type 'text/html; charset=utf-8' "
        f"file {folder / 'page.html'}\n"
    )
    process = subprocess.Popen(["haproxy", "-f", str(config), "-db"])
    try:
        time.sleep(1)
        figures = wrk(port, "/", seconds, connections)
    finally:
        process.terminate()
        process.wait(timeout=10)
    return _row("HAProxy alone (no app server)", "standings (same bytes)", "-", figures)


def check_fresh_after_result(hub: Hub, slug: str, key: str) -> bool:
    """Enter a result on the current round's first pending board (or change board 1's);
    through the front cache, both pages must show it once its copy has expired (< 1 s)
    and an app server has rendered the new page: asked again and again, the seconds until
    both show it (at most 10)."""
    from crosstable_web.events import models, rounds

    round_row = models.Round.objects.filter(section__event__slug=slug).order_by("-number")[0]
    board = round_row.boards.filter(white_result="*").order_by(
        "number"
    ).first() or round_row.boards.get(number=1)
    typed, expected = ("0", "0-1") if board.white_result == "1" else ("1", "1-0")
    standings, pairings = f"/p/{slug}/{key}/standings/", f"/p/{slug}/{key}/"
    before = fetch(hub.front_port, standings, timeout=300).body
    rounds.enter_result(round_row, board.number, typed, "bench-organiser")
    started = time.perf_counter()
    while True:
        pairings_page = fetch(hub.front_port, pairings, timeout=300).body
        standings_page = fetch(hub.front_port, standings, timeout=300).body
        seconds = time.perf_counter() - started
        shown = re.search(
            rf'id="board-{board.number}".*?class="num result">([^<]*)<', pairings_page, re.S
        )
        fresh = shown is not None and shown.group(1) == expected and standings_page != before
        if fresh or seconds > 10:
            break
        time.sleep(0.05)
    print(
        f"after a result: board {board.number} of round {round_row.number} shows "
        f"{shown.group(1) if shown else '?'!r} (entered {expected}) through the front cache, "
        f"standings changed: {standings_page != before}, {seconds:.2f} s after the commit "
        f"(the front cache's copy lives < 1 s, then an app server renders both pages): "
        f"{'correct' if fresh else 'STALE after 10 s'}"
    )
    return fresh


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=4, help="rounds played before measuring")
    parser.add_argument("--instances", default="1,2,3", help="app servers behind the balancer")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker (gthread)")
    parser.add_argument("--reuse", action="store_true", help="measure the event kept before")
    parser.add_argument("--database", default=DATABASE, help="PostgreSQL database of the event")
    parser.add_argument(
        "--keep", action="store_true", help="keep the database for --reuse (else dropped)"
    )
    parser.add_argument(
        "--haproxy-cache",
        action="store_true",
        help="no nginx in front: HAProxy's own cache of public pages (the earlier setup)",
    )
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--seconds", type=int, default=5, help="per wrk run")
    parser.add_argument("--pages", default="standings,pairings,player")
    parser.add_argument(
        "--paced",
        default=PACED,
        help="paced warm runs: CONNECTIONSxMILLISECONDS, comma-separated (default 64x60: "
        "at most ~1,000 requests a second)",
    )
    args = parser.parse_args(argv)
    pacing = _pacing(args.paced)
    counts = [int(part) for part in args.instances.split(",")]
    hub = Hub(
        instances=max(counts),
        workers=args.workers,
        threads=args.threads,
        database=args.database,
        keep_database=args.keep,
        front_cache=not args.haproxy_cache,
    )
    failures = 0
    with hub:
        if not args.reuse:
            hub.create_database()
        started = time.perf_counter()
        hub.setup_django()
        if args.reuse:
            slug, key = "load", "open"
        else:
            slug, key = build_event(args.players, args.rounds)
        from crosstable_web.events.models import Entry

        players = Entry.objects.filter(section__event__slug=slug, section__key=key).count()
        print(
            f"event: {players} players, {args.rounds} rounds played, round {args.rounds + 1} "
            f"paired ({time.perf_counter() - started:.0f} s to build or open)"
        )
        hub.start_servers()
        paths = {
            "standings": f"/p/{slug}/{key}/standings/",
            "pairings": f"/p/{slug}/{key}/",
            "player": f"/p/{slug}/{key}/player/NUMBER/",
        }
        chosen = args.pages.split(",")
        print(
            f"app servers: gunicorn {args.workers} workers x {args.threads} threads each; wrk: "
            f"2 threads, {args.connections} connections, {args.seconds} s a run; cores: "
            f"{os.cpu_count()}; load average before: {os.getloadavg()[0]:.1f} (other work on "
            "the machine shares the cores)"
        )
        print(
            "| app servers | page | cache | requests/s | p50 ms | p99 ms | max ms | failed "
            "| load avg |"
        )
        print("|---|---|---|---:|---:|---:|---:|---:|---:|")
        for count in counts:
            hub.start_balancer(list(range(1, count + 1)))
            time.sleep(2.5)  # the health checks have seen every server
            for name in chosen:
                path = paths[name]
                spread = players if name == "player" else None
                script = _script(hub.folder, name, spread)
                hub.flush_cache()
                # an address of this run's own: no copy in the front cache (nginx would serve
                # an expired one while it fetched the new page: not a cold start); the warm
                # runs then ask for the same address
                path = f"{path}?run={time.time_ns()}"
                time.sleep(1.1)  # HAProxy's copies, when it keeps them, expired (< 1 s)
                runs = [
                    (
                        "cold",
                        wrk(hub.front_port, path, args.seconds, args.connections, script=script),
                    ),
                    (
                        "warm",
                        wrk(hub.front_port, path, args.seconds, args.connections, script=script),
                    ),
                    (
                        "warm, app servers",
                        wrk(
                            hub.front_port,
                            path,
                            args.seconds,
                            args.connections,
                            script=script,
                            headers=PAST_THE_BALANCER_CACHE,
                        ),
                    ),
                ]
                for connections, delay in pacing:
                    paced = _script(hub.folder, name, spread, delay)
                    figures = wrk(hub.front_port, path, args.seconds, connections, script=paced)
                    runs.append((f"warm, ≤{connections * 1000 / delay:,.0f}/s", figures))
                for cache, figures in runs:
                    failures += bool(figures["non_2xx"] or figures["socket_errors"])
                    print(_row(str(count), name, cache, figures), flush=True)
        if "standings" in chosen:
            body = fetch(hub.front_port, paths["standings"], timeout=300).body.encode()
            print(balancer_alone(hub, body, args.seconds, args.connections))
        failures += not check_fresh_after_result(hub, slug, key)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
