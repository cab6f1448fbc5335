"""The prize tables of a team section leave no cell blank: a place prize has no name of its
own — its place says it — and used to print an empty cell before the place, on the arbiter's
team standings page and on the prize list signed and handed out (read here in Persian, as
the Fars league's arbiter reads them). A prize's items are a list in the reader's words:
حکم، مدال طلا in Persian, حکم、مدال طلا on a Chinese page (was "حکم, مدال طلا" there).

The fixture's six teams after round 1 (worked by hand in test_team_section_pages.py):
1. Team 1, 2. Team 2, 3. Team 3, 4. Team 6, 5. Team 5; table A's team prizes (toman, 6.1 of
the regulation): 3,000,000 with a certificate and the gold medal, 2,000,000 (silver),
1,500,000 (bronze), 1,300,000 and 1,200,000 with a certificate.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from crosstable_web.events import models as event_models
from web.teams.conftest import EXAMPLE, fars_table_a, play_round_one

ROUND_ONE = {
    1: ("1-0", "1-0", "1-0", "1-0"),
    2: ("1-0", "1-0", "1-0", "0-1"),
    3: ("1-0", "1-0", "0-1", "1/2"),
}
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
EXPECTED = [
    ("1", "Team 1", "3٬000٬000 تومان", "حکم، مدال طلا"),
    ("2", "Team 2", "2٬000٬000 تومان", "حکم، مدال نقره"),
    ("3", "Team 3", "1٬500٬000 تومان", "حکم، مدال برنز"),
    ("4", "Team 6", "1٬300٬000 تومان", "حکم"),
    ("5", "Team 5", "1٬200٬000 تومان", "حکم"),
]


def _prize_rows(html: str) -> list[list[str]]:
    """The cells' text of each row of the page's first prize table, bidi marks left out."""
    table = html[html.index('<table class="prizes"') :]
    table = table[: table.index("</table>")]
    return [
        [re.sub(r"<[^>]+>|[\u200e\u200f\u2066-\u2069]", "", cell).strip() for cell in cells]
        for cells in (
            re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL) for row in table.split("</tr>")
        )
        if cells
    ]


def test_the_persian_team_prizes_have_no_blank_cell(
    league: event_models.Section, arbiter: User
) -> None:
    play_round_one(league, arbiter, ROUND_ONE, timezone.now() - datetime.timedelta(hours=3))
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "fa"
    slug = league.event.slug
    expected = [
        [place.translate(PERSIAN), team, amount.translate(PERSIAN), items]
        for place, team, amount, items in EXPECTED
    ]
    standings = client.get(f"/e/{slug}/s/A/teams/standings/").content.decode()
    assert _prize_rows(standings) == expected
    printed = client.get(f"/print/{slug}/A/prizes/?lang=fa").content.decode()
    assert _prize_rows(printed) == expected


def test_a_prizes_items_are_listed_in_the_readers_words(
    league: event_models.Section, arbiter: User
) -> None:
    play_round_one(league, arbiter, ROUND_ONE, timezone.now() - datetime.timedelta(hours=3))
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "zh-hans"
    standings = client.get(f"/e/{league.event.slug}/s/A/teams/standings/").content.decode()
    assert [row[-1] for row in _prize_rows(standings)][:2] == ["حکم、مدال طلا", "حکم、مدال نقره"]


def test_a_board_nobody_qualifies_on_yet_says_so(
    league: event_models.Section, arbiter: User
) -> None:
    """After round 1 nobody has the 7 games boards 1-4 need (6 on boards 5-6, 6.1 of the
    regulation): each board said nothing under its heading but an empty table's head."""
    play_round_one(league, arbiter, ROUND_ONE, timezone.now() - datetime.timedelta(hours=3))
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "fa"
    html = client.get(f"/e/{league.event.slug}/s/A/teams/standings/").content.decode()
    assert 'class="board-ranking"' not in html
    said = re.findall(r'<p class="muted no-board-ranking" id="board-(\d)-empty">([^<]*)</p>', html)
    message = "رده‌بندی میزها پس از آنکه بازیکنان کمترین شمار بازی‌های آیین‌نامه را انجام دادند"
    assert [board for board, _text in said] == ["1", "2", "3", "4", "5", "6"]
    assert all(
        text.replace("\u200c", "").startswith(message.replace("\u200c", "")) for _b, text in said
    )


def test_beside_a_named_prize_a_place_prize_says_place(
    organiser: User, arbiter: User, tmp_path: Path
) -> None:
    """A table with a prize of its own name beside the place prizes: the place prizes' cell
    says رتبه (Place), as the standings' column does. The Fars file's best team rated below
    1700, read here below 2100 so that the fixture's teams (averages 2125, 2075, … 1875) win
    it: after round 1 places 1-5 go to teams 1, 2, 3, 6 and 5, the category to team 4, the
    only team rated below 2100 left."""
    text = EXAMPLE.read_text(encoding="utf-8").replace("below = 1700", "below = 2100")
    regulations = tmp_path / "fars.toml"
    regulations.write_text(text, encoding="utf-8")
    section = fars_table_a(organiser, arbiter, regulations=regulations)
    event = section.event
    play_round_one(section, arbiter, ROUND_ONE, timezone.now() - datetime.timedelta(hours=3))
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "fa"
    for address in (f"/e/{event.slug}/s/A/teams/standings/", f"/print/{event.slug}/A/prizes/"):
        rows = _prize_rows(client.get(address).content.decode())
        assert [row[:3] for row in rows] == [
            ["رتبه", "۱", "Team 1"],
            ["رتبه", "۲", "Team 2"],
            ["رتبه", "۳", "Team 3"],
            ["رتبه", "۴", "Team 6"],
            ["رتبه", "۵", "Team 5"],
            ["بهترین تیم با میانگین ریتینگ زیر ۱۷۰۰", "۱", "Team 4"],
        ], address
