"""BlossomRun.solve_with: edges added to a finished run, solved again from its matching,
blossoms and duals (the xiangqi sparse solver's re-solve), against networkx and against the
optimality conditions of the duals it ends with."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from crosstable.matching.blossom import BlossomRun, OptimalDuals


def _slack(duals: OptimalDuals, u: int, v: int, weight: int) -> int:
    inside = sum(dual for members, dual in duals.blossoms if u in members and v in members)
    return duals.vertex[u] + duals.vertex[v] - 2 * weight + 2 * inside


def _assert_proved_optimal(
    n: int, edges: dict[tuple[int, int], int], mate: list[int], duals: OptimalDuals
) -> None:
    """Complementary slackness: a perfect matching of tight edges, no edge of negative
    slack, every blossom of positive dual with all its members but one paired inside."""
    assert all(m != -1 and mate[m] == v for v, m in enumerate(mate))
    for (u, v), weight in edges.items():
        slack = _slack(duals, u, v, weight)
        assert slack >= 0, f"edge ({u}, {v}) has slack {slack}"
        if mate[u] == v:
            assert slack == 0, f"matched edge ({u}, {v}) is not tight"
    for members, dual in duals.blossoms:
        assert dual > 0
        inside = set(members)
        pairs = sum(1 for v in members if mate[v] in inside and v < mate[v])
        assert pairs == (len(members) - 1) // 2


def _best_weight(n: int, edges: dict[tuple[int, int], int]) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for (u, v), weight in edges.items():
        graph.add_edge(u, v, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    assert len(matching) == n // 2
    return sum(graph.edges[u, v]["weight"] for u, v in matching)


def _random_graph(seed: int, n: int) -> tuple[dict[tuple[int, int], int], set[tuple[int, int]]]:
    """A dense graph of small weights (many ties and nested blossoms), and a first part of
    it holding a perfect matching."""
    rng = random.Random(seed)
    edges = {}
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < 0.6:
                edges[u, v] = rng.randint(-20, 40)
    order = list(range(n))
    rng.shuffle(order)
    first = {tuple(sorted(order[k : k + 2])) for k in range(0, n, 2)}
    for key in first:
        edges.setdefault(key, rng.randint(-20, 40))  # type: ignore[arg-type]
    first |= {key for key in edges if rng.random() < 0.3}
    return edges, first  # type: ignore[return-value]


@pytest.mark.parametrize("remember", [False, True])
@pytest.mark.parametrize("seed", range(60))
def test_edges_added_in_batches_give_the_optimum_with_a_valid_proof(
    seed: int, remember: bool
) -> None:
    """Also with ``remember_t_slacks`` (expansions read each T-vertex's kept least slack to an
    S-vertex instead of all its edges): dense graphs of small weights expand many nested
    T-blossoms."""
    n = 2 * (4 + seed % 9)
    edges, first = _random_graph(seed, n)
    kept = {key: edges[key] for key in edges if key in first}
    run = BlossomRun(n, kept, True)
    run.remember_t_slacks = remember
    run.solve()
    rest = [key for key in edges if key not in first]
    random.Random(seed).shuffle(rest)
    batches = [
        rest[k : k + max(1, len(rest) // 3)] for k in range(0, len(rest), max(1, len(rest) // 3))
    ]
    for batch in batches:
        added = {key: edges[key] for key in batch}
        kept.update(added)
        mate = run.solve_with(added)
        duals = run.optimal_duals(perfect_required=True)
        assert duals is not None
        _assert_proved_optimal(n, kept, mate, duals)
        assert sum(kept[min(v, m), max(v, m)] for v, m in enumerate(mate) if v < m) == (
            _best_weight(n, kept)
        )


@pytest.mark.parametrize("seed", range(200))
def test_remembered_t_slacks_reach_the_optimum_from_scratch(seed: int) -> None:
    """``remember_t_slacks`` on sparse and dense random graphs, with and without maximum
    cardinality, against networkx."""
    rng = random.Random(1000 + seed)
    n = rng.randint(4, 30)
    density = rng.choice((0.2, 0.5, 0.9))
    edges = {
        (u, v): rng.randint(-5, 12)
        for u in range(n)
        for v in range(u + 1, n)
        if rng.random() < density
    }
    max_cardinality = seed % 2 == 0
    run = BlossomRun(n, edges, max_cardinality)
    run.remember_t_slacks = True
    mate = run.solve()
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for (u, v), weight in edges.items():
        graph.add_edge(u, v, weight=weight)
    best = nx.max_weight_matching(graph, maxcardinality=max_cardinality)
    ours = sum(edges[min(v, m), max(v, m)] for v, m in enumerate(mate) if m >= 0 and v < m)
    assert ours == sum(graph.edges[u, v]["weight"] for u, v in best)
    if max_cardinality:
        assert sum(1 for m in mate if m >= 0) == 2 * len(best)


def test_an_unfinished_or_weighted_only_run_is_refused() -> None:
    run = BlossomRun(4, {(0, 1): 1, (2, 3): 1}, False)
    run.solve()
    with pytest.raises(ValueError):
        run.solve_with({(0, 2): 5})


def test_new_edges_sharing_an_end_free_that_end_only() -> None:
    # Pairs (0, 1), (2, 3), ... matched; then every even vertex but the last gains a heavy
    # edge to the last pair's even vertex (the higher end of each new pair). Lifting that
    # shared end covers them all: two players start free, not one pair per new edge.
    n = 12
    hub = n - 2
    kept = {(v, v + 1): 10 for v in range(0, n, 2)}
    run = BlossomRun(n, kept, True)
    run.solve()
    added = {(v, hub): 30 for v in range(0, hub, 2)}
    kept.update(added)
    mate = run.solve_with(added, most_free=2)
    assert mate is not None
    duals = run.optimal_duals(perfect_required=True)
    assert duals is not None
    _assert_proved_optimal(n, kept, mate, duals)
    assert sum(kept[min(v, m), max(v, m)] for v, m in enumerate(mate) if v < m) == (
        _best_weight(n, kept)
    )
