"""Scoring a team section reads line-ups and rosters in bulk (issue 6): the number of queries
does not grow with the number of teams or rounds. Fars league rules (4 boards + 2 reserves);
teams built directly in the store, rounds paired by the team Swiss engine, every board 1-0,
every fourth team with a captain's line-up (reserve on board 4) and the rest registered."""

from __future__ import annotations

import datetime
import time

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.teams import bridge, models
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import ranking as team_ranking
from web.teams.conftest import EXAMPLE


def _league(organiser: User, arbiter: User, teams: int, rounds: int) -> event_models.Section:
    event = services.create_event(
        rules.load_event_spec(EXAMPLE), organiser, slug=f"fars-{teams}-{rounds}"
    )
    event_models.EventRole.objects.create(event=event, user=arbiter, role=event_models.Role.ARBITER)
    section = event.sections.get(key="A")
    event_models.Entry.objects.bulk_create(
        event_models.Entry(
            section=section,
            name=f"Player {number}.{place}",
            member_id=f"{number}{place:02d}",
            rating=2000 - number - place,
        )
        for number in range(1, teams + 1)
        for place in range(1, 7)
    )
    entries = list(section.entries.order_by("pk"))
    for number in range(1, teams + 1):
        team = models.Team.objects.create(section=section, number=number, name=f"Team {number}")
        models.TeamMember.objects.bulk_create(
            models.TeamMember(team=team, entry=entry, position=place)
            for place, entry in enumerate(entries[6 * (number - 1) : 6 * number], start=1)
        )
    starts = timezone.now() + datetime.timedelta(days=1)
    for round_number in range(1, rounds + 1):
        round_row = team_matches.pair_next_round(section, arbiter, starts)
        for team in section.teams.filter(number__in=range(1, teams + 1, 4)):
            members = [member.entry_id for member in team.members.all()]
            models.LineUp.objects.create(
                team=team,
                round_number=round_number,
                boards=[*members[:3], members[4]],
                source=models.LineUpSource.SUBMITTED,
                submitted_at=timezone.now(),
            )
        models.BoardGame.objects.filter(match__round=round_row).update(
            first_result="1", second_result="0"
        )
    return section


def _queries(section: event_models.Section) -> tuple[int, int, float]:
    """Queries of scoring the section and of its whole results page data, and the seconds."""
    section = event_models.Section.objects.select_related("event").get(pk=section.pk)
    with CaptureQueriesContext(connection) as scoring:
        scored, _changes = bridge.scored_matches(section)
    assert scored
    started = time.perf_counter()
    with CaptureQueriesContext(connection) as results:
        team_ranking.team_results(section)
    return len(scoring), len(results), time.perf_counter() - started


def test_scoring_costs_the_same_queries_for_6_and_40_teams(organiser: User, arbiter: User) -> None:
    small = _league(organiser, arbiter, 6, 1)
    large = _league(organiser, arbiter, 40, 3)
    small_scoring, small_results, _seconds = _queries(small)
    large_scoring, large_results, seconds = _queries(large)
    print(
        f"40 teams, 3 rounds: scoring {large_scoring} queries, results {large_results} "
        f"queries, {seconds:.3f} s"
    )
    assert large_scoring == small_scoring, (small_scoring, large_scoring)
    assert large_results == small_results, (small_results, large_results)
    assert large_scoring <= 10 and large_results <= 25


@pytest.mark.parametrize("teams", [40])
def test_bulk_scoring_gives_what_the_captains_submitted(
    organiser: User, arbiter: User, teams: int
) -> None:
    # Team 1 (a captain's line-up every round) has its reserve (place 5) on board 4; team 2
    # (none) plays its registered places 1-4.
    section = _league(organiser, arbiter, teams, 1)
    scored, _changes = bridge.scored_matches(section)
    one = models.Team.objects.get(section=section, number=1)
    two = models.Team.objects.get(section=section, number=2)
    members_one = [m.entry_id for m in one.members.all()]
    members_two = [m.entry_id for m in two.members.all()]
    seated: dict[int, list[int | None]] = {}
    for match in scored:
        seated[match.first_team] = [b.first_player for b in match.boards]
        seated[match.second_team] = [b.second_player for b in match.boards]
    assert seated[1] == [*members_one[:3], members_one[4]]
    assert seated[2] == members_two[:4]
