"""The link's addresses: the event's organisers' "public site" page; the hub's receiving
address sits beside the event's public pages (``p/<slug>/publish``, in the project's urls)."""

from django.urls import path

from crosstable_web.hub import views

app_name = "hub"

urlpatterns = [
    path("e/<slug:slug>/public-site/", views.page, name="page"),
]
