"""The graph of who may still be paired with whom, and the matchings a Swiss pairing system
asks of it: a maximum-weight perfect matching of the players not yet paired, possibly solved
on a reduced graph first, and quick "can these still all be paired?" checks.

Generic: vertices are integers, the weights come from the caller; no pairing rule here. The
FIDE Dutch system uses it bracket by bracket, and the other Swiss systems can.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from crosstable.matching import max_cardinality_matching
from crosstable.pairing.base import PairingError

MatchingFunction = Callable[..., list[int]]
"""``max_weight_matching(vertex_count, edges, max_cardinality=...) -> mate``."""

OUTSIDE = -2
"""Mate of a vertex that :meth:`PairingGraph.solve_around` sends out of the core."""


class PairingGraph:
    """Vertices ``0 .. vertex_count-1`` and the pairs allowed between them."""

    def __init__(self, vertex_count: int, matching: MatchingFunction) -> None:
        self.vertex_count = vertex_count
        self.matching = matching
        self.neighbours: list[set[int]] = [set() for _ in range(vertex_count)]

    def connect(self, u: int, v: int) -> None:
        self.neighbours[u].add(v)
        self.neighbours[v].add(u)

    def disconnect(self, u: int, v: int) -> None:
        self.neighbours[u].discard(v)
        self.neighbours[v].discard(u)

    def no_pairing_message(self) -> str:
        return "no pairing satisfies the absolute criteria"

    def solve(
        self, vertices: Sequence[int], weight: Callable[[int, int], int | None]
    ) -> dict[int, int]:
        """A maximum-weight perfect matching of ``vertices`` (edges where ``weight`` is not
        None); raises PairingError if none is perfect."""
        local = {v: k for k, v in enumerate(vertices)}
        edges: list[tuple[int, int, int]] = []
        for v in vertices:
            for u in self.neighbours[v]:
                if u > v and u in local:
                    w = weight(v, u)
                    if w is not None:
                        edges.append((local[v], local[u], w))
        mate = self.matching(len(vertices), edges, max_cardinality=True)
        result: dict[int, int] = {}
        for k, m in enumerate(mate):
            if m < 0:
                raise PairingError(self.no_pairing_message())
            result[vertices[k]] = vertices[m]
        return result

    def solve_around(
        self,
        vertices: Sequence[int],
        core: set[int],
        weight: Callable[[int, int], int | None],
    ) -> dict[int, int]:
        """As :meth:`solve`, for weights under which every player outside ``core`` is
        interchangeable (an edge's weight depends only on its ``core`` end, all edges outside
        ``core`` weigh the same). The players outside ``core`` are first replaced by a few
        interchangeable stand-ins; if the players the relaxed optimum sends out of ``core``
        can really be paired with the others, that optimum is exact (a relaxation reached),
        else the full problem is solved. Players sent out map to ``OUTSIDE``."""
        outside = [v for v in vertices if v not in core]
        inner = [v for v in vertices if v in core]
        if len(outside) <= len(inner) + 2 or len(outside) < 2:
            return self.solve(vertices, weight)
        stand_ins = len(inner) + 1
        if stand_ins % 2 != len(outside) % 2:
            stand_ins -= 1
        outside_set = set(outside)
        local = {v: k for k, v in enumerate(inner)}
        n = len(inner)
        edges: list[tuple[int, int, int]] = []
        for v in inner:
            representative = None
            for u in self.neighbours[v]:
                if u in local:
                    if u > v:
                        w = weight(v, u)
                        if w is not None:
                            edges.append((local[v], local[u], w))
                elif representative is None and u in outside_set:
                    representative = u
            if representative is not None:
                w = weight(v, representative)
                if w is not None:
                    edges.extend((local[v], n + k, w) for k in range(stand_ins))
        filler = weight(outside[0], outside[1])
        assert filler is not None
        for a in range(stand_ins):
            edges.extend((n + a, n + b, filler) for b in range(a + 1, stand_ins))
        mate = self.matching(n + stand_ins, edges, max_cardinality=True)
        if any(m < 0 for m in mate):
            return self.solve(vertices, weight)
        sent_out = [inner[k] for k in range(n) if mate[k] >= n]
        if not self.has_perfect_matching([*outside, *sent_out]):
            return self.solve(vertices, weight)
        return {inner[k]: (inner[m] if m < n else OUTSIDE) for k, m in enumerate(mate[:n])}

    def has_perfect_matching(self, vertices: list[int]) -> bool:
        if len(vertices) % 2:
            return False
        local = {v: k for k, v in enumerate(vertices)}
        adjacency = [[local[u] for u in self.neighbours[v] if u in local] for v in vertices]
        mate = max_cardinality_matching(len(vertices), adjacency)
        return all(m >= 0 for m in mate)
