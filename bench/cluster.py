"""A hub on this machine's loopback: a PostgreSQL database of its own, the Redis server,
N gunicorn app servers on different ports with the production settings, HAProxy in front of
them (``scripts/hub balancer``) and nginx's cache of public pages in front of HAProxy
(``scripts/hub cache``), as docs/deploy.md deploys them on N hosts.

Used by ``bench.hub_check`` (the issue's loopback test) and ``bench.public_load``. Only
loopback addresses; every process started here is stopped by :meth:`Hub.stop`, and the
database is dropped (unless ``keep_database``).
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSTGRES = "postgres://postgres@127.0.0.1:5432"
REDIS_URL = "redis://127.0.0.1:6379/0"
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}
"""What the TLS terminator in front says (settings.prod redirects plain HTTP)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: str
    cookies: dict[str, str]


def fetch(
    port: int,
    path: str,
    *,
    method: str = "GET",
    data: dict[str, str] | None = None,
    cookies: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30,
) -> Answer:
    """One HTTP request to 127.0.0.1:``port`` as the proxy would pass it (no redirects
    followed; cookies by hand: the production cookies are Secure, which a cookie jar keeps
    off plain HTTP)."""
    sent = {**PROXY_HEADERS, **(headers or {})}
    if cookies:
        sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
    body = None
    if data is not None:
        body = urllib.parse.urlencode(data)
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        got = {}
        answered: dict[str, str] = {}  # a header sent twice (Vary) read as one list
        for name, value in response.getheaders():
            answered[name] = f"{answered[name]}, {value}" if name in answered else value
            if name.lower() == "set-cookie":
                pair = value.split(";", 1)[0]
                key, _equals, cookie = pair.partition("=")
                got[key.strip()] = cookie.strip()
        return Answer(response.status, answered, text, got)
    finally:
        connection.close()


