"""Messages at the top of a back-office page (Django's messages framework, composed by the
services and views) are written in the page's digits, as the rest of the page: Persian
digits while the page is in Persian, every digit of the message (board numbers, results,
names), a point between digits as ٫ and a full stop kept; unchanged in English.

One mechanism: ``base.html`` renders each message through ``public_tags``' ``digits``
filter. Two messages: the individual round page's "Board 2: result 1-0 cleared · …" and the
Fars league line-up refusal "Board 2: Player 1.1 (roster place 1) may not play below …".
"""

from __future__ import annotations

import datetime
import html
import re
from collections.abc import Callable

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from crosstable_web.events import models as event_models
from crosstable_web.events import rounds, services
from crosstable_web.events.rounds import rule_warnings
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches


def _client(user: User, language: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _shown_messages(page: str) -> list[str]:
    block = re.search(r'<ul class="messages">(.*?)</ul>', page, re.S)
    assert block, "no messages on the page"
    return [html.unescape(text) for text in re.findall(r"<li[^>]*>(.*?)</li>", block.group(1))]


def _cleared_result_message(
    event: event_models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[event_models.Entry]],
    language: str,
) -> list[str]:
    section = event.sections.get(key="open")
    make_players(section, 4, organiser)
    services.assign_pairing_numbers(section, arbiter)
    rounds.pair_next_round(section, arbiter)  # neighbours: 1-2, 3-4
    client = _client(arbiter, language)
    url = reverse("events:round_result", args=[event.slug, "open", 1])
    client.post(url, {"entry": "2 1"}, follow=True)  # its message shown and gone
    question = client.post(url, {"entry": "2 x"}).content.decode()  # replacing asks first
    token = question.split(f'name="{rule_warnings.TOKEN_FIELD}" value="')[1].split('"')[0]
    data = {"entry": "2 x", rule_warnings.TOKEN_FIELD: token}
    return _shown_messages(client.post(url, data, follow=True).content.decode())


def test_a_cleared_result_in_persian_digits(
    event: event_models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[event_models.Entry]],
    simple_pairing: object,
) -> None:
    shown = _cleared_result_message(event, organiser, arbiter, make_players, "fa")
    # 1-0 read right to left (public.right_to_left): a right-to-left mark each side of "-".
    assert shown == ["میز ۲: نتیجهٔ ۱\u200f-\u200f۰ پاک شد · Player ۰۳ – Player ۰۴"]


def test_a_cleared_result_in_english_is_unchanged(
    event: event_models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[event_models.Entry]],
    simple_pairing: object,
) -> None:
    shown = _cleared_result_message(event, organiser, arbiter, make_players, "en")
    assert shown == ["Board 2: result 1-0 cleared · Player 03 – Player 04"]


def _refused_lineup(
    league: event_models.Section, arbiter: User, captain: User, language: str
) -> str:
    team_matches.pair_next_round(league, arbiter, timezone.now() + datetime.timedelta(hours=2))
    team = models.Team.objects.get(section=league, number=1)
    roster = [member.entry_id for member in team.members.all()]
    # Roster places 2, 1, 3, 4 on boards 1-4: place 1 below place 2 (board 2).
    response = _client(captain, language).post(
        f"/e/{league.event.slug}/s/A/teams/{team.pk}/lineup/1/",
        {"board_1": roster[1], "board_2": roster[0], "board_3": roster[2], "board_4": roster[3]},
        follow=True,
    )
    (shown,) = _shown_messages(response.content.decode())
    return shown


def test_a_lineup_refusal_in_persian_digits(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    shown = _refused_lineup(league, arbiter, captain, "fa")
    assert shown.startswith("میز ۲: Player ۱٫۱ (ردیف ۱ فهرست)"), shown
    assert "Player ۱٫۲" in shown and "(ردیف ۲ فهرست)" in shown
    assert not re.search("[0-9]", shown), shown
    assert shown.endswith(".") and not shown.endswith("٫"), shown  # a full stop stays one


def test_a_lineup_refusal_in_english_is_unchanged(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    assert _refused_lineup(league, arbiter, captain, "en") == (
        "Board 2: Player 1.1 (roster place 1) may not play below Player 1.2 (roster place 2)"
        " on board 1; the line-up must keep the roster order."
    )
