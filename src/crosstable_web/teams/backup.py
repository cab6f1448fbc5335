"""The teams app's tables in an event's backup (``crosstable_web.backup.registry``)."""

from crosstable_web.backup.registry import event_table
from crosstable_web.events.models import Entry
from crosstable_web.teams import models

event_table(models.Team, "section__event", private=("fee_due", "fee_base", "fee_discounts"))
event_table(models.TeamMember, "team__section__event")
event_table(models.TeamPayment, "team__section__event", private=("amount", "paid_on", "reason"))
event_table(models.TeamRound, "section__event")
event_table(models.TeamMatch, "round__section__event")
event_table(models.BoardGame, "match__round__section__event")
event_table(models.LineUp, "team__section__event", json_refs={"boards": Entry})
event_table(models.IneligiblePlayer, "entry__section__event")
event_table(models.ProhibitedTeams, "section__event")
event_table(models.TeamAuditLink, "line__event")
