"""A line-up refused for its board order names the players, their roster places and boards,
in the user's language (issue 6), on the real database. Fars league fixture: team 1's roster
is Player 1.1 … Player 1.6 in that order; its captain is kian."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone, translation

from crosstable_web.events import models as event_models
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import models
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches

from .conftest import team_address


def _roster(team: models.Team) -> list[int]:
    return [member.entry_id for member in team.members.all()]


def _captain_posts_swapped_boards(
    league: event_models.Section, arbiter: User, captain: User, language: str
) -> str:
    team_matches.pair_next_round(league, arbiter, timezone.now() + datetime.timedelta(hours=2))
    roster = _roster(models.Team.objects.get(section=league, number=1))
    client = Client()
    client.force_login(captain)
    client.cookies["django_language"] = language
    # Roster places 2, 1, 3, 4 on boards 1-4: place 1 below place 2.
    response = client.post(
        team_address(league, 1, "lineup/1/"),
        {"board_1": roster[1], "board_2": roster[0], "board_3": roster[2], "board_4": roster[3]},
        follow=True,
    )
    assert not models.LineUp.objects.filter(team__number=1, team__section=league).exists()
    return " ".join(str(message) for message in response.context["messages"])


def test_the_refusal_names_the_players_places_and_boards(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    text = _captain_posts_swapped_boards(league, arbiter, captain, "en")
    assert text == (
        "Board 2: Player 1.1 (roster place 1) may not play below Player 1.2 (roster place 2)"
        " on board 1; the line-up must keep the roster order."
    )


def test_the_refusal_is_translated(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    text = _captain_posts_swapped_boards(league, arbiter, captain, "fa")
    assert text.startswith("میز 2: Player 1.1 (ردیف 1 فهرست)"), text
    assert "Player 1.2" in text and "may not" not in text


@pytest.mark.parametrize(
    ("places", "expected"),
    [
        ([1, 0, 3, 4], "Board 3 is filled but board 2 is empty"),
        ([1, 2, 2, 4], "Board 3: Player 1.2 is already listed."),
        ([1, 2, 3, 7], "Board 4: Player 2.1 is not on the roster of Team 1."),
    ],
)
def test_other_refusals_name_the_players(
    league: event_models.Section, organiser: User, places: list[int], expected: str
) -> None:
    team = models.Team.objects.get(section=league, number=1)
    roster = _roster(team)
    other = _roster(models.Team.objects.get(section=league, number=2))
    boards = [None if p == 0 else (roster[p - 1] if p <= 6 else other[p - 7]) for p in places]
    with translation.override("en"), pytest.raises(ServiceError) as refused:
        team_lineups.submit_lineup(team, 1, boards, organiser)
    assert expected in str(refused.value)
