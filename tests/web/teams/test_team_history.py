"""A team's history on its fee page: the audit lines linked to the team (issue 19, item 5),
not those whose text holds its name, so a renamed team keeps the lines written under its
old name and no other team's line is listed."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.teams.services import rosters as team_rosters
from web.history import history_lines

from .conftest import team_address

pytestmark = pytest.mark.django_db


def _history(client: Client, section: event_models.Section, number: int) -> list[str]:
    return history_lines(client, team_address(section, number, "fee/?lang=en"))


def test_a_teams_history_is_its_own_and_survives_a_rename(
    league: event_models.Section, organiser: User
) -> None:
    client = Client()
    client.force_login(organiser)
    team = league.teams.get(number=1)
    lines = _history(client, league, 1)
    # created (its fee computed), its captain named: team 1's lines, none of the five others'
    assert len(lines) == 2 and "Captain named" in lines[0] and "Team created" in lines[1], lines
    assert all("Team 1" in line for line in lines) and not any("Team 2" in line for line in lines)

    members = [member.entry for member in team.members.order_by("position")]
    team_rosters.edit_team(team, "Shiraz Lions", members, organiser, unit=team.unit)
    lines = _history(client, league, 1)
    assert len(lines) == 3 and "Team changed" in lines[0] and "Team created" in lines[-1], lines
