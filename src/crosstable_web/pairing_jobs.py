"""Pairing in worker processes (no Django here: the workers import only the core).
``pair_many`` pairs several sections at once ("pair all") and returns, per job, the
``RoundPairing`` or the exception the engine raised; ``PairingProcess`` runs one section's
pairing in a process of its own that the web process follows from a thread and a cancel can
end (``events.rounds.pairing_runs``)."""

from __future__ import annotations

import concurrent.futures
import contextlib
import dataclasses
import multiprocessing
import os
import select
import signal
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection

from crosstable.model import Tournament
from crosstable.pairing import registry
from crosstable.pairing.base import RoundPairing, TeamRoundPairing
from crosstable.pairing.rules import PairingRules


@dataclasses.dataclass(frozen=True, slots=True)
class PairingJob:
    system_code: str
    tournament: Tournament
    round_number: int
    rules: PairingRules | None = None
    """The section's ``[pairing]`` options from its regulations (None: the system's defaults)."""
    numbers_drawn: bool = False
    """The players' pairing numbers were drawn by lot (``registry.pair_function``)."""


Pairing = RoundPairing | TeamRoundPairing
"""What an engine answers: a round of players, or of teams."""


def run_job(job: PairingJob) -> RoundPairing:
    pair = registry.pair_function(job.system_code, job.rules, numbers_drawn=job.numbers_drawn)
    return pair(job.tournament, job.round_number)


def run_any_job(job: PairingJob) -> Pairing:
    """The section's engine on the job: a team system pairs teams (its tournament holds
    them), any other system players."""
    if registry.is_team_system(job.system_code):
        return registry.team_pair_function(job.system_code)(job.tournament, job.round_number)
    return run_job(job)


def die_with(web_worker: int) -> None:
    """Run first in each pool worker: a thread waits for the process that started the pool
    (``web_worker``, a gunicorn worker or the command) to end, then ends this worker at once.
    A web worker killed in the middle of "pair all" (a gunicorn timeout, a restart) thus
    leaves no engine computing on as an orphan, and the pool's forkserver, which lives while
    any of its workers does, ends with them."""

    def watch() -> None:
        try:
            handle: int | None = os.pidfd_open(web_worker)
        except (AttributeError, OSError):  # not Linux 5.3+, or already gone
            handle = None
        if handle is not None:
            select.select([handle], [], [])  # readable when the process has ended
        else:
            while _exists(web_worker):
                time.sleep(1)
        os._exit(1)

    threading.Thread(target=watch, name="die-with-web-worker", daemon=True).start()


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def pair_many(
    jobs: Sequence[PairingJob],
    processes: int,
    in_process: Callable[[PairingJob], RoundPairing] = run_job,
    work: Callable[[PairingJob], RoundPairing] = run_job,
) -> list[RoundPairing | Exception]:
    """Every job's pairing, in job order. With ``processes`` > 1 and several jobs, ``work``
    (a module-level function) runs the engines in a pool of fresh worker processes
    (``forkserver``: safe in a threaded web server; each worker dies with it,
    :func:`die_with`); otherwise one after the other with ``in_process``."""
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
        max_workers=min(processes, len(jobs)),
        mp_context=context,
        initializer=die_with,
        initargs=(os.getpid(),),
    ) as pool:
        # Largest first: the pool finishes sooner when the long jobs start early.
        order = sorted(range(len(jobs)), key=lambda i: -len(jobs[i].tournament.players))
        futures = {index: pool.submit(work, jobs[index]) for index in order}
        for index in range(len(jobs)):
            try:
                outcomes.append(futures[index].result())
            except Exception as error:
                outcomes.append(error)
    return outcomes


ACKNOWLEDGEMENT_WAIT = 60.0
"""Seconds a worker that has answered waits for the web process to take its answer in."""


def _work_alone(
    work: Callable[[PairingJob], Pairing], job: PairingJob, answer: Connection, web_worker: int
) -> None:
    die_with(web_worker)
    try:
        answer.send(work(job))
    except Exception as error:  # sent to the web process, which reports it
        answer.send(error)
    # Live on until the web process has taken the answer in (it closes its end): a worker
    # that has ended is how the round pages tell a server gone (pairing_runs.running), so it
    # must not end between its answer and the web process's note that the answer came.
    answer.poll(ACKNOWLEDGEMENT_WAIT)


class PairingProcess:
    """One job in a fresh worker process of its own (``forkserver``, as :func:`pair_many`'s
    pool, and dying with the process that started it): the web process waits for it in a
    thread, and a cancel ends it (:func:`stop`, from any process of the machine, by
    :attr:`pid`). ``work``: a module-level function, the engine by default."""

    def __init__(
        self, job: PairingJob, work: Callable[[PairingJob], Pairing] = run_any_job
    ) -> None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["crosstable.pairing.registry", "crosstable.pairing.dutch"])
        self._answer, sender = context.Pipe(duplex=True)  # the answer, then the worker's wait
        self._process = context.Process(
            target=_work_alone, args=(work, job, sender, os.getpid()), daemon=True
        )
        self._process.start()
        sender.close()

    @property
    def pid(self) -> int:
        pid = self._process.pid
        assert pid is not None  # started
        return pid

    def outcome(self, answered: Callable[[], None] | None = None) -> Pairing | Exception:
        """The pairing, or the exception the engine raised (a RuntimeError when the process
        ended without an answer: stopped, or out of memory). Waits until it is there.
        ``answered`` is called once the answer is in, while the worker still lives (it ends
        when this end of the pipe is closed, after the call)."""
        try:
            answer: Pairing | Exception = self._answer.recv()
        except EOFError:
            answer = RuntimeError("the pairing process ended without an answer")
        try:
            if answered is not None and not isinstance(answer, RuntimeError):
                answered()
        finally:
            self._answer.close()
            self._process.join()
        return answer


def stop(pid: int) -> None:
    """End the worker process ``pid`` (a cancel); nothing if it has already ended."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)


def is_alive(pid: int) -> bool:
    """Whether process ``pid`` still exists (a worker whose web process died is gone)."""
    return _exists(pid)
