"""A parent's saved link to a team's public page still shows that team after round 1 numbers
the teams by strength (issue 26.14 kept the back office's addresses; this keeps the public
one), read in Persian as the Fars league's parents read it.

Four teams of six, entered in this order, so numbered 1 شیراز, 2 تهران, 3 پارس, 4 یزد until
round 1 is paired (averages of the four best, worked by hand: 1500, 1600, 1600, 1400). At
round 1 the numbers follow the averages, equal ones in the Persian alphabet's order (پ before
ت): 1 پارس, 2 تهران, 3 شیراز, 4 یزد. Before this change the page of شیراز, saved from the
team list as ``teams/team/1/`` before round 1, showed پارس after it.
"""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import rosters as team_rosters

from .team_addresses import TEAMS, enter_the_teams


def _team_links(html: str) -> dict[str, str]:
    """Each team named in the page's team list → the address its name links to."""
    listed = html[
        html.index('id="team-list"') : html.index("</table>", html.index('id="team-list"'))
    ]
    return {name: href for href, name in re.findall(r'<a href="([^"]+)">([^<]+)</a>', listed)}


def _heading(html: str) -> str:
    return re.search(r"<h1[^>]*>(.*?)</h1>", html, re.DOTALL)[1].strip()  # type: ignore[index]


def test_a_team_page_saved_before_round_one_shows_the_same_team_after_it(
    league: event_models.Section, organiser: User, arbiter: User
) -> None:
    section = league
    enter_the_teams(section, organiser)
    parent = Client()
    parent.cookies["django_language"] = "fa"
    base = f"/p/{section.event.slug}/{section.key}"

    before = parent.get(f"{base}/teams/round/").content.decode()
    assert "هنوز قرعه‌کشی نشده است." in before
    saved = _team_links(before)
    assert set(saved) == set(TEAMS)
    page = parent.get(saved["شیراز"])
    assert page.status_code == 200 and _heading(page.content.decode()) == "شیراز"

    team_matches.pair_next_round(section, arbiter)
    assert dict(section.teams.values_list("name", "number")) == {
        "پارس": 1, "تهران": 2, "شیراز": 3, "یزد": 4,
    }  # fmt: skip

    # every saved link opens the team it was saved for
    for name, address in saved.items():
        page = parent.get(address)
        assert page.status_code == 200, (name, address)
        assert _heading(page.content.decode()) == name, (name, address)
        # and the links to it after round 1 are the same address
        standings = parent.get(f"{base}/teams/").content.decode()
        assert f'href="{address}">{name}</a>' in standings, (name, address)

    # the event home's search finds a player and links their team's page: the same address
    found = parent.get(f"/p/{section.event.slug}/", {"q": "شیراز 2"}).content.decode()
    assert f'href="{saved["شیراز"]}"' in found

    # An address of the old shape (by the number now) leads to the team with that number now.
    old = parent.get(f"{base}/teams/team/3/")
    assert old.status_code == 302
    assert _heading(parent.get(old["Location"]).content.decode()) == "شیراز"
    assert parent.get(f"{base}/teams/team/9/").status_code == 404
    assert parent.get(f"{base}/teams/9/").status_code == 404


def test_a_team_entered_after_an_old_file_takes_an_address_of_its_own(
    league: event_models.Section, organiser: User
) -> None:
    """Teams of a file written before entry numbers are addressed by their numbers; a team
    entered later must not take one of those addresses."""
    section = league
    models.Team.objects.filter(section=section).update(entry_number=None)
    numbers = set(section.teams.values_list("number", flat=True))
    entries = [
        services.add_entry(
            section,
            EntryData(name=f"لار {board}", sex="m", rating=1500, member_id=f"L{board}"),
            organiser,
        )
        for board in range(1, 7)
    ]
    late = team_rosters.create_team(section, "لار", entries, organiser)
    assert late.entry_number not in numbers
    for team in section.teams.exclude(pk=late.pk):
        assert team.entry_number == team.number
