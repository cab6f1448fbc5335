"""Public team standings: the Fars league (a team section) after one round, in Persian by
default, with no private field of the players."""

from __future__ import annotations

import datetime
from pathlib import Path

from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models as team_models
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import rosters as team_rosters

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fars-team-league-1398.toml"


def test_team_standings_and_board_rankings_are_public(organiser: User) -> None:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="fars-teams")
    event.roles.create(user=organiser, role="arbiter")
    section = event.sections.get(key="A")
    for number in range(1, 5):
        entries = [
            services.add_entry(
                section,
                EntryData(
                    name=f"بازیکن {number}.{board}",
                    sex="m",
                    rating=2000 - 10 * board,
                    member_id=f"MEM{number}{board:02d}",
                    birth_date=datetime.date(1990, 1, board),
                ),
                organiser,
            )
            for board in range(1, 7)
        ]
        team_rosters.create_team(
            section, f"تیم {number}", entries, organiser, unit=f"County {number}"
        )
    team_matches.pair_next_round(section, organiser)
    for match in team_models.TeamRound.objects.get(section=section, number=1).matches.all():
        for board in range(1, 5):
            team_matches.enter_board_result(match, board, "1-0", organiser)
    text = Client().get("/p/fars-teams/A/teams/").content.decode()
    assert 'dir="rtl"' in text and "team-standings" in text
    for number in range(1, 5):
        # A Persian name typed with Latin digits reads with Persian ones on a Persian page.
        assert f"تیم {str(number).translate(str.maketrans('0123456789', '۰۱۲۳۴۵۶۷۸۹'))}" in text
    # After one round nobody has the regulations' minimum games (7 on boards 1-4): a note, no
    # empty board tables.
    assert 'id="no-board-ranking"' in text and 'class="board-ranking"' not in text
    assert "MEM1" not in text and "1990" not in text
