"""Packing several criteria into one integer edge weight (mixed radix, most significant first).

A pairing system that wants "minimise A, then B, then C" over a whole matching gives each
criterion a *field* with a capacity larger than any total the field can reach over one
matching; the packed value of an edge is the sum of ``value x multiplier`` of its fields, and a
maximum-weight matching on ``top - packed`` then optimises the fields lexicographically. Field
values may be negative (a reward) as long as the absolute total stays below the capacity.
Nothing here knows a pairing rule.
"""

from __future__ import annotations

from collections.abc import Iterable


class WeightLayout:
    """Fields with capacities, packed most significant first."""

    __slots__ = ("_multipliers", "names", "top")

    def __init__(self, fields: Iterable[tuple[str, int]]) -> None:
        declared = list(fields)
        self.names = [name for name, _ in declared]
        if len(set(self.names)) != len(self.names):
            raise ValueError("duplicate field name in weight layout")
        multipliers = [0] * len(declared)
        scale = 1
        for index in range(len(declared) - 1, -1, -1):
            capacity = declared[index][1]
            if capacity < 1:
                raise ValueError(f"field {declared[index][0]!r} needs a capacity >= 1")
            multipliers[index] = scale
            scale *= capacity
        self._multipliers = dict(zip(self.names, multipliers, strict=True))
        self.top = scale
        """One more than the largest packed total: ``top - penalty`` is always positive."""

    def multiplier(self, name: str) -> int:
        return self._multipliers[name]

    def __contains__(self, name: str) -> bool:
        return name in self._multipliers
