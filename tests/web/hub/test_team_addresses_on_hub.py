"""A team's public address is the same on the public site as at the venue: the entry number
travels with the published teams, so a link a parent saved from the hub before round 1 still
shows that team on the hub after the venue renumbered the teams at round 1 (read in Persian).
Teams entered شیراز, تهران, پارس, یزد (averages 1500, 1600, 1600, 1400): numbered 1-4 in that
order until round 1, then پارس 1, تهران 2, شیراز 3, یزد 4 (test_public_team_addresses)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.hub import sending
from crosstable_web.hub import services as hub_services
from crosstable_web.hub.models import HubSlot
from crosstable_web.teams.services import matches as team_matches
from web.teams.conftest import captain, league  # noqa: F401 (fixtures)
from web.teams.team_addresses import enter_the_teams

from .conftest import Wire

pytestmark = pytest.mark.django_db


def _heading(html: str) -> str:
    return re.search(r"<h1[^>]*>(.*?)</h1>", html, re.DOTALL)[1].strip()  # type: ignore[index]


def test_the_hub_addresses_a_team_as_the_venue_does(
    league: event_models.Section,  # noqa: F811
    organiser: User,
    arbiter: User,
    hub_event: event_models.Event,
    wire: Wire,
) -> None:
    section = league
    enter_the_teams(section, organiser)
    slot = hub_services.slot_key(hub_event, organiser)
    link = hub_services.save_link(section.event, f"http://testserver/p/{hub_event.slug}/", slot.key)
    assert sending.publish(link).code == "applied"
    hub = HubSlot.objects.get(key=slot.key).event
    parent = Client()
    parent.cookies["django_language"] = "fa"
    saved = f"/p/{hub.slug}/A/teams/1/"  # شیراز's page on the hub, before round 1
    assert _heading(parent.get(saved).content.decode()) == "شیراز"

    team_matches.pair_next_round(section, arbiter)
    assert section.teams.get(name="شیراز").number == 3
    assert sending.publish(link).code == "applied"
    assert _heading(parent.get(saved).content.decode()) == "شیراز"
