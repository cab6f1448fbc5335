"""URL configuration: sign-in, sign-out, password change and reset (Django's auth views under
``/accounts/``), the accounts app, language switch, the events and teams apps, the public site
(``/p/``) and printouts (``/print/``), online registration (``/r/``), the balancer's health
check (``/healthz``), the link between a venue and its public site (``hub``)."""

from django.urls import include, path

from crosstable_web import deployment
from crosstable_web.hub import views as hub_views

urlpatterns = [
    path("healthz", deployment.healthz, name="healthz"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("crosstable_web.accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("crosstable_web.follow.urls")),
    # a venue's publication, sent to the event's public address (crosstable_web.hub)
    path("p/<slug:slug>/publish", hub_views.receive, name="hub_receive"),
    path("p/", include("crosstable_web.public.urls")),
    path("", include("crosstable_web.hub.urls")),
    path("print/", include("crosstable_web.printing.urls")),
    path("", include("crosstable_web.registrations.urls")),
    path("", include("crosstable_web.teams.urls")),
    path("", include("crosstable_web.checkin.urls")),
    path("", include("crosstable_web.events.urls")),
]
