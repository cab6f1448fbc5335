"""The demo's teams are named as a Fars organiser names them (scripts/demo is the first thing
a new user sees): a county with one team by the county, with two as "جهرم 1", "جهرم 2", and a
team of players left over from several counties "تیم مختلط 1" in the event's language —
they were "داراب 3" (a number counted over every team) and "A-4" (the section's key)."""

from __future__ import annotations

from django.contrib.auth.models import User

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.services import EntryData
from crosstable_web.teams import demo, models


def test_the_demo_names_its_teams_as_an_organiser_would(
    league: event_models.Section, organiser: User, captain: User
) -> None:
    section = league
    models.Team.objects.filter(section=section).delete()
    section.entries.all().delete()
    counties = {"جهرم": 12, "داراب": 6, "لار": 3, "فسا": 3}
    for county, count in counties.items():
        for index in range(count):
            services.add_entry(
                section,
                EntryData(
                    name=f"{county} {index}",
                    sex="m",
                    rating=1500 + index,
                    unit=county,
                    member_id=f"{county}{index}",
                ),
                organiser,
            )
    demo.form_teams(section, organiser, captain)
    names = sorted(section.teams.values_list("name", flat=True))
    assert names == sorted(["جهرم 1", "جهرم 2", "داراب", "تیم مختلط 1"])
