"""Issue 26 item 8: would an arbiter sign these sheets? Printouts as chromium prints them,
read back from the PDF (pdftotext's word boxes, pypdf's text) in the user's language.

* Fars team league (seed 002, 1398 = autumn 2019, Persian): the team pairings, standings and
  cross-table are dated (printed on Monday 16 Azar 1405 = 7 December 2026 in Tehran, the day
  the clock is set to), the team pairings give the round's start (24 Aban 1398 09:30, the
  file's schedule) and the match headings carry no stray ``؛``. The team standings count
  unplayed rounds by the 2023 text of C.07 (the event began before 1 March 2026) and say so.
* Futian grade (seed 001, Chinese): the event pairings' QR caption gives the whole public
  address inside the page; three-character names and grade words stay on one line.
* Kinabatangan (seed 000, Malay): certificates say Johan / Naib Johan / Tempat Ketiga, the
  organiser the regulations name, the date, and where the chief arbiter and the organiser sign.
* Xiangqi result slips (seed 004 and 003) have a box for each player's fouls; chess slips none.
* Team match slips: the two captains' and the arbiter's signature lines on one row, whatever
  the length of the teams' names (a long Persian and a long Chinese name, read off the page's
  pixels).
* Every other place where people sign (the grade report's chief arbiter, organiser and date;
  a certificate's chief arbiter and organiser) shares the slips' mechanism: with a long
  Persian chief arbiter's name the lines still stand on one row, in Malay, Chinese and
  Persian; a Persian player's name on a Malay result slip keeps its pairing number after it.
* A long school name as a team's, in the Malay team standings: two or three lines, not one word
  a line beside tie-break headings that would not wrap.
"""

from __future__ import annotations

import datetime
import io
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone, translation

from crosstable.tiebreaks.unplayed import UnplayedRule
from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules
from crosstable_web.teams import models as team_models
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import ranking as team_ranking
from web.public.team_league import build_league, roster

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
MONDAY_MORNING = datetime.datetime(2026, 12, 7, 6, 0, tzinfo=datetime.UTC)
"""09:30 in Tehran, 14:00 in Shenzhen and Sabah: 16 Azar 1405, 2026年12月7日."""


@pytest.fixture(autouse=True)
def _clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(timezone, "now", lambda: MONDAY_MORNING)
    yield
    translation.activate("en")


def _needs_chromium() -> None:
    if not shutil.which("chromium") or not shutil.which("pdftotext"):
        pytest.skip("chromium and poppler's pdftotext print and read the PDF")


def _pdf(address: str, client: Client | None = None) -> bytes:
    response = (client or Client()).get(address)
    assert response.status_code == 200, address
    assert response["Content-Type"] == "application/pdf"
    return response.content


def _text(data: bytes) -> str:
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(io.BytesIO(data))
    return unicodedata.normalize("NFKC", "\n".join(page.extract_text() for page in reader.pages))


def _words(data: bytes, tmp_path: Path) -> tuple[float, list[tuple[str, float, float, float]]]:
    """The page width and each word with its left, right and top edge (points), from
    pdftotext's bounding boxes."""
    source = tmp_path / "sheet.pdf"
    source.write_bytes(data)
    html = subprocess.run(
        ["pdftotext", "-bbox", str(source), "-"], capture_output=True, text=True, check=True
    ).stdout
    width = float(re.search(r'<page width="([\d.]+)"', html).group(1))  # type: ignore[union-attr]
    words = [
        (word, float(x_min), float(x_max), float(y_min))
        for x_min, y_min, x_max, word in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
            html,
        )
    ]
    return width, words


# -- Fars: team printouts dated, in Jalali ---------------------------------------------------


@pytest.fixture
def league(organiser: User) -> models.Section:
    """Round 1 played: table 1 won 4–0 by the first-named team, table 2 drawn 2–2."""
    section = build_league(organiser, slug="fars-dated")
    team_matches.pair_next_round(section, organiser)
    for match in team_models.TeamMatch.objects.filter(round__section=section, round__number=1):
        team_lineups.submit_lineup(
            match.first, 1, roster(section, match.first.number)[:4], organiser
        )
        for board in (1, 2, 3, 4):
            team_matches.enter_board_result(
                match, board, "1-0" if match.number == 1 else "1/2", organiser
            )
    return section


