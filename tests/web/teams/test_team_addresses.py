"""A team's pages keep their address when round 1 numbers the teams by rating, and teams
of equal strength are numbered in the Persian alphabet's order (issue 26.14), read by the
Fars league's organiser in Persian.

Four teams of six players, entered in this order (ratings worked by hand: the average of
the four best, Fars counting no unrated player here):
  شیراز  1500 × 4  -> 1500        تهران  1600 × 4 -> 1600
  پارس   1600 × 4  -> 1600        یزد    1400 × 4 -> 1400
Starting order: پارس and تهران (1600; پ comes before ت in the Persian alphabet, after it by
code point: U+067E > U+062A), then شیراز, then یزد: 1 پارس, 2 تهران, 3 شیراز, 4 یزد.
"""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.teams.services import matches as team_matches

from .team_addresses import TEAMS, enter_the_teams


def _fee_links(page: str) -> dict[str, str]:
    """Each team's name in the team list → the address of its fee page."""
    body = page.split('id="teams"')[1].split("</table>")[0]
    return {
        re.findall(r"<td>(.*?)</td>", row)[0]: re.search(r'href="([^"]+/fee/)"', row)[1]
        for row in body.split("</tr>")[:-1]
        if "/fee/" in row
    }


def test_fee_addresses_stay_with_their_team_and_equal_teams_follow_the_alphabet(
    league: event_models.Section, organiser: User, arbiter: User
) -> None:
    section = league
    enter_the_teams(section, organiser)
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "fa"
    teams_page = f"/e/{section.event.slug}/s/{section.key}/teams/"
    before = _fee_links(client.get(teams_page).content.decode())
    assert set(before) == set(TEAMS)

    team_matches.pair_next_round(section, arbiter)
    numbers = dict(section.teams.values_list("name", "number"))
    assert numbers == {"پارس": 1, "تهران": 2, "شیراز": 3, "یزد": 4}
    after = _fee_links(client.get(teams_page).content.decode())
    assert after == before  # the addresses did not move with the numbers
    for name, address in before.items():
        page = client.get(address).content.decode()
        assert f"<h1>{name}" in page or f"— {name}" in page or f">{name}<" in page, name
        assert all(other not in page.split("<main")[1][:600] for other in TEAMS if other != name)
