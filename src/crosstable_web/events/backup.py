"""The events app's tables in an event's backup (``crosstable_web.backup.registry``)."""

from crosstable_web.backup.registry import event_table, server_table
from crosstable_web.events import models

event_table(models.Event, "")
event_table(models.EventRole, "event")
event_table(models.Section, "event")
event_table(models.Entry, "section__event", private=("birth_date", "fee_due", "fee_paid"))
event_table(models.RequestedBye, "entry__section__event")
event_table(models.Round, "section__event")
event_table(models.Board, "round__section__event")
event_table(models.Bye, "round__section__event")
event_table(models.EntryRating, "entry__section__event")
event_table(models.ReportNote, "section__event")
event_table(models.ProhibitedPair, "section__event")
event_table(models.AuditLog, "event")
event_table(models.EntryAuditLink, "line__event")
server_table(
    models.PreviousSlug,
    "an event's earlier short names are this server's addresses: a copy imported beside the "
    "original must not take over the original's old links",
)
server_table(
    models.PairingRun,
    "a pairing being computed belongs to this server's worker processes: an event restored "
    "elsewhere has none running, and its finished rounds are in the Round rows",
)
server_table(
    models.BackupArchive,
    "the record of backup archives made on this server (which files each carries, the purges "
    "since): what this server's purges mark, not part of the event an archive restores",
)