PRINTED_FA = "چاپ‌شده در دوشنبه ۱۶ آذر ۱۴۰۵"


def test_team_printouts_are_dated_in_the_jalali_calendar(league: models.Section) -> None:
    client = Client()
    for kind in ("team-pairings", "pairings-by-name", "team-standings", "crosstable", "wallchart"):
        page = client.get(f"/print/fars-dated/A/{kind}/").content.decode()
        assert PRINTED_FA in page, kind
    pairings = client.get("/print/fars-dated/A/team-pairings/").content.decode()
    assert "شروع: جمعه ۲۴ آبان ۱۳۹۸ ۰۹:۳۰." in pairings  # round 1 of table A, 09:30
    heading = re.sub(r"<[^>]+>", " ", pairings.split('id="match-1"')[1].split("</h3>")[0])
    assert "؛" not in heading  # the &nbsp; before the score stays a space
    # an English reader of the same league: the Jalali day first, the Gregorian in brackets
    english = client.get("/print/fars-dated/A/team-standings/?lang=en").content.decode()
    assert "Printed on 16 Azar 1405 (Monday 7 December 2026)" in english


@pytest.mark.browser
def test_team_pdfs_carry_the_jalali_date(league: models.Section) -> None:
    _needs_chromium()
    for kind in ("team-pairings", "team-standings", "crosstable"):
        text = _text(_pdf(f"/print/fars-dated/A/{kind}/?format=pdf"))
        # the date's month and year, whichever order the extractor reads right-to-left digits
        assert "آذر" in text and ("۱۴۰۵" in text or "۵۰۴۱" in text), kind
        assert "؛" not in text, kind


def test_team_standings_of_a_1398_league_follow_the_2023_text(league: models.Section) -> None:
    assert team_ranking.team_results(league).unplayed_rule is UnplayedRule.FIDE_2023
    note = "متن سال ۲۰۲۳ آیین‌نامهٔ معیارهای رده‌بندی فیده"
    printed = Client().get("/print/fars-dated/A/team-standings/").content.decode()
    public = Client().get("/p/fars-dated/A/teams/").content.decode()
    assert note in printed and note in public


# -- Futian: the QR caption whole, Chinese names on one line ---------------------------------

HOST = "crosstable.futianchessassociation.example.org"
FUTIAN_NAMES = ["高宸嘉", "欧阳子轩", "李沐辰", "周梓涵", "孙浩然", "吴一凡"]
LONG_UNIT = "深圳市福田区荔园外国语小学（香蜜湖校区）"


@pytest.fixture
def futian(organiser: User, arbiter: User, simple_pairing: Callable[..., object]) -> models.Section:
    spec = rules.load_event_spec(EXAMPLES / "futian-chess-grade-2019.toml")
    event = services.create_event(spec, organiser, slug="futian2019grade")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="D")
    for index, name in enumerate(FUTIAN_NAMES):
        services.add_entry(
            section,
            services.EntryData(
                name=name,
                sex="M",
                birth_date=datetime.date(2011, 1, 1),
                national_grade="10",
                rating=1500 - 10 * index,
                unit=LONG_UNIT,
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter, "rating")
    round_one = rounds.pair_next_round(section, arbiter)
    for board in (1, 2, 3):
        rounds.enter_result(round_one, board, "1", arbiter)
    return section


@pytest.mark.browser
def test_event_pairings_qr_caption_holds_the_whole_address(
    futian: models.Section, tmp_path: Path, settings: Any
) -> None:
    """The site's address has no hyphen to break at (the Futian organisers' own host and
    short name): before, the caption ran past the page and was cut at "…/p/futian20"."""
    _needs_chromium()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HOST]
    response = Client(HTTP_HOST=HOST).get(
        "/print/futian2019grade/pairings/?format=pdf&lang=zh-hans"
    )
    assert response.status_code == 200
    data = response.content
    width, words = _words(data, tmp_path)
    outside = [word for word, _left, right, _top in words if right > width - 12 * 72 / 25.4 + 1]
    assert not outside, outside  # nothing past the right margin (12 mm)
    caption = "".join(
        word for word, *_ in words if "/" in word or "example" in word or "grade" in word
    )
    assert f"http://{HOST}/p/futian2019grade/" in caption


