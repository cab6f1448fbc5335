"""The entry form reads what organisers type as the import does (issue 13 item 5, issue 11):
unit kinds in their words, grades as 六级, FIDE codes, and refuses what cannot be stored."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, services
from crosstable_web.events.regulations import rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

pytestmark = pytest.mark.django_db


def _client(user: User, language: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def test_grade_and_unit_kind_in_chinese(organiser: User) -> None:
    """Futian youth ranks schools only: 学校 typed is the school kind; 六级 is grade 6."""
    spec = rules.load_event_spec(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml", rounds=7)
    event = services.create_event(spec, organiser, slug="ft")
    response = _client(organiser, "zh-hans").post(
        "/e/ft/s/xq-K/",
        {
            "section": "xq-K",
            "name": "王芳",
            "sex": "F",
            "birth_date": "2004-05-01",
            "national_grade": "六级",
            "unit": "福田小学",
            "unit_kind": "学校",
            "federation": "chn",
            "fide_id": "۸۶۰۰۰۱۲",
        },
    )
    assert response.status_code == 302
    entry = models.Entry.objects.get(section__event=event)
    assert (entry.national_grade, entry.unit_kind, entry.federation, entry.fide_id) == (
        "6",
        "school",
        "CHN",
        "8600012",
    )


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("national_grade", "棋协大师", "is not a grade"),
        ("unit_kind", "schol", "is not a kind of unit"),
        ("federation", "MALAYSIA", "write MAS"),
        ("rating", "99999999999999999999999", "3500"),
        ("rating", "²", "whole number"),
    ],
)
def test_what_cannot_be_read_is_refused_on_its_field(
    event: models.Event, organiser: User, field: str, value: str, says: str
) -> None:
    response = _client(organiser).post(
        f"/e/{event.slug}/s/open/", {"section": "open", "name": "Ali", field: value}
    )
    assert response.status_code == 200
    assert says in " ".join(response.context["form"].errors[field])
    assert not models.Entry.objects.exists()


@pytest.mark.parametrize(
    ("name", "says"),
    [("Ali\u202eilA", "U+202E"), ("Ali\u2066x", "U+2066"), ("Ali\x0bBaba", "U+000B")],
)
def test_names_with_control_or_direction_characters_are_refused(
    event: models.Event, organiser: User, name: str, says: str
) -> None:
    response = _client(organiser).post(
        f"/e/{event.slug}/s/open/", {"section": "open", "name": name}, follow=True
    )
    assert response.status_code == 200
    assert says in response.content.decode()
    assert not models.Entry.objects.exists()
    with pytest.raises(services.ServiceError, match=re.escape(says)):
        services.add_entry(event.sections.get(key="open"), services.EntryData(name=name), organiser)
