"""Floods of the public registration form (issue 31 item 4): a probe sent 40 registrations
from one address in 3.8 s, all accepted, each mailing whatever address was typed. Now a
connection and an e-mail address may send so many in a window (refused with 429, nothing
saved, the message in the reader's language), and the e-mails the public forms make the site
send are capped in all. The counts live in the cache: Redis shared by the app servers, or the
venue process's memory."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from django.core import mail
from django.core.cache import cache
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.registrations import models
from crosstable_web.settings import base

from .test_pages import child_form, futian

__all__ = ["futian"]  # the fixture, used by name

pytestmark = pytest.mark.django_db
REDIS_URL = "redis://127.0.0.1:6379/0"


NAMES = [f"李{a}{b}" for a in "小大明红文" for b in "一二三四五六七八九十"]
"""Fifty children, each once (a child sent twice is refused as a duplicate)."""


def _send(language: str, address: str, email: str) -> Any:
    client = Client(REMOTE_ADDR=address)
    client.cookies["django_language"] = language
    return client.post("/r/futian/", _next_child(email))


def _next_child(email: str) -> dict[str, object]:
    _next_child.count = getattr(_next_child, "count", -1) + 1  # type: ignore[attr-defined]
    name = NAMES[_next_child.count % len(NAMES)]  # type: ignore[attr-defined]
    return child_form(email=email, **{"p1-name": name})


@pytest.fixture
def limits(settings: Any) -> dict[str, tuple[int, int]]:
    settings.PUBLIC_FORM_LIMITS = dict(base.PUBLIC_FORM_LIMITS)
    # the process's counts outlive each test's database (never the shared Redis: FLUSHDB)
    assert "LocMem" in settings.CACHES["default"]["BACKEND"]
    cache.clear()
    return settings.PUBLIC_FORM_LIMITS  # type: ignore[no-any-return]


def test_forty_registrations_from_one_address_stop_at_the_limit(
    futian: event_models.Event, limits: dict[str, tuple[int, int]]
) -> None:
    allowed = limits["registration_per_address"][0]
    answers = [_send("zh-hans", "203.0.113.7", f"li{n}@example.cn") for n in range(40)]
    assert [a.status_code for a in answers] == [302] * allowed + [429] * (40 - allowed)
    assert models.Registration.objects.count() == allowed
    assert len(mail.outbox) == allowed
    refused = answers[-1].content.decode()
    assert "此连接或此电子邮件地址提交的报名过多" in refused and "未保存任何内容" in refused
    # another connection is not held back
    assert _send("zh-hans", "198.51.100.2", "wang@example.cn").status_code == 302


def test_one_e_mail_address_from_many_connections_stops_at_its_limit(
    futian: event_models.Event, limits: dict[str, tuple[int, int]]
) -> None:
    allowed = limits["registration_per_email"][0]
    answers = [_send("ms", f"203.0.113.{n}", "mangsa@example.my") for n in range(allowed + 3)]
    assert [a.status_code for a in answers] == [302] * allowed + [429] * 3
    assert len(mail.outbox) == allowed
    assert "Terlalu banyak pendaftaran" in answers[-1].content.decode()


def test_the_outbox_is_capped_in_all(
    futian: event_models.Event, limits: dict[str, tuple[int, int]]
) -> None:
    limits["public_mails"] = (3, 3600)
    pages = []
    for n in range(5):
        client = Client(REMOTE_ADDR=f"203.0.113.{n}")
        client.cookies["django_language"] = "fa"
        answer = client.post("/r/futian/", _next_child(f"p{n}@example.ir"))
        assert answer.status_code == 302
        pages.append(client.get(answer["Location"]).content.decode())
    assert models.Registration.objects.count() == 5  # saved, each with its private link
    assert len(mail.outbox) == 3
    too_many = "این وبگاه اکنون رایانامه‌های بسیار زیادی می‌فرستد"
    assert [too_many in page for page in pages] == [False, False, False, True, True]


@pytest.fixture
def shared_cache(settings: Any) -> Iterator[str]:
    prefix = f"test-{secrets.token_hex(6)}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": prefix,
        }
    }
    yield prefix
    server = redis.Redis.from_url(REDIS_URL)
    keys = list(server.scan_iter(f"{prefix}:*"))
    if keys:
        server.delete(*keys)


def test_the_app_servers_count_together_in_redis(
    futian: event_models.Event, limits: dict[str, tuple[int, int]], shared_cache: str
) -> None:
    limits["registration_per_address"] = (5, 600)
    answers = [_send("zh-hans", "203.0.113.7", f"li{n}@example.cn") for n in range(7)]
    assert [a.status_code for a in answers] == [302] * 5 + [429] * 2
    # the count is in Redis, where another app server reads it (a connection of its own)
    server = redis.Redis.from_url(REDIS_URL)
    keys = [
        key.decode() for key in server.scan_iter(f"{shared_cache}:*rate:registration_per_address:*")
    ]
    assert len(keys) == 1 and int(server.get(keys[0]) or 0) == 7
