"""Prizes: places with amounts, category prizes, conditions and sharing.

``allocate_prizes(prize_rules, ranking)`` turns a final ranking (``RankedEntrant`` lines) and
one prize table of the regulations (``crosstable.regulations.PrizeRules``) into a
``PrizeList``: who wins what, shared places, play-offs to hold, categories not awarded.
``rank_units_by_places`` ranks the units of an individual event by the sum of their members'
places (the team ranking of the Chinese seed events) for their team prizes.
"""

from crosstable.prizes.allocation import (
    Award,
    Playoff,
    PrizeList,
    RankedEntrant,
    SharedBeyond,
    SkippedCategory,
    allocate_prizes,
)
from crosstable.prizes.average import team_average_rating
from crosstable.prizes.team_places import (
    IndividualPlace,
    UnitPlaces,
    UnitRanking,
    rank_units_by_places,
)

__all__ = [
    "Award",
    "IndividualPlace",
    "Playoff",
    "PrizeList",
    "RankedEntrant",
    "SharedBeyond",
    "SkippedCategory",
    "UnitPlaces",
    "UnitRanking",
    "allocate_prizes",
    "rank_units_by_places",
    "team_average_rating",
]
