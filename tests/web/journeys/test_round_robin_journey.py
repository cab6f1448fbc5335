"""An 8-player round robin in Chinese (issue 34), from an EMPTY database, through the browser
only, as the real roles:

* the site administrator (made before the journey, with "any signed-in account may create
  events") invites the organiser, 周建国, who is not staff;
* the organiser creates the event from the form, choosing 单循环（贝格尔编排表） among the
  individual pairing systems (the team systems are listed apart) and the tie-breaks
  ``SB, WIN, DE`` (象棋竞赛规则 14.1's order for a single round robin: 小分, 胜局, 直胜), adds
  a prize table in the regulations' text (1st 1000, 2nd 600, 3rd 400 元), appoints
  himself chief arbiter on the roles page, enters eight players, numbers them by rating;
* he pairs the seven rounds, each from FIDE's Berger table (C.05 Annex 1, 7 or 8 players),
  and types the results from the slips: one a forfeit (7 does not come to round 7);
* the cross-table printout (A4 PDF) is the classic 8 × 8 table with points, SB, wins, direct
  encounter and the place, read back and looked at as an image; the prize list names the
  winners.

The results (white first, board order of the table):

  Rd 1: 1-8 1-0, 2-7 1-0, 3-6 1-0, 4-5 1-0
  Rd 2: 8-5 0-1, 6-4 0-1, 7-3 0-1, 1-2 ½-½
  Rd 3: 2-8 1-0, 3-1 1-0, 4-7 1-0, 5-6 ½-½
  Rd 4: 8-6 0-1, 7-5 0-1, 1-4 1-0, 2-3 1-0
  Rd 5: 3-8 1-0, 4-2 1-0, 5-1 0-1, 6-7 1-0
  Rd 6: 8-7 0-1, 1-6 1-0, 2-5 1-0, 3-4 1-0
  Rd 7: 4-8 1-0, 5-3 0-1, 6-2 0-1, 7-1 -/+ (7 forfeits)

Worked by hand. Points: 1 beats 8, 4, 5, 6 and 7 (forfeit), draws 2, loses to 3: 5½.
2 beats 7, 8, 3, 5, 6, draws 1, loses to 4: 5½. 3 loses only to 2: 6. 4 loses to 1 and 3: 5.
5 beats 8 and 7, draws 6: 2½; 6 the same: 2½. 7 beats 8: 1. 8: 0. (Sum 28 = 8 × 7 / 2.)

Sonneborn-Berger (C.07 9.1; a round robin's forfeit counts as a result, Art. 15.2):
  1: 0 (8) + 5 (4) + 2½ (5) + 2½ (6) + 1 (7) + ½ × 5½ (2) = 11 + 2¾ = 13¾
  2: 1 (7) + 0 (8) + 6 (3) + 2½ (5) + 2½ (6) + ½ × 5½ (1) = 12 + 2¾ = 14¾
  3: 2½ (6) + 1 (7) + 5½ (1) + 0 (8) + 5 (4) + 2½ (5) = 16½
  4: 2½ (5) + 2½ (6) + 1 (7) + 5½ (2) + 0 (8) = 11½
  5: 0 (8) + 1 (7) + ½ × 2½ (6) = 2¼;  6: 0 (8) + 1 (7) + ½ × 2½ (5) = 2¼
  7: 0 (8) = 0;  8: 0
Places: 3 first (6); 1 and 2 tie on 5½, SB puts 2 (14¾) second and 1 (13¾) third; 4 fourth;
5 and 6 tie on 2½ and on SB (2¼), on wins (2 each: 8 and 7) and on direct encounter (their
draw): the list is exhausted, and the regulations' final tie (``final_tie``, drawing of lots
unless they say otherwise) orders them, each place marked *; 7 seventh, 8 eighth.
Prizes: 1000 to 3, 600 to 2, 400 to 1.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.accounts.models import EventCreation, SiteSettings
from crosstable_web.events import models

from ..language_check import foreign_in_pdf_text, foreign_text
from .settings_steps import open_part
from .steps import (
    organiser_invited,
    pdf_lines,
    round_boards,
    round_byes,
    same_line,
    type_result,
    without_audit_head,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

JOURNEY = "round-robin-zh"
PLAYERS = [
    ("王天一", "2300"),
    ("郑惟桐", "2250"),
    ("赵鑫鑫", "2200"),
    ("孟辰", "2150"),
    ("许银川", "2100"),
    ("洪智", "2050"),
    ("谢靖", "2000"),
    ("蒋川", "1950"),
]
"""Numbered by rating: 王天一 is 1, … 蒋川 8."""
NAMES = [name for name, _rating in PLAYERS]

TABLE = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]
"""C.05 Annex 1, the table for 7 or 8 players (White first)."""
RESULTS = [
    ["1", "1", "1", "1"],
    ["0", "0", "0", "="],
    ["1", "1", "1", "="],
    ["0", "0", "1", "1"],
    ["1", "1", "0", "1"],
    ["0", "1", "1", "1"],
    ["1", "0", "0", "-"],
]
"""What the arbiter types for each board (``-``: White lost by forfeit)."""
PRIZES = """
[[sections.prizes]]
rankings = ["individual"]
currency = "CNY"
places = [
  { place = 1, amount = 1000, items = ["奖杯"] },
  { place = 2, amount = 600 },
  { place = 3, amount = 400 },
]
"""


def test_a_chinese_organiser_runs_an_eight_player_round_robin(
    chromium: Any, live_server: Any
) -> None:
    base = live_server.url
    User.objects.create_superuser("root", "root@example.org", "root-pass")
    SiteSettings.objects.update_or_create(pk=1, defaults={"event_creation": EventCreation.ANYONE})
    _admin, organiser = organiser_invited(
        chromium,
        base,
        JOURNEY,
        "zh-hans",
        ("root", "root-pass"),
        "zhou@example.cn",
        ("zhoujg", "周建国", "Zhou-Jianguo-2026"),
    )
    assert not User.objects.get(username="zhoujg").is_staff

    # --- the event, from the form: the system chosen among the individual systems ---------
    organiser.go("/events/new/")
    form = organiser.page.locator("#blank-form")
    groups = form.locator("#id_system optgroup")
    assert [groups.nth(i).get_attribute("label") for i in range(groups.count())] == [
        "个人赛编排制度",
        "团体赛编排制度",
    ]
    individual = groups.nth(0).locator("option").all_inner_texts()
    assert "单循环（贝格尔编排表）" in individual and "双循环（贝格尔编排表）" in individual
    assert not any("团体" in text for text in individual)
    form.locator("#id_name").fill("2026年深圳市国际象棋大师循环赛")
    form.locator("#id_game").select_option("chess")
    form.locator("#id_language").select_option("zh_Hans")
    form.locator("#id_time_zone").select_option("Asia/Shanghai")
    form.locator("#id_start_date").fill("2026-12-10")
    form.locator("#id_end_date").fill("2026-12-13")
    form.locator("#id_venue").fill("深圳")
    form.locator("#id_section_name").fill("大师组")
    form.locator("#id_rounds").fill("7")
    form.locator("#id_system").select_option(label="单循环（贝格尔编排表）")
    # the tie-breaks chosen from the lists by their Chinese words: SB, WIN, DE
    for number, words in enumerate(("小分", "胜局", "直接对局")):
        box = form.locator(f"[name=tiebreaks-{number}]")
        option = box.locator("option").filter(has_text=re.compile(f"^{words} — "))
        box.select_option(label=option.inner_text())
    organiser.submit("#create-from-form")
    assert organiser.path().endswith("/settings/"), organiser.messages()
    event = models.Event.objects.get()
    section = event.sections.get()
    assert section.system_code == "FIDE_ROUNDROBIN"
    assert section.tiebreaks == ["SB", "WIN", "DE"]

    # the prize table, written into the regulations' text (the settings' last part)
    open_part(organiser, "file")
    settings_path = organiser.path()
    editor = organiser.page.locator("#regulations-form textarea")
    editor.fill(editor.input_value() + PRIZES)
    organiser.submit("#save-regulations")
    event.refresh_from_db()
    assert 'currency = "CNY"' in event.regulations_text, organiser.page.locator(
        "#regulations-form"
    ).inner_text()[:2000]
    organiser.go(settings_path)
    assert "奖杯" in organiser.page.locator("#regulations-form textarea").input_value()

    # --- the organiser is also the chief arbiter -----------------------------------------
    organiser.go(f"/e/{event.slug}/roles/")
    organiser.page.fill("#id_q", "周建国")
    organiser.submit("#account-search button")
    found = organiser.page.locator('#found tr[data-user="zhoujg"]')
    found.locator("select[name=role]").select_option("chief_arbiter")
    organiser.submit('#found tr[data-user="zhoujg"] button')

    # --- eight players, numbered by rating ----------------------------------------------
    section_path = f"/e/{event.slug}/s/{section.key}/"
    organiser.go(section_path)
    for name, rating in PLAYERS:
        entry = organiser.page.locator("#entry-form")
        entry.locator("#id_name").fill(name)
        entry.locator("#id_rating").fill(rating)
        organiser.submit("#entry-form button[type=submit]")
    assert section.entries.count() == 8
    organiser.submit(f'form[action="/e/{event.slug}/s/{section.key}/numbers/"] button')
    numbers = dict(section.entries.values_list("name", "pairing_number"))
    assert numbers == {name: number for number, name in enumerate(NAMES, start=1)}

    # --- seven rounds, each from the Berger table -----------------------------------------
    for number, (pairs, results) in enumerate(zip(TABLE, RESULTS, strict=True), start=1):
        organiser.go(section_path)
        organiser.submit("#pair-next")
        assert organiser.path() == f"{section_path}r/{number}/", organiser.messages()
        boards = round_boards(organiser)
        assert [(b.white, b.black) for b in boards] == [
            (NAMES[white - 1], NAMES[black - 1]) for white, black in pairs
        ], number
        assert round_byes(organiser) == []
        for board, result in zip(boards, results, strict=True):
            type_result(organiser, board.number, result)
        if number == 1:
            assert foreign_text(organiser.page.content(), "zh", [*NAMES, "zhoujg"]) == []
            organiser.shot("round-1")
    organiser.shot("round-7")

    # --- the cross-table: the classic 8 x 8 table ------------------------------------------
    (page_text,) = organiser.pdf(
        f"/print/{event.slug}/{section.key}/crosstable/?format=pdf", "crosstable-zh"
    )
    lines = pdf_lines(page_text)
    assert foreign_in_pdf_text(page_text, "zh", NAMES) == []
    # No., name, the 8 columns (the player's own blank), points, SB, WIN, DE, place
    expected = [
        "1 王天一 ½ 0 1 1 1 + 1 5.5 13.75 5 0 3",
        "2 郑惟桐 ½ 1 0 1 1 1 1 5.5 14.75 5 0 2",
        "3 赵鑫鑫 1 0 1 1 1 1 1 6 16.5 6 0 1",
        "4 孟辰 0 1 0 1 1 1 1 5 11.5 5 0 4",
        "7 谢靖 - 0 0 0 0 0 1 1 0 1 0 7",
        "8 蒋川 0 0 0 0 0 0 0 0 0 0 0 8",
    ]
    for line in expected:
        assert same_line(line) in lines, line
    # 5 and 6, tied to the end of the list: places 5 and 6 by lot (marked *)
    drawn = {
        found.removeprefix(
            same_line(f"{number} {NAMES[number - 1]} 0 0 0 0 ½ 1 1 2.5 2.25 2 0")
        ).strip()
        for number in (5, 6)
        for found in lines
        if found.startswith(same_line(f"{number} {NAMES[number - 1]} 0 0 0 0 ½ 1 1 2.5 2.25"))
    }
    assert drawn == {"5*", "6*"}, lines

    # --- the prize list -------------------------------------------------------------------
    (prize_text,) = organiser.pdf(
        f"/print/{event.slug}/{section.key}/prizes/?format=pdf", "prizes-zh"
    )
    prize_lines = pdf_lines(prize_text)
    # the audit log's head printed under the signatures is data (a digest, translate="no"
    # on the page, which a PDF's text layer cannot say): the rest is Chinese
    words = "\n".join(line for line in prize_text.splitlines() if "操作记录" not in line)
    without_audit_head(prize_lines, "zh")  # there, last, of its shape
    assert foreign_in_pdf_text(words, "zh", NAMES) == []
    for line in ("1 赵鑫鑫", "2 郑惟桐", "3 王天一"):
        assert any(same_line(line) in found for found in prize_lines), line
