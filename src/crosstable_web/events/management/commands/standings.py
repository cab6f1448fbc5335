"""``standings EVENT SECTION [--round N]``: the ranking with tie-breaks, sub-rankings, the
unit ranking by the sum of individual places (where the regulations rank units so, e.g.
Huayuan: all 6 members; Futian youth: the best 2 boys and best girl of each school) and
prizes, as text. Everything comes from ``events.standings.section_results``, the code the
standings page uses; the tie-break columns are headed as the English pages name them, with
the code in brackets ("Buchholz cut 1 (BH/C1)", ``events.tiebreak_labels``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation

from crosstable.prizes.team_places import UnitRanking
from crosstable.tiebreaks.value import TiebreakValue
from crosstable_web.events.management import cli
from crosstable_web.events.ranking import standings
from crosstable_web.events.words import tiebreak_labels


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
        progress = results.progress
        pending = (
            f" (in progress: {progress.done} of {progress.games} results)"
            if progress is not None
            else ""
        )
        write(f"{section.name}: after round {results.rounds} of {section.total_rounds}{pending}")
        # The pages' English words, whatever language the server runs in: the command's
        # output is read by an operator and compared in scripts.
        with translation.override("en"):
            headings = [
                f"{label.short} ({label.code})"
                for label in tiebreak_labels.labels(results.tiebreak_labels)
            ]
        widths = [len(heading) for heading in headings]

        def columns(row_values: Sequence[TiebreakValue]) -> str:
            return "  ".join(
                f"{standings.format_value(value):>{width}}"
                for value, width in zip(row_values, widths, strict=True)
            )

        write("place  no.  name                          pts  " + "  ".join(headings))
        for row in results.main.rows:
            values = columns(row.values)
            place = row.place + results.marks(row)
            write(
                f"{place:>5} {row.number:4d}  {results.name(row.number):28.28s} "
                f"{standings.format_points(row.points):>4}  {values}"
            )
        # house players and cancelled results: listed last, not ranked
        for row in results.main.unranked:
            values = columns(row.values)
            place = "house" if row.house else "wd"
            write(
                f"{place:>5} {row.number:4d}  {results.name(row.number):28.28s} "
                f"{standings.format_points(row.points):>4}  {values}"
            )
        if results.no_tiebreaks:
            write("No tie-breaks (the regulations name none): equal points share the place.")
        if results.default_tiebreaks:
            write("No tie-breaks set for this section: ranked by the app's default list.")
        for group in results.playoffs:
            places = (
                str(group.first_place)
                if group.first_place == group.last_place
                else f"{group.first_place}-{group.last_place}"
            )
            title = f"{group.title} " if group.title else ""
            write(f"† play-off for {title}place {places}: {', '.join(group.names)}")
        if results.cancelled:
            names = ", ".join(results.name(row.number) for row in results.cancelled)
            write(f"wd = withdrawn after forfeits, results cancelled (no rank, no prize): {names}")
        for ranking in results.sub_rankings:
            write(f"\n{ranking.name}")
            for row in ranking.standings.rows:
                write(f"{row.place:>5} {row.number:4d}  {results.name(row.number)}")
        if results.unit_ranking is not None:
            self._unit_ranking(results.unit_ranking)
        for table in results.prize_tables:
            write(f"\nprizes ({table.rankings})")
            for award in table.prizes.awards:
                place = (
                    f"{award.first_place}-{award.last_place}"
                    if award.shared
                    else str(award.first_place)
                )
                amount = f" {award.amount_decimal} {table.currency}" if award.amount else ""
                # a team prize names the unit (table.names), an individual one the player
                name = table.names.get(award.pairing_number) or results.name(award.pairing_number)
                write(f"  {award.prize} {place}: {name}{amount} {' '.join(award.items)}".rstrip())

    def _unit_ranking(self, ranking: UnitRanking) -> None:
        """Units by the sum of their counted members' individual places, lower first (``=``
        after a rank shared with another unit); then the units that could not field the
        members the regulations count."""
        write = self.stdout.write
        write("\nunit ranking (sum of individual places, lower first)")
        write(" rank  unit                          total  places counted")
        for unit in ranking.units:
            rank = f"{unit.rank}{'=' if unit.tied else ''}"
            places = ", ".join(str(member.place) for member in unit.counted)
            write(f"{rank:>5}  {unit.unit:28.28s} {unit.total:>6}  {places}")
        if not ranking.units:
            write("  (no unit ranked)")
        if ranking.incomplete:
            write(f"not ranked (too few counted members): {', '.join(ranking.incomplete)}")
