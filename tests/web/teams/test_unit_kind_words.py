"""Unit kinds typed in the organiser's words on the team form (issue 13: ``شهرستان`` typed,
as the form's own hint suggests, silently lost the county discount and prize; issue 11: the
unit kind ``county`` was only recognised typed in English).

Fars (examples/fars-team-league-1398.toml): a county team with the county board's letter and
at least three local players pays 15% less: 720,000 × 0.85 = 612,000 toman (by hand)."""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fars-team-league-1398.toml"

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_a(organiser: User) -> event_models.Section:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="fars-kinds")
    section = event.sections.get(key="A")
    for board in range(1, 7):
        services.add_entry(
            section,
            EntryData(
                name=f"بازیکن {board}",
                sex="M",
                birth_date=datetime.date(1990, 3, board),
                member_id=f"55{board}",
            ),
            organiser,
        )
    return section


def _post(section: event_models.Section, organiser: User, unit_kind: str) -> Client:
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "fa"
    form = {
        "name": "کازرون",
        "unit": "کازرون",
        "unit_kind": unit_kind,
        "attribute_introduction_letter": "on",
    }
    entries = section.entries.order_by("name")
    for place, entry in enumerate(entries, start=1):
        form[f"player_{place}"] = str(entry.pk)
        if place <= 3:
            form[f"roster_local_{place}"] = "on"
    client.post(f"/e/{section.event.slug}/s/A/teams/new/", form)
    return client


@pytest.mark.parametrize("typed", ["شهرستان", "county", "County", "县"])
def test_a_county_in_any_language_keeps_the_discount(
    table_a: event_models.Section, organiser: User, typed: str
) -> None:
    _post(table_a, organiser, typed)
    team = models.Team.objects.get()
    assert team.unit_kind == "county"
    assert team.fee_due == Decimal("612000.00")


def test_a_kind_that_cannot_be_read_is_refused_in_persian(
    table_a: event_models.Section, organiser: User
) -> None:
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "fa"
    response = client.post(
        f"/e/{table_a.event.slug}/s/A/teams/new/",
        {"name": "کازرون", "unit_kind": "شهرستانی", "player_1": ""},
    )
    assert response.status_code == 200
    assert not models.Team.objects.exists()
    errors = response.context["form"].errors["unit_kind"]
    assert "شهرستانی" in errors[0] and "county (شهرستان)" in errors[0]


def test_a_team_name_with_a_direction_override_is_refused(
    table_a: event_models.Section, organiser: User
) -> None:
    client = Client()
    client.force_login(organiser)
    response = client.post(
        f"/e/{table_a.event.slug}/s/A/teams/new/", {"name": "Kaz\u202eerun", "unit": "K\x0bZ"}
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "U+202E" in errors["name"][0] and "U+000B" in errors["unit"][0]
    assert not models.Team.objects.exists()
