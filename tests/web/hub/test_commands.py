"""``crosstable-web hub_key`` on the hub, ``crosstable-web publish`` at the venue."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from crosstable_web.events import models
from crosstable_web.hub.models import HubSlot, VenueLink

from .conftest import Wire, assert_same

pytestmark = pytest.mark.django_db


def test_the_key_is_printed_and_the_venue_publishes_with_it(
    played_event: models.Event, hub_event: models.Event, wire: Wire
) -> None:
    out = io.StringIO()
    call_command("hub_key", hub_event.slug, "--as", "olga", stdout=out)
    key = out.getvalue().strip()
    assert key == HubSlot.objects.get(event=hub_event).key and len(key) >= 40
    with pytest.raises(CommandError, match="arif: Only an organiser"):
        call_command("hub_key", hub_event.slug, "--as", "arif")

    address = f"http://testserver/p/{hub_event.slug}/"
    with pytest.raises(CommandError, match="not published"):
        call_command("publish", played_event.slug, "--to", address, "--key", "wrong", stderr=out)
    assert "bad_key: The public site refused the publishing key" in out.getvalue()
    out = io.StringIO()
    call_command("publish", played_event.slug, "--key", key, stdout=out)  # the address is kept
    assert "applied: Published: the public site holds the event up to audit line" in out.getvalue()
    assert VenueLink.objects.get(event=played_event).url == address
    assert_same(played_event, hub_event)
    with pytest.raises(CommandError, match="not an event's public address"):
        call_command("publish", played_event.slug, "--to", "http://testserver/e/x/")
    with pytest.raises(CommandError, match="one EVENT, or --all"):
        call_command("publish")
