"""Team printouts in a real browser (Debian's chromium, driven by Playwright), as a visitor reads
them in the event's language (issue 11: every standings, prize list and certificates printout
of a team section failed with a server error; the Huayuan team ranking had no printout).

Fars table A in Persian, six teams of six, round 1 worked by hand (C.04.6: TPN 1-3 against
4-6): team 1 beats team 4 4-0, team 2 beats team 5 3-1, team 3 beats team 6 2½-1½. The team
standings: Team 1 (2 MP, 4 GP), Team 2 (2, 3), Team 3 (2, 2½), Team 6 (0, 1½), Team 5 (0, 1),
Team 4 (0, 0); the team prizes of 6.1 go 1st-5th to teams 1, 2, 3, 6, 5 (3,000,000 down to
1,200,000 toman); one certificate each.

Huayuan in Chinese, three counties of six: each county's sum on the team ranking printout is
the sum of its six players' places printed on the standings printout (五(五)).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models as event_models
from crosstable_web.events import rounds, services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData
from web.teams.conftest import play_round_one

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ROUND_ONE = {
    1: ("1-0", "1-0", "1-0", "1-0"),
    2: ("1-0", "1-0", "1-0", "0-1"),
    3: ("1-0", "1-0", "0-1", "1/2"),
}
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def _cells(page: Any, selector: str) -> list[list[str]]:
    return [
        [cell.strip() for cell in row.locator("td").all_inner_texts()]
        for row in page.locator(selector).all()
    ]


def test_fars_team_printouts_in_persian(
    chromium: Any,
    live_server: Any,
    tmp_path: Path,
    league: event_models.Section,
    arbiter: User,
) -> None:
    play_round_one(league, arbiter, ROUND_ONE)
    context = chromium.new_context()
    context.add_cookies([{"name": "django_language", "value": "fa", "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    base = f"{live_server.url}/print/{league.event.slug}/A"

    assert page.goto(f"{base}/team-standings/").status == 200
    assert page.locator("html").get_attribute("dir") == "rtl"
    rows = _cells(page, "#team-standings tbody tr")
    assert [(row[0], row[2], row[3]) for row in rows] == [
        ("۱", "Team 1", "۲"),
        ("۲", "Team 2", "۲"),
        ("۳", "Team 3", "۲"),
        ("۴", "Team 6", "۰"),
        ("۵", "Team 5", "۰"),
        ("۶", "Team 4", "۰"),
    ]

    assert page.goto(f"{base}/prizes/").status == 200
    prizes = _cells(page, "table.prizes tr")
    amounts = ["3000000", "2000000", "1500000", "1300000", "1200000"]
    # a place prize has no name: its place is the row's first cell, no blank one before it
    assert [(row[0], row[1]) for row in prizes] == [
        (str(place).translate(PERSIAN), f"Team {team}")
        for place, team in zip(range(1, 6), (1, 2, 3, 6, 5), strict=True)
    ]
    for row, amount in zip(prizes, amounts, strict=True):
        assert amount.translate(PERSIAN) in row[2].replace("٬", "").replace(",", "")

    assert page.goto(f"{base}/certificates/").status == 200
    names = page.locator(".certificate .name").all_inner_texts()
    assert names == ["Team 1", "Team 2", "Team 3", "Team 6", "Team 5"]
    assert "رتبهٔ ۱" in page.locator(".certificate").first.inner_text()

    pdf = context.request.get(f"{base}/certificates/?format=pdf")
    assert pdf.status == 200 and pdf.body().startswith(b"%PDF")
    path = tmp_path / "certificates.pdf"
    path.write_bytes(pdf.body())
    pages = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    assert re.search(r"Pages:\s+5\b", pages.stdout)  # one page a certificate
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout
    # pdftotext marks the right-to-left runs with bidi controls; the names read as printed.
    lines = [re.sub("[\u202a-\u202e\u2066-\u2069]", "", line).strip() for line in text.splitlines()]
    assert [line for line in lines if line.startswith("Team ")] == names
    context.close()


def test_huayuan_team_ranking_printout_in_chinese(chromium: Any, live_server: Any) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_superuser("arif", password="arbiter-pass")
    spec = rules.load_event_spec(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    event = services.create_event(spec, organiser, slug="huayuan-print")
    section = event.sections.get()
    counties = ("花垣", "吉首", "保靖")
    for index in range(18):
        county = counties[index % 3]
        services.add_entry(
            section,
            EntryData(name=f"{county}{index:02d}", sex="M", unit=county, native_unit=county),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter, "lot")
    for _number in (1, 2):
        round_row = rounds.pair_next_round(section, arbiter)
        for board in round_row.boards.order_by("number"):
            rounds.enter_result(round_row, board.number, "1" if board.number % 3 else "=", arbiter)

    context = chromium.new_context()
    context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    base = f"{live_server.url}/print/huayuan-print/{section.key}"
    assert page.goto(f"{base}/standings/").status == 200
    places: dict[str, list[int]] = {}
    for row in _cells(page, "#standings tbody tr"):
        place = int(re.match(r"\d+", row[0]).group())  # type: ignore[union-attr]
        places.setdefault(row[3], []).append(place)
    assert page.goto(f"{base}/team-ranking/").status == 200
    assert "团体排名" in page.locator("h2").inner_text()
    ranking = _cells(page, "#team-ranking tbody tr")
    assert [(row[1], int(row[2])) for row in ranking] == sorted(
        ((county, sum(found)) for county, found in places.items()),
        key=lambda item: (item[1], min(places[item[0]])),
    )
    for row in ranking:
        assert int(row[3]) == min(places[row[1]])
        assert row[4].count("(") == 6  # the six members, each with their place
    context.close()
