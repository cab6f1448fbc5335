"""Prizes: places with amounts, category prizes, conditions and sharing.

``allocate_prizes(prize_rules, ranking)`` turns a final ranking (``RankedEntrant`` lines) and
one prize table of the regulations (``crosstable.regulations.PrizeRules``) into a
``PrizeList``: who wins what, shared places, play-offs to hold, categories not awarded.
"""

from crosstable.prizes.allocation import (
    Award,
    Playoff,
    PrizeList,
    RankedEntrant,
    SkippedCategory,
    allocate_prizes,
)
from crosstable.prizes.average import team_average_rating

__all__ = [
    "Award",
    "Playoff",
    "PrizeList",
    "RankedEntrant",
    "SkippedCategory",
    "allocate_prizes",
    "team_average_rating",
]
