"""Standings as the regulations say: tie-breaks, team ranking by sum of places and its prizes
(Huayuan xiangqi example), the points of xiangqi (win 2, draw 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import rounds, services
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.mark.django_db
def test_huayuan_unit_ranking_and_team_prizes(simple_pairing: object) -> None:
    arbiter = User.objects.create_user("arbiter", is_superuser=True)
    spec = rules.load_event_spec(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    event = services.create_event(spec, arbiter, slug="huayuan")
    section = event.sections.get()
    for index in range(12):
        unit = "花垣" if index % 2 == 0 else "吉首"
        services.add_entry(
            section,
            services.EntryData(
                name=f"棋手{index}",
                sex="M",
                unit=unit,
                native_unit=unit,
                rating=2000 - index,
            ),
            arbiter,
        )
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    for board in round_one.boards.all():
        rounds.enter_result(round_one, board.number, "1", arbiter)  # Red wins everywhere

    results = standings.section_results(section)
    tournament = results.tournament
    assert {tournament.points(p) for p in tournament} == {0, 2}  # xiangqi: a win is 2
    places = {row.number: row.rank for row in results.main.rows}
    assert results.unit_ranking is not None
    by_unit = {unit.unit: unit for unit in results.unit_ranking.units}
    for unit_name, unit in by_unit.items():
        members = [p.pairing_number for p in tournament if p.club == unit_name]
        assert unit.total == sum(places[number] for number in members)
    winner = min(by_unit.values(), key=lambda unit: unit.total)
    team_prizes = [table for table in results.prize_tables if table.rankings == "team"]
    assert team_prizes
    first = [a for a in team_prizes[0].prizes.awards if a.first_place == 1]
    assert [team_prizes[0].names[a.pairing_number] for a in first] == [winner.unit]
    assert first[0].amount == 6000
