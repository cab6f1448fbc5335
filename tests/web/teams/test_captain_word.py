"""Issue 26.11: a team's captain is کاپیتان on every Persian page (the roles page called
them سرپرست, the team list کاپیتان). The Fars regulation names both and keeps them apart
("کاپیتان یا سرپرست تیم"): سرپرست is the team's leader, a word of its own."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models


def _page(user: User, address: str) -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "fa"
    return client.get(address).content.decode()


def test_the_captain_is_one_word_in_persian(
    league: event_models.Section, organiser: User, captain: User
) -> None:
    slug = league.event.slug
    roles = _page(organiser, f"/e/{slug}/roles/")
    teams = _page(organiser, f"/e/{slug}/s/{league.key}/teams/")
    assert "کاپیتان" in roles and "کاپیتان" in teams
    assert "سرپرست" not in roles and "سرپرست" not in teams
    nobody = User.objects.create_user("sara", password="sara-pass")
    mine = _page(nobody, "/captain/teams/")
    assert "شما کاپیتان هیچ تیمی نیستید." in mine and "سرپرست" not in mine
