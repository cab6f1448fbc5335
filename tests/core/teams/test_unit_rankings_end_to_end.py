"""The Huayuan (Hunan) and Futian (Shenzhen) team rankings end to end from their example
files (issue 6.5, 6.9): an individual xiangqi Swiss is paired by the section's engine with
seeded results, ranked on the section's tie-breaks, and the units are ranked by the sum of
their counted members' places; the unit totals are recomputed here from the standings."""

from __future__ import annotations

from pathlib import Path

from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.pairing.registry import pair_function
from crosstable.prizes import IndividualPlace, allocate_prizes, rank_units_by_places
from crosstable.regulations import SectionRules, load_regulations
from crosstable.standings import StandingsRules, compute_standings

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def _places(section: SectionRules, players: int, seed: int) -> dict[int, int]:
    assert section.rounds is not None
    tournament = generate_tournament(
        GeneratorConfig(players=players, rounds=section.rounds, scoring=section.scoring),
        seed,
        pair_function(section.pairing.system),
        system_code=section.pairing.system,
    )
    rules = StandingsRules.from_text(list(section.tiebreaks) or ["BH"])
    standings = compute_standings(tournament, rules, None)
    return {row.number: row.rank for row in standings.rows}


def test_huayuan_six_best_places_per_unit() -> None:
    section = load_regulations(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml").sections[0]
    assert section.team_ranking is not None
    places = _places(section, 42, seed=2019)
    unit_of = {number: f"County {number % 7}" for number in places}  # 7 units of 6
    individuals = [
        IndividualPlace(place, number, unit_of[number], "county", "M")
        for number, place in places.items()
    ]
    ranking = rank_units_by_places(section.team_ranking, individuals)
    assert len(ranking.units) == 7 and ranking.incomplete == ()
    for unit in ranking.units:
        members = sorted(places[n] for n in places if unit_of[n] == unit.unit)
        assert unit.total == sum(members[:6])
    keys = [(u.total, u.best_place) for u in ranking.units]
    assert keys == sorted(keys)
    team_prizes = next(p for p in section.prizes if p.rankings == ("team",))
    numbers = {unit.unit: index for index, unit in enumerate(ranking.units, start=1)}
    awards = allocate_prizes(team_prizes, ranking.as_ranking(numbers)).awards
    assert [a.pairing_number for a in awards if a.prize == "place"] == list(
        range(1, len([a for a in awards if a.prize == "place"]) + 1)
    )


def test_futian_best_two_boys_and_one_girl_schools_only() -> None:
    section = load_regulations(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml").section("xq-CA")
    assert section.team_ranking is not None
    places = _places(section, 30, seed=2009)
    unit_of = {number: f"Unit {number % 5}" for number in places}
    kind_of = {unit: "club" if unit == "Unit 0" else "school" for unit in unit_of.values()}
    sex_of = {number: "F" if number % 3 == 0 else "M" for number in places}
    individuals = [
        IndividualPlace(place, number, unit_of[number], kind_of[unit_of[number]], sex_of[number])
        for number, place in places.items()
    ]
    ranking = rank_units_by_places(section.team_ranking, individuals)
    assert "Unit 0" not in {u.unit for u in ranking.units} | set(ranking.incomplete)
    for unit in ranking.units:
        boys = sorted(places[n] for n in places if unit_of[n] == unit.unit and sex_of[n] == "M")
        girls = sorted(places[n] for n in places if unit_of[n] == unit.unit and sex_of[n] == "F")
        assert unit.total == sum(boys[:2]) + girls[0]
        assert sorted(m.place for m in unit.counted) == sorted(boys[:2] + girls[:1])
    assert [u.total for u in ranking.units] == sorted(u.total for u in ranking.units)
