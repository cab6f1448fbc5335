"""URL configuration: sign-in, sign-out, password change and reset (Django's auth views under
``/accounts/``), the accounts app, language switch, the events and teams apps, the public site
(``/p/``) and printouts (``/print/``), online registration (``/r/``), and the balancer's health
check (``/healthz``)."""

from django.urls import include, path

from crosstable_web import deployment

urlpatterns = [
    path("healthz", deployment.healthz, name="healthz"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("crosstable_web.accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("crosstable_web.follow.urls")),
    path("p/", include("crosstable_web.public.urls")),
    path("print/", include("crosstable_web.printing.urls")),
    path("", include("crosstable_web.registrations.urls")),
    path("", include("crosstable_web.teams.urls")),
    path("", include("crosstable_web.checkin.urls")),
    path("", include("crosstable_web.events.urls")),
]
