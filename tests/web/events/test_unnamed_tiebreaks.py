"""Futian youth (seed 004) names no tie-breaks: "个人项目冠军不并列，如无法区分则加赛快棋区分，
其它名次可并列" — the champion is not shared (a rapid play-off decides), other places may be
shared; prizes to the top 8 boys and the top 3 girls. The app ranks on points alone, shares the
tied places, marks the champion's ties for a play-off (†) in the standings table and every
printout, and says on the page that no tie-break applies — never the FIDE default list.

Chess kindergarten section (ch-K), six players numbered by rating, paired neighbour to
neighbour (``simple_pairing``); sexes 1 F, 2 M, 3 M, 4 M, 5 F, 6 M:
  R1: 1-2 0-1, 3-4 1-0, 5-6 1-0
  R2 (by score, then number: 2 3 5 1 4 6): 2-3 ½-½, 5-1 0-1, 4-6 1-0
After round 2: 2: 1½, 3: 1½, 1: 1, 4: 1, 5: 1, 6: 0.
Places on points alone: 2 and 3 share 1–2; 1, 4 and 5 share 3–5; 6 is 6th.
Boys: 2 and 3 tie for the boys' champion -> play-off; girls: 1 and 5 tie for the girls'
champion -> play-off. 4 and 6 are 3rd and 4th boy.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from crosstable_web.events import models, rounds, services
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import rules

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "futian-youth-xiangqi-chess-2009.toml"
PLAYERS = [("林一", "F"), ("陈二", "M"), ("黄三", "M"), ("吴四", "M"), ("周五", "F"), ("徐六", "M")]


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    translation.activate("en")


@pytest.fixture
def kindergarten(organiser: User, arbiter: User, simple_pairing: object) -> models.Section:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="futian-youth")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="ch-K")
    for index, (name, sex) in enumerate(PLAYERS):
        services.add_entry(
            section,
            services.EntryData(
                name=name,
                sex=sex,
                birth_date=datetime.date(2004, 1, 1),
                rating=1200 - index,
                unit="荔园小学",
                unit_kind="school",
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter, "rating")
    round_one = rounds.pair_next_round(section, arbiter)
    for board, result in ((1, "0"), (2, "1"), (3, "1")):
        rounds.enter_result(round_one, board, result, arbiter)
    round_two = rounds.pair_next_round(section, arbiter)
    boards = [(b.white.pairing_number, b.black.pairing_number) for b in round_two.boards.all()]
    assert boards == [(2, 3), (5, 1), (4, 6)]
    for board, result in ((1, "="), (2, "0"), (3, "1")):
        rounds.enter_result(round_two, board, result, arbiter)
    return section


def test_points_alone_shared_places_and_the_champions_play_off(
    kindergarten: models.Section,
) -> None:
    results = standings.section_results(kindergarten)
    assert results.main.tiebreaks == ()
    assert not results.default_tiebreaks and results.no_tiebreaks
    assert [(row.place, row.number) for row in results.main.rows] == [
        ("1-2", 2),
        ("1-2", 3),
        ("3-5", 1),
        ("3-5", 4),
        ("3-5", 5),
        ("6", 6),
    ]
    assert [(group.first_place, group.last_place, group.numbers) for group in results.playoffs] == [
        (1, 2, (2, 3)),
        (1, 2, (1, 5)),
    ]
    assert results.playoff_numbers == {1, 2, 3, 5}
    (table, *_) = results.prize_tables
    awards = table.prizes.awards
    assert [(award.prize, award.first_place, award.pairing_number) for award in awards] == [
        ("boys", 1, 2),
        ("boys", 1, 3),
        ("boys", 3, 4),
        ("boys", 4, 6),
        ("girls", 1, 1),
        ("girls", 1, 5),
    ]


def _place_cells(html: str) -> list[str]:
    return re.findall(r'<tr[^>]*><td class="num">([^<]*)</td>', html.split('id="standings"')[1])


def test_every_standings_page_says_so(kindergarten: models.Section, arbiter: User) -> None:
    visitor = Client()
    visitor.cookies["django_language"] = "zh-hans"
    public = visitor.get("/p/futian-youth/ch-K/standings/").content.decode()
    printed = visitor.get("/print/futian-youth/ch-K/standings/").content.decode()
    crosstable = visitor.get("/print/futian-youth/ch-K/crosstable/").content.decode()
    back_office_client = Client()
    back_office_client.force_login(arbiter)
    back_office_client.cookies["django_language"] = "zh-hans"
    back_office = back_office_client.get("/e/futian-youth/s/ch-K/standings/").content.decode()
    for name, html in (
        ("public", public),
        ("print", printed),
        ("back office", back_office),
        ("cross-table", crosstable),
    ):
        assert "竞赛规程未规定破同分方法：积分相同者名次并列" in html, name
        assert 'class="num tiebreak"' not in html, name  # no tie-break column at all
        assert "BH" not in html and "布赫霍尔茨" not in html, name
        assert "† 此名次由附加赛决定" in html, name
        assert "男子 — 第1–2名：陈二、黄三" in html, name  # a Chinese colon
        assert "女子 — 第1–2名" in html, name
    assert _place_cells(public) == ["1-2†", "1-2†", "3-5†", "3-5", "3-5†", "6"]
    assert _place_cells(printed) == ["1-2†", "1-2†", "3-5†", "3-5", "3-5†", "6"]
    section_page = back_office_client.get("/e/futian-youth/s/ch-K/").content.decode()
    assert "无（竞赛规程未规定：积分相同者名次并列）" in section_page


def _certificates(html: str) -> list[str]:
    """Each certificate page's text, tags dropped."""
    pages = html.split('<div class="certificate">')[1:]
    return [" ".join(re.sub(r"<[^>]+>", " ", page).split()) for page in pages]


def test_certificates_name_the_category_and_the_play_off(kindergarten: models.Section) -> None:
    visitor = Client()
    visitor.cookies["django_language"] = "zh-hans"
    printed = visitor.get("/print/futian-youth/ch-K/certificates/").content.decode()
    certificates = _certificates(printed)
    section = "国际象棋幼儿组"
    # boys' champion undecided: both printed "第1–2名 (附加赛)", as boys, individual event
    assert f"陈二 {section} 个人 · 男子 第1–2名 (附加赛)" in certificates[0]
    assert f"黄三 {section} 个人 · 男子 第1–2名 (附加赛)" in certificates[1]
    assert f"吴四 {section} 个人 · 男子 第3名" in certificates[2]
    assert f"林一 {section} 个人 · 女子 第1–2名 (附加赛)" in certificates[4]
    # the school's team prize (best 2 boys + best girl: 1 + 1 + 3 = 5)
    assert f"荔园小学 {section} 团体 第1名" in certificates[-1]
    prizes = visitor.get("/print/futian-youth/ch-K/prizes/").content.decode()
    assert prizes.count("(附加赛)") == 4
