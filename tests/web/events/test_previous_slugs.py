"""Issue 12: an event's short name changed in its settings keeps its old links. A request under
the old name (``/e/``, ``/p/``, ``/print/``, ``/r/``) is answered with a permanent redirect to
the same page under the new one; a QR code printed before the change still opens the event; no
new event may take the old name (refused at its field, in the reader's language). The Futian
grade event of seed 001, round 1 paired, renamed from ``futian`` to ``futian-grades-2019``."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
import segno
from django.contrib.auth.models import Permission, User
from django.test import Client

from crosstable_web.events import models
from web.public.futian_parents import futian_round_one

OLD, NEW = "futian", "futian-grades-2019"


def _signed_in(user: User, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def _rename(organiser: User, old: str, new: str) -> Any:
    """The organiser changes the short name on the event's settings page."""
    client = _signed_in(organiser, "zh-hans")
    form = client.get(f"/e/{old}/settings/").context["form"]
    data = {key: ("" if value is None else value) for key, value in form.initial.items()}
    return client.post(f"/e/{old}/settings/", {**data, "action": "settings", "slug": new})


@pytest.fixture
def renamed(organiser: User, arbiter: User, simple_pairing: Any) -> models.Event:
    futian_round_one(organiser, arbiter)
    _rename(organiser, OLD, NEW)
    return models.Event.objects.get(slug=NEW)


def test_a_qr_code_printed_before_the_rename_still_opens_the_event(
    organiser: User, arbiter: User, simple_pairing: Any
) -> None:
    futian_round_one(organiser, arbiter)
    printed = Client().get(f"/print/{OLD}/pairings/").content.decode()
    # the printout's QR code: the address in its title is the one the drawing encodes
    title = re.search(r"<svg[^>]*>\s*<title>([^<]+)</title>", printed)
    assert title is not None
    url = html.unescape(title[1])
    assert url == f"http://testserver/p/{OLD}/"
    assert str(segno.make(url, error="m").svg_inline(scale=3, title=url)) in printed
    response = _rename(organiser, OLD, NEW)
    assert response.status_code == 302 and models.Event.objects.filter(slug=NEW).exists()

    scanned = Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get(url)
    assert scanned.status_code == 301 and scanned["Location"] == f"/p/{NEW}/"
    landed = Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get(url, follow=True)
    assert landed.redirect_chain == [(f"/p/{NEW}/", 301)]
    assert landed.status_code == 200 and "福田" in landed.content.decode()
    # the event's own QR image printed on a poster, under the old name
    assert Client().get(f"/p/{OLD}/qr.svg")["Location"] == f"/p/{NEW}/qr.svg"


def test_every_old_address_leads_to_the_same_page_under_the_new_name(
    renamed: models.Event, organiser: User
) -> None:
    anyone = Client()
    for old, new in (
        (f"/p/{OLD}/D/", f"/p/{NEW}/D/"),
        (f"/p/{OLD}/D/standings/", f"/p/{NEW}/D/standings/"),
        (f"/print/{OLD}/D/pairings/?round=1", f"/print/{NEW}/D/pairings/?round=1"),
        (f"/r/{OLD}/", f"/r/{NEW}/"),
    ):
        response = anyone.get(old)
        assert (response.status_code, response["Location"]) == (301, new), old
    organiser_client = _signed_in(organiser, "zh-hans")
    response = organiser_client.get(f"/e/{OLD}/s/D/")
    assert (response.status_code, response["Location"]) == (301, f"/e/{NEW}/s/D/")
    assert organiser_client.get(response["Location"]).status_code == 200
    # a form sent to an old address is not sent again; an unknown name stays not found
    assert organiser_client.post(f"/e/{OLD}/settings/", {"action": "settings"}).status_code == 404
    assert anyone.get("/p/no-such-event/").status_code == 404


def test_a_new_event_asking_for_the_old_name_is_refused_at_its_field_in_chinese(
    renamed: models.Event, organiser: User
) -> None:
    creator = User.objects.create_user("mei", password="mei-pass")
    creator.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = _signed_in(creator, "zh-hans")
    response = client.post(
        "/events/new/",
        {"source": "template", "template": "kinabatangan-school-2024", "rounds": 5, "slug": OLD},
    )
    assert response.status_code == 200
    errors = response.context["template_form"].errors["slug"]
    assert errors == [
        f"{OLD} 是另一个赛事以前的简称：它的旧链接和印好的二维码仍然指向那里。请另选一个。"
    ]
    assert models.Event.objects.count() == 1
    # the old name still leads to the renamed event
    assert Client().get(f"/p/{OLD}/")["Location"] == f"/p/{NEW}/"
    # the event itself may take its old name back: the name is then its current one again
    _rename(organiser, NEW, OLD)
    assert models.Event.objects.get().slug == OLD
    assert Client().get(f"/p/{NEW}/")["Location"] == f"/p/{OLD}/"
    assert list(models.PreviousSlug.objects.values_list("slug", flat=True)) == [NEW]
