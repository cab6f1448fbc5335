"""The xiangqi Swiss's speed-up: solve a round over the pairs few score levels apart and keep
that optimum only when it is provably the optimum over all pairs.

This module owns :class:`RoundGraph` (the weighted graph of one later round, its edges stored
row by row so that the pairs at most ``span`` levels apart are a prefix of every row) and
:func:`near_matching` (the near-graph optimum and its proof). The weights themselves, and
what they mean, are :mod:`crosstable.pairing.xiangqi`'s; docs/pairing/xiangqi.md, "Tests and
speed", states the proof. The answer is the same whether or not the shortcut is taken.
"""

from __future__ import annotations

import dataclasses
import itertools
from bisect import bisect_left

from crosstable.matching import max_cardinality_matching, max_weight_matching

NEAR_SPANS = (1, 2)
"""The near graphs tried, in order: pairs at most one, then two, score levels apart."""


@dataclasses.dataclass(slots=True)
class RoundGraph:
    """One round's weighted graph: players ``0 .. n-1`` in ranking order (so their score
    levels never decrease, 0 the highest), and the bye vertex ``n`` for an odd count."""

    level: list[int]
    """Score level of each player."""
    level_sizes: list[int]
    """Players at each level."""
    edges: list[tuple[int, int, int]]
    """``(i, j, weight)``: the player pairs row by row (``i`` ascending, then ``j > i``
    ascending), then the bye edges ``(i, n, weight)``."""
    row_start: list[int]
    """Index in :attr:`edges` of row ``i``'s first pair; ``row_start[n]``: the first bye edge."""
    row_cut: dict[int, list[int]]
    """For each span of :data:`NEAR_SPANS`: per row, the index just after its last pair at most
    ``span`` levels apart (the levels of a row never decrease, so these pairs are a prefix)."""
    units: list[str]
    """Unit of each player for same-unit avoidance ("" everywhere when it does not apply)."""
    _neighbours: tuple[list[list[int]], list[list[int]]] | None = None
    no_near_optimum: bool = False
    """Set by :func:`near_matching` when no span's answer can be proved optimal (the whole
    graph must be solved)."""
    _pairs_everyone_from: int | None = None
    """The smallest span whose near graph is known to pair everyone."""

    @property
    def player_count(self) -> int:
        return len(self.level)

    @property
    def bye_vertex(self) -> int:
        """The bye vertex, -1 for an even count."""
        n = self.player_count
        return n if n % 2 else -1

    @property
    def vertex_count(self) -> int:
        return self.player_count + (self.player_count % 2)

    def near_edges(self, span: int) -> list[tuple[int, int, int]]:
        """The pairs at most ``span`` levels apart and the bye edges, in :attr:`edges` order
        (the order the whole graph's edges are given in, so that the matcher sees the same
        graph whichever way it is reached)."""
        edges, start, cut = self.edges, self.row_start, self.row_cut[span]
        near: list[tuple[int, int, int]] = []
        for i in range(self.player_count):
            near += edges[start[i] : cut[i]]
        near += edges[start[self.player_count] :]
        return near

    def neighbours(self) -> tuple[list[list[int]], list[list[int]]]:
        """Per player, the players below (higher index) and above (lower index) it may meet,
        each list ascending; the bye vertex is left out."""
        if self._neighbours is None:
            edges, start = self.edges, self.row_start
            n = self.player_count
            below = [[edge[1] for edge in edges[start[i] : start[i + 1]]] for i in range(n)]
            above: list[list[int]] = [[] for _ in range(n)]
            for i, row in enumerate(below):
                for j in row:
                    above[j].append(i)
            self._neighbours = (below, above)
        return self._neighbours

    def pairs_everyone(self, span: int) -> bool:
        """Whether the pairs at most ``span`` levels apart (and the bye edges) can pair every
        player: a maximum-cardinality matching, a few milliseconds where the weighted
        matching that would find out takes tens."""
        if self._pairs_everyone_from is not None and span >= self._pairs_everyone_from:
            return True
        n = self.player_count
        below, above = self.neighbours()
        first_of_level = [0, *itertools.accumulate(self.level_sizes)]
        level, start, cut = self.level, self.row_start, self.row_cut[span]
        rows: list[list[int]] = []
        for v in range(n):
            # ``above[v]`` ascends, so its players at most ``span`` levels up are a suffix.
            nearest = first_of_level[max(0, level[v] - span)]
            rows.append(above[v][bisect_left(above[v], nearest) :] + below[v][: cut[v] - start[v]])
        if n % 2:
            rows.append([])
            for edge in self.edges[start[n] :]:
                rows[edge[0]].append(n)
                rows[n].append(edge[0])
        mate = max_cardinality_matching(self.vertex_count, rows)
        if any(partner < 0 for partner in mate):
            return False
        self._pairs_everyone_from = span
        return True


