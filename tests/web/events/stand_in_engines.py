"""Stand-in engines for the pairing jobs' tests, run in the job's worker process (module-level
functions: the worker imports them by name)."""

from __future__ import annotations

import time

from crosstable.message import Message
from crosstable.pairing.base import PairingError, RoundPairing
from crosstable_web.pairing_jobs import Pairing, PairingJob, run_any_job


def never_ends(job: PairingJob) -> RoundPairing:
    """An engine that takes ten minutes: the job must be cancelled."""
    time.sleep(600)
    raise AssertionError("not cancelled")


def finds_nothing(job: PairingJob) -> RoundPairing:
    """An engine that finds no pairing."""
    raise PairingError(Message("round %(round)s: nobody can meet anybody", round=job.round_number))


def slow_engine(job: PairingJob, seconds: float = 4) -> Pairing:
    """The section's own engine, ``seconds`` late: long enough for the progress line."""
    time.sleep(seconds)
    return run_any_job(job)
