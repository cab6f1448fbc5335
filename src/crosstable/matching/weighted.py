"""Maximum-weight matching on general graphs: the public entry point.

Owns :func:`max_weight_matching`: input checks and folding of parallel edges, the shortcut
for equal weights, and the sparse-subgraph strategy for dense graphs (solve on each vertex's
heaviest edges, certify against all edges, widen if needed). The algorithm itself, Edmonds'
blossom algorithm with dual variables in Galil's O(n^3) primal-dual formulation, is in
:mod:`crosstable.matching.blossom`. Nothing here knows a pairing rule: callers encode every
criterion into integer edge weights.

A run grows alternating trees from every free vertex (labelled S) along tight edges until it
finds an augmenting path; when stuck it changes the duals by the smallest amount (delta1..4)
that makes progress: a free vertex's dual reaching zero (delta1, optimality), an edge from an S
to an unlabelled vertex becoming tight (delta2), an edge between two S-blossoms becoming tight
(delta3), or a T-blossom's dual reaching zero so that it must be expanded (delta4).
"""

from __future__ import annotations

import heapq
import sys
from collections.abc import Iterable

from crosstable.matching.blossom import BlossomRun, OptimalDuals
from crosstable.matching.cardinality import maximum_matching_of_rows


def _normalise_edges(
    vertex_count: int, edges: Iterable[tuple[int, int, int]]
) -> dict[tuple[int, int], int]:
    """Validate the edge list and fold duplicate edges into one (keeping the larger weight)."""
    if vertex_count < 0:
        raise ValueError(f"vertex_count must be non-negative, got {vertex_count}")
    best: dict[tuple[int, int], int] = {}
    for index, (u, v, w) in enumerate(edges):
        if not (0 <= u < vertex_count and 0 <= v < vertex_count):
            raise ValueError(
                f"edge #{index} ({u}, {v}) has an endpoint outside 0..{vertex_count - 1}"
            )
        if u == v:
            raise ValueError(f"edge #{index} is a self-loop on vertex {u}")
        key = (u, v) if u < v else (v, u)
        previous = best.get(key)
        if previous is None or w > previous:
            best[key] = w
    return best


def max_weight_matching(
    vertex_count: int,
    edges: Iterable[tuple[int, int, int]],
    max_cardinality: bool = False,
) -> list[int]:
    """Return a maximum-weight matching of the general graph given by ``edges``.

    ``edges`` holds ``(u, v, weight)`` triples with ``0 <= u, v < vertex_count``, ``u != v``,
    and integer weights of any size (zero and negative weights allowed). Parallel edges are
    folded into one carrying the largest weight.

    With ``max_cardinality=False`` the result maximises the total weight (edges of weight
    zero or less may or may not be used). With ``max_cardinality=True`` it maximises the total
    weight among the matchings of maximum cardinality.

    Returns ``mate`` with ``mate[v]`` the partner of ``v`` or ``-1`` if ``v`` is unmatched.
    Which of several optimal matchings is returned is unspecified: a caller who needs a
    particular one must say so in the weights.
    """
    folded = _normalise_edges(vertex_count, edges)
    return solve_folded(vertex_count, folded, max_cardinality)[0]


