"""The new-team form keeps the ratings of imported players (issue 11: "the new-team form saves
an imported player's rating as 0 when the box is left empty — 48 of 72 ratings lost in one
league").

The organiser imports six players with their FIDE ratings (CSV, the import page), then makes
them a team on the new-team form leaving every rating box empty, as one does when the list
already has the ratings. Blank means "keep" for an entered player and "unrated" for a new
one; 0 makes a player unrated. Worked by hand: the ratings stay 2010, 1950, 1890, 1720, 1650
and 0 (the sixth is unrated in the list); the Fars average for the team prize (unrated counted
as 1000): (2010 + 1950 + 1890 + 1720 + 1650 + 1000) / 6 = 10220 / 6 = 1703⅓ — not below 1700.
"""

from __future__ import annotations

from fractions import Fraction

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from crosstable.teams.board_prizes import team_entrants
from crosstable_web.events import models as event_models
from crosstable_web.events.regulations import rules
from crosstable_web.teams import bridge, models

LIST = """section,name,sex,birth_date,rating,member_id,unit
A,Reza Ahmadi,M,1990-01-01,2010,7001,Kazerun
A,Ali Karimi,M,1991-02-02,1950,7002,Kazerun
A,Sara Nouri,F,1992-03-03,1890,7003,Kazerun
A,Hamid Rezaei,M,1993-04-04,1720,7004,Kazerun
A,Mina Sadeghi,F,1994-05-05,1650,7005,Kazerun
A,Omid Jafari,M,1995-06-06,,7006,Kazerun
"""


def test_an_empty_rating_box_keeps_the_imported_rating(
    league: event_models.Section, organiser: User
) -> None:
    client = Client()
    client.force_login(organiser)
    slug = league.event.slug
    upload = SimpleUploadedFile("kazerun.csv", LIST.encode(), content_type="text/csv")
    response = client.post(f"/e/{slug}/import/", {"file": upload})
    assert response.status_code == 302, response.content.decode()[:3000]
    imported = {entry.name: entry for entry in league.entries.filter(unit="Kazerun").order_by("pk")}
    assert [e.rating for e in imported.values()] == [2010, 1950, 1890, 1720, 1650, 0]

    page = client.get(f"/e/{slug}/s/A/teams/new/").content.decode()
    assert "Reza Ahmadi (2010)" in page  # what a blank box keeps, beside the name
    form = {"name": "Kazerun", "unit": "Kazerun", "unit_kind": "county"}
    for place, entry in enumerate(imported.values(), start=1):
        form[f"player_{place}"] = str(entry.pk)
        form[f"rating_{place}"] = ""
    response = client.post(f"/e/{slug}/s/A/teams/new/", form)
    assert response.status_code == 302, response.context["form"].errors
    ratings = [
        member.entry.rating
        for member in models.Team.objects.get(section=league, name="Kazerun")
        .members.select_related("entry")
        .order_by("position")
    ]
    assert ratings == [2010, 1950, 1890, 1720, 1650, 0]
    assert not event_models.AuditLog.objects.filter(action="entry.update").exists()

    team = models.Team.objects.get(section=league, name="Kazerun")
    regulations = rules.section_rules(league)
    assert regulations is not None
    table = next(t for t in regulations.prizes if "team" in t.rankings)
    entrant = next(
        e
        for e in team_entrants(
            {team.number: 1}, bridge.rosters(league), bridge.players(league), table
        )
        if e.pairing_number == team.number
    )
    assert entrant.attributes["average_rating"] == Fraction(10220, 6)

    # Typed values still change a rating, 0 makes a player unrated; a blank new player's
    # rating is unrated.
    edit = dict(form, rating_1="2015", rating_2="0")
    response = client.post(f"/e/{slug}/s/A/teams/{team.pk}/edit/", edit)
    assert response.status_code == 302, response.context["form"].errors
    league_entries = event_models.Entry.objects.filter(section=league)
    assert league_entries.get(name="Reza Ahmadi").rating == 2015
    assert league_entries.get(name="Ali Karimi").rating == 0
    assert league_entries.get(name="Sara Nouri").rating == 1890
