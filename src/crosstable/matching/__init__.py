"""Generic matching machinery: maximum-weight and maximum-cardinality matching on general
graphs. Knows nothing of chess, FIDE or any pairing rule; the pairing systems encode their
criteria as integer edge weights and call in here."""

from crosstable.matching.weighted import max_weight_matching

__all__ = ["max_weight_matching"]
