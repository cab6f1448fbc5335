"""Django app configuration of ``crosstable_web.registrations``."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistrationsConfig(AppConfig):
    name = "crosstable_web.registrations"
    label = "registrations"
    verbose_name = _("Online registration")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The demo event's registration queue (``crosstable_web.events.parts``).
        from crosstable_web.events import parts
        from crosstable_web.registrations import demo

        parts.declared.demo.add_registrations = demo.add_registrations
