"""The Fars rule "an error in the board order loses only the games where the error occurred"
in the browser: the arbiter accepts a line-up out of roster order with its checkbox, the
boards out of order are lost by forfeit by the offending team, the others stand; the audit
log records the boards."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.test import Client
from django.utils import timezone

from crosstable.model.results import ResultCode
from crosstable_web.events import models as event_models
from crosstable_web.teams import bridge, models
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches


def test_arbiter_accepts_a_board_order_error_and_only_its_game_is_lost(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    client = Client()
    client.force_login(arbiter)
    base = f"/e/{league.event.slug}/s/{league.key}/teams"
    assert client.post(f"{base}/pair/").status_code == 302
    team = models.Team.objects.get(section=league, number=1)
    roster = [member.entry_id for member in team.members.all()]
    swapped = [roster[1], roster[0], roster[2], roster[3]]  # board 2's player is above board 1's
    form = {f"board_{board}": str(entry) for board, entry in enumerate(swapped, start=1)}
    page = client.get(f"{base}/{team.pk}/lineup/1/").content.decode()
    assert 'name="accept_order_errors"' in page
    # Without the checkbox the line-up is refused, as before.
    client.post(f"{base}/{team.pk}/lineup/1/", form)
    assert not models.LineUp.objects.filter(team=team).exists()
    client.post(f"{base}/{team.pk}/lineup/1/", {**form, "accept_order_errors": "on"})
    lineup = models.LineUp.objects.get(team=team, round_number=1)
    # Two players swapped: both sit on a wrong board, so both games are where the error
    # occurred (docs/teams.md).
    assert (lineup.boards, lineup.out_of_order) == (swapped, [1, 2])
    log = event_models.AuditLog.objects.get(action="lineup.submit")
    assert log.new == {"boards": swapped, "by": "arbiter", "out_of_order": [1, 2]}
    assert "out-of-order" in client.get(f"{base}/{team.pk}/lineup/1/").content.decode()

    match = models.TeamMatch.objects.get(
        Q(first=team) | Q(second=team), round__section=league, round__number=1
    )
    for board, result in zip(range(1, 5), ("1/2", "1-0", "1/2", "0-1"), strict=True):
        team_matches.enter_board_result(match, board, result, arbiter)
    scored, _changes = bridge.scored_matches(league)
    played = next(m for m in scored if 1 in m.teams())
    team_is_first = played.first_team == 1
    for swapped_board in played.boards[:2]:
        own, other = (
            (swapped_board.first_result, swapped_board.second_result)
            if team_is_first
            else (swapped_board.second_result, swapped_board.first_result)
        )
        assert (own, other) == (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
    # Boards 3 and 4 stand as entered: 1/2, 0-1 from the first team's side; boards 1 and 2
    # ("1/2" and "1-0" over the board) are lost by team 1 whatever was played.
    first_points = [b.first_points for b in played.boards]
    assert first_points[2] == Fraction(1, 2) and first_points[3] == 0
    assert first_points[:2] == ([0, 0] if team_is_first else [1, 1])


def test_only_an_arbiter_may_accept_an_order_error(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    # tomorrow, not the regulations' 1398 schedule (whose deadlines are long past)
    tomorrow = timezone.now() + datetime.timedelta(days=1)
    team_matches.pair_next_round(league, arbiter, starts_at=tomorrow)
    team = models.Team.objects.get(section=league, number=1)
    roster = [member.entry_id for member in team.members.all()]
    with pytest.raises(PermissionDenied):
        team_lineups.submit_lineup(
            team, 1, [roster[1], roster[0], roster[2], roster[3]], captain, accept_order_errors=True
        )
    # A correct line-up accepted "with errors" marks no board.
    saved = team_lineups.submit_lineup(team, 1, roster[:4], arbiter, accept_order_errors=True)
    assert saved.out_of_order == []
