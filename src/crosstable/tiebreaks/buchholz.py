"""Buchholz family (C.07 Art. 8): BH, FB, AOB, and the Cut/Median modifiers with the VUR
exception of Art. 16.5, which Sonneborn-Berger shares.

Each round gives one *item*: the opponent's score (adjusted per Art. 16.3, or the dummy's
score for an own unplayed round, Art. 16.4), the round's contribution (the same score for
BH; score × own points for SB) and whether the round was a voluntary unplayed round.
"""

from __future__ import annotations

from fractions import Fraction

from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import TiebreakSpec
from crosstable.tiebreaks.unplayed import UnplayedRule

Item = tuple[int, int, bool]
"""One round's part of a Buchholz or Sonneborn-Berger sum (integer units): the opponent's
(or dummy's) score, the round's contribution, and whether the round was a VUR."""


def round_items(
    ctx: IndividualContext, number: int, spec: TiebreakSpec, *, with_own_points: bool
) -> list[Item]:
    """One item per round (rounds without any opponent are skipped in round robins)."""
    items: list[Item] = []
    adjusted = ctx.adjusted
    forfeits = spec.forfeits_as_played or ctx.predetermined
    for round_number, record in enumerate(ctx.records[number], start=1):
        opponent = record.opponent
        if record.played or (forfeits and opponent is not None):
            assert opponent is not None
            score = adjusted[opponent]
            vur = False
        elif ctx.predetermined:
            continue
        else:
            score = ctx.dummy_score(number, round_number)
            vur = record.is_vur
        items.append((score, score * record.points if with_own_points else score, vur))
    return items


def _plain_sum(ctx: IndividualContext, number: int, spec: TiebreakSpec) -> int:
    """Σ of the round scores without cuts (the common case, kept fast)."""
    adjusted = ctx.adjusted
    forfeits = spec.forfeits_as_played or ctx.predetermined
    total = 0
    for round_number, record in enumerate(ctx.records[number], start=1):
        opponent = record.opponent
        if record.played or (forfeits and opponent is not None):
            assert opponent is not None
            total += adjusted[opponent]
        elif not ctx.predetermined:
            total += ctx.dummy_score(number, round_number)
    return total


def sum_with_cuts(items: list[Item], spec: TiebreakSpec, rule: UnplayedRule) -> int:
    """Σ contributions after the Cut/Median modifiers (Art. 14, with the Art. 16.5 exception:
    a voluntary unplayed round is cut instead of the least significant value whenever its
    contribution is not lower)."""
    low = min(spec.cut, len(items))
    high = min(spec.high, len(items) - low)
    if not low and not high:
        return sum(item[1] for item in items)
    vur_exception = rule is not UnplayedRule.VIRTUAL_OPPONENT
    if not vur_exception or not any(item[2] for item in items):
        # Without VURs the cuts simply drop the least and most significant values:
        # items order by (opponent score, contribution).
        ordered = sorted(items)
        return sum(item[1] for item in ordered[low : len(ordered) - high])
    remaining = list(items)
    for _ in range(low):
        least = min(remaining)
        vurs = [item for item in remaining if item[2]]
        if vurs:
            lowest_vur = min(vurs, key=lambda item: (item[1], item[0]))
            if lowest_vur[1] >= least[1]:
                least = lowest_vur
        remaining.remove(least)
    for _ in range(high):
        remaining.remove(max(remaining, key=lambda item: (item[0], item[1])))
    return sum(item[1] for item in remaining)


def buchholz_units(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int]:
    rule = ctx.unplayed_rule
    if not spec.cut and not spec.high:
        return {number: _plain_sum(ctx, number, spec) for number in ctx.numbers}
    return {
        number: sum_with_cuts(round_items(ctx, number, spec, with_own_points=False), spec, rule)
        for number in ctx.numbers
    }


def buchholz(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, Fraction | None]:
    """BH (Art. 8.1): sum of the opponents' adjusted scores; with /F, Fore Buchholz."""
    source = ctx.fore_context() if spec.fore else ctx
    units = buchholz_units(source, spec)
    return {number: source.fraction(value) for number, value in units.items()}


def fore_buchholz(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, Fraction | None]:
    """FB (Art. 8.3): Buchholz as if every paired final-round game were a draw."""
    fore = ctx.fore_context()
    units = buchholz_units(fore, spec)
    return {number: fore.fraction(value) for number, value in units.items()}


def average_of_buchholz(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, Fraction | None]:
    """AOB (Art. 8.2): mean Buchholz (Fore Buchholz with /F) of the opponents played over
    the board. Kept exact; docs/tiebreaks.md explains why it is not rounded."""
    plain = TiebreakSpec("BH")
    source = ctx.fore_context() if spec.fore else ctx
    values = buchholz_units(source, plain)
    result: dict[int, Fraction | None] = {}
    for number in ctx.numbers:
        opponents = [
            record.opponent
            for record in ctx.records[number]
            if record.played and record.opponent is not None
        ]
        if not opponents:
            result[number] = None
            continue
        total = sum(values[opponent] for opponent in opponents)
        result[number] = Fraction(total, len(opponents) * source.scale)
    return result