@pytest.mark.browser
def test_chinese_names_stay_on_one_line(futian: models.Section, organiser: User) -> None:
    _needs_chromium()
    staff = Client()  # the grade report is the organisers'
    staff.force_login(organiser)
    for kind in ("standings", "crosstable", "wallchart", "grades"):
        text = _text(_pdf(f"/print/futian2019grade/D/{kind}/?format=pdf&lang=zh-hans", staff))
        for name in FUTIAN_NAMES:
            assert name in text, (kind, name)
        if kind == "grades":
            assert "十级棋士" in text and "十一级棋士" in text
    dated = Client().get("/print/futian2019grade/D/standings/?lang=zh-hans")
    assert "打印日期：2026年12月7日 星期一" in dated.content.decode()


# -- Kinabatangan: Malay certificates --------------------------------------------------------


@pytest.fixture
def kinabatangan(
    organiser: User, arbiter: User, simple_pairing: Callable[..., object]
) -> models.Section:
    spec = rules.load_event_spec(EXAMPLES / "kinabatangan-school-2024.toml", rounds=3)
    event = services.create_event(spec, organiser, slug="kinabatangan")
    arbiter.first_name, arbiter.last_name = "Rosnah", "binti Amat"
    arbiter.save()
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.CHIEF_ARBITER)
    section = event.sections.get(key="L12")
    for index, name in enumerate(["Aiman", "Haziq", "Danish", "Irfan"]):
        services.add_entry(
            section,
            services.EntryData(name=name, sex="M", rating=1400 - 10 * index, unit="SK Bukit Garam"),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter, "rating")
    round_one = rounds.pair_next_round(section, arbiter)
    for board in (1, 2):
        rounds.enter_result(round_one, board, "1", arbiter)
    return section


def _certificates(html: str) -> list[str]:
    return [
        " ".join(re.sub(r"<[^>]+>", " ", page).split())
        for page in html.split('<div class="certificate">')[1:]
    ]


def test_malay_certificate_names_the_champion_the_organiser_and_the_date(
    kinabatangan: models.Section,
) -> None:
    """R1: 1–2 1-0, 3–4 1-0. The file's one prize is the "johan" (6.4a): Aiman, first of the
    two on 1 point by the tie-break (progressive scores equal, the higher-rated first by lot
    order is not asked here: the certificate goes to place 1 whoever holds it)."""
    html = Client().get("/print/kinabatangan/L12/certificates/?lang=ms").content.decode()
    pages = _certificates(html)
    assert len(pages) == 1
    page = pages[0]
    assert "Johan" in page and "Tempat ke-1" not in page
    assert "Penganjur: Pengelola Catur Daerah Kinabatangan (En. Al Hassim Hj. Attip)" in page
    # no last day in the file: dated the day printed, at the venue
    assert "Tarikh: 7 Disember 2026" in page
    assert "Ketua pengadil: Rosnah binti Amat" in page
    assert html.count('<span class="sign-line"></span>') == 2  # the arbiter and the organiser


def test_second_and_third_places_in_words(
    event: models.Event, organiser: User, arbiter: User, simple_pairing: Callable[..., object]
) -> None:
    """No prize tables: the first three places get a certificate. Four players, R1 1–2 1-0 and
    3–4 1-0, R2 1–3 1-0 and 2–4 ½-½: #1 2 points, #3 1, #2 and #4 ½, #2 third on
    Buchholz (2½: #1's 2 and #4's ½, against #4's 1½)."""
    section = event.sections.get(key="open")
    for index, name in enumerate(["Aiman", "Haziq", "Danish", "Irfan"]):
        services.add_entry(
            section, services.EntryData(name=name, sex="m", rating=1400 - 10 * index), organiser
        )
    services.assign_pairing_numbers(section, arbiter, "rating")
    round_one = rounds.pair_next_round(section, arbiter)
    for board in (1, 2):
        rounds.enter_result(round_one, board, "1", arbiter)
    round_two = rounds.pair_next_round(section, arbiter)
    pairs = [(b.white.pairing_number, b.black.pairing_number) for b in round_two.boards.all()]
    assert pairs == [(1, 3), (2, 4)]
    rounds.enter_result(round_two, 1, "1", arbiter)
    rounds.enter_result(round_two, 2, "=", arbiter)
    slug = event.slug
    words = {
        "ms": ["Johan", "Naib Johan", "Tempat Ketiga"],
        "en": ["Place 1", "Place 2", "Place 3"],
        "zh-hans": ["第1名", "第2名", "第3名"],  # as Chinese regulations name prize places
    }
    for language, expected in words.items():
        html = Client().get(f"/print/{slug}/open/certificates/?lang={language}").content.decode()
        places = [
            page.split('<div class="place">')[1].split("</div>")[0]
            for page in html.split('<div class="certificate">')[1:]
        ]
        assert [re.sub(r"<[^>]+>", "", place).strip() for place in places] == expected, language
    chinese = Client().get(f"/print/{slug}/open/certificates/?lang=zh-hans").content.decode()
    assert "日期：2026年12月7日" in chinese
    persian = Client().get(f"/print/{slug}/open/certificates/?lang=fa").content.decode()
    assert "تاریخ: ۱۶ آذر ۱۴۰۵" in persian


