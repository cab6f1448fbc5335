"""``bye EVENT SECTION NUMBER ROUND [H|F|Z|cancel]``: a requested bye for a round not yet paired
(H half point, F full point, Z zero; ``cancel`` removes it). NUMBER is the pairing number."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import models, rounds, services
from crosstable_web.events.management import cli


class Command(cli.ActingCommand):
    help = "Record a requested bye for a round not yet paired."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("number", type=int, help="pairing number")
        parser.add_argument("round", type=int)
        parser.add_argument("kind", nargs="?", default="H", choices=["H", "F", "Z", "cancel"])

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        try:
            entry = section.entries.get(pairing_number=options["number"])
        except models.Entry.DoesNotExist:
            raise CommandError(f"{section.key}: no pairing number {options['number']}") from None
        kind = "" if options["kind"] == "cancel" else options["kind"]
        try:
            rounds.request_bye(entry, options["round"], kind, cli.actor(options["user"]))
        except services.ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"{entry.name}: round {options['round']} {options['kind']}")
