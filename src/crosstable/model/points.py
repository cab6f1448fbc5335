"""How a score is written: the one formatter of points (game points, match points, a player's
score), exact, in the two notations the project writes.

* decimal (files, the command line, warnings): ``1``, ``1.5``, ``0.25``;
* with halves (the pages and printouts): ``1``, ``½``, ``6½``; a part that is no half (a
  quarter under an unusual scoring) as a decimal, ``1.25``.

A fraction with no finite decimal, which no scoring system gives, is written as a fraction
(``1/3``): never a rounded float. Tie-break values (averages, ratings) are not scores and are
formatted where they are shown. TRF columns have their own fixed form
(``crosstable.formats.trf.scoring.format_points``).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction


def points_text(points: Fraction | int, *, halves: bool = False) -> str:
    """``points`` as written: decimal (``1.5``), or with ``halves`` as ``1½`` / ``½``."""
    points = Fraction(points)
    if points < 0:
        return "-" + points_text(-points, halves=halves)
    whole, part = divmod(points, 1)
    if part == 0:
        return str(int(whole))
    if halves and part == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    denominator = points.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return str(points)
    return format(Decimal(points.numerator) / Decimal(points.denominator), "f")
