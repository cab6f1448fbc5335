"""What the QA walkthrough of the team back office found, on the Fars league fixture (six
teams of six, four boards; team 1's captain is kian):

- the arbiter's team round page writes board results as the individual round page does
  (1-0, ½-½, 0-1, +/-) and match scores as the public team pages do (2½ – 1½), not TRF codes
  ('==', '10') and fractions ('5/2 – 3/2');
- a captain's line-up page of a past round (results in, or the deadline gone) shows the
  line-up read-only; arbiters keep the form;
- in Persian the back-office pages write Persian digits, and the keyboard box of the team
  round page takes Persian digits too;
- the public team round page isolates each score (``<bdi dir="ltr">۲½</bdi>``), which a
  right-to-left page would otherwise show as ½۲.
"""

from __future__ import annotations

import datetime
import re

from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from crosstable_web.events import models as event_models
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches

from .conftest import team_address


def _client(user: User | None, language: str = "en") -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _play_table_one(league: event_models.Section, arbiter: User) -> models.TeamRound:
    """Round 1 paired; table 1 played 1-0, ½-½, +/- (forfeit), 0-1 from the first-named
    team's side: 1 + ½ + 1 + 0 = 2½ against 0 + ½ + 0 + 1 = 1½ (worked by hand)."""
    round_row = team_matches.pair_next_round(
        league, arbiter, timezone.now() + datetime.timedelta(hours=2)
    )
    match = round_row.matches.get(number=1)
    for board, result in enumerate(("1-0", "1/2", "+-", "0-1"), start=1):
        team_matches.enter_board_result(match, board, result, arbiter)
    return round_row


def _cell(page: str, row_id: str) -> str:
    found = re.search(rf'<tr id="{row_id}"[^>]*>.*?<td class="result">(.*?)</td>', page, re.S)
    assert found, row_id
    return found.group(1)


def test_team_round_page_writes_results_and_scores_as_people_do(
    league: event_models.Section, arbiter: User
) -> None:
    _play_table_one(league, arbiter)
    page = _client(arbiter).get(f"/e/{league.event.slug}/s/A/teams/r/1/").content.decode()
    cells = [_cell(page, f"match-1-board-{board}") for board in range(1, 5)]
    assert cells == ["1-0", "½-½", "+/-", "0-1"]
    assert '<bdi dir="ltr">2½</bdi> – <bdi dir="ltr">1½</bdi>' in page
    assert "5/2" not in page and "3/2" not in page
    assert ">==<" not in page and ">10<" not in page
    assert _cell(page, "match-2-board-1") == ""  # no result yet
    # and the round's printout is one click away
    assert f"/print/{league.event.slug}/A/team-pairings/?round=1" in page


def test_team_round_page_in_persian_digits(league: event_models.Section, arbiter: User) -> None:
    _play_table_one(league, arbiter)
    page = _client(arbiter, "fa").get(f"/e/{league.event.slug}/s/A/teams/r/1/").content.decode()
    assert '<bdi dir="ltr">۲½</bdi> – <bdi dir="ltr">۱½</bdi>' in page
    # read right to left: the ۱ beside the first-named team's player, on the right
    assert _cell(page, "match-1-board-1") == "۱\u200f-\u200f۰"
    assert re.search(r"<h1>[^<]*دور ۱</h1>", page), page[:2000]


def test_team_keyboard_box_takes_persian_digits(
    league: event_models.Section, arbiter: User
) -> None:
    team_matches.pair_next_round(league, arbiter, timezone.now() + datetime.timedelta(hours=2))
    client = _client(arbiter, "fa")
    # A Persian keyboard: "۱٫۲ ۱" (its decimal separator), "،" (its comma), "۲ ۱ = ۰ ۱".
    client.post(f"/e/{league.event.slug}/s/A/teams/r/1/", {"typed": "۱٫۲ ۱، ۲ ۱ = ۰ ۱"})
    games = models.BoardGame.objects.filter(match__round__section=league)
    first = {g.board: g.first_result for g in games.filter(match__number=1)}
    second = {g.board: g.first_result for g in games.filter(match__number=2)}
    assert first.get(2) == "1"
    assert [second.get(board) for board in range(1, 5)] == ["1", "=", "0", "1"]


