"""A parent reads the standings on a 390-px phone: with many tie-break columns the name and the
points stay readable (issue 11: the name was squeezed to one character per line, 8,400 px of
page for 36 players). The tie-break columns scroll sideways inside the table; the place, name
and points keep their room. Measured in a real browser (Debian's chromium), in Chinese and
Persian, on the public standings and cross-table."""

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
PLAYERS = 36
SURNAMES = "陈林黄张李王吴刘蔡杨许郑谢洪郭邱曾廖"
GIVEN = ["小明", "嘉怡", "子轩", "思涵", "宇航", "欣怡", "浩然"]


def _event() -> models.Event:
    """36 players, three rounds played, ranked by six tie-breaks (seven columns of numbers
    after the name)."""
    organiser = User.objects.create_user("olga", password="organiser-pass")
    event = services.create_event(
        EventSpec(
            name="Phone Standings Cup",
            sections=[
                SectionSpec(
                    key="open",
                    name="Open",
                    total_rounds=5,
                    tiebreaks=["BH/C1", "BH", "SB", "DE", "WIN", "PS"],
                )
            ],
        ),
        organiser,
        slug="phone-standings",
    )
    models.EventRole.objects.create(event=event, user=organiser, role=models.Role.ARBITER)
    section = event.sections.get(key="open")
    for index in range(PLAYERS):
        name = SURNAMES[index % len(SURNAMES)] + GIVEN[index % len(GIVEN)]
        services.add_entry(
            section,
            services.EntryData(
                name=name, rating=2000 - 10 * index, unit=f"福田区第{index % 9 + 1}实验学校"
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, organiser, "rating")
    for _ in range(3):
        round_row = rounds.pair_next_round(section, organiser)
        for board in round_row.boards.all():
            rounds.enter_result(
                round_row, board.number, "1" if board.number % 3 else "=", organiser
            )
    return event


@pytest.mark.parametrize("language", ["zh-hans", "fa"])
def test_names_and_points_stay_readable_on_a_phone(
    language: str, chromium: Any, live_server: Any, tmp_path: Path, simple_pairing: Any
) -> None:
    _event()
    folder = Path(os.environ.get("CROSSTABLE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page = chromium.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/p/language/{language}/")
    page.goto(f"{live_server.url}/p/phone-standings/open/standings/")
    page.wait_for_selector("#standings tbody tr")
    assert page.locator("#standings tbody tr").count() == PLAYERS
    page.screenshot(path=str(folder / f"phone-standings-{language}.png"), full_page=True)
    names = page.locator("#standings tbody td.name")
    widths = [
        box["width"]
        for box in names.evaluate_all("cells => cells.map(c => c.getBoundingClientRect().toJSON())")
    ]
    # a three-character name and its school fit on a line each: at least 7 CJK characters wide
    assert min(widths) >= 110, widths
    # each line of the table stays two text lines high (name, school): 36 lines fit in
    # well under 4,000 px (it was 8,400)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 4000, height
    name_box = names.first.bounding_box()
    points_box = page.locator("#standings tbody td.points").first.bounding_box()
    assert name_box is not None and points_box is not None
    # the name and the points are on the screen without scrolling sideways
    for box in (name_box, points_box):
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    # the page itself is no wider than the phone: the tie-break columns scroll in their box
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, overflow
    page.goto(f"{live_server.url}/p/phone-standings/open/crosstable/")
    page.wait_for_selector("#crosstable tbody tr")
    page.screenshot(path=str(folder / f"phone-crosstable-{language}.png"), full_page=True)
    cross_names = page.locator("#crosstable tbody td.name")
    cross_widths = cross_names.evaluate_all(
        "cells => cells.map(c => c.getBoundingClientRect().width)"
    )
    assert min(cross_widths) >= 110, cross_widths
    assert page.evaluate("document.documentElement.scrollHeight") < 4000
