"""The team bye's value and a team section's capacity, on the real database (issue 6).

Fars league: 4 boards + 2 reserves, a game 1/½/0, a match 2/1/0. Its regulations state no bye
value, so the pairing-allocated bye is C.04.6's drawn match: 1 match point and 4 × ½ = 2 game
points, in the standings, in the pairing input and in the TRF export's 320. ``capacity = 61``
means 61 teams per table, not 61 players."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable.formats.trf import read_trf
from crosstable.model.team_match import TeamRoundKind, team_event_records, team_rounds
from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.services import EntryData, ServiceError
from crosstable_web.teams import bridge, models
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import ranking as team_ranking
from crosstable_web.teams.services import rosters as team_rosters


def _five_teams_round_one(league: event_models.Section, organiser: User, arbiter: User) -> int:
    """Team 6 withdrawn before round 1; round 1 paired and every board won by the first-named
    team (4–0). Returns the team with the bye."""
    team_rosters.delete_team(models.Team.objects.get(section=league, number=6), organiser)
    round_row = team_matches.pair_next_round(league, arbiter)
    assert round_row.bye_team is not None
    for match in round_row.matches.all():
        for board in range(1, 5):
            team_matches.enter_board_result(match, board, "1-0", arbiter)
    return round_row.bye_team.number


def test_the_bye_is_a_drawn_match_in_standings_pairing_input_and_export(
    league: event_models.Section, organiser: User, arbiter: User
) -> None:
    bye_team = _five_teams_round_one(league, organiser, arbiter)
    # Standings: winners 2 MP 4 GP, losers 0 and 0, the bye team 1 MP and 2 GP.
    standings = team_ranking.team_results(league).standings
    assert standings.row(bye_team).points == 1
    points = sorted(row.points for row in standings.rows)
    assert points == [0, 0, 1, 2, 2]
    # The pairing input (what the team Swiss engine reads): the bye at the same value.
    source = bridge.tournament(league)
    rounds = team_rounds(source, team_event_records(source))
    bye = rounds[bye_team][0]
    assert (bye.kind, bye.match_points, bye.game_points) == (TeamRoundKind.PAIRING_BYE, 1, 2)
    # The export: 320 states the value, and a reader gets the same points.
    text = Client().get(f"/e/{league.event.slug}/s/A/teams/trf/").content.decode()
    assert f"320  1.0  2.0 {bye_team:03d}" in text.splitlines()
    exported = read_trf(text)
    declared = {team.number: team.declared_match_points for team in exported.teams}
    assert declared[bye_team] == 1
    reread = team_rounds(exported, team_event_records(exported))
    assert (reread[bye_team][0].match_points, reread[bye_team][0].game_points) == (1, 2)


def test_team_bye_in_the_stored_rules_says_otherwise(
    league: event_models.Section, organiser: User, arbiter: User
) -> None:
    # A section whose rules state the bye as a won match on every board (2 MP, 4 GP).
    league.event.regulations_text = league.event.regulations_text.replace(
        'short_team_result = "0-4"', 'short_team_result = "0-4"\nbye = "win"', 1
    )
    league.event.save(update_fields=["regulations_text"])
    bye_team = _five_teams_round_one(league, organiser, arbiter)
    assert team_ranking.team_results(league).standings.row(bye_team).points == 2
    text = Client().get(f"/e/{league.event.slug}/s/A/teams/trf/").content.decode()
    assert f"320  2.0  4.0 {bye_team:03d}" in text.splitlines()
    assert bridge.match_rules(league).bye_points() == (2, Fraction(4))


def _first_come_first_served(section: event_models.Section) -> None:
    """The league without "priority to teams that pay first": a full section refuses a team
    (with the priority, it enters and waits: tests/web/teams/test_team_fees.py)."""
    event = section.event
    event.regulations_text = event.regulations_text.replace(
        'capacity_priority = "payment_date"', "", 1
    )
    event.save(update_fields=["regulations_text"])


def _team_of_six(section: event_models.Section, number: int, organiser: User) -> models.Team:
    entries = [
        services.add_entry(
            section,
            EntryData(
                name=f"Extra {number}.{board}",
                member_id=f"9{number:02d}{board}",
                birth_date=datetime.date(1991, 2, board),
            ),
            organiser,
        )
        for board in range(1, 7)
    ]
    return team_rosters.create_team(section, f"Extra team {number}", entries, organiser)


def test_capacity_counts_teams_not_players(league: event_models.Section, organiser: User) -> None:
    # capacity = 61 (teams per table): the six teams' 36 players and five more teams' 30
    # (66 players) all enter; a 61-player reading refused the 11th team.
    assert league.max_entries == 61
    _first_come_first_served(league)
    for number in range(7, 12):
        _team_of_six(league, number, organiser)
    assert league.teams.count() == 11 and league.entries.count() == 66
    # With room for 12 teams the 12th enters and the 13th is refused, naming teams.
    league.max_entries = 12
    league.save(update_fields=["max_entries"])
    _team_of_six(league, 12, organiser)
    with pytest.raises(ServiceError, match=r"The section is full \(12 teams\)"):
        _team_of_six(league, 13, organiser)
    assert league.teams.count() == 12


def test_capacity_in_the_team_form_refuses_the_team_and_keeps_nothing(
    league: event_models.Section, organiser: User
) -> None:
    league.max_entries = 6
    league.save(update_fields=["max_entries"])
    _first_come_first_served(league)
    client = Client()
    client.force_login(organiser)
    form = (
        {"name": "Late team"}
        | {f"new_{place}": f"Late {place}" for place in range(1, 7)}
        | {f"member_{place}": f"70{place}" for place in range(1, 7)}
    )
    response = client.post(f"/e/{league.event.slug}/s/A/teams/new/", form)
    assert "The section is full (6 teams)." in response.content.decode()
    assert not league.entries.filter(name__startswith="Late").exists()
    assert league.teams.count() == 6


def test_an_individual_section_still_counts_players(
    event: event_models.Event, organiser: User
) -> None:
    # The girls' section takes 6 players (max_entries = 6, no team system): the 7th is refused.
    girls = event.sections.get(key="girls")
    for index in range(6):
        services.add_entry(
            girls,
            EntryData(
                name=f"Girl {index}",
                sex="f",
                birth_date=datetime.date(2015, 1, 1),
                unit=f"School {index}",
            ),
            organiser,
        )
    with pytest.raises(ServiceError, match=r"The section is full \(6 entries\)"):
        services.add_entry(
            girls,
            EntryData(name="Girl 7", sex="f", birth_date=datetime.date(2015, 1, 1), unit="S7"),
            organiser,
        )
