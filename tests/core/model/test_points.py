"""The one score formatter (``crosstable.model.points``): exact, decimal or with halves."""

from __future__ import annotations

from fractions import Fraction

import pytest

from crosstable.model.points import points_text


@pytest.mark.parametrize(
    ("points", "decimal", "halves"),
    [
        (Fraction(0), "0", "0"),
        (Fraction(3), "3", "3"),
        (Fraction(1, 2), "0.5", "½"),
        (Fraction(13, 2), "6.5", "6½"),
        (Fraction(5, 4), "1.25", "1.25"),  # a quarter is no half: decimal on the pages too
        (Fraction(1, 3), "1/3", "1/3"),  # no finite decimal: never a rounded float
        (Fraction(-1, 2), "-0.5", "-½"),
        (7, "7", "7"),
    ],
)
def test_scores_as_written(points: Fraction | int, decimal: str, halves: str) -> None:
    assert points_text(points) == decimal
    assert points_text(points, halves=True) == halves
