"""Prize allocation: from a final ranking and a prize table to the list of prize winners.

The ranking says, for each entrant, its rank after the tie-breaks and its ``tied_group``:
entrants with the same ``tied_group`` share a place (the regulations let them share, or the
tie-breaks could not separate them). Places are counted among the entrants who meet the prize
table's conditions (e.g. minimum games), so the best qualified entrant takes 1st prize.

A tied group that covers the places p..q:
- if any of those places is not shareable (``shareable = false``, e.g. the champion), a
  play-off is flagged; meanwhile each member is shown with the prize of their rank;
- otherwise, by the table's ``share`` mode: ``by_rank`` (each takes the prize of their rank,
  the place is shown as shared), ``equal`` (the money of places p..q is pooled and split
  equally) or ``hort`` (half of each prize by rank, the other half pooled and split equally).
Things (trophies, medals) are never pooled: each member receives those of their rank.

A shared block that starts on a prize place and runs past the last one (four tied for 6th–9th
where prizes go to 8th) is awarded whole: every member shares places 6–9 (Futian youth 八(一)2:
"other places may be shared"), never three of them picked by pairing number. A member ranked
past the prize places receives no amount and no things of its own rank (there are none) unless
the mode pools the money; ``PrizeList.shared_beyond`` names the block, so that the organiser
sees it and decides whether that member gets more.

A house player (``RankedEntrant.house``: the organiser's extra player of an odd section) wins
no prize and is not counted anywhere: places, categories and ``requires`` counts skip them, so
the entrant ranked below them takes the place.

Unless the table is ``cumulative``, an entrant receives one prize: place prizes are given
first, then the category prizes in the order the file lists them, each skipping entrants who
already won a prize of this table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from crosstable.regulations.schema import (
    AttributeValue,
    CountRequirement,
    PlacePrize,
    PrizeRules,
    ShareMode,
    matches,
)


@dataclasses.dataclass(frozen=True, slots=True)
class RankedEntrant:
    """One line of a final ranking, as prize allocation needs it."""

    rank: int
    pairing_number: int
    tied_group: Hashable | None = None
    """Entrants with the same non-None value share a place."""
    attributes: Mapping[str, AttributeValue] = dataclasses.field(default_factory=dict)
    """What category conditions test: sex, age, unit_kind, games, average_rating, …"""
    house: bool = False
    """A house player: never given a prize (``crosstable.standings`` does not rank them)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Award:
    pairing_number: int
    prize: str
    """"place" for the place prizes, else the category key."""
    first_place: int
    last_place: int
    """Equal to ``first_place`` unless the place is shared."""
    amount: Fraction
    items: tuple[str, ...]
    playoff: bool = False
    """A play-off must decide this place; the award is provisional until then."""

    @property
    def shared(self) -> bool:
        return self.last_place > self.first_place

    @property
    def amount_decimal(self) -> Decimal:
        """The amount rounded half-up to two decimals (shared money may not divide exactly)."""
        exact = Decimal(self.amount.numerator) / Decimal(self.amount.denominator)
        return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@dataclasses.dataclass(frozen=True, slots=True)
class Playoff:
    prize: str
    first_place: int
    last_place: int
    pairing_numbers: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class SharedBeyond:
    """Entrants sharing places ``first_place``–``last_place`` although the prize table's
    places end at ``last_prize_place`` (inside the block): all of them are awarded."""

    prize: str
    first_place: int
    last_place: int
    last_prize_place: int
    pairing_numbers: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class SkippedCategory:
    key: str
    """The category key, or "prize:place" for a single place whose requirements failed."""
    reason: str


@dataclasses.dataclass(frozen=True, slots=True)
class PrizeList:
    awards: tuple[Award, ...]
    playoffs: tuple[Playoff, ...] = ()
    skipped: tuple[SkippedCategory, ...] = ()
    shared_beyond: tuple[SharedBeyond, ...] = ()

    def for_entrant(self, pairing_number: int) -> tuple[Award, ...]:
        return tuple(a for a in self.awards if a.pairing_number == pairing_number)


