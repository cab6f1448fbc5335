"""Pairing several sections at once in worker processes (no Django here: the workers import
only the core). ``pair_many`` runs the engines in parallel and returns, per job, the
``RoundPairing`` or the exception the engine raised."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import multiprocessing
from collections.abc import Callable, Sequence

from crosstable.model import Tournament
from crosstable.pairing import registry
from crosstable.pairing.base import RoundPairing
from crosstable.regulations.schema import PairingRules


@dataclasses.dataclass(frozen=True, slots=True)
class PairingJob:
    system_code: str
    tournament: Tournament
    round_number: int
    rules: PairingRules | None = None
    """The section's ``[pairing]`` options from its regulations (None: the system's defaults)."""
    numbers_drawn: bool = False
    """The players' pairing numbers were drawn by lot (``registry.pair_function``)."""


def run_job(job: PairingJob) -> RoundPairing:
    pair = registry.pair_function(job.system_code, job.rules, numbers_drawn=job.numbers_drawn)
    return pair(job.tournament, job.round_number)


def pair_many(
    jobs: Sequence[PairingJob],
    processes: int,
    in_process: Callable[[PairingJob], RoundPairing] = run_job,
) -> list[RoundPairing | Exception]:
    """Every job's pairing, in job order. With ``processes`` > 1 and several jobs, the
    engines run in a pool of fresh worker processes (``forkserver``: safe in a threaded web
    server); otherwise one after the other with ``in_process``."""
    outcomes: list[RoundPairing | Exception] = []
    if processes <= 1 or len(jobs) <= 1:
        for job in jobs:
            try:
                outcomes.append(in_process(job))
            except Exception as error:  # returned to the caller, who reports it per section
                outcomes.append(error)
        return outcomes
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["crosstable.pairing.registry", "crosstable.pairing.dutch"])
    with concurrent.futures.ProcessPoolExecutor(
        max_workers=min(processes, len(jobs)), mp_context=context
    ) as pool:
        # Largest first: the pool finishes sooner when the long jobs start early.
        order = sorted(range(len(jobs)), key=lambda i: -len(jobs[i].tournament.players))
        futures = {index: pool.submit(run_job, jobs[index]) for index in order}
        for index in range(len(jobs)):
            try:
                outcomes.append(futures[index].result())
            except Exception as error:
                outcomes.append(error)
    return outcomes
