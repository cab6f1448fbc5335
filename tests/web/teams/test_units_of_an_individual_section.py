"""Huayuan (seed 003): counties enter teams of six, but the section is an individual xiangqi
Swiss whose counties are ranked by the sum of their members' places (五(五)), tie broken by
the best place. The team pages meant for sections paired by team must not treat it as one:
the arbiter's "Team standings" link leads to the counties' ranking and "TRF-2026 export" to
the section's own file (both answered 500 before: the team standings read "best_place" as a
match tie-break)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules
from crosstable_web.teams.services import rosters as team_rosters

pytestmark = pytest.mark.django_db

EXAMPLE = (
    Path(__file__).resolve().parents[3] / "examples" / "huayuan-xiangqi-invitational-2019.toml"
)
COUNTIES = ("吉首", "花垣")


def _event_with_two_county_teams() -> tuple[models.Event, User]:
    arbiter = User.objects.create_user("arbiter", is_superuser=True)
    event = services.create_event(rules.load_event_spec(EXAMPLE), arbiter, slug="huayuan")
    section = event.sections.get()
    for county in COUNTIES:
        members = [
            services.add_entry(
                section,
                services.EntryData(
                    name=f"{county}{board}号", sex="M", unit=county, native_unit=county
                ),
                arbiter,
            )
            for board in range(1, 7)
        ]
        team_rosters.create_team(section, county, members, arbiter, unit=county)
    services.assign_pairing_numbers(section, arbiter)
    round_row = rounds.pair_next_round(section, arbiter)
    for board in round_row.boards.all():
        rounds.enter_result(round_row, board.number, "1", arbiter)
    return event, arbiter


def test_team_pages_of_an_individual_section_lead_to_its_county_ranking() -> None:
    event, arbiter = _event_with_two_county_teams()
    section = event.sections.get()
    assert not section.is_team_section and section.teams.count() == 2
    client = Client(raise_request_exception=True)
    client.force_login(arbiter)
    standings = client.get(f"/e/huayuan/s/{section.key}/teams/standings/")
    assert standings.status_code == 302
    assert standings["Location"] == f"/p/huayuan/{section.key}/teams/"
    trf = client.get(f"/e/huayuan/s/{section.key}/teams/trf/")
    assert trf.status_code == 302 and trf["Location"] == f"/e/huayuan/s/{section.key}/trf/"

    # the public team page ranks the two counties by the sum of their six places: round 1
    # paired 12 players, every board won by the player on Red; whichever county's players
    # won more boards has the smaller sum; the two sums add up to 1 + 2 + ... + 12 = 78
    visitor = Client(raise_request_exception=True)
    page = visitor.get(f"/p/huayuan/{section.key}/teams/")
    assert page.status_code == 200
    ranking = page.context["ranking"]
    sums = sorted(unit.total for unit in ranking.units)
    assert len(sums) == 2 and sum(sums) == 78, sums
