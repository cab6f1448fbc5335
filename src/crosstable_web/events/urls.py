"""URLs of the events app."""

from django.urls import path

from crosstable_web.events import views

app_name = "events"

urlpatterns = [
    path("", views.event_list, name="event_list"),
]