def test_captain_sees_a_past_round_read_only(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    _play_table_one(league, arbiter)  # team 1 plays table 1 (first-named): results are in
    assert models.TeamMatch.objects.filter(round__number=1, number=1, first__number=1).exists()
    url = team_address(league, 1, "lineup/1/")
    client = _client(captain)
    page = client.get(url).content.decode()
    assert 'id="lineup-form"' not in page and 'name="board_1"' not in page
    assert 'id="lineup-read-only"' in page
    assert "Results of this round are already in." in page
    assert "1. Player 1.1" in page  # the registered line-up, as played
    # A post anyway is refused and saves nothing.
    roster = [m.entry_id for m in models.Team.objects.get(section=league, number=1).members.all()]
    response = client.post(url, {f"board_{b}": roster[b] for b in range(1, 5)}, follow=True)
    assert "Results of this round are already in." in response.content.decode()
    assert not models.LineUp.objects.filter(team__section=league).exists()
    # The captain's overview offers "View", not "Submit", for that round.
    mine = client.get("/captain/teams/").content.decode()
    link = re.search(r'lineup/1/" class="lineup-link">([^<]*)<', mine)
    assert link and link.group(1) == "View"
    # The arbiter keeps the form (arbiters correct line-ups at any time).
    assert 'id="lineup-form"' in _client(arbiter).get(url).content.decode()


def test_captain_sees_a_round_past_its_deadline_read_only(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    # Starts in 20 minutes: the deadline (30 minutes before) has passed, no result is in.
    team_matches.pair_next_round(league, arbiter, timezone.now() + datetime.timedelta(minutes=20))
    url = team_address(league, 1, "lineup/1/")
    page = _client(captain).get(url).content.decode()
    assert 'id="lineup-form"' not in page
    assert "The line-up deadline has passed" in page
    # Before the deadline of the next round the form is there.
    team_matches.enter_board_result(
        models.TeamMatch.objects.get(round__section=league, round__number=1, number=1),
        1,
        "1-0",
        arbiter,
    )
    open_page = _client(captain).get(team_address(league, 1, "lineup/2/"))
    assert 'id="lineup-form"' in open_page.content.decode()


def test_lineup_and_standings_pages_in_persian_digits(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    _play_table_one(league, arbiter)
    lineup = _client(arbiter, "fa").get(team_address(league, 1, "lineup/1/"))
    text = lineup.content.decode()
    assert re.search(r"<label for=\"id_board_3\">[^<]*۳</label>", text)
    assert "۲. Player 1.2" in text  # roster place in Persian digits, the name as written
    standings = _client(arbiter, "fa").get(f"/e/{league.event.slug}/s/A/teams/standings/")
    page = standings.content.decode()
    # Team 1 won 2½–1½: 2 match points, first place, written in Persian digits.
    first_row = re.search(r"<tbody><tr>(.*?)</tr>", page, re.S)
    assert first_row
    assert '<td class="num">۱</td><td>Team 1</td>' in first_row.group(1)
    assert '<bdi dir="ltr">۲</bdi>' in first_row.group(1)
    # The captain's overview: round number in Persian digits.
    mine = _client(captain, "fa").get("/captain/teams/").content.decode()
    assert '<td class="num">۱</td>' in mine


def test_public_team_round_isolates_scores_in_persian(
    league: event_models.Section, arbiter: User
) -> None:
    _play_table_one(league, arbiter)
    page = _client(None, "fa").get(f"/p/{league.event.slug}/A/teams/round/1/").content.decode()
    # "۲½" in an isolate, left to right: bare in a right-to-left line it shows as "½۲".
    assert '<bdi dir="ltr">۲½</bdi> – <bdi dir="ltr">۱½</bdi>' in page
    # A board's points are one character each (1, ½, 0): no isolate needed.
    assert '<td class="num result">½\u200f–\u200f½</td>' in page  # board 2
    assert not re.search(r"(?<!>)۲½", page)  # never outside an isolate


def test_pairing_every_section_asks_first_and_says_team_sections_pair_elsewhere(
    league: event_models.Section, arbiter: User
) -> None:
    client = _client(arbiter)
    page = client.post(f"/e/{league.event.slug}/pair-all/").content.decode()
    assert "not paired here: a team section is paired on its team pages" in page
    assert 'name="confirm" value="yes"' in page
    assert not models.TeamRound.objects.filter(section=league).exists()


def test_every_board_result_control_starts_empty(
    league: event_models.Section, arbiter: User
) -> None:
    """Issue 21 item 3: no result control starts on a result — a board's dropdown offered 1-0
    first, so "Enter" without a choice entered 1-0. It starts on "—" (required), and a post
    without a result saves nothing and says so."""
    round_row = team_matches.pair_next_round(league, arbiter)
    client = _client(arbiter)
    url = f"/e/{league.event.slug}/s/A/teams/r/1/"
    page = client.get(url).content.decode()
    selects = re.findall(r'<select name="result"[^>]*>(.*?)</select>', page, re.S)
    assert len(selects) == 3 * 4  # three matches of four boards
    assert all(s.startswith('<option value="" selected>—</option>') for s in selects)
    assert all('select name="result" required' in page for _s in selects)
    response = client.post(url, {"match": "1", "board": "2", "result": ""}, follow=True)
    assert "Table 1 board 2: choose a result; nothing was saved." in response.content.decode()
    game = models.BoardGame.objects.get(match__round=round_row, match__number=1, board=2)
    assert (game.first_result, game.second_result) == ("*", "*")
    assert not event_models.AuditLog.objects.filter(action="board.result").exists()
