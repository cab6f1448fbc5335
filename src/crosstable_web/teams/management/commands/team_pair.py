"""``team_pair EVENT SECTION [--starts-at ISO]``: pair the next team round."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.utils.dateparse import parse_datetime

from crosstable_web.events.management import cli
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import services


class Command(cli.ActingCommand):
    help = "Pair the next round of a team section (C.04.6) and create its matches."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument(
            "--starts-at", default="", help="when the round starts (sets the line-up deadline)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        starts_at = None
        if options["starts_at"]:
            starts_at = parse_datetime(options["starts_at"])
            if starts_at is None:
                raise CommandError(f"--starts-at: {options['starts_at']!r} is not a date-time")
        try:
            round_row = services.pair_next_round(section, cli.actor(options["user"]), starts_at)
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"round {round_row.number}")
        for match in round_row.matches.select_related("first", "second"):
            self.stdout.write(f"{match.number}. {match.first.name} - {match.second.name}")
        if round_row.bye_team is not None:
            self.stdout.write(f"bye: {round_row.bye_team.name}")
