"""Line-ups stay secret until their deadline in the TRF export too (issue 6), on the real
database: a visitor's export of the Fars league stops before a round whose line-ups are not
published (its board games would say who plays where); the staff's has it; once the
deadline has passed, or a result is in, everyone's has it."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from crosstable.formats.trf import read_trf
from crosstable_web.events import models as event_models
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches


def _rounds_in_export(client: Client, section: event_models.Section) -> set[int]:
    text = client.get(f"/e/{section.event.slug}/s/A/teams/trf/").content.decode()
    tournament = read_trf(text)
    return {
        number
        for player in tournament
        for number, entry in enumerate(player.rounds, start=1)
        if entry.opponent is not None
    }


def test_a_visitors_export_leaves_out_unpublished_line_ups(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    # Round 1 starts in 2 hours: the line-ups are due 30 minutes before, not yet published.
    round_row = team_matches.pair_next_round(
        league, arbiter, timezone.now() + datetime.timedelta(hours=2)
    )
    staff = Client()
    staff.force_login(arbiter)
    own = Client()
    own.force_login(captain)
    assert _rounds_in_export(staff, league) == {1}
    assert _rounds_in_export(Client(), league) == set()
    assert _rounds_in_export(own, league) == set()
    # The deadline has passed (the round started an hour ago): published for everyone.
    round_row.starts_at = timezone.now() - datetime.timedelta(hours=1)
    round_row.save(update_fields=["starts_at"])
    assert _rounds_in_export(Client(), league) == {1}
    # Before the deadline again, but a result is in: published as well.
    round_row.starts_at = timezone.now() + datetime.timedelta(hours=2)
    round_row.save(update_fields=["starts_at"])
    team_matches.enter_board_result(round_row.matches.get(number=1), 1, "1-0", arbiter)
    assert _rounds_in_export(Client(), league) == {1}
    assert models.TeamRound.objects.filter(section=league).count() == 1
