"""URLs of the events app."""

from django.urls import path

from crosstable_web.events.views import (
    entries,
    event,
    fide,
    files,
    hand_pairing,
    regulations,
    results,
    round_actions,
    round_page,
)

app_name = "events"

urlpatterns = [
    path("", event.event_list, name="event_list"),
    path("events/new/", event.event_create, name="event_create"),
    path("events/new/trf/", fide.event_from_trf, name="event_from_trf"),
    path("e/<slug:slug>/", event.event_detail, name="event_detail"),
    path("e/<slug:slug>/settings/", regulations.event_settings_view, name="event_settings"),
    path(
        "e/<slug:slug>/settings/<slug:part>/",
        regulations.event_settings_view,
        name="event_settings_part",
    ),
    path(
        "e/<slug:slug>/regulations.toml",
        regulations.regulations_download,
        name="regulations_download",
    ),
    path("e/<slug:slug>/registration/", event.event_registration, name="event_registration"),
    path("e/<slug:slug>/pair-all/", event.pair_all, name="pair_all"),
    path("e/<slug:slug>/numbers/", event.assign_all_numbers, name="assign_all_numbers"),
    path("e/<slug:slug>/groups/", event.form_groups, name="form_groups"),
    path("e/<slug:slug>/fees/", event.fees, name="fees"),
    path("e/<slug:slug>/audit/", event.audit_log, name="audit_log"),
    path("e/<slug:slug>/import/", files.entries_import_view, name="entries_import"),
    path("e/<slug:slug>/export.json", files.export_event, name="export_event"),
    path("e/<slug:slug>/backup.zip", files.export_archive, name="export_archive"),
    path("e/<slug:slug>/entry/<int:entry_id>/", entries.entry_detail, name="entry_detail"),
    path("e/<slug:slug>/s/<str:key>/", entries.section_detail, name="section_detail"),
    path("e/<slug:slug>/s/<str:key>/numbers/", entries.pairing_numbers, name="pairing_numbers"),
    path("e/<slug:slug>/s/<str:key>/house/", entries.house_player, name="house_player"),
    path("e/<slug:slug>/s/<str:key>/pair/", round_actions.pair_section, name="pair_section"),
    path("e/<slug:slug>/s/<str:key>/hand/", hand_pairing.hand_pair, name="hand_pair"),
    path("e/<slug:slug>/s/<str:key>/pair/cancel/", round_actions.pair_cancel, name="pair_cancel"),
    path("e/<slug:slug>/s/<str:key>/pair/status/", round_actions.pair_status, name="pair_status"),
    path("e/<slug:slug>/s/<str:key>/standings/", results.section_standings, name="standings"),
    path("e/<slug:slug>/s/<str:key>/trf/", results.section_trf, name="section_trf"),
    path("e/<slug:slug>/s/<str:key>/fide-mode/", fide.fide_mode_page, name="fide_mode"),
    path("e/<slug:slug>/s/<str:key>/lots/", fide.lots_page, name="lots"),
    path(
        "e/<slug:slug>/s/<str:key>/prohibited/",
        entries.section_prohibited,
        name="section_prohibited",
    ),
    path("e/<slug:slug>/s/<str:key>/r/<int:number>/", round_page.round_detail, name="round_detail"),
    path(
        "e/<slug:slug>/s/<str:key>/r/<int:number>/result/",
        round_page.round_result,
        name="round_result",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/r/<int:number>/unpair/",
        round_actions.round_unpair,
        name="round_unpair",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/r/<int:number>/swap/",
        round_actions.round_swap,
        name="round_swap",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/r/<int:number>/manual/",
        round_actions.round_manual,
        name="round_manual",
    ),
    path(
        "e/<slug:slug>/s/<str:key>/r/<int:number>/rating/",
        round_actions.round_rating_correction,
        name="round_rating_correction",
    ),
]
