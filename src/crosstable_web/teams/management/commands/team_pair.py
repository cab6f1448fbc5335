"""``team_pair EVENT SECTION [--starts-at "YYYY-MM-DD HH:MM"]``: pair the next team round (the
start at the venue, in the event's calendar; default: the regulations' schedule)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events.management import cli
from crosstable_web.events.regulations import event_time
from crosstable_web.events.services import ServiceError
from crosstable_web.teams.services import matches as team_matches


class Command(cli.ActingCommand):
    help = "Pair the next round of a team section (C.04.6) and create its matches."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument(
            "--starts-at",
            default="",
            help="when the round starts at the venue, 'YYYY-MM-DD HH:MM' in the event's "
            "calendar (sets the line-up deadline); default: the regulations' schedule",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        try:
            starts_at = event_time.read_wall_clock(section.event, options["starts_at"])
        except ValueError as error:
            raise CommandError(f"--starts-at: {error}") from None
        try:
            round_row = team_matches.pair_next_round(section, cli.actor(options["user"]), starts_at)
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"round {round_row.number}")
        for match in round_row.matches.select_related("first", "second"):
            self.stdout.write(f"{match.number}. {match.first.name} - {match.second.name}")
        if round_row.bye_team is not None:
            self.stdout.write(f"bye: {round_row.bye_team.name}")
