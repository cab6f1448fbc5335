"""``result EVENT SECTION ROUND BOARD RESULT [BOARD RESULT …]``: enter or correct results
(``1``, ``0``, ``=``, ``+``, ``-``, ``--``, ``*``), e.g. ``result cup open 3 1 1 2 = 3 0``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import models, rounds, services
from crosstable_web.events.management import cli
from crosstable_web.events.rounds.notation import of_section


class Command(cli.ActingCommand):
    help = "Enter or correct results: board number and result, as many pairs as wanted."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("round", type=int)
        parser.add_argument("results", nargs="+", metavar="BOARD RESULT")

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        try:
            round_row = section.rounds.get(number=options["round"])
        except models.Round.DoesNotExist:
            raise CommandError(f"{section.key}: round {options['round']} is not paired") from None
        pairs = cli.board_results(options["results"])
        actor = cli.actor(options["user"])
        for board_number, result in pairs:
            try:
                change = rounds.record_result(round_row, board_number, result, actor)
            except services.ServiceError as error:
                raise CommandError(f"board {board_number}: {error}") from None
            board = change.board
            notation = of_section(section)
            label = rounds.result_label(board.white_result, board.black_result, notation) or "*"
            self.stdout.write(f"board {board.number}: {label}")
            for withdrawal in change.withdrawals:  # a second forfeit: said at once
                self.stdout.write(withdrawal.message())
