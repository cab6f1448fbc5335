"""FIDE ratings of an event (Rating Regulations B.02, in force since 1 March 2024): each
player's expected score, K-factor, rating change and performance, as a federation's rating
officer and chess-results show them, and the report's checks before the file goes to FIDE's
rating server (:mod:`crosstable.ratings.report`)."""

from crosstable.ratings.changes import RatedGame, RatingChange, k_factor, rating_changes

__all__ = ["RatedGame", "RatingChange", "k_factor", "rating_changes"]
