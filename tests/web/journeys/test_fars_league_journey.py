"""Seed 002 — لیگ تیمی شطرنج استان فارس (../shared/seeds/002_*.txt,
examples/fars-team-league-1398.toml), table B (under 14) — from an EMPTY database, in Persian,
through the browser only, each person with their own sign-in:

* the site administrator invites the Fars chess board's organiser (not staff) and allows him
  to create events;
* the organiser creates the event from its template, sets table B to 5 rounds (six teams
  entered: with the regulations' 9 rounds they would meet again; 5 is one match against
  every other team), invites the arbiter by e-mail on the roles page, imports the board's
  list of players (XLSX: Persian headings, Jalali birth dates mostly in Persian digits,
  ratings in Persian digits) — first refused for a player born a day before the cutoff (4:
  born on or after 28 Azar 1384), row and column named and nothing saved, then corrected —
  enters the six teams of six on the team form (four counties, two Shiraz clubs: unit kind
  typed in Persian, the county letter, the local players, the last county league's place)
  and reads the fees each team owes (5) against amounts worked by hand; he gives two
  captains their roles on the roles page;
* the captains hand in line-ups before the deadline, in Tehran time (2: 30 minutes before the
  round): one too late is refused and the registered line-up is played; one out of the roster
  order is refused, handed to the arbiter, who accepts it as the rules say (2: "an error in
  the board order loses only the games where the error occurred"); a team with two players
  present loses 0-4 (2);
* the arbiter pairs five rounds (team Swiss on match points; the teams numbered by the
  average of their four best ratings, unrated as 1000) and types every match board by
  board; after round 3 a player is found born before the cutoff and declared ineligible:
  every match he played is scored 4-0 to the opponents (4);
* a parent on a 390-px phone, not signed in, reads the last round's matches and results (in
  Persian digits, right to left);
* the team standings (8: match points, game points, direct encounter, Buchholz, Buchholz
  cut 1, Buchholz median 1) worked by hand, the team prizes (6.2: 1st-3rd; the best county
  team only with 5 county teams), the team standings printout, the prize list and the
  certificates printed to PDF and read back.

Every expected value is worked by hand from the regulation text and the results typed; the
pairings are the engine's, held here as the record of the event (round 1 checked by hand).
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from crosstable.typed.calendars import JALALI_MONTHS, gregorian_to_jalali

from ..language_check import foreign_text
from .settings_steps import open_part
from .steps import (
    Person,
    accept_invitation,
    backup_round_trips,
    choose_option,
    invitation_link,
    person,
    reversed_numbers,
    rtl_pdf_line,
    sign_in,
    site_before_the_journey,
    table_rows,
    type_result,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "journeys"
JOURNEY = "002-fars-league"
EVENT = "لیگ تیمی شطرنج استان فارس"
SECTION = "جدول زیر ۱۴ سال (B)"
KEY = "B"
ROUNDS = 5
TEHRAN = ZoneInfo("Asia/Tehran")
PRINTED_ON = re.compile(
    "چاپ شده در (?:\\S+ ){1,2}[۰-۹]{1,2} (?:" + "|".join(JALALI_MONTHS) + ") [۰-۹]{4}"
)
"""A printout's printed-on line: the Jalali day it was printed, weekday first."""
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")

# The teams as the organiser enters them, roster in board order (the list's order), with
# each player's rating (None: unrated) and whether the county counts him local (born in the
# county or living there for six months, 5).
# name, unit, kind typed, county letter, last county league place, roster
TEAMS = [
    ("کازرون", "کازرون", "شهرستان", True, 2, [
        ("علی رضایی", 1650, True), ("محمد کریمی", 1580, True),
        ("امیرحسین نوری", 1500, True), ("رضا جعفری", None, True),
        ("سارا محمدی", 1420, False), ("حسین احمدی", None, False),
    ]),
    ("مرودشت", "مرودشت", "شهرستان", True, None, [
        ("مهدی حسینی", 1720, True), ("پارسا موسوی", 1610, True),
        ("عرفان قاسمی", 1550, True), ("یاسین عباسی", 1480, False),
        ("آرش صادقی", None, False), ("کیان رحیمی", None, False),
    ]),
    ("فسا", "فسا", "شهرستان", True, None, [
        ("سینا اکبری", 1500, True), ("محمدرضا زارعی", 1450, True),
        ("امید شریفی", None, False), ("دانیال مرادی", None, False),
        ("نیما طاهری", None, False), ("بهراد کاظمی", None, False),
    ]),
    ("جهرم", "جهرم", "شهرستان", True, None, [
        ("ابوالفضل رستمی", 1600, True), ("زهرا حیدری", 1520, True),
        ("متین یوسفی", 1400, True), ("فاطمه کرمی", 1350, False),
        ("هادی نظری", 1300, False), ("سبحان بهرامی", None, False),
    ]),
    ("اندیشه", "باشگاه اندیشه شیراز", "باشگاه", False, None, [
        ("آرمان فرهادی", 1850, False), ("بردیا سلیمانی", 1700, False),
        ("هستی نجفی", 1650, False), ("امیرعلی خسروی", 1600, False),
        ("سامان رنجبر", 1500, False), ("رادین اصغری", 1450, False),
    ]),
    ("فجر", "باشگاه فجر شیراز", "باشگاه", False, None, [
        ("محمدحسین وحیدی", 1550, False), ("علیرضا منصوری", 1500, False),
        ("پویا حسن‌زاده", 1480, False), ("شایان کریمیان", 1400, False),
        ("ماهان فتحی", None, False), ("آرین نادری", None, False),
    ]),
]  # fmt: skip
ROSTER = {name: [player for player, _rating, _local in roster] for name, *_, roster in TEAMS}
GIRLS = {"سارا محمدی", "زهرا حیدری", "فاطمه کرمی", "هستی نجفی"}

