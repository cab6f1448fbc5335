"""Issue 21 "Done when": a parent on a 390-px phone finds a child of seed 001 (the Futian grade
tournament, Chinese) from the event home in one search, typing pinyin — "liu" for 刘 — and
reads board, colour, opponent and the round's time, worked by hand: 刘小明 is number 3 of
section D (third rating), on board 2 with White against 王五 (neighbour pairing 3–4); D plays
the five-round schedule, round 1 at 10:20 (七.2), report 30 minutes before, by 09:50 (十三)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from web.public.futian_parents import futian_round_one

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(chromium: Any) -> Any:
    page = chromium.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.set_default_timeout(20_000)
    return page


def test_parent_finds_the_child_by_pinyin_in_one_search(
    phone: Any, live_server: Any, tmp_path: Path, simple_pairing: Any
) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_user("arif", password="arbiter-pass")
    futian_round_one(organiser, arbiter)
    page = phone
    page.goto(f"{live_server.url}/p/futian/")  # the event's QR code opens this page
    page.wait_for_selector("html[lang='zh-hans']")  # the event's language, no choice made
    assert page.locator("#event-qr img").count() == 1
    page.locator("#find-player").tap()
    page.keyboard.type("liu")
    with page.expect_navigation():
        page.keyboard.press("Enter")  # the one search
    cards = page.locator("#found li.found-player")
    assert cards.count() == 2  # 刘小明 (D) and 柳青 (C): both read "liu"
    child = page.locator("#found li.found-player", has_text="刘小明")
    text = " ".join(child.inner_text().split())
    assert "D组：十、十一级棋士组" in text and "第1轮" in text
    assert "第2台" in text and "白方" in text and "对手：王五" in text
    assert "2019年12月22日 星期日 10:20" in text and "09:50" in text
    other = " ".join(page.locator("#found li.found-player", has_text="柳青").inner_text().split())
    assert "C组：八、九级棋士组" in other and "08:00" in other
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the search result is {overflow} px too wide for a phone"
    folder = Path(os.environ.get("CROSSTABLE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "parent-search-zh.png"), full_page=True)
    # The child's section pairings, one tap away, open filtered to the child.
    assert child.locator("a.player-link").get_attribute("href") == "/p/futian/D/player/3/"
    child.locator("a", has_text="D组").first.tap()
    page.wait_for_selector("#seats")
    assert page.locator("#seats tbody tr:visible").count() == 1
