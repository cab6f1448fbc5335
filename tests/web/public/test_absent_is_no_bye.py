"""Issue 26.11: a player absent from a round (a zero-point bye, TRF ``Z``) is listed as absent,
not under the round's byes (轮空), on the public round page and the printed pairings, read in
Chinese. Five players, Player 05 announced absent for round 1: four play, nobody has a bye."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds
from crosstable_web.events.rounds import absences

pytestmark = pytest.mark.django_db


def test_an_absent_player_is_not_listed_as_a_bye(
    event: models.Event,
    organiser: User,
    arbiter: User,
    simple_pairing: object,
    make_players: Callable[..., list[models.Entry]],
) -> None:
    section = event.sections.get(key="open")
    players = make_players(section, 5, organiser)
    from crosstable_web.events import services

    services.assign_pairing_numbers(section, arbiter, "rating")
    absent = next(p for p in section.entries.all() if p.name == players[4].name)
    absences.request_bye(absent, 1, "Z", arbiter)
    rounds.pair_next_round(section, arbiter)

    client = Client()
    client.cookies["django_language"] = "zh-hans"
    page = client.get(f"/p/{event.slug}/{section.key}/round/1/").content.decode()
    assert 'id="byes"' not in page and "<h2>轮空</h2>" not in page
    listed = page.split('<ul id="absent">')[1].split("</ul>")[0]
    assert "<h2>缺席</h2>" in page and absent.name in listed
    staff = Client()
    staff.force_login(arbiter)
    staff.cookies["django_language"] = "zh-hans"
    printed = staff.get(f"/print/{event.slug}/{section.key}/pairings/", {"round": 1}).content
    text = printed.decode()
    assert "轮空：" not in text and f"缺席：<bdi>{absent.name}</bdi>" in text.replace(": ", "：")