@dataclass
class Hub:
    """The processes of a loopback hub; a context manager that stops them all."""

    instances: int = 3
    workers: int = 1
    threads: int = 4
    database: str = field(default_factory=lambda: f"crosstable_hub_{secrets.token_hex(4)}")
    keep_database: bool = False
    cache_prefix: str = field(default_factory=lambda: f"hub-{secrets.token_hex(4)}")
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="crosstable-hub-")))
    ports: list[int] = field(default_factory=list)
    servers: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    balancer_port: int = 0
    balancer_log: str = ""
    """Where HAProxy logs each request (``scripts/hub balancer --log``), e.g. a UDP address."""
    front_cache: bool = True
    """nginx's cache in front of HAProxy (``scripts/hub cache``; HAProxy then keeps no copies:
    ``--no-cache``); without it, HAProxy's own cache (``front_port`` is then the balancer's)."""
    cache_port: int = 0

    @property
    def front_port(self) -> int:
        """Where a visitor's request comes in: the front cache, or the balancer without it."""
        return self.cache_port if self.front_cache else self.balancer_port

    @property
    def database_url(self) -> str:
        return f"{POSTGRES}/{self.database}"

    def environment(self) -> dict[str, str]:
        """The app servers' environment: the production settings, the shared database and
        Redis (a key prefix of this hub's own), this hub's folder for static files."""
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "crosstable_web.settings.prod",
            "CROSSTABLE_SECRET_KEY": os.environ.get(
                "CROSSTABLE_SECRET_KEY", "hub-" + secrets.token_urlsafe(64)
            ),
            "CROSSTABLE_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": REDIS_URL,
            "CROSSTABLE_CACHE_PREFIX": self.cache_prefix,
            "CROSSTABLE_VAR_DIR": str(self.folder),
        }

    def __enter__(self) -> Hub:
        return self

    def __post_init__(self) -> None:
        # nginx's workers (www-data when started as root) keep their copies under the folder
        self.folder.chmod(0o755)

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the services ------------------------------------------------------------------

    def create_database(self) -> None:
        """The hub's own PostgreSQL database, and Redis running (scripts/hub redis)."""
        import psycopg

        subprocess.run([str(ROOT / "scripts" / "hub"), "redis"], check=True)
        with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{self.database}"')
            connection.execute(f'CREATE DATABASE "{self.database}"')

    def setup_django(self) -> None:
        """This process on the hub's settings (its commits publish to the same Redis), the
        tables migrated and the static files collected."""
        os.environ.update(self.environment())
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", "--noinput", verbosity=0)
        call_command("collectstatic", "--noinput", verbosity=0)

    def start_servers(self) -> None:
        self.ports = [free_port() for _ in range(self.instances)]
        for number in range(1, self.instances + 1):
            self.start_server(number)
        for port in self.ports:
            self.wait_until_healthy(port)

    def start_server(self, number: int) -> None:
        """App server ``number`` (1-based): gunicorn as scripts/serve starts it, in a process
        group of its own (killed whole by :meth:`kill_server`)."""
        port = self.ports[number - 1]
        log = (self.folder / f"gunicorn-{number}.log").open("ab")
        self.servers[number] = subprocess.Popen(
            [
                str(ROOT / ".venv" / "bin" / "gunicorn"),
                "crosstable_web.wsgi:application",
                "--config",
                "python:crosstable_web.serving",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(self.workers),
                "--worker-class",
                "gthread",
                "--threads",
                str(self.threads),
                "--no-control-socket",  # several servers on one host (the default path is one)
                "--log-level",
                "warning",
            ],
            env=self.environment(),
            cwd=ROOT,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )

    def address(self, number: int) -> str:
        """App server ``number``'s ADDRESS:PORT, the balancer's name for it."""
        return f"127.0.0.1:{self.ports[number - 1]}"

    def kill_server(self, number: int) -> None:
        """App server ``number`` dies at once (SIGKILL to its master and workers), as a host
        that loses power."""
        process = self.servers.pop(number)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    def stop_server(self, number: int) -> float:
        """App server ``number`` stopped for maintenance as docs/deploy.md says: drained at the
        balancer (``scripts/hub drain``: no new request, the ones it holds answered), then
        SIGTERM (what ``systemctl stop`` sends; gunicorn finishes what it holds). The seconds
        the drain took."""
        started = time.perf_counter()
        self._hub("drain", self.address(number), "--wait", "60")
        drained = time.perf_counter() - started
        process = self.servers.pop(number)
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=60)
        return drained

    def ready_server(self, number: int) -> None:
        """App server ``number`` back in the balancer's rotation (``scripts/hub ready``), once
        it answers its health check."""
        self.wait_until_healthy(self.ports[number - 1])
        self._hub("ready", self.address(number))

    def balancer_stats(self, name: str) -> dict[str, str]:
        """HAProxy's runtime statistics (``show stat``) of the row ``name`` of the backend
        ``app_servers``: an app server's ADDRESS:PORT, or ``BACKEND`` for the totals
        (``stot`` requests sent, ``wretr`` retries, ``wredis`` redispatches, ``eresp``
        answers that failed, ``status``…)."""
        with socket.socket(socket.AF_UNIX) as connection:
            connection.connect(str(self.folder / "hub" / "haproxy.sock"))
            connection.sendall(b"show stat\n")
            answer = b""
            while chunk := connection.recv(65536):
                answer += chunk
        lines = answer.decode().splitlines()
        names = lines[0].lstrip("# ").split(",")
        for line in lines[1:]:
            row = dict(zip(names, line.split(","), strict=False))
            if row.get("pxname") == "app_servers" and row.get("svname") == name:
                return row
        raise RuntimeError(f"the balancer has no row {name} in app_servers")

    def balancer_counts(self, number: int) -> tuple[str, int]:
        """What HAProxy's runtime API says of app server ``number``: its status (UP, DOWN,
        MAINT, DRAIN…) and the requests it has been sent since the balancer started."""
        row = self.balancer_stats(self.address(number))
        return row["status"], int(row["stot"] or 0)

    def _hub(self, *arguments: str) -> None:
        subprocess.run(
            [str(ROOT / "scripts" / "hub"), *arguments],
            env=self.environment(),
            check=True,
            stdout=subprocess.DEVNULL,
        )

    def wait_until_healthy(self, port: int, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while True:
            try:
                if fetch(port, "/healthz", timeout=5).status == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"nothing healthy on 127.0.0.1:{port} (see {self.folder})")
            time.sleep(0.2)

    def start_balancer(self, servers: list[int] | None = None) -> None:
        """HAProxy (scripts/hub balancer) in front of the given app servers (1-based; all by
        default), on a free loopback port, and nginx's cache (scripts/hub cache) in front of
        it unless ``front_cache`` is off."""
        chosen = servers or list(range(1, self.instances + 1))
        if not self.balancer_port:
            self.balancer_port = free_port()
        subprocess.run(
            [
                str(ROOT / "scripts" / "hub"),
                "balancer",
                "--port",
                str(self.balancer_port),
                "--site",
                "127.0.0.1",
                *(["--log", self.balancer_log] if self.balancer_log else []),
                *(["--no-cache"] if self.front_cache else []),
                *(f"127.0.0.1:{self.ports[number - 1]}" for number in chosen),
            ],
            env=self.environment(),
            check=True,
            stdout=subprocess.DEVNULL,
        )
        self.wait_until_healthy(self.balancer_port)
        if self.front_cache:
            if not self.cache_port:
                self.cache_port = free_port()
            self._hub("cache", "--port", str(self.cache_port), f"127.0.0.1:{self.balancer_port}")
            self.wait_until_healthy(self.cache_port)

    def stop(self) -> None:
        for number in list(self.servers):
            process = self.servers.pop(number)
            try:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(process.pid, signal.SIGKILL)
        if self.balancer_port:
            subprocess.run(
                [str(ROOT / "scripts" / "hub"), "balancer-stop"],
                env=self.environment(),
                check=False,
                stdout=subprocess.DEVNULL,
            )
            self.balancer_port = 0
        if self.cache_port:
            subprocess.run(
                [str(ROOT / "scripts" / "hub"), "cache-stop"],
                env=self.environment(),
                check=False,
                stdout=subprocess.DEVNULL,
            )
            self.cache_port = 0
        self._forget_cache()
        if not self.keep_database:
            self._drop_database()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _forget_cache(self) -> None:
        import redis

        server = redis.Redis.from_url(REDIS_URL)
        keys = list(server.scan_iter(f"{self.cache_prefix}:*"))
        for start in range(0, len(keys), 1000):
            server.delete(*keys[start : start + 1000])

    def flush_cache(self) -> None:
        """A cold cache: every key of this hub removed from Redis (never FLUSHDB: Redis is
        shared)."""
        self._forget_cache()

    def _drop_database(self) -> None:
        import psycopg
        from django.db import connections

        connections.close_all()
        with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')


