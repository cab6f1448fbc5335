"""Seed 002 — لیگ تیمی شطرنج استان فارس (examples/fars-team-league-1398.toml), table B as the
regulations have it (9 rounds), with ten teams: the league that could not end (issue 25, "the
chief arbiter always has the last word") — from an EMPTY database, in Persian, through the
browser only, each person with their own sign-in:

* the site administrator invites the Fars chess board's organiser (not staff) and allows him
  to create events; the organiser creates the event from its template, invites the chief
  arbiter by e-mail, imports the board's list (XLSX, 60 players, Persian headings and digits)
  and enters the ten teams of six on the team form;
* the chief arbiter pairs rounds 1-8 with the engine (Team Swiss, C.04.6) and types the
  results — rounds 1 and 2 match by match, the others a whole round at once in the page's box
  (``1 1 1 = 0, 2 0 0 = 1, …``, the quicker entry); a slip typed from the wrong side in
  round 1 is corrected, the page naming the stored results it replaces and asking first;
* round 3: کازرون's bus never arrives — nobody of the team comes; the arbiter enters the four
  boards of اندیشه – کازرون as forfeits. A match forfeited as a whole is no meeting
  (docs/teams.md, "When two teams have met"; FIDE's Team Swiss likewise), so the engine may
  pair the two teams again, and does in round 5;
* after round 8 the arbiter un-pairs round 8 (it has results: the page names them and asks
  twice) and pairs it again: the engine gives the same pairing, the results are typed again;
* round 9 has no legal pairing, and the page says why in Persian, with the two ways out. Why
  (worked by hand from the pairings below): ten teams, every round five matches, no team
  meets another twice in a played match (C.04.6 2.1.1) — after eight rounds each team has one
  opponent left, except اندیشه and کازرون, who have two each (their round-3 match was not
  played, their round-5 match was): اندیشه has آباده and نی‌ریز left, and آباده and نی‌ریز
  have only اندیشه left; one of them has no opponent. The chief arbiter allows rematches for
  نی‌ریز; the engine proposes a pairing with one rematch (لار – نی‌ریز, who met in round 6),
  shown with its warnings; the chief arbiter confirms them (the rematch, and the pairing made
  without a legal engine pairing: two pages) and the round is saved, with its ``### MPA``
  line in the TRF and his name in the audit log;
* the results of round 9 are typed, and the final standings, the team prizes and board 1's
  places are checked against values worked by hand; the prize list is printed to PDF and
  read back.

Every result is chosen so: in a played match, the team with the smaller pairing number wins
2½–1½ (boards 1-2 won, 3 drawn, 4 lost by the winner); the only other match is the forfeit.
The team numbers are the order of entry (the average of each team's four best ratings falls by
50 from team to team, 6.1). The pairings are the engine's, held here as the record of the event
(round 1 checked by hand: the top half meets the bottom half, 1-6, 2-7, 3-8, 4-9, 5-10).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from crosstable_web.events.models import AuditLog

from ..language_check import foreign_text
from .steps import (
    Person,
    accept_invitation,
    choose_option,
    invitation_link,
    person,
    reversed_numbers,
    rtl_pdf_line,
    sign_in,
    site_before_the_journey,
    table_rows,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

JOURNEY = "002-fars-final-say"
EVENT = "لیگ تیمی شطرنج استان فارس"
KEY = "B"
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")

# name, unit, kind typed — in pairing-number order (the entry order, by rating)
TEAMS = [
    ("اندیشه", "باشگاه اندیشه شیراز", "باشگاه"),
    ("مرودشت", "مرودشت", "شهرستان"),
    ("کازرون", "کازرون", "شهرستان"),
    ("فجر", "باشگاه فجر شیراز", "باشگاه"),
    ("جهرم", "جهرم", "شهرستان"),
    ("فسا", "فسا", "شهرستان"),
    ("لار", "لار", "شهرستان"),
    ("داراب", "داراب", "شهرستان"),
    ("آباده", "آباده", "شهرستان"),
    ("نی‌ریز", "نی‌ریز", "شهرستان"),
]
NAMES = [name for name, _unit, _kind in TEAMS]
NUMBER = {name: number for number, name in enumerate(NAMES, start=1)}
GIVEN = ["علی", "محمد", "رضا", "حسین", "مهدی", "امیر", "سینا", "آرش", "کیان", "پارسا",
         "نیما", "یاسین"]  # fmt: skip
FAMILY = ["رضایی", "کریمی", "نوری", "جعفری", "احمدی"]
PLAYERS = [f"{GIVEN[i % 12]} {FAMILY[i // 12]}" for i in range(60)]
"""Sixty different players, six a team in roster order (team t: places 6(t-1)+1 ... 6t)."""


def rating(team: int, place: int) -> int:
    """Team t's four best average 1900 - 50t - 50: the teams numbered in entry order."""
    return 1900 - 50 * team - 20 * place


