"""The teams' pairing numbers come from their strength, not the order they were entered (issue 11:
"teams seeded by creation order instead of rating").

C.04.6 leaves the teams' initial order to the competition's rules; the Fars regulation names
none, so we read it as the FIDE Olympiad does (D.02): the average rating of each team's four
highest-rated players, an unrated player counting as 1000 as the regulation counts them in a
team's average rating (6.1: "ریتینگ بازیکنان بدون ریتینگ … برابر ۱۰۰۰ منظور می‌شود").

Four teams of table A, entered in this order, worked by hand:
  Abadeh  1450 × 6                               -> (4 × 1450) / 4          = 1450
  Jahrom  2000, 1900 and four unrated            -> (2000 + 1900 + 1000 + 1000) / 4 = 1475
  Lar     1800, 1800, 1700, 1700, 1500, 1500     -> (1800 + 1800 + 1700 + 1700) / 4 = 1750
  Fasa    1700 × 5 and a reserve of 2100         -> (2100 + 1700 + 1700 + 1700) / 4 = 1800
Starting order: 1 Fasa, 2 Lar, 3 Jahrom, 4 Abadeh (unrated as 0, Jahrom's 975 would put it
last). Round 1 (C.04.6: top half against bottom half): Fasa–Jahrom and Lar–Abadeh (before:
numbered as entered, Abadeh–Lar and Jahrom–Fasa).
"""

from __future__ import annotations

from fractions import Fraction

from django.contrib.auth.models import User

from crosstable.teams.seeding import TeamSeed, seeding_order, team_strength
from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import rosters as team_rosters

TEAMS = {
    "Abadeh": [1450] * 6,
    "Jahrom": [2000, 1900, 0, 0, 0, 0],
    "Lar": [1800, 1800, 1700, 1700, 1500, 1500],
    "Fasa": [1700] * 5 + [2100],
}


def test_team_strength_is_the_average_of_the_four_best() -> None:
    assert team_strength(TEAMS["Fasa"], 4, 1000) == 1800
    assert team_strength(TEAMS["Jahrom"], 4, 1000) == 1475
    assert team_strength(TEAMS["Jahrom"], 4) == Fraction(3900, 4)
    seeds = [TeamSeed(n, name, tuple(r)) for n, (name, r) in enumerate(TEAMS.items(), start=1)]
    assert seeding_order(seeds, 4, 1000) == [4, 3, 2, 1]
    assert seeding_order(seeds, 4, 0) == [4, 3, 1, 2]
    # Equal averages: by name.
    twins = [TeamSeed(1, "Shiraz", (1500,) * 4), TeamSeed(2, "Kazerun", (1500,) * 4)]
    assert seeding_order(twins, 4) == [2, 1]


def test_round_one_numbers_the_teams_by_rating(
    league: event_models.Section, organiser: User, arbiter: User
) -> None:
    section = league.event.sections.get(key="A")
    models.Team.objects.filter(section=section).delete()
    section.entries.all().delete()
    for team_name, ratings in TEAMS.items():
        entries = [
            services.add_entry(
                section,
                EntryData(
                    name=f"{team_name} {board}",
                    sex="m",
                    rating=rating,
                    member_id=f"{team_name[:2]}{board}",
                ),
                organiser,
            )
            for board, rating in enumerate(ratings, start=1)
        ]
        team_rosters.create_team(section, team_name, entries, organiser)
    assert list(section.teams.order_by("number").values_list("name", flat=True)) == list(TEAMS)

    round_one = team_matches.pair_next_round(section, arbiter)
    numbers = dict(section.teams.values_list("name", "number"))
    assert numbers == {"Fasa": 1, "Lar": 2, "Jahrom": 3, "Abadeh": 4}
    matches = {
        frozenset((match.first.name, match.second.name))
        for match in round_one.matches.select_related("first", "second")
    }
    assert matches == {frozenset(("Fasa", "Jahrom")), frozenset(("Lar", "Abadeh"))}
    log = event_models.AuditLog.objects.get(action="team.numbers")
    assert log.old == {"Abadeh": 1, "Jahrom": 2, "Lar": 3, "Fasa": 4}
    assert log.new["numbers"] == numbers
    assert log.new["average_ratings"] == {
        "Fasa": "1800",
        "Lar": "1750",
        "Jahrom": "1475",
        "Abadeh": "1450",
    }
    # Round 2 renumbers nothing.
    for match in round_one.matches.all():
        for board in range(1, 5):
            team_matches.enter_board_result(match, board, "1/2", arbiter)
    team_matches.pair_next_round(section, arbiter)
    assert dict(section.teams.values_list("name", "number")) == numbers
    assert event_models.AuditLog.objects.filter(action="team.numbers").count() == 1
