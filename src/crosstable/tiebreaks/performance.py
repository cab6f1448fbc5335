"""Rating-based tie-breaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO and RTNG.

They use games played over the board only, scored on the 1/½/0 rating scale whatever the
tournament's point system. The two conversion tables are the FIDE Rating Regulations' (B.02
8.1.1 p → dp, and 8.1.2 rating difference → expected score PD); tests check them against the
copy in FIDE's reference checker. When a participant has no rating and no default rating was
given, every rating tie-break is unavailable (None) for everyone.

In a Double-Swiss section they count games, as FIDE rates them (``IndividualContext.games``):
an opponent's rating once per game played, a cut drops one game's rating.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction
from math import floor

from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import TiebreakSpec
from crosstable.tiebreaks.unplayed import UnplayedRule

DP_FOR_PERCENTAGE: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip
"""B.02 8.1.1: dp for p = .50, .51, … 1.00 (index = 100·p − 50); dp(p) = −dp(1 − p) below .50."""

PD_UPPER_BOUNDS: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip
"""B.02 8.1.2: the higher-rated player's expected score is .50 + .01·i for rating differences up
to ``PD_UPPER_BOUNDS[i]``, and 1.00 above 735."""


def dp(percentage: int) -> int:
    """Rating difference for a score percentage 0..100 (B.02 8.1.1)."""
    if percentage >= 50:
        return DP_FOR_PERCENTAGE[percentage - 50]
    return -DP_FOR_PERCENTAGE[50 - percentage]


def expected_hundredths(difference: int) -> int:
    """Expected score ×100 of a player rated ``difference`` points above the opponent."""
    if difference < 0:
        return 100 - expected_hundredths(-difference)
    return 50 + bisect_left(PD_UPPER_BOUNDS, difference)


def round_half_up(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


def _opponent_ratings(ctx: IndividualContext, number: int) -> tuple[list[int], int]:
    """Ratings of opponents met over the board and the points (in halves) scored against them."""
    ratings: list[int] = []
    halves = 0
    for round_number, record in enumerate(ctx.records[number], start=1):
        if record.played and record.opponent is not None:
            rating = ctx.opponent_rating(record.opponent, round_number)
            if rating is None:
                continue
            ratings.append(rating)
            halves += record.standard_halves
    return ratings, halves


def _cut_ratings(ctx: IndividualContext, number: int, spec: TiebreakSpec) -> list[int]:
    ratings, _ = _opponent_ratings(ctx, number)
    ratings.sort()
    low, high = spec.cut, spec.high
    if ctx.unplayed_rule is UnplayedRule.VIRTUAL_OPPONENT:
        # Before 2023 the unplayed rounds were the first to be cut.
        unplayed = ctx.rounds - len(ratings)
        used = min(unplayed, low)
        low -= used
        high -= min(unplayed - used, high)
    low = min(low, len(ratings))
    high = min(high, len(ratings) - low)
    return ratings[low : len(ratings) - high]


def average_rating_of_opponents(
    ctx: IndividualContext, spec: TiebreakSpec
) -> dict[int, int | None]:
    """ARO (10.1): mean rating of the opponents met over the board, rounded (.5 up)."""
    ctx = ctx.games
    result: dict[int, int | None] = dict.fromkeys(ctx.numbers)
    if not ctx.all_rated:
        return result
    for number in ctx.numbers:
        ratings = _cut_ratings(ctx, number, spec)
        if ratings:
            result[number] = round_half_up(Fraction(sum(ratings), len(ratings)))
    return result


def performance_of(ratings: list[int], halves: int) -> int | None:
    """TPR of a score (in half points) against ``ratings``: ARO + dp(p), p rounded to .01."""
    if not ratings:
        return None
    average = round_half_up(Fraction(sum(ratings), len(ratings)))
    percentage = round_half_up(Fraction(100 * halves, 2 * len(ratings)))
    return average + dp(percentage)


def perfect_performance_of(ratings: list[int], halves: int) -> int | None:
    """PTP: the lowest integer rating whose expected score (PD table) reaches the score;
    a zero score gives the lowest opponent rating − 800."""
    if not ratings:
        return None
    if halves == 0:
        return min(ratings) - 800
    target = 50 * halves  # score in hundredths
    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:
        middle = (low + high) // 2
        total = sum(expected_hundredths(middle - rating) for rating in ratings)
        if total >= target:
            high = middle
        else:
            low = middle + 1
    return low


def tournament_performance(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """TPR (10.2): ARO + dp(p) with p the score percentage over the board."""
    ctx = ctx.games
    result: dict[int, int | None] = dict.fromkeys(ctx.numbers)
    if not ctx.all_rated:
        return result
    for number in ctx.numbers:
        ratings, halves = _opponent_ratings(ctx, number)
        result[number] = performance_of(ratings, halves)
    return result


def perfect_performance(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """PTP (10.3): perfect tournament performance."""
    ctx = ctx.games
    result: dict[int, int | None] = dict.fromkeys(ctx.numbers)
    if not ctx.all_rated:
        return result
    for number in ctx.numbers:
        ratings, halves = _opponent_ratings(ctx, number)
        result[number] = perfect_performance_of(ratings, halves)
    return result


def _average_over_opponents(
    ctx: IndividualContext, values: dict[int, int | None]
) -> dict[int, int | None]:
    result: dict[int, int | None] = dict.fromkeys(ctx.numbers)
    for number in ctx.numbers:
        known = [
            value
            for record in ctx.records[number]
            if record.played
            and record.opponent is not None
            and (value := values[record.opponent]) is not None
        ]
        if known:
            result[number] = round_half_up(Fraction(sum(known), len(known)))
    return result


def average_performance_of_opponents(
    ctx: IndividualContext, spec: TiebreakSpec
) -> dict[int, int | None]:
    """APRO (10.4): mean TPR of the opponents met over the board, rounded (.5 up)."""
    ctx = ctx.games
    if not ctx.all_rated:
        return dict.fromkeys(ctx.numbers)
    return _average_over_opponents(ctx, tournament_performance(ctx, spec))


def average_perfect_performance_of_opponents(
    ctx: IndividualContext, spec: TiebreakSpec
) -> dict[int, int | None]:
    """APPO (10.5): mean PTP of the opponents met over the board, rounded (.5 up)."""
    ctx = ctx.games
    if not ctx.all_rated:
        return dict.fromkeys(ctx.numbers)
    return _average_over_opponents(ctx, perfect_performance(ctx, spec))


def rating(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """RTNG (10.6, new in 2026): the participant's rating, higher first."""
    if not ctx.all_rated:
        return dict.fromkeys(ctx.numbers)
    return dict(ctx.ratings)
