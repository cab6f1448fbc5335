"""Fixtures for the venue ↔ hub tests: one database holds both ends (the venue's event, and
the hub's slot for it under another short name); publications go through the hub's real view
with Django's test client (``wire``), which a test can make fail."""

from __future__ import annotations

import dataclasses
import urllib.parse
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, services
from crosstable_web.events.files import event_file
from crosstable_web.hub import receiving, sending
from crosstable_web.hub import services as hub_services
from crosstable_web.hub.models import HubSlot, VenueLink

from ..conftest import small_spec


@dataclasses.dataclass
class Wire:
    """The network between the venue and the hub: each POST goes to the hub's view, unless
    ``fault`` answers instead (raise ``OSError`` for a cut connection, or return a status and
    body), or ``mangle`` changes what is sent."""

    client: Client
    fault: Callable[[], tuple[int, bytes]] | None = None
    mangle: Callable[[dict[str, str], bytes], tuple[dict[str, str], bytes]] | None = None
    sent: list[tuple[dict[str, str], bytes]] = dataclasses.field(default_factory=list)

    def post(self, address: str, headers: dict[str, str], body: bytes) -> tuple[int, bytes]:
        self.sent.append((headers, body))
        if self.fault is not None:
            return self.fault()
        if self.mangle is not None:
            headers, body = self.mangle(headers, body)
        path = urllib.parse.urlsplit(address).path
        response = self.client.generic(
            "POST", path, body, content_type="application/gzip", headers=headers
        )
        return response.status_code, response.content


@pytest.fixture
def wire(monkeypatch: pytest.MonkeyPatch) -> Wire:
    found = Wire(Client())
    monkeypatch.setattr(sending, "post", found.post)
    return found


@pytest.fixture
def hub_event(organiser: User) -> models.Event:
    """The hub's placeholder for the event, made by its organiser before the venue publishes."""
    return services.create_event(small_spec(), organiser, slug="hub-open")


@pytest.fixture
def slot(hub_event: models.Event, organiser: User) -> HubSlot:
    return hub_services.slot_key(hub_event, organiser)


@pytest.fixture
def link(played_event: models.Event, slot: HubSlot) -> VenueLink:
    return hub_services.save_link(played_event, f"http://testserver/p/{slot.event.slug}/", slot.key)


def tables(event: models.Event) -> dict[str, Any]:
    """The event's tables as the backup writes them, without the slug and the hub's own rows."""
    document = event_file.comparable(event_file.event_document(event))
    return {
        label: rows
        for label, rows in document["tables"].items()
        if label not in receiving.HUB_OWNED
    }


def assert_same(venue: models.Event, hub: models.Event) -> None:
    venue_tables, hub_tables = tables(venue), tables(hub)
    assert sorted(venue_tables) == sorted(hub_tables)
    for label in venue_tables:
        assert hub_tables[label] == venue_tables[label], label
