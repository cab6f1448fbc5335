"""Captains appointed and removed by command and on the event's roles page (issue 12.2)."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.teams import models

pytestmark = pytest.mark.django_db


def test_captain_by_command_with_the_team_by_number_or_name(
    league: event_models.Section, outsider: User
) -> None:
    slug = league.event.slug
    out = io.StringIO()
    call_command("grant_role", slug, "otto", "captain", "--team", "A/3", "--as", "olga", stdout=out)
    assert models.Team.objects.get(section=league, number=3).captain == outsider
    call_command(
        "grant_role", slug, "otto", "captain", "--team", "Team 4", "--as", "olga", stdout=out
    )
    assert models.Team.objects.get(section=league, number=4).captain == outsider
    call_command(
        "revoke_role", slug, "otto", "captain", "--team", "A/3", "--as", "olga", stdout=out
    )
    assert models.Team.objects.get(section=league, number=3).captain is None
    call_command(
        "revoke_role", slug, "otto", "captain", "--as", "olga", stdout=out
    )  # every team of theirs
    assert not models.Team.objects.filter(captain=outsider).exists()
    with pytest.raises(CommandError, match="No team A/9"):
        call_command(
            "grant_role", slug, "otto", "captain", "--team", "A/9", "--as", "olga", stdout=out
        )
    captains = league.event.audit_log.filter(action="team.captain").values_list("old", "new")
    assert list(captains.order_by("id"))[-4:] == [
        (None, "otto"),
        (None, "otto"),
        ("otto", None),
        ("otto", None),
    ]


def test_the_roles_page_names_captains_and_appoints_one(
    league: event_models.Section, organiser: User, outsider: User
) -> None:
    client = Client()
    client.force_login(organiser)
    slug = league.event.slug
    page = client.get(f"/e/{slug}/roles/").content.decode()
    assert 'data-role="captain" data-user="kian"' in page
    team = models.Team.objects.get(section=league, number=2)
    client.post(
        f"/e/{slug}/roles/",
        {"action": "grant", "user": outsider.pk, "role": "captain", "team": team.pk},
    )
    assert models.Team.objects.get(pk=team.pk).captain == outsider
