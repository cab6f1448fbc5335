"""``crosstable-web purge_documents EVENT --as USER``: delete the documents uploaded with the
event's online registrations once the event is over (the rows stay, marked purged)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from crosstable_web.events.management import cli
from crosstable_web.registrations.services import purging as registration_purging


class Command(cli.ActingCommand):
    help = "Delete the event's registration documents (ID photos, certificates) after the event."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="the event's short name")

    def handle(self, *args: Any, **options: Any) -> None:
        event = cli.event(options["event"])
        count = registration_purging.purge_documents(event, cli.actor(options["user"]))
        self.stdout.write(f"{event.slug}: {count} documents deleted")
        line = event.audit_log.filter(action="registration.purge_documents").first()
        marked = (line.new or {}) if line is not None else {}
        for slug in marked.get("copies_marked", []):
            self.stdout.write(f"  the copy {slug} still holds some of them: marked")
        for backup in marked.get("backups_still_holding", []):
            self.stdout.write(
                f"  backup archive {backup['archive']} of {backup['of']} made "
                f"{backup['made_at']} still holds {backup['documents']} of them: marked"
            )
