"""max_weight_matching against networkx (test-only oracle) and on hand-built graphs."""

from __future__ import annotations

import random
from collections.abc import Callable

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crosstable.matching import max_weight_matching, weighted

Edge = tuple[int, int, int]


def check_is_matching(vertex_count: int, edges: list[Edge], mate: list[int]) -> None:
    assert len(mate) == vertex_count
    present = {(min(u, v), max(u, v)) for u, v, _ in edges}
    for v, m in enumerate(mate):
        if m != -1:
            assert 0 <= m < vertex_count and m != v
            assert mate[m] == v, f"mate not symmetric at {v}"
            assert (min(v, m), max(v, m)) in present, f"({v}, {m}) is not an edge"


def total(edges: list[Edge], mate: list[int]) -> tuple[int, int]:
    """(weight, cardinality) of the matching `mate`; parallel edges count with their max."""
    best: dict[tuple[int, int], int] = {}
    for u, v, w in edges:
        key = (min(u, v), max(u, v))
        best[key] = max(w, best.get(key, w))
    pairs = [(v, m) for v, m in enumerate(mate) if m > v]
    return sum(best[p] for p in pairs), len(pairs)


def oracle(vertex_count: int, edges: list[Edge], max_cardinality: bool) -> tuple[int, int]:
    graph = nx.Graph()
    graph.add_nodes_from(range(vertex_count))
    for u, v, w in edges:
        key = (min(u, v), max(u, v))
        if not graph.has_edge(*key) or graph.edges[key]["weight"] < w:
            graph.add_edge(*key, weight=w)
    matching = nx.max_weight_matching(graph, maxcardinality=max_cardinality)
    weight = sum(graph.edges[u, v]["weight"] for u, v in matching)
    return weight, len(matching)


def assert_optimal(vertex_count: int, edges: list[Edge], max_cardinality: bool) -> list[int]:
    mate = max_weight_matching(vertex_count, edges, max_cardinality=max_cardinality)
    check_is_matching(vertex_count, edges, mate)
    ours = total(edges, mate)
    expected = oracle(vertex_count, edges, max_cardinality)
    if max_cardinality:
        assert ours == expected
    else:
        assert ours[0] == expected[0]
    return mate


def random_graph(
    rng: random.Random, vertex_count: int, density: float, top: int, low: int = 0
) -> list[Edge]:
    return [
        (u, v, rng.randint(low, top))
        for u in range(vertex_count)
        for v in range(u + 1, vertex_count)
        if rng.random() < density
    ]


WEIGHT_TOPS = [0, 1, 2, 5, 100, 10**9, 2**64, 2**230 + 12345]


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("max_cardinality", [False, True])
def test_random_small_graphs_match_oracle(seed: int, max_cardinality: bool) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(0, 12)
        edges = random_graph(rng, n, rng.random(), rng.choice(WEIGHT_TOPS))
        assert_optimal(n, edges, max_cardinality)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("max_cardinality", [False, True])
def test_random_medium_graphs_match_oracle(seed: int, max_cardinality: bool) -> None:
    rng = random.Random(1000 + seed)
    for _ in range(5):
        n = rng.randint(13, 45)
        density = rng.choice([0.05, 0.1, 0.3, 0.7, 1.0])
        edges = random_graph(rng, n, density, rng.choice(WEIGHT_TOPS))
        assert_optimal(n, edges, max_cardinality)


@pytest.mark.parametrize("seed", range(10))
def test_few_distinct_weights_many_ties(seed: int) -> None:
    """Few weight values: many tight edges at once, many blossoms."""
    rng = random.Random(2000 + seed)
    for _ in range(30):
        n = rng.randint(3, 16)
        edges = [
            (u, v, rng.choice([0, 4, 6, 8]))
            for u in range(n)
            for v in range(u + 1, n)
            if rng.random() < 0.6
        ]
        assert_optimal(n, edges, rng.random() < 0.5)


@pytest.mark.parametrize("seed", range(10))
def test_negative_weights(seed: int) -> None:
    rng = random.Random(3000 + seed)
    for _ in range(30):
        n = rng.randint(2, 14)
        edges = random_graph(rng, n, rng.random(), 50, low=-50)
        assert_optimal(n, edges, rng.random() < 0.5)


@pytest.mark.parametrize("seed", range(6))
def test_disconnected_components(seed: int) -> None:
    rng = random.Random(4000 + seed)
    for _ in range(10):
        edges: list[Edge] = []
        offset = 0
        for _component in range(rng.randint(2, 5)):
            size = rng.randint(1, 9)
            edges += [
                (u + offset, v + offset, w) for u, v, w in random_graph(rng, size, 0.6, 2**100)
            ]
            offset += size
        isolated = rng.randint(0, 3)
        assert_optimal(offset + isolated, edges, rng.random() < 0.5)


