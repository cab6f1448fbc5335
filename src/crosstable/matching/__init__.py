"""Generic matching machinery: maximum-weight and maximum-cardinality matching on general
graphs. Knows nothing of chess, FIDE or any pairing rule; the pairing systems encode their
criteria as integer edge weights and call in here."""

from crosstable.matching.cardinality import (
    MatchingOracle,
    SubsetMatcher,
    max_cardinality_matching,
    perfect_matching_within,
)
from crosstable.matching.classes import (
    ClassGraph,
    class_lexicographic_matching,
    class_weighted_matching,
)
from crosstable.matching.lexicographic import lexicographic_matching
from crosstable.matching.weighted import max_weight_matching

__all__ = [
    "ClassGraph",
    "MatchingOracle",
    "SubsetMatcher",
    "class_lexicographic_matching",
    "class_weighted_matching",
    "lexicographic_matching",
    "max_cardinality_matching",
    "max_weight_matching",
    "perfect_matching_within",
]
