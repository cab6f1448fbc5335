"""Two crosstable processes on loopback for the venue ↔ hub tests: a venue on its own SQLite
file (settings.venue, as ``scripts/venue`` runs it) and a hub on a PostgreSQL database the
test creates and drops (127.0.0.1:5432, trust auth), each a real ``crosstable-web runserver``
that a test can stop, kill in the middle of a request, and start again; the commands of each
(``crosstable-web …``) run as their own processes too."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
CROSSTABLE_WEB = Path(sys.executable).with_name("crosstable-web")
POSTGRES = "postgresql://postgres@127.0.0.1:5432/"
HUB_SETTINGS = """
import os
from crosstable_web.settings.dev import *  # noqa: F403
EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
EMAIL_FILE_PATH = os.environ["CROSSTABLE_TEST_MAIL_DIR"]
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclasses.dataclass
class Site:
    """One crosstable installation: its environment, its server process, its commands."""

    name: str
    env: dict[str, str]
    folder: Path
    port: int = dataclasses.field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [str(CROSSTABLE_WEB), *args],
            env=self.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if check and done.returncode:
            raise AssertionError(
                f"{self.name}: crosstable-web {' '.join(args)} → {done.returncode}\n"
                f"{done.stdout}\n{done.stderr}"
            )
        return done

    def background(self, *args: str) -> subprocess.Popen[bytes]:
        """A command left running (its output in the site's folder)."""
        log = (self.folder / f"{args[0]}.log").open("ab")
        return subprocess.Popen(
            [str(CROSSTABLE_WEB), *args],
            env=self.env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def start(self) -> None:
        self.process = self.background("runserver", "--noreload", f"127.0.0.1:{self.port}")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=5):
                    return
            except urllib.error.HTTPError:
                return  # it answers
            except OSError:
                time.sleep(0.1)
        raise AssertionError(f"{self.name} did not start: {self.folder}")

    def stop(self, kill: bool = False) -> None:
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL if kill else signal.SIGTERM)
            self.process.wait(timeout=30)
            self.process = None


def stop_all(*processes: subprocess.Popen[bytes] | None) -> None:
    for process in processes:
        if process is not None and process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


def _base_env(folder: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL", "CACHE_URL", "CROSSTABLE_"))
        and not key.startswith("PYTEST")
    }
    env["CROSSTABLE_VAR_DIR"] = str(folder)
    return env


def postgres_available() -> bool:
    psycopg = pytest.importorskip("psycopg")
    try:
        psycopg.connect(POSTGRES + "postgres", connect_timeout=3).close()
    except psycopg.OperationalError:
        return False
    return True


@contextlib.contextmanager
def hub_site(folder: Path) -> Iterator[Site]:
    """A hub on a new PostgreSQL database (dropped afterwards), migrated, not yet started."""
    import psycopg

    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("the loopback tests run once, in the SQLite pass (the hub is PostgreSQL)")
    if not postgres_available():
        pytest.skip("no PostgreSQL on 127.0.0.1:5432")
    name = f"crosstable_hub_test_{os.getpid()}"
    with psycopg.connect(POSTGRES + "postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mail").mkdir()
    (folder / "hub_test_settings.py").write_text(HUB_SETTINGS)
    env = _base_env(folder) | {
        "DJANGO_SETTINGS_MODULE": "hub_test_settings",
        "PYTHONPATH": str(folder),
        "DATABASE_URL": POSTGRES + name,
        "CROSSTABLE_TEST_MAIL_DIR": str(folder / "mail"),
    }
    site = Site("hub", env, folder)
    try:
        site.run("migrate", "--noinput", "-v", "0")
        yield site
    finally:
        site.stop(kill=True)
        with psycopg.connect(POSTGRES + "postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def hub_query(site: Site, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(site.env["DATABASE_URL"]) as connection:
        return list(connection.execute(sql, params).fetchall())


def venue_site(folder: Path) -> Site:
    """A venue as scripts/venue runs it (settings.venue, SQLite in its folder), migrated."""
    folder.mkdir(parents=True, exist_ok=True)
    site = Site(
        "venue",
        _base_env(folder) | {"DJANGO_SETTINGS_MODULE": "crosstable_web.settings.venue"},
        folder,
    )
    site.run("migrate", "--noinput", "-v", "0")
    return site


def venue_query(site: Site, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    connection = sqlite3.connect(site.folder / "crosstable.sqlite3", timeout=30)
    try:
        return list(connection.execute(sql, params).fetchall())
    finally:
        connection.close()
