"""A served deployment (docs/deploy.md): the production settings refuse to start without a
secret key and host names, ``check --deploy`` is clean with the documented environment, and
``scripts/serve`` runs gunicorn on a loopback port behind which a reverse proxy would sit:
HTTPS only (HSTS, Secure cookies, plain HTTP redirected), the back-office CSS served, login
throttled per account and address, Django's password rules."""

from __future__ import annotations

import http.cookiejar
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

ROOT = Path(__file__).resolve().parents[2]
COMMAND = ROOT / ".venv" / "bin" / "crosstable-web"


def _documented_environment(var: Path, database: str) -> dict[str, str]:
    """What docs/deploy.md tells the administrator to set."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "CROSSTABLE_", "DATABASE_URL"))
    }
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "crosstable_web.settings.prod",
            "CROSSTABLE_SECRET_KEY": secrets.token_urlsafe(64),
            "CROSSTABLE_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "CROSSTABLE_VAR_DIR": str(var),
            "DATABASE_URL": database,
            "CROSSTABLE_SKIP_SYSTEM_PACKAGES": "1",
        }
    )
    return env


def _command(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(COMMAND), *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def database(tmp_path: Path) -> Iterator[str]:
    """A database of its own for the served app: a SQLite file, or a new PostgreSQL database
    when the tests run on PostgreSQL."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'served.sqlite3'}"
        return
    import psycopg

    name = f"crosstable_served_{os.getpid()}"
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_production_settings_refuse_to_start_without_secret_and_hosts(tmp_path: Path) -> None:
    env = _documented_environment(tmp_path, f"sqlite:///{tmp_path / 'x.sqlite3'}")
    for missing, message in (
        ("CROSSTABLE_SECRET_KEY", "CROSSTABLE_SECRET_KEY is not set"),
        ("CROSSTABLE_ALLOWED_HOSTS", "CROSSTABLE_ALLOWED_HOSTS is not set"),
    ):
        without = {key: value for key, value in env.items() if key != missing}
        result = _command(without, "check")
        assert result.returncode != 0 and message in result.stderr
    for weak in ("insecure-development-key-change-me", "short", "a" * 60):
        result = _command({**env, "CROSSTABLE_SECRET_KEY": weak}, "check")
        assert result.returncode != 0 and "50 characters or more" in result.stderr
    # wsgi.py (what gunicorn loads) starts the production settings by default
    plain = {key: value for key, value in env.items() if key != "DJANGO_SETTINGS_MODULE"}
    del plain["CROSSTABLE_SECRET_KEY"]
    loaded = subprocess.run(
        [sys.executable, "-c", "import crosstable_web.wsgi"],
        env=plain,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert loaded.returncode != 0 and "CROSSTABLE_SECRET_KEY is not set" in loaded.stderr


def test_check_deploy_is_clean_with_the_documented_environment(tmp_path: Path) -> None:
    env = _documented_environment(tmp_path, f"sqlite:///{tmp_path / 'x.sqlite3'}")
    result = _command(env, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_password_rules() -> None:
    """Too short, common, all digits, like the user name: refused (issue 14: "1" was
    accepted)."""
    arbiter = User(username="arbiter")
    for weak in ("1", "password", "12345678901", "arbiter-2024"):
        with pytest.raises(ValidationError):
            validate_password(weak, arbiter)
    validate_password("Sukau river at dawn 2024", arbiter)


# --- the served app ---------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _Browser:
    """A visitor behind the reverse proxy: cookies kept, redirects not followed, and the
    headers the proxy adds (HTTPS, the visitor's address)."""

    def __init__(self, base: str, address: str = "203.0.113.5") -> None:
        self.base = base
        self.address = address
        self.cookies = http.cookiejar.CookieJar(_BehindTheProxy())
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect()
        )

    def open(
        self, path: str, data: dict[str, str] | None = None, proxied: bool = True
    ) -> tuple[int, dict[str, str], str]:
        headers = {"X-Forwarded-For": self.address}
        if proxied:
            headers["X-Forwarded-Proto"] = "https"
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data).encode()
            headers["Referer"] = f"https://{self.base.split('//')[1]}{path}"
            headers["Origin"] = f"https://{self.base.split('//')[1]}"
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def cookie(self, name: str) -> http.cookiejar.Cookie | None:
        return next((cookie for cookie in self.cookies if cookie.name == name), None)