# 5: 720,000 toman a team, one share of 120,000 per player of the six; discounts one after
# another on what is left (the example's reading):
#   کازرون  last county league's 2nd (50%), a county team with its letter and 4 locals (15%),
#           one girl (her share free): 5 x 120,000 x 0.5 x 0.85 = 255,000
#   مرودشت  county, letter, 3 locals: 720,000 x 0.85 = 612,000
#   فسا     county with its letter but 2 locals only: no discount, 720,000
#   جهرم    county, letter, 3 locals, two girls: 4 x 120,000 x 0.85 = 408,000
#   اندیشه  a club, one girl: 5 x 120,000 = 600,000
#   فجر     a club, six boys: 720,000
FEES = {
    "کازرون": 255_000,
    "مرودشت": 612_000,
    "فسا": 720_000,
    "جهرم": 408_000,
    "اندیشه": 600_000,
    "فجر": 720_000,
}

# What was played on the boards, from the first team's side (boards 1-4: 1 win, 0 loss,
# = draw), whichever team the pairing names first; the arbiter types it from the named first
# team's side (mirrored when the pairing names the other team first).
PLAYED = {
    ("اندیشه", "مرودشت"): "1 = = 1",
    ("اندیشه", "کازرون"): "1 1 0 =",
    ("اندیشه", "جهرم"): "= = 1 0",
    ("اندیشه", "فجر"): "1 1 1 =",
    ("اندیشه", "فسا"): "1 1 1 1",
    ("مرودشت", "کازرون"): "= 1 = 1",
    ("مرودشت", "جهرم"): "1 0 1 =",
    ("مرودشت", "فجر"): "1 1 = 0",
    ("مرودشت", "فسا"): "1 1 1 0",
    ("کازرون", "جهرم"): "0 1 = 1",
    ("کازرون", "فجر"): "= = 1 1",
    ("کازرون", "فسا"): "1 = 1 1",
    ("جهرم", "فجر"): "0 = 1 0",
    ("جهرم", "فسا"): "1 1 = 1",
    ("فجر", "فسا"): "1 0 1 =",
}
MIRROR = str.maketrans("10", "01")
SHORT = "جهرم"

# The pairings (the engine's; C.04.6), first-named team first. Round 1 checked by hand: the
# teams numbered by the average of their four best ratings, unrated as 1000 (6.1, the
# example's reading): اندیشه (1850+1700+1650+1600)/4 = 1700, مرودشت (1720+1610+1550+1480)/4
# = 1590, کازرون (1650+1580+1500+1420)/4 = 1537.5, فجر (1550+1500+1480+1400)/4 = 1482.5,
# جهرم (1600+1520+1400+1350)/4 = 1467.5, فسا (1500+1450+1000+1000)/4 = 1237.5; the top half
# meets the bottom half: 1-4, 2-5, 3-6. Rounds 2-5: no two teams meet twice.
PAIRINGS = {
    1: [("اندیشه", "فجر"), ("جهرم", "مرودشت"), ("کازرون", "فسا")],
    2: [("کازرون", "اندیشه"), ("مرودشت", "فجر"), ("فسا", "جهرم")],
    3: [("اندیشه", "مرودشت"), ("جهرم", "کازرون"), ("فجر", "فسا")],
    4: [("فسا", "اندیشه"), ("مرودشت", "کازرون"), ("فجر", "جهرم")],
    5: [("اندیشه", "جهرم"), ("فسا", "مرودشت"), ("کازرون", "فجر")],
}

