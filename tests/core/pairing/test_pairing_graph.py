"""PairingGraph: the relaxed solve around a core (outside players replaced by a matching of
the core alone, with a bonus for sending a player out) gives the same optimum as the full
solve, and the subset perfect-matching question agrees with a fresh matching."""

from __future__ import annotations

import random
from collections.abc import Callable

import networkx as nx
import pytest

from crosstable.matching import max_weight_matching
from crosstable.pairing.base import PairingError
from crosstable.pairing.graph import OUTSIDE, AllBut, PairingGraph


def random_case(seed: int) -> tuple[PairingGraph, list[int], set[int], dict[tuple[int, int], int]]:
    rng = random.Random(seed)
    count = rng.randrange(4, 31, 2)
    graph = PairingGraph(count, max_weight_matching)
    density = rng.choice([0.5, 0.8, 0.95])
    for u in range(count):
        for v in range(u + 1, count):
            if rng.random() < density:
                graph.connect(u, v)
    core_size = rng.randint(1, count // 3)
    core = set(rng.sample(range(count), core_size))
    table: dict[tuple[int, int], int] = {}
    scale = rng.choice([3, 1000, 2**80])
    for u in range(count):
        for v in range(u + 1, count):
            table[(u, v)] = rng.randrange(scale)
    return graph, list(range(count)), core, table


def weight_function(
    core: set[int], table: dict[tuple[int, int], int], filler: int
) -> Callable[[int, int], int | None]:
    """Weights under which the players outside ``core`` are interchangeable: an edge with one
    core end weighs what that end's own entry says, edges outside the core ``filler``."""

    def weight(u: int, v: int) -> int | None:
        if u in core and v in core:
            return table[(min(u, v), max(u, v))]
        if u in core or v in core:
            inside = u if u in core else v
            return table.get((inside, inside + 1), 7)
        return filler

    return weight


def total(
    graph_pairs: dict[int, int],
    weight: Callable[[int, int], int],
    outside_count: int,
    filler: int,
) -> int:
    value = 0
    sent = 0
    for v, m in graph_pairs.items():
        if m == OUTSIDE:
            value += weight(v, -1)
            sent += 1
        elif v < m:
            value += weight(v, m)
    return value + (outside_count - sent) // 2 * filler


@pytest.mark.parametrize("seed", range(60))
def test_solve_around_matches_full_solve(seed: int) -> None:
    graph, vertices, core, table = random_case(seed)
    filler = random.Random(seed).randrange(10**6)
    weight = weight_function(core, table, filler)
    try:
        full = graph.solve(vertices, weight)
    except PairingError:
        with pytest.raises(PairingError):
            graph.solve_around(vertices, core, weight)
        return
    around = graph.solve_around(vertices, core, weight)
    assert set(around) >= core
    full_value = sum(weight(v, m) or 0 for v, m in full.items() if v < m)
    outside_count = len(vertices) - len(core)

    def weight_or_out(u: int, v: int) -> int:
        w = weight(u, next(x for x in vertices if x not in core) if v == -1 else v)
        assert w is not None
        return w

    # Without enough players outside the core the full problem is solved: partners outside
    # the core are then named instead of OUTSIDE.
    core_pairs = {v: (m if m in core else OUTSIDE) for v, m in around.items() if v in core}
    assert total(core_pairs, weight_or_out, outside_count, filler) == full_value
    # The players sent out can be paired with the rest outside the core.
    sent_out = [v for v, m in core_pairs.items() if m == OUTSIDE]
    rest = [v for v in vertices if v not in core] + sent_out
    assert graph.has_perfect_matching(rest)


@pytest.mark.parametrize("seed", range(60))
def test_solve_first_around_agrees_with_the_full_solve(seed: int) -> None:
    """With choices, the relaxed solve settles the choosers as the full solve does: the
    same optimal matchings, projected on the core, are chosen among."""
    graph, vertices, core, table = random_case(seed)
    rng = random.Random(3000 + seed)
    weight = weight_function(core, table, rng.randrange(10**6))
    members = sorted(core)
    choosers = rng.sample(members, rng.randint(1, len(members)))
    choices = [(c, rng.sample(members, len(members))) for c in choosers]
    full = graph.solve_first(vertices, weight, choices)
    around = graph.solve_first_around(vertices, core, weight, choices)
    if full is None or around is None:
        return  # positive blossom duals: the caller puts its order in the weights instead
    for chooser in choosers:
        expected = full[chooser] if full[chooser] in core else OUTSIDE
        assert around[chooser] in (expected, full[chooser])


def test_a_core_player_who_cannot_go_out_keeps_the_relaxation() -> None:
    """A core player without an edge to the players outside must pair inside the core;
    that alone no longer sends the relaxation to the full solve (it was dropped from every
    edge of the relaxed matching, so it always fell back)."""
    calls: list[bool] = []

    def recording(
        vertex_count: int, edges: list[tuple[int, int, int]], **options: bool
    ) -> list[int]:
        calls.append(options.get("max_cardinality", False))
        return max_weight_matching(vertex_count, edges, **options)

    graph = PairingGraph(8, recording)
    core = {0, 1, 2, 3}
    for u in range(8):
        for v in range(u + 1, 8):
            if not (u == 0 and v not in core):  # 0 may not meet anyone outside the core
                graph.connect(u, v)
    table = {(u, v): 10 * u + v for u in range(8) for v in range(u + 1, 8)}
    weight = weight_function(core, table, 5)
    around = graph.solve_around(list(range(8)), core, weight)
    assert calls == [False]
    assert around[0] in core
    full = graph.solve(list(range(8)), weight)
    full_value = sum(weight(v, m) or 0 for v, m in full.items() if v < m)

    def weight_or_out(u: int, v: int) -> int:
        w = weight(u, 4 if v == -1 else v)
        assert w is not None
        return w

    assert total(around, weight_or_out, 4, 5) == full_value


@pytest.mark.parametrize("seed", range(20))
def test_subset_questions_agree_with_networkx(seed: int) -> None:
    rng = random.Random(1000 + seed)
    graph, vertices, _, _ = random_case(seed)
    for _ in range(30):
        if rng.random() < 0.3:
            u, v = rng.sample(vertices, 2)
            graph.disconnect(u, v)
        subset = rng.sample(vertices, rng.randrange(0, len(vertices) + 1, 2))
        reference = nx.Graph()
        reference.add_nodes_from(subset)
        members = set(subset)
        reference.add_edges_from(
            (u, v) for u in subset for v in graph.neighbours[u] if v in members and u < v
        )
        perfect = 2 * len(nx.max_weight_matching(reference, maxcardinality=True)) == len(subset)
        assert graph.has_perfect_matching(subset) == perfect


def dense_twin(graph: PairingGraph) -> PairingGraph:
    """The same graph with every row given by its complement (``set_row``), which stores the
    row as an ``AllBut`` wherever the player may meet more than half of the field."""
    twin = PairingGraph(graph.vertex_count, graph.matching)
    for v in range(graph.vertex_count):
        twin.set_row(v, set(range(graph.vertex_count)) - set(graph.neighbours[v]))
    return twin


@pytest.mark.parametrize("seed", range(20))
def test_complement_rows_answer_like_sets(seed: int) -> None:
    graph, vertices, core, table = random_case(seed)
    twin = dense_twin(graph)
    assert any(isinstance(row, AllBut) for row in twin.neighbours)
    rng = random.Random(2000 + seed)
    for v in vertices:
        row, plain = twin.neighbours[v], graph.neighbours[v]
        assert sorted(row) == sorted(plain)
        if isinstance(row, AllBut):
            assert list(row) == sorted(plain)  # ascending
            assert row.bounds() == (min(plain), max(plain))
        assert len(row) == len(plain)
        assert all((u in row) == (u in plain) for u in range(-1, graph.vertex_count + 1))
    for _ in range(10):
        u, v = rng.sample(vertices, 2)
        if rng.random() < 0.5:
            graph.disconnect(u, v)
            twin.disconnect(u, v)
        else:
            graph.connect(u, v)
            twin.connect(u, v)
        subset = rng.sample(vertices, rng.randrange(0, len(vertices) + 1, 2))
        assert twin.has_perfect_matching(subset) == graph.has_perfect_matching(subset)
    weight = weight_function(core, table, 11)
    try:
        expected = graph.solve(vertices, weight)
    except PairingError:
        with pytest.raises(PairingError):
            twin.solve(vertices, weight)
        return
    assert twin.solve(vertices, weight) == expected


def test_complement_row_holds_only_vertices_of_the_graph() -> None:
    row = AllBut(5, {0, 3, 9, -1})
    assert list(row) == [1, 2, 4] and len(row) == 3
    row.discard(7)  # not a vertex: nothing to remove
    row.add(3)
    row.discard(1)
    assert list(row) == [2, 3, 4] and len(row) == 3
    assert row.bounds() == (2, 4)
    assert 5 not in row and -1 not in row


def test_a_complement_row_given_its_set_keeps_it_without_outsiders() -> None:
    """``own=True`` (as ``set_row`` gives it): the caller's set becomes the row, no copy."""
    given = {0, 3, 9, -1}
    row = AllBut(5, given, own=True)
    assert row.excluded is given and given == {0, 3}
    assert list(row) == [1, 2, 4] and len(row) == 3


def test_a_wrong_class_is_caught_when_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The class check fails when a key puts players of different weights together."""
    from crosstable.pairing import graph as graph_module

    monkeypatch.setattr(graph_module, "CHECK_CLASSES", True)
    graph = PairingGraph(6, max_weight_matching)
    for u in range(6):
        for v in range(u + 1, 6):
            graph.connect(u, v)

    def weight(u: int, v: int) -> int:
        return 10 + u + v  # depends on each player, not on a class

    with pytest.raises(AssertionError):
        graph.solve_first_around(list(range(6)), set(range(6)), weight, [], key=lambda v: 0)
    # The right classes (each player his own) pass.
    pairs = graph.solve_first_around(list(range(6)), set(range(6)), weight, [], key=lambda v: v)
    assert pairs is not None and sorted(pairs) == list(range(6))
