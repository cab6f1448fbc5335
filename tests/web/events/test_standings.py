"""Standings as the regulations say: tie-breaks, team ranking by sum of places and its prizes
(Huayuan xiangqi example), the points of xiangqi (win 2, draw 1)."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import rounds, services
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.mark.django_db
def test_huayuan_unit_ranking_and_team_prizes(simple_pairing: object) -> None:
    arbiter = User.objects.create_user("arbiter", is_superuser=True)
    spec = rules.load_event_spec(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    event = services.create_event(spec, arbiter, slug="huayuan")
    section = event.sections.get()
    for index in range(12):
        unit = "花垣" if index % 2 == 0 else "吉首"
        services.add_entry(
            section,
            services.EntryData(
                name=f"棋手{index}",
                sex="M",
                unit=unit,
                native_unit=unit,
                rating=2000 - index,
            ),
            arbiter,
        )
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    for board in round_one.boards.all():
        rounds.enter_result(round_one, board.number, "1", arbiter)  # Red wins everywhere

    results = standings.section_results(section)
    tournament = results.tournament
    assert {tournament.points(p) for p in tournament} == {0, 2}  # xiangqi: a win is 2
    places = {row.number: row.rank for row in results.main.rows}
    assert results.unit_ranking is not None
    by_unit = {unit.unit: unit for unit in results.unit_ranking.units}
    for unit_name, unit in by_unit.items():
        members = [p.pairing_number for p in tournament if p.club == unit_name]
        assert unit.total == sum(places[number] for number in members)
    winner = min(by_unit.values(), key=lambda unit: unit.total)
    team_prizes = [table for table in results.prize_tables if table.rankings == "team"]
    assert team_prizes
    first = [a for a in team_prizes[0].prizes.awards if a.first_place == 1]
    assert [team_prizes[0].names[a.pairing_number] for a in first] == [winner.unit]
    assert first[0].amount == 6000


# Seed 004, 中国象棋儿童A组, four rounds with the tests' neighbour pairing (conftest: by
# points, then number; the first of a pair is Red): (Red, Black, result) per board.
YOUTH_ROUNDS = [
    [(1, 2, "1"), (3, 4, "0"), (5, 6, "0"), (7, 8, "0"), (9, 10, "0"), (11, 12, "=")],
    [(1, 4, "1"), (6, 8, "1"), (10, 11, "1"), (12, 2, "0"), (3, 5, "0"), (7, 9, "=")],
    [(1, 6, "="), (10, 2, "1"), (4, 5, "0"), (8, 7, "1"), (9, 11, "="), (12, 3, "=")],
    [(10, 1, "1"), (6, 5, "1"), (8, 2, "1"), (4, 9, "="), (11, 12, "="), (3, 7, "1")],
]
# Points (win 2, draw 1), worked from the record: 10: 2+2+2+2 = 8, 6: 2+2+1+2 = 7,
# 8: 2+0+2+2 = 6, 1: 2+2+1+0 = 5, 5: 0+2+2+0 = 4; 4: 2+0+0+1, 9: 0+1+1+1, 11: 1+0+1+1,
# 12: 1+0+1+1 — all 3; 7: 0+1+0+0 = 1. Girls (2, 3) aside, the boys are 1st-5th alone and
# 4, 9, 11, 12 share 6th-9th (no tie-breaks, 八(一)2: places other than the champion's may
# be shared); prizes go to the 8th boy (八(一)1).


@pytest.mark.django_db
def test_futian_youth_four_boys_share_sixth_to_ninth_on_the_prize_list(
    simple_pairing: object,
) -> None:
    """Issue 26.5: all four boys tied for 6th-9th are on the prize list and get a
    certificate, the list says 6–9 and why (before: three, the fourth cut by number)."""
    organiser = User.objects.create_user("zhuban", password="Zhuban-2009", is_superuser=True)
    spec = rules.load_event_spec(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    event = services.create_event(spec, organiser, slug="youth")
    section = event.sections.get(key="xq-CA")
    names = "甲乙丙丁戊己庚辛壬癸子丑"
    for number in range(1, 13):
        services.add_entry(
            section,
            services.EntryData(
                name=f"棋手{names[number - 1]}",
                sex="F" if number in (2, 3) else "M",
                unit=f"第{number}小学",
                birth_date=datetime.date(2002, 3, 1),
                rating=2000 - number,
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, organiser)
    for record in YOUTH_ROUNDS:
        round_row = rounds.pair_next_round(section, organiser)
        boards = round_row.boards.select_related("white", "black").order_by("number")
        assert [(b.white.pairing_number, b.black.pairing_number) for b in boards] == [
            (red, black) for red, black, _result in record
        ]
        for board, (_red, _black, result) in enumerate(record, start=1):
            rounds.enter_result(round_row, board, result, organiser)

    client = Client()
    client.cookies["django_language"] = "zh-hans"
    client.force_login(organiser)
    page = client.get("/e/youth/s/xq-CA/standings/").content.decode()
    prizes = re.search(r'<table id="prizes">(.*?)</table>', page, re.S)
    assert prizes is not None
    rows = [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", prizes.group(1), re.S)
    ]
    boys = [(row[1], row[2]) for row in rows if row[0] == "男子"]
    assert boys == [
        ("1", "棋手癸"), ("2", "棋手己"), ("3", "棋手辛"), ("4", "棋手甲"), ("5", "棋手戊"),
        ("6–9", "棋手丁"), ("6–9", "棋手壬"), ("6–9", "棋手子"), ("6–9", "棋手丑"),
    ]  # fmt: skip
    assert (
        "男子: 4名棋手并列第6–9名，奖项录取至第8名：按竞赛规程名次可并列，全部列入名单。"
        "第8名之后的棋手是否另获奖项，由主办方决定。"
    ) in page
    printed = client.get("/print/youth/xq-CA/certificates/").content.decode()
    assert printed.count("棋手丑") == 1  # the ninth boy's certificate: 第6–9名
