"""A team's back-office address names the team by its id, which round 1's renumbering does
not change (issue 26.14). Tests name teams as they made them: the ``n``-th team created. On
SQLite the id happens to be ``n``; on PostgreSQL its sequence goes on across tests."""

from __future__ import annotations

from django.contrib.auth.models import User

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models
from crosstable_web.teams.services import rosters as team_rosters


def nth_team(section: event_models.Section, n: int) -> int:
    """The id of the ``n``-th team created in ``section`` (1-based)."""
    ids = list(section.teams.order_by("pk").values_list("pk", flat=True))
    return int(ids[n - 1])


TEAMS = {"شیراز": 1500, "تهران": 1600, "پارس": 1600, "یزد": 1400}
"""Four Fars teams of six, two of equal rating: round 1's renumbering orders them by rating,
then by name in the Persian alphabet, so the numbers of entry and of pairing differ."""


def enter_the_teams(section: event_models.Section, organiser: User) -> None:
    """Empty ``section`` of its teams and players, then enter :data:`TEAMS` (six boards each)."""
    models.Team.objects.filter(section=section).delete()
    section.entries.all().delete()
    for index, (name, rating) in enumerate(TEAMS.items()):
        entries = [
            services.add_entry(
                section,
                EntryData(
                    name=f"{name} {board}", sex="m", rating=rating, member_id=f"{index}{board}"
                ),
                organiser,
            )
            for board in range(1, 7)
        ]
        team_rosters.create_team(section, name, entries, organiser)
