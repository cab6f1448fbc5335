"""``house_player EVENT SECTION NAME [--sex M|F] [--rating N] [--unit U]`` /
``house_player EVENT SECTION --remove``: the organiser's house player of a section whose
entry count is odd (regulations ``house_player_for_odd``; Kinabatangan 4.6), before round 1.
The house player is paired like everyone, not ranked, and wins no prize."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import services
from crosstable_web.events.management import cli


class Command(cli.ActingCommand):
    help = "Add (or --remove) the house player of a section with an odd number of entries."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("name", nargs="?", default="", help="the house player's name")
        parser.add_argument("--sex", default="", choices=["", "M", "F"])
        parser.add_argument("--rating", type=int, default=0)
        parser.add_argument("--unit", default="", help="school, club or team")
        parser.add_argument("--remove", action="store_true", help="remove the house player")

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        actor = cli.actor(options["user"])
        try:
            if options["remove"]:
                services.remove_house_player(section, actor)
                self.stdout.write(f"{section.key}: house player removed")
                return
            if not options["name"].strip():
                raise CommandError("give the house player's NAME (or --remove)")
            data = services.EntryData(
                name=options["name"],
                sex=options["sex"],
                rating=options["rating"],
                unit=options["unit"],
            )
            entry = services.add_house_player(section, data, actor)
        except services.ServiceError as error:
            raise CommandError(str(error)) from None
        number = f" (no. {entry.pairing_number})" if entry.pairing_number else ""
        self.stdout.write(f"{section.key}: house player {entry.name}{number}")
