"""A team round paired as a job in a real browser (Debian's chromium), in Persian, by the Fars
league's arbiter (issue 32 item 2): "Pair next round" answers within the wait (1.5 s) with the
team section page showing the progress line, which the page's script refreshes until the
engine's answer is stored and the new round opens by itself; a second pairing that takes too
long is cancelled from the button and the section stays as it was. The engine runs in its
worker process (a stand-in that is the real engine four seconds late, or one that never ends)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models as event_models
from crosstable_web.events.rounds import pairing_runs
from crosstable_web.teams.services import matches as team_matches
from web.events import stand_in_engines
from web.log_in import log_in
from web.teams.conftest import play_round_one

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_arbiter_follows_and_cancels_a_team_pairing(
    chromium: Any,
    live_server: Any,
    league: event_models.Section,
    arbiter: User,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings.PAIRING_JOBS = True
    settings.PAIRING_WAIT_SECONDS = 1.5
    play_round_one(
        league,
        arbiter,
        {
            1: ("1-0", "1-0", "1-0", "1-0"),
            2: ("1-0", "1-0", "1-0", "0-1"),
            3: ("1-0", "1-0", "1/2", "0-1"),
        },
    )
    arbiter.set_password("Davar-1398")
    arbiter.save()
    context = chromium.new_context(locale="fa-IR")
    context.add_cookies([{"name": "django_language", "value": "fa", "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(30_000)
    base = f"/e/{league.event.slug}/s/{league.key}/teams/"
    log_in(page, live_server.url, arbiter.username, "Davar-1398", base)

    # Round 2, the real engine four seconds late: back on the page within the wait.
    monkeypatch.setattr(pairing_runs, "WORK", stand_in_engines.slow_engine)
    started = time.monotonic()
    with page.expect_navigation():
        page.click("#pair-next")
    assert time.monotonic() - started < 4  # the wait and the page, not the engine's 4 s
    first = page.inner_text("#pairing-run-text")
    assert first.startswith("قرعه‌کشی دور ۲: تاکنون"), first
    assert page.locator("#pair-next").count() == 0
    page.screenshot(path="/tmp/crosstable-team-pairing-run.png", full_page=True)
    # The script refreshes the line, then opens round 2 once it is stored.
    page.wait_for_function(
        "first => { const line = document.getElementById('pairing-run-text');"
        " return !line || line.textContent !== first; }",
        arg=first,
    )
    page.wait_for_url(f"**{base}r/2/")
    assert league.team_rounds.count() == 2
    assert event_models.AuditLog.objects.filter(action="team_round.pair").count() == 2

    # Round 3, an engine that never ends: cancelled from the button, nothing stored.
    second = league.team_rounds.get(number=2)
    for match in second.matches.all():
        for board in range(1, 5):
            team_matches.enter_board_result(match, board, "1/2", arbiter)
    monkeypatch.setattr(pairing_runs, "WORK", stand_in_engines.never_ends)
    page.goto(f"{live_server.url}{base}")
    with page.expect_navigation():
        page.click("#pair-next")
    assert page.inner_text("#pairing-run-text").startswith("قرعه‌کشی دور ۳")
    with page.expect_navigation():
        page.click("#pair-cancel")
    assert page.url.endswith(base)
    assert "قرعه‌کشی دور ۳ لغو شد: این گروه تغییری نکرد." in page.inner_text("body")
    assert page.locator("#pair-next").count() == 1
    assert league.team_rounds.count() == 2
    page.screenshot(path="/tmp/crosstable-team-pairing-cancelled.png", full_page=True)
    context.close()
