"""A team event in a real browser (Debian's chromium, driven by Playwright), on the Fars league:
a captain submits the next round's line-up and has an out-of-order one refused; the arbiter
pairs a team round and types the board results into the result field; a parent on a phone finds
the child's board on the public team round page, then the team standings."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import Q

from crosstable_web.events import models as event_models
from crosstable_web.teams import models as team_models
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import rosters as team_rosters
from web.log_in import log_in
from web.public.team_league import build_league, roster

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SLUG = "fars-browser"
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


@pytest.fixture
def page(chromium: Any) -> Any:
    opened = chromium.new_page()
    opened.set_default_timeout(20_000)
    return opened


def test_captain_submits_next_line_up_and_an_out_of_order_one_is_refused(
    page: Any, live_server: Any
) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    captain = User.objects.create_user("kian", password="captain-pass")
    section = build_league(organiser, slug=SLUG)
    team = team_models.Team.objects.get(section=section, number=1)
    team_rosters.set_captain(team, captain, organiser)
    places = roster(section, 1)

    log_in(page, live_server.url, "kian", "captain-pass", f"/e/{SLUG}/s/A/teams/")
    page.click("a.next-lineup")
    page.wait_for_url(f"**/e/{SLUG}/s/A/teams/{team.pk}/lineup/1/")
    assert page.locator("#id_accept_order_errors").count() == 0  # arbiters only
    # The first reserve (roster place 5) plays board 4 instead of place 4.
    page.select_option("#id_board_4", str(places[4]))
    page.click("#lineup-form button[type=submit]")
    page.wait_for_selector(".messages li.success")
    saved = team_models.LineUp.objects.get(team=team, round_number=1)
    assert saved.boards == [places[0], places[1], places[2], places[4]]
    assert saved.source == team_models.LineUpSource.SUBMITTED
    assert page.locator("#id_board_4").input_value() == str(places[4])

    # Place 2 above place 1 breaks the registered board order: refused, nothing changes.
    page.select_option("#id_board_1", str(places[1]))
    page.select_option("#id_board_2", str(places[0]))
    page.click("#lineup-form button[type=submit]")
    error = page.locator(".messages li.error")
    error.wait_for()
    message = error.inner_text()
    assert message.startswith("Board 2: T1 P1 (roster place 1) may not play below T1 P2"), message
    saved.refresh_from_db()
    assert saved.boards == [places[0], places[1], places[2], places[4]]
    log = event_models.AuditLog.objects.filter(event=section.event, action="lineup.submit")
    assert [entry.username for entry in log] == ["kian"]


def test_arbiter_pairs_a_team_round_and_types_board_results(page: Any, live_server: Any) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_user("arif", password="arbiter-pass")
    section = build_league(organiser, slug=SLUG)
    event_models.EventRole.objects.create(
        event=section.event, user=arbiter, role=event_models.Role.ARBITER
    )

    log_in(page, live_server.url, "arif", "arbiter-pass", f"/e/{SLUG}/s/A/teams/")
    page.focus("#pair-next")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/e/{SLUG}/s/A/teams/r/1/")
    assert team_models.TeamMatch.objects.filter(round__section=section).count() == 2

    # Table 1: 1-0, ½-½, 0-1, 1-0 (2½–1½), typed board by board into the result field as on
    # the individual round page; table 2, the second team wins every board (0–4), as a whole
    # match.
    # A result alone goes to the board the page names, which moves on after each entry
    # (1.1 typed, then 1.2; 1.3 typed, then 1.4), as on the individual round page.
    page.evaluate("window.notReloaded = true")
    for count, typed in enumerate(("1.1 1", "=", "1.3 0", "1", "2 0 0 0 0"), start=1):
        page.focus("#id_entry")
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
        # the page does not reload (round_results.js): each answer counted as it comes
        page.wait_for_function(f"() => document.documentElement.dataset.answers == '{count}'")
        page.wait_for_selector(".messages li.success")
    assert page.evaluate("window.notReloaded === true")
    # the match lines and the progress follow each answer, in place
    assert " ".join(page.locator("#match-1 .score").inner_text().split()) == "2½ – 1½"
    assert " ".join(page.locator("#match-2 .score").inner_text().split()) == "0 – 4"
    assert page.locator("#match-1-missing").count() == 0
    assert page.locator("#progress").get_attribute("data-done") == "8"
    games = {
        (game.match.number, game.board): game.first_result + game.second_result
        for game in team_models.BoardGame.objects.filter(match__round__section=section)
    }
    assert games == {
        (1, 1): "10",
        (1, 2): "==",
        (1, 3): "01",
        (1, 4): "10",
        (2, 1): "01",
        (2, 2): "01",
        (2, 3): "01",
        (2, 4): "01",
    }
    assert (
        event_models.AuditLog.objects.filter(
            event=section.event, action="board.result", username="arif"
        ).count()
        == 8
    )

    # The public page shows the match scores at once (English chosen by the visitor).
    page.goto(f"{live_server.url}/p/language/en/?next=/p/{SLUG}/A/teams/round/1/")
    page.wait_for_selector("#match-1")
    assert " ".join(page.locator("#match-1 h3 .score").inner_text().split()) == "2½ – 1½"
    assert " ".join(page.locator("#match-2 h3 .score").inner_text().split()) == "0 – 4"


@pytest.fixture
def phone(chromium: Any) -> Any:
    opened = chromium.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    opened.set_default_timeout(20_000)
    return opened


def test_parent_on_a_phone_finds_the_childs_board_and_the_team_standings(
    phone: Any, live_server: Any, tmp_path: Path
) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    section = build_league(organiser, slug=SLUG)
    team_matches.pair_next_round(section, organiser)
    for match in team_models.TeamMatch.objects.filter(round__section=section):
        for board in range(1, 5):
            team_matches.enter_board_result(match, board, "1-0", organiser)
    # The child: roster place 2 of team 3, so board 2 of the registered line-up; White on
    # board 2 unless the team is the first-named of its match (first-named: White on odd).
    match = team_models.TeamMatch.objects.get(
        Q(first__number=3) | Q(second__number=3), round__section=section
    )
    first_named = match.first.number == 3
    colour = "سیاه" if first_named else "سفید"  # Black / White in Persian

    phone.goto(f"{live_server.url}/p/{SLUG}/")
    assert phone.locator("html").get_attribute("dir") == "rtl"
    phone.locator("#sections a.big").first.tap()
    phone.wait_for_url(f"**/p/{SLUG}/A/teams/round/")
    phone.locator("#find").fill("T3 P2")
    visible = phone.locator("#seats tbody tr:visible")
    assert visible.count() == 1
    cells = visible.first.locator("td")
    assert cells.nth(2).inner_text().strip() == "۲"  # board 2, in Persian digits
    assert cells.nth(1).inner_text().strip() == str(match.number).translate(PERSIAN_DIGITS)
    assert colour in cells.nth(3).inner_text()
    # In the match itself only the child's board is left on screen.
    boards = phone.locator(f"#match-{match.number} table.match-boards tbody tr:visible")
    assert boards.count() == 1 and "T3 P2" in boards.first.inner_text()
    assert phone.locator("section.match:visible").count() == 1
    # Nothing is wider than the phone: wide tables scroll inside their own box.
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    folder = Path(os.environ.get("CROSSTABLE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(folder / "team-round-phone-fa.png"), full_page=True)

    phone.locator("nav.section a", has_text="رده‌بندی تیمی").tap()
    phone.wait_for_url(f"**/p/{SLUG}/A/teams/")
    standings = phone.locator("#team-standings tbody tr")
    assert standings.count() == 4
    names = [standings.nth(i).locator("td").nth(1).inner_text() for i in range(4)]
    assert "Team 3" in names
    phone.screenshot(path=str(folder / "team-standings-phone-fa.png"), full_page=True)
