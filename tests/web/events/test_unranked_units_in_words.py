"""The counties left out of Huayuan's team ranking (fewer members than the six counted, 五(五)
of the regulation) are listed as a Chinese reader lists words: 吉首、保靖, not "吉首, 保靖"
with a Latin comma, on the standings page and the team ranking printout.

Four players after one round (paired neighbour to neighbour, results 1-0 and 1-0): two of
花垣, one of 吉首, one of 保靖: no county has six, all three are listed, in the ranking's order.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules

EXAMPLE = (
    Path(__file__).resolve().parents[3] / "examples" / "huayuan-xiangqi-invitational-2019.toml"
)


def _unranked(html: str) -> str:
    found = re.search(r"未排名（计分人数不足）：\s*([^<]*)</p>", html)
    assert found is not None, html[-3000:]
    return found[1].strip()


def test_the_unranked_counties_are_a_chinese_list(
    organiser: User, arbiter: User, simple_pairing: object
) -> None:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get()
    for index, county in enumerate(("花垣", "花垣", "吉首", "保靖"), start=1):
        services.add_entry(
            section,
            services.EntryData(
                name=f"棋手{index}", sex="m", rating=0, unit=county, native_unit=county
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_one, 1, "1", arbiter)
    rounds.enter_result(round_one, 2, "1", arbiter)
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "zh-hans"
    page = client.get(f"/e/{event.slug}/s/{section.key}/standings/").content.decode()
    printed = client.get(f"/print/{event.slug}/{section.key}/team-ranking/").content.decode()
    for html in (page, printed):
        listed = _unranked(html)
        assert "," not in listed, listed
        assert sorted(listed.split("、")) == sorted(["花垣", "吉首", "保靖"]), listed
