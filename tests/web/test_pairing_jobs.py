"""Worker processes of "pair all" die with the web worker that started them: killing it in
the middle of a pairing (a gunicorn timeout, a restart) leaves no engine computing on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

SLOW_JOBS = '''
import os, time
from pathlib import Path

def pair_for_ever(job):
    """A stand-in engine that never ends: writes its process and parent ids, then sleeps."""
    folder = Path(os.environ["JOBS_FOLDER"])
    (folder / f"worker-{os.getpid()}").write_text(str(os.getppid()))
    time.sleep(600)
'''


def _alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped is dead)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_a_killed_web_worker_leaves_no_pairing_worker_behind(tmp_path: Path) -> None:
    (tmp_path / "slow_jobs.py").write_text(SLOW_JOBS)
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        import slow_jobs
        from crosstable.model import Tournament
        from crosstable_web.pairing_jobs import PairingJob, pair_many

        jobs = [PairingJob("FIDE_DUTCH_2026", Tournament(name=str(n)), 1) for n in range(2)]
        pair_many(jobs, 2, work=slow_jobs.pair_for_ever)
        """
    )
    web_worker = subprocess.Popen(
        [sys.executable, "-c", script], env={**os.environ, "JOBS_FOLDER": str(tmp_path)}
    )
    try:
        deadline = time.monotonic() + 60
        while len(list(tmp_path.glob("worker-*"))) < 2:
            assert time.monotonic() < deadline, "the pool's workers never started"
            assert web_worker.poll() is None, "the web worker stopped by itself"
            time.sleep(0.1)
        workers = [int(path.name.split("-")[1]) for path in tmp_path.glob("worker-*")]
        forkservers = {int(path.read_text()) for path in tmp_path.glob("worker-*")}
        assert all(_alive(pid) for pid in [*workers, *forkservers])
        web_worker.send_signal(signal.SIGKILL)
        web_worker.wait(10)
        deadline = time.monotonic() + 15
        while any(_alive(pid) for pid in [*workers, *forkservers]):
            assert time.monotonic() < deadline, (
                f"orphans still running after their web worker was killed: "
                f"{[pid for pid in [*workers, *forkservers] if _alive(pid)]}"
            )
            time.sleep(0.2)
    finally:
        if web_worker.poll() is None:
            web_worker.kill()
        for path in tmp_path.glob("worker-*"):
            pid = int(path.name.split("-")[1])
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)  # only the processes this test started
