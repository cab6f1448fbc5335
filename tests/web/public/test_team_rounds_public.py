"""Public team rounds and team pages: the Fars league (four teams of six) after one round with
line-ups changed by the arbiter, an empty board, a forfeit and a won and a lost match; every
expected value below is worked out by hand from the line-ups and results entered here.
No login anywhere; unknown rounds and teams are 404; no private field appears."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.public import team_pages
from crosstable_web.teams import models as team_models
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import rosters as team_rosters
from web.public.team_league import build_league, roster

PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def fa(text: str) -> str:
    return text.translate(PERSIAN)


def row(html: str, element_id: str) -> str:
    found = re.search(rf'<tr id="{element_id}"[^>]*>(.*?)</tr>', html, re.DOTALL)
    assert found is not None, element_id
    return found.group(0)


def plain(html: str) -> str:
    """The text a reader sees: no tags, and no invisible bidi marks (the Persian page
    pass isolates halves and orders results right to left: public.right_to_left)."""
    text = re.sub(r"[\u200e\u200f\u2066-\u2069]", "", re.sub(r"<[^>]+>", " ", html))
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture
def played(
    organiser: User,
) -> tuple[event_models.Section, team_models.TeamMatch, team_models.TeamMatch]:
    """Round 1 paired (no start time: line-ups public at once) and played:

    table 1: the first-named team plays its roster places 1, 3, 4, 5 (place 2 rests, the
    reserve on board 4); results 1-0, 1/2, 0-1, +- → 2½–1½, match points 2–0;
    table 2: the second team fields three players (board 4 empty); results 0-1, 0-1, 1/2 →
    board 4 is a forfeit win for the first team: 1½–2½, match points 0–2."""
    section = build_league(organiser)
    team_matches.pair_next_round(section, organiser)
    first_match, second_match = team_models.TeamMatch.objects.filter(
        round__section=section, round__number=1
    ).order_by("number")
    one = roster(section, first_match.first.number)
    team_lineups.submit_lineup(first_match.first, 1, [one[0], one[2], one[3], one[4]], organiser)
    two = roster(section, second_match.second.number)
    team_lineups.submit_lineup(second_match.second, 1, [two[0], two[1], two[2], None], organiser)
    for board, result in enumerate(("1-0", "1/2", "0-1", "+-"), start=1):
        team_matches.enter_board_result(first_match, board, result, organiser)
    for board, result in enumerate(("0-1", "0-1", "1/2"), start=1):
        team_matches.enter_board_result(second_match, board, result, organiser)
    return section, first_match, second_match


def test_team_round_page_shows_matches_boards_colours_and_results(played: tuple) -> None:
    _section, first_match, second_match = played
    response = Client().get("/p/fars-rounds/A/teams/round/1/")  # nobody logged in
    assert response.status_code == 200
    html = response.content.decode()
    assert 'dir="rtl"' in html  # the league's regulations are in Persian
    a, b = first_match.first.number, first_match.second.number
    c, d = second_match.first.number, second_match.second.number
    table_1 = plain(html[html.index('id="match-1"') : html.index('id="match-2"')])
    assert f"Team {a} {fa('2')}½ – {fa('1')}½ Team {b}" in table_1
    assert f"{fa('2')} – {fa('0')}" in table_1  # match points
    # Board 1: the first-named team's player (roster place 1) has White; board 2 Black,
    # played by roster place 3 (place 2 rests).
    board_1 = row(html, "match-1-board-1")
    assert board_1.index("chip w") < board_1.index(f"T{a} P1") < board_1.index("chip b")
    assert board_1.index(f"T{b} P1") > board_1.index("chip b")
    assert f"{fa('1')}–{fa('0')}" in plain(board_1)
    board_2 = row(html, "match-1-board-2")
    assert board_2.index("chip b") < board_2.index(f"T{a} P3") < board_2.index("chip w")
    assert "½–½" in plain(board_2)
    assert f"T{a} P5" in row(html, "match-1-board-4")  # the reserve
    assert 'class="forfeit"' in row(html, "match-1-board-4")
    assert "باخت فنی" in plain(row(html, "match-1-board-4")) or "forfeit" in row(
        html, "match-1-board-4"
    )
    # Table 2: board 4 of the second team is empty and forfeited to the first team.
    table_2 = plain(html[html.index('id="match-2"') :])
    assert f"Team {c} {fa('1')}½ – {fa('2')}½ Team {d}" in table_2
    board_4 = row(html, "match-2-board-4")
    assert 'class="forfeit"' in board_4 and 'class="empty"' in board_4
    assert f"T{c} P4" in board_4 and f"{fa('1')}–{fa('0')}" in plain(board_4)
    # The A–Z list: every roster member of the four teams, the resting ones marked.
    seats = html[html.index('id="seats"') : html.index("</table>", html.index('id="seats"'))]
    assert seats.count("<tr") == 1 + 24
    assert seats.count('class="resting"') == 24 - 16 + 1  # 8 reserves/rests, + one empty board
    resting = re.search(rf'<tr class="resting"><td>T{a} P2<', seats)
    assert resting is not None
    # No private field reaches the page.
    assert "MEM" not in html and "1990-01" not in html and "9917" not in html and "9917" not in html


def test_team_round_numbers_and_the_current_round(played: tuple, organiser: User) -> None:
    section, _first, _second = played
    client = Client()
    assert client.get("/p/fars-rounds/A/teams/round/2/").status_code == 404
    assert client.get("/p/fars-rounds/A/teams/round/0/").status_code == 404
    assert client.get("/p/fars-rounds/nope/teams/round/1/").status_code == 404
    assert client.get("/p/no-such-event/A/teams/round/1/").status_code == 404
    team_matches.pair_next_round(section, organiser)
    current = client.get("/p/fars-rounds/A/teams/round/").content.decode()
    assert f"{fa('2')}</a>" in current and 'aria-current="page">' + fa("2") in current
    # The section's pairings link leads to the team round (a team section has no boards of
    # its own), keeping a search.
    response = client.get("/p/fars-rounds/A/?q=T1")
    assert response.status_code == 302
    assert response["Location"] == "/p/fars-rounds/A/teams/round/?q=T1"


def test_individual_sections_have_no_team_pages(organiser: User) -> None:
    event = services.create_event(
        rules.EventSpec(
            name="Solo", sections=[rules.SectionSpec(key="open", name="Open", total_rounds=3)]
        ),
        organiser,
        slug="solo",
    )
    assert event.sections.count() == 1
    client = Client()
    assert client.get("/p/solo/open/teams/round/").status_code == 404
    assert client.get("/p/solo/open/teams/1/").status_code == 404
    assert client.get("/print/solo/open/team-pairings/").status_code == 404


def test_team_page_roster_in_board_order_and_matches(played: tuple) -> None:
    _section, first_match, _second_match = played
    a, b = first_match.first.number, first_match.second.number
    client = Client()
    html = client.get(f"/p/fars-rounds/A/teams/{a}/").content.decode()
    roster_html = html[
        html.index('id="roster"') : html.index("</table>", html.index('id="roster"'))
    ]
    names = re.findall(rf"T{a} P(\d)", roster_html)
    assert names == ["1", "2", "3", "4", "5", "6"]
    assert roster_html.count("reserve") >= 2  # places 5 and 6
    # Scores as played: place 1 won (1/1), place 2 rested (0/0), place 3 drew (½/1), place 4
    # lost (0/1), the reserve on board 4 won by forfeit (1/1; forfeits count in Fars).
    scores = re.findall(r'<td class="num">([^<]*) / ([^<]*)</td>', roster_html)
    assert scores == [
        (fa("1"), fa("1")),
        (fa("0"), fa("0")),
        ("½", fa("1")),
        (fa("0"), fa("1")),
        (fa("1"), fa("1")),
        (fa("0"), fa("0")),
    ]
    matches = plain(html[html.index('id="team-matches"') :])
    assert f"Team {b}" in matches and f"{fa('2')}½ – {fa('1')}½" in matches
    # From the second team's side of table 1: Black on board 1, the score mirrored.
    other = client.get(f"/p/fars-rounds/A/teams/{b}/").content.decode()
    assert f"{fa('1')}½ – {fa('2')}½" in plain(other) and "سیاه" in plain(other)
    assert client.get("/p/fars-rounds/A/teams/99/").status_code == 404
    assert "MEM" not in html and "9917" not in html


def test_event_and_section_pages_link_the_team_rounds(played: tuple) -> None:
    client = Client()
    home = client.get("/p/fars-rounds/").content.decode()
    assert "/p/fars-rounds/A/teams/round/" in home
    standings = client.get("/p/fars-rounds/A/teams/").content.decode()
    assert "/p/fars-rounds/A/teams/round/" in standings
    _section, first_match, _second = played
    assert f"/p/fars-rounds/A/teams/{first_match.first.number}/" in standings


def test_line_ups_stay_secret_until_they_are_due(organiser: User) -> None:
    """Before the deadline (30 minutes before the start in Fars) a captain could read the
    other side's line-up: the page shows matches and colours only, and is not cached."""
    section = build_league(organiser, slug="fars-secret")
    starts = timezone.now() + datetime.timedelta(hours=2)
    team_matches.pair_next_round(section, organiser, starts_at=starts)
    client = Client()
    html = client.get("/p/fars-secret/A/teams/round/1/").content.decode()
    assert 'id="lineups-later"' in html and "T1 P1" not in html and 'id="seats"' not in html
    page = team_pages.team_round_page(section, 1, now=starts - datetime.timedelta(minutes=29))
    assert page is not None and page.lineups_public
    assert [seat.player.name for seat in page.seats if seat.board == 1 and seat.table == 1]
    round_row = team_models.TeamRound.objects.get(section=section, number=1)
    round_row.starts_at = timezone.now() + datetime.timedelta(minutes=20)  # deadline passed
    round_row.save()  # (no audit line: the page must not have been cached)
    html = client.get("/p/fars-secret/A/teams/round/1/").content.decode()
    assert 'id="lineups-later"' not in html and "T1 P1" in html


