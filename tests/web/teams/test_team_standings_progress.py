"""Team standings pages say when their last round is still being played, with the words of
the individual standings pages: "After round N of M (in progress: k of m results)".

Results are counted per match (``teams.publishing.team_round_progress``): a match counts
once its score is final — every board has its result, or it was decided as a whole (a team
fielding fewer than the regulations' 3 players loses 0-4 whatever is played) — because the
match points the teams are ranked by come only then. Fars league table A, six teams: round 1
has three matches (tables 1-3) and no bye.

1. Paired, no result: 0 of 3.
2. Table 1 all four boards, table 2 boards 1-3 (its board 4 still to play): 1 of 3 — table 2
   has three of its four board results but no match score yet.
3. Table 3's second team fields 2 players: that match is decided 4-0: 2 of 3.
4. Table 2's board 4: every match has its result, the heading says "After round 1 of M".

The back-office page, the public page and the printout say it alike, in English and (with
Persian digits and the existing translation) in Persian.
"""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.common.localisation import digits
from crosstable_web.events import models as event_models
from crosstable_web.teams import models
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches


def _headings(section: event_models.Section, arbiter: User, language: str) -> list[str]:
    staff = Client()
    staff.force_login(arbiter)
    staff.cookies["django_language"] = language
    visitor = Client()
    visitor.cookies["django_language"] = language
    slug = section.event.slug
    pages = [
        staff.get(f"/e/{slug}/s/A/teams/standings/"),
        visitor.get(f"/p/{slug}/A/teams/"),
        visitor.get(f"/print/{slug}/A/team-standings/?lang={language}"),
    ]
    found = []
    for page in pages:
        assert page.status_code == 200
        heading = re.search(
            r'<p class="[^"]*" id="standings-round">(.*?)</p>', page.content.decode()
        )
        assert heading, page.content.decode()[:500]
        found.append(heading.group(1))
    return found


def test_the_team_standings_say_how_many_matches_have_their_result(
    league: event_models.Section, arbiter: User
) -> None:
    total = league.total_rounds
    round_one = team_matches.pair_next_round(league, arbiter)
    one, two, three = round_one.matches.order_by("number")
    assert round_one.bye_team is None

    def english(done: int | None) -> str:
        if done is None:
            return f"After round 1 of {total}"
        return f"After round 1 of {total} (in progress: {done} of 3 results)"

    assert _headings(league, arbiter, "en") == [english(0)] * 3
    for board in range(1, 5):
        team_matches.enter_board_result(one, board, "1-0", arbiter)
    for board in range(1, 4):
        team_matches.enter_board_result(two, board, "1/2", arbiter)
    assert _headings(league, arbiter, "en") == [english(1)] * 3
    persian = f"پس از دور ۱ از {digits(total, 'fa')} (در جریان: ۱ از ۳ نتیجه)"
    assert _headings(league, arbiter, "fa") == [persian] * 3

    short = models.Team.objects.get(pk=three.second_id)
    players = [member.entry_id for member in short.members.all()]
    team_lineups.submit_lineup(short, 1, [players[0], players[1], None, None], arbiter)
    assert _headings(league, arbiter, "en") == [english(2)] * 3

    team_matches.enter_board_result(two, 4, "0-1", arbiter)
    assert _headings(league, arbiter, "en") == [english(None)] * 3
