"""URLs of the public site, under ``/p/``."""

from django.urls import path

from crosstable_web.public import views

app_name = "public"

urlpatterns = [
    path("language/<str:code>/", views.language, name="language"),
    path("<slug:slug>/", views.event_home, name="event"),
    path("<slug:slug>/qr.svg", views.event_qr, name="event_qr"),
    path("<slug:slug>/<str:key>/", views.section_round, name="pairings"),
    path("<slug:slug>/<str:key>/round/<int:number>/", views.section_round, name="round"),
    path("<slug:slug>/<str:key>/standings/", views.section_standings, name="standings"),
    path("<slug:slug>/<str:key>/crosstable/", views.section_crosstable, name="crosstable"),
    path("<slug:slug>/<str:key>/teams/", views.section_teams, name="teams"),
    path("<slug:slug>/<str:key>/teams/round/", views.team_round, name="team_pairings"),
    path("<slug:slug>/<str:key>/teams/round/<int:number>/", views.team_round, name="team_round"),
    path("<slug:slug>/<str:key>/teams/<int:entry_number>/", views.team, name="team"),
    path(
        "<slug:slug>/<str:key>/teams/team/<int:number>/",
        views.team_by_number,
        name="team_by_number",
    ),
    path("<slug:slug>/<str:key>/player/<int:number>/", views.player, name="player"),
    path("<slug:slug>/<str:key>/qr.svg", views.section_qr, name="qr"),
]
