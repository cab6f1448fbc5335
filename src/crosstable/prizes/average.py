"""Team average rating for rating-band prizes (e.g. best team with average below 1700)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction


def team_average_rating(ratings: Iterable[int], unrated_as: int) -> Fraction:
    """Exact mean of the members' ratings, an unrated member (rating 0) counting as
    ``unrated_as``. Compare it with the band limit exactly; round only for display."""
    values = [rating if rating > 0 else unrated_as for rating in ratings]
    if not values:
        raise ValueError("a team without members has no average rating")
    return Fraction(sum(values), len(values))
