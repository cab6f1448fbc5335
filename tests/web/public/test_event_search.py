"""The parents' search on the event's public home (issue 21 item 6): one box finds a child in
whichever section, by name (pinyin for Chinese names), school or pairing number, and says
board, colour, opponent and the round's time — worked by hand from the Futian regulations
(七.2: seven-round sections start round 1 at 08:00, five-round ones at 10:20; 十三: report 30
minutes before; 九.5: 15 minutes late loses) and the neighbour pairing (futian_parents)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models
from web.public.futian_parents import SECTION_C, SECTION_D, futian_round_one

pytestmark = pytest.mark.django_db


@pytest.fixture
def futian(organiser: User, arbiter: User, simple_pairing: object) -> models.Event:
    return futian_round_one(organiser, arbiter)


def _found(client: Client, query: str, language: str = "zh-hans") -> list[str]:
    client.cookies["django_language"] = language
    page = client.get("/p/futian/", {"q": query}).content.decode()
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item)).strip()
        for item in re.findall(r'<li class="found-player">(.*?)</li>', page, re.S)
    ]


def test_pinyin_finds_both_liu_in_their_sections(futian: models.Event, client: Client) -> None:
    found = _found(client, "liu")
    assert len(found) == 2
    # A–Z by pinyin and tone: liú (刘) before liǔ (柳)
    xiaoming, qing = found
    assert qing.startswith("柳青 (1) 福田小学 C组：八、九级棋士组 · 第1轮 第1台 · 白方")
    assert "对手：陈一 (景田小学)" in qing
    assert "2019年12月22日 星期日 08:00" in qing and "07:30" in qing
    assert xiaoming.startswith("刘小明 (3) 福田小学 D组：十、十一级棋士组 · 第1轮 第2台 · 白方")
    assert "对手：王五 (景田小学)" in xiaoming
    assert "2019年12月22日 星期日 10:20" in xiaoming and "09:50" in xiaoming
    assert "15" in xiaoming  # arriving 15 minutes late loses by forfeit


@pytest.mark.parametrize(
    "query",
    ["刘小明", "liuxiaoming", "Liu Xiao Ming", "lxm", "xiaoming", "小明"],
)
def test_one_child_by_name_in_any_writing(futian: models.Event, client: Client, query: str) -> None:
    found = _found(client, query)
    assert [item.split(" (")[0] for item in found] == ["刘小明"]


def test_black_player_sees_opponent_and_colour(futian: models.Event, client: Client) -> None:
    (wang,) = _found(client, "wangwu")
    assert "第2台 · 黑方" in wang and "对手：刘小明 (福田小学)" in wang


def test_school_and_number(futian: models.Event, client: Client) -> None:
    jingtian = ["陈一", "单伟", "王五", "周四"]
    assert [f.split(" (")[0] for f in _found(client, "jingtian")] == jingtian
    # pairing number 1 in each section; Persian digits typed
    assert [f.split(" (")[0] for f in _found(client, "۱")] == ["李华", "柳青"]
    # a name and a school: the 刘 of 福田
    assert [f.split(" (")[0] for f in _found(client, "liu futian")] == ["刘小明", "柳青"]
    # 赵敏 is of 福田 too, but no liu


def test_surname_read_its_own_way(futian: models.Event, client: Client) -> None:
    assert [f.split(" (")[0] for f in _found(client, "shan wei")] == ["单伟"]


def test_nothing_found_says_so(futian: models.Event, client: Client) -> None:
    client.cookies["django_language"] = "en"
    page = client.get("/p/futian/", {"q": "zzz"}).content.decode()
    assert 'id="found-none"' in page and "No player found for “zzz”" in page


def test_not_paired_yet_and_english(
    organiser: User, arbiter: User, client: Client, simple_pairing: object
) -> None:
    event = futian_round_one(organiser, arbiter)
    models.Round.objects.filter(section__event=event, section__key="D").delete()
    (found,) = _found(client, "liuxiaoming", "en")
    assert "not paired yet" in found and "Board" not in found


def test_event_qr_code_opens_the_event_home(futian: models.Event, client: Client) -> None:
    response = client.get("/p/futian/qr.svg")
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert b"http://testserver/p/futian/" in response.content
    assert 'src="/p/futian/qr.svg"' in client.get("/p/futian/").content.decode()


def test_one_printout_of_the_current_round_for_all_sections(
    futian: models.Event, client: Client
) -> None:
    """Pairings of every section on one sheet, each with its own round time (C at 08:00, D at
    10:20 by the regulations), and the QR code of the event home printed on it."""
    page = client.get("/print/futian/pairings/", {"lang": "zh-hans"}).content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert text.index("C组：八、九级棋士组 — 第1轮") < text.index("D组：十、十一级棋士组 — 第1轮")
    assert "2019年12月22日 星期日 08:00" in text and "2019年12月22日 星期日 10:20" in text
    assert "<svg" in page and "http://testserver/p/futian/" in page
    for name, _sex, _grade, _rating, _school in SECTION_C + SECTION_D:
        assert name in text


def test_results_sheet_counts_and_lists_missing_boards(
    futian: models.Event, client: Client, arbiter: User
) -> None:
    from crosstable_web.events import rounds

    section_d = futian.sections.get(key="D")
    rounds.enter_result(section_d.rounds.get(number=1), 2, "1", arbiter)
    page = client.get("/print/futian/results/", {"lang": "en"}).content.decode()
    summary = re.findall(r'<tr data-section="(\w)">(.*?)</tr>', page, re.S)
    cells = {key: re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "|", row)) for key, row in summary}
    assert "0 of 3" in cells["C"]
    assert "1 of 3" in cells["D"] and "1, 3" in cells["D"]
    assert "<svg" not in page


@pytest.mark.browser
def test_the_all_sections_printout_prints(
    futian: models.Event, client: Client, tmp_path: Path
) -> None:
    """The PDF (chromium) carries every section's boards, both round times and the QR code."""
    import io
    import unicodedata

    from pypdf import PdfReader

    response = client.get("/print/futian/pairings/", {"lang": "zh-hans", "format": "pdf"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    folder = Path(os.environ.get("CROSSTABLE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "futian-pairings-all-sections.pdf").write_bytes(response.content)
    reader = PdfReader(io.BytesIO(response.content))
    # the PDF's text as read back names some characters by their radical forms (⼩, ⻘, ⻩)
    text = unicodedata.normalize(
        "NFKC", "".join(page.extract_text() for page in reader.pages)
    ).translate({0x2ED8: "青", 0x2EE9: "黄"})
    assert len(reader.pages) == 1
    for name, _sex, _grade, _rating, _school in SECTION_C + SECTION_D:
        assert name in text
    assert "08:00" in text and "10:20" in text