@pytest.mark.browser
def test_malay_certificate_pdf(kinabatangan: models.Section, tmp_path: Path) -> None:
    _needs_chromium()
    data = _pdf("/print/kinabatangan/L12/certificates/?format=pdf&lang=ms")
    text = _text(data)
    assert "Johan" in text and "Penganjur" in text and "Tarikh: 7 Disember 2026" in text
    width, words = _words(data, tmp_path)
    assert all(right <= width for _word, _left, right, _top in words)
    (tmp_path / "certificate.pdf").write_bytes(data)


# -- Xiangqi slips: a box for fouls ----------------------------------------------------------


def test_xiangqi_slips_have_a_fouls_box_chess_slips_none(
    organiser: User, arbiter: User, simple_pairing: Callable[..., object]
) -> None:
    spec = rules.load_event_spec(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    event = services.create_event(spec, organiser, slug="youth-slips")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    for key, names in (
        ("xq-K", ["林一", "陈二", "黄三", "吴四"]),
        ("ch-K", ["郑五", "王六", "冯七", "何八"]),
    ):
        section = event.sections.get(key=key)
        for name in names:
            services.add_entry(
                section,
                services.EntryData(name=name, sex="M", birth_date=datetime.date(2004, 1, 1)),
                organiser,
            )
        services.assign_pairing_numbers(section, arbiter, "rating")
        rounds.pair_next_round(section, arbiter)
    xiangqi = Client().get("/print/youth-slips/xq-K/slips/?lang=zh-hans").content.decode()
    chess = Client().get("/print/youth-slips/ch-K/slips/?lang=zh-hans").content.decode()
    assert xiangqi.count('<tr class="fouls">') == 2  # one per board
    assert xiangqi.count('犯规: <span class="box"></span>') == 4  # Red's and Black's
    assert "犯规" not in chess


def test_xiangqi_team_slips_have_a_fouls_column(league: models.Section) -> None:
    """The Fars league's round 1 slips as a xiangqi league would print them (the game set to
    xiangqi): a fouls box beside each board's two players; the chess league's slips none."""
    chess = Client().get("/print/fars-dated/A/slips/?lang=zh-hans").content.decode()
    assert "犯规" not in chess
    event = league.event
    assert 'game = "chess"' in event.regulations_text
    event.regulations_text = event.regulations_text.replace('game = "chess"', 'game = "xiangqi"')
    event.game = models.Game.XIANGQI
    event.save()
    xiangqi = Client().get("/print/fars-dated/A/slips/?lang=zh-hans").content.decode()
    first = xiangqi.split('id="slip-1"')[1].split('id="slip-2"')[0]
    assert first.count('<th class="fouls">犯规</th>') == 2
    assert first.count('<td class="fouls"><span class="box"></span></td>') == 2 * 4  # 4 boards
    assert "犯规：被判犯规的次数" in first


# -- Team match slips: the captains sign on one line whatever their teams' names ---------------

LONG_NAMES = (
    "باشگاه فرهنگی ورزشی شطرنج جوانان شهرستان مرودشت",
    "深圳市福田区青少年象棋俱乐部第一代表队（少年组）",
)
"""Names as long as real ones (48 and 24 characters): each wraps over two lines or more."""


def _signature_rows(
    data: bytes, tmp_path: Path, page: int | None = 1
) -> list[list[tuple[int, int]]]:
    """A page of a PDF (``None``: the last) printed at 150 dpi, as the rows of pixels holding a
    signature line: each row's dark runs 25 to 80 mm long, left to right. Shorter runs are
    letters and the slips' dashed border; longer ones the rules of the boards' tables."""
    source = tmp_path / "slips.pdf"
    source.write_bytes(data)
    if page is None:
        info = subprocess.run(
            ["pdfinfo", str(source)], capture_output=True, text=True, check=True
        ).stdout
        page = int(re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE).group(1))  # type: ignore[union-attr]
    width, height, pixels = _grey_page(source, page, 150)
    shortest, longest = (round(mm / 25.4 * 150) for mm in (25, 80))
    rows: list[list[tuple[int, int]]] = []
    previous: list[tuple[int, int]] = []
    for y in range(height):
        line = pixels[y * width : (y + 1) * width]
        runs = [
            (run.start(), run.end())
            for run in re.finditer(rb"[\x00-\x9f]+", line)
            if shortest <= run.end() - run.start() <= longest
        ]
        # a 0.5 pt line drawn across two rows of pixels is one line: keep its first row
        if runs and not previous:
            rows.append(runs)
        previous = runs
    return rows


