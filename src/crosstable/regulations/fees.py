"""Entry fees: the amount an entry (a player or a team) owes, with each discount named.

How discounts combine (the regulations we know are silent, so the file chooses):
``combination = "sequential"`` (default) applies each discount to what the earlier ones left,
so 15% and 50% leave 0.85 × 0.5 = 42.5% of the fee, whatever the order, and a 100% discount
always makes the entry free; ``"best_only"`` applies only the largest discount.

A team fee is divided into equal shares, one per registered member. A discount about the whole
entry (previous placing, unit kind), or about members with ``members_rule = "all"`` (every
member, or at least ``min_members_matching`` members, qualify), applies to every share; a
discount with ``members_rule = "share"`` applies only to the shares of the members who qualify
(a team with two women among six pays 4/6 of the fee if women play free). Each discount's line
is what it took off, counted in the order the file lists the discounts.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from crosstable.regulations.schema import (
    AttributeValue,
    Combination,
    Discount,
    MemberRule,
    Regulations,
    matches,
)
from crosstable.regulations.sections import EntrantData


@dataclasses.dataclass(frozen=True, slots=True)
class TeamEntry:
    """A team as the fee rules need it: its unit and its registered members."""

    name: str
    members: tuple[EntrantData, ...]
    unit: str = ""
    unit_kind: str = ""
    section: str = ""
    attributes: dict[str, AttributeValue] = dataclasses.field(default_factory=dict)

    def condition_attributes(self) -> dict[str, AttributeValue]:
        attributes: dict[str, AttributeValue] = {
            "unit": self.unit or None,
            "unit_kind": self.unit_kind or None,
        }
        attributes.update(self.attributes)
        return attributes


@dataclasses.dataclass(frozen=True, slots=True)
class FeeContext:
    """Facts about an entry that are not in its registration data."""

    previous_place: int | None = None
    """The entry's place in the previous event the discounts refer to."""
    on_date: datetime.date | None = None
    """Reference date for members' ages (default: the event's start date)."""


@dataclasses.dataclass(frozen=True, slots=True)
class FeeLine:
    key: str
    name: str
    amount: Fraction
    """What this discount took off."""


@dataclasses.dataclass(frozen=True, slots=True)
class FeeBreakdown:
    base: Fraction
    discounts: tuple[FeeLine, ...]
    total: Fraction
    """Exact amount due."""
    currency: str

    @property
    def amount_due(self) -> Decimal:
        """``total`` rounded half-up to two decimals (exact for whole amounts)."""
        exact = Decimal(self.total.numerator) / Decimal(self.total.denominator)
        return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def compute_fee(
    regulations: Regulations,
    entry: EntrantData | TeamEntry,
    context: FeeContext | None = None,
) -> FeeBreakdown:
    """The fee ``entry`` owes under ``regulations``, discounts applied and named."""
    context = context or FeeContext()
    fees = regulations.fees
    if fees is None:
        return FeeBreakdown(Fraction(0), (), Fraction(0), "")
    base = Fraction(fees.sections.get(entry.section, fees.amount))
    members: Sequence[EntrantData]
    if isinstance(entry, TeamEntry):
        members = entry.members or (EntrantData(entry.name),)
        entry_attributes = entry.condition_attributes()
    else:
        members = (entry,)
        entry_attributes = entry.condition_attributes(context.on_date or regulations.start_date)
    age_on = context.on_date or regulations.start_date
    member_attributes = [member.condition_attributes(age_on) for member in members]
    share = base / len(members)
    # For each share (member), the discounts that apply to it, in file order.
    applying: list[list[Discount]] = [[] for _ in members]
    for discount in fees.discounts:
        if not _entry_qualifies(discount, entry_attributes, context):
            continue
        qualifying = [matches(discount.members_where, a) for a in member_attributes]
        if discount.members is MemberRule.SHARE and discount.members_where:
            for index, qualifies in enumerate(qualifying):
                if qualifies:
                    applying[index].append(discount)
            continue
        if discount.members_where:
            needed = discount.min_members_matching or len(members)
            if sum(qualifying) < needed:
                continue
        for discounts in applying:
            discounts.append(discount)
    if fees.combination is Combination.BEST_ONLY:
        applying = [[max(d, key=lambda x: x.percent)] if d else [] for d in applying]
    taken = {discount.key: Fraction(0) for discount in fees.discounts}
    total = Fraction(0)
    for discounts in applying:
        remaining = share
        for discount in discounts:
            off = remaining * discount.percent / 100
            taken[discount.key] += off
            remaining -= off
        total += remaining
    lines = tuple(
        FeeLine(discount.key, discount.name, taken[discount.key])
        for discount in fees.discounts
        if taken[discount.key]
    )
    return FeeBreakdown(base, lines, total, fees.currency)


def _entry_qualifies(
    discount: Discount, attributes: dict[str, AttributeValue], context: FeeContext
) -> bool:
    if discount.previous_place and context.previous_place not in discount.previous_place:
        return False
    return matches(discount.entry_where, attributes)