def test_xiangqi_team_round_shows_red_and_black_and_the_bye(organiser: User) -> None:
    """A xiangqi team section without regulations (three boards, three teams): the
    first-named team has Red on boards 1 and 3, Black on board 2; the third team has the bye."""
    event = services.create_event(
        rules.EventSpec(
            name="Border Xiangqi",
            game="xiangqi",
            sections=[
                rules.SectionSpec(
                    key="t",
                    name="Teams",
                    total_rounds=3,
                    system_code="FIDE_TEAM",
                    settings={"team": {"boards": 3}},
                )
            ],
        ),
        organiser,
        slug="xq-teams",
    )
    event.roles.create(user=organiser, role="arbiter")
    section = event.sections.get()
    for number in range(1, 4):
        entries = [
            services.add_entry(
                section,
                services.EntryData(name=f"X{number} P{board}", rating=1800 - 10 * number),
                organiser,
            )
            for board in range(1, 4)
        ]
        team_rosters.create_team(section, f"Xteam {number}", entries, organiser)
    team_matches.pair_next_round(section, organiser)
    match = team_models.TeamMatch.objects.get(round__section=section)
    html = Client().get("/p/xq-teams/t/teams/round/1/").content.decode()
    assert 'dir="ltr"' in html and 'class="xiangqi"' in html
    board_1, board_2 = row(html, "match-1-board-1"), row(html, "match-1-board-2")
    first, second = match.first.number, match.second.number
    assert board_1.index('title="Red"') < board_1.index(f"X{first} P1")
    assert board_1.index(f"X{first} P1") < board_1.index('title="Black"')
    assert board_1.index('title="Black"') < board_1.index(f"X{second} P1")
    assert board_2.index('title="Black"') < board_2.index(f"X{first} P2")
    assert board_2.index('title="Red"') < board_2.index(f"X{second} P2")
    assert "The first-named team has Red on odd boards." in html
    bye = ({1, 2, 3} - {first, second}).pop()
    assert f"Xteam {bye}</a>" in html[html.index('id="team-bye"') :]
    # The bye team's players are listed, with no board.
    assert re.search(rf'<tr class="resting"><td>X{bye} P1<', html)
    team_html = Client().get(f"/p/xq-teams/t/teams/{bye}/").content.decode()
    assert "Bye" in plain(team_html[team_html.index('id="team-matches"') :])