@pytest.mark.browser
@pytest.mark.parametrize("language", ["fa", "zh-hans"])
def test_team_slip_signature_lines_align_with_long_team_names(
    league: models.Section, language: str, tmp_path: Path
) -> None:
    """Table 1's teams renamed to a long Persian and a long Chinese name: on each slip the two
    captains' and the arbiter's lines stand on one row (they stood at three heights, each
    below its own wrapped label); each name is set apart in its own direction (``<bdi>``), so
    a Persian name on a Chinese slip keeps its words in order."""
    _needs_chromium()
    first = team_models.TeamMatch.objects.get(round__section=league, round__number=1, number=1)
    for team, name in zip((first.first, first.second), LONG_NAMES, strict=True):
        team.name = name
        team.save()
    data = _pdf(f"/print/fars-dated/A/slips/?format=pdf&lang={language}")
    rows = _signature_rows(data, tmp_path)
    assert [len(runs) for runs in rows] == [3, 3], rows  # two slips, three lines each
    html = Client().get(f"/print/fars-dated/A/slips/?lang={language}").content.decode()
    signatures = html.split('id="slip-1"')[1].split('class="signatures"')[1].split("</div>")[0]
    for name in LONG_NAMES:
        assert f"<bdi>{name}</bdi>" in signatures


LONG_CHIEF = ("سید محمدحسین", "میرزاخانی‌نژاد طباطبایی اصفهانی")
LONG_PLAYER = "سید محمدحسین میرزاخانی‌نژاد طباطبایی اصفهانی"
"""A chief arbiter's and a player's name of 44 characters (Persian): each wraps on a signature
block's column."""


@pytest.mark.browser
@pytest.mark.parametrize("language", ["ms", "zh-hans", "fa"])
def test_signature_lines_align_with_a_long_chief_arbiters_name(
    futian: models.Section, organiser: User, language: str, tmp_path: Path
) -> None:
    """The grade report's three lines (chief arbiter, organiser, date) and a certificate's two
    (chief arbiter, organiser) are the last lines of their page and stand on one row: before,
    the grade report's chief arbiter, kept on one line, pushed the date to a row of its own (and
    a longer name ran off the page), and the certificate's chief arbiter's line wrapped below
    the organiser's."""
    _needs_chromium()
    chief = User.objects.create_user("chief", first_name=LONG_CHIEF[0], last_name=LONG_CHIEF[1])
    models.EventRole.objects.create(event=futian.event, user=chief, role=models.Role.CHIEF_ARBITER)
    first = futian.entries.get(pairing_number=1)
    first.name = LONG_PLAYER
    first.save()
    staff = Client()  # the grade report is the organisers'
    staff.force_login(organiser)
    grades = _pdf(f"/print/futian2019grade/D/grades/?format=pdf&lang={language}", staff)
    assert len(_signature_rows(grades, tmp_path, page=None)[-1]) == 3
    certificates = _pdf(f"/print/futian2019grade/D/certificates/?format=pdf&lang={language}")
    assert len(_signature_rows(certificates, tmp_path)[-1]) == 2
    slips = Client().get(f"/print/futian2019grade/D/slips/?lang={language}").content.decode()
    assert f"<bdi>{LONG_PLAYER}</bdi></b>" in slips  # its number, "(1)", after it on every page


