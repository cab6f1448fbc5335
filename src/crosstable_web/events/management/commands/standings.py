"""``standings EVENT SECTION [--round N]``: the ranking with tie-breaks, sub-rankings and
prizes, as text."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from crosstable_web.events import standings
from crosstable_web.events.management import cli


class Command(BaseCommand):
    help = "Print the standings of a section (with sub-rankings and prizes)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("--round", type=int, help="standings after this round")

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        results = standings.section_results(section, options["round"])
        write = self.stdout.write
        write(f"{section.name}: after round {results.rounds} of {section.total_rounds}")
        write("place  no.  name                          pts  " + "  ".join(
            results.tiebreak_labels))
        for row in results.main.rows:
            values = "  ".join(standings.format_value(v) for v in row.values)
            write(f"{row.place:>5} {row.number:4d}  {results.name(row.number):28.28s} "
                  f"{standings.format_points(row.points):>4}  {values}")
        for row in results.main.unranked:  # house players: listed last, not ranked
            values = "  ".join(standings.format_value(v) for v in row.values)
            write(f"house {row.number:4d}  {results.name(row.number):28.28s} "
                  f"{standings.format_points(row.points):>4}  {values}")
        for ranking in results.sub_rankings:
            write(f"\n{ranking.name}")
            for row in ranking.standings.rows:
                write(f"{row.place:>5} {row.number:4d}  {results.name(row.number)}")
        for table in results.prize_tables:
            write(f"\nprizes ({table.rankings})")
            for award in table.prizes.awards:
                place = (f"{award.first_place}-{award.last_place}" if award.shared
                         else str(award.first_place))
                amount = f" {award.amount_decimal} {table.currency}" if award.amount else ""
                write(f"  {award.prize} {place}: {results.name(award.pairing_number)}{amount}"
                      f" {' '.join(award.items)}")
