"""In a real browser (chromium via Playwright), in Chinese: an organiser (not staff) makes an
event from a TRF file another program wrote after round 2; the section is in FIDE mode and
every page says so. The arbiter pairs rounds 3 and 4 with the FIDE (Dutch) engine; a round-2
result is refused, a round-3 correction asks once (level 3); round 4 is changed by hand — a
rematch asks (level 3), ending the changes lists the differences over two pages (level 4) —
and the TRF file carries the ``### MPA`` line; leaving FIDE mode takes two pages naming the
consequences, after which every page says "left after round 4". Screenshots go to
``CROSSTABLE_SCREENSHOTS`` when set."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable.formats.trf import write_trf
from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.pairing.dutch import pair_round
from crosstable_web.accounts import services as account_services
from crosstable_web.events import models
from web.log_in import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("CROSSTABLE_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"fide-mode-{name}.png"), full_page=True)


def _new_page(chromium: Any, base: str) -> Any:
    page = chromium.new_page()
    page.set_default_timeout(30_000)
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": base}])
    return page


def test_an_arbiter_runs_a_fide_rated_section_in_chinese(
    chromium: Any, live_server: Any, tmp_path: Path
) -> None:
    admin = User.objects.create_superuser("root", "root@example.org", "root-pass")
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_user("arif", password="arbiter-pass")
    account_services.allow_event_creation(organiser, True, admin)
    # the file another program wrote after round 2 of 6: 10 players, no result of round 3
    config = GeneratorConfig(players=10, rounds=6, draw_rate=0.3)
    tournament = generate_tournament(
        config,
        11,
        pair_round,
        system_code="FIDE_DUTCH_2026",
        name="Shenzhen Rated Open",
        played_rounds=2,
    )
    tournament.tiebreaks = ["BH/C1", "BH", "SB"]
    trf = tmp_path / "shenzhen.trf"
    trf.write_text(write_trf(tournament), encoding="utf-8")
    base = live_server.url

    page = _new_page(chromium, base)
    log_in(page, base, "olga", "organiser-pass", "/events/new/")
    page.click("#create-from-trf")
    page.set_input_files("#id_trf", str(trf))
    page.select_option("#id_time_zone", "Asia/Shanghai")
    page.fill("#id_slug", "shenzhen-open")
    page.click("#create-from-trf-file")
    page.wait_for_url("**/e/shenzhen-open/s/A/")
    assert page.locator("#fide-mode.on").inner_text() == "FIDE模式"
    event = models.Event.objects.get(slug="shenzhen-open")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get()
    assert section.fide_mode and section.rounds.count() == 2

    page = _new_page(chromium, base)
    log_in(page, base, "arif", "arbiter-pass", "/e/shenzhen-open/s/A/")
    for number in (3, 4):
        page.click("#pair-next")
        page.wait_for_url(f"**/r/{number}/")
        if number == 3:
            for board in range(1, 6):
                page.fill("#id_entry", f"{board} 1")
                page.keyboard.press("Enter")
                page.wait_for_selector(f"#board-{board}:not(.pending)")
    assert page.locator("#fide-mode.on").count() == 1

    # round 2 is two rounds back: refused, only after leaving FIDE mode
    page.goto(f"{base}/e/shenzhen-open/s/A/r/2/")
    page.fill("#id_entry", "1 =")
    page.keyboard.press("Enter")
    page.wait_for_selector(".messages .error")
    assert "FIDE模式下拒绝" in page.locator(".messages .error").inner_text()
    assert page.locator("#rating-correction-form").count() == 1
    _shot(page, "refused")

    # round 3 is the previous round: one confirmation (level 3)
    page.goto(f"{base}/e/shenzhen-open/s/A/r/3/")
    page.fill("#id_entry", "1 =")
    page.keyboard.press("Enter")
    page.wait_for_selector("#rule-warnings[data-level='3']")
    _shot(page, "level-3")
    assert page.locator("#rule-warnings-cancel").count() == 1
    page.click("#rule-warnings-confirm")  # in place, without leaving the round page
    page.wait_for_selector("#board-1 .result:has-text('½-½')")
    assert page.url.endswith("/r/3/")

    # round 4 changed by hand: board 1's Black exchanged with the round-3 opponent of
    # board 1's White (a rematch: level 3), then the end compared with the engine (level 4)
    round_three = section.rounds.get(number=3)
    round_four = section.rounds.get(number=4)
    board = round_four.boards.select_related("white", "black").get(number=1)
    met = round_three.boards.filter(white=board.white).first()
    opponent = met.black if met is not None else round_three.boards.get(black=board.white).white
    page.goto(f"{base}/e/shenzhen-open/s/A/r/4/")
    page.click("#start-manual")
    page.wait_for_selector("#manual-phase")
    page.fill("#id_first", str(board.black.pairing_number))
    page.fill("#id_second", str(opponent.pairing_number))
    page.click("#swap-players")
    page.wait_for_selector("#rule-warnings[data-level='3']")
    assert "重复对局" in page.locator("#rule-warning-list").inner_text()
    page.click("#rule-warnings-confirm")
    page.wait_for_url("**/r/4/")
    page.click("#end-manual")
    page.wait_for_selector("#rule-warnings[data-level='4'][data-step='1']")
    page.click("#rule-warnings-confirm")
    page.wait_for_selector("#rule-warnings[data-level='4'][data-step='2']")
    assert page.locator("#rule-consequences li").count() == 2
    _shot(page, "level-4")
    page.click("#rule-warnings-confirm")
    page.wait_for_url("**/r/4/")
    text = page.request.get(f"{base}/e/shenzhen-open/s/A/trf/").text()
    assert "### MPA @ Round 4: manual " in text and "### FIDE mode: on" in text

    # leaving FIDE mode: two pages, the second naming the consequences; then final
    page.click("#fide-mode")
    page.click("#leave-fide-mode")
    page.wait_for_selector("#rule-warnings[data-level='4'][data-step='1']")
    page.click("#rule-warnings-confirm")
    page.wait_for_selector("#rule-consequences")
    consequences = page.locator("#rule-consequences").inner_text()
    assert "不能再进入" in consequences
    page.click("#rule-warnings-confirm")
    page.wait_for_selector("#fide-mode.left")
    assert page.locator("#fide-mode.left").inner_text() == "第 4 轮后已退出FIDE模式"
    assert page.locator("#enter-fide-mode").count() == 0
    _shot(page, "left")
    page.goto(f"{base}/e/shenzhen-open/s/A/r/2/")
    assert page.locator("#fide-mode.left").count() == 1
