"""A team's back-office address names the team by its id, which round 1's renumbering does
not change (issue 26.14). Tests name teams as they made them: the ``n``-th team created. On
SQLite the id happens to be ``n``; on PostgreSQL its sequence goes on across tests."""

from __future__ import annotations

from crosstable_web.events import models as event_models


def nth_team(section: event_models.Section, n: int) -> int:
    """The id of the ``n``-th team created in ``section`` (1-based)."""
    ids = list(section.teams.order_by("pk").values_list("pk", flat=True))
    return int(ids[n - 1])