@pytest.mark.browser
def test_a_long_team_name_keeps_its_column_beside_long_tie_break_headings(
    league: models.Section, tmp_path: Path
) -> None:
    """The Malay team standings: six tie-break columns headed in words ("Buchholz potong 1",
    "Pertemuan langsung") kept on one line each took the page's width, and a school's name
    stood one word a line (five lines); a team's name keeps 40 mm now (``td.team-name``): two
    or three lines. (The headings themselves stay on one line: let wrap, they took width from
    the players' names of the individual standings, which the journeys read on one line.)"""
    _needs_chromium()
    team = team_models.Team.objects.get(section=league, number=4)
    team.name = "Sekolah Kebangsaan Pekan Kinabatangan Satu"
    team.save()
    _width, words = _words(_pdf("/print/fars-dated/A/team-standings/?format=pdf&lang=ms"), tmp_path)
    tops = {round(top) for word, _left, _right, top in words if word in team.name.split()}
    assert 1 < len(tops) <= 3, tops


# -- Long names beside short headings; long names on certificates ------------------------------

LONG_PLAYERS = {
    1: "Nur Aisyah Sofea binti Mohd Khairul Anuar",
    3: "سیدمحمدحسین میرحسینی‌نژاد",
    5: "Muhammad Amirul Haziq bin Abdul Rahman",
}
"""A Malaysian school's and an Iranian league's names (41, 25 and 38 characters), given to the
Futian players 1, 3 and 5 (White on boards 1–3 of round 1); 2, 4 and 6 keep their Chinese
names."""


def _rename(section: models.Section, names: dict[int, str]) -> None:
    for number, name in names.items():
        entry = section.entries.get(pairing_number=number)
        entry.name = name
        entry.save()


def _name_lines(words: list[tuple[str, float, float, float]], name: str) -> list[int]:
    """On how many lines each printing of a (Latin-script) name stands: its words in order in
    pdftotext's reading order (a cell's other words, such as the board number painted beside
    it, may come between), counted by their distinct tops."""
    parts = name.split()
    counts: list[int] = []
    index = 0
    while index < len(words):
        if words[index][0] != parts[0]:
            index += 1
            continue
        tops, found, cursor, skipped = {round(words[index][3])}, 1, index + 1, 0
        while found < len(parts) and cursor < len(words) and skipped <= 6:
            if words[cursor][0] == parts[found]:
                tops.add(round(words[cursor][3]))
                found, skipped = found + 1, 0
            else:
                skipped += 1
            cursor += 1
        if found == len(parts):
            counts.append(len(tops))
            index = cursor
        else:
            index += 1
    return counts


@pytest.mark.browser
def test_short_chinese_headings_and_colours_stay_whole_beside_long_names(
    futian: models.Section,
) -> None:
    """The pairings by name in Chinese, with long Malay and Persian names in the name and
    opponent columns: the colour column was squeezed to one character's width, its heading
    执色 and every 白方 and 黑方 in it broken over two lines (执/色), the heading 学校/俱乐部/队伍
    likewise at any character. A heading or a colour is one word: it stays whole (the
    headings break at most at the slashes), and the names wrap in their own cells."""
    _needs_chromium()
    _rename(futian, LONG_PLAYERS)
    by_name = _text(_pdf("/print/futian2019grade/D/pairings-by-name/?format=pdf&lang=zh-hans"))
    for heading in ("姓名", "台次", "执色", "对手", "俱乐部"):
        assert heading in by_name, heading
    assert by_name.count("白方") == 3 and by_name.count("黑方") == 3  # each seat's colour
    by_board = _text(_pdf("/print/futian2019grade/D/pairings/?format=pdf&lang=zh-hans"))
    for heading in ("台次", "编号", "白方", "积分", "结果", "黑方"):
        assert heading in by_board, heading


@pytest.mark.browser
@pytest.mark.parametrize("language", ["ms", "zh-hans", "fa"])
@pytest.mark.parametrize("kind", ["pairings-by-name", "standings"])
def test_long_names_keep_a_few_words_a_line(
    futian: models.Section, kind: str, language: str, tmp_path: Path
) -> None:
    """The same long names on the pairings by name and the standings: each on one to three
    lines wherever it is printed. The Malay standings, whose tie-break headings in words stay
    on one line, squeezed the names to one or two words a line (five lines for the first)
    while the school's column kept its width."""
    _needs_chromium()
    _rename(futian, LONG_PLAYERS)
    _width, words = _words(
        _pdf(f"/print/futian2019grade/D/{kind}/?format=pdf&lang={language}"), tmp_path
    )
    for name in (LONG_PLAYERS[1], LONG_PLAYERS[5]):
        lines = _name_lines(words, name)
        assert lines and max(lines) <= 3, (name, lines)


