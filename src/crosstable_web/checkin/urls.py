"""URLs of the check-in (under the event's back office, ``/e/<slug>/checkin/``)."""

from django.urls import path

from crosstable_web.checkin import views

app_name = "checkin"

urlpatterns = [
    path("e/<slug:slug>/checkin/", views.checkin_page, name="page"),
    path("e/<slug:slug>/checkin/<int:entry_id>/", views.checkin_mark, name="mark"),
    path("e/<slug:slug>/checkin/absent/", views.checkin_rest_absent, name="rest_absent"),
    path("e/<slug:slug>/checkin/absent/undo/", views.checkin_undo_absent, name="undo_absent"),
]
