"""``team_lineup EVENT SECTION TEAM ROUND POSITION… [--accept-order-errors]``: enter or
correct a line-up as the arbiter, by roster positions board by board (``0`` for an empty
board), e.g. ``1 2 3 5``.

``--accept-order-errors`` is the arbiter's acceptance of a line-up that breaks the roster
order (Fars: "an error in the board order loses only the games where it occurred"), the
same as the checkbox of the web line-up page: the boards out of order are lost by forfeit by
this team, the other games stand. Without it such a line-up is refused with a message that
names the board and the option."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.management.base import CommandError, CommandParser

from crosstable.teams.lineups import boards_out_of_order
from crosstable_web.events.management import cli
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import bridge, models
from crosstable_web.teams.services import lineups as team_lineups


class Command(cli.ActingCommand):
    help = "Enter or correct a team's line-up for a round (roster positions, 0 = empty)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("team", type=int)
        parser.add_argument("round", type=int)
        parser.add_argument("positions", nargs="+", type=int)
        parser.add_argument(
            "--accept-order-errors",
            action="store_true",
            help="accept a line-up out of roster order: the boards out of order are lost by "
            "forfeit by this team, the other games stand (arbiter's decision, logged)",
        )

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
        accept = options["accept_order_errors"]
        try:
            lineup = team_lineups.submit_lineup(
                team,
                options["round"],
                boards,
                cli.actor(options["user"]),
                accept_order_errors=accept,
            )
        except (ServiceError, PermissionDenied) as error:
            message = str(error)
            out_of_order = boards_out_of_order(
                bridge.roster(team), boards, bridge.team_rules(section)
            )
            if out_of_order and not accept:
                message += (
                    f" ({_boards(out_of_order)} out of roster order: give --accept-order-errors "
                    "to accept it; those boards are then lost by forfeit)"
                )
            raise CommandError(message) from None
        self.stdout.write(f"{team.name}, round {options['round']}: {options['positions']}")
        if lineup.out_of_order:
            self.stdout.write(
                f"accepted out of roster order: {_boards(lineup.out_of_order)}, lost by forfeit "
                f"by {team.name}"
            )


def _boards(numbers: Iterable[int]) -> str:
    """``board 2``, ``boards 1 and 2``, ``boards 2, 3 and 4``."""
    listed = [str(number) for number in sorted(numbers)]
    if len(listed) == 1:
        return f"board {listed[0]}"
    return f"boards {', '.join(listed[:-1])} and {listed[-1]}"