def roster(team: int) -> list[str]:
    return PLAYERS[6 * (team - 1) : 6 * team]


# The engine's pairings by team number, first-named team first (C.04.6), the record of the
# event; round 3 table 1 is the forfeit, round 5 table 1 the same teams playing.
PAIRINGS = {
    1: [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)],
    2: [(4, 1), (2, 5), (6, 3), (9, 7), (8, 10)],
    3: [(1, 3), (4, 2), (7, 8), (5, 9), (10, 6)],
    4: [(2, 1), (3, 5), (6, 7), (8, 4), (10, 9)],
    5: [(1, 3), (6, 2), (5, 7), (4, 10), (9, 8)],
    6: [(1, 5), (2, 8), (3, 4), (9, 6), (7, 10)],
    7: [(7, 1), (2, 9), (10, 3), (4, 6), (8, 5)],
    8: [(8, 1), (10, 2), (3, 9), (4, 7), (5, 6)],
}
# Round 9 with rematches allowed for نی‌ریز (10): 1-9 (اندیشه's last opponent), 2-3, 5-4, 6-8,
# and نی‌ریز with لار (7), met in round 6: the one rematch.
ROUND_NINE = [(1, 9), (2, 3), (5, 4), (6, 8), (7, 10)]
FORFEIT = (3, 1)
"""Round 3, table 1: اندیشه – کازرون, nobody of کازرون came: four boards "+"."""

# The final standings worked by hand from the results (2½–1½ to the smaller number, the
# forfeit 4–0; 2/1/0 match points, 8):
#   1 اندیشه  9 wins (the forfeit one of them)           18 MP, 8 x 2½ + 4 = 24
#   2 مرودشت  lost to 1 only                             16 MP, 8 x 2½ + 1½ = 21½
#   4 فجر     lost to 1, 2, 3                            12 MP, 6 x 2½ + 3 x 1½ = 19½
#   3 کازرون  lost the forfeit (0), to 1 and 2           12 MP, 6 x 2½ + 2 x 1½ = 18
#   5 جهرم    beat 6, 7, 8, 9, 10                        10 MP, 5 x 2½ + 4 x 1½ = 18½
#   6 فسا     beat 7, 8, 9, 10                            8 MP, 4 x 2½ + 5 x 1½ = 17½
#   7 لار     beat 8, 9, 10 twice (rounds 6 and 9)        8 MP, 17½
#   8 داراب   beat 9, 10                                  4 MP, 2 x 2½ + 7 x 1½ = 15½
#   9 آباده   beat 10                                     2 MP, 2½ + 8 x 1½ = 14½
#  10 نی‌ریز   lost every match                            0 MP, 9 x 1½ = 13½
# Ties (8: match points, then game points, then the direct encounter): فجر before کازرون on
# game points (19½ against 18); فسا and لار level on both, فسا beat لار in round 4 (6-7).
STANDINGS = [
    ("۱", "اندیشه", "۱۸", "۲۴"),
    ("۲", "مرودشت", "۱۶", "۲۱٫۵"),
    ("۳", "فجر", "۱۲", "۱۹٫۵"),
    ("۴", "کازرون", "۱۲", "۱۸"),
    ("۵", "جهرم", "۱۰", "۱۸٫۵"),
    ("۶", "فسا", "۸", "۱۷٫۵"),
    ("۷", "لار", "۸", "۱۷٫۵"),
    ("۸", "داراب", "۴", "۱۵٫۵"),
    ("۹", "آباده", "۲", "۱۴٫۵"),
    ("۱۰", "نی‌ریز", "۰", "۱۳٫۵"),
]
# 6.2: 1st-3rd; the best county team needs five county teams with their letter (none here).
TEAM_PRIZES = [
    ["۱", "اندیشه", "۱٬۰۰۰٬۰۰۰ تومان", "حکم، مدال طلا"],
    ["۲", "مرودشت", "۹۰۰٬۰۰۰ تومان", "حکم، مدال نقره"],
    ["۳", "فجر", "۸۵۰٬۰۰۰ تومان", "حکم، مدال برنز"],
]

PROPER_NOUNS = [
    EVENT,
    "جدول زیر ۱۴ سال (B)",
    *NAMES,
    *(unit for _name, unit, _kind in TEAMS),
    *PLAYERS,
    "farsboard",
    "davar",
]