@pytest.mark.browser
@pytest.mark.parametrize("language", ["ms", "zh-hans", "fa"])
def test_the_grade_report_keeps_long_names_to_two_lines(
    futian: models.Section, organiser: User, language: str, tmp_path: Path
) -> None:
    """The grade report's ten columns at 9 pt left a name column some 17 mm wide: the
    41-character Malay name stood on four lines in Malay. Its name column is now as wide as
    the section's names need (``fitting.name_column_mm``): two lines each."""
    _needs_chromium()
    _rename(futian, LONG_PLAYERS)
    staff = Client()  # the grade report is the organisers'
    staff.force_login(organiser)
    _width, words = _words(
        _pdf(f"/print/futian2019grade/D/grades/?format=pdf&lang={language}", staff), tmp_path
    )
    for name in (LONG_PLAYERS[1], LONG_PLAYERS[5]):
        lines = _name_lines(words, name)
        assert lines and max(lines) <= 2, (name, lines)


CERTIFICATE_NAMES = {
    1: LONG_PLAYERS[1],
    2: "Nur Aisyah Sofea binti Mohd Khairul Anuar (Sekolah Kebangsaan Pekan Kinabatangan Satu)",
    3: "سیدمحمدحسین میرحسینی‌نژاد (باشگاه فرهنگی ورزشی شطرنج جوانان شهرستان مرودشت)",
    4: "欧阳子轩（深圳市福田区荔园外国语小学香蜜湖校区，福田区青少年象棋俱乐部第一代表队）",
    5: (
        "Nur Aisyah Sofea binti Mohd Khairul Anuar (Sekolah Kebangsaan Pekan Kinabatangan Satu,"
        " Kelab Catur Remaja Daerah Kinabatangan, Persatuan Catur Negeri Sabah, Majlis Sukan"
        " Sekolah-Sekolah Malaysia)"
    ),
}
"""Names as a school's or a club's entry form has them, the school or club typed in brackets
after the player's own (88, 78 and 42 characters: three lines at 40 pt, or nearly), and one
as long as the entry form takes (200 characters, at most: its name field's length)."""


def _page_words(data: bytes, tmp_path: Path) -> list[list[tuple[str, float, float, float, float]]]:
    """Each page's words with their left, right, top and bottom edges (points)."""
    source = tmp_path / "words.pdf"
    source.write_bytes(data)
    html = subprocess.run(
        ["pdftotext", "-bbox", str(source), "-"], capture_output=True, text=True, check=True
    ).stdout
    pattern = (
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    )
    return [
        [
            (word, float(left), float(right), float(top), float(bottom))
            for left, top, right, bottom, word in re.findall(pattern, page)
        ]
        for page in html.split("<page ")[1:]
    ]


def _grey_page(source: Path, page: int, dpi: int) -> tuple[int, int, bytes]:
    """Page ``page`` of the PDF ``source`` printed in grey at ``dpi``: width, height and the
    pixels, a byte each, row by row (pdftoppm's PGM beside the PDF)."""
    stem = source.with_suffix("")
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-gray", "-f", str(page), "-l", str(page), "-singlefile",
         str(source), str(stem)],
        check=True,
    )  # fmt: skip
    header, pixels = stem.with_suffix(".pgm").read_bytes().split(b"\n255\n", 1)
    width, height = (int(value) for value in header.split()[1:3])
    return width, height, pixels


def _box(data: bytes, tmp_path: Path, page: int) -> tuple[int, int, int, int]:
    """A certificate's box (its border's outer edges: left, right, top, bottom, in points),
    read off the page's pixels printed at 144 dpi: the rows and columns crossed by a dark run
    longer than half the page's height."""
    source = tmp_path / "box.pdf"
    source.write_bytes(data)
    width, height, pixels = _grey_page(source, page, 144)
    longest = height // 2

    def long_run(line: bytes) -> bool:
        return any(len(run) > longest for run in re.findall(rb"[\x00-\xbf]+", line))

    rows = [y for y in range(height) if long_run(pixels[y * width : (y + 1) * width])]
    columns = [x for x in range(width) if long_run(pixels[x::width])]
    assert rows and columns, "no box on the page"
    return columns[0] // 2, (columns[-1] + 1) // 2, rows[0] // 2, (rows[-1] + 1) // 2


