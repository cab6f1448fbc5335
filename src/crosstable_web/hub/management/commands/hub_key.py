"""``hub_key EVENT --as USER [--new]``: the event's publishing key on this hub."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser
from django.urls import reverse

from crosstable_web.events.management import cli
from crosstable_web.hub import services


class Command(cli.ActingCommand):
    help = (
        "Make this server the public site of EVENT, published from a venue: prints the "
        "publishing key the venue's laptop signs its publications with (made the first time; "
        "--new makes another, and the old one stops working)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument(
            "--new", action="store_true", help="a new key; the old one stops working"
        )
        parser.add_argument(
            "--site",
            default="",
            help="this site's address (https://chess.example.org): the venue's command is printed",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = cli.event(options["event"])
        slot = services.slot_key(event, cli.actor(options["user"]), options["new"])
        self.stdout.write(slot.key)
        if options["site"]:
            address = options["site"].rstrip("/") + reverse("public:event", args=[event.slug])
            self.stderr.write(
                f"at the venue: crosstable-web publish EVENT --to {address} --key {slot.key} --loop"
            )
