"""One later round of the xiangqi Swiss as per-player weight parts: class
:class:`PairWeights`, what the national-size solvers (:mod:`crosstable.pairing.xiangqi_sparse`,
:mod:`crosstable.pairing.xiangqi_split`, :mod:`crosstable.pairing.xiangqi_start`) read a
pair's edge weight from without listing the pairs. :mod:`crosstable.pairing.xiangqi` builds
it (``_LaterRound._weights``) exactly as it packs the listed graph's weights.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(slots=True)
class PairWeights:
    """One later round's weights, per player (players ``0 .. n-1`` in ranking order, so
    levels never decrease; the bye vertex ``n`` for an odd count), exactly as
    ``_LaterRound._graph`` packs them: :meth:`weight` of a pair is that graph's edge weight,
    None where it has no edge."""

    level: list[int]
    position: list[int]
    """Position inside the player's score segment (0: its top)."""
    level_sizes: list[int]
    level_start: list[int]
    """Index of each level's first player."""
    kind: list[int]
    conflict: list[list[int]]
    """Packed X8 penalty between two kinds of colour preference."""
    units: list[str]
    forced: list[object]
    """The colour X3 imposes (None: free); two players forced alike cannot meet."""
    met: list[set[int]]
    """Per player, the players (by index) he may not meet again (X1) or is barred from (X2)."""
    bye_weight: list[int | None]
    """Weight of each player's bye edge (None: had the bye)."""
    top: int
    avoid: int
    order_weight: int
    crossing: list[list[int]]
    """Packed X7 penalty of a pair between two levels (high, low)."""
    ideal: list[int]
    """Per level, the ideal position difference inside the segment (X9)."""

    @property
    def player_count(self) -> int:
        return len(self.level)

    def weight(self, i: int, j: int) -> int | None:
        """The edge weight of players ``i < j`` (or ``j == n``, the bye), None: no edge."""
        n = len(self.level)
        if j == n:
            return self.bye_weight[i]
        if j in self.met[i]:
            return None
        forced = self.forced[i]
        if forced is not None and forced is self.forced[j]:
            return None
        level_i, level_j = self.level[i], self.level[j]
        if level_i == level_j:
            deviation = self.position[j] - self.position[i] - self.ideal[level_i]
            weight = self.top - self.order_weight * deviation * deviation
        else:
            floater = self.level_sizes[level_i] - 1 - self.position[i]
            weight = (
                self.top
                - self.crossing[level_i][level_j]
                - self.order_weight * (floater + self.position[j])
            )
        weight -= self.conflict[self.kind[i]][self.kind[j]]
        unit = self.units[i]
        if unit and unit == self.units[j]:
            weight -= self.avoid
        return weight
