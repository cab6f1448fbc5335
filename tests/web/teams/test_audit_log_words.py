"""The audit log of the Fars league read in Persian (issue 26.11): a board's result in the
results' own words and digits (``– → ۱-۰``, not the stored codes ``** → ۱۰``) and each
line's time as the reader writes a date and a time at the venue (Jalali month in words,
Persian digits), not an ISO stamp."""

from __future__ import annotations

import datetime
import re
import zoneinfo

from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models

from .conftest import play_round_one


def _rows(page: str) -> list[str]:
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    return body.split("</tr>")[:-1]


def test_board_results_and_times_in_persian(
    league: event_models.Section, organiser: User, arbiter: User
) -> None:
    play_round_one(league, arbiter, {1: ("1-0", "1/2", "0-1", "1-0"), 2: (), 3: ()})
    line = league.event.audit_log.filter(action="board.result").order_by("pk").first()
    assert line is not None and line.old == "**" and line.new == "10"  # stored as codes
    # 14:05:09 UTC on 7 December 2019 is 17:35:09 at Shiraz (UTC+3:30), 16 Azar 1398
    moment = datetime.datetime(2019, 12, 7, 14, 5, 9, tzinfo=datetime.UTC)
    league.event.audit_log.filter(pk=line.pk).update(at=moment)
    assert zoneinfo.ZoneInfo(league.event.time_zone).key == "Asia/Tehran"

    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "fa"
    # the Persian page keeps a hyphen between digits in its place with right-to-left marks
    page = client.get(f"/e/{league.event.slug}/audit/").content.decode().replace("\u200f", "")
    row = next(row for row in _rows(page) if "۱۷:۳۵:۰۹" in row)
    cells = re.findall(r"<td>(.*?)</td>", row, re.S)
    assert cells[0] == "۱۶ آذر ۱۳۹۸ ۱۷:۳۵:۰۹"
    changes = re.sub(r"<[^>]+>", "", row.split('class="changes">')[1].split("</ul>")[0])
    assert changes == "– → ۱-۰"
    draws = [r for r in _rows(page) if 'data-action="board.result"' in r]
    texts = {
        re.sub(r"<[^>]+>", "", r.split('class="changes">')[1].split("</ul>")[0]) for r in draws
    }
    assert texts == {"– → ۱-۰", "– → ½-½", "– → ۰-۱"}
    assert "**" not in page.split('class="raw"')[0]
    # no ISO stamp in the time column (the stored JSON keeps its data behind a toggle)
    assert not any(
        re.search(r"[۰-۹]{4}\W*-", re.findall(r"<td>(.*?)</td>", r)[0]) for r in _rows(page)
    )
    # the same line read in Chinese: the Jalali day of the event with the Gregorian one
    client.cookies["django_language"] = "zh-hans"
    chinese = client.get(f"/e/{league.event.slug}/audit/").content.decode()
    row = next(row for row in _rows(chinese) if "17:35:09" in row)
    assert (
        re.findall(r"<td>(.*?)</td>", row, re.S)[0]
        == "1398年阿扎尔月16日（2019年12月7日） 17:35:09"
    )
