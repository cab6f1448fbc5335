"""Sonneborn-Berger (C.07 Art. 9.1) and the Koya system (Art. 9.2)."""

from __future__ import annotations

from fractions import Fraction

from crosstable.tiebreaks.buchholz import round_items, sum_with_cuts
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import TiebreakSpec


def sonneborn_berger(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, Fraction | None]:
    """SB: Σ over rounds of (opponent's adjusted score × points scored against him); own
    unplayed rounds against the Art. 16.4 dummy. Cut-1 drops the lowest-scoring opponent's
    product (the lowest product among equally low opponents), with the VUR exception."""
    source = ctx.fore_context() if spec.fore else ctx
    rule = source.unplayed_rule
    result: dict[int, Fraction | None] = {}
    for number in source.numbers:
        items = round_items(source, number, spec, with_own_points=True)
        result[number] = source.fraction(sum_with_cuts(items, spec, rule), power=2)
    return result


def koya(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, Fraction | None]:
    """KS: points scored against participants who finished with at least 50 % of the maximum
    possible score; ``/L±n`` moves the limit by n half-wins, ``/Ln`` sets it to n %."""
    percent = spec.limit_percent if spec.limit_percent is not None else 50
    maximum = ctx.win * ctx.rounds
    limit = Fraction(maximum * percent, 100)
    if spec.limit is not None:
        limit += spec.limit * ctx.win
    result: dict[int, Fraction | None] = {}
    for number in ctx.numbers:
        total = 0
        for record in ctx.records[number]:
            if record.opponent is not None and ctx.score[record.opponent] >= limit:
                total += record.points
        result[number] = ctx.fraction(total)
    return result