def _wrk_command(
    port: int,
    path: str,
    seconds: float,
    connections: int,
    threads: int,
    script: Path | None,
    headers: dict[str, str] | None = None,
) -> list[str]:
    if not shutil.which("wrk"):
        raise RuntimeError("wrk is not installed: apt-get install wrk (scripts/bootstrap does)")
    return [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{seconds}s",
        "--timeout",
        "10s",
        "--latency",
        "-H",
        "X-Forwarded-Proto: https",
        *(part for name, value in (headers or {}).items() for part in ("-H", f"{name}: {value}")),
        *(["-s", str(script)] if script else []),
        f"http://127.0.0.1:{port}{path}",
    ]


def wrk(
    port: int,
    path: str,
    seconds: float,
    connections: int,
    threads: int = 2,
    script: Path | None = None,
    headers: dict[str, str] | None = None,
) -> dict[str, float]:
    """One wrk run against 127.0.0.1:``port`` (``script``: wrk's Lua hooks; ``headers``
    sent with every request): requests/s, latency percentiles and maximum (ms), and the
    failed requests (non-2xx/3xx answers and socket errors)."""
    command = _wrk_command(port, path, seconds, connections, threads, script, headers)
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return wrk_figures(output)


class Load:
    """wrk loading 127.0.0.1:``port`` in the background until :meth:`finish` (at most ten
    minutes): for checks whose steps take as long as they take (an app server stopped and
    started again) and must all happen under load."""

    def __init__(
        self,
        port: int,
        path: str,
        connections: int,
        threads: int = 2,
        headers: dict[str, str] | None = None,
    ) -> None:
        command = _wrk_command(port, path, 600, connections, threads, None, headers)
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)

    def finish(self) -> dict[str, float]:
        """Stop wrk (SIGINT: it reports what it did so far) and read its figures."""
        self.process.send_signal(signal.SIGINT)
        output, _errors = self.process.communicate(timeout=60)
        return wrk_figures(output)


def wrk_figures(output: str) -> dict[str, float]:
    """The figures of wrk's report (``wrk``)."""
    rate = float(_find(r"Requests/sec:\s+([\d.]+)", output))
    figures = {"rate": rate, "requests": float(_find(r"(\d+) requests in", output))}
    figures["max"] = _milliseconds(_find(r"Latency\s+\S+\s+\S+\s+(\S+)", output))
    for percentile in ("50", "90", "99"):
        figures[f"p{percentile}"] = _milliseconds(_find(rf"\s{percentile}%\s+(\S+)", output))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output
    )
    figures["non_2xx"] = float(non_2xx.group(1)) if non_2xx else 0.0
    figures["socket_errors"] = (
        float(sum(int(value) for value in socket_errors.groups())) if socket_errors else 0.0
    )
    # each kind apart: a refused connection, a connection closed mid-answer and a slow answer
    # are different failures (the balancer-kill check names which one it met)
    for kind, value in zip(
        ("connect", "read", "write", "timeout"),
        socket_errors.groups() if socket_errors else ("0", "0", "0", "0"),
        strict=True,
    ):
        figures[f"socket_{kind}"] = float(value)
    return figures


def _find(pattern: str, text: str) -> str:
    found = re.search(pattern, text)
    if found is None:
        raise RuntimeError(f"wrk's report has no {pattern!r}:\n{text}")
    return found.group(1)


def _milliseconds(text: str) -> float:
    value = float(re.sub(r"[a-z]+$", "", text))
    unit = text[len(str(re.sub(r"[a-z]+$", "", text))) :]
    return value * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}[unit]