def near_matching(graph: RoundGraph, span: int) -> list[int] | None:
    """The optimum over the pairs at most ``span`` score levels apart, if it is provably the
    optimum over all pairs; None otherwise (then the caller tries a wider span, unless
    :attr:`RoundGraph.no_near_optimum` says none can do, or solves the whole graph).

    Proof: a matching better than this one over all pairs would need no more same-unit games
    (X5: here none), a bye at least as good (X6: checked below), and each boundary crossed no
    more often; here each is crossed the least a matching can (the players above it, less
    the bye, that a maximum matching among them leaves). So it crosses the boundaries as
    often as this one: the sum of its pairs' distances d is the same, and its sum of d² must
    not be larger, that is its sum of d(d - 1) not larger than this one's. A pair more than
    ``span`` levels apart alone makes that sum at least (span + 1) x span, which this one
    stays below: so it has no such pair, is among the matchings considered here, and is not
    better.

    Every test that rejects an answer here is one the answer would fail anyway, done first
    because it is cheaper: the result is the same as solving every span in turn.
    """
    near = graph.near_edges(span)
    if len(near) == len(graph.edges) or not graph.pairs_everyone(span):
        return None
    mate = max_weight_matching(graph.vertex_count, near, max_cardinality=True)
    if any(partner < 0 for partner in mate):
        return None
    n, units, bye_vertex = graph.player_count, graph.units, graph.bye_vertex
    if any(units[i] and units[i] == units[mate[i]] for i in range(n) if mate[i] < n):
        return None
    bye_index = mate[bye_vertex] if bye_vertex >= 0 else -1
    if bye_index >= 0 and not _no_better_bye(graph, bye_index):
        return None
    level = graph.level
    crossings = [0] * len(graph.level_sizes)
    excess = 0  # the sum of d(d - 1) over the pairs, d their level distance
    for i in range(n):
        if i < mate[i] < n:
            high, low = level[i], level[mate[i]]
            excess += (low - high) * (low - high - 1)
            for boundary in range(high, low):
                crossings[boundary] += 1
    if excess >= (span + 1) * span:
        return None
    first_below = 0
    for boundary, crossed in enumerate(crossings[:-1]):
        first_below += graph.level_sizes[boundary]
        # ``crossed`` is the players above less the bye, less twice this matching's pairs
        # among them: a maximum matching among them can only leave fewer, and of the same
        # parity, so 0 or 1 is already the least.
        if crossed < 2:
            continue
        least = _unpaired_on_one_side(graph, mate, bye_index, first_below, above=True)
        if crossed == least:
            continue
        # No wider span can do better if no complete pairing reaches ``least`` at all: the
        # players below that a maximum matching among them leaves must cross too. (A wider
        # span's answer is kept only with this bye, the best possible: it passed X6 above.)
        if _unpaired_on_one_side(graph, mate, bye_index, first_below, above=False) > least:
            graph.no_near_optimum = True
        return None
    return mate


def _unpaired_on_one_side(
    graph: RoundGraph, mate: list[int], bye_index: int, first_below: int, *, above: bool
) -> int:
    """How many players above (or below) player ``first_below``'s position, the bye apart,
    a maximum matching among themselves leaves unpaired; searched from ``mate``'s pairs
    among them, so that only a few augmenting paths remain to find."""
    n = graph.player_count
    below_of, above_of = graph.neighbours()
    side = range(first_below) if above else range(first_below, n)
    rows: list[list[int]] = [[] for _ in range(n)]
    side_mate = [-1] * n
    for v in side:
        if v == bye_index:
            continue
        if above:
            rows[v] = above_of[v] + below_of[v][: bisect_left(below_of[v], first_below)]
        else:
            rows[v] = above_of[v][bisect_left(above_of[v], first_below) :] + below_of[v]
        partner = mate[v]
        if partner in side and partner != bye_index:
            side_mate[v] = partner
    if bye_index in side:
        for w in above_of[bye_index] + below_of[bye_index]:
            if w in side:
                rows[w].remove(bye_index)
    result = max_cardinality_matching(n, rows, side_mate)
    return sum(1 for v in side if result[v] < 0 and v != bye_index)


def _no_better_bye(graph: RoundGraph, chosen: int) -> bool:
    """Whether no player ranked below ``chosen`` could take the bye (X6) with everyone else
    paired over all pairs."""
    n, bye_vertex = graph.player_count, graph.bye_vertex
    eligible = {edge[0] for edge in graph.edges[graph.row_start[n] :]}
    below, above = graph.neighbours()
    adjacency = [above[v] + below[v] for v in range(n)]
    for candidate in range(bye_vertex - 1, chosen, -1):
        if candidate not in eligible:
            continue
        rows = [
            [] if x == candidate else [y for y in row if y != candidate]
            for x, row in enumerate(adjacency)
        ]
        mate = max_cardinality_matching(bye_vertex, rows)
        if sum(partner >= 0 for partner in mate) == bye_vertex - 1:
            return False
    return True
