"""Issue 25 in a real browser (Debian's chromium), in Persian, by the chief arbiter: two Fars
teams have met (team 1 won round 1 4-0); "Pair next round" finds no pairing (C.04.6 [C1];
3.3.3: the chief arbiter decides). The page says why, the arbiter allows a rematch for
Team 2, checks the proposal (the rematch and the float named), saves it through the
confirmations (level 3, then the two pages of level 4) and lands on round 2. Then the round is
un-paired from the section page, and paired again by hand."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.models import AuditLog
from web.log_in import log_in
from web.teams.test_team_refusal_words import two_teams_that_met

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["two_teams_that_met"]


def _confirm_every_step(page: Any) -> list[str]:
    """Click through the warnings' pages; the codes each page showed."""
    codes: list[str] = []
    while page.locator("#rule-warnings-confirm").count():
        codes += page.locator("#rule-warning-list li").evaluate_all(
            "items => items.map(item => item.dataset.code)"
        )
        with page.expect_navigation():
            page.click("#rule-warnings-confirm")
    return codes


def test_the_chief_arbiter_pairs_an_unpairable_round_by_hand(
    chromium: Any, live_server: Any, two_teams_that_met: event_models.Section, organiser: User
) -> None:
    section = two_teams_that_met
    chief = User.objects.create_user("sardavar", password="Sardavar-1398", first_name="سارا")
    services.grant_role(section.event, chief, event_models.Role.CHIEF_ARBITER, organiser)
    context = chromium.new_context(locale="fa-IR")
    context.add_cookies([{"name": "django_language", "value": "fa", "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    base = f"/e/{section.event.slug}/s/{section.key}/teams/"
    log_in(page, live_server.url, "sardavar", "Sardavar-1398", base)

    with page.expect_navigation():
        page.click("#pair-next")
    assert page.url.endswith(f"{base}hand/")
    reason = page.inner_text("#no-pairing-reason")
    assert "سرداور تصمیم می‌گیرد" in reason, reason
    page.screenshot(path="/tmp/crosstable-hand-pairing-no-pairing.png", full_page=True)

    # the way out: rematches allowed for Team 2, a proposal with its warnings
    team_two = section.teams.get(name="Team 2").pk
    page.check(f"#relax-form input[value='{team_two}']")
    with page.expect_navigation():
        page.click("#relax")
    assert page.locator("#relaxed-proposal").count() == 1
    with page.expect_navigation():
        page.click("#check-pairing")
    warnings = page.inner_text("#pairing-warnings")
    assert "بازی تکراری" in warnings and "امتیاز متفاوت" in warnings, warnings
    with page.expect_navigation():
        page.click("#save-pairing")
    codes = _confirm_every_step(page)
    assert set(codes) == {"team_manual.rematch", "team_manual.float", "team_manual.no_engine"}
    assert page.url.endswith(f"{base}r/2/")
    assert "Team 1" in page.inner_text("#match-1")
    page.screenshot(path="/tmp/crosstable-hand-pairing-round-2.png", full_page=True)
    assert AuditLog.objects.get(action="team_round.manual_pair").user == chief

    # un-paired from the section page (no result yet: no question), then paired by hand again
    page.goto(f"{live_server.url}{base}")
    with page.expect_navigation():
        page.click("#unpair")
    _confirm_every_step(page)
    assert section.team_rounds.count() == 1
    page.goto(f"{live_server.url}{base}hand/")
    page.select_option("select[name=first_1]", label="۲. Team 2")
    page.select_option("select[name=second_1]", label="۱. Team 1")
    with page.expect_navigation():
        page.click("#save-pairing")
    _confirm_every_step(page)
    assert page.url.endswith(f"{base}r/2/")
    match = section.team_rounds.get(number=2).matches.get()
    assert (match.first.name, match.second.name) == ("Team 2", "Team 1")
    context.close()