@pytest.mark.parametrize("seed", range(6))
def test_score_group_shaped_graphs(seed: int) -> None:
    """Dense groups, sparse links between groups, lexicographically packed weights."""
    rng = random.Random(5000 + seed)
    groups = [rng.randint(1, 9) for _ in range(rng.randint(2, 5))]
    group_of = [g for g, size in enumerate(groups) for _ in range(size)]
    n = len(group_of)
    edges: list[Edge] = []
    for u in range(n):
        for v in range(u + 1, n):
            gap = abs(group_of[u] - group_of[v])
            if rng.random() < (0.85 if gap == 0 else 0.15 / gap):
                tiers = [rng.randint(0, 3) for _ in range(8)]
                w = (len(groups) - gap) << 64
                for tier in tiers:
                    w = (w << 8) | tier
                edges.append((u, v, w))
    assert_optimal(n, edges, True)
    assert_optimal(n, edges, False)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=0, max_value=10).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.tuples(
                    st.integers(0, max(n - 1, 0)),
                    st.integers(0, max(n - 1, 0)),
                    st.one_of(st.integers(0, 8), st.integers(0, 2**200)),
                ).filter(lambda e: e[0] != e[1]),
                max_size=30,
            ),
            st.booleans(),
        )
    )
)
def test_hypothesis_graphs_match_oracle(case: tuple[int, list[Edge], bool]) -> None:
    n, edges, max_cardinality = case
    assert_optimal(n, edges, max_cardinality)


def test_empty_and_trivial_graphs() -> None:
    assert max_weight_matching(0, []) == []
    assert max_weight_matching(3, []) == [-1, -1, -1]
    assert max_weight_matching(2, [(0, 1, 5)]) == [1, 0]
    assert max_weight_matching(2, [(1, 0, 5)]) == [1, 0]


def test_zero_weight_edge_used_only_when_cardinality_counts() -> None:
    assert max_weight_matching(2, [(0, 1, 0)], max_cardinality=True) == [1, 0]
    # Path 0-1-2-3 where the middle edge is heavy: weight prefers it, cardinality does not.
    edges = [(0, 1, 2), (1, 2, 5), (2, 3, 2)]
    assert max_weight_matching(4, edges) == [-1, 2, 1, -1]
    assert max_weight_matching(4, edges, max_cardinality=True) == [1, 0, 3, 2]


def test_huge_weights_are_exact() -> None:
    """A difference in the lowest bit of a 300-bit weight decides the matching."""
    big = 2**300
    edges = [(0, 1, big), (2, 3, big), (0, 2, big), (1, 3, big + 1)]
    mate = max_weight_matching(4, edges)
    assert mate == [2, 3, 0, 1]


def test_nested_blossom_then_expansion() -> None:
    """A blossom inside a blossom that must be expanded as a T-blossom (classic shape)."""
    edges = [(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)]
    mate = assert_optimal(7, edges, False)
    assert mate[1:] == [3, 4, 1, 2, 6, 5]
    edges = [
        (1, 2, 23),
        (1, 5, 22),
        (1, 6, 15),
        (2, 3, 25),
        (3, 4, 22),
        (4, 5, 25),
        (4, 8, 14),
        (5, 7, 13),
    ]
    mate = assert_optimal(9, edges, False)
    assert mate[1:] == [6, 3, 2, 8, 7, 1, 5, 4]


def test_parallel_edges_keep_largest_weight() -> None:
    edges = [(0, 1, 1), (1, 0, 10), (1, 2, 6), (2, 3, 6)]
    mate = max_weight_matching(4, edges)
    assert mate == [1, 0, 3, 2]


