"""In a real browser (Debian's chromium, driven by Playwright): an arbiter runs a section from
its entries to the final standings, typing every result from the keyboard."""

from __future__ import annotations

import datetime
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, services
from crosstable_web.events.regulations.rules import EventSpec, SectionSpec
from web.log_in import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def browser_page(chromium: Any) -> Any:
    page = chromium.new_page()
    page.set_default_timeout(20_000)
    return page


def test_arbiter_runs_a_section_to_final_standings(browser_page: Any, live_server: Any) -> None:
    page = browser_page
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_user("arif", password="arbiter-pass")
    event = services.create_event(
        EventSpec(
            name="Browser Cup",
            sections=[SectionSpec(key="open", name="Open", total_rounds=3, tiebreaks=["BH", "SB"])],
        ),
        organiser,
        slug="browser-cup",
    )
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get()
    for index, name in enumerate(["Ana", "Bao", "Chen", "Dara", "Eli", "Farid", "Gul"]):
        services.add_entry(
            section,
            services.EntryData(
                name=name, rating=2000 - 50 * index, birth_date=datetime.date(2000, 1, 1)
            ),
            organiser,
        )

    log_in(page, live_server.url, "arif", "arbiter-pass", "/e/browser-cup/s/open/")
    page.click("text=Assign pairing numbers")
    page.wait_for_selector("text=Pairing numbers assigned.")

    for round_number in (1, 2, 3):
        page.click("#pair-next")
        page.wait_for_url(f"**/r/{round_number}/")
        boards = page.locator("#boards tbody tr[id^=board-]").count()
        assert boards == 3  # seven players: three boards and a bye
        for board in range(1, boards + 1):
            # Board 1: White wins, board 2: draw, board 3: Black wins — typed, then Enter.
            result = {1: "1", 2: "=", 3: "0"}[board]
            page.fill("#id_entry", f"{board} {result}")
            page.keyboard.press("Enter")  # no reload: the board's row changes in place
            page.wait_for_selector(f"#board-{board}:not(.pending)")
            assert page.locator(f"#board-{board} td.result").inner_text().strip() in (
                "1-0",
                "½-½",
                "0-1",
            )
        assert page.locator("tr.pending").count() == 0

    page.click("text=Standings")
    page.wait_for_selector("#standings")
    rows = page.locator("#standings tbody tr")
    assert rows.count() == 7
    points = [
        Fraction(rows.nth(i).locator("td.points").inner_text().strip()) for i in range(rows.count())
    ]
    # Three rounds: 3 decided boards of 1 point + the bye (1 point) each round.
    assert sum(points) == 3 * 4
    assert points == sorted(points, reverse=True)
    assert (
        models.AuditLog.objects.filter(event=event, action="result.enter", username="arif").count()
        == 9
    )


def test_back_office_fits_a_phone_in_persian(chromium: Any, live_server: Any) -> None:
    """A captain on a phone (390 px, Persian, right to left) logs in, finds "Your teams" in
    the header and nothing is wider than the screen: the header wraps, wide tables scroll."""
    from crosstable_web.teams.models import Team

    organiser = User.objects.create_user("olga", password="organiser-pass")
    captain = User.objects.create_user("kian", password="captain-pass")
    event = services.create_event(
        EventSpec(
            name="لیگ تیمی شطرنج استان فارس",
            sections=[SectionSpec(key="A", name="جدول آزاد (A)", total_rounds=3)],
        ),
        organiser,
        slug="phone-league",
    )
    section = event.sections.get()
    for index in range(12):  # a wide entries table: every column filled
        services.add_entry(
            section,
            services.EntryData(
                name=f"بازیکن شماره {index} از شیراز",
                rating=1500 + index,
                sex="M",
                unit="باشگاه شطرنج شهرستان مرودشت",
                national_grade="1",  # the stored form (the entry form reads "درجه ۱")
            ),
            organiser,
        )
    Team.objects.create(section=section, number=1, name="مرودشت ۱", captain=captain)

    page = chromium.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/p/language/fa/")
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "kian")
    page.fill("#id_password", "captain-pass")
    page.keyboard.press("Enter")
    page.wait_for_selector("#nav-my-teams")
    for path in ("/", "/e/phone-league/", "/e/phone-league/s/A/", "/captain/teams/"):
        page.goto(f"{live_server.url}{path}")
        assert page.evaluate("document.documentElement.dir") == "rtl"
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{path} is {overflow} px wider than the phone"
    page.goto(f"{live_server.url}/")
    page.click("#nav-my-teams")
    page.wait_for_url("**/captain/teams/")
    assert "مرودشت ۱" in page.inner_text("main")
