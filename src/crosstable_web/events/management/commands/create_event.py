"""``create_event REGULATIONS.toml [--slug S] [--rounds N]``: an event from a regulations file."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from crosstable.regulations import RegulationsError
from crosstable_web.events import rules, services
from crosstable_web.events.management import cli


class Command(BaseCommand):
    help = "Create an event (and its sections) from a regulations file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("regulations")
        parser.add_argument("--slug", help="the event's code in URLs and commands")
        parser.add_argument(
            "--rounds", type=int, help="rounds of sections whose regulations leave them open"
        )
        cli.add_user_argument(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            spec = rules.load_event_spec(options["regulations"], options["rounds"])
            event = services.create_event(spec, cli.actor(options["user"]), options["slug"])
        except (RegulationsError, services.ServiceError) as error:
            raise CommandError(str(error)) from None
        for section in event.sections.all():
            self.stdout.write(
                f"  {section.key}: {section.name} ({section.total_rounds} rounds, "
                f"{section.system_code})"
            )
        self.stdout.write(self.style.SUCCESS(f"created {event.slug}"))
