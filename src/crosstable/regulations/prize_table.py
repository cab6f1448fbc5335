"""A section's ``[[prizes]]`` and ``[[sub_rankings]]`` tables, the place prizes and count
requirements inside them, and the ``[sex_split]`` table."""

from __future__ import annotations

from decimal import Decimal

from crosstable.message import Message
from crosstable.regulations.condition_table import read_where
from crosstable.regulations.limits import (
    MAX_KEY,
    MAX_PLACE,
)
from crosstable.regulations.reader import (
    TableReader,
)
from crosstable.regulations.schema import (
    CategoryPrize,
    CountRequirement,
    PlacePrize,
    PrizeRules,
    SexSplit,
    ShareMode,
    SubRanking,
)


def read_sub_rankings(reader: TableReader) -> list[SubRanking]:
    rankings = []
    for table in reader.tables("sub_rankings"):
        rankings.append(
            SubRanking(
                table.string("key"),
                table.string("name"),
                read_where(table, "where"),
                table.date("age_on"),
            )
        )
        table.finish()
    return rankings


def read_requirements(reader: TableReader) -> tuple[CountRequirement, ...]:
    requires = []
    for requirement in reader.tables("requires"):
        requires.append(
            CountRequirement(read_where(requirement, "where"), requirement.integer("at_least", 1))
        )
        requirement.finish()
    return tuple(requires)


def read_place_prizes(reader: TableReader, name: str) -> tuple[PlacePrize, ...]:
    prizes = []
    expected = 1
    for table in reader.tables(name):
        if table.has("place"):
            first = last = table.integer("place", 1, maximum=MAX_PLACE)
        else:
            first = table.integer("from", 1, maximum=MAX_PLACE)
            last = table.integer("to", first, maximum=MAX_PLACE)
        if first != expected:
            raise table.error(
                "place" if table.has("place") else "from",
                Message(
                    "expected place %(place)s next (places run 1, 2, … without gaps)",
                    place=expected,
                ),
            )
        if last < first:
            raise table.error("to", Message("is before 'from' (%(first)s)", first=first))
        prizes.append(
            PlacePrize(
                first,
                last,
                table.money("amount", Decimal(0)),
                table.strings("items"),
                table.boolean("shareable", True),
                read_requirements(table),
            )
        )
        table.finish()
        expected = last + 1
    return tuple(prizes)


def read_prizes(reader: TableReader) -> list[PrizeRules]:
    tables = []
    for table in reader.tables("prizes"):
        rankings = table.raw("rankings")
        if isinstance(rankings, str):
            rankings = [rankings]
        if not isinstance(rankings, list) or not rankings:
            raise table.error(
                "rankings", Message('expected a ranking name or an array, e.g. ["team"]')
            )
        categories = []
        for category in table.tables("categories"):
            categories.append(
                CategoryPrize(
                    key=category.string("key"),
                    name=category.string("name"),
                    where=read_where(category, "where"),
                    places=read_place_prizes(category, "places"),
                    requires=read_requirements(category),
                    age_on=category.date("age_on"),
                    unrated_rating=category.optional_int("unrated_rating"),
                )
            )
            category.finish()
        tables.append(
            PrizeRules(
                rankings=tuple(str(r) for r in rankings),
                places=read_place_prizes(table, "places"),
                categories=tuple(categories),
                where=read_where(table, "where"),
                share=ShareMode(
                    table.choice("share", tuple(s.value for s in ShareMode), "by_rank")
                ),
                cumulative=table.boolean("cumulative", False),
                currency=table.string("currency", "", max_length=MAX_KEY, name_like=True),
            )
        )
        table.finish()
    return tables


def read_sex_split(reader: TableReader) -> SexSplit | None:
    table = reader.table("sex_split")
    if table is None:
        return None
    split = SexSplit(table.optional_int("merge_below", 1))
    table.finish()
    return split
