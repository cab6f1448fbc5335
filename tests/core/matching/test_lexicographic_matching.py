"""lexicographic_matching against brute force: every matching of small random graphs is
enumerated, the maximum-weight ones (of maximum cardinality first, if asked) kept, and the
choices applied one after the other as the docstring states them."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest
from greedy_choice import greedy_over

from crosstable.matching import lexicographic_matching

Edge = tuple[int, int, int]


def all_matchings(n: int, weights: dict[tuple[int, int], int]) -> Iterator[list[int]]:
    mate = [-1] * n

    def extend(v: int) -> Iterator[list[int]]:
        while v < n and mate[v] != -1:
            v += 1
        if v == n:
            yield list(mate)
            return
        yield from extend(v + 1)  # v stays single
        for u in range(v + 1, n):
            if mate[u] == -1 and (v, u) in weights:
                mate[v], mate[u] = u, v
                yield from extend(v + 1)
                mate[v] = mate[u] = -1

    yield from extend(0)


def expected_matchings(
    n: int,
    edges: list[Edge],
    choices: Sequence[tuple[int, Sequence[int]]],
    max_cardinality: bool,
) -> list[list[int]]:
    weights: dict[tuple[int, int], int] = {}
    for u, v, w in edges:
        key = (min(u, v), max(u, v))
        weights[key] = max(w, weights.get(key, w))

    def value(mate: list[int]) -> tuple[int, int]:
        pairs = [(v, m) for v, m in enumerate(mate) if m > v]
        return (len(pairs) if max_cardinality else 0), sum(weights[p] for p in pairs)

    matchings = list(all_matchings(n, weights))
    best = max(map(value, matchings))
    optimal = [mate for mate in matchings if value(mate) == best]
    return greedy_over(optimal, choices)


def random_case(
    rng: random.Random,
) -> tuple[int, list[Edge], list[tuple[int, list[int]]]]:
    n = rng.randint(1, 9)
    density = rng.choice([0.4, 0.7, 1.0])
    values = rng.choice([[0, 1], [3, 5, 7], [-2, 0, 2], list(range(-20, 40))])
    edges = [
        (u, v, rng.choice(values))
        for u in range(n)
        for v in range(u + 1, n)
        if rng.random() < density
    ]
    choosers = rng.sample(range(n), rng.randint(0, n))
    choices = [
        (c, rng.sample([v for v in range(n) if v != c], rng.randint(0, n - 1))) for c in choosers
    ]
    return n, edges, choices


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("max_cardinality", [False, True])
def test_random_graphs_match_brute_force(seed: int, max_cardinality: bool) -> None:
    rng = random.Random(seed)
    answered = 0
    for _ in range(40):
        n, edges, choices = random_case(rng)
        mate = lexicographic_matching(n, edges, choices, max_cardinality)
        if mate is None:
            continue
        answered += 1
        assert mate in expected_matchings(n, edges, choices, max_cardinality)
    # None: positive blossom duals (a fifth of these random graphs) or, with
    # max_cardinality, no perfect matching (half of them).
    assert answered >= 8


def test_first_choice_decides_before_the_second() -> None:
    # A 4-cycle 0-1-2-3-0 of equal weights: both perfect matchings are optimal.
    edges = [(0, 1, 5), (1, 2, 5), (2, 3, 5), (3, 0, 5)]
    assert lexicographic_matching(4, edges, [(0, [3, 1])], True) == [3, 2, 1, 0]
    assert lexicographic_matching(4, edges, [(1, [2, 0]), (0, [1])], True) == [3, 2, 1, 0]
    # A preference that no optimal matching grants is passed over.
    assert lexicographic_matching(4, edges, [(0, [2, 1])], True) == [1, 0, 3, 2]


def test_weight_comes_before_preferences() -> None:
    edges = [(0, 1, 10), (2, 3, 10), (0, 2, 9), (1, 3, 9)]
    assert lexicographic_matching(4, edges, [(0, [2, 1])], True) == [1, 0, 3, 2]


def test_a_vertex_of_zero_dual_may_stay_single() -> None:
    # Without max_cardinality the best matching is one edge of weight 4 of the path
    # 0-1-2; the preferences pick which.
    edges = [(0, 1, 4), (1, 2, 4)]
    assert lexicographic_matching(3, edges, [(1, [2, 0])]) == [-1, 2, 1]
    assert lexicographic_matching(3, edges, [(1, [0, 2])]) == [1, 0, -1]
