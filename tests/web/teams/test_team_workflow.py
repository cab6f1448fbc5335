"""The teams app on the Fars league example: teams and captains, line-ups with their
deadline and audit log, pairing team rounds, results entered by match, a short team, an
ineligible player re-scored, team standings, board rankings and prizes (issue 6.8)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.utils import timezone

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.services import EntryData, ServiceError
from crosstable_web.teams import models
from crosstable_web.teams.services import eligibility as team_eligibility
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import ranking as team_ranking
from crosstable_web.teams.services import rosters as team_rosters

from .team_addresses import nth_team


def _team(section: event_models.Section, number: int) -> models.Team:
    return models.Team.objects.get(section=section, number=number)


def _roster(team: models.Team) -> list[int]:
    return [member.entry_id for member in team.members.all()]


def test_rosters_are_checked_when_teams_are_made(
    league: event_models.Section, organiser: User
) -> None:
    extra = services.add_entry(league, EntryData(name="Alone", member_id="999"), organiser)
    with pytest.raises(ServiceError):
        team_rosters.create_team(league, "Too small", [extra], organiser)
    with pytest.raises(ServiceError):  # already on team 1
        team_rosters.create_team(
            league, "Poachers", [m.entry for m in _team(league, 1).members.all()], organiser
        )


def test_captain_lineup_before_the_deadline_and_arbiter_after(
    league: event_models.Section, arbiter: User, captain: User, outsider: User
) -> None:
    starts = timezone.now() + datetime.timedelta(hours=2)
    team_matches.pair_next_round(league, arbiter, starts_at=starts)
    team = _team(league, 1)
    roster = _roster(team)
    lineup = [roster[0], roster[2], roster[3], roster[4]]
    early = starts - datetime.timedelta(hours=1)
    saved = team_lineups.submit_lineup(team, 1, lineup, captain, now=early)
    assert saved.source == models.LineUpSource.SUBMITTED
    with pytest.raises(ServiceError, match="deadline"):  # 29 minutes before: too late
        team_lineups.submit_lineup(
            team, 1, lineup, captain, now=starts - datetime.timedelta(minutes=29)
        )
    with pytest.raises(ServiceError, match="roster"):
        team_lineups.submit_lineup(
            team,
            1,
            [roster[1], roster[0], roster[2], roster[3]],
            captain,
            now=starts - datetime.timedelta(hours=1),
        )
    with pytest.raises(PermissionDenied):
        team_lineups.submit_lineup(team, 1, lineup, outsider)
    with pytest.raises(PermissionDenied):  # a captain of team 1 only
        team_lineups.submit_lineup(_team(league, 2), 1, _roster(_team(league, 2))[:4], captain)
    team_lineups.submit_lineup(
        team, 1, roster[:4], arbiter, now=starts + datetime.timedelta(minutes=5)
    )
    log = list(event_models.AuditLog.objects.filter(action="lineup.submit").order_by("id"))
    assert [entry.username for entry in log] == ["kian", "arif"]
    assert log[1].old == {"boards": lineup, "by": "submitted"}
    assert log[1].new == {"boards": roster[:4], "by": "arbiter"}


def _play_round(
    section: event_models.Section,
    arbiter: User,
    client: Client,
    number: int,
    skip_team: int | None = None,
) -> None:
    round_row = models.TeamRound.objects.get(section=section, number=number)
    for match in round_row.matches.all():
        if skip_team in (match.first.number, match.second.number):
            continue  # decided without its boards
        for board, result in zip(range(1, 5), ("1-0", "1/2", "0-1", "1-0"), strict=True):
            response = client.post(
                f"/e/{section.event.slug}/s/{section.key}/teams/r/{number}/",
                {"match": match.number, "board": board, "result": result},
            )
            assert response.status_code == 302


def test_rounds_results_by_match_standings_and_prizes(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    client = Client()
    client.force_login(arbiter)
    base = f"/e/{league.event.slug}/s/{league.key}/teams"
    assert client.post(f"{base}/pair/").status_code == 302
    with pytest.raises(ServiceError, match="previous round"):
        team_matches.pair_next_round(league, arbiter)
    # Team 1 fields only two players in round 1: it loses 0-4, whatever the boards say.
    roster = _roster(_team(league, 1))
    team_lineups.submit_lineup(_team(league, 1), 1, [roster[0], roster[1], None, None], arbiter)
    _play_round(league, arbiter, client, 1, skip_team=1)
    page = client.get(f"{base}/r/1/").content.decode()
    # The match's note in words, naming the team (never the code "short:1").
    assert f"{_team(league, 1).name} fielded too few players and loses the match." in page
    assert "short:1" not in page
    team_matches.pair_next_round(league, arbiter)
    _play_round(league, arbiter, client, 2)
    results = team_ranking.team_results(league)
    short = [m for m in results.matches if m.note == "short:1"]
    assert len(short) == 1 and 0 in (short[0].first_game_points, short[0].second_game_points)
    # Every match: boards 2.5-1.5 for the first-named team (1, 1/2, 0, 1), except the short one.
    points: dict[int, int] = {}
    for match in results.matches:
        first_mp = 2 if match.first_game_points > match.second_game_points else 0
        points[match.first_team] = points.get(match.first_team, 0) + first_mp
        points[match.second_team] = points.get(match.second_team, 0) + 2 - first_mp
    assert {row.number: row.points for row in results.standings.rows} == points
    standings = client.get(f"{base}/standings/").content.decode()
    assert "team-standings" in standings and "board-1" in standings
    assert results.team_prizes and results.team_prizes[0].awards
    # Board rankings: every roster board 1-6, nobody yet has the 7 games a prize needs.
    assert [b.board for b in results.boards] == [1, 2, 3, 4, 5, 6]
    assert all(not b.places for b in results.boards)
    assert event_models.AuditLog.objects.filter(action="board.result").count() == (2 + 3) * 4


def test_ineligible_player_rescores_and_is_logged(
    league: event_models.Section, arbiter: User
) -> None:
    client = Client()
    client.force_login(arbiter)
    team_matches.pair_next_round(league, arbiter)
    _play_round(league, arbiter, client, 1)
    before = team_ranking.team_results(league)
    player = _roster(_team(league, 3))[0]
    changes = team_eligibility.declare_ineligible(
        event_models.Entry.objects.get(pk=player), "not registered", arbiter
    )
    assert len(changes) == 1
    after = team_ranking.team_results(league)
    match = next(m for m in after.matches if 3 in m.teams())
    board = next(b for b in match.boards if player in (b.first_player, b.second_player))
    own = board.first_result if board.first_player == player else board.second_result
    assert own.value == "-"
    assert after.standings.row(3).points <= before.standings.row(3).points
    log = event_models.AuditLog.objects.get(action="player.ineligible")
    # Kept as names and scores (no entry ids), shown as a sentence on the audit page.
    (kept,) = log.new["rescored"]
    names = {team.number: team.name for team in league.teams.all()}
    assert kept["player"] == event_models.Entry.objects.get(pk=player).name
    assert {kept["first"], kept["second"]} == {names[t] for t in match.teams()}
    assert kept["round"] == 1 and kept["before"] != kept["after"]
    audit_page = client.get(f"/e/{league.event.slug}/audit/").content.decode()
    assert f"({kept['player']} was not eligible)" in audit_page


def test_pages_and_permissions(
    league: event_models.Section, arbiter: User, captain: User, outsider: User
) -> None:
    # tomorrow, not the regulations' 1398 schedule (whose deadlines are long past)
    tomorrow = timezone.now() + datetime.timedelta(days=1)
    team_matches.pair_next_round(league, arbiter, starts_at=tomorrow)
    base = f"/e/{league.event.slug}/s/{league.key}/teams"
    anonymous = Client()
    for url in (f"{base}/", f"{base}/standings/"):
        assert anonymous.get(url).status_code == 200
    # The back-office round page shows every line-up: staff only (the public one waits for
    # the deadline).
    assert anonymous.get(f"{base}/r/1/").status_code == 302
    section_page = anonymous.get(f"/e/{league.event.slug}/s/{league.key}/").content.decode()
    assert 'id="team-pages"' in section_page
    nosy = Client()
    nosy.force_login(outsider)
    assert nosy.get(f"{base}/{nth_team(league, 1)}/lineup/1/").status_code == 403
    assert nosy.get(f"{base}/r/1/").status_code == 403
    assert nosy.post(f"{base}/r/1/", {"match": 1, "board": 1, "result": "1-0"}).status_code == 403
    own = Client()
    own.force_login(captain)
    page = own.get(f"{base}/{nth_team(league, 1)}/lineup/1/")
    assert page.status_code == 200 and "lineup-form" in page.content.decode()
    roster = _roster(_team(league, 1))
    response = own.post(
        f"{base}/{nth_team(league, 1)}/lineup/1/",
        {
            "board_1": roster[0],
            "board_2": roster[1],
            "board_3": roster[2],
            "board_4": roster[4],
        },
    )
    assert response.status_code == 302
    stored = models.LineUp.objects.get(team__number=1, team__section=league, round_number=1)
    assert stored.boards == [roster[0], roster[1], roster[2], roster[4]]
