"""URLs of the events app."""

from django.urls import path

from crosstable_web.events import fide_views, round_page, views

app_name = "events"

urlpatterns = [
    path("", views.event_list, name="event_list"),
    path("events/new/", views.event_create, name="event_create"),
    path("events/new/trf/", fide_views.event_from_trf, name="event_from_trf"),
    path("e/<slug:slug>/", views.event_detail, name="event_detail"),
    path("e/<slug:slug>/settings/", views.event_settings_view, name="event_settings"),
    path("e/<slug:slug>/regulations.toml", views.regulations_download, name="regulations_download"),
    path("e/<slug:slug>/registration/", views.event_registration, name="event_registration"),
    path("e/<slug:slug>/pair-all/", views.pair_all, name="pair_all"),
    path("e/<slug:slug>/numbers/", views.assign_all_numbers, name="assign_all_numbers"),
    path("e/<slug:slug>/groups/", views.form_groups, name="form_groups"),
    path("e/<slug:slug>/fees/", views.fees, name="fees"),
    path("e/<slug:slug>/audit/", views.audit_log, name="audit_log"),
    path("e/<slug:slug>/import/", views.entries_import_view, name="entries_import"),
    path("e/<slug:slug>/export.json", views.export_event, name="export_event"),
    path("e/<slug:slug>/entry/<int:entry_id>/", views.entry_detail, name="entry_detail"),
    path("e/<slug:slug>/s/<str:key>/", views.section_detail, name="section_detail"),
    path("e/<slug:slug>/s/<str:key>/numbers/", views.pairing_numbers, name="pairing_numbers"),
    path("e/<slug:slug>/s/<str:key>/house/", views.house_player, name="house_player"),
    path("e/<slug:slug>/s/<str:key>/pair/", views.pair_section, name="pair_section"),
    path("e/<slug:slug>/s/<str:key>/standings/", views.section_standings, name="standings"),
    path("e/<slug:slug>/s/<str:key>/trf/", views.section_trf, name="section_trf"),
    path("e/<slug:slug>/s/<str:key>/fide-mode/", fide_views.fide_mode_page, name="fide_mode"),
    path("e/<slug:slug>/s/<str:key>/lots/", fide_views.lots_page, name="lots"),
    path(
        "e/<slug:slug>/s/<str:key>/prohibited/",
        views.section_prohibited,
        name="section_prohibited",
    ),
    path("e/<slug:slug>/s/<str:key>/r/<int:number>/", round_page.round_detail, name="round_detail"),
    path(
        "e/<slug:slug>/s/<str:key>/r/<int:number>/result/",
        round_page.round_result,
        name="round_result",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/r/<int:number>/unpair/", views.round_unpair, name="round_unpair"
    ),
    path("e/<slug:slug>/s/<str:key>/r/<int:number>/swap/", views.round_swap, name="round_swap"),
    path(
        "e/<slug:slug>/s/<str:key>/r/<int:number>/manual/", views.round_manual, name="round_manual"
    ),
    path(
        "e/<slug:slug>/s/<str:key>/r/<int:number>/rating/",
        views.round_rating_correction,
        name="round_rating_correction",
    ),
]
