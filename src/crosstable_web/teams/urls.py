"""URLs of the teams app (under an event's section, beside the events app's pages).

A team's own pages (edit, delete, fee, line-ups) name it by its id (``<int:team>``, the
row's primary key), which never changes: its number is its pairing number, given again by
rating when round 1 is paired, and an address by number would then open another team
(issue 26.14). The public pages, rendered again on the public site from the published
file, keep the number."""

from django.urls import path

from crosstable_web.teams.views import (
    fee_page,
    hand_pairing,
    lineups,
    results,
    round_page,
    section,
    team_form,
)

app_name = "teams"

urlpatterns = [
    path("e/<slug:slug>/s/<str:key>/teams/", section.team_section, name="team_section"),
    path("e/<slug:slug>/s/<str:key>/teams/new/", team_form.team_create, name="team_create"),
    path("e/<slug:slug>/s/<str:key>/teams/<int:team>/edit/", team_form.team_edit, name="team_edit"),
    path(
        "e/<slug:slug>/s/<str:key>/teams/<int:team>/delete/",
        team_form.team_delete,
        name="team_delete",
    ),
    path("e/<slug:slug>/s/<str:key>/teams/<int:team>/fee/", fee_page.team_fee, name="team_fee"),
    path("captain/teams/", lineups.my_teams, name="my_teams"),
    path("e/<slug:slug>/s/<str:key>/teams/pair/", section.pair_round, name="pair_round"),
    path("e/<slug:slug>/s/<str:key>/teams/hand/", hand_pairing.hand_pair, name="hand_pair"),
    path("e/<slug:slug>/s/<str:key>/teams/unpair/", hand_pairing.unpair, name="unpair"),
    path(
        "e/<slug:slug>/s/<str:key>/teams/prohibited/",
        hand_pairing.prohibited,
        name="prohibited",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/teams/standings/", results.team_standings, name="team_standings"
    ),
    path(
        "e/<slug:slug>/s/<str:key>/teams/r/<int:number>/", round_page.team_round, name="team_round"
    ),
    path("e/<slug:slug>/s/<str:key>/teams/trf/", results.team_trf, name="team_trf"),
    path(
        "e/<slug:slug>/s/<str:key>/teams/ineligible/",
        section.declare_ineligible,
        name="declare_ineligible",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/teams/ineligible/<int:entry_id>/undo/",
        section.undo_ineligible,
        name="undo_ineligible",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/teams/<int:team>/lineup/<int:number>/",
        lineups.lineup,
        name="lineup",
    ),
]
