"""Django app configuration of ``crosstable_web.events``."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "crosstable_web.events"
    label = "events"
    verbose_name = _("Events")
    default_auto_field = "django.db.models.BigAutoField"
