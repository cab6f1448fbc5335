"""``create_event REGULATIONS.toml [--slug S] [--rounds N] [--time-zone ZONE]``: an event from a
regulations file. The time zone is the file's ``event.time_zone``, or ``--time-zone`` when the
file names none (one of the two is needed)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable.regulations import RegulationsError
from crosstable_web.events import services
from crosstable_web.events.management import cli
from crosstable_web.events.regulations import event_time, rules


class Command(cli.ActingCommand):
    help = "Create an event (and its sections) from a regulations file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("regulations")
        parser.add_argument("--slug", help="the event's code in URLs and commands")
        parser.add_argument(
            "--rounds", type=int, help="rounds of sections whose regulations leave them open"
        )
        parser.add_argument(
            "--time-zone",
            help="IANA time zone of the venue (e.g. Asia/Tehran), when the file names none",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            spec = rules.load_event_spec(options["regulations"], options["rounds"])
            spec.time_zone = _time_zone(spec.time_zone, options["time_zone"])
            event = services.create_event(spec, cli.event_creator(options["user"]), options["slug"])
        except (RegulationsError, services.ServiceError) as error:
            raise CommandError(str(error)) from None
        for section in event.sections.all():
            self.stdout.write(
                f"  {section.key}: {section.name} ({section.total_rounds} rounds, "
                f"{section.system_code})"
            )
        self.stdout.write(self.style.SUCCESS(f"created {event.slug}"))


def _time_zone(in_file: str, given: str | None) -> str:
    if given and in_file and given != in_file:
        raise CommandError(
            f"the regulations name the time zone {in_file}; --time-zone says {given}"
        )
    zone = in_file or given
    if not zone:
        raise CommandError(
            "the regulations name no time zone (event.time_zone): give --time-zone, "
            "e.g. --time-zone Asia/Kuala_Lumpur"
        )
    if not event_time.is_known_zone(zone):
        raise CommandError(f"unknown time zone {zone!r} (an IANA name such as Asia/Tehran)")
    return zone
