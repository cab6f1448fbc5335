"""Several app servers, one state: the public pages and each event's version in the shared
cache (Redis on 127.0.0.1:6379, which scripts/test starts), ETag and 304, the health check.

Each test writes under a key prefix of its own and removes its keys afterwards (never
FLUSHDB: the Redis server is shared)."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations.rules import EventSpec, SectionSpec
from crosstable_web.public import versions

REDIS_URL = "redis://127.0.0.1:6379/0"


def _redis_cache(prefix: str, location: str = REDIS_URL) -> dict[str, Any]:
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": location,
            "KEY_PREFIX": prefix,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }


@pytest.fixture
def shared_cache(settings: Any) -> Iterator[str]:
    prefix = f"test-{secrets.token_hex(6)}"
    settings.CACHES = _redis_cache(prefix)
    assert versions.shared_cache()
    yield prefix
    server = redis.Redis.from_url(REDIS_URL)
    keys = list(server.scan_iter(f"{prefix}:*"))
    if keys:
        server.delete(*keys)


def _running_event(slug: str) -> tuple[models.Event, models.Round, User]:
    organiser = User.objects.create_user(f"olga-{slug}", password="organiser-pass")
    event = services.create_event(
        EventSpec(name="Shared", sections=[SectionSpec(key="open", name="Open", total_rounds=3)]),
        organiser,
        slug=slug,
    )
    models.EventRole.objects.create(event=event, user=organiser, role=models.Role.ARBITER)
    section = event.sections.get(key="open")
    for index in range(4):
        services.add_entry(section, services.EntryData(name=f"Player {index}"), organiser)
    services.assign_pairing_numbers(section, organiser, "rating")
    return event, rounds.pair_next_round(section, organiser), organiser


@pytest.mark.django_db(transaction=True)
def test_a_cached_page_costs_no_query_and_a_result_moves_the_shared_version(
    shared_cache: str, simple_pairing: Callable[..., object]
) -> None:
    event, round_row, organiser = _running_event("shared")
    client = Client()
    url = "/p/shared/open/"
    assert "1-0" not in client.get(url).content.decode()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert len(queries) == 0  # the version and the page both came from Redis
    # What another app server sees: the version the commit wrote into Redis, read raw.
    held = redis.Redis.from_url(REDIS_URL).get(f"{shared_cache}:1:public:event:shared")
    assert held is not None
    before = versions.lookup("shared")
    assert before is not None
    rounds.enter_result(round_row, 1, "1", organiser)
    after = cache.get("public:event:shared")
    assert after is not None and after[1] != before.token  # written by the commit itself
    assert after[1].split(".")[0] == str(versions.current(event.pk))
    assert "1-0" in client.get(url).content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_cold_or_stale_cache_is_put_right_from_the_database(
    shared_cache: str, simple_pairing: Callable[..., object]
) -> None:
    event, round_row, organiser = _running_event("cold")
    client = Client()
    url = "/p/cold/open/standings/"
    client.get(url)
    cache.delete("public:event:cold")  # evicted, or Redis restarted empty
    rounds.enter_result(round_row, 1, "0", organiser)
    assert "0-1" in client.get("/p/cold/open/").content.decode()
    # A late writer left an older version behind: the next commit's writer puts it right.
    stale = versions.lookup("cold")
    assert stale is not None
    cache.set("public:event:cold", (event.pk, "1." + stale.token.split(".", 1)[1], stale[2]))
    versions.publish(event.pk)
    assert versions.lookup("cold") == stale
    # A reader's value from the database never overwrites a writer's: add, not set.
    cache.delete("public:event:cold")
    assert versions.lookup("cold") == stale
    assert cache.get("public:event:cold")[1] == stale.token


@pytest.mark.django_db(transaction=True)
def test_public_pages_answer_304_until_the_event_changes(
    shared_cache: str, simple_pairing: Callable[..., object]
) -> None:
    _event, round_row, organiser = _running_event("etag")
    client = Client()
    url = "/p/etag/open/"
    first = client.get(url)
    tag = first["ETag"]
    assert tag.startswith('"') and first["Last-Modified"]
    control = first["Cache-Control"]
    assert "max-age=1" in control and "must-revalidate" in control and "public" in control
    again = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == tag
    # In Chinese it is another page, with another tag.
    client.cookies["django_language"] = "zh-hans"
    chinese = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert chinese.status_code == 200 and chinese["ETag"] != tag
    assert "轮" in chinese.content.decode()
    del client.cookies["django_language"]
    rounds.enter_result(round_row, 1, "1", organiser)
    changed = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag
    assert "1-0" in changed.content.decode()


@pytest.mark.django_db
def test_the_venue_without_redis_answers_304_too(simple_pairing: Callable[..., object]) -> None:
    """Local memory (no REDIS_URL): the version from the database on each request."""
    assert not versions.shared_cache()
    _event, round_row, organiser = _running_event("venue")
    client = Client()
    url = "/p/venue/open/standings/"
    tag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    rounds.enter_result(round_row, 2, "=", organiser)
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_redis_down_pages_still_served_and_health_check_says_so(
    settings: Any, simple_pairing: Callable[..., object]
) -> None:
    settings.CACHES = _redis_cache("down", "redis://127.0.0.1:1/0")  # nothing listens there
    _running_event("down")
    client = Client()
    page = client.get("/p/down/open/")
    assert page.status_code == 200 and "Player 0" in page.content.decode()
    health = client.get("/healthz")
    assert health.status_code == 503 and health.content == b"unavailable: cache\n"


@pytest.mark.django_db
def test_health_check(shared_cache: str) -> None:
    health = Client().get("/healthz")
    assert health.status_code == 200 and health.content == b"ok\n"
    assert "no-cache" in health["Cache-Control"]


@pytest.mark.parametrize("keep", [True, False], ids=["cacheable", "uncacheable"])
def test_a_page_missing_from_the_cache_is_rendered_once_for_everyone_asking(
    shared_cache: str, keep: bool
) -> None:
    """Eight parents ask at once for a page no app server has yet (a round just out): one
    request renders it, the seven others wait for it in the cache. A page that may not be
    kept is rendered by each (they stop waiting as soon as the first says so)."""
    version = versions.Version(999_999, "1.0", timezone.now())
    request = RequestFactory().get("/p/herd/open/standings/")
    renders: list[float] = []
    start = threading.Barrier(8)

    def render() -> HttpResponse:
        renders.append(time.monotonic())
        time.sleep(0.5)  # a large section's standings take a while
        response = HttpResponse("<p>standings</p>")
        if not keep:
            response.public_uncacheable = True  # type: ignore[attr-defined]
        return response

    answers: list[bytes] = []

    def ask() -> None:
        start.wait()
        answers.append(versions.cached_page(version, request, render).content)

    began = time.monotonic()
    parents = [threading.Thread(target=ask) for _ in range(8)]
    for parent in parents:
        parent.start()
    for parent in parents:
        parent.join()
    assert answers == [b"<p>standings</p>"] * 8
    assert len(renders) == (1 if keep else 8)
    assert time.monotonic() - began < versions.RENDER_WAIT_SECONDS
