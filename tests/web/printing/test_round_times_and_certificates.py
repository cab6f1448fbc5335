"""What the printouts tell players and parents.

Futian youth (seed 004) 七(五): "选手赛前15分钟报到，迟到10分钟按弃权处理" — the pairings (by
board and A–Z), every result slip and the public round page give the round's start at the
venue, the report time and the forfeit rule. Round 1 starts 2009-11-14 08:30 in Shenzhen
(赛程安排), so players report by 08:15.

Futian grade tournament (seed 001) 六(2) and 十: boys and girls merged below 10 players but ranked
apart, prizes to the top 8 of each sex: a girl second overall is the first girl, and her
certificate says so ("女子", "第1名"), never a bare "第1名" under the section's name.
Section A, six players numbered by rating (5 and 6 girls), paired neighbour to neighbour:
  R1: 1-2 1-0, 3-4 1-0, 5-6 ½-½; R2 (1 3 5 6 2 4): 1-3 1-0, 5-6 1-0, 2-4 ½-½
Points: 1: 2, 5: 1½, 3: 1, 2, 4 and 6: ½. Overall 1st #1, 2nd #5 (the first girl), 3rd #3.
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
from crosstable_web.events.regulations import rules

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    translation.activate("en")


def _chinese() -> Client:
    client = Client()
    client.cookies["django_language"] = "zh-hans"
    return client


def test_pairings_slips_and_round_page_give_the_report_time_and_forfeit_rule(
    organiser: User, arbiter: User, simple_pairing: object
) -> None:
    spec = rules.load_event_spec(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    event = services.create_event(spec, organiser, slug="youth")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="ch-K")
    for name in ["林一", "陈二", "黄三", "吴四"]:
        services.add_entry(
            section,
            services.EntryData(name=name, sex="M", birth_date=datetime.date(2004, 1, 1)),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter, "rating")
    rounds.pair_next_round(section, arbiter)
    start = "开始时间：2009年11月14日 星期六 08:30。"
    report = "选手须于08:15前报到（赛前15分钟）。"
    forfeit = "迟到10分钟按弃权处理。"
    client = _chinese()
    for kind in ("pairings", "pairings-by-name"):
        page = client.get(f"/print/youth/ch-K/{kind}/").content.decode()
        assert start in page and report in page and forfeit in page, kind
    slips = client.get("/print/youth/ch-K/slips/").content.decode()
    assert slips.count(report) == 2 and slips.count(forfeit) == 2  # one per board
    public = client.get("/p/youth/ch-K/").content.decode()
    assert start in public and report in public and forfeit in public


def test_a_girl_second_overall_gets_the_first_girls_certificate(
    organiser: User, arbiter: User, simple_pairing: object
) -> None:
    spec = rules.load_event_spec(EXAMPLES / "futian-chess-grade-2019.toml")
    event = services.create_event(spec, organiser, slug="grade")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="A")
    boys = [("王一", "M"), ("李二", "M"), ("张三", "M"), ("赵四", "M")]
    players = [*boys, ("陈小红", "F"), ("周小丽", "F")]
    for index, (name, sex) in enumerate(players):
        services.add_entry(
            section,
            services.EntryData(
                name=name,
                sex=sex,
                birth_date=datetime.date(2010, 1, 1),
                national_grade="5",
                rating=2000 - 10 * index,
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter, "rating")
    round_one = rounds.pair_next_round(section, arbiter)
    for board, result in ((1, "1"), (2, "1"), (3, "=")):
        rounds.enter_result(round_one, board, result, arbiter)
    round_two = rounds.pair_next_round(section, arbiter)
    # After round 1 every tie is broken by lot (① points, ② Buchholz 0/0 and ½/½, ③ the
    # progressive scores equal, then lots: 九.3 and the file's final_tie): the printed standings
    # keep the * of each drawn place, and print the boys' and girls' rankings with it.
    printed = _chinese().get("/print/grade/A/standings/").content.decode()
    assert "* 名次由抽签决定" in printed
    main_table, subs = printed.split('<h2 class="sub-ranking">', 1)
    places = re.findall(r'<tr><td class="num">([^<]*)</td>', main_table)
    assert places == ["1*", "2*", "3*", "4*", "5*", "6*"]
    assert subs.startswith("男子</h2>") and '<h2 class="sub-ranking">女子</h2>' in subs
    girls = subs.split("女子</h2>")[1]
    assert re.findall(r'<tr><td class="num">([^<]*)</td>', girls) == ["1*", "2*"]
    pairs = [(b.white.pairing_number, b.black.pairing_number) for b in round_two.boards.all()]
    assert pairs == [(1, 3), (5, 6), (2, 4)]
    for board, result in ((1, "1"), (2, "1"), (3, "=")):
        rounds.enter_result(round_two, board, result, arbiter)

    html = _chinese().get("/print/grade/A/certificates/").content.decode()
    pages = [
        " ".join(re.sub(r"<[^>]+>", " ", page).split())
        for page in html.split('<div class="certificate">')[1:]
    ]
    girl = next(page for page in pages if "陈小红" in page)
    assert "女子 第1名" in girl and "男子" not in girl
    boy = next(page for page in pages if "王一" in page)
    assert "男子 第1名" in boy
    assert "男子 第2名" in next(page for page in pages if "张三" in page)
    assert "女子 第2名" in next(page for page in pages if "周小丽" in page)