PROPER_NOUNS = [
    EVENT,
    SECTION,
    *(name for name, *_ in TEAMS),
    *(unit for _name, unit, *_ in TEAMS),
    *(player for players in ROSTER.values() for player in players),
    "farsboard",  # account names in the header and on the roles page
    "davar",
    "kazerun",
    "andishe",
]


def persian(number: int | str) -> str:
    return str(number).translate(PERSIAN)


def money(amount: int) -> str:
    """An amount as the Persian pages write it: Persian digits, the Persian thousands
    separator, no decimals for whole toman."""
    return f"{amount:,}".replace(",", "٬").translate(PERSIAN)


def tehran_in(minutes: int) -> str:
    """The wall clock at the venue ``minutes`` from now, as typed in the Jalali calendar."""
    moment = datetime.datetime.now(TEHRAN) + datetime.timedelta(minutes=minutes)
    year, month, day = gregorian_to_jalali(moment.date())
    return f"{year:04d}-{month:02d}-{day:02d} {moment:%H:%M}"


def test_fars_league_journey(chromium: Any, live_server: Any) -> None:
    base = live_server.url
    site_before_the_journey(("modir", "modir@example.ir", "Modir-Site-1398"))

    admin = person(chromium, base, JOURNEY, "admin", "fa")
    sign_in(admin, "modir", "Modir-Site-1398")
    admin.go("/accounts/manage/")
    admin.page.fill("#account-invite input[name=email]", "farsboard@example.ir")
    admin.submit("#account-invite button")
    link = invitation_link(admin.messages())
    organiser = person(chromium, base, JOURNEY, "organiser", "fa")
    accept_invitation(organiser, link, "farsboard", "هیات شطرنج فارس", "Heyat-Fars-1398")
    assert organiser.page.locator("#new-event").count() == 0  # not allowed yet
    admin.go("/accounts/manage/")
    admin.submit('tr[data-user="farsboard"] button[value="allow"]')

    # --- the organiser: the event from its template, table B's rounds -----------------
    organiser.go("/")
    organiser.page.click("#new-event")
    organiser.page.select_option("#template-form select[name=template]", "fars-team-league-1398")
    organiser.submit("#create-from-template")
    assert "رویداد ساخته شد." in organiser.messages()
    slug = organiser.path().split("/")[2]
    assert slug == "lyg-tymy-shtrnj-astan-fars-1398"
    _five_rounds_for_table_b(organiser)

    organiser.go(f"/e/{slug}/")
    organiser.page.click("#event-roles")
    organiser.page.fill("#invite-form input[name=email]", "davar@example.ir")
    organiser.page.select_option("#invite-form select[name=role]", "chief_arbiter")
    organiser.submit("#invite-form button")
    link = invitation_link(organiser.messages())
    arbiter = person(chromium, base, JOURNEY, "arbiter", "fa")
    accept_invitation(arbiter, link, "davar", "سرداور لیگ", "Davar-Fars-1398")

    _import_the_list(organiser, slug)
    _enter_the_teams(organiser, slug)
    captains = {
        "کازرون": _captain(
            chromium, base, organiser, slug, "کازرون", "kazerun", "Sarparast-Sabz-77"
        ),
        "اندیشه": _captain(
            chromium, base, organiser, slug, "اندیشه", "andishe", "Kapitan-Abi-1398"
        ),
    }
    _fees(organiser, slug)

    # --- round 1: the line-ups were due 30 minutes before; the arbiter pairs ----------
    arbiter.go(f"/e/{slug}/s/{KEY}/teams/")
    arbiter.page.fill("#id_starts_at", tehran_in(20))
    arbiter.submit("#pair-next")
    arbiter.shot("round-1")
    # 2: the line-ups were due 30 minutes before the start, i.e. 10 minutes ago at the
    # venue (read as UTC the start would be 3½ hours later and the form still open)
    kazerun = captains["کازرون"]
    kazerun.go(f"/e/{slug}/s/{KEY}/teams/")
    kazerun.page.click("#lineup-links a >> text=دور ۱")
    assert kazerun.page.inner_text("#lineup-closed") == (
        "مهلت فرستادن ترکیب گذشته است؛ ترکیب ثبت‌شده بازی می‌کند."
    )
    assert kazerun.page.locator("#lineup-form").count() == 0
    kazerun.shot("lineup-1-late")

    for number in range(1, ROUNDS + 1):
        if number > 1:
            arbiter.go(f"/e/{slug}/s/{KEY}/teams/")
            arbiter.page.fill("#id_starts_at", tehran_in(180 if number == 2 else 20))
            arbiter.submit("#pair-next")
            assert arbiter.path() == f"/e/{slug}/s/{KEY}/teams/r/{number}/"
        if number == 2:
            _line_ups_in_time(captains, arbiter, slug)
        if number == ROUNDS:
            _short_team(arbiter, slug)
        _play_round(arbiter, slug, number)
        if number == 3:
            _ineligible_player(organiser, slug)

    # C.04.6 C1: the five rounds played, no two teams met twice (15 = every pair once)
    assert len({frozenset(match) for matches in PAIRINGS.values() for match in matches}) == 15

    parent = person(chromium, base, JOURNEY, "parent", "fa", phone=True)
    _parent_reads_the_last_round(parent, slug)
    _final_standings(arbiter, slug)
    _audit_log_in_words(organiser, slug)
    _printouts(organiser, slug)
    backup_round_trips(organiser, slug, "modir")


