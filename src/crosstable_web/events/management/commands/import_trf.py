"""``import_trf FILE.trf --time-zone ZONE [--slug S]``: an event from a TRF file (its players
and rounds; the section in FIDE mode, ``events.trf_import``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import services
from crosstable_web.events.files import trf_import
from crosstable_web.events.management import cli
from crosstable_web.events.regulations import event_time


class Command(cli.ActingCommand):
    help = "Create an event from a TRF file (its section in FIDE mode)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("trf")
        parser.add_argument("--slug", help="the event's code in URLs and commands")
        parser.add_argument(
            "--time-zone", required=True, help="IANA time zone of the venue (e.g. Europe/Oslo)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        zone = options["time_zone"]
        if not event_time.is_known_zone(zone):
            raise CommandError(f"unknown time zone {zone!r} (an IANA name such as Asia/Tehran)")
        path = Path(options["trf"])
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"{path}: cannot read: {error.strerror or error}") from None
        try:
            imported = trf_import.create_event_from_trf(
                data,
                path.name,
                cli.event_creator(options["user"]),
                time_zone=zone,
                slug=options["slug"],
            )
        except services.ServiceError as error:
            raise CommandError(str(error)) from None
        event = imported.event
        if imported.notice:
            self.stdout.write(self.style.WARNING(imported.notice))
        section = event.sections.get()
        self.stdout.write(
            f"  {section.key}: {section.name} ({section.entries.count()} players, "
            f"{section.rounds.count()} of {section.total_rounds} rounds, FIDE mode)"
        )
        self.stdout.write(self.style.SUCCESS(f"created {event.slug}"))
