"""URLs of the printouts, under ``/print/``."""

from django.urls import path

from crosstable_web.printing import grades, views

app_name = "printing"

urlpatterns = [
    path("<slug:slug>/entries/", views.entry_list, name="entries"),
    path("<slug:slug>/grades/", grades.event_report, name="grades"),
    path("<slug:slug>/grades/table/", grades.load_table, name="grade_table"),
    path("<slug:slug>/pairings/", views.event_round, {"kind": "pairings"}, name="event_pairings"),
    path("<slug:slug>/results/", views.event_round, {"kind": "results"}, name="event_results"),
    path("<slug:slug>/<str:key>/grades/", grades.section_report, name="section_grades"),
    path("<slug:slug>/<str:key>/<str:kind>/", views.section_printout, name="section"),
]