def _line_ups_in_time(captains: dict[str, Person], arbiter: Person, slug: str) -> None:
    """Round 2 starts in three hours: the line-ups are due in two and a half (2)."""
    andishe = captains["اندیشه"]
    andishe.go(f"/e/{slug}/s/{KEY}/teams/")
    andishe.page.click("#lineup-links a >> text=دور ۲")
    # its own team's page, named by the team's id (issue 26.14), for round 2
    assert re.fullmatch(rf"/e/{slug}/s/{KEY}/teams/\d+/lineup/2/", andishe.path())
    # the reserve سامان رنجبر (roster place 5) on board 4 for امیرعلی خسروی: the order kept
    choose_option(andishe, "#id_board_4", "۵. سامان رنجبر")
    andishe.submit("#lineup-form button[type=submit]")
    assert andishe.messages() == "ترکیب ذخیره شد."
    andishe.shot("lineup-2")
    kazerun = captains["کازرون"]
    kazerun.go(f"/e/{slug}/s/{KEY}/teams/")
    kazerun.page.click("#lineup-links a >> text=دور ۲")
    lineup_page = kazerun.path()
    # places 2 and 1 swapped on boards 1 and 2: out of the roster order, refused
    choose_option(kazerun, "#id_board_1", "۲. محمد کریمی")
    choose_option(kazerun, "#id_board_2", "۱. علی رضایی")
    kazerun.submit("#lineup-form button[type=submit]")
    assert kazerun.messages() == (
        "میز ۲: علی رضایی (ردیف ۱ فهرست) نمی‌تواند پایین‌تر از محمد کریمی (ردیف ۲ فهرست)"
        " در میز ۱ بازی کند؛ ترکیب باید ترتیب فهرست ثبت‌شده را حفظ کند."
    )
    kazerun.shot("lineup-2-refused")
    # handed to the arbiter as signed: he accepts it, as the rules say (2)
    arbiter.go(lineup_page)
    choose_option(arbiter, "#id_board_1", "۲. محمد کریمی")
    choose_option(arbiter, "#id_board_2", "۱. علی رضایی")
    arbiter.page.check("#id_accept_order_errors")
    arbiter.submit("#lineup-form button[type=submit]")
    assert arbiter.messages() == "ترکیب ذخیره شد."
    assert arbiter.page.inner_text("#out-of-order") == (
        "میزهایی که خارج از ترتیب فهرست پذیرفته شد (باخت فنی برای این تیم): ۱، ۲"
    )
    arbiter.shot("lineup-2-accepted")


def _short_team(arbiter: Person, slug: str) -> None:
    """Round 3: only two of فسا's players come; the arbiter enters them (boards 3 and 4
    empty)."""
    arbiter.go(f"/e/{slug}/s/{KEY}/teams/")
    arbiter.page.click(f"#lineup-links li:has-text('{SHORT}') a >> text=دور ۵")
    arbiter.page.select_option("#id_board_3", "")
    arbiter.page.select_option("#id_board_4", "")
    arbiter.submit("#lineup-form button[type=submit]")
    assert arbiter.messages() == "ترکیب ذخیره شد."


def _ineligible_player(organiser: Person, slug: str) -> None:
    """After round 3 the board finds پویا حسن‌زاده's birth certificate: born 16 Aban 1384,
    before the cutoff (4)."""
    organiser.go(f"/e/{slug}/s/{KEY}/teams/")
    choose_option(organiser, "#id_ineligible_entry", "پویا حسن‌زاده — فجر")
    organiser.page.fill("#id_ineligible_reason", "شناسنامه: متولد ۱۶ آبان ۱۳۸۴")
    organiser.submit("#declare-ineligible button")
    assert organiser.messages() == "پویا حسن‌زاده فاقد شرایط اعلام شد؛ مسابقه‌های دوباره حساب‌شده: ۳."
    organiser.shot("ineligible")


