"""Django app configuration of ``crosstable_web.teams``."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TeamsConfig(AppConfig):
    name = "crosstable_web.teams"
    label = "teams"
    verbose_name = _("Team competitions")
    default_auto_field = "django.db.models.BigAutoField"
