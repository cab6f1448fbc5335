"""In chromium (issue 21): a captain on a 390-px phone, in Persian, has a line-up refused and
finds the form as chosen; the arbiter's team round page never records a board left
untouched, whether the browser's check or the server's stops it."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from crosstable_web.events import models as event_models
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches
from web.log_in import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _page(chromium: Any, base: str, language: str, **options: Any) -> Any:
    context = chromium.new_context(**options)
    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def test_a_captain_finds_the_refused_line_up_as_chosen(
    chromium: Any, live_server: Any, league: event_models.Section, arbiter: User
) -> None:
    team_matches.pair_next_round(league, arbiter, timezone.now() + datetime.timedelta(days=1))
    team = models.Team.objects.get(section=league, number=1)
    roster = [str(member.entry_id) for member in team.members.order_by("position")]
    target = f"/e/{league.event.slug}/s/A/teams/{team.pk}/lineup/1/"
    page = _page(
        chromium,
        live_server.url,
        "fa",
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    log_in(page, live_server.url, "kian", "captain-pass", target)
    assert page.locator("#opponent").inner_text().startswith("حریف: Team ")
    assert "وقت ایران (UTC+۰۳:۳۰)" in page.locator("#deadline").inner_text()
    # places 2 and 1 exchanged, the first reserve (place 5) on board 4
    for board, place in ((1, 1), (2, 0), (4, 4)):
        page.select_option(f"#id_board_{board}", roster[place])
    with page.expect_navigation():
        page.click("#lineup-form button[type=submit]")
    assert page.locator(".messages li.error").count() == 1
    assert page.locator("#lineup-refused").is_visible()
    chosen = [page.locator(f"#id_board_{board}").input_value() for board in (1, 2, 3, 4)]
    assert chosen == [roster[1], roster[0], roster[2], roster[4]]
    assert not models.LineUp.objects.filter(team=team).exists()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # boards 1 and 2 put right; board 4 still the reserve the captain chose
    page.select_option("#id_board_1", roster[0])
    page.select_option("#id_board_2", roster[1])
    with page.expect_navigation():
        page.click("#lineup-form button[type=submit]")
    assert page.locator(".messages li.success").count() == 1
    saved = models.LineUp.objects.get(team=team, round_number=1)
    assert [str(entry) for entry in saved.boards] == [roster[0], roster[1], roster[2], roster[4]]


def _click_and_wait_for_the_answer(page: Any, button: str) -> None:
    """Click a board's button and wait until the page has put the server's answer in
    place (round_results.js counts them in ``<html data-answers>``; the page never reloads)."""
    answers = page.evaluate("Number(document.documentElement.dataset.answers || 0)")
    page.locator(button).click()
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.answers || 0) > {answers}"
    )


def test_the_team_round_page_never_records_an_untouched_board(
    chromium: Any, live_server: Any, league: event_models.Section, arbiter: User
) -> None:
    round_row = team_matches.pair_next_round(league, arbiter)
    target = f"/e/{league.event.slug}/s/A/teams/r/1/"
    page = _page(chromium, live_server.url, "ms")
    log_in(page, live_server.url, "arif", "arbiter-pass", target)
    row = page.locator("#match-1-board-2")
    assert row.locator("select[name=result]").input_value() == ""
    # the browser's own check stops the untouched control: no request, nothing stored
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.method))
    row.locator("button").click()
    page.wait_for_timeout(500)
    assert "POST" not in requests
    # without that check (a browser that ignores "required"), the server refuses it: the
    # page (round_results.js) posts it in the background and shows the answer, no reload
    page.evaluate("document.querySelectorAll('form').forEach(f => f.noValidate = true)")
    _click_and_wait_for_the_answer(page, "#match-1-board-2 button")
    assert "POST" in requests
    assert page.locator(".messages li.error").count() == 1
    game = round_row.matches.get(number=1).games.get(board=2)
    assert game.first_result == "*"
    assert not event_models.AuditLog.objects.filter(action="board.result").exists()
    # chosen, it is recorded, once
    page.locator("#match-1-board-2 select[name=result]").select_option("1/2")
    _click_and_wait_for_the_answer(page, "#match-1-board-2 button")
    game.refresh_from_db()
    assert (game.first_result, game.second_result) == ("=", "=")
    assert event_models.AuditLog.objects.filter(action="board.result").count() == 1
    assert "belum lengkap" in page.locator("#match-1-missing").inner_text()
