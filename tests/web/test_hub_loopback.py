"""The public site on several app servers, on loopback (issue 28): ``bench.hub_check`` run
whole — PostgreSQL (a database of its own, dropped), Redis, 3 gunicorn app servers, HAProxy
and nginx's cache in front of it (scripts/hub installs both as root when missing), wrk and
Debian's chromium; every request through nginx and HAProxy, as a visitor's.

A result typed on app server 1 is on app servers 2's and 3's pages within 1 s, and through
the front cache (its copy: 1 s more) within 2 s, also while wrk hammers that page; the front
cache answers a reload storm from its copy (at most 2 requests a second reach the app
servers), a reader who chose a language or signed in gets an app server's page; app server 2
stopped (drained, SIGTERM) and started again under load leaves no failed request; killed under
load (SIGKILL) neither: the balancer resends the GETs it held (some must have been resent); a
parent's 390-px phone shows the next round within 2 s of its publication while the load runs,
and so does one without a language cookie, from the front cache's copy (docs/deploy.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.browser
def test_three_app_servers_behind_the_balancer() -> None:
    environment = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL", "CACHE_URL"))
    }
    run = subprocess.run(
        [sys.executable, "-m", "bench.hub_check", "--seconds", "6"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    report = run.stdout + run.stderr[-3000:]
    print(run.stdout)  # the figures, in the log of a passing run too (pytest -rA)
    assert run.returncode == 0, report
    assert "app server 2 shows it" in run.stdout and "app server 3 shows it" in run.stdout
    assert "the front cache (its copy: 1 s) shows it" in run.stdout, report
    cached = next(line for line in run.stdout.splitlines() if "the front cache: wrk" in line)
    assert "failed: 0 non-2xx, 0 socket errors" in cached and "(ok)" in cached, report
    stopped = next(line for line in run.stdout.splitlines() if "app server 2 stopped" in line)
    assert "failed: 0 non-2xx, 0 socket errors" in stopped, report
    killed = next(line for line in run.stdout.splitlines() if "app server 2 killed" in line)
    assert "failed: 0 non-2xx, 0 socket errors" in killed and "(ok," in killed, report
    phone = next(line for line in run.stdout.splitlines() if "parent's phone" in line)
    assert "through the front cache's copy" in phone and "(ok," in phone, report
    assert "all checks passed" in run.stdout
