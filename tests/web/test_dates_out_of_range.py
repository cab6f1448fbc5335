"""Dates outside the calendar's range (issue 31 item 1): a team payment dated ``0001-01-01``
(or ``1/1/1``) typed on an English, Chinese or Malay page was stored, then the Fars team fee
page answered 500 in Persian ("Jalali year -620 is outside the supported range"); the same with
a birth date ``0001-01-01`` or ``9999-12-31`` on an entry.

Each date box refuses a date outside what its meaning allows (a payment from 1990 to today, a
birth date from 1900 to today, an event's days from 1900 to 2200), saying so in the page's
language; and a date stored before this check (or by a file) is written in every calendar
without raising.
"""

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
from crosstable_web.teams import models as team_models
from crosstable_web.teams.services import rosters as team_rosters

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "fars-team-league-1398.toml"
LANGUAGES = ("en", "zh-hans", "ms", "fa")
FAR_DATES = ("0001-01-01", "9999-12-31", "۰۰۰۱/۰۱/۰۱", "1899-12-31", "0001/1/1")
REFUSED = {
    # the sentence's words around the dates, in each language (locale/*/django.po)
    "en": "is not between",
    "zh-hans": "之间",
    "ms": "tidak antara",
    "fa": "میان",
}


@pytest.fixture
def fars_team(organiser: User) -> team_models.Team:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="fars-dates")
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


def _client(user: User, language: str) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_team_payment_dated_outside_its_range_is_refused(
    fars_team: team_models.Team, organiser: User, language: str
) -> None:
    url = f"/e/fars-dates/s/A/teams/{fars_team.pk}/fee/"
    client = _client(organiser, language)
    for typed in FAR_DATES:
        page = client.post(url, {"amount": "720000", "paid_on": typed})
        assert page.status_code == 200, (language, typed)
        assert REFUSED[language] in page.content.decode(), (language, typed)
    page = client.post(url, {"amount": "720000", "paid_on": "1/1/1"})  # no four-digit year
    assert page.status_code == 200 and 'class="errorlist' in page.content.decode()
    tomorrow = datetime.date.today() + datetime.timedelta(days=2)
    assert client.post(url, {"amount": "720000", "paid_on": tomorrow.isoformat()}).status_code in (
        200,
        302,
    )
    assert not fars_team.payments.exists()
    # a plausible date is still taken
    assert client.post(url, {"amount": "720000", "paid_on": "2019-11-01"}).status_code == 302
    assert fars_team.payments.get().paid_on == datetime.date(2019, 11, 1)
    # the Persian page shows the range in Jalali dates: 1 Dey 1368 was 22 December 1989,
    # so 1 January 1990 is 11 Dey 1368
    refusal = (
        _client(organiser, "fa")
        .post(url, {"amount": "720000", "paid_on": "0001-01-01"})
        .content.decode()
    )
    assert "۱۱ دی ۱۳۶۸" in refusal


@pytest.mark.parametrize("stored", [datetime.date(1, 1, 1), datetime.date(9999, 12, 31)])
def test_a_far_date_already_stored_is_shown_in_every_calendar(
    fars_team: team_models.Team, organiser: User, arbiter: User, stored: datetime.date
) -> None:
    """What an earlier version (or an imported file) stored: the fee page, the event's fees
    and its entry pages answer in every language, Persian (Jalali) included."""
    event = fars_team.section.event
    event_models.EventRole.objects.create(event=event, user=arbiter, role=event_models.Role.ARBITER)
    team_models.TeamPayment.objects.create(
        team=fars_team, amount=Decimal("720000.00"), paid_on=stored
    )
    entry = fars_team.section.entries.first()
    assert entry is not None
    event_models.Entry.objects.filter(pk=entry.pk).update(birth_date=stored)
    pages = (
        f"/e/{event.slug}/s/A/teams/{fars_team.pk}/fee/",
        f"/e/{event.slug}/fees/",
        f"/e/{event.slug}/entry/{entry.pk}/",
        f"/e/{event.slug}/s/A/",
        f"/p/{event.slug}/",
    )
    for user in (organiser, arbiter):
        for language in LANGUAGES:
            client = _client(user, language)
            for page in pages:
                response = client.get(page)
                assert response.status_code == 200, (language, page)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("typed", ["0001-01-01", "9999-12-31", "1/1/0001"])
def test_an_entry_born_outside_its_range_is_refused(
    event: event_models.Event, organiser: User, language: str, typed: str
) -> None:
    client = _client(organiser, language)
    page = client.post(
        f"/e/{event.slug}/s/open/", {"section": "open", "name": "Ali Reza", "birth_date": typed}
    )
    assert page.status_code == 200
    assert REFUSED[language] in page.content.decode()
    assert not event_models.Entry.objects.filter(name="Ali Reza").exists()
    accepted = client.post(
        f"/e/{event.slug}/s/open/",
        {"section": "open", "name": "Ali Reza", "birth_date": "2012-05-03", "rating": "0"},
    )
    assert accepted.status_code == 302
    assert event_models.Entry.objects.get(name="Ali Reza").birth_date == datetime.date(2012, 5, 3)
