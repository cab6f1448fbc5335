"""What an audit line on a team is about: its target text and its parameters
(``audit.subject`` writes them in words). Every module of the team services writes them.
"""

from __future__ import annotations

from crosstable_web.teams import models


def audit_target(team: models.Team) -> str:
    return f"{team.section.key}/team {team.number} {team.name}"


def audit_params(team: models.Team, **more: object) -> dict[str, object]:
    """What an audit line on ``team`` is about (``audit.subject`` writes it in words)."""
    return {"section": team.section.key, "team": team.name, **more}