def allocate_prizes(rules: PrizeRules, ranking: Sequence[RankedEntrant]) -> PrizeList:
    """The prize winners of ``ranking`` under the prize table ``rules``."""
    ordered = sorted(
        (entrant for entrant in ranking if not entrant.house),
        key=lambda entrant: (entrant.rank, entrant.pairing_number),
    )
    qualified = [e for e in ordered if matches(rules.where, e.attributes)]
    awards: list[Award] = []
    playoffs: list[Playoff] = []
    skipped: list[SkippedCategory] = []
    beyond: list[SharedBeyond] = []
    winners: set[int] = set()

    def unmet(requires: tuple[CountRequirement, ...]) -> CountRequirement | None:
        for requirement in requires:
            if (
                sum(matches(requirement.where, e.attributes) for e in ordered)
                < requirement.at_least
            ):
                return requirement
        return None

    def give(prize: str, places: tuple[PlacePrize, ...], candidates: list[RankedEntrant]) -> None:
        available = []
        for place in places:
            requirement = unmet(place.requires)
            if requirement is None:
                available.append(place)
            else:
                skipped.append(
                    SkippedCategory(
                        f"{prize}:{place.first}",
                        f"needs at least {requirement.at_least} qualifying entries",
                    )
                )
        new_awards, new_playoffs, new_beyond = _award_places(
            prize, tuple(available), candidates, rules.share
        )
        awards.extend(new_awards)
        playoffs.extend(new_playoffs)
        beyond.extend(new_beyond)
        winners.update(award.pairing_number for award in new_awards)

    give("place", rules.places, qualified)
    for category in rules.categories:
        requirement = unmet(category.requires)
        if requirement is not None:
            skipped.append(
                SkippedCategory(
                    category.key, f"needs at least {requirement.at_least} qualifying entries"
                )
            )
            continue
        candidates = [
            e
            for e in qualified
            if matches(category.where, e.attributes)
            and (rules.cumulative or e.pairing_number not in winners)
        ]
        give(category.key, category.places, candidates)
    return PrizeList(tuple(awards), tuple(playoffs), tuple(skipped), tuple(beyond))


def _blocks(candidates: list[RankedEntrant]) -> list[list[RankedEntrant]]:
    """Consecutive entrants of the same tied group form one block (sharing a place)."""
    blocks: list[list[RankedEntrant]] = []
    for entrant in candidates:
        previous = blocks[-1][-1] if blocks else None
        if (
            previous is not None
            and entrant.tied_group is not None
            and entrant.tied_group == previous.tied_group
        ):
            blocks[-1].append(entrant)
        else:
            blocks.append([entrant])
    return blocks


def _award_places(
    prize: str,
    places: tuple[PlacePrize, ...],
    candidates: list[RankedEntrant],
    share: ShareMode,
) -> tuple[list[Award], list[Playoff], list[SharedBeyond]]:
    by_place = {n: p for p in places for n in range(p.first, p.last + 1)}
    last_prize_place = max(by_place, default=0)
    awards: list[Award] = []
    playoffs: list[Playoff] = []
    beyond: list[SharedBeyond] = []
    position = 1
    for block in _blocks(candidates):
        first, last = position, position + len(block) - 1
        position = last + 1
        if first > last_prize_place:
            break
        span = [by_place.get(n) for n in range(first, last + 1)]
        own = [(p.amount if p else Fraction(0)) for p in span]
        amounts = [Fraction(a) for a in own]
        playoff = len(block) > 1 and any(p is not None and not p.shareable for p in span)
        if playoff:
            playoffs.append(Playoff(prize, first, last, tuple(e.pairing_number for e in block)))
        elif len(block) > 1 and share is ShareMode.EQUAL:
            amounts = [sum(amounts, Fraction(0)) / len(block)] * len(block)
        elif len(block) > 1 and share is ShareMode.HORT:
            pooled = sum(amounts, Fraction(0)) / 2 / len(block)
            amounts = [a / 2 + pooled for a in amounts]
        shared_past_the_end = not playoff and last > last_prize_place
        if shared_past_the_end:
            numbers = tuple(e.pairing_number for e in block)
            beyond.append(SharedBeyond(prize, first, last, last_prize_place, numbers))
        for entrant, place_prize, amount in zip(block, span, amounts, strict=True):
            if place_prize is None and not amount and not shared_past_the_end:
                continue  # beyond the prize places, and no pooled money reached it
            items = place_prize.items if place_prize else ()
            awards.append(Award(entrant.pairing_number, prize, first, last, amount, items, playoff))
    return awards, playoffs, beyond