def test_before_round_one_the_teams_are_listed(organiser: User) -> None:
    build_league(organiser, slug="fars-early")
    client = Client()
    html = client.get("/p/fars-early/A/teams/round/").content.decode()
    listed = html[html.index('id="team-list"') :]
    assert [f"Team {n}" for n in range(1, 5)] == re.findall(r"Team \d", listed)[:4]
    assert client.get("/p/fars-early/A/teams/round/1/").status_code == 404
    team = client.get("/p/fars-early/A/teams/2/").content.decode()
    assert re.findall(r"T2 P(\d)", team) == ["1", "2", "3", "4", "5", "6"]
    home = client.get("/p/fars-early/").content.decode()
    assert "/p/fars-early/A/teams/round/" in home and "/p/fars-early/A/teams/" in home


def test_a_board_result_shows_on_the_very_next_request(organiser: User) -> None:
    section = build_league(organiser, slug="fars-fresh")
    team_matches.pair_next_round(section, organiser)
    client = Client()
    before = client.get("/p/fars-fresh/A/teams/round/1/").content.decode()
    assert "½–½" not in row(before, "match-1-board-3")
    match = team_models.TeamMatch.objects.get(round__section=section, number=1)
    team_matches.enter_board_result(match, 3, "1/2", organiser)
    after = client.get("/p/fars-fresh/A/teams/round/1/").content.decode()
    assert "½–½" in plain(row(after, "match-1-board-3"))
    assert "½ – ½" in plain(client.get("/print/fars-fresh/A/team-pairings/").content.decode())
