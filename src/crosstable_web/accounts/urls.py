"""URLs of the accounts app: the site administrator's accounts page, invitations, and each
event's roles page (beside the events app's pages)."""

from django.urls import path

from crosstable_web.accounts import views

app_name = "accounts"

urlpatterns = [
    path("accounts/manage/", views.manage, name="manage"),
    path("accounts/invitation/<str:token>/", views.invitation, name="invitation"),
    path("e/<slug:slug>/roles/", views.event_roles, name="event_roles"),
]
