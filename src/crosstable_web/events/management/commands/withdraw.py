"""``withdraw EVENT SECTION NUMBER --after-round N`` (or ``--reinstate``): a player leaves the
event after round N and is not paired again."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import models, rounds, services
from crosstable_web.events.management import cli


class Command(cli.ActingCommand):
    help = "Withdraw a player after a round (or reinstate them)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("number", type=int, help="pairing number")
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("--after-round", type=int)
        group.add_argument("--reinstate", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        try:
            entry = section.entries.get(pairing_number=options["number"])
        except models.Entry.DoesNotExist:
            raise CommandError(f"{section.key}: no pairing number {options['number']}") from None
        after = None if options["reinstate"] else options["after_round"]
        try:
            rounds.withdraw(entry, after, cli.actor(options["user"]))
        except services.ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"{entry.name}: "
            + ("reinstated" if after is None else f"withdrawn after round {after}")
        )
