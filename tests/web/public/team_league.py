"""A small Fars team league for the public, printing and browser tests of team pages: four
teams of six built with the ordinary services from examples/fars-team-league-1398.toml."""

from __future__ import annotations

import datetime
from pathlib import Path

from django.contrib.auth.models import User

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models as team_models
from crosstable_web.teams.services import rosters as team_rosters

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fars-team-league-1398.toml"


def build_league(organiser: User, slug: str = "fars-rounds") -> event_models.Section:
    """Four teams of six (Team N, players "Tn Pb" on roster place b), organiser as arbiter."""
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug=slug)
    event.roles.create(user=organiser, role="arbiter")
    section = event.sections.get(key="A")
    for number in range(1, 5):
        entries = [
            services.add_entry(
                section,
                EntryData(
                    name=f"T{number} P{board}",
                    sex="m",
                    rating=2200 - 100 * number - 10 * board,
                    member_id=f"MEM{number}{board:02d}",
                    birth_date=datetime.date(1990, 1, board),
                    fide_id=f"9917{number}{board:04d}",
                ),
                organiser,
            )
            for board in range(1, 7)
        ]
        team_rosters.create_team(
            section, f"Team {number}", entries, organiser, unit=f"County {number}"
        )
    return section


def roster(section: event_models.Section, team: int) -> list[int]:
    return list(
        team_models.TeamMember.objects.filter(team__section=section, team__number=team)
        .order_by("position")
        .values_list("entry_id", flat=True)
    )
