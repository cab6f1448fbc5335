"""The team TRF export leaves out the teams on the waiting list, as the team standings do.

Fars league table A with room for 3 teams (``capacity_priority = "payment_date"``): teams 1-3
paid 720,000 on 1, 2 and 3 November 2019, team 4 on the 4th, so team 4 waits. Round 1 pairs
the three teams that play (one match and the pairing bye); the match is won 4-0. Worked by
hand: the winner 2 MP / 4 GP, the bye team the drawn match (1 MP / 2 GP), the loser 0 / 0;
ranks 1, 2, 3. The export, read back by the core's reader, holds those three teams and their
18 players, nothing of team 4, and has no problem (not even a warning)."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable.formats.trf import read_trf_checked
from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models, payments, places
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import rosters as team_rosters

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fars-team-league-1398.toml"


@pytest.fixture
def table_a(organiser: User, arbiter: User) -> event_models.Section:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="fars-trf")
    event_models.EventRole.objects.create(event=event, user=arbiter, role=event_models.Role.ARBITER)
    section = event.sections.get(key="A")
    section.max_entries = 3
    section.save(update_fields=["max_entries"])
    return section


def _paid_team(section: event_models.Section, number: int, organiser: User) -> models.Team:
    entries = [
        services.add_entry(
            section,
            EntryData(
                name=f"Team {number} board {board}",
                sex="m",
                birth_date=datetime.date(1990, 3, 1),
                member_id=f"{number}{board:02d}",
                unit=f"Team {number}",
            ),
            organiser,
        )
        for board in range(1, 7)
    ]
    team = team_rosters.create_team(section, f"Team {number}", entries, organiser)
    payments.record_team_payment(
        team, Decimal("720000"), datetime.date(2019, 11, number), organiser
    )
    return team


def test_the_export_has_only_the_playing_teams(
    table_a: event_models.Section, organiser: User, arbiter: User
) -> None:
    for number in range(1, 5):
        _paid_team(table_a, number, organiser)
    assert places.field_teams(table_a) == {1, 2, 3}
    round_one = team_matches.pair_next_round(table_a, arbiter)
    (match,) = round_one.matches.all()
    assert round_one.bye_team is not None
    winner, loser, bye = match.first.number, match.second.number, round_one.bye_team.number
    for board in range(1, 5):
        team_matches.enter_board_result(match, board, "1-0", arbiter)

    staff = Client()
    staff.force_login(arbiter)
    for client in (staff, Client()):  # the staff's export and a visitor's (results are in)
        text = client.get(f"/e/{table_a.event.slug}/s/A/teams/trf/").content.decode()
        tournament, problems = read_trf_checked(text)
        assert problems == []
        assert {
            team.number: (team.declared_match_points, team.declared_game_points, team.rank)
            for team in tournament.teams
        } == {
            winner: (Fraction(2), Fraction(4), 1),
            bye: (Fraction(1), Fraction(2), 2),
            loser: (Fraction(0), Fraction(0), 3),
        }
        assert len(tournament.players) == 18
        assert sorted(n for team in tournament.teams for n in team.members) == list(range(1, 19))
        assert "Team 4" not in text