class _BehindTheProxy(http.cookiejar.DefaultCookiePolicy):
    """Secure cookies sent back: between the visitor and the proxy the connection is HTTPS
    (here the test speaks to gunicorn directly, as the proxy would)."""

    def return_ok_secure(self, cookie: http.cookiejar.Cookie, request: object) -> bool:
        return True


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _sign_in(browser: _Browser, username: str, password: str) -> tuple[int, str]:
    _status, _headers, page = browser.open("/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    status, _headers, page = browser.open(
        "/accounts/login/",
        {"csrfmiddlewaretoken": token.group(1), "username": username, "password": password},
    )
    return status, page


@pytest.mark.slow
def test_scripts_serve_runs_the_production_settings_under_gunicorn(
    tmp_path: Path, database: str
) -> None:
    env = _documented_environment(tmp_path / "var", database)
    env.update({"CROSSTABLE_WORKERS": "2", "CROSSTABLE_THREADS": "2"})
    assert _command(env, "migrate", "--noinput").returncode == 0
    created = _command(
        {**env, "DJANGO_SUPERUSER_PASSWORD": "Sukau river at dawn 2024"},
        "createsuperuser",
        "--noinput",
        "--username",
        "arbiter",
        "--email",
        "arbiter@example.org",
    )
    assert created.returncode == 0, created.stderr
    example = str(ROOT / "examples" / "kinabatangan-school-2024.toml")
    made = _command(env, "create_event", example, "--slug", "kcs", "--as", "arbiter")
    assert made.returncode == 0, made.stderr

    port = _free_port()
    server = subprocess.Popen(
        [str(ROOT / "scripts" / "serve"), str(port)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    visitor = _Browser(base)
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                status, _headers, _page = visitor.open("/p/kcs/")
                if status == 200:
                    break
            except OSError:
                pass
            assert server.poll() is None, server.stderr.read() if server.stderr else ""
            assert time.monotonic() < deadline, "gunicorn did not answer"
            time.sleep(0.5)

        # gunicorn's control socket is this deployment's own (issue 31 item 7), not the
        # ~/.gunicorn/gunicorn.ctl every deployment on the host would share
        assert (tmp_path / "var" / "run" / f"gunicorn-{port}.ctl").is_socket()
        # plain HTTP (no proxy in between) is sent to HTTPS
        status, headers, _page = visitor.open("/p/kcs/", proxied=False)
        assert status == 301 and headers["Location"] == f"https://127.0.0.1:{port}/p/kcs/"
        # HTTPS through the proxy: the public page, with HSTS
        status, headers, page = visitor.open("/p/kcs/")
        assert status == 200 and "Kinabatangan" in page
        assert headers["Strict-Transport-Security"] == (
            "max-age=31536000; includeSubDomains; preload"
        )
        # the back-office CSS: collected, named by its content, served by the app
        status, _headers, page = visitor.open("/accounts/login/")
        assert status == 200
        stylesheet = re.search(r'<link rel="stylesheet" href="(/static/[^"]+\.css)"', page)
        assert stylesheet is not None and re.search(r"\.[0-9a-f]{12}\.css$", stylesheet.group(1))
        status, headers, css = visitor.open(stylesheet.group(1))
        assert status == 200 and headers["Content-Type"].startswith("text/css") and "{" in css
        csrf = visitor.cookie("csrftoken")
        assert csrf is not None and csrf.secure
        # no debug page
        status, _headers, page = visitor.open("/no/such/page/")
        assert status == 404 and "URLconf" not in page

        # login throttling: 5 wrong passwords from one address lock that address out of the
        # account (even with the right password); another address still signs in
        attacker = _Browser(base, "203.0.113.66")
        for _ in range(4):
            status, page = _sign_in(attacker, "arbiter", "wrong")
            assert status == 200 and "id_password" in page
        status, page = _sign_in(attacker, "arbiter", "wrong")
        assert status == 429 and 'id="locked-out"' in page
        status, page = _sign_in(attacker, "arbiter", "Sukau river at dawn 2024")
        assert status == 429
        arbiter = _Browser(base, "198.51.100.7")
        status, _page = _sign_in(arbiter, "arbiter", "Sukau river at dawn 2024")
        assert status == 302
        session = arbiter.cookie("sessionid")
        assert session is not None and session.secure
    finally:
        _stop(server)


def _stop(server: subprocess.Popen[str]) -> None:
    """gunicorn and its workers (the process group scripts/serve started) stopped."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)
