"""URLs of the teams app (under an event's section, beside the events app's pages)."""

from django.urls import path

from crosstable_web.teams import views

app_name = "teams"

urlpatterns = [
    path("e/<slug:slug>/s/<str:key>/teams/", views.team_section, name="team_section"),
    path("e/<slug:slug>/s/<str:key>/teams/new/", views.team_create, name="team_create"),
    path("e/<slug:slug>/s/<str:key>/teams/<int:team>/edit/", views.team_edit, name="team_edit"),
    path(
        "e/<slug:slug>/s/<str:key>/teams/<int:team>/delete/", views.team_delete, name="team_delete"
    ),
    path("e/<slug:slug>/s/<str:key>/teams/<int:team>/fee/", views.team_fee, name="team_fee"),
    path("captain/teams/", views.my_teams, name="my_teams"),
    path("e/<slug:slug>/s/<str:key>/teams/pair/", views.pair_round, name="pair_round"),
    path("e/<slug:slug>/s/<str:key>/teams/standings/", views.team_standings, name="team_standings"),
    path("e/<slug:slug>/s/<str:key>/teams/r/<int:number>/", views.team_round, name="team_round"),
    path("e/<slug:slug>/s/<str:key>/teams/trf/", views.team_trf, name="team_trf"),
    path(
        "e/<slug:slug>/s/<str:key>/teams/ineligible/",
        views.declare_ineligible,
        name="declare_ineligible",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/teams/ineligible/<int:entry_id>/undo/",
        views.undo_ineligible,
        name="undo_ineligible",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/teams/<int:team>/lineup/<int:number>/",
        views.lineup,
        name="lineup",
    ),
]
