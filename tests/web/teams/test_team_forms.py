"""The organiser's team form in the browser: create a team with its roster in board order
(entries chosen or entered by name) and its captain, field-named validation errors, editing a
roster until round 1 is paired, organisers only, everything in the audit log."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches

from .team_addresses import nth_team


def _base(section: event_models.Section) -> str:
    return f"/e/{section.event.slug}/s/{section.key}/teams"


@pytest.fixture
def organiser_client(organiser: User) -> Client:
    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def free_entries(league: event_models.Section, organiser: User) -> list[event_models.Entry]:
    return [
        services.add_entry(league, EntryData(name=f"Free {n}", member_id=f"9{n}"), organiser)
        for n in range(1, 6)
    ]


def test_organiser_creates_a_team_with_entries_new_names_and_a_captain(
    league: event_models.Section,
    organiser_client: Client,
    captain: User,
    free_entries: list[event_models.Entry],
) -> None:
    page = organiser_client.get(f"{_base(league)}/").content.decode()
    assert 'id="new-team"' in page and 'class="edit-team"' in page
    form = {
        "name": "Kazerun",
        "unit": "Kazerun county",
        "unit_kind": "county",
        "captain": str(captain.pk),
        "new_6": "Sara Ahmadi",
        "member_6": "7001",
    }
    # Board order as typed: Free 3 on board 1, then Free 1, 2, 4, 5.
    for place, entry in enumerate([2, 0, 1, 3, 4], start=1):
        form[f"player_{place}"] = str(free_entries[entry].pk)
    response = organiser_client.post(f"{_base(league)}/new/", form)
    assert response.status_code == 302, response.context["form"].errors
    team = models.Team.objects.get(section=league, name="Kazerun")
    roster = [member.entry.name for member in team.members.order_by("position")]
    assert roster == ["Free 3", "Free 1", "Free 2", "Free 4", "Free 5", "Sara Ahmadi"]
    assert (team.unit, team.unit_kind, team.captain) == ("Kazerun county", "county", captain)
    assert event_models.Entry.objects.filter(section=league, name="Sara Ahmadi").count() == 1
    actions = list(
        event_models.AuditLog.objects.filter(target__contains="Kazerun").values_list(
            "action", flat=True
        )
    )
    assert "team.create" in actions and "team.captain" in actions


def test_form_errors_name_the_field(
    league: event_models.Section,
    organiser_client: Client,
    free_entries: list[event_models.Entry],
) -> None:
    first = str(free_entries[0].pk)
    response = organiser_client.post(
        f"{_base(league)}/new/",
        {
            "name": "Bad",
            "captain": "999999",
            "player_1": first,
            "new_1": "Also typed",
            "player_2": first,
            "player_4": str(free_entries[1].pk),
        },
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert {"captain", "new_1", "player_4"} <= set(errors)
    assert "valid choice" in errors["captain"][0]
    duplicate = organiser_client.post(
        f"{_base(league)}/new/",
        {
            "name": "Dup",
            "player_1": first,
            "player_2": first,
        },
    )
    assert "player_2" in duplicate.context["form"].errors
    # Too few players for the regulation (6): the service's message, and no entry is left
    # behind by the names typed in.
    short = organiser_client.post(
        f"{_base(league)}/new/",
        {
            "name": "Short",
            "player_1": first,
            "new_2": "Ghost Player",
            "member_2": "7002",
        },
    )
    assert short.status_code == 200
    assert "at least 6" in " ".join(short.context["form"].non_field_errors())
    assert not event_models.Entry.objects.filter(name="Ghost Player").exists()
    assert not models.Team.objects.filter(name__in=["Bad", "Dup", "Short"]).exists()


def test_only_organisers_see_the_form(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    for user in (arbiter, captain):
        client = Client()
        client.force_login(user)
        assert client.get(f"{_base(league)}/new/").status_code == 403
        assert client.get(f"{_base(league)}/{nth_team(league, 1)}/edit/").status_code == 403
        assert 'id="new-team"' not in client.get(f"{_base(league)}/").content.decode()


def test_roster_is_edited_until_round_one_is_paired(
    league: event_models.Section, organiser_client: Client, arbiter: User, captain: User
) -> None:
    team = models.Team.objects.get(section=league, number=2)
    members = [member.entry_id for member in team.members.order_by("position")]
    page = organiser_client.get(f"{_base(league)}/{nth_team(league, 2)}/edit/").content.decode()
    assert f'value="{members[0]}" selected' in page
    swapped = [members[1], members[0], *members[2:]]
    form = {"name": "Team 2", "unit": "County 2", "unit_kind": "club", "captain": str(captain.pk)}
    form |= {f"player_{place}": str(entry) for place, entry in enumerate(swapped, start=1)}
    assert (
        organiser_client.post(f"{_base(league)}/{nth_team(league, 2)}/edit/", form).status_code
        == 302
    )
    assert [m.entry_id for m in team.members.order_by("position")] == swapped
    team.refresh_from_db()
    assert team.captain is not None and team.captain.username == "kian"
    log = event_models.AuditLog.objects.get(action="team.edit")
    assert log.new["roster"] == [event_models.Entry.objects.get(pk=pk).name for pk in swapped]
    assert log.old["roster"][:2] == log.new["roster"][1::-1]

    team_matches.pair_next_round(league, arbiter)
    form |= {"player_1": str(members[0]), "player_2": str(members[1])}
    response = organiser_client.post(f"{_base(league)}/{nth_team(league, 2)}/edit/", form)
    assert response.status_code == 200
    assert "fixed" in " ".join(response.context["form"].non_field_errors())
    assert [m.entry_id for m in team.members.order_by("position")] == swapped
    # The name may still change once rounds are paired.
    renamed = form | {f"player_{place}": str(entry) for place, entry in enumerate(swapped, 1)}
    renamed["name"] = "Team Two"
    assert (
        organiser_client.post(f"{_base(league)}/{nth_team(league, 2)}/edit/", renamed).status_code
        == 302
    )
    assert models.Team.objects.get(pk=team.pk).name == "Team Two"


def test_captain_is_chosen_from_the_accounts_and_labels_are_translated(
    league: event_models.Section, organiser: User, captain: User
) -> None:
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "en"
    page = client.get(f"{_base(league)}/{nth_team(league, 1)}/edit/").content.decode()
    # Team 1's captain is kian: the select offers every active account, kian chosen.
    assert '<select name="captain"' in page
    assert f'<option value="{captain.pk}" selected>kian</option>' in page
    assert f'<option value="{organiser.pk}">olga</option>' in page
    # Local players are ticked per player (the county discount tests each one): "Local".
    assert "Introduction letter" in page and 'for="id_roster_local_1">Local' in page
    client.cookies["django_language"] = "fa"
    persian = client.get(f"{_base(league)}/{nth_team(league, 1)}/edit/").content.decode()
    assert "معرفی‌نامه" in persian and "بومی" in persian
    assert "Introduction letter" not in persian
