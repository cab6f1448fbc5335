"""URLs of the printouts, under ``/print/``."""

from django.urls import path

from crosstable_web.printing import views

app_name = "printing"

urlpatterns = [
    path("<slug:slug>/entries/", views.entry_list, name="entries"),
    path("<slug:slug>/<str:key>/<str:kind>/", views.section_printout, name="section"),
]
