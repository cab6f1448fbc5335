"""Blossoms nesting deep and T-blossoms expanded mid-search (what a Swiss round's float
through its score segments does at national size), against networkx; and the leaves of
every blossom as ``BlossomRun.remember_all_leaves`` joins them, against a walk."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from crosstable.matching.blossom import BlossomRun


def _strip(seed: int, n: int) -> dict[tuple[int, int], int]:
    """Players in a line, each paired with its near neighbours only (distances 1, 2, 3 and
    5), small weights: odd cycles everywhere, so that blossoms close around blossoms."""
    rng = random.Random(seed)
    edges = {}
    for u in range(n):
        for distance in (1, 2, 3, 5):
            if u + distance < n and rng.random() < 0.9:
                edges[u, u + distance] = rng.randint(0, 4) + (3 if distance == 1 else 0)
    return edges


class _Counted(BlossomRun):
    """Counts expansions and the deepest nesting a blossom formed had."""

    def __init__(self, n: int, edges: dict[tuple[int, int], int]) -> None:
        super().__init__(n, edges, True)
        self.expansions = 0
        self.deepest = 0
        self.depth: dict[int, int] = {}

    def add_blossom(self, base_vertex: int, k: int) -> None:
        b = self.unused_blossoms[-1]  # the id the new blossom takes
        super().add_blossom(base_vertex, k)
        self.depth[b] = 1 + max((self.depth.get(c, 0) for c in self.children[b]), default=0)
        self.deepest = max(self.deepest, self.depth[b])

    def expand_blossom(self, b: int) -> None:
        self.expansions += 1
        super().expand_blossom(b)


def _best(n: int, edges: dict[tuple[int, int], int]) -> tuple[int, int]:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for (u, v), weight in edges.items():
        graph.add_edge(u, v, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return len(matching), sum(graph.edges[u, v]["weight"] for u, v in matching)


def _leaves_walked(run: BlossomRun, b: int) -> list[int]:
    """Blossom b's vertices in the order of ``BlossomState.leaves``' walk, nothing
    remembered: its vertex children, then its blossom children's leaves, last one first."""
    if b < run.n:
        return [b]
    inner = [c for c in run.children[b] if c < run.n]
    for c in reversed(run.children[b]):
        if c >= run.n:
            inner.extend(_leaves_walked(run, c))
    return inner


def test_the_strips_nest_deep_and_expand() -> None:
    """The graphs below do what they are for: blossoms ten deep and more, and expansions."""
    deepest = expansions = 0
    for seed in range(40):
        n = 2 * random.Random(seed).randint(15, 40)
        for remember in (False, True):
            run = _Counted(n, _strip(seed, n))
            run.remember_t_slacks = remember
            run.solve_from([-1] * n, _start_duals(seed, n, _strip(seed, n)))
            deepest = max(deepest, run.deepest)
            expansions += run.expansions
    assert deepest >= 10
    assert expansions >= 10


def _start_duals(seed: int, n: int, edges: dict[tuple[int, int], int]) -> list[int]:
    """Every vertex free, each dual the largest weight (rounded up to even) or two more:
    the search builds all its trees itself, and the roots' duals differ."""
    top = max(edges.values())
    top += top % 2
    rng = random.Random(n + seed)
    return [top + 2 * rng.randint(0, 1) for _ in range(n)]


@pytest.mark.parametrize("remember", [False, True])
@pytest.mark.parametrize("seed", range(40))
def test_nested_and_expanded_blossoms_reach_the_optimum(seed: int, remember: bool) -> None:
    n = 2 * random.Random(seed).randint(15, 40)
    edges = _strip(seed, n)
    run = BlossomRun(n, edges, True)
    run.remember_t_slacks = remember
    mate = run.solve_from([-1] * n, _start_duals(seed, n, edges))
    pairs, weight = _best(n, edges)
    assert sum(1 for v, m in enumerate(mate) if v < m) == pairs
    assert sum(edges[v, m] for v, m in enumerate(mate) if v < m) == weight
    # The leaves joined innermost first are those of the walk, in its order.
    live = [b for b in range(n, 2 * n) if run.base[b] >= 0]
    walked = {b: _leaves_walked(run, b) for b in live}
    run.leaf_lists.clear()
    run.remember_all_leaves()
    assert {b: run.leaf_lists[b] for b in live} == walked
    # Remembered leaves of some blossoms (as a run leaves them) are kept and completed.
    run.leaf_lists = {b: walked[b] for b in live[::2]}
    run.remember_all_leaves()
    assert {b: run.leaf_lists[b] for b in live} == walked
