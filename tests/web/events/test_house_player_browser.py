"""In a real browser (chromium via Playwright): the Kinabatangan organiser adds the house player
to the odd boys' section; the arbiter sees no such form, pairs round 1 (no bye) and the
standings list the house player last, unranked and marked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, services
from crosstable_web.events.regulations import rules
from web.log_in import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "kinabatangan-school-2024.toml"


def test_organiser_adds_the_house_player_and_the_arbiter_pairs(
    chromium: Any, live_server: Any
) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_user("arif", password="arbiter-pass")
    event = services.create_event(
        rules.load_event_spec(EXAMPLE, rounds=3), organiser, slug="kinabatangan"
    )
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    boys = event.sections.get(key="L12")
    schools = ["SK Bukit Garam", "SK Sukau", "SK Bilit"]
    for index in range(5):
        services.add_entry(
            boys,
            services.EntryData(
                name=f"Murid {index + 1}",
                sex="M",
                rating=1500 - 20 * index,
                unit=schools[index % 3],
            ),
            organiser,
        )
    target = "/e/kinabatangan/s/L12/"

    organiser_page = chromium.new_page()
    organiser_page.set_default_timeout(20_000)
    # read the back office in English (the event's own language is Malay)
    organiser_page.context.add_cookies(
        [{"name": "django_language", "value": "en", "url": live_server.url}]
    )
    log_in(organiser_page, live_server.url, "olga", "organiser-pass", target)
    form = organiser_page.locator("#house-add")
    form.locator("input[name=name]").fill("Cikgu Rahman")
    form.locator("select[name=sex]").select_option("M")
    form.locator("button[type=submit]").click()
    organiser_page.wait_for_selector("text=House player added.")
    assert organiser_page.locator("text=house player (not ranked, no prize)").count() == 1
    assert organiser_page.locator("#house-add").count() == 0
    assert organiser_page.locator("#house-remove").count() == 1

    arbiter_page = chromium.new_page()
    arbiter_page.set_default_timeout(20_000)
    arbiter_page.context.add_cookies(
        [{"name": "django_language", "value": "en", "url": live_server.url}]
    )
    log_in(arbiter_page, live_server.url, "arif", "arbiter-pass", target)
    assert arbiter_page.locator("#house-add, #house-remove").count() == 0
    arbiter_page.click("text=Assign pairing numbers")
    arbiter_page.wait_for_selector("text=Pairing numbers assigned.")
    arbiter_page.click("#pair-next")
    arbiter_page.wait_for_url("**/r/1/")
    assert arbiter_page.locator("#boards tbody tr[id^=board-]").count() == 3  # six: no bye
    for board in (1, 2, 3):
        arbiter_page.fill("#id_entry", f"{board} 1")
        arbiter_page.keyboard.press("Enter")
        arbiter_page.wait_for_selector(f"#board-{board}:not(.pending)")
    arbiter_page.goto(f"{live_server.url}{target}standings/")
    rows = arbiter_page.locator("#standings tbody tr")
    assert rows.count() == 6
    last = rows.nth(5)
    assert "Cikgu Rahman" in last.inner_text() and "(house player)" in last.inner_text()
    assert last.locator("td").first.inner_text().strip() == "(6)"  # a line, not a rank
    places = [rows.nth(i).locator("td").first.inner_text().strip() for i in range(5)]
    # equal after round 1 on points and cumulative: places drawn by lot (*), 1 to 5 all the same
    assert [place.rstrip("*") for place in places] == ["1", "2", "3", "4", "5"]
