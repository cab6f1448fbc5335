"""Optimality certificate of a finished blossom run against edges it was not given.

``crosstable.matching.weighted`` solves a dense graph on a sparse subgraph first; the duals
of that run prove its matching optimal for the whole graph unless some edge left out would
make them infeasible. This module finds those edges. See ``blossom_state`` for the notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosstable.matching.blossom_state import S, T

if TYPE_CHECKING:
    from crosstable.matching.blossom_state import BlossomState


def violated_edges(
    run: BlossomState, folded: dict[tuple[int, int], int], skip: set[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Edges of ``folded`` (other than ``skip``) that the final state does not prove
    useless, i.e. that would make the dual solution infeasible.

    Without max_cardinality that means a negative slack. With it, the run stops when no
    dual change can make progress, and the proof is the limit of changing the duals
    without bound (which the C-shifted problem "max weight with every weight raised by a
    huge C" would do): S-vertices' duals go to minus infinity and T-vertices' to plus
    infinity, so an edge from an S-vertex to another S-blossom or to an unlabelled
    vertex is violated whatever its slack, an edge touching a T-vertex (and no S-vertex)
    never is, and the others keep their slack.
    """
    n = run.n
    label = run.label
    stuck = run.max_cardinality
    parent = run.parent
    actual = [run.actual_dual(x) for x in range(2 * n)]
    # Sum of the duals of a blossom and all the blossoms around it, top-down.
    around: dict[int, int] = {}

    def dual_around(b: int) -> int:
        path: list[int] = []
        while b != -1 and b not in around:
            path.append(b)
            b = parent[b]
        running = 0 if b == -1 else around[b]
        for c in reversed(path):
            running += actual[c]
            around[c] = running
        return running

    ancestors: dict[int, set[int]] = {}
    in_blossom = run.in_blossom
    # Per vertex: duals of all blossoms around it, and of its top-level blossom only
    # (bounds on what the blossoms around both ends of an inner edge add).
    around_vertex = [0 if parent[x] == -1 else dual_around(parent[x]) for x in range(n)]
    around_top = [actual[in_blossom[x]] if in_blossom[x] >= n else 0 for x in range(n)]
    violated: list[tuple[int, int]] = []
    for key, w in folded.items():
        u, v = key
        bu = in_blossom[u]
        bv = in_blossom[v]
        if stuck and bu != bv:
            lu = label[bu]
            lv = label[bv]
            if lu == S or lv == S:
                if lu != T and lv != T and key not in skip:
                    violated.append(key)
                    continue
            elif lu == T or lv == T:
                continue
        slack = actual[u] + actual[v] - 2 * w
        if slack >= 0 or key in skip:
            continue
        if bu == bv:
            # Both inside one blossom: the duals of the blossoms containing both count
            # twice. At least the top-level one does, at most all those around either end.
            if slack + 2 * around_top[u] >= 0:
                continue
            if slack + 2 * min(around_vertex[u], around_vertex[v]) < 0:
                violated.append(key)
                continue
            above_u = ancestors.get(u)
            if above_u is None:
                above_u = set()
                b = parent[u]
                while b != -1:
                    above_u.add(b)
                    b = parent[b]
                ancestors[u] = above_u
            b = parent[v]
            while b not in above_u:
                b = parent[b]
            slack += 2 * dual_around(b)
        if slack < 0:
            violated.append(key)
    return violated