def persian(number: int | str) -> str:
    return str(number).translate(PERSIAN)


def played(first: int, second: int) -> str:
    """The four boards of a played match from the first-named team's side: the smaller number
    wins 2½–1½."""
    return "1 1 = 0" if first < second else "0 0 = 1"


def test_the_chief_arbiter_ends_a_league_with_no_legal_last_round(
    chromium: Any, live_server: Any, tmp_path: Path
) -> None:
    base = live_server.url
    site_before_the_journey(("modir", "modir@example.ir", "Modir-Site-1398"))
    admin = person(chromium, base, JOURNEY, "admin", "fa")
    sign_in(admin, "modir", "Modir-Site-1398")
    admin.go("/accounts/manage/")
    admin.page.fill("#account-invite input[name=email]", "farsboard@example.ir")
    admin.submit("#account-invite button")
    organiser = person(chromium, base, JOURNEY, "organiser", "fa")
    accept_invitation(
        organiser, invitation_link(admin.messages()), "farsboard", "هیات شطرنج فارس", "Heyat-1398"
    )
    admin.go("/accounts/manage/")
    admin.submit('tr[data-user="farsboard"] button[value="allow"]')

    organiser.go("/")
    organiser.page.click("#new-event")
    organiser.page.select_option("#template-form select[name=template]", "fars-team-league-1398")
    organiser.submit("#create-from-template")
    assert "رویداد ساخته شد." in organiser.messages()
    slug = organiser.path().split("/")[2]
    organiser.go(f"/e/{slug}/roles/")
    organiser.page.fill("#invite-form input[name=email]", "davar@example.ir")
    organiser.page.select_option("#invite-form select[name=role]", "chief_arbiter")
    organiser.submit("#invite-form button")
    arbiter = person(chromium, base, JOURNEY, "arbiter", "fa")
    accept_invitation(
        arbiter, invitation_link(organiser.messages()), "davar", "سرداور لیگ", "Davar-1398"
    )
    _import_and_enter_the_teams(organiser, slug, tmp_path)

    section = f"/e/{slug}/s/{KEY}/teams/"
    for number in range(1, 9):
        _pair_with_the_engine(arbiter, section, number)
        _type_the_round(arbiter, number, whole_round=number > 2)
    _unpair_round_eight_and_pair_it_again(arbiter, section)

    # --- round 9: no legal pairing; the chief arbiter decides -------------------------
    arbiter.go(section)
    arbiter.submit("#pair-next")
    assert arbiter.path() == f"{section}hand/"
    reason = arbiter.page.inner_text("#no-pairing-reason")
    assert "سرداور تصمیم می‌گیرد" in reason, reason
    assert arbiter.page.locator("#relax-form").count() == 1
    assert foreign_text(arbiter.page.content(), "fa", PROPER_NOUNS) == []
    arbiter.shot("round-9-no-pairing")
    arbiter.page.check("#relax-form label:has-text('نی‌ریز') input")
    arbiter.submit("#relax")
    assert arbiter.page.locator("#relaxed-proposal").count() == 1
    assert _chosen_tables(arbiter) == ROUND_NINE
    arbiter.submit("#check-pairing")
    warnings = arbiter.page.inner_text("#pairing-warnings")
    assert "بازی تکراری: لار و نی‌ریز پیش‌تر با هم بازی کرده‌اند." in warnings, warnings
    arbiter.shot("round-9-proposal")
    arbiter.submit("#save-pairing")
    codes = _confirm_every_step(arbiter)
    assert "team_manual.rematch" in codes and "team_manual.no_engine" in codes, codes
    assert arbiter.path() == f"{section}r/9/"
    assert _matches(arbiter) == ROUND_NINE
    line = AuditLog.objects.get(action="team_round.manual_pair")
    assert line.user is not None and line.user.username == "davar"
    trf = arbiter.context.request.get(f"{base}{section}trf/").text()
    assert "### MPA @ Round 9: manual 1-9 2-3 5-4 6-8 7-10; engine: no pairing" in trf, trf[-800:]
    _type_the_round(arbiter, 9, whole_round=True, pairs=ROUND_NINE)

    # --- the league ends: standings and prizes, worked by hand --------------------------
    arbiter.go(f"{section}standings/")
    arbiter.shot("standings")
    assert arbiter.page.inner_text("#standings-round") == "پس از دور ۹ از ۹"
    rows = table_rows(arbiter, "#team-standings")
    assert [tuple(row[:4]) for row in rows] == STANDINGS
    # a place prize has no name: its place fills the prize's cell, no blank cell before it
    assert table_rows(arbiter, "table.prizes:not(#board-prizes)") == TEAM_PRIZES
    # 7 (board ranking: percentage, games, direct encounter; forfeits count), board 1, the
    # open places: اندیشه's board 1 won all nine (the forfeit too), مرودشت's eight of nine;
    # کازرون's and فجر's six of nine each (کازرون's forfeit a loss), nine games each, and
    # کازرون's beat فجر's in round 6 (3-4): کازرون's third
    board_one = [
        # a place prize's cell says رتبه beside named prizes (best woman…), else its place
        # fills both cells
        row[2:4] if row[1] == "رتبه" else row[1:3]
        for row in table_rows(arbiter, "#board-prizes")
        if row[0] == "میز ۱" and (row[1] == "رتبه" or row[1].isdigit())
    ]
    assert board_one == [["۱", "علی رضایی"], ["۲", "سینا رضایی"], ["۳", "علی کریمی"]]
    assert foreign_text(arbiter.page.content(), "fa", PROPER_NOUNS) == []

    # the prize list printed to PDF and read back: the three team prizes, Persian digits
    pages = organiser.pdf(f"/print/{slug}/{KEY}/prizes/?format=pdf", "prizes")
    printed = [" ".join(line.split()) for page in pages for line in page.splitlines()]
    # the list ends with who signs it (the chief arbiter) and then the audit log's head, data
    # (a hex digest, maybe wrapped): the lines after the signature are left out
    signed = max(at for at, line in enumerate(printed) if "سرداور" in line)
    assert "ممیزی" in " ".join(printed[signed + 1 :]), printed
    printed = printed[: signed + 1]
    assert not re.search("[0-9\u0660-\u0669]", "\n".join(printed)), printed
    assert rtl_pdf_line(printed[0]) == EVENT
    for place, name, amount, _items in TEAM_PRIZES:
        start = f"{place}{name}تومان {reversed_numbers(amount.removesuffix(' تومان'))}"
        assert any(line.startswith(start) for line in printed), (start, printed)


