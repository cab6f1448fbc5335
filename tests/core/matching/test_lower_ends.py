"""first_by_lower_ends against brute force: every perfect matching of small class graphs
listed, the optimal ones kept, and the first by lower ends (their ascending list, then their
partners in that order) picked by hand; and against the same order packed into long weights
(the Team Swiss engine's former encoding) on graphs too large to list."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from crosstable.matching import ClassGraph, max_weight_matching
from crosstable.matching.classes import class_optimal_matchings
from crosstable.matching.lower_ends import first_by_lower_ends


def random_graph(rng: random.Random, n: int) -> ClassGraph:
    classes = rng.randint(1, 4)
    vertex_class = [rng.randrange(classes) for _ in range(n)]
    table: list[list[int | None]] = [[None] * classes for _ in range(classes)]
    for a in range(classes):
        for b in range(a, classes):
            table[a][b] = table[b][a] = rng.choice([10, 10, 9, 7])
    missing = rng.choice([0.0, 0.1, 0.3])
    absent = {(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < missing}

    def adjacent(u: int, v: int) -> bool:
        return ((u, v) if u < v else (v, u)) not in absent

    return ClassGraph(vertex_class, table, adjacent)


def perfect_matchings(graph: ClassGraph, free: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not free:
        yield []
        return
    first, rest = free[0], free[1:]
    for index, other in enumerate(rest):
        if graph.edge_weight(first, other) is not None:
            for tail in perfect_matchings(graph, rest[:index] + rest[index + 1 :]):
                yield [(first, other), *tail]


def by_hand(graph: ClassGraph) -> list[int] | None:
    n = len(graph.vertex_class)
    candidates = []
    for pairs in perfect_matchings(graph, list(range(n))):
        weight = sum(graph.edge_weight(u, v) or 0 for u, v in pairs)
        lowers = sorted(u for u, _ in pairs)
        partners = [dict(pairs)[u] for u in lowers]
        candidates.append((-weight, lowers, partners, pairs))
    if not candidates:
        return None
    pairs = min(candidates)[3]
    mate = [-1] * n
    for u, v in pairs:
        mate[u], mate[v] = v, u
    return mate


@pytest.mark.parametrize("seed", range(150))
def test_first_by_lower_ends_is_the_first_optimal_matching(seed: int) -> None:
    rng = random.Random(seed)
    graph = random_graph(rng, rng.choice([2, 4, 6, 8, 10]))
    expected = by_hand(graph)
    optimal = class_optimal_matchings(graph)
    if expected is None:
        assert optimal is None
        return
    assert optimal is not None
    answer = first_by_lower_ends(optimal)
    if answer is not None:  # None: the method could not tell (a blossom would empty)
        assert answer == expected


@pytest.mark.parametrize("seed", range(20))
def test_same_as_the_order_packed_into_weights(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n = rng.choice([30, 40, 60])
    graph = random_graph(rng, n)
    base = n + 1
    edges = []
    for u in range(n):
        for v in range(u + 1, n):
            w = graph.edge_weight(u, v)
            if w is None:
                continue
            order = base**n * 2 ** (n - 1 - v) + (v + 1) * base ** (n - 1 - u)
            edges.append((u, v, w * base**n * 2**n - order))
    packed = max_weight_matching(n, edges, max_cardinality=True)
    optimal = class_optimal_matchings(graph)
    if -1 in packed:
        assert optimal is None
        return
    assert optimal is not None
    answer = first_by_lower_ends(optimal)
    assert answer is None or answer == packed


def test_the_fold_comes_first_on_a_complete_graph() -> None:
    graph = ClassGraph([0] * 8, [[1]], lambda u, v: True)
    optimal = class_optimal_matchings(graph)
    assert optimal is not None
    # lower ends 0-3 (the smallest list), then each takes the smallest upper end: 0-4, 1-5 ...
    assert first_by_lower_ends(optimal) == [4, 5, 6, 7, 0, 1, 2, 3]


def test_a_missing_edge_moves_the_partner_not_the_lower_ends() -> None:
    # 0 may not meet 2: lower ends 0, 1 still; 0 takes 3, 1 takes 2.
    graph = ClassGraph([0] * 4, [[1]], lambda u, v: {u, v} != {0, 2})
    optimal = class_optimal_matchings(graph)
    assert optimal is not None
    assert first_by_lower_ends(optimal) == [3, 2, 1, 0]
