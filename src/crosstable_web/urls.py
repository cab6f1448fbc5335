"""URL configuration: login/logout, language switch, the events and teams apps, the public
site (``/p/``) and printouts (``/print/``)."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("p/", include("crosstable_web.public.urls")),
    path("print/", include("crosstable_web.printing.urls")),
    path("", include("crosstable_web.teams.urls")),
    path("", include("crosstable_web.events.urls")),
]
