"""Django app configuration of ``crosstable_web.accounts``."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "crosstable_web.accounts"
    label = "accounts"
    verbose_name = _("Accounts")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Who may create an event is this app's site setting; the events app asks it there.
        from crosstable_web.accounts.services import can_create_events
        from crosstable_web.events import parts

        parts.declared.may_create_events = can_create_events
