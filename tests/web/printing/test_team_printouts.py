"""Team printouts: a team round's match pairings with their boards and the team standings, as
A4 pages (and as PDF through chromium), on the Fars league after one round played."""

from __future__ import annotations

import io
import re
import shutil
import unicodedata

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.teams import models as team_models
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches
from web.public.team_league import build_league, roster


@pytest.fixture
def league(organiser: User) -> event_models.Section:
    """Round 1 played: on table 1 the first-named team's board 3 is empty (line-up of three)
    and every other board is won by the first-named team; on table 2 every board is drawn."""
    section = build_league(organiser, slug="fars-print")
    team_matches.pair_next_round(section, organiser)
    first_match, second_match = team_models.TeamMatch.objects.filter(
        round__section=section, round__number=1
    ).order_by("number")
    players = roster(section, first_match.first.number)
    team_lineups.submit_lineup(
        first_match.first, 1, [players[0], players[1], players[2], None], organiser
    )
    for board in (1, 2, 3):
        team_matches.enter_board_result(first_match, board, "1-0", organiser)
    for board in (1, 2, 3, 4):
        team_matches.enter_board_result(second_match, board, "1/2", organiser)
    return section


def test_team_pairings_printout(league: event_models.Section) -> None:
    first_match = team_models.TeamMatch.objects.get(round__section=league, number=1)
    response = Client().get("/print/fars-print/A/team-pairings/?lang=en")
    assert response.status_code == 200
    html = response.content.decode()
    assert "size: A4" in html and 'dir="ltr"' in html
    table_1 = html[html.index('id="match-1"') : html.index('id="match-2"')]
    # Three won boards and an empty board 4 lost by forfeit: 3–1, match points 2–0.
    heading = re.sub(
        r"<[^>]+>|&nbsp;", " ", table_1[table_1.index("<h3>") : table_1.index("</h3>")]
    )
    assert re.sub(r"\s+", " ", heading).strip() == (
        f"Table 1: Team {first_match.first.number} – Team {first_match.second.number} "
        "3 – 1 (Match points 2 – 0)"
    )
    assert "(empty board)" in table_1 and "forfeit" in table_1
    assert table_1.index("chip w") < table_1.index("chip b")  # board 1: first team White
    table_2 = html[html.index('id="match-2"') :]
    assert "2 – 2" in table_2 and table_2.count("½ – ½") == 4
    assert "MEM" not in html and "1990-01" not in html and "9917" not in html
    assert Client().get("/print/fars-print/A/team-pairings/?round=1&lang=fa").status_code == 200
    assert Client().get("/print/fars-print/A/team-pairings/?round=5").status_code == 404


def test_team_standings_printout(league: event_models.Section) -> None:
    first_match = team_models.TeamMatch.objects.get(round__section=league, number=1)
    html = Client().get("/print/fars-print/A/team-standings/?lang=en").content.decode()
    assert "size: A4" in html and 'id="team-standings"' in html
    rows = re.findall(r"<tr><td class=\"num\">([^<]*)</td><td class=\"num\">(\d+)</td>", html)
    # The winner of table 1 (2 MP) first; the two drawn teams share 1 MP; the loser last.
    assert rows[0] == ("1", str(first_match.first.number))
    assert rows[-1] == ("4", str(first_match.second.number))
    persian = Client().get("/print/fars-print/A/team-standings/").content.decode()
    assert 'dir="rtl"' in persian and "۱" in persian  # the league's own language


def test_team_printouts_are_linked_from_the_section_page(
    league: event_models.Section, organiser: User
) -> None:
    client = Client()
    client.force_login(organiser)
    html = client.get("/e/fars-print/s/A/").content.decode()
    assert "/print/fars-print/A/team-pairings/" in html
    assert "/print/fars-print/A/team-standings/" in html


@pytest.mark.browser
def test_team_pairings_as_pdf(league: event_models.Section) -> None:
    if not shutil.which("chromium"):
        pytest.skip("chromium is not installed (scripts/bootstrap installs it as root)")
    pypdf = pytest.importorskip("pypdf")
    response = Client().get("/print/fars-print/A/team-pairings/?format=pdf&lang=en")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(response.content))
    text = unicodedata.normalize("NFKC", "".join(page.extract_text() for page in reader.pages))
    assert "T1 P1" in text and "Table 1" in text


@pytest.mark.parametrize("kind", ["team-ranking", "team-standings", "standings", "prizes"])
def test_every_printout_address_of_a_team_section_answers(
    league: event_models.Section, kind: str
) -> None:
    """Issue 31 item 5: ``/print/<event>/<team section>/team-ranking/`` answered 500
    (``KeyError: 'team-ranking'``). A team section's team ranking is its team standings;
    each printout address a team section may be asked for answers a page, in Persian too."""
    for language in ("en", "fa"):
        response = Client(raise_request_exception=False).get(
            f"/print/fars-print/A/{kind}/?lang={language}"
        )
        assert response.status_code == 200, (kind, language)
    html = Client().get("/print/fars-print/A/team-ranking/?lang=en").content.decode()
    assert 'id="team-standings"' in html
