"""The ``[fees]`` table: amount, currency, per-section amounts and the ``[[fees.discounts]]``
(a county team's discount: ``members_where`` with ``min_members_matching``)."""

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
    no_section,
)
from crosstable.regulations.schema import (
    Combination,
    Discount,
    Fees,
    MemberRule,
)


def read_fees(root: TableReader, section_keys: set[str]) -> Fees | None:
    table = root.table("fees")
    if table is None:
        return None
    per = table.choice("per", ("player", "team"))
    amount = table.money("amount")
    currency = table.string("currency", max_length=MAX_KEY, name_like=True)
    combination = Combination(
        table.choice("combination", tuple(c.value for c in Combination), "sequential")
    )
    by_section: dict[str, Decimal] = {}
    sections = table.table("sections")
    if sections is not None:
        for key in list(sections.data):
            if key not in section_keys:
                raise sections.error(key, no_section(key))
            by_section[key] = sections.money(key)
        sections.finish()
    discounts = []
    for reader in table.tables("discounts"):
        discounts.append(read_discount(reader))
    keys = [discount.key for discount in discounts]
    if len(set(keys)) != len(keys):
        raise table.error("discounts", Message("two discounts have the same key"))
    table.finish()
    return Fees(per, amount, currency, tuple(discounts), combination, by_section)


def read_discount(reader: TableReader) -> Discount:
    places = reader.raw("previous_place")
    previous: tuple[int, ...] = ()
    if places is not None:
        if not isinstance(places, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= MAX_PLACE for p in places
        ):
            raise reader.error("previous_place", Message("expected an array of places, e.g. [1]"))
        previous = tuple(places)
    min_members = reader.optional_int("min_members_matching", 1)
    members_where = read_where(reader, "members")
    if min_members is not None and not members_where:
        raise reader.error("min_members_matching", Message("needs a members condition table"))
    discount = Discount(
        key=reader.string("key"),
        name=reader.string("name"),
        percent=reader.percent("percent"),
        previous_place=previous,
        previous_event=reader.string("previous_event", ""),
        entry_where=read_where(reader, "entry"),
        members_where=members_where,
        members=MemberRule(
            reader.choice("members_rule", tuple(r.value for r in MemberRule), "all")
        ),
        min_members_matching=min_members,
    )
    reader.finish()
    return discount
