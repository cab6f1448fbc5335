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
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User

from crosstable.typed.calendars import gregorian_to_jalali

from ..language_check import foreign_text
from .steps import (
    Person,
    accept_invitation,
    choose_option,
    invitation_link,
    person,
    sign_in,
    table_rows,
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
    # Before the journey: the site administrator's account (nothing of the event).
    User.objects.create_superuser("modir", "modir@example.ir", "Modir-Site-1398")

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
    organiser.page.select_option("#invite-form select[name=role]", "arbiter")
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


def _five_rounds_for_table_b(organiser: Person) -> None:
    """Six teams in table B: 5 rounds, each team meeting every other once. The organiser
    edits the regulations on the settings page: the section's rounds and its schedule's
    rounds 6-9 (the settings form alone refuses 5 rounds against a 9-round schedule)."""
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
    assert organiser.page.input_value(
        f"#settings-form input[name=section_{KEY}_rounds]"
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
            KEY,
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
    assert "ستون‌هایی که وارد نشد: A (ردیف), I (تلفن)." in messages
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
