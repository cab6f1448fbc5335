"""PDFs printed by the queue's workers (several app servers: Redis shared): the request waits
for a queue worker's chromium, the PDF is kept in the shared cache for every app server, the
same PDF asked twice at once is one job, and no worker means "busy, try again" (503)."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from django.contrib.auth.models import User
from django.test import Client
from rq.timeouts import TimerDeathPenalty

from crosstable_web import background
from crosstable_web.events import models, rounds
from crosstable_web.printing import pdf

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
REDIS_URL = "redis://127.0.0.1:6379/0"


class _ThreadWorker(background.Worker):
    """A queue worker in a thread of the test process (no signal handlers: not the main
    thread), as ``crosstable-web queue_worker`` runs on a host."""

    death_penalty_class = TimerDeathPenalty

    def _install_signal_handlers(self) -> None:
        pass


@pytest.fixture
def shared(settings: Any) -> Iterator[str]:
    prefix = f"test-{secrets.token_hex(6)}"
    settings.QUEUE_URL = REDIS_URL
    settings.QUEUE_PREFIX = prefix
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": prefix,
        }
    }
    yield prefix
    server = redis.Redis.from_url(REDIS_URL)
    keys = list(server.scan_iter(f"*{prefix}*"))
    if keys:
        server.delete(*keys)


def _work(stop: threading.Event, printed: list[str]) -> None:
    worker = _ThreadWorker([background.queue(background.PDF)], connection=background.connection())
    while not stop.is_set():
        if worker.work(burst=True):
            printed.append("job")
        stop.wait(0.1)


def test_a_pdf_printed_by_a_queue_worker_and_kept_for_every_app_server(
    shared: str, played_event: models.Event, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real = pdf.html_to_pdf

    def counted(html: str) -> bytes:
        calls.append(len(html))
        return real(html)

    monkeypatch.setattr(pdf, "html_to_pdf", counted)
    url = f"/print/{played_event.slug}/open/standings/?format=pdf"
    stop, printed = threading.Event(), []
    worker = threading.Thread(target=_work, args=(stop, printed))
    worker.start()
    try:
        answers: list[Any] = [None, None]

        def ask(index: int) -> None:
            answers[index] = Client().get(url)

        parents = [threading.Thread(target=ask, args=(index,)) for index in (0, 1)]
        for parent in parents:
            parent.start()
        for parent in parents:
            parent.join()
        assert [answer.status_code for answer in answers] == [200, 200]
        assert answers[0].content.startswith(b"%PDF") and answers[0].content == answers[1].content
        assert len(calls) == 1  # two parents at once: one job, one chromium
        # another app server (a new client, the same Redis): no chromium
        assert Client().get(url).content == answers[0].content and len(calls) == 1
        # a result: the next PDF is printed again
        round_two = rounds.pair_next_round(played_event.sections.get(key="open"), arbiter)
        rounds.enter_result(round_two, 1, "=", arbiter)
        assert Client().get(url).status_code == 200 and len(calls) == 2
    finally:
        stop.set()
        worker.join()


def test_no_queue_worker_running_is_busy_try_again(
    shared: str, settings: Any, played_event: models.Event
) -> None:
    settings.PDF_WAIT_SECONDS = 1
    answer = Client().get(f"/print/{played_event.slug}/open/crosstable/?format=pdf")
    assert answer.status_code == 503 and answer["Retry-After"] == "60"
    assert background.queue(background.PDF).count == 1  # waiting for a worker
