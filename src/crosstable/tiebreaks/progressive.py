"""Progressive scores (C.07 Art. 7.5) and the Chinese 累进分 with 逐轮递减.

PS is the sum, over rounds, of the participant's cumulative score after that round; Cut-n drops
the first n cumulative scores. 累进分 with 逐轮递减 (xiangqi rules 14.3.2) compares PS, then PS
without round 1, then without rounds 1–2, and so on until the tie is separated: that is the
lexicographic order of the tuple (PS, PS-C1, PS-C2, …).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate

from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import TiebreakSpec


def _cumulative(ctx: IndividualContext, number: int) -> list[int]:
    return list(accumulate(record.points for record in ctx.records[number]))


def progressive_score(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, Fraction | None]:
    """PS with Cut-n (the first n rounds' cumulative scores dropped)."""
    return {
        number: ctx.fraction(sum(_cumulative(ctx, number)[spec.cut :])) for number in ctx.numbers
    }


def progressive_score_dropping_rounds(
    ctx: IndividualContext, spec: TiebreakSpec
) -> dict[int, tuple[Fraction, ...] | None]:
    """累进分 逐轮递减: (PS, PS without round 1, without rounds 1–2, …), compared in order."""
    result: dict[int, tuple[Fraction, ...] | None] = {}
    for number in ctx.numbers:
        cumulative = _cumulative(ctx, number)
        sums: list[Fraction] = []
        remaining = sum(cumulative)
        for dropped in range(len(cumulative)):
            sums.append(ctx.fraction(remaining))
            remaining -= cumulative[dropped]
        result[number] = tuple(sums)
    return result
