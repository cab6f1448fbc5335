"""``team_standings EVENT SECTION``: team standings, board rankings and prizes as text."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from crosstable_web.events.management import cli
from crosstable_web.teams.services import ranking as team_ranking


class Command(BaseCommand):
    help = "Print a team section's standings, board rankings and prize winners."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        results = team_ranking.team_results(section)
        entries = dict(section.entries.values_list("pk", "name"))
        names = dict(section.teams.values_list("number", "name"))
        labels = " ".join(str(spec) for spec in results.standings.tiebreaks)
        self.stdout.write(f"place team points {labels}")
        for row in results.standings.rows:
            values = " ".join("" if v is None else str(v) for v in row.values)
            self.stdout.write(f"{row.place} {row.name} {row.points} {values}")
        for change in results.rescorings:
            self.stdout.write(f"re-scored: {change.describe()}")
        for standing in results.boards:
            self.stdout.write(f"board {standing.board}:")
            for place in standing.places:
                record = place.record
                self.stdout.write(
                    f"  {place.rank} {entries.get(record.player, record.player)} "
                    f"({names.get(record.team, '')}) {record.points}/{record.games}"
                )
        for prizes in results.team_prizes:
            for award in prizes.awards:
                self.stdout.write(
                    f"team prize {award.prize} {award.first_place}: "
                    f"{names.get(award.pairing_number, '')} {award.amount_decimal}"
                )
        for standing, prizes in results.board_prizes:
            for award in prizes.awards:
                self.stdout.write(
                    f"board {standing.board} prize {award.prize} {award.first_place}: "
                    f"{entries.get(award.pairing_number, '')} {award.amount_decimal}"
                )
