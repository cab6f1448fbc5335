"""Django app configuration of ``crosstable_web.teams``."""

from django.apps import AppConfig
from django.db.models.signals import post_save
from django.utils.translation import gettext_lazy as _


class TeamsConfig(AppConfig):
    name = "crosstable_web.teams"
    label = "teams"
    verbose_name = _("Team competitions")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A team's fee depends on its players' entries (sex, birth date): correcting one on
        # the entry page recomputes the fee of the player's team (crosstable_web.teams.fees).
        from crosstable_web.events.models import Entry
        from crosstable_web.teams.fees import entry_saved

        post_save.connect(entry_saved, sender=Entry, dispatch_uid="teams.fee_follows_entry")
