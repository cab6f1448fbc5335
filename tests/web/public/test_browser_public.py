"""In a real phone-sized browser (Debian's chromium, driven by Playwright), in each language:
a parent opens the event, taps the section, finds the child by name and reads board and
colour; the page's language and direction are checked and a screenshot is kept."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations.rules import EventSpec, SectionSpec

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

# language → (its name on the switch, the word "Pairings", the word for Black, direction)
LANGUAGES = {
    "en": ("English", "Pairings", "Black", "ltr"),
    "zh-hans": ("简体中文", "对阵表", "黑方", "ltr"),
    "ms": ("Bahasa Melayu", "Pasangan", "Hitam", "ltr"),
    "fa": ("فارسی", "جدول بازی‌ها", "سیاه", "rtl"),
}


@pytest.fixture
def phone(chromium: Any) -> Any:
    page = chromium.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.set_default_timeout(20_000)
    return page


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CROSSTABLE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _paired_event() -> models.Event:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    event = services.create_event(
        EventSpec(
            name="Phone Cup",
            sections=[SectionSpec(key="open", name="Open", total_rounds=3, tiebreaks=["BH"])],
        ),
        organiser,
        slug="phone-cup",
    )
    models.EventRole.objects.create(event=event, user=organiser, role=models.Role.ARBITER)
    section = event.sections.get(key="open")
    names = ["Ana Lim", "陈小明", "Bao Tran", "李华", "Dara Noor", "Farid Rahimi", "Gul Ahmadi"]
    for index, name in enumerate(names):
        services.add_entry(
            section,
            services.EntryData(name=name, rating=1900 - 20 * index, unit=f"School {index % 3}"),
            organiser,
        )
    services.assign_pairing_numbers(section, organiser, "rating")
    round_row = rounds.pair_next_round(section, organiser)
    rounds.enter_result(round_row, 1, "1", organiser)
    return event


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_parent_finds_the_board_in_two_taps(
    language: str, phone: Any, live_server: Any, screenshots: Path, simple_pairing: Any
) -> None:
    event = _paired_event()
    label, pairings_word, black_word, direction = LANGUAGES[language]
    section = event.sections.get(key="open")
    board = models.Board.objects.select_related("white", "black").get(
        round__section=section, number=2
    )
    child = board.black

    page = phone
    page.goto(f"{live_server.url}/p/phone-cup/")
    page.locator("nav.languages a", has_text=label).tap()  # the visitor's language
    page.wait_for_selector(f"html[lang='{language}']")
    page.locator("#sections a.big", has_text="Open").tap()  # tap 1: the section
    page.wait_for_selector("#seats")
    assert page.evaluate("document.documentElement.dir") == direction
    assert pairings_word in page.locator("nav.section").inner_text()
    page.fill("#find", child.name)  # the search box (typing; or scroll the A–Z list)
    visible = page.locator("#seats tbody tr:visible")
    assert visible.count() == 1
    row = visible.first.inner_text()
    board_text = str(board.number)
    if language == "fa":
        board_text = board_text.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    assert child.name in row and board_text in row and black_word in row
    # Layout: in Persian the name column starts at the right edge.
    box = page.locator("#seats thead th").first.bounding_box()
    if direction == "rtl":
        assert box["x"] + box["width"] > PHONE["width"] / 2
    else:
        assert box["x"] < PHONE["width"] / 2
    page.screenshot(path=str(screenshots / f"pairings-{language}.png"), full_page=True)
    page.goto(f"{live_server.url}/p/phone-cup/open/standings/")  # tap 2 elsewhere: standings
    assert page.locator("#standings tbody tr").count() == 7
    page.screenshot(path=str(screenshots / f"standings-{language}.png"), full_page=True)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_public_pages_fit_a_phone(
    language: str, phone: Any, live_server: Any, screenshots: Path, simple_pairing: Any
) -> None:
    """No public page is wider than a 390-px phone: wide tables scroll inside the page, and
    long headings ("Jumlah mata", "Keputusan") wrap or scroll with their table."""
    event = _paired_event()
    section = event.sections.get(key="open")
    player = section.entries.get(pairing_number=1)
    page = phone
    page.goto(f"{live_server.url}/p/language/{language}/")
    for path in (
        "",
        "open/",
        "open/standings/",
        "open/crosstable/",
        f"open/player/{player.pairing_number}/",
    ):
        page.goto(f"{live_server.url}/p/phone-cup/{path}")
        page.wait_for_selector(f"html[lang='{language}']")
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"/p/phone-cup/{path} in {language} is {overflow} px too wide"
    page.screenshot(path=str(screenshots / f"player-{language}.png"), full_page=True)
