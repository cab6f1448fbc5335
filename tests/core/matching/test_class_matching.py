"""Matching on class graphs (weights by the classes of the two ends, edges by an adjacency
test) against the same graphs listed edge by edge: the same optimum as networkx, and with
choices the same pairs as lexicographic_matching (itself checked by brute force)."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from crosstable.matching import (
    ClassGraph,
    class_lexicographic_matching,
    class_weighted_matching,
    lexicographic_matching,
)


def random_class_graph(rng: random.Random) -> tuple[ClassGraph, list[tuple[int, int, int]]]:
    n = rng.randint(2, 70)
    classes = rng.randint(1, 6)
    vertex_class = [rng.randrange(classes) for _ in range(n)]
    values = rng.choice([[5], [3, 5, 8], [-4, 0, 6, 9], [2**90 + k for k in range(4)]])
    table: list[list[int | None]] = [[None] * classes for _ in range(classes)]
    for a in range(classes):
        for b in range(a, classes):
            w = None if rng.random() < 0.15 else rng.choice(values)
            table[a][b] = table[b][a] = w
    missing = rng.choice([0.0, 0.05, 0.3])
    absent = {(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < missing}

    def adjacent(u: int, v: int) -> bool:
        return ((u, v) if u < v else (v, u)) not in absent

    graph = ClassGraph(vertex_class, table, adjacent)
    edges = []
    for u in range(n):
        for v in range(u + 1, n):
            w = graph.edge_weight(u, v)
            if w is not None:
                edges.append((u, v, w))
    return graph, edges


def value(edges: list[tuple[int, int, int]], mate: list[int]) -> tuple[int, int]:
    weight = {(u, v): w for u, v, w in edges}
    pairs = [(v, m) for v, m in enumerate(mate) if v < m]
    return len(pairs), sum(weight[p] for p in pairs)


def best(n: int, edges: list[tuple[int, int, int]], max_cardinality: bool) -> tuple[int, int]:
    reference = nx.Graph()
    reference.add_nodes_from(range(n))
    for u, v, w in edges:
        reference.add_edge(u, v, weight=w)
    matching = nx.max_weight_matching(reference, maxcardinality=max_cardinality)
    return len(matching), sum(reference.edges[u, v]["weight"] for u, v in matching)


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("max_cardinality", [False, True])
def test_class_graphs_reach_the_optimum(seed: int, max_cardinality: bool) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        graph, edges = random_class_graph(rng)
        n = len(graph.vertex_class)
        mate = class_weighted_matching(graph, max_cardinality)
        if mate is None:
            continue  # max_cardinality without a perfect subgraph matching: the caller lists
        for v, m in enumerate(mate):
            assert m == -1 or (mate[m] == v and graph.edge_weight(v, m) is not None)
        pairs, weight = value(edges, mate)
        expected_pairs, expected_weight = best(n, edges, max_cardinality)
        assert weight == expected_weight
        if max_cardinality:
            assert pairs == expected_pairs


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("max_cardinality", [False, True])
def test_choices_settle_the_same_pairs(seed: int, max_cardinality: bool) -> None:
    rng = random.Random(500 + seed)
    compared = 0
    for _ in range(6):
        graph, edges = random_class_graph(rng)
        n = len(graph.vertex_class)
        order = list(range(n))
        rng.shuffle(order)
        choices = [(c, rng.sample(range(n), rng.randint(0, n))) for c in order[: n // 2]]
        ours = class_lexicographic_matching(graph, choices, max_cardinality)
        listed = lexicographic_matching(n, edges, choices, max_cardinality)
        if ours is None or listed is None:
            continue
        compared += 1
        if max_cardinality:
            assert value(edges, ours) == value(edges, listed)
        else:  # edges of weight 0 may or may not be used
            assert value(edges, ours)[1] == value(edges, listed)[1]
        settled: set[int] = set()
        for chooser, preferences in choices:
            if chooser in settled:
                continue
            if listed[chooser] in preferences:
                assert ours[chooser] == listed[chooser]
                settled |= {chooser, listed[chooser]}
    if not max_cardinality:
        # None: a blossom that the greedy's path would empty (about two fifths of these
        # tie-heavy random graphs); the caller then lists the edges or packs the weights.
        assert compared >= 1