def _parent_reads_the_last_round(parent: Person, slug: str) -> None:
    """زهرا حیدری's mother opens the public pages on her phone (not signed in) after round
    5: جهرم came with two players (boards 1 and 2), so the match is lost 0-4 (2)."""
    parent.go(f"/p/{slug}/")
    assert parent.page.locator("html").get_attribute("dir") == "rtl"
    parent.page.click(f"text={SECTION}")
    assert parent.path() == f"/p/{slug}/{KEY}/teams/round/"
    parent.page.fill("#find", "زهرا حیدری")
    seats = parent.page.locator("#seats tbody tr:visible")
    assert seats.count() == 1
    # table 1 (اندیشه – جهرم), board 2, White: the second-named team has White on even boards
    cells = [cell.strip() for cell in seats.first.locator("td").all_inner_texts()]
    assert cells == ["زهرا حیدری\nجهرم", "۱", "۲", "سفید"]
    match = parent.page.locator("section.match:visible")
    assert match.count() == 1
    text = match.first.inner_text()
    assert "۴ – ۰" in text and "امتیاز مسابقه: ۲ – ۰" in text
    assert "جهرم بازیکن کافی نداشت و مسابقه را باخت." in text
    assert parent.overflow() <= 0
    assert foreign_text(parent.page.content(), "fa", PROPER_NOUNS) == []
    parent.shot("round-5")


# The record above, scored by the regulation (2: a short team loses 0-4; 4: the ineligible
# player's matches 4-0 to the opponents; an accepted board-order error loses the boards out of
# order) — match points 2/1/0, game points:
#   round 1  اندیشه–فجر 3½–½ → 4–0 (پویا)  جهرم–مرودشت 1½–2½   کازرون–فسا 3½–½
#   round 2  کازرون–اندیشه 1½–2½ (boards 1-2 lost by کازرون's order error: 0, 0, 1, ½)
#            مرودشت–فجر 2½–1½ → 4–0 (پویا)   فسا–جهرم ½–3½
#   round 3  اندیشه–مرودشت 3–1   جهرم–کازرون 1½–2½   فجر–فسا 2½–1½ → 0–4 (پویا)
#   round 4  فسا–اندیشه 0–4   مرودشت–کازرون 3–1   فجر–جهرم 2½–1½ (پویا out)
#   round 5  اندیشه–جهرم 4–0 (جهرم short)   فسا–مرودشت 1–3   کازرون–فجر 3–1
# MP: اندیشه 10, مرودشت 8, کازرون 6, جهرم, فسا, فجر 2 each; GP (8a, decisive for 4-6):
# اندیشه 4+2½+3+4+4 = 17½, مرودشت 2½+4+1+3+3 = 13½, کازرون 3½+1½+2½+1+3 = 11½,
# جهرم 1½+3½+1½+1½+0 = 8, فسا ½+½+4+0+1 = 6, فجر 0+0+0+2½+1 = 3½.
# Buchholz (opponents' MP) of the first three: اندیشه 2+6+8+2+2 = 20, cut 1: 18, median 1:
# 10; مرودشت 2+2+10+6+2 = 22, 20, 10; کازرون 2+10+2+8+2 = 24, 22, 12.
STANDINGS = [
    ("۱", "اندیشه", "۱۰", "۱۷٫۵", "۲۰", "۱۸", "۱۰"),
    ("۲", "مرودشت", "۸", "۱۳٫۵", "۲۲", "۲۰", "۱۰"),
    ("۳", "کازرون", "۶", "۱۱٫۵", "۲۴", "۲۲", "۱۲"),
    ("۴", "جهرم", "۲", "۸"),
    ("۵", "فسا", "۲", "۶"),
    ("۶", "فجر", "۲", "۳٫۵"),
]
# 6.2: 1st-3rd; the best county team needs 5 county teams (with the letter and 3 locals):
# کازرون, مرودشت and جهرم only (فسا has 2 locals) — not awarded.
TEAM_PRIZES = [("۱", "اندیشه", 1_000_000, "حکم، مدال طلا"),
               ("۲", "مرودشت", 900_000, "حکم، مدال نقره"),
               ("۳", "کازرون", 850_000, "حکم، مدال برنز")]  # fmt: skip


