"""``scripts/venue`` as the arbiter starts it on a laptop: from an empty folder to a site the
arbiter signs in to, the publisher and the notifications worker beside it, all ending with it."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from .test_deployment import ROOT, _Browser, _free_port, _sign_in

pytestmark = pytest.mark.slow


def _venue_environment(var: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.pop("DATABASE_URL", None)
    env["CROSSTABLE_VAR_DIR"] = str(var)
    return env


def test_from_an_empty_folder_the_arbiter_signs_in_and_every_process_ends_together(
    tmp_path: Path,
) -> None:
    env = _venue_environment(tmp_path / "var")
    # first started with no terminal to ask in and no account named: it stops and says why
    # rather than serve a site nobody can sign in to
    finished = subprocess.run(
        [str(ROOT / "scripts" / "venue"), str(_free_port())],
        env=env,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert finished.returncode == 2
    assert "no account yet" in finished.stderr and "DJANGO_SUPERUSER_USERNAME" in finished.stderr
    # then with the first account given: made, and the site starts
    env.update(
        {
            "DJANGO_SUPERUSER_USERNAME": "arbiter",
            "DJANGO_SUPERUSER_PASSWORD": "Kinabatangan 2024 arbiter",
        }
    )
    port = _free_port()
    venue = subprocess.Popen(
        [str(ROOT / "scripts" / "venue"), str(port)],
        env=env,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    visitor = _Browser(f"http://127.0.0.1:{port}")
    try:
        deadline = time.monotonic() + 240
        while True:
            try:
                status, _headers, _page = visitor.open("/accounts/login/", proxied=False)
                if status == 200:
                    break
            except OSError:
                pass
            assert venue.poll() is None, venue.stdout.read() if venue.stdout else ""
            assert time.monotonic() < deadline, "the venue did not answer"
            time.sleep(0.5)
        status, _page = _sign_in(visitor, "arbiter", "Kinabatangan 2024 arbiter")
        assert status == 302
        # the publisher and the notifications worker run beside the web server, in its group
        group = _processes_of_group(venue.pid)
        assert any("publish --all --loop" in line for line in group), group
        assert any("send_notifications --loop" in line for line in group), group
        # the SQLite database lives in the folder given, nowhere else
        assert list((tmp_path / "var").glob("*.sqlite3")), list((tmp_path / "var").iterdir())
    finally:
        os.killpg(venue.pid, signal.SIGTERM)
        try:
            venue.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(venue.pid, signal.SIGKILL)
            venue.wait(10)
    time.sleep(1)
    assert _processes_of_group(venue.pid) == []


def _processes_of_group(group: int) -> list[str]:
    listing = subprocess.run(
        ["ps", "-ww", "-o", "pgid=,args=", "-e"], capture_output=True, text=True, check=True
    ).stdout
    return [
        line.split(None, 1)[1]
        for line in listing.splitlines()
        if line.split(None, 1)[0] == str(group) and len(line.split(None, 1)) == 2
    ]
