"""What the team pages may show and say, public and back office alike: whether a round's
line-ups are public yet (a captain must not see the other side's line-up while still able to
change their own; ``public.team_pages`` says when they are), and the team standings' heading
("After round N of M (in progress: k of m results)").
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.utils import timezone

from crosstable.model import ResultCode
from crosstable.teams.lineups import lineup_deadline
from crosstable.teams.match_scoring import ScoredMatch
from crosstable_web.events import models
from crosstable_web.events.ranking import standings
from crosstable_web.teams import bridge
from crosstable_web.teams import models as team_models


def team_round_progress(
    matches: Sequence[ScoredMatch], round_number: int
) -> standings.RoundProgress | None:
    """How far round ``round_number``'s results are, counted per match: a match counts once
    its score is final (every board has its result, or it was decided as a whole), since the
    match points the team standings rank by come only then; the pairing bye is no match.
    None when every match has its result, or the round has none — the individual pages'
    ``RoundProgress``, so the team pages say it with the same words ("in progress: 2 of 3
    results")."""
    games = [match for match in matches if match.round_number == round_number]
    done = sum(1 for match in games if match.first_result is not ResultCode.PENDING)
    if not games or done == len(games):
        return None
    return standings.RoundProgress(round_number, done, len(games))


def team_standings_heading(
    section: models.Section, matches: Sequence[ScoredMatch]
) -> dict[str, object]:
    """``rounds`` (the rounds the team standings count: every paired round) and ``progress``
    (the last of them, while matches are still being played), for "After round N of M (in
    progress: k of m results)" on every team standings page."""
    rounds = section.team_rounds.count()
    return {"rounds": rounds, "progress": team_round_progress(matches, rounds)}


def lineups_published(
    round_row: team_models.TeamRound, section: models.Section, now: datetime.datetime | None = None
) -> tuple[bool, datetime.datetime | None]:
    """Whether the round's line-ups are public, and when they will be if not."""
    if round_row.starts_at is None:
        return True, None
    if (
        team_models.BoardGame.objects.filter(match__round=round_row)
        .exclude(first_result=ResultCode.PENDING.value)
        .exists()
    ):
        return True, None
    due = lineup_deadline(round_row.starts_at, bridge.team_rules(section)) or round_row.starts_at
    if (now or timezone.now()) >= due:
        return True, None
    return False, due
