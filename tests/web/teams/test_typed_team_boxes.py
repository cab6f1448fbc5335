"""The team round page reads or refuses what is typed or posted, never a server error
(issue 14 item 3: team board ``0``/``-1``/``1e3``, ``² 1``, a 25-digit table)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from crosstable_web.events import models as event_models
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_one(league: event_models.Section, arbiter: User) -> models.TeamRound:
    return team_matches.pair_next_round(
        league, arbiter, timezone.now() + datetime.timedelta(hours=2)
    )


def _arbiter(arbiter: User) -> Client:
    client = Client()
    client.force_login(arbiter)
    return client


def _untouched(section: event_models.Section) -> bool:
    games = models.BoardGame.objects.filter(match__round__section=section)
    return set(games.values_list("first_result", flat=True)) == {"*"}


@pytest.mark.parametrize(
    ("match", "board", "result"),
    [
        ("1", "0", "1-0"),
        ("1", "-1", "1-0"),
        ("1", "1e3", "1-0"),
        ("1", "²", "1-0"),
        ("1", "99", "1-0"),
        ("1", "9" * 25, "1-0"),
        ("0", "1", "1-0"),
        ("²", "1", "1-0"),
        ("", "", ""),
        ("1", "1", ""),
        ("1", "1", " "),
    ],
)
def test_per_board_buttons(
    league: event_models.Section,
    round_one: models.TeamRound,
    arbiter: User,
    match: str,
    board: str,
    result: str,
) -> None:
    url = f"/e/{league.event.slug}/s/A/teams/r/1/"
    response = _arbiter(arbiter).post(
        url, {"match": match, "board": board, "result": result}, follow=True
    )
    assert response.status_code == 200
    assert _untouched(league)


@pytest.mark.parametrize(
    "typed", ["² 1", "1.² 1", "1.0 1", "1.-1 1", "1e3.1 1", "9" * 25 + ".1 1", "1.5 1", "1 ²"]
)
def test_typed_box(
    league: event_models.Section, round_one: models.TeamRound, arbiter: User, typed: str
) -> None:
    url = f"/e/{league.event.slug}/s/A/teams/r/1/"
    response = _arbiter(arbiter).post(url, {"typed": typed}, follow=True)
    assert response.status_code == 200
    assert _untouched(league)


def test_team_printout_round_query(
    league: event_models.Section, round_one: models.TeamRound
) -> None:
    slug = league.event.slug
    for asked in ("²", "0", "1e3", "9" * 25):
        response = Client().get(f"/print/{slug}/A/team-pairings/", {"round": asked})
        assert response.status_code == 404, asked
    assert Client().get(f"/print/{slug}/A/team-pairings/", {"round": "1"}).status_code == 200