def _import_and_enter_the_teams(organiser: Person, slug: str, folder: Path) -> None:
    """The board's list as its secretary keeps it (the headings of the seed's list,
    tests/data/journeys/make.py), then the ten teams on the team form."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "جدول B"
    sheet.append(["لیگ تیمی شطرنج استان فارس — فهرست بازیکنان جدول زیر ۱۴ سال"])
    sheet.append(["ردیف", "نام و نام خانوادگی", "جنسیت", "تاریخ تولد", "ریتینگ", "کد عضویت",
                  "شهرستان", "جدول", "تلفن"])  # fmt: skip
    for serial, name in enumerate(PLAYERS, start=1):
        team, place = divmod(serial - 1, 6)
        sheet.append([
            persian(serial), name, "پسر", persian(f"1387/{place + 1:02d}/{team + 10:02d}"),
            persian(rating(team + 1, place + 1)), persian(f"72{serial:05d}"), TEAMS[team][1],
            "زیر ۱۴ سال", persian(f"0917{serial:07d}"),
        ])  # fmt: skip
    path = folder / "fars-table-b-ten-teams.xlsx"
    workbook.save(path)
    organiser.go(f"/e/{slug}/import/")
    organiser.page.set_input_files("input[type=file]", str(path))
    organiser.submit("main form button[type=submit]")
    assert "۶۰ ثبت‌نام وارد شد." in organiser.messages(), organiser.main_text()[:600]
    for team, (name, unit, kind) in enumerate(TEAMS, start=1):
        organiser.go(f"/e/{slug}/s/{KEY}/teams/new/")
        organiser.page.fill("#id_name", name)
        organiser.page.fill("#id_unit", unit)
        organiser.page.fill("#id_unit_kind", kind)
        for place, player in enumerate(roster(team), start=1):
            choose_option(organiser, f"#id_player_{place}", player)
        organiser.submit("#team-form button[type=submit]")
        assert f"تیم {name} ذخیره شد." in organiser.messages(), organiser.main_text()[:600]


def _pair_with_the_engine(arbiter: Person, section: str, number: int) -> None:
    arbiter.go(section)
    arbiter.submit("#pair-next")
    assert arbiter.path() == f"{section}r/{number}/", (number, arbiter.messages())
    assert _matches(arbiter) == PAIRINGS[number], number


def _type_the_round(
    arbiter: Person,
    number: int,
    *,
    whole_round: bool,
    pairs: list[tuple[int, int]] | None = None,
) -> None:
    """The results as the arbiter types them on the round page (no reload): match by match,
    or the whole round in one line."""
    pairs = pairs or PAIRINGS[number]
    typed = [
        f"{table} {'+ + + +' if (number, table) == FORFEIT else played(first, second)}"
        for table, (first, second) in enumerate(pairs, start=1)
    ]
    if number == 1:
        # a slip read from the wrong side: table 2 typed as مرودشت's loss, then corrected —
        # the page names the three boards whose stored results change and asks first
        _type(arbiter, "2 1 1 = 0")
    for line in [", ".join(typed)] if whole_round else typed:
        _type(arbiter, line)
        if number == 1 and line.startswith("2 "):
            ask = arbiter.page.locator("#result-ask #rule-warning-list")
            ask.wait_for()
            asked = ask.inner_text().replace("\u200f", "")
            assert asked.count("لار – مرودشت") == 3, asked
            assert "میز تیمی ۲، میز ۴ (لار – مرودشت) از قبل نتیجهٔ ۰-۱ را دارد: به ۱-۰" in asked
            arbiter.shot("round-1-correction")
            answers = arbiter.page.evaluate("Number(document.documentElement.dataset.answers)")
            arbiter.page.keyboard.press("Enter")  # the confirmation button has the focus
            arbiter.page.wait_for_function(
                f"() => Number(document.documentElement.dataset.answers) > {answers}"
            )
    arbiter.go(arbiter.path())
    # every match complete: the twenty boards have their results, none waits
    assert arbiter.page.locator("tr.board td.result").count() == 20, number
    assert arbiter.page.locator("tr.board td.result:text-is('')").count() == 0, number
    arbiter.shot(f"round-{number}")


def _type(arbiter: Person, text: str) -> None:
    page = arbiter.page
    answers = page.evaluate("Number(document.documentElement.dataset.answers || 0)")
    page.fill("#id_entry", text)
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.answers || 0) > {answers}"
    )


def _unpair_round_eight_and_pair_it_again(arbiter: Person, section: str) -> None:
    """Round 8 has its results: un-pairing it names them and asks twice (level 4); then
    "Pair next round" gives the same pairing and the results are typed again."""
    arbiter.go(section)
    arbiter.submit("#unpair")
    first = arbiter.page.inner_text("#rule-warning-list")
    assert "دور ۸" in first, first
    arbiter.page.click("#rule-warnings-confirm")
    arbiter.page.wait_for_selector("#rule-consequences")
    removed = arbiter.page.inner_text("#rule-consequences")
    # the twenty results, each named: table, board, the teams and the result as the round
    # page writes it (داراب – اندیشه: اندیشه won boards 1 and 2, drew 3, lost 4)
    results = removed.replace("\u200f", "")
    for board, result in enumerate(["۰-۱", "۰-۱", "½-½", "۱-۰"], start=1):
        assert f"میز تیمی ۱، میز {persian(board)}: داراب – اندیشه {result}" in results, results
    assert results.count("میز تیمی") == 20, results
    arbiter.shot("unpair-round-8")
    arbiter.submit("#rule-warnings-confirm")
    assert arbiter.messages() == "جفت\u200cبندی دور ۸ لغو شد."
    assert arbiter.page.locator("#pair-next").count() == 1
    _pair_with_the_engine(arbiter, section, 8)
    _type_the_round(arbiter, 8, whole_round=True)


def _confirm_every_step(someone: Person) -> list[str]:
    codes: list[str] = []
    while someone.page.locator("#rule-warnings-confirm").count():
        codes += someone.page.locator("#rule-warning-list li").evaluate_all(
            "items => items.map(item => item.dataset.code)"
        )
        someone.submit("#rule-warnings-confirm")
    return codes


def _matches(someone: Person) -> list[tuple[int, int]]:
    """The (first-named, second) team numbers of each match of the team round page shown."""
    found = []
    for heading in someone.page.locator("main h2[id^=match-]").all_inner_texts():
        teams = heading.split(". ", 1)[1].split(": ", 1)[0]
        first, second = teams.split(" – ")
        found.append((NUMBER[first], NUMBER[second]))
    return found


def _chosen_tables(someone: Person) -> list[tuple[int, int]]:
    """The hand-pairing page's tables as chosen: (first, second) team numbers."""
    found = []
    rows = someone.page.locator("#hand-tables tbody tr")
    for index in range(rows.count()):
        row = rows.nth(index)
        first = row.locator("select[name^=first_] option:checked").inner_text()
        second = row.locator("select[name^=second_] option:checked").inner_text()
        found.append((NUMBER[first.split(". ", 1)[1]], NUMBER[second.split(". ", 1)[1]]))
    return found
