"""Fixtures of the teams app's tests: the Fars league example with six teams of six."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models as team_models
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import rosters as team_rosters

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fars-team-league-1398.toml"
TEAMS = 6


@pytest.fixture
def captain(db: None) -> User:
    return User.objects.create_user("kian", password="captain-pass")


def fars_table_a(
    organiser: User, arbiter: User, teams: int = TEAMS, regulations: Path = EXAMPLE
) -> event_models.Section:
    """Table A of the Fars league (``regulations``: the example file or a variant of it) with
    ``teams`` teams of six entered in order: Team n of "Player n.b" on roster place b, rated
    2200 − 50n − 10b, board 6 a woman, for County n (a county when n is odd, else a club);
    ``arbiter`` the event's arbiter."""
    event = services.create_event(rules.load_event_spec(regulations), organiser)
    event_models.EventRole.objects.create(event=event, user=arbiter, role=event_models.Role.ARBITER)
    section = event.sections.get(key="A")
    for number in range(1, teams + 1):
        entries = [
            services.add_entry(
                section,
                EntryData(
                    name=f"Player {number}.{board}",
                    sex="f" if board == 6 else "m",
                    rating=2200 - 50 * number - 10 * board,
                    member_id=f"{number}{board:02d}",
                    birth_date=datetime.date(1990, 1, board),
                ),
                organiser,
            )
            for board in range(1, 7)
        ]
        team_rosters.create_team(
            section,
            f"Team {number}",
            entries,
            organiser,
            unit=f"County {number}",
            unit_kind="county" if number % 2 else "club",
        )
    return section


@pytest.fixture
def league(organiser: User, arbiter: User, captain: User) -> event_models.Section:
    """Six teams (:func:`fars_table_a`); team 1's captain is ``captain``."""
    section = fars_table_a(organiser, arbiter)
    team = team_models.Team.objects.get(section=section, number=1)
    team_rosters.set_captain(team, captain, organiser)
    return section


def team_address(section: event_models.Section, number: int, page: str) -> str:
    """The address of a team's ``page`` (``fee/``, ``lineup/1/``) by the team's number now:
    a team's pages name it by its id, which stays when round 1 renumbers the teams."""
    team = team_models.Team.objects.get(section=section, number=number)
    return f"/e/{section.event.slug}/s/{section.key}/teams/{team.pk}/{page}"


MIRROR = {"1-0": "0-1", "0-1": "1-0", "1/2": "1/2"}


def play_round_one(
    section: event_models.Section,
    arbiter: User,
    results: dict[int, tuple[str, ...]],
    starts_at: datetime.datetime | None = None,
) -> None:
    """Pair round 1 of six teams (C.04.6: TPN 1-3 against 4-6, checked) and enter each
    match's boards from the side of team 1, 2 or 3 (``results``: team -> board results), as
    the arbiter would whichever team is named first."""
    round_row = team_matches.pair_next_round(section, arbiter, starts_at)
    pairs = {
        frozenset((match.first.number, match.second.number)): match
        for match in round_row.matches.select_related("first", "second")
    }
    assert set(pairs) == {frozenset((1, 4)), frozenset((2, 5)), frozenset((3, 6))}
    for team, boards in results.items():
        match = pairs[frozenset((team, team + 3))]
        for board, result in enumerate(boards, start=1):
            text = result if match.first.number == team else MIRROR[result]
            team_matches.enter_board_result(match, board, text, arbiter)