def solve_folded(
    vertex_count: int,
    folded: dict[tuple[int, int], int],
    max_cardinality: bool,
    proof: bool = False,
) -> tuple[list[int], OptimalDuals | None]:
    """:func:`max_weight_matching` on edges already checked and folded, with the optimal
    duals that prove it (:class:`~crosstable.matching.blossom.OptimalDuals`; None with
    max_cardinality when the matching is not perfect). ``crosstable.matching.lexicographic``
    reads them. Without ``proof`` they may also be None where the shortcut for equal
    weights gives none (a matching that is not perfect)."""
    if not folded:
        return [-1] * vertex_count, OptimalDuals([0] * vertex_count, [])
    first = next(iter(folded.values()))
    if (max_cardinality or first > 0) and all(w == first for w in folded.values()):
        # All edges alike: any maximum-cardinality matching is optimal.
        mate = _unweighted_maximum(vertex_count, folded)
        # Every edge is tight at dual = weight: a proof when nobody is left out (without
        # max_cardinality a vertex of positive dual must be matched).
        if -1 not in mate:
            return mate, OptimalDuals([first] * vertex_count, [])
        if not proof:
            return mate, None
    # Rotating a blossom recurses once per nesting level, and nesting can reach n / 2 levels
    # (pure-Python recursion does not grow the C stack on Python 3.11+).
    limit = sys.getrecursionlimit()
    if limit < vertex_count + 1000:
        sys.setrecursionlimit(vertex_count + 1000)
    try:
        if len(folded) > _SPARSE_FACTOR * vertex_count:
            run = _solve_on_sparse_subgraph(vertex_count, folded, max_cardinality)
        else:
            run = BlossomRun(vertex_count, folded, max_cardinality)
            run.solve()
    finally:
        sys.setrecursionlimit(limit)
    return run.mate(), run.optimal_duals(perfect_required=max_cardinality)


def _unweighted_maximum(vertex_count: int, folded: dict[tuple[int, int], int]) -> list[int]:
    adjacency: list[list[int]] = [[] for _ in range(vertex_count)]
    for u, v in folded:
        adjacency[u].append(v)
        adjacency[v].append(u)
    return maximum_matching_of_rows(adjacency)  # folded edges: valid, no duplicates


# Dense graphs are first solved on the heaviest few edges of each vertex, then the result's
# duals are checked against all edges (see _solve_on_sparse_subgraph).
_SPARSE_FACTOR = 12
_SPARSE_DEGREE = 8


def _solve_on_sparse_subgraph(
    vertex_count: int, folded: dict[tuple[int, int], int], max_cardinality: bool
) -> BlossomRun:
    """Solve on a subgraph, then prove the answer optimal for the whole graph.

    The subgraph keeps each vertex's heaviest edges. Its optimal solution comes with duals;
    if no edge of the whole graph has negative slack under them, they are a feasible dual
    solution of the whole problem satisfying complementary slackness with the matching, so
    the matching is optimal for the whole graph too (for max_cardinality as well: the free
    vertices still share the smallest dual). Otherwise the violated edges join the subgraph
    and it is solved again; once it holds a quarter of all edges, the whole graph is solved.
    """
    # Rows of (weight, closeness, edge). Among equally heavy edges a vertex keeps those to
    # the vertices just after it (cyclically), so that ties, frequent when weights pack
    # criteria, spread over the graph instead of all pointing at the same few vertices.
    n = vertex_count
    incident: list[list[tuple[int, int, tuple[int, int]]]] = [[] for _ in range(n)]
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for key, w in folded.items():
        u, v = key
        incident[u].append((w, u - v + n, key))
        incident[v].append((w, v - u, key))
        neighbours[u].append(v)
        neighbours[v].append(u)
    # A maximum-cardinality matching of the whole graph goes into the subgraph too, so that
    # the subgraph can match as many vertices as the whole graph (otherwise the check
    # below fails on every edge near the vertices left free).
    mate = maximum_matching_of_rows(neighbours)
    kept: set[tuple[int, int]] = {(v, m) for v, m in enumerate(mate) if v < m}
    for row in incident:
        if len(row) <= _SPARSE_DEGREE:
            kept.update(entry[2] for entry in row)
        else:
            kept.update(entry[2] for entry in heapq.nlargest(_SPARSE_DEGREE, row))
    while True:
        if 4 * len(kept) >= len(folded):
            # The subgraph is no longer sparse: solving the whole graph at once is cheaper.
            whole = BlossomRun(vertex_count, folded, max_cardinality)
            whole.solve()
            return whole
        solver = BlossomRun(vertex_count, {key: folded[key] for key in kept}, max_cardinality)
        solver.solve()
        violated = solver.violated_edges(folded, kept)
        if not violated:
            return solver
        kept.update(violated)
