"""The arbiter's round page writes under each name what is known of the player — rating,
school, colours so far — with a "·" between two of them only: an unrated player's line
began "· 福田小学" (a separator after nothing), read here in Chinese as the Futian arbiter
reads it."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds, services


def test_an_unrated_players_facts_begin_with_the_school(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    simple_pairing: object,
) -> None:
    section = event.sections.get(key="open")
    players = make_players(section, 4, organiser)
    models.Entry.objects.filter(pk=players[3].pk).update(rating=0, unit="福田小学")
    services.assign_pairing_numbers(section, arbiter)
    rounds.pair_next_round(section, arbiter)
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "zh-hans"
    html = client.get(f"/e/{event.slug}/s/open/r/1/").content.decode()
    facts = [
        re.sub(r"<[^>]+>", "", found).strip()
        for found in re.findall(r'<small class="facts">(.*?)</small>', html, re.DOTALL)
    ]
    assert "福田小学" in facts, facts
    assert "1990 · School 1" in facts, facts
    assert not [line for line in facts if line.startswith("·")], facts
