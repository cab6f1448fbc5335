"""Typed-value fuzz through the pages (issue 31, "Done when"): every date, amount and digit
box of the forms an organiser, an arbiter and a parent type into, in every language (and so
every calendar: Jalali on the Persian pages), fed what people really type and what a forged
form holds. Each answer is the page with a message naming the box (200), a saved change
(302), never a server error; and every value accepted is shown back on its pages in every
language (a far date once crashed the Persian fee page, issue 31 item 1).

The values are derandomised (the same on every run, so a failure replays); the readers
themselves are fuzzed with hypothesis in tests/core/typed/test_typed_fuzz.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData
from crosstable_web.registrations import models as reg_models
from crosstable_web.teams import models as team_models
from crosstable_web.teams.services import rosters as team_rosters

from .registrations.test_pages import child_form, futian

__all__ = ["futian"]  # the fixture, used by name

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "fars-team-league-1398.toml"
LANGUAGES = ("en", "zh-hans", "ms", "fa")
PIECES = [
    "0", "1", "9", "12", "31", "1398", "2019", "99999999999999999999", "-", "/", ".", ",", " ",
    "٠", "١", "٩", "۰", "۱", "۲", "۹", "０", "１", "９", "年", "月", "日", "فروردین", "اسفند",
    "Jan", "Dis", "RM", "元", "تومان", "e", "E", "+", "½", "²", "\u200c", "\u200f", "\x00",
    "\t", "NaN", "inf", "0001-01-01", "9999-12-31", "1398/09/01", "2019-11-01", "720,000",
    "۷۲۰٬۰۰۰", "1e308", "-5",
]  # fmt: skip
VALUES_PER_BOX = 12
"""Values typed into each box in each language (a few hundred requests in all)."""


def _values(seed: str) -> list[str]:
    draw = random.Random(f"typed-value-fuzz-{seed}")
    return [
        "".join(draw.choice(PIECES) for _ in range(draw.randint(1, 4)))
        for _ in range(VALUES_PER_BOX)
    ]


def _client(user: User, language: str) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _answered(response: object, where: str) -> None:
    status = getattr(response, "status_code", 0)
    assert status in (200, 302), f"{where}: {status}"
    if status == 200:
        assert "Traceback" not in getattr(response, "content", b"").decode(), where


@pytest.fixture
def fars_team(organiser: User, arbiter: User) -> team_models.Team:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="fars-fuzz")
    event_models.EventRole.objects.create(event=event, user=arbiter, role=event_models.Role.ARBITER)
    section = event.sections.get(key="A")
    entries = [
        services.add_entry(
            section,
            EntryData(name=f"Shiraz {board}", sex="m", member_id=str(900 + board), unit="Shiraz"),
            organiser,
        )
        for board in range(1, 7)
    ]
    return team_rosters.create_team(section, "Shiraz", entries, organiser, "waiting")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_team_fee_and_entry_boxes_answer_every_typed_value(
    fars_team: team_models.Team, organiser: User, arbiter: User, language: str
) -> None:
    event = fars_team.section.event
    client = _client(organiser, language)
    fee = f"/e/{event.slug}/s/A/teams/{fars_team.pk}/fee/"
    for amount, day in zip(_values(f"amount-{language}"), _values(f"paid-{language}"), strict=True):
        _answered(client.post(fee, {"amount": amount, "paid_on": day}), f"{fee} {amount!r} {day!r}")
        _answered(client.post(fee, {"amount": "720000", "paid_on": day}), f"{fee} {day!r}")
        _answered(
            client.post(fee, {"amount": amount, "paid_on": "2019-11-01"}), f"{fee} {amount!r}"
        )
    section = f"/e/{event.slug}/s/A/"
    for birth, rating in zip(
        _values(f"birth-{language}"), _values(f"rating-{language}"), strict=True
    ):
        data = {"section": "A", "name": "Fuzz Player", "birth_date": birth, "rating": rating}
        _answered(client.post(section, data), f"{section} {birth!r} {rating!r}")
        event_models.Entry.objects.filter(name="Fuzz Player").delete()
    # whatever was accepted is shown back in every language, to both roles
    entry = fars_team.section.entries.first()
    assert entry is not None
    for user in (organiser, arbiter):
        for reader in LANGUAGES:
            pages = _client(user, reader)
            for page in (fee, f"/e/{event.slug}/fees/", f"/e/{event.slug}/entry/{entry.pk}/"):
                assert pages.get(page).status_code == 200, (reader, page)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_registration_form_and_its_payment_boxes_answer_every_typed_value(
    futian: event_models.Event, organiser: User, language: str
) -> None:
    parent = Client(raise_request_exception=False)
    parent.cookies["django_language"] = language
    for birth in _values(f"registration-birth-{language}"):
        form = child_form(**{"p1-birth_date": birth, "check": "1"})
        _answered(parent.post("/r/futian/", form), f"/r/futian/ {birth!r}")
    sent = parent.post("/r/futian/", child_form())
    assert sent.status_code == 302
    registration = reg_models.Registration.objects.get(event=futian)
    detail = f"/e/futian/registrations/{registration.pk}/"
    client = _client(organiser, language)
    for amount, day in zip(
        _values(f"reg-amount-{language}"), _values(f"reg-paid-{language}"), strict=True
    ):
        data = {"action": "payment", "amount": amount, "paid_on": day}
        _answered(client.post(detail, data), f"{detail} {amount!r} {day!r}")
    for reader in LANGUAGES:
        assert _client(organiser, reader).get(detail).status_code == 200, reader
        assert _client(organiser, reader).get("/e/futian/registrations/").status_code == 200