@pytest.mark.browser
@pytest.mark.parametrize("language", ["ms", "fa", "zh-hans", "en"])
def test_a_long_name_fits_its_certificate(
    futian: models.Section, language: str, tmp_path: Path
) -> None:
    """Certificates for the long names (all six players are in the prize places): each on one
    page, every word of it inside its box, the name no taller than two lines at 40 pt (the
    height the certificate is laid out for: a longer name is set smaller), and the chief
    arbiter's and the organiser's lines on one row inside the box. At 40 pt the 88-character
    name took three lines and the 200-character one six, the footer pushed past the box."""
    _needs_chromium()
    _rename(futian, CERTIFICATE_NAMES)
    data = _pdf(f"/print/futian2019grade/D/certificates/?format=pdf&lang={language}")
    pages = _page_words(data, tmp_path)
    assert len(pages) == 6  # one certificate a page, nothing spilled onto another
    for number, words in enumerate(pages, start=1):
        left, right, top, bottom = _box(data, tmp_path, number)
        outside = [
            word
            for word, x_min, x_max, y_min, y_max in words
            if x_min < left or x_max > right or y_min < top or y_max > bottom
        ]
        assert not outside, (number, (left, right, top, bottom), outside)
        # the name: the words after the title's line, before the section's name ("D组：…",
        # read as "组：…" and "D")
        title_top = words[0][3]
        name = []
        for word in words[1:]:
            if word[0] == "D" or "组" in word[0]:
                break
            if abs(word[3] - title_top) > 2:
                name.append(word)
        assert name, number
        # its lines: words whose tops are within 12 pt (a bracket's glyph from another font
        # stands a few points lower than the Persian letters beside it; lines at 16 pt and
        # more are 20 pt apart), each line at its highest top
        lines: list[float] = []
        for word_top in sorted(word[3] for word in name):
            if not lines or word_top - lines[-1] > 12:
                lines.append(word_top)
        if len(lines) > 1:
            pitch = (lines[-1] - lines[0]) / (len(lines) - 1)  # 1.25 × its font size
            assert len(lines) * pitch <= 2 * 40 * 1.25 + 3, (number, len(lines), pitch)
        signatures = _signature_rows(data, tmp_path, page=number)
        assert len(signatures[-1]) == 2, signatures


@pytest.mark.browser
@pytest.mark.parametrize("kind", ["team-pairings", "slips"])
def test_long_chinese_team_names_as_headings_stay_inside_the_page(
    league: models.Section, kind: str, tmp_path: Path
) -> None:
    """Table 1's teams given Chinese names of 25 characters with no punctuation to break at:
    as the headings of the board columns (team pairings, match slips) they wrap between
    characters as names do in cells (kept whole as a heading's words are, the two would take
    the page's width), and the team pairings' scores stay whole: squeezed between the two,
    each 1 – 0 broke as 1 –/0."""
    _needs_chromium()
    first = team_models.TeamMatch.objects.get(round__section=league, round__number=1, number=1)
    for team, name in zip(
        (first.first, first.second),
        (
            "深圳市福田区青少年象棋俱乐部第一代表队少年组甲队",
            "广州市越秀区青少年象棋协会培训中心第二代表队乙队",
        ),
        strict=True,
    ):
        team.name = name
        team.save()
    data = _pdf(f"/print/fars-dated/A/{kind}/?format=pdf&lang=zh-hans")
    width, words = _words(data, tmp_path)
    margin = 12 * 72 / 25.4
    outside = [word for word, left, right, _top in words if right > width - margin + 1]
    assert not outside, outside
    if kind == "team-pairings":  # table 1's four boards: 1 – 0 on one line each
        scores = [
            (first_top, last_top)
            for (dash, *_), (last, _l, _r, last_top), (_w, _l2, _r2, first_top) in zip(
                words[1:], words[2:], words, strict=False
            )
            if dash == "–" and last == "0"
        ]
        # (and the match's score in its heading)
        assert len(scores) >= 4 and all(abs(a - b) < 1 for a, b in scores), scores
