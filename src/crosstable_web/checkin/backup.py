"""The check-in app's table in an event's backup (``crosstable_web.backup.registry``)."""

from crosstable_web.backup.registry import event_table
from crosstable_web.checkin import models

event_table(models.CheckIn, "entry__section__event")
