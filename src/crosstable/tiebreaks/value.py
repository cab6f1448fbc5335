"""What a tie-break gives a participant: an exact number, a tuple of them (compared in order,
e.g. TBR board by board), or None (no value: the participant is not ranked by it)."""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias

TiebreakValue: TypeAlias = Fraction | int | tuple[Fraction | int, ...] | None
