"""Huayuan (seed 003) in a real phone-sized browser: the public team page ranks the counties by
the sum of their six members' individual places, and the numbers a visitor reads there add up
to the places on the public standings page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EXAMPLE = (
    Path(__file__).resolve().parents[3] / "examples" / "huayuan-xiangqi-invitational-2019.toml"
)
COUNTIES = ("吉首", "花垣", "凤凰")


def _played_event() -> models.Event:
    arbiter = User.objects.create_user("arbiter", is_superuser=True)
    event = services.create_event(rules.load_event_spec(EXAMPLE), arbiter, slug="huayuan")
    section = event.sections.get()
    for index in range(18):
        county = COUNTIES[index % 3]
        services.add_entry(
            section,
            services.EntryData(
                name=f"棋手{index:02d}",
                sex="M",
                unit=county,
                native_unit=county,
                rating=2000 - index,
            ),
            arbiter,
        )
    services.assign_pairing_numbers(section, arbiter)
    for results in ("1", "=", "0"):  # three rounds, every board the same result
        round_row = rounds.pair_next_round(section, arbiter)
        for board in round_row.boards.all():
            rounds.enter_result(round_row, board.number, results, arbiter)
    return event


def _cells(page: Any, selector: str) -> list[list[str]]:
    rows: list[list[str]] = page.eval_on_selector_all(
        f"{selector} tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.innerText.trim()))",
    )
    return rows


def test_county_ranking_adds_up_the_places_a_parent_reads(chromium: Any, live_server: Any) -> None:
    _played_event()
    page = chromium.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/p/huayuan/main/standings/")
    places: dict[str, list[int]] = {county: [] for county in COUNTIES}
    for place, name_and_unit, *_ in _cells(page, "#standings"):
        county = next(county for county in COUNTIES if name_and_unit.endswith(county))
        places[county].append(int(place.rstrip("*†")))
    assert sum(len(found) for found in places.values()) == 18

    page.locator("a[href='/p/huayuan/main/teams/']").first.click()  # the team standings link
    page.wait_for_selector("#units")
    units = _cells(page, "#units")
    by_sum_then_best_place = sorted(COUNTIES, key=lambda c: (sum(places[c]), min(places[c])))
    assert [row[1] for row in units] == by_sum_then_best_place
    for _place, county, total, counted in units:
        # all six members count (五(五)); the page shows the total and the places counted
        assert int(total) == sum(places[county])
        assert sorted(int(place) for place in counted.split(",")) == sorted(places[county])
    assert units[0][0] == "1"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()
