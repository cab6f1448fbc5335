"""Cancelling a team payment in a real browser (Debian's chromium, driven by Playwright), on
Fars table A with one place: team 1's payment of 1 November was recorded by mistake; the
organiser cancels it with a reason on the fee page, and the place goes to team 2 (paid on
2 November), team 1 moving to the waiting list of the team section page."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models, payments
from crosstable_web.teams.services import rosters as team_rosters
from web.log_in import log_in
from web.teams.conftest import EXAMPLE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "fars-cancel"


def _team(section: event_models.Section, name: str, organiser: User) -> models.Team:
    entries = [
        services.add_entry(
            section,
            EntryData(
                name=f"{name} {n}",
                sex="m",
                birth_date=datetime.date(1990, 3, 1),
                member_id=f"{name}-{n}",
            ),
            organiser,
        )
        for n in range(1, 7)
    ]
    return team_rosters.create_team(section, name, entries, organiser)


def test_organiser_cancels_a_mistaken_payment_and_the_place_moves(
    chromium: Any, live_server: Any
) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug=SLUG)
    section = event.sections.get(key="A")
    section.max_entries = 1
    section.save(update_fields=["max_entries"])
    first, second = _team(section, "Team 1", organiser), _team(section, "Team 2", organiser)
    for day, team in ((1, first), (2, second)):
        payments.record_team_payment(
            team, Decimal(720_000), datetime.date(2019, 11, day), organiser
        )

    page = chromium.new_page()
    page.set_default_timeout(20_000)
    target = f"/e/{SLUG}/s/A/teams/{first.pk}/fee/"
    log_in(page, live_server.url, "olga", "organiser-pass", target)
    assert page.inner_text("#admission") == "admitted"
    page.fill("form.cancel-payment input[name=reason]", "it was team 2's cheque")
    page.click("form.cancel-payment button[type=submit]")
    page.wait_for_selector(".messages li.success")
    assert page.inner_text("#fee-paid") == "0 toman"
    assert page.inner_text("#fee-balance") == "720,000 toman"
    assert page.inner_text("#admission") == "waiting (1)"
    ledger = page.inner_text("#team-payments")
    assert "it was team 2's cheque" in ledger and "\u2212720,000 toman" in ledger
    assert page.locator("form.cancel-payment").count() == 0

    page.goto(f"{live_server.url}/e/{SLUG}/s/A/teams/")
    assert "Team 1" in page.inner_text("#waiting-list")
    assert "Team 2" in page.inner_text("#teams") and "Team 1" not in page.inner_text("#teams")
    log = event_models.AuditLog.objects.get(event=event, action="team.payment.cancel")
    assert log.username == "olga"
