"""Background work on a real queue: RQ on the Redis the app servers already share.

When ``settings.QUEUE_URL`` names a Redis (by default the cache's ``REDIS_URL``), work that
outgrows one process — the followers' notifications of a national event (thousands of
e-mails and pushes after each pairing) and PDFs printed by chromium — is put on named queues
and done by ``crosstable-web queue_worker`` processes, as many as needed on any hosts. Without
Redis (the venue laptop) nothing is queued: the callers keep their own way (the notifications'
outbox worker, PDFs printed in the request). Why RQ: docs/deploy.md ("Background work").

A job is named by its function's dotted path, so this module imports none of the apps whose
work it carries (it sits at the bottom of the layers).
"""

from __future__ import annotations

import functools
from typing import Any

import redis
from django.conf import settings
from django.db import close_old_connections
from rq import Queue, SimpleWorker

NOTIFICATIONS = "notifications"
PDF = "pdf"
QUEUES = (NOTIFICATIONS, PDF)


def enabled() -> bool:
    return bool(getattr(settings, "QUEUE_URL", ""))


COMMAND_WAIT = 1.0
"""Seconds a worker's command listener waits for a message at a time (RQ's own: 60)."""


class Worker(SimpleWorker):
    """RQ's worker in one process (no fork per job: the jobs are short and Django's
    connections stay valid), its command channel (stop a job, shut down) read a second at a
    time. RQ 3 reads it in a thread that waits up to 60 s for a message, and redis-py 8 stops
    that thread by waiting for it: when the thread has already read the unsubscription, it
    waits for a subscription that never comes, and each end of ``work()`` (every ``--burst``
    run, every shutdown) took up to a minute. Measured on the test of 250 parents
    (tests/web/follow/test_queue.py): 2 s of CPU in 61 s before."""

    def subscribe(self) -> None:
        self.pubsub = self.connection.pubsub()
        self.pubsub.subscribe(**{self.pubsub_channel_name: self.handle_payload})
        # RQ declares the attribute as None until its own subscribe() sets it.
        self.pubsub_thread = self.pubsub.run_in_thread(  # type: ignore[assignment]
            sleep_time=COMMAND_WAIT, daemon=True, exception_handler=self._pubsub_exception_handler
        )


@functools.cache
def _connection(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


def connection() -> redis.Redis:
    return _connection(str(settings.QUEUE_URL))


def queue(name: str) -> Queue:
    """The queue ``name`` of this site (its Redis keys under the site's prefix, so two sites
    or two test runs sharing a Redis never take each other's jobs)."""
    return Queue(f"{settings.QUEUE_PREFIX}:{name}", connection=connection())


def enqueue(name: str, function: str, *args: Any, job_id: str | None = None) -> None:
    """Put ``function`` (a dotted path) with ``args`` on the queue ``name``. With ``job_id``,
    a job of that id already waiting or running is not queued twice."""
    target = queue(name)
    if job_id is not None:
        existing = target.fetch_job(job_id)
        if existing is not None and existing.get_status(refresh=True) in {"queued", "started"}:
            return
    target.enqueue_call(
        "crosstable_web.background.run",
        args=(function, *args),
        job_id=job_id,
        result_ttl=60,
        failure_ttl=7 * 24 * 3600,
        timeout=600,
    )


def run(function: str, *args: Any) -> Any:
    """A job as the worker runs it: the function found by its path, with fresh database
    connections around it (a worker lives long; a connection may have been closed)."""
    module_name, _dot, name = function.rpartition(".")
    module = __import__(module_name, fromlist=[name])
    close_old_connections()
    try:
        return getattr(module, name)(*args)
    finally:
        close_old_connections()
