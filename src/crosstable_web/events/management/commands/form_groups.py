"""``form_groups EVENT``: split sections by sex and size as the regulations say (before
round 1); each playing group becomes a section of its own."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import services
from crosstable_web.events.management import cli


class Command(cli.ActingCommand):
    help = "Form the playing groups (sex and size splits of the regulations)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")

    def handle(self, *args: Any, **options: Any) -> None:
        event = cli.event(options["event"])
        try:
            created = services.form_playing_groups(event, cli.actor(options["user"]))
        except services.ServiceError as error:
            raise CommandError(str(error)) from None
        for section in created:
            self.stdout.write(f"{section.key}: {section.name} ({section.entries.count()} players)")
        self.stdout.write(f"{len(created)} playing groups formed")