def _audit_log_in_words(organiser: Person, slug: str) -> None:
    """The organiser reads the audit log (issue 26.11): board results as the round pages
    write them (– → ۱-۰), not the stored codes (** → ۱۰), and each line's time as a day and
    a time in Persian (a Jalali month in words), no ISO stamp."""
    organiser.go(f"/e/{slug}/audit/")
    table = organiser.page.locator("#audit").inner_text().replace("\u200f", "")
    # a stored code stands alone after the arrow; a line-up's numbers ("– → ۱۰، ۹، …") do not
    assert "**" not in table and not re.search(r"→ (۱۰|۰۱)(\s|$)", table), table
    assert "– → ۱-۰" in table and "– → ½-½" in table
    first_time = organiser.page.locator("#audit tbody tr td").first.inner_text()
    assert any(month in first_time for month in JALALI_MONTHS), first_time
    assert not re.search(r"[۰-۹]{4}\W?-", first_time), first_time


def _final_standings(arbiter: Person, slug: str) -> None:
    arbiter.go(f"/e/{slug}/s/{KEY}/teams/standings/")
    arbiter.shot("standings")
    assert arbiter.page.inner_text("#standings-round") == "پس از دور ۵ از ۵"
    rows = table_rows(arbiter, "#team-standings")
    for row, expected in zip(rows, STANDINGS, strict=True):
        place, name, points, game_points, *buchholz = expected
        assert row[:4] == [place, name, points, game_points], row
        if buchholz:
            assert row[5:] == buchholz, row
    rescored = arbiter.page.inner_text("#rescorings")
    assert "دور ۳، فجر – فسا: ⁦۲½⁩–⁦۱½⁩، اکنون ۰\u200f–\u200f۴ (پویا حسن‌زاده واجد شرایط نبود)." in (
        rescored
    ), rescored
    prizes = table_rows(arbiter, "table.prizes")
    # a place prize has no name: its place fills the prize's cell, no blank cell before it
    assert prizes == [
        [place, name, f"{money(amount)} تومان", items] for place, name, amount, items in TEAM_PRIZES
    ]
    # 7.2: boards 1-4 need 6 games, 5-6 five: nobody reaches them in 5 rounds
    assert arbiter.page.locator("#board-prizes").count() == 0
    assert foreign_text(arbiter.page.content(), "fa", PROPER_NOUNS) == []


def _printouts(organiser: Person, slug: str) -> None:
    """The team standings, the prize list and the certificates, as PDF, read back."""
    (text,) = organiser.pdf(f"/print/{slug}/{KEY}/team-standings/?format=pdf", "team-standings")
    lines = text.splitlines()
    assert rtl_pdf_line(lines[0]) == EVENT
    assert PRINTED_ON.fullmatch(rtl_pdf_line(lines[2])), lines[2]
    assert rtl_pdf_line(lines[3]) == "پس از دور ۵ از ۵"
    # every number in Persian digits, the tie-break notes' list too (it was "1. 2. 3."), and
    # no Arabic-Indic one (the printed-on day's ۶ was drawn as ٦ by Noto Naskh Arabic)
    assert not re.search("[0-9\u0660-\u0669]", text), text
    numbers = {"اندیشه": 1, "مرودشت": 2, "کازرون": 3, "فجر": 4, "جهرم": 5, "فسا": 6}
    for line, (place, name, points, game_points, *_rest) in zip(
        lines[5:11], STANDINGS, strict=True
    ):
        cells = reversed_numbers(points) + reversed_numbers(game_points)
        start = f"{place}{persian(numbers[name])}{name}{cells}"
        assert line.startswith(start), (line, start)

    (text,) = organiser.pdf(f"/print/{slug}/{KEY}/prizes/?format=pdf", "prizes")
    lines = text.splitlines()
    assert rtl_pdf_line(lines[0]) == EVENT
    assert PRINTED_ON.fullmatch(rtl_pdf_line(lines[2])), lines[2]
    # the prizes, then who signs the list (the chief arbiter of the roles page), then the
    # audit log's head when printed: its digest is data in Latin letters and digits, the
    # rest of the sheet Persian digits only
    assert len(lines) == 4 + len(TEAM_PRIZES) + 2, lines
    assert "گزارش ممیزی هنگام چاپ" in rtl_pdf_line(lines[-1]), lines[-1]
    assert not re.search("[0-9\u0660-\u0669]", "\n".join(lines[:-1])), text
    signed = rtl_pdf_line(lines[-2])
    assert "سرداور" in signed and "لیگ" in signed, signed
    for line, (place, name, amount, _items) in zip(lines[4:-2], TEAM_PRIZES, strict=True):
        line = " ".join(line.split())
        assert line.startswith(f"{place}{name}تومان {reversed_numbers(money(amount))}"), line

    pages = organiser.pdf(f"/print/{slug}/{KEY}/certificates/?format=pdf", "certificates", 3)
    assert [[rtl_pdf_line(line) for line in page.splitlines()[:6]] for page in pages] == [
        ["گواهی نامه", name, rtl_pdf_line(page.splitlines()[2]), "تیمی",
         f"رتبهٔ {place}", EVENT]
        for page, (place, name, _amount, _items) in zip(pages, TEAM_PRIZES, strict=True)
    ]  # fmt: skip
    # then the footer: the organiser, the event's last day (29 Azar 1398) and the two
    # signatures (the chief arbiter by name, the organiser), as words (the text layer puts
    # a colon where the line's direction leaves it)
    for page in pages:
        assert not re.search("[0-9\u0660-\u0669]", page), page
        lines = [rtl_pdf_line(line) for line in page.splitlines()[6:]]
        footer = [{word.strip(":") for word in line.split()} for line in lines]
        assert footer == [
            {"برگزارکننده", "هیات", "شطرنج", "استان", "فارس"},
            {"تاریخ", "۲۹", "آذر", "۱۳۹۸"},
            {"سرداور", "لیگ", "برگزارکننده"},
        ], page


