"""``team_result EVENT SECTION ROUND TABLE BOARD RESULT [BOARD RESULT …]``: enter board
results of one match (``1-0``, ``0-1``, ``1/2``, ``+-``, ``-+``, ``--``, ``*``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events.management import cli
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import bridge, models
from crosstable_web.teams.services import matches as team_matches


class Command(cli.ActingCommand):
    help = "Enter or correct the board results of one team match."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("round", type=int)
        parser.add_argument("table", type=int)
        parser.add_argument("results", nargs="+", metavar="BOARD RESULT")

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        try:
            match = models.TeamMatch.objects.get(
                round__section=section, round__number=options["round"], number=options["table"]
            )
        except models.TeamMatch.DoesNotExist:
            raise CommandError(
                f"{section.key}: no match at table {options['table']} of round {options['round']}"
            ) from None
        pairs = cli.board_results(options["results"])
        actor = cli.actor(options["user"])
        for board_number, result in pairs:
            try:
                team_matches.enter_board_result(match, board_number, result, actor)
            except (ServiceError, models.BoardGame.DoesNotExist) as error:
                raise CommandError(f"board {board_number}: {error}") from None
        scored, _changes = bridge.scored_matches(section)
        for item in scored:
            if item.round_number == options["round"] and item.first_team == match.first.number:
                self.stdout.write(
                    f"{match.first.name} {item.first_game_points} - "
                    f"{item.second_game_points} {match.second.name}"
                )
