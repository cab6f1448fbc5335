"""Issue 21, items 3 and 4 on the Fars league (six teams of six, four boards, Tehran time):
the captain's refused line-up comes back as chosen, with the opponent and the deadline at
the venue; a match is complete only when every board has a result."""

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


def _client(user: User, language: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _selected(page: str, board: int) -> str | None:
    select = re.search(rf'<select name="board_{board}".*?</select>', page, re.S)
    assert select is not None
    chosen = re.search(r'<option value="(\d*)" selected>', select.group(0))
    return chosen.group(1) if chosen else None


def test_a_refused_line_up_comes_back_as_chosen_with_opponent_and_deadline(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    url = team_address(league, 1, "lineup/1/")
    page = _client(captain).get(url).content.decode()
    assert "Opponent: not paired yet." in page
    starts = timezone.now() + datetime.timedelta(days=1)
    team_matches.pair_next_round(league, arbiter, starts)
    team = models.Team.objects.get(section=league, number=1)
    match = models.TeamMatch.objects.get(round__section=league, first=team)
    opponent = match.second.name
    roster = [member.entry_id for member in team.members.order_by("position")]
    page = _client(captain, "fa").get(url).content.decode()
    assert f"حریف: {opponent} (میز تیمی ۱)" in page
    # the deadline at the venue, Tehran (UTC+03:30), in the page's digits
    assert "وقت ایران (UTC+۰۳:۳۰)" in page
    # roster places 2, 1, 3, 5 on boards 1-4: place 1 below place 2, refused …
    chosen = {
        "board_1": roster[1],
        "board_2": roster[0],
        "board_3": roster[2],
        "board_4": roster[4],
    }
    response = _client(captain).post(url, chosen)
    assert response.status_code == 200
    page = response.content.decode()
    assert "may not play below" in page and 'id="lineup-refused"' in page
    # … and the form shows the four boards as the captain chose them, not the registered ones
    assert [_selected(page, board) for board in (1, 2, 3, 4)] == [
        str(roster[1]),
        str(roster[0]),
        str(roster[2]),
        str(roster[4]),
    ]
    assert not models.LineUp.objects.filter(team=team).exists()
    # corrected on board 1 and 2 only, it is saved
    chosen.update(board_1=roster[0], board_2=roster[1])
    response = _client(captain).post(url, chosen, follow=True)
    assert "Line-up saved." in response.content.decode()
    saved = models.LineUp.objects.get(team=team, round_number=1)
    assert saved.boards == [roster[0], roster[1], roster[2], roster[4]]


def test_a_match_is_complete_only_when_every_board_has_a_result(
    league: event_models.Section, arbiter: User
) -> None:
    round_row = team_matches.pair_next_round(league, arbiter)
    client = _client(arbiter)
    url = f"/e/{league.event.slug}/s/A/teams/r/1/"
    for match in round_row.matches.all():
        for board in (1, 2, 3):
            team_matches.enter_board_result(match, board, "1-0", arbiter)
    page = client.get(url).content.decode()
    # three wins out of four: 3 – 0 so far, but not a result
    assert page.count("not complete: boards 4 without a result") == 3
    response = client.post(f"/e/{league.event.slug}/s/A/teams/pair/", follow=True)
    assert "Enter every result of the previous round first." in response.content.decode()
    standings = client.get(f"/e/{league.event.slug}/s/A/teams/standings/").content.decode()
    assert "3 – 0" not in standings
    # an untouched board's control posts nothing: refused, the board stays without a result
    table_one = round_row.matches.get(number=1)
    client.post(url, {"match": "1", "board": "4", "result": ""})
    assert table_one.games.get(board=4).first_result == "*"
    assert not event_models.AuditLog.objects.filter(
        action="board.result", target__contains="B4"
    ).exists()
    for match in round_row.matches.all():
        team_matches.enter_board_result(match, 4, "0-1", arbiter)
    page = client.get(url).content.decode()
    assert "not complete" not in page
    assert round_row.matches.count() == 3
