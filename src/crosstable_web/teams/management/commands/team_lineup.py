"""``team_lineup EVENT SECTION TEAM ROUND POSITION…``: enter a line-up as the arbiter, by
roster positions board by board (``0`` for an empty board), e.g. ``1 2 3 5``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from crosstable_web.events.management import cli
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import models, services


class Command(BaseCommand):
    help = "Enter or correct a team's line-up for a round (roster positions, 0 = empty)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("team", type=int)
        parser.add_argument("round", type=int)
        parser.add_argument("positions", nargs="+", type=int)
        cli.add_user_argument(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        try:
            team = models.Team.objects.get(section=section, number=options["team"])
        except models.Team.DoesNotExist:
            raise CommandError(f"{section.key}: no team {options['team']}") from None
        roster = [member.entry_id for member in team.members.all()]
        boards: list[int | None] = []
        for position in options["positions"]:
            if position == 0:
                boards.append(None)
            elif 1 <= position <= len(roster):
                boards.append(roster[position - 1])
            else:
                raise CommandError(f"{team.name} has no roster position {position}")
        try:
            services.submit_lineup(team, options["round"], boards, cli.actor(options["user"]))
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"{team.name}, round {options['round']}: {options['positions']}")
