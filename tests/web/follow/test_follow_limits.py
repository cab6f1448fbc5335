"""The follow form's limits (issue 31 item 4): one connection asking to follow players for
many addresses is stopped (each request mailed a confirmation link to the address typed),
and past the site's cap on public e-mails a request sends nothing and says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client

from crosstable_web.events import models, services
from crosstable_web.follow.models import Follower

pytestmark = pytest.mark.django_db


@pytest.fixture
def numbered(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    settings: Any,
) -> models.Section:
    section = event.sections.get(key="open")
    make_players(section, 4, organiser)
    services.assign_pairing_numbers(section, arbiter)
    settings.PUBLIC_FORM_LIMITS = {"follow_per_address": (3, 600), "public_mails": (5, 3600)}
    assert "LocMem" in settings.CACHES["default"]["BACKEND"]
    cache.clear()  # the process's counts outlive each test's database
    return section


def test_one_connection_asking_for_many_addresses_is_stopped_in_malay(
    numbered: models.Section,
) -> None:
    url = f"/p/{numbered.event.slug}/open/player/1/follow/"
    client = Client(REMOTE_ADDR="203.0.113.7")
    client.cookies["django_language"] = "ms"
    pages = [
        client.post(url, {"email": f"victim{n}@example.my"}).content.decode() for n in range(5)
    ]
    assert len(mail.outbox) == 3
    assert Follower.objects.count() == 3
    assert ["Terlalu banyak permintaan" in page for page in pages] == [False] * 3 + [True] * 2
    other = Client(REMOTE_ADDR="198.51.100.2")
    other.post(url, {"email": "ibu@example.my"})
    assert len(mail.outbox) == 4


def test_past_the_cap_on_public_mails_nothing_is_sent_in_chinese(
    numbered: models.Section,
) -> None:
    url = f"/p/{numbered.event.slug}/open/player/1/follow/"
    pages = []
    for n in range(7):
        client = Client(REMOTE_ADDR=f"203.0.113.{n}")
        client.cookies["django_language"] = "zh-hans"
        pages.append(client.post(url, {"email": f"p{n}@example.cn"}).content.decode())
    assert len(mail.outbox) == 5
    assert Follower.objects.count() == 5
    assert ["本网站目前发送的电子邮件过多" in page for page in pages] == [False] * 5 + [True] * 2
