"""The followers' notifications on a real queue (RQ on the Redis of 127.0.0.1:6379, which
scripts/test starts): a national event's pairing told to hundreds of parents by queue workers
in batches, each delivery once; the outbox worker still the safety net. Each test's queues
are its own (a prefix), and their keys are removed afterwards."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import CommandError, call_command

from crosstable_web import background
from crosstable_web.events import models, rounds
from crosstable_web.follow import delivery
from crosstable_web.follow.models import Delivery, Follower, Notice
from web.follow import test_delivery

SITE = test_delivery.SITE
numbered = test_delivery.numbered  # the fixture: four players numbered, neighbour pairing
REDIS_URL = "redis://127.0.0.1:6379/0"
FOLLOWERS = 250


@pytest.fixture
def queued(settings: Any) -> Iterator[str]:
    prefix = f"test-{secrets.token_hex(6)}"
    settings.QUEUE_URL = REDIS_URL
    settings.QUEUE_PREFIX = prefix
    yield prefix
    server = redis.Redis.from_url(REDIS_URL)
    keys = list(server.scan_iter(f"*{prefix}*"))
    if keys:
        server.delete(*keys)


def _parents(entry: models.Entry, count: int, language: str) -> None:
    Follower.objects.bulk_create(
        Follower(
            entry=entry,
            email=f"parent{index}@example.cn",
            site=SITE,
            language=language,
            confirmed=True,
        )
        for index in range(count)
    )


@pytest.mark.django_db(transaction=True)
def test_a_pairing_told_to_hundreds_of_parents_by_the_queue_workers(
    queued: str, numbered: models.Section, arbiter: User
) -> None:
    first = numbered.entries.get(pairing_number=1)
    _parents(first, FOLLOWERS, "zh-hans")
    mail.outbox.clear()
    rounds.pair_next_round(numbered, arbiter)
    notifications = background.queue(background.NOTIFICATIONS)
    assert notifications.count == 1  # the notice's fan-out, queued by the commit
    assert Delivery.objects.count() == 0 and mail.outbox == []
    worker = background.Worker([notifications], connection=background.connection())
    worker.work(burst=True, max_jobs=1)  # the fan-out: ceil(250 / 100) = 3 batches queued
    assert notifications.count == 3 and mail.outbox == []
    assert Delivery.objects.filter(status=Delivery.PENDING).count() == FOLLOWERS
    worker.work(burst=True)
    assert notifications.count == 0
    assert sorted(letter.to[0] for letter in mail.outbox) == sorted(
        f"parent{index}@example.cn" for index in range(FOLLOWERS)
    )
    assert mail.outbox[0].body.startswith("第1轮：第1台，白方，对手Player 02（School 2）。")
    assert Delivery.objects.filter(status=Delivery.SENT).count() == FOLLOWERS
    assert Notice.objects.get().fanned_out
    # the outbox worker finds nothing left to send: no parent is told twice
    report = delivery.run_once()
    assert (report.notices, report.sent) == (0, 0)
    assert len(mail.outbox) == FOLLOWERS


@pytest.mark.django_db(transaction=True)
def test_a_queue_out_of_reach_leaves_the_notice_to_the_outbox_worker(
    settings: Any, numbered: models.Section, arbiter: User
) -> None:
    settings.QUEUE_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    settings.QUEUE_PREFIX = "unreachable"
    _parents(numbered.entries.get(pairing_number=3), 5, "ms")
    mail.outbox.clear()
    rounds.pair_next_round(numbered, arbiter)  # commits; the queue's failure is logged
    assert models.Round.objects.filter(section=numbered, number=1).exists()
    report = delivery.run_once()
    assert (report.notices, report.sent) == (1, 5)
    assert mail.outbox[0].body.startswith("Pusingan 1: papan 2, Putih, menentang Player 04")


@pytest.mark.django_db(transaction=True)
def test_the_queue_worker_command(
    queued: str, settings: Any, numbered: models.Section, arbiter: User
) -> None:
    _parents(numbered.entries.get(pairing_number=2), 3, "fa")
    mail.outbox.clear()
    rounds.pair_next_round(numbered, arbiter)
    call_command("queue_worker", "--burst", "--queues", "notifications")
    assert len(mail.outbox) == 3
    assert mail.outbox[0].body.startswith("دور ۱: میز ۱، سیاه، در برابر Player ۰۱")
    settings.QUEUE_URL = ""
    with pytest.raises(CommandError, match="No queue: set REDIS_URL"):
        call_command("queue_worker")


def test_a_worker_reads_its_commands_a_second_at_a_time(queued: str) -> None:
    """RQ's own worker reads its command channel in a thread that waits up to 60 s for a
    message, and stopping it (each end of a ``--burst`` run, each shutdown) waited for that
    thread: the test of 250 parents above took 61 s for 2 s of CPU. background.Worker, which
    ``queue_worker`` and these tests run, waits a second at a time."""
    worker = background.Worker(
        [background.queue(background.NOTIFICATIONS)], connection=background.connection()
    )
    worker.subscribe()
    try:
        assert worker.pubsub_thread is not None
        assert worker.pubsub_thread.sleep_time <= 1
    finally:
        worker.unsubscribe()
