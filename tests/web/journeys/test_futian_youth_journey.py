"""Seed 004 — 2009年深圳市福田区少儿中国象棋、国际象棋比赛 (../shared/seeds/004_*.txt,
examples/futian-youth-xiangqi-chess-2009.toml) — from an EMPTY database, in Chinese, through
the browser only, each person with their own sign-in. The xiangqi children A group (中国象棋
儿童A组: born on or after 1 September 2001, 4 players per unit, 7 rounds):

* the site administrator (made before the journey, with the site setting "any signed-in
  account may create events") invites the district sports bureau's organiser;
* the organiser (not staff) creates the event by uploading its regulations file (TOML),
  invites the arbiter by e-mail on the roles page, and imports the units' entry forms gathered
  in one workbook (XLSX: 序号/姓名/性别/出生日期 as Excel dates and 2002/5/3 text/单位/单位类型
  学校 少年宫/项目 中国象棋/组别 儿童A组/备注) — first as gathered, refused for a fifth player of
  one school (六(二)1) and a child born before 1 September 2001, then corrected;
* the arbiter numbers and pairs the seven rounds (round 1 by the 2011 xiangqi rules: top half
  against bottom half by lot) and types every result; a boy arrives more than 10 minutes late
  in round 4 and loses by forfeit (七(五));
* a parent on a 390-px phone finds her daughter's board in the last round;
* the standings on points alone (the regulations name no tie-breaks: equal points share the
  place, 八(一)2, except the champion — a play-off, marked †), the boys' top 8 and girls' top 3,
  the schools' team ranking (八(二): best 2 boys + best girl, schools only), the prize list,
  the certificates, the team ranking, the round's pairings and result slips with the report
  time and the 10-minute rule, printed to PDF and read back.

Every expected value is worked by hand from the regulation text and the results typed; the
pairings are the engine's (held here as the record of the event; round 1 checked by hand).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..language_check import foreign_in_pdf_text, foreign_text
from .steps import (
    Person,
    accept_invitation,
    assert_printed_on,
    backup_round_trips,
    invitation_link,
    organiser_invited,
    pdf_lines,
    person,
    round_boards,
    round_byes,
    same_line,
    site_before_the_journey,
    table_rows,
    type_result,
    without_audit_head,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "journeys"
REGULATIONS = ROOT / "examples" / "futian-youth-xiangqi-chess-2009.toml"
JOURNEY = "004-futian-youth"
EVENT = "2009年深圳市福田区少儿中国象棋、国际象棋比赛"
SECTION = "中国象棋儿童A组"
KEY = "xq-CA"

# Numbered "by rating": nobody has one, so by name, in the order of the characters' code
# points (何 U+4F55, 冯 U+51AF, 唐, 宋, 林, 罗, 胡, 谢, 郭, 韩, 马, 高 U+9AD8).
# number: (name, sex, unit)
PLAYERS = {
    1: ("何俊熙", "M", "荔园小学"),
    2: ("冯子健", "M", "福田区少年宫"),
    3: ("唐诗雨", "F", "园岭小学"),
    4: ("宋家乐", "M", "园岭小学"),
    5: ("林浩宇", "M", "荔园小学"),
    6: ("罗欣然", "F", "荔园小学"),
    7: ("胡博文", "M", "福田小学"),
    8: ("谢雨桐", "F", "福田小学"),  # kindergarten age, entered in children A by her school
    9: ("郭子豪", "M", "荔园小学"),
    10: ("韩志强", "M", "福田区少年宫"),
    11: ("马天佑", "M", "福田小学"),
    12: ("高雅琪", "F", "福田小学"),
}
NAME = {number: name for number, (name, _sex, _unit) in PLAYERS.items()}

# The record: (Red, Black, result typed) per board. 1 Red wins (2-0), 0 Black wins, = draw
# (1-1); "+" Red wins by forfeit.
ROUNDS = {
    # Round 1 (2011 rules, App. 2 §4; the example's halves_by_lot): each of 1-6 meets one of
    # 7-12, which one by lot — every board below has one player of each half.
    1: [(8, 1, "0"), (2, 7, "0"), (9, 3, "1"), (4, 12, "0"), (11, 5, "="), (6, 10, "0")],
    2: [(1, 9, "1"), (7, 10, "0"), (12, 11, "0"), (5, 2, "1"), (3, 6, "="), (8, 4, "0")],
    3: [(10, 1, "="), (4, 5, "0"), (11, 7, "1"), (9, 12, "0"), (2, 3, "0"), (6, 8, "1")],
    # 郭子豪 (9) arrives more than 10 minutes late: 七(五), he loses by forfeit
    4: [(1, 5, "0"), (10, 11, "0"), (12, 6, "1"), (3, 4, "0"), (7, 9, "+"), (8, 2, "0")],
    5: [(5, 12, "1"), (11, 1, "1"), (4, 10, "0"), (7, 3, "1"), (6, 2, "1"), (9, 8, "1")],
    6: [(10, 5, "0"), (6, 11, "0"), (12, 7, "1"), (1, 4, "1"), (2, 9, "0"), (3, 8, "1")],
    7: [(11, 9, "1"), (5, 6, "1"), (1, 12, "0"), (3, 10, "0"), (7, 8, "1"), (4, 2, "1")],
}

# Points (xiangqi: win 2, draw 1, loss 0), round by round from the record:
#   5 林浩宇  1 2 2 2 2 2 2 = 13     11 马天佑  1 2 2 2 2 2 2 = 13   (they drew in round 1)
#   12 高雅琪 2 0 2 2 0 2 2 = 10     10 韩志强  2 2 1 0 2 0 2 = 9
#   7 胡博文  2 0 0 2(forfeit) 2 0 2 = 8    1 何俊熙 2 2 1 0 0 2 0 = 7
#   4 宋家乐  0 2 0 2 0 0 2 = 6      9 郭子豪  2 0 0 0(forfeit) 2 2 0 = 6
#   3 唐诗雨  0 1 2 0 0 2 0 = 5      6 罗欣然  0 1 2 0 2 0 0 = 5
#   2 冯子健  0 0 0 2 0 0 0 = 2      8 谢雨桐  0 ... = 0
# No tie-break (八(一)2: "其它名次可并列"): equal points share the place, listed by number;
# the champion may not be shared: 林浩宇 and 马天佑 share 1-2 until a rapid play-off (†).
STANDINGS = [
    ("1-2†", 5, "13"),
    ("1-2†", 11, "13"),
    ("3", 12, "10"),
    ("4", 10, "9"),
    ("5", 7, "8"),
    ("6", 1, "7"),
    ("7-8", 4, "6"),
    ("7-8", 9, "6"),
    ("9-10", 3, "5"),
    ("9-10", 6, "5"),
    ("11", 2, "2"),
    ("12", 8, "0"),
]
# 八(一)1: boys' top 8, girls' top 3, places shared as in the section, the champion not:
# boys 林/马 1-2 (play-off), 韩 3, 胡 4, 何 5, 宋/郭 6-7, 冯 8; girls 高 1, 唐/罗 2-3 (谢 4th:
# no prize).
BOYS_PRIZES = [
    ("1–2", 5, True), ("1–2", 11, True), ("3", 10, False), ("4", 7, False),
    ("5", 1, False), ("6–7", 4, False), ("6–7", 9, False), ("8", 2, False),
]  # fmt: skip
GIRLS_PRIZES = [("1", 12, False), ("2–3", 3, False), ("2–3", 6, False)]
# 八(二)1-2: a school's score is the sum of the places of its best 2 boys and best girl, lower
# first; units other than schools (福田区少年宫) are not ranked. A shared place counts as the
# place shared (its first: 9 for 9-10; the champion's 1-2 as 1 until the play-off).
#   福田小学  马天佑 1 + 胡博文 5 + 高雅琪 3 = 9
#   荔园小学  林浩宇 1 + 何俊熙 6 + 罗欣然 9 = 16   (郭子豪, 7th, is their third boy)
#   园岭小学  one boy only (宋家乐): not ranked
UNITS = [("1", "福田小学", "9", "1, 3, 5"), ("2", "荔园小学", "16", "1, 6, 9")]

PROPER_NOUNS = [
    *NAME.values(),
    *{unit for _name, _sex, unit in PLAYERS.values()},
    EVENT,
    SECTION,
    "liucaipan",  # account names in the header
    "jingjike",
]


def test_futian_youth_journey(chromium: Any, live_server: Any) -> None:
    base = live_server.url
    site_before_the_journey(
        ("root", "root@example.cn", "Guanliyuan-2009!"), anyone_creates_events=True
    )

    _admin, organiser = organiser_invited(
        chromium, base, JOURNEY, "zh-hans", ("root", "Guanliyuan-2009!"),
        "jingjike@example.cn", ("jingjike", "区体育局竞技科", "Futian-Tiyu-2009"),
    )  # fmt: skip

    # --- the organiser: the event from its regulations file -------------------------
    organiser.go("/")
    organiser.page.click("#new-event")
    organiser.page.set_input_files("#upload-form input[type=file]", str(REGULATIONS))
    organiser.submit("#create-from-file")
    assert "赛事已创建。" in organiser.messages()
    slug = organiser.path().split("/")[2]
    assert slug == "2009-nian-shen-zhen-shi-fu-tian-qu-shao-er-zhong-guo"
    organiser.page.click("#to-event")
    facts = organiser.page.inner_text("#event-facts")
    assert "2009年11月14日 星期六 – 2009年11月15日 星期日" in facts  # 二
    assert "福田区荔园小学（南校区）" in facts

    organiser.page.click("#event-roles")
    organiser.page.fill("#invite-form input[name=email]", "caipan@example.cn")
    organiser.page.select_option("#invite-form select[name=role]", "chief_arbiter")
    organiser.submit("#invite-form button")
    link = invitation_link(organiser.messages())
    arbiter = person(chromium, base, JOURNEY, "arbiter", "zh-hans")
    accept_invitation(arbiter, link, "liucaipan", "刘裁判", "Xiangqi-Caipan-09")

    _import_the_units_forms(organiser, slug)

    # --- the arbiter: numbers and seven rounds ------------------------------------------
    arbiter.go("/")
    arbiter.page.click(f"#event-{slug} a")
    arbiter.submit("#numbers-all")
    assert "已在1个组别分配编号。" in arbiter.messages()
    arbiter.go(f"/e/{slug}/s/{KEY}/")
    numbered = [(int(row[0]), row[1]) for row in table_rows(arbiter, "main table")]
    assert numbered == list(NAME.items())
    # 六(一)-(三), 七(四): mixed boys and girls; the tie-breaks: none named
    assert "无（竞赛规程未规定：积分相同者名次并列）" in arbiter.main_text()

    for white, black, _result in ROUNDS[1]:
        assert {white <= 6, black <= 6} == {True, False}

    parent = person(chromium, base, JOURNEY, "parent", "zh-hans", phone=True)
    for number in range(1, 8):
        arbiter.go(f"/e/{slug}/")
        arbiter.submit("#pair-all")
        assert SECTION in arbiter.main_text()
        arbiter.submit("#confirm-button")
        assert "已编排1个组别。" in arbiter.messages()
        if number == 7:
            _parent_finds_the_board(parent, slug)
            _round_printouts(arbiter, slug)
        _play_round(arbiter, slug, number)

    _final_standings(arbiter, slug)
    _printouts(organiser, slug)
    backup_round_trips(organiser, slug, "root")


def _import_the_units_forms(organiser: Person, slug: str) -> None:
    organiser.go(f"/e/{slug}/")
    organiser.page.click(f'a[href="/e/{slug}/import/"]')
    organiser.page.set_input_files("input[type=file]", str(DATA / "futian-youth-xq-first.xlsx"))
    organiser.submit("main form button[type=submit]")
    assert organiser.page.inner_text("#import-problems") == "2个问题——未保存任何内容"
    report = {row[1]: row for row in table_rows(organiser, "table.report")}
    # line 7: 曹一凡 would be 荔园小学's fifth xiangqi player in children A (六(二)1: 4)
    assert report["曹一凡"][0] == "7" and report["曹一凡"][3] == "荔园小学在本组别已有4名棋手。"
    # line 14: 许文杰, born 31 August 2001, one day too early for children A (六(二)1)
    assert report["许文杰"][0] == "14"
    assert report["许文杰"][3] == (
        "中国象棋儿童A组：出生于2001年8月31日：须在2001年9月1日或之后出生。"
    )
    organiser.shot("import-refused")

    organiser.page.set_input_files("input[type=file]", str(DATA / "futian-youth-xq.xlsx"))
    organiser.submit("main form button[type=submit]")
    assert "已导入12条报名。" in organiser.messages()
    sections = {row[0]: row[1] for row in table_rows(organiser, "main table")}
    # all twelve in the section the forms name (组别 儿童A组, 项目 中国象棋), 谢雨桐 too,
    # although born after 1 September 2003 (kindergarten age): a unit may enter a child
    # in an older group
    assert sections == {name: "0" for name in sections if name != SECTION} | {SECTION: "12"}
    organiser.go(f"/e/{slug}/s/{KEY}/")
    kinds = {row[1]: (row[2], row[5]) for row in table_rows(organiser, "main table")}
    assert kinds["谢雨桐"] == ("女", "福田小学") and kinds["韩志强"] == ("男", "福田区少年宫")


def _play_round(arbiter: Person, slug: str, number: int) -> None:
    arbiter.go(f"/e/{slug}/s/{KEY}/r/{number}/")
    boards = round_boards(arbiter)
    assert [(b.white, b.black) for b in boards] == [
        (NAME[red], NAME[black]) for red, black, _result in ROUNDS[number]
    ], (number, boards)
    assert round_byes(arbiter) == []
    for board, (_red, _black, result) in enumerate(ROUNDS[number], start=1):
        cell = type_result(arbiter, board, result)
        # the Chinese xiangqi rules' points: 2-0, 1-1, 0-2
        assert cell == {"1": "2-0", "0": "0-2", "=": "1-1", "+": "+/-"}[result], cell
    arbiter.shot(f"round-{number}")


ROUND_SEVEN_TIMES = (
    # 赛程: round 7 on 15 November at 08:30; 七(五): report 15 minutes before, 10 minutes
    # late is a forfeit
    "开始时间：2009年11月15日 星期日 08:30。 选手须于08:15前报到（赛前15分钟）。 "
    "迟到10分钟按弃权处理。"
)


def _parent_finds_the_board(parent: Person, slug: str) -> None:
    """Round 7 is paired: 谢雨桐's mother opens the public page on her phone, taps children
    A, reads the times and finds her daughter: board 5, Black against 胡博文."""
    parent.go(f"/p/{slug}/")
    parent.page.click(f"text={SECTION}")
    assert parent.page.locator(".round-times").inner_text() == ROUND_SEVEN_TIMES
    parent.page.fill("#find", "谢雨桐")
    seats = parent.page.locator("#seats tbody tr:visible")
    assert seats.count() == 1
    cells = [cell.strip() for cell in seats.first.locator("td").all_inner_texts()]
    assert cells[0].startswith("谢雨桐") and cells[1] == "5" and cells[2] == "黑方"
    assert parent.overflow() <= 0
    parent.shot("round-7")


def _round_printouts(arbiter: Person, slug: str) -> None:
    """Round 7's pairings for the wall and its result slips, as PDF: the report time and the
    10-minute rule printed on both, the slips with the xiangqi boxes."""
    (text,) = arbiter.pdf(f"/print/{slug}/{KEY}/pairings/?round=7&format=pdf", "pairings-7")
    lines = pdf_lines(text)
    assert same_line(ROUND_SEVEN_TIMES) in lines
    for board, (red, black, _result) in enumerate(ROUNDS[7], start=1):
        assert any(
            line.startswith(same_line(f"{board} {red} {NAME[red]}")) and NAME[black] in line
            for line in lines
        ), (board, lines)
    pages = arbiter.pdf(f"/print/{slug}/{KEY}/slips/?round=7&format=pdf", "slips-7", 2)
    slips = [line for page in pages for line in pdf_lines(page)]
    assert slips.count(same_line(ROUND_SEVEN_TIMES)) == 6  # one slip per board
    assert slips.count(same_line("☐ 红胜 2-0 ☐ 和棋 1-1 ☐ 黑胜 0-2")) == 6
    assert same_line("红方 : 胡博文 (7) 黑方 : 谢雨桐 (8)") in slips


def _final_standings(arbiter: Person, slug: str) -> None:
    arbiter.go(f"/e/{slug}/s/{KEY}/standings/")
    assert "第7轮后（共7轮）" in arbiter.main_text()
    rows = table_rows(arbiter, "#standings")
    assert [(row[0], int(row[1]), row[-1]) for row in rows] == STANDINGS
    # the cross-table names each opponent by their line: 唐诗雨 (line 9) lost to 郭子豪, who
    # shares 7-8 with 宋家乐 but stands on line 8 ("7" would not say which of the two)
    lines = {int(row[1]): line for line, row in enumerate(rows, start=1)}
    tang = next(row for row in rows if row[2] == "唐诗雨")
    assert tang[4:11] == ["8黑0", "10红1", "11黑2", "7红0", "5黑0", "12红2", "4红0"]
    assert lines[9] == 8 and lines[4] == 7
    text = arbiter.main_text()
    assert "竞赛规程未规定破同分方法：积分相同者名次并列（按编号排列）。" in text
    assert "男子 — 第1–2名：林浩宇、马天佑" in text
    units = table_rows(arbiter, "#units")
    assert [tuple(row) for row in units] == UNITS
    assert "未排名（计分人数不足）： 园岭小学" in text
    prizes = [[cell for cell in row if cell] for row in table_rows(arbiter, "#prizes")]
    expected = [
        ["男子", place, NAME[number], *(["(附加赛)"] if playoff else [])]
        for place, number, playoff in BOYS_PRIZES
    ] + [["女子", place, NAME[number]] for place, number, _playoff in GIRLS_PRIZES]
    assert prizes[: len(expected)] == expected
    assert prizes[len(expected) :] == [["1", "福田小学"], ["2", "荔园小学"]]
    arbiter.shot("standings")
    assert foreign_text(arbiter.page.content(), "zh", PROPER_NOUNS) == []


SIGNED = (
    "主办单位：深圳市福田区体育局、福田区教育局",
    "日期：2009年11月15日",
    "裁判长：刘裁判 主办单位",
)
"""Under each certificate (issue 26.8): the organiser as the regulations name them, the day
(the event's last, 二), where the chief arbiter and the organiser sign."""


def _printouts(organiser: Person, slug: str) -> None:
    """Standings, prize list, certificates and the schools' team ranking, as PDF."""
    (text,) = organiser.pdf(f"/print/{slug}/{KEY}/standings/?format=pdf", "standings")
    lines = pdf_lines(text)
    for place, number, points in STANDINGS:
        unit = PLAYERS[number][2]
        assert same_line(f"{place} {number} {NAME[number]} {unit} {points}") in lines, lines
    assert same_line("† 此名次由附加赛决定 :") in lines
    assert same_line("男子 — 第 1–2 名 : 林浩宇、马天佑") in lines
    assert foreign_in_pdf_text("\n".join(lines), "zh", map(same_line, PROPER_NOUNS)) == []

    (text,) = organiser.pdf(f"/print/{slug}/{KEY}/prizes/?format=pdf", "prizes")
    expected = [
        f"男子 {place} {NAME[number]}" + (" (附加赛)" if playoff else "")
        for place, number, playoff in BOYS_PRIZES
    ] + [f"女子 {place} {NAME[number]}" for place, number, _playoff in GIRLS_PRIZES]
    # the audit log's head under the signatures (its shape checked); dated the day it is
    # printed, at the venue (issue 26.8)
    lines = without_audit_head(pdf_lines(text), "zh")
    assert_printed_on(lines.pop(2), "zh")
    assert lines == [
        same_line(line)
        for line in (
            EVENT,
            f"{SECTION} — 获奖名单",
            "个人",
            *expected,
            "单位(名次之和)",
            "1 福田小学",
            "2 荔园小学",
            "裁判长: 刘裁判",  # who signs the list (the roles page's chief arbiter)
        )
    ]

    # one certificate per prize: the category (个人 · 男子 / 女子, or 团体) and the place
    pages = organiser.pdf(f"/print/{slug}/{KEY}/certificates/?format=pdf", "certificates", 2)
    individual = [
        ("个人 · 男子", place, number, playoff) for place, number, playoff in BOYS_PRIZES
    ] + [("个人 · 女子", place, number, playoff) for place, number, playoff in GIRLS_PRIZES]
    assert [pdf_lines(page) for page in pages] == [
        [same_line(line) for line in lines]
        for lines in [
            (
                "荣誉证书", NAME[number], SECTION, category,
                f"第 {place} 名" + (" (附加赛)" if playoff else ""), EVENT, *SIGNED,
            )
            for category, place, number, playoff in individual
        ]
        + [
            ("荣誉证书", unit, SECTION, "团体", f"第 {place} 名", EVENT, *SIGNED)
            for place, unit, _total, _places in UNITS
        ]
    ]  # fmt: skip

    (text,) = organiser.pdf(f"/print/{slug}/{KEY}/team-ranking/?format=pdf", "team-ranking")
    lines = pdf_lines(text)
    assert same_line("1 福田小学 9 1 马天佑 (1), 高雅琪 (3), 胡博文 (5)") in lines
    assert same_line("2 荔园小学 16 1 林浩宇 (1), 何俊熙 (6), 罗欣然 (9)") in lines
    assert same_line("未排名(计分人数不足): 园岭小学") in lines