def _matches(someone: Person) -> list[tuple[str, str]]:
    """The (first-named, second) teams of each match of the team round page shown."""
    found = []
    for heading in someone.page.locator("main h2[id^=match-]").all_inner_texts():
        teams = heading.split(". ", 1)[1].split(": ", 1)[0]
        first, second = teams.split(" – ")
        found.append((first, second))
    return found


def _play_round(arbiter: Person, slug: str, number: int) -> None:
    arbiter.go(f"/e/{slug}/s/{KEY}/teams/r/{number}/")
    matches = _matches(arbiter)
    assert matches == PAIRINGS[number], (number, matches)
    for table, (first, second) in enumerate(matches, start=1):
        typed = PLAYED.get((first, second)) or PLAYED[(second, first)].translate(MIRROR)
        type_result(arbiter, table, typed)  # no reload: the page takes the answer
    arbiter.shot(f"round-{number}")


def _five_rounds_for_table_b(organiser: Person) -> None:
    """Six teams in table B: 5 rounds, each team meeting every other once. The organiser
    edits the regulations on the settings page: the section's rounds and its schedule's
    rounds 6-9 (the settings form alone refuses 5 rounds against a 9-round schedule), on
    the settings' last part, the whole file."""
    open_part(organiser, "file")
    text = organiser.page.input_value("#regulations-form textarea")
    section_b = 'key = "B"\nname = "جدول زیر ۱۴ سال (B)"\nrounds = 9\n'
    assert section_b in text
    text = text.replace(section_b, section_b.replace("rounds = 9", f"rounds = {ROUNDS}"))
    dropped = [  # table B's rounds 6-9 (4.1)
        f'{{ round = {number}, date = "{date}"'
        for number, date in ((6, "1398-09-07"), (7, "1398-09-14"), (8, "1398-09-21"),
                             (9, "1398-09-28"))
    ]  # fmt: skip
    kept = [line for line in text.splitlines() if not any(d in line for d in dropped)]
    assert len(kept) == len(text.splitlines()) - 4
    organiser.page.fill("#regulations-form textarea", "\n".join(kept))
    organiser.submit("#save-regulations")
    open_part(organiser, "event")
    assert organiser.page.input_value(
        '#section-list-form [name="r-event~sections1-rounds"]'
    ) == persian(ROUNDS)
    organiser.shot("settings")


def _captain(
    chromium: Any, base: str, organiser: Person, slug: str, team: str, username: str, password: str
) -> Person:
    """The organiser invites a team's captain on the roles page; the captain makes an
    account with the link."""
    organiser.go(f"/e/{slug}/roles/")
    organiser.page.fill("#invite-form input[name=email]", f"{username}@example.ir")
    organiser.page.select_option("#invite-form select[name=role]", "captain")
    options = organiser.page.locator("#invite-form select[name=team] option").all_inner_texts()
    (label,) = [option for option in options if option.endswith(f" {team}")]
    organiser.page.select_option("#invite-form select[name=team]", label=label)
    organiser.submit("#invite-form button")
    link = invitation_link(organiser.messages())
    captain = person(chromium, base, JOURNEY, f"captain-{username}", "fa")
    accept_invitation(captain, link, username, f"کاپیتان {team}", password)
    assert captain.path() == f"/e/{slug}/", captain.main_text()[:500]
    return captain


