"""The link's pages, as their users see them (Malay): the hub's organiser makes the key, the
venue's organiser pastes the address and key and publishes; the venue's QR codes name the
public site; the hub's public pages say when the venue last updated them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models
from crosstable_web.hub.models import HubSlot, VenueLink

from .conftest import Wire, assert_same

pytestmark = pytest.mark.django_db


def _malay(user: User | None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="ms")
    if user is not None:
        client.force_login(user)
    return client


def test_the_organisers_set_up_the_link_in_malay(
    played_event: models.Event, hub_event: models.Event, organiser: User, outsider: User, wire: Wire
) -> None:
    hub_page = f"/e/{hub_event.slug}/public-site/"
    assert _malay(outsider).get(hub_page).status_code == 403
    hub = _malay(organiser)
    hub.post(hub_page, {"action": "key"})
    page = hub.get(hub_page).content.decode()
    slot = HubSlot.objects.get(event=hub_event)
    assert "Acara ini diterbitkan dari tempat pertandingannya" in page
    assert slot.key in page and f"http://testserver/p/{hub_event.slug}/" in page

    venue_page = f"/e/{played_event.slug}/public-site/"
    venue = _malay(organiser)
    wrong = venue.post(venue_page, {"action": "link", "url": "http://testserver/e/x/", "key": "k"})
    assert "bukan alamat awam sesuatu acara" in wrong.content.decode()
    assert not VenueLink.objects.exists()
    venue.post(
        venue_page,
        {"action": "link", "url": f"http://testserver/p/{hub_event.slug}/", "key": slot.key},
    )
    done = venue.post(venue_page, {"action": "publish"}, follow=True).content.decode()
    assert "Diterbitkan: laman awam memegang acara ini hingga baris log audit" in done
    assert_same(played_event, hub_event)
    # the venue's event page says how publishing goes
    event_page = venue.get(f"/e/{played_event.slug}/").content.decode()
    assert 'id="publishing-status"' in event_page and "Diterbitkan" in event_page

    # a wrong key: the venue's page says so, in Malay
    VenueLink.objects.filter(event=played_event).update(key="salah", acked_state="")
    venue.post(venue_page, {"action": "publish"})
    page = venue.get(venue_page).content.decode()
    assert "Laman awam menolak kunci penerbitan" in page

    # the venue's QR code opens the public site's page, not the laptop's
    qr = Client().get(f"/p/{played_event.slug}/open/qr.svg").content.decode()
    assert f"http://testserver/p/{hub_event.slug}/open/" in qr

    # the parent's page on the hub: when the venue last updated it
    parent = Client()
    parent.get("/p/language/ms/")
    public = parent.get(f"/p/{hub_event.slug}/open/").content.decode()
    assert "Kemas kini terakhir dari tempat pertandingan:" in public
    venue_public = parent.get(f"/p/{played_event.slug}/open/").content.decode()
    assert "Kemas kini terakhir" not in venue_public
