"""``pair EVENT [--section KEY] [--numbers rating|lot] [--unpair]``: pair the next round of one
or all sections, and print the pairing. Without ``--section`` it is the event page's "pair all":
every section checked first (missing pairing numbers, playing groups not formed: nothing is
paired), ``--numbers`` numbering every section not yet paired."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import models, rounds, services
from crosstable_web.events.management import cli


class Command(cli.ActingCommand):
    help = "Pair the next round of one section (or of all sections)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("--section", help="section key (default: every section)")
        parser.add_argument(
            "--numbers",
            choices=["rating", "lot"],
            help="assign pairing numbers first (before round 1)",
        )
        parser.add_argument(
            "--unpair",
            action="store_true",
            help="un-pair the last round instead (no results entered yet)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = cli.event(options["event"])
        actor = cli.actor(options["user"])
        sections = (
            [cli.section(event, options["section"])]
            if options["section"]
            else list(event.sections.all())
        )
        try:
            if not options["section"] and not options["unpair"]:
                self._pair_all(event, actor, options["numbers"])
                return
            for section in sections:
                if options["unpair"]:
                    last = rounds.last_round(section)
                    if last is None:
                        raise CommandError(f"{section.key}: no round to un-pair")
                    rounds.unpair_round(last, actor)
                    self.stdout.write(f"{section.key}: round {last.number} un-paired")
                    continue
                if options["numbers"]:
                    services.assign_pairing_numbers(section, actor, options["numbers"])
                self._print(rounds.pair_next_round(section, actor))
        except services.ServiceError as error:
            raise CommandError(str(error)) from None

    def _pair_all(self, event: models.Event, actor: Any, numbers: str | None) -> None:
        """Every section, as the event page's "pair all": numbers first where asked (every
        section not yet paired), then one check of every section (missing numbers, playing
        groups not formed) before anything is paired."""
        if numbers:
            done = services.assign_all_pairing_numbers(event, actor, numbers)
            for section, reason in done.skipped:
                self.stderr.write(f"{section.key}: no numbers assigned ({reason})")
        for round_row in rounds.pair_all_sections(event, actor):
            self._print(round_row)

    def _print(self, round_row: models.Round) -> None:
        section = round_row.section
        self.stdout.write(f"{section.key} round {round_row.number}")
        for board in round_row.boards.select_related("white", "black"):
            self.stdout.write(
                f"  {board.number:3d}  {board.white.pairing_number:4d} "
                f"{_named(board.white)}  –  {board.black.pairing_number:4d} "
                f"{_named(board.black)}"
            )
        for bye in round_row.byes.select_related("entry"):
            self.stdout.write(
                f"       {bye.entry.pairing_number:4d} {_named(bye.entry)}: bye ({bye.result})"
            )
        for warning in rounds.pairing_warnings_of(round_row):
            self.stderr.write(f"warning: {warning}")


def _named(entry: models.Entry) -> str:
    """The entry's name, marked "(house player)" as the standings mark the organiser's
    house player (paired, never ranked)."""
    return f"{entry.name} (house player)" if entry.house else entry.name