def _fees(organiser: Person, slug: str) -> None:
    """5: what each team owes, worked by hand (FEES), and the discounts named."""
    organiser.go(f"/e/{slug}/fees/")
    organiser.shot("fees")
    rows = {row[1]: row for row in table_rows(organiser, "#fees-by-team")}
    assert {name: row[5] for name, row in rows.items()} == {
        name: money(amount) for name, amount in FEES.items()
    }
    assert {row[3] for row in rows.values()} == {money(720_000)}
    # کازرون: 720,000 - 50% = 360,000; her share of that (1/6) 60,000; 15% of the
    # 300,000 left 45,000
    assert rows["کازرون"][4] == (
        f"تیم دوم لیگ شهرستان‌ها: −{money(360_000)}؛ بانوان: −{money(60_000)}؛ "
        f"تیم شهرستانی: −{money(45_000)}"
    )
    assert rows["فسا"][4] == ""  # two local players only: no county discount
    # 3,315,000 toman for the six teams
    assert table_rows(organiser, "#fees-by-section") == [
        [SECTION, "۳۶", "۶", money(3_315_000), "۰", money(3_315_000)]
    ]


def _import_the_list(organiser: Person, slug: str) -> None:
    organiser.go(f"/e/{slug}/")
    organiser.page.click(f'a[href="/e/{slug}/import/"]')
    organiser.page.set_input_files("input[type=file]", str(DATA / "fars-table-b-first.xlsx"))
    organiser.submit("main form button[type=submit]")
    organiser.shot("import-refused")
    assert organiser.page.inner_text("#import-problems") == "۱ مشکل — چیزی ذخیره نشد"
    # line 14 (title, headings, then the 12th player): امین رحمانی, born 27 Azar 1384, a
    # day before table B's cutoff (4: born on or after 28 Azar 1384)
    assert table_rows(organiser, "table.report") == [
        [
            "۱۴",
            "امین رحمانی",
            SECTION,
            "جدول زیر ۱۴ سال (B): متولد ۲۷ آذر ۱۳۸۴: باید در ۲۸ آذر ۱۳۸۴ یا پس از آن زاده شده"
            " باشد.",
        ]
    ]
    organiser.go(f"/e/{slug}/s/{KEY}/")
    assert "امین رحمانی" not in organiser.main_text()  # nothing saved
    organiser.go(f"/e/{slug}/import/")
    organiser.page.set_input_files("input[type=file]", str(DATA / "fars-table-b.xlsx"))
    organiser.submit("main form button[type=submit]")
    messages = organiser.messages()
    assert "۳۶ ثبت‌نام وارد شد." in messages
    assert "ستون‌هایی که وارد نشد: A (ردیف)، I (تلفن)." in messages
    assert [row[:2] for row in table_rows(organiser, "main table")] == [
        ["جدول آزاد (A)", "۰"],
        [SECTION, "۳۶"],
    ]
    organiser.shot("imported")
    organiser.go(f"/e/{slug}/s/{KEY}/")
    players = {row[1]: (row[2], row[3], row[5]) for row in table_rows(organiser, "main table")}
    assert players["محمد کریمی"] == ("مرد", "۱۵۸۰", "کازرون")
    assert players["هستی نجفی"] == ("زن", "۱۶۵۰", "باشگاه اندیشه شیراز")
    assert players["رضا جعفری"][1] == ""  # unrated


def _enter_the_teams(organiser: Person, slug: str) -> None:
    for name, unit, kind, letter, previous, roster in TEAMS:
        organiser.go(f"/e/{slug}/s/{KEY}/teams/new/")
        page = organiser.page
        page.fill("#id_name", name)
        page.fill("#id_unit", unit)
        page.fill("#id_unit_kind", kind)
        if letter:
            page.check("#id_attribute_introduction_letter")
        if previous:
            page.fill("#id_attribute_previous_place", persian(previous))
        for place, (player, _rating, local) in enumerate(roster, start=1):
            choose_option(organiser, f"#id_player_{place}", player)
            if local:
                page.check(f"#id_roster_local_{place}")
        organiser.shot(f"team-{name}")
        organiser.submit("#team-form button[type=submit]")
        assert f"تیم {name} ذخیره شد." in organiser.messages()
    organiser.go(f"/e/{slug}/s/{KEY}/teams/")
    organiser.shot("teams")
    rows = table_rows(organiser, "#teams")
    assert [row[1] for row in rows] == [name for name, *_ in TEAMS]  # entry order until round 1
    for row, (name, unit, *_rest, roster) in zip(rows, TEAMS, strict=True):
        assert row[2] == unit
        assert row[3] == "؛ ".join(
            f"{persian(place)}. {player}" for place, (player, *_) in enumerate(roster, 1)
        )
        assert row[5] == money(FEES[name])
    assert foreign_text(organiser.page.content(), "fa", PROPER_NOUNS) == []
