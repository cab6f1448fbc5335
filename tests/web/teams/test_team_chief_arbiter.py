"""A team board result changed once the next team round is paired is the chief arbiter's
decision, as in an individual section (issue 12.2; ``permissions.require_chief``)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.teams.services import matches as team_matches

from .conftest import play_round_one

pytestmark = pytest.mark.django_db


def test_a_deputy_changes_a_board_until_the_next_round_is_paired_then_only_the_chief(
    league: event_models.Section, organiser: User, arbiter: User
) -> None:
    chief = User.objects.create_user("sardavar", first_name="Sara Davari")
    services.grant_role(league.event, chief, event_models.Role.CHIEF_ARBITER, organiser)
    play_round_one(league, arbiter, {1: ("1-0",) * 4, 2: ("1/2",) * 4, 3: ("0-1",) * 4})
    match = league.team_rounds.get(number=1).matches.order_by("number").first()
    assert match is not None
    # round 2 not paired yet: the deputy corrects a board
    team_matches.enter_board_result(match, 1, "1/2", arbiter)
    team_matches.pair_next_round(league, arbiter)
    with pytest.raises(PermissionDenied, match="Sara Davari"):
        team_matches.enter_board_result(match, 1, "1-0", arbiter)
    game = match.games.get(board=1)
    assert game.first_result + game.second_result == "=="  # the draw stays
    team_matches.enter_board_result(match, 1, "1-0", chief)
    game.refresh_from_db()
    assert game.first_result == "1"
