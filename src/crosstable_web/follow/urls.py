"""URLs of following a player (public: no account)."""

from django.urls import path

from crosstable_web.follow import views

app_name = "follow"

urlpatterns = [
    path("p/follow-sw.js", views.service_worker, name="service_worker"),
    path("p/follow/confirm/<str:token>/", views.confirm, name="confirm"),
    path("p/follow/stop/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("p/<slug:slug>/<str:key>/player/<int:number>/follow/", views.follow, name="follow"),
]
