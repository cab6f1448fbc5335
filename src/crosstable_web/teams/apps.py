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
        _declare_parts()


def _declare_parts() -> None:
    """This app's parts of the events app's work (``crosstable_web.events.parts``): the team
    fees in the fee report, team rounds as paired rounds, how a team round is paired (as a
    job), the team attributes' names and the re-scored matches' words in the audit log, the
    demo event's team sections."""
    from crosstable_web.events import parts
    from crosstable_web.teams import demo, fee_lines, forms, models, wording
    from crosstable_web.teams.services import matches

    parts.declared.fee_lines["teams"] = fee_lines.event_fee_lines
    parts.declared.paired["teams"] = lambda event: models.TeamRound.objects.filter(
        section__event=event
    ).exists()
    parts.declared.field_names["teams"] = forms.ATTRIBUTE_LABELS
    parts.declared.field_names["teams.members"] = forms.MEMBER_ATTRIBUTE_LABELS
    for key in ("rescored", "restored"):
        parts.declared.record_words[key] = wording.rescoring_words
    parts.declared.team_pairer = matches.PAIRER
    parts.declared.demo.form_teams = demo.form_teams
    parts.declared.demo.play_team_rounds = demo.play_team_rounds
