"""In chromium: the arbiter's round page (events.views.round_page) with and without its script.

A 201-player section (100 boards and a bye in round 2) is entered from the keyboard alone,
in Chinese, without the page ever reloading: a result alone per board, Enter moving on; a
board already entered asks before it is overwritten (Escape keeps it, Enter replaces it),
the undo puts it back; every result is stored once (the audit log and the boards counted).
With JavaScript off the same page works by reloading: the result alone goes to the first
board without a result, a board's button enters its board, and a replacement asks on a page.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable.model import ResultCode
from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules
from web.log_in import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = 201
SCHOOLS = [f"第{index}小学" for index in range(1, 31)]
TYPED = ["1", "=", "0", "1", "0", "=", "0", "1", "+", "1"]
"""What the arbiter types on board n: TYPED[n % 10] (a forfeit on every tenth board)."""
CODES = {"1": ("1", "0"), "=": ("=", "="), "0": ("0", "1"), "+": ("+", "-")}


def _section_in_round_two(organiser: User, arbiter: User) -> models.Section:
    """201 players, numbered by rating; round 1 paired by the Dutch engine and played (the
    higher-numbered player of each board wins), round 2 paired: 100 boards and a bye."""
    event = services.create_event(
        rules.EventSpec(
            name="福田区中小学生国际象棋赛",
            sections=[rules.SectionSpec(key="A", name="甲组", total_rounds=5)],
        ),
        organiser,
        slug="futian-desk",
    )
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get()
    for index in range(PLAYERS):
        services.add_entry(
            section,
            services.EntryData(
                name=f"选手{index + 1:03d}",
                rating=2200 - 5 * index,
                unit=SCHOOLS[index % len(SCHOOLS)],
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    for board in round_one.boards.all():
        rounds.enter_result(round_one, board.number, "1", arbiter)
    rounds.pair_next_round(section, arbiter)
    return section


def _answers(page: Any) -> int:
    return int(page.evaluate("Number(document.documentElement.dataset.answers || 0)"))


def _wait_answers(page: Any, count: int) -> None:
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.answers || 0) >= {count}", timeout=180_000
    )


def test_an_arbiter_enters_a_hundred_boards_by_keyboard_without_a_reload(
    chromium: Any, live_server: Any
) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_user("arif", password="arbiter-pass")
    section = _section_in_round_two(organiser, arbiter)
    round_two = section.rounds.get(number=2)
    boards = round_two.boards.count()
    assert boards == 100 and round_two.byes.count() == 1
    target = "/e/futian-desk/s/A/r/2/"
    context = chromium.new_context(locale="zh-CN")
    context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(30_000)
    log_in(page, live_server.url, "arif", "arbiter-pass", target)
    assert page.locator("#progress").inner_text() == "已录入0/100个结果"
    assert page.locator("#current-board").inner_text().startswith("第1台：")
    # no reload from here on: a mark left in the page stays, no navigation is seen
    page.evaluate("window.deskMark = 'still here'")
    navigations: list[str] = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))

    started = time.monotonic()
    page.focus("#id_entry")
    for number in range(1, boards + 1):
        page.keyboard.type(TYPED[number % 10])
        page.keyboard.press("Enter")
    _wait_answers(page, boards)
    elapsed = time.monotonic() - started
    print(f"100 boards typed and stored in {elapsed:.1f} s")

    assert navigations == [] and page.evaluate("window.deskMark") == "still here"
    assert page.locator("#progress").inner_text() == "已录入100/100个结果"
    assert page.locator("#boards tr.pending").count() == 0
    stored = {
        number: (white, black)
        for number, white, black in round_two.boards.values_list(
            "number", "white_result", "black_result"
        )
    }
    assert stored == {number: CODES[TYPED[number % 10]] for number in range(1, boards + 1)}
    entered = models.AuditLog.objects.filter(event=section.event, action="result.enter")
    assert entered.filter(target__startswith="A R2 ").count() == boards  # each stored once
    assert not models.AuditLog.objects.filter(action="result.correct").exists()
    cell = page.locator("#board-6 td.result").inner_text().strip()
    assert cell == "0-1", cell
    assert page.locator("#pair-next").is_visible()

    # the last board stays the current one; ↑ and ↓ move between boards
    assert page.locator("#boards tr.current").get_attribute("id") == "board-100"
    page.keyboard.press("ArrowUp")
    assert page.locator("#boards tr.current").get_attribute("id") == "board-99"
    page.keyboard.press("ArrowDown")
    assert page.locator("#current-board").inner_text().startswith("第100台：")
    # board 100 again: it asks; Escape keeps 1-0
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    _wait_answers(page, boards + 1)
    ask = page.locator("#result-ask #rule-warnings")
    assert ask.get_attribute("data-level") == "3"
    assert "第100台" in ask.inner_text() and "1-0" in ask.inner_text()
    page.keyboard.press("Escape")
    assert page.locator("#result-ask").inner_text() == ""
    assert round_two.boards.get(number=100).white_result == "1"
    # again, and Enter replaces it; the undo puts 1-0 back
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    _wait_answers(page, boards + 2)
    page.keyboard.press("Enter")  # the confirmation button has the focus
    _wait_answers(page, boards + 3)
    assert page.locator("#board-100 td.result").inner_text().strip() == "0-1"
    assert page.locator("#undo-button").is_visible()
    page.click("#undo-button")
    _wait_answers(page, boards + 4)
    assert page.locator("#board-100 td.result").inner_text().strip() == "1-0"
    assert round_two.boards.get(number=100).white_result == "1"
    actions = list(
        models.AuditLog.objects.filter(target__startswith="A R2 B100").values_list(
            "action", flat=True
        )
    )
    assert sorted(actions) == ["result.correct", "result.enter", "result.undo"]
    assert navigations == [] and page.evaluate("window.deskMark") == "still here"
    page.screenshot(path="var/test-shots/round-page-100-boards.png", full_page=False)
    context.close()


def test_the_round_page_works_without_javascript(chromium: Any, live_server: Any) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_user("arif", password="arbiter-pass")
    event = services.create_event(
        rules.EventSpec(
            name="Kejohanan Catur Sekolah",
            sections=[rules.SectionSpec(key="L12", name="Lelaki B12", total_rounds=3)],
        ),
        organiser,
        slug="kcs-desk",
    )
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get()
    for index in range(6):
        services.add_entry(
            section,
            services.EntryData(name=f"Murid {index + 1}", rating=1500 - 20 * index),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    target = "/e/kcs-desk/s/L12/r/1/"
    context = chromium.new_context(java_script_enabled=False)
    context.add_cookies([{"name": "django_language", "value": "ms", "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(30_000)
    log_in(page, live_server.url, "arif", "arbiter-pass", target)
    # a result alone: the first board without a result
    page.fill("#id_entry", "=")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert round_one.boards.get(number=1).white_result == ResultCode.DRAW.value
    assert "Papan 2:" in page.locator("#current-board").inner_text()
    # a board's button
    with page.expect_navigation():
        page.locator("#board-3 td.enter button").first.click()
    assert round_one.boards.get(number=3).white_result == "1"
    assert page.locator("#progress").inner_text() == "2 daripada 3 keputusan dimasukkan"
    # replacing board 3's result asks on a page first; cancelled, nothing changes
    page.fill("#id_entry", "3 0")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("#rule-warnings li[data-code='result.replace']").count() == 1
    with page.expect_navigation():
        page.click("#rule-warnings-cancel")
    assert round_one.boards.get(number=3).white_result == "1"
    page.fill("#id_entry", "3 0")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    with page.expect_navigation():
        page.click("#rule-warnings-confirm")
    assert round_one.boards.get(number=3).white_result == "0"
    assert page.url.endswith(target)
    assert models.AuditLog.objects.filter(action="result.correct").count() == 1
    context.close()
