"""max_cardinality_matching, MatchingOracle and SubsetMatcher against networkx (test-only
oracle)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Set

import networkx as nx
import pytest

from crosstable.matching import MatchingOracle, SubsetMatcher, max_cardinality_matching


def random_adjacency(rng: random.Random, n: int, density: float) -> list[list[int]]:
    rows: list[list[int]] = [[] for _ in range(n)]
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                # Sometimes list an edge from one side only: both forms are accepted.
                rows[u].append(v)
                if rng.random() < 0.7:
                    rows[v].append(u)
    return rows


NO_VERTICES: frozenset[int] = frozenset()
NO_EDGES: frozenset[tuple[int, int]] = frozenset()


def oracle_size(
    n: int,
    rows: list[list[int]],
    removed: Set[int] = NO_VERTICES,
    forbidden: Set[tuple[int, int]] = NO_EDGES,
) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(v for v in range(n) if v not in removed)
    for u, row in enumerate(rows):
        for v in row:
            if u in removed or v in removed or (min(u, v), max(u, v)) in forbidden:
                continue
            graph.add_edge(u, v)
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def check_matching(
    rows: list[list[int]],
    mate: list[int],
    removed: Set[int] = NO_VERTICES,
    forbidden: Set[tuple[int, int]] = NO_EDGES,
) -> int:
    edges = {(min(u, v), max(u, v)) for u, row in enumerate(rows) for v in row}
    for v, m in enumerate(mate):
        if m == -1:
            continue
        assert mate[m] == v and m != v
        assert (min(v, m), max(v, m)) in edges
        assert (min(v, m), max(v, m)) not in forbidden
        assert v not in removed
    return sum(1 for v, m in enumerate(mate) if m > v)


@pytest.mark.parametrize("seed", range(30))
def test_random_graphs_match_oracle(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(0, 30)
        rows = random_adjacency(rng, n, rng.choice([0.03, 0.08, 0.15, 0.3, 0.6, 1.0]))
        mate = max_cardinality_matching(n, rows)
        assert check_matching(rows, mate) == oracle_size(n, rows)


@pytest.mark.parametrize("seed", range(10))
def test_start_from_given_matching(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(20):
        n = rng.randint(2, 30)
        rows = random_adjacency(rng, n, rng.random() * 0.4)
        # Any matching will do as a start: take a random greedy one.
        start = [-1] * n
        for u in rng.sample(range(n), n):
            for v in rows[u]:
                if start[u] == -1 and start[v] == -1:
                    start[u], start[v] = v, u
        mate = max_cardinality_matching(n, rows, initial_mate=start)
        assert check_matching(rows, mate) == oracle_size(n, rows)


@pytest.mark.parametrize("seed", range(20))
def test_oracle_questions_match_recomputation(seed: int) -> None:
    rng = random.Random(200 + seed)
    n = rng.randint(4, 26)
    rows = random_adjacency(rng, n, rng.choice([0.1, 0.2, 0.4, 0.8]))
    oracle = MatchingOracle(n, rows)
    assert check_matching(rows, oracle.mate) == oracle.size == oracle_size(n, rows)
    before = list(oracle.mate)
    for _ in range(25):
        removed = set(rng.sample(range(n), rng.randint(0, 4)))
        all_edges = sorted({(min(u, v), max(u, v)) for u, row in enumerate(rows) for v in row})
        forbidden = set(rng.sample(all_edges, min(len(all_edges), rng.randint(0, 3))))
        mate = oracle.matching_without(removed, forbidden)
        expected = oracle_size(n, rows, removed, forbidden)
        assert check_matching(rows, mate, removed, forbidden) == expected
        assert oracle.size_without(removed, forbidden) == expected
        alive = n - len(removed)
        assert oracle.perfect_without(removed, forbidden) == (2 * expected == alive)
    assert oracle.mate == before, "a question must not change the oracle's matching"


def test_pairing_question_on_a_perfect_graph() -> None:
    """Cycle of 6: pairing neighbours 0-1 leaves a path 2..5 (perfect); pairing 0-3 leaves
    {1, 2} and {4, 5}, also perfect; a 6-cycle minus 0 and 2 leaves 1 isolated."""
    rows = [[1, 5], [2], [3], [4], [5], []]
    oracle = MatchingOracle(6, rows)
    assert oracle.size == 3
    assert oracle.perfect_without({0, 1})
    assert oracle.perfect_without({0, 3})
    assert not oracle.perfect_without({0, 2})
    assert not oracle.perfect_without(edges=[(0, 1), (0, 5)])


@pytest.mark.parametrize(
    ("n", "rows", "message"),
    [
        (2, [[1]], "rows"),
        (2, [[2], []], "outside"),
        (2, [[0], []], "self-loop"),
    ],
)
def test_bad_adjacency_is_named(n: int, rows: list[list[int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        max_cardinality_matching(n, rows)


def test_bad_initial_mate_is_named() -> None:
    with pytest.raises(ValueError, match="partner disagrees"):
        max_cardinality_matching(3, [[1, 2], [2], []], initial_mate=[1, -1, -1])


def test_duplicate_and_one_sided_entries_are_folded() -> None:
    """A path 0-1-2-3 written with a repeated entry and edges listed from one side only has
    the perfect matching {0-1, 2-3} and no other."""
    rows = [[1, 1], [2], [3, 1], []]
    assert max_cardinality_matching(4, rows) == [1, 0, 3, 2]


def symmetric_sets(rng: random.Random, n: int, density: float) -> list[set[int]]:
    rows: list[set[int]] = [set() for _ in range(n)]
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                rows[u].add(v)
                rows[v].add(u)
    return rows


@pytest.mark.parametrize("seed", range(20))
def test_subset_questions_match_recomputation(seed: int) -> None:
    """Questions on random subsets, with edges removed and added between questions (the
    matcher's remembered matching must then be re-checked), against networkx."""
    rng = random.Random(300 + seed)
    n = rng.randint(2, 40)
    rows = symmetric_sets(rng, n, rng.choice([0.1, 0.3, 0.6, 0.95]))
    matcher = SubsetMatcher(rows)
    for _ in range(40):
        if rng.random() < 0.3:
            u, v = rng.sample(range(n), 2)
            if v in rows[u]:
                rows[u].discard(v)
                rows[v].discard(u)
            else:
                rows[u].add(v)
                rows[v].add(u)
        vertices = rng.sample(range(n), rng.randint(0, n))
        if rng.random() < 0.7 and len(vertices) % 2:
            vertices.pop()
        removed = set(range(n)) - set(vertices)
        listed = [sorted(row) for row in rows]
        expected = 2 * oracle_size(n, listed, removed) == len(vertices)
        mate = matcher.perfect_matching(vertices)
        assert (mate is not None) == expected
        if mate is not None:
            assert check_matching(listed, mate, removed) == len(vertices) // 2


def test_subset_matcher_uses_edges_listed_on_both_sides() -> None:
    """Path 0-1-2-3 with 1-2 also listed; 0 lists 3 but 3 does not list 0: that edge does
    not count, so {0, 3} cannot be paired and {0, 1, 2, 3} only as 0-1, 2-3."""
    matcher = SubsetMatcher([{1, 3}, {0, 2}, {1, 3}, {2}])
    assert matcher.perfect_matching([0, 3]) is None
    assert matcher.perfect_matching([0, 1, 2, 3]) == [1, 0, 3, 2]
    assert matcher.perfect_matching([1, 2]) == [-1, 2, 1, -1]


def test_subset_matcher_refuses_bad_rows() -> None:
    with pytest.raises(ValueError, match="outside"):
        SubsetMatcher([{2}, set()])
    matcher = SubsetMatcher([{1}, {0}])
    with pytest.raises(ValueError, match="listed twice"):
        matcher.perfect_matching([0, 0])
    with pytest.raises(ValueError, match="outside"):
        matcher.perfect_matching([0, 5])


class CountedRow(set[int]):
    """A row that counts how often it is read whole."""

    reads = 0

    def __iter__(self) -> Iterator[int]:
        CountedRow.reads += 1
        return super().__iter__()


def test_a_subset_with_a_vertex_cut_off_is_answered_without_searching_the_rest() -> None:
    """Vertices 0-100 all adjacent (a dense odd group, as a bracket) and vertex 101 adjacent
    to 102 only (as a bye vertex joined to the lowest scores): {0..100, 101} has no perfect
    matching, since 101 has no neighbour in it. The greedy pairs 100 of 0..100, and the
    search starts from the free vertex with the shortest row, 101, which fails at once; a
    search from the free dense vertex first would read every row of the group."""
    dense = range(101)
    rows: list[set[int]] = [CountedRow(set(dense) - {v}) for v in dense]
    rows += [CountedRow({102}), CountedRow({101})]
    matcher = SubsetMatcher(rows)
    CountedRow.reads = 0
    assert matcher.perfect_matching([*dense, 101]) is None
    # the greedy: rows 0, 2, 4, ..., 100 and 101; the search: row 101 (from vertex 100 it
    # would read the 101 rows of the group again)
    assert CountedRow.reads == 53
    assert matcher.perfect_matching([*range(100), 101, 102]) is not None


def test_perfect_matching_within_a_subset_from_a_start() -> None:
    """Path 0-1-2-3 and a pendant 4 on 1: {0,1,2,3} pairs 0-1 and 2-3 (the only way); a
    start pair that is no edge (0-2) is not kept; {1,2,3,4} pairs 1-4 and 2-3; {0,2,3,4}
    has no perfect matching (0 and 4 only meet 1); an odd subset none."""
    from crosstable.matching import perfect_matching_within

    edges = [(0, 1), (1, 2), (2, 3), (1, 4)]
    rows: list[set[int]] = [set() for _ in range(5)]
    for u, v in edges:
        rows[u].add(v)
        rows[v].add(u)
    mate = perfect_matching_within(rows, [0, 1, 2, 3], start={0: 2, 2: 0})
    assert mate == [1, 0, 3, 2, -1]
    mate = perfect_matching_within(rows, [1, 2, 3, 4], two_sided=False, start={2: 3, 3: 2})
    assert mate == [-1, 4, 3, 2, 1]
    assert perfect_matching_within(rows, [0, 2, 3, 4]) is None
    assert perfect_matching_within(rows, [0, 1, 2]) is None
