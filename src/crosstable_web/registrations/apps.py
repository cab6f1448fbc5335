"""Django app configuration of ``crosstable_web.registrations``."""

from typing import Any

from django.apps import AppConfig
from django.core import checks
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
        checks.register(payment_providers_check, checks.Tags.security, deploy=True)


def payment_providers_check(**kwargs: Any) -> list[checks.CheckMessage]:
    """A payment provider the settings name but refuse (the fake one outside the demo's and
    the tests' settings) stops the deployment check (``scripts/serve``)."""
    from crosstable_web.registrations.payments import configured_providers

    _found, refused = configured_providers()
    return [
        checks.Error(
            f"payment provider {name!r}: {why}",
            hint="remove it from REGISTRATION_PAYMENT_PROVIDERS (docs/registration.md)",
            id="registrations.E001",
        )
        for name, why in refused.items()
    ]
