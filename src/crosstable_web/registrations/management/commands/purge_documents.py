"""``crosstable-web purge_documents EVENT --as USER``: delete the documents uploaded with the
event's online registrations once the event is over (the rows stay, marked purged)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from crosstable_web.events.management import cli
from crosstable_web.registrations import services


class Command(cli.ActingCommand):
    help = "Delete the event's registration documents (ID photos, certificates) after the event."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="the event's short name")

    def handle(self, *args: Any, **options: Any) -> None:
        event = cli.event(options["event"])
        count = services.purge_documents(event, cli.actor(options["user"]))
        self.stdout.write(f"{event.slug}: {count} documents deleted")