@pytest.mark.parametrize(
    ("vertex_count", "edges", "message"),
    [
        (2, [(0, 2, 1)], "outside"),
        (2, [(-1, 1, 1)], "outside"),
        (2, [(1, 1, 1)], "self-loop"),
        (-1, [], "non-negative"),
    ],
)
def test_bad_input_is_named(vertex_count: int, edges: list[Edge], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        max_weight_matching(vertex_count, edges)


@pytest.mark.parametrize("seed", range(8))
def test_dense_graphs_solved_through_a_sparse_subgraph(seed: int) -> None:
    """Graphs dense enough that only each vertex's heaviest edges are solved first and the
    answer is then certified (or corrected) against every edge."""
    rng = random.Random(6000 + seed)
    for _ in range(3):
        n = rng.randint(40, 60)
        top = rng.choice([0, 1, 3, 40, 10**9, 2**150])
        edges = random_graph(rng, n, rng.choice([0.8, 1.0]), top)
        assert len(edges) > weighted._SPARSE_FACTOR * n
        assert_optimal(n, edges, rng.random() < 0.6)


def score_group_graph(rng: random.Random, n: int) -> list[Edge]:
    """Dense score groups, a few edges between neighbouring groups, packed tiered weights."""
    group = sorted((rng.randint(0, 4) for _ in range(n)), reverse=True)
    edges: list[Edge] = []
    for u in range(n):
        for v in range(u + 1, n):
            gap = abs(group[u] - group[v])
            if (gap == 0 and rng.random() < 0.9) or (gap == 1 and rng.random() < 0.05):
                w = 5 - gap
                for _tier in range(5):
                    w = (w << 16) | rng.randrange(4)
                edges.append((u, v, (w << 64) | (n - abs(u - v))))
    return edges


def bracket_graph(rng: random.Random, n: int) -> list[Edge]:
    """Near-complete graph, weight top - penalty, most penalties zero (many ties)."""
    top = 1 << 200
    bracket = n // 5
    edges: list[Edge] = []
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < 0.05:
                continue  # an earlier opponent
            if v < bracket:
                penalty = (rng.randrange(3) << 150) + rng.randrange(1 << 20)
            elif u < bracket:
                penalty = 1 << 180
            else:
                penalty = 0
            edges.append((u, v, top - penalty))
    return edges


@pytest.mark.parametrize("shape", [score_group_graph, bracket_graph])
@pytest.mark.parametrize("seed", range(3))
def test_pairing_shaped_graphs_match_oracle(
    shape: Callable[[random.Random, int], list[Edge]], seed: int
) -> None:
    rng = random.Random(8000 + seed)
    n = 50 + 8 * seed
    edges = shape(rng, n)
    assert_optimal(n, edges, True)
    assert_optimal(n, edges, False)


@pytest.mark.parametrize("max_cardinality", [False, True])
def test_equal_weights_give_a_maximum_matching(max_cardinality: bool) -> None:
    rng = random.Random(7000)
    for _ in range(20):
        n = rng.randint(2, 30)
        edges = [(u, v, 7) for u, v, _ in random_graph(rng, n, rng.random() * 0.5, 1)]
        mate = assert_optimal(n, edges, max_cardinality)
        assert sum(1 for v, m in enumerate(mate) if m > v) == oracle(n, edges, True)[1]


@pytest.mark.parametrize("seed", range(20))
def test_a_given_start_reaches_the_same_optimum(seed: int) -> None:
    """BlossomRun.solve_from (max_cardinality): from duals every edge can carry (each vertex
    the heaviest weight at it, doubled to be even) and any matching of edges tight under
    them, the run ends at a maximum-weight perfect matching like the greedy start's."""
    from crosstable.matching.blossom import BlossomRun

    rng = random.Random(9000 + seed)
    n = 2 * rng.randint(1, 12)
    edges = [(u, v, 2 * w) for u, v, w in random_graph(rng, n, 0.9, rng.choice([3, 50, 2**70]))]
    edges += [(k, k + 1, 0) for k in range(0, n, 2)]  # a perfect matching exists
    folded = weighted._normalise_edges(n, edges)
    dual = [max((w for (a, b), w in folded.items() if v in (a, b)), default=0) for v in range(n)]
    mate = [-1] * n
    for (a, b), w in folded.items():
        if mate[a] == mate[b] == -1 and dual[a] == dual[b] == w:
            mate[a], mate[b] = b, a
    ours = BlossomRun(n, folded, True).solve_from(mate, dual)
    check_is_matching(n, edges, ours)
    assert total(edges, ours) == oracle(n, edges, True)


def test_a_bad_start_is_refused() -> None:
    from crosstable.matching.blossom import BlossomRun

    folded = {(0, 1): 4, (1, 2): 6, (2, 3): 4}
    with pytest.raises(ValueError, match="max_cardinality"):
        BlossomRun(4, folded, False).solve_from([-1] * 4, [6] * 4)
    with pytest.raises(ValueError, match="odd"):
        BlossomRun(4, folded, True).solve_from([-1] * 4, [6, 6, 6, 5])
    with pytest.raises(ValueError, match="infeasible or not tight"):
        BlossomRun(4, folded, True).solve_from([-1] * 4, [6, 4, 6, 6])  # edge (1, 2) short
    with pytest.raises(ValueError, match="infeasible or not tight"):
        BlossomRun(4, folded, True).solve_from([1, 0, -1, -1], [6, 6, 6, 6])  # 0-1 not tight
    with pytest.raises(ValueError, match="not an edge"):
        BlossomRun(4, folded, True).solve_from([2, -1, 0, -1], [6, 6, 6, 6])
