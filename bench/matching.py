"""Benchmark of crosstable.matching on pairing-shaped graphs; prints a table of timings.

Run as ``.venv/bin/python -m bench.matching`` (``--sizes 100,500`` to choose sizes,
``--repeat 3`` to keep the best of several runs, ``--families swiss`` to choose graphs).

Two graph families, both seeded:

* ``swiss``: after a few rounds of a Swiss event, players fall into score groups of binomial
  sizes; within a group almost every pair is allowed, across adjacent groups each player has a
  handful of allowed partners; each weight packs many tiers into about 200 bits (score-group
  distance on top, six small "colour/float" tiers, a rank-distance tier, random low bits so
  that the optimum is unique).
* ``bracket``: what a bracket-by-bracket engine asks: every unpaired player against every
  other except earlier opponents (a near-complete graph), weight ``top - penalty`` where the
  penalty is zero for most pairs, a large constant for pairs leaving the bracket, and a few
  small tiers inside the bracket (about one player in six). Many ties.

Times are CPU seconds of this process (``time.process_time``): on a shared machine wall
time also counts the time spent waiting for a processor. Columns: edges; seconds for
``max_weight_matching`` (without and with max_cardinality) and for
``max_cardinality_matching`` on the same graph; ``oracle q`` is the mean time of one
``MatchingOracle.perfect_without`` question removing two random vertices.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/matching.py`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from crosstable.matching import MatchingOracle, max_cardinality_matching, max_weight_matching

Edge = tuple[int, int, int]

DEFAULT_SIZES = (100, 500, 1000, 2000, 5000)
FAMILIES = ("swiss", "bracket")
# A near-complete graph on 5,000 vertices has 12.5 million edges: several GB as Python
# tuples of big integers. Larger bracket sizes are skipped unless --all-sizes is given.
BRACKET_LIMIT = 2000


def swiss_graph(vertex_count: int, seed: int, rounds_played: int = 4) -> list[Edge]:
    """Score groups, dense inside, sparse between neighbouring groups; packed weights."""
    rng = random.Random(seed)
    half_points = 2 * rounds_played
    group = sorted(
        (sum(rng.random() < 0.5 for _ in range(half_points)) for _ in range(vertex_count)),
        reverse=True,
    )
    members: dict[int, list[int]] = {}
    for v, g in enumerate(group):
        members.setdefault(g, []).append(v)
    edges: list[Edge] = []

    def weight(u: int, v: int) -> int:
        w = half_points + 1 - abs(group[u] - group[v])
        for _tier in range(6):
            w = (w << 16) | rng.randrange(4)
        rank_tier = vertex_count - abs(u - v)
        return (w << 96) | (rank_tier << 32) | rng.randrange(1 << 32)

    for vertices in members.values():
        for i, u in enumerate(vertices):
            for v in vertices[i + 1 :]:
                if rng.random() < 0.9:
                    edges.append((u, v, weight(u, v)))
    groups = sorted(members)
    for lower, upper in itertools.pairwise(groups):
        below = members[lower]
        for u in members[upper]:
            for v in rng.sample(below, min(4, len(below))):
                edges.append((u, v, weight(u, v)))
    return edges


def bracket_graph(vertex_count: int, seed: int, rounds_played: int = 5) -> list[Edge]:
    """Near-complete graph, weight ``top - penalty``, most penalties zero (many ties)."""
    rng = random.Random(seed)
    played: set[tuple[int, int]] = set()
    for v in range(vertex_count):
        for _ in range(rounds_played):
            u = rng.randrange(vertex_count)
            if u != v:
                played.add((min(u, v), max(u, v)))
    bracket_size = max(2, vertex_count // 6)
    top = 1 << 200
    leave = 1 << 180
    edges: list[Edge] = []
    for u in range(vertex_count):
        for v in range(u + 1, vertex_count):
            if (u, v) in played:
                continue
            if v < bracket_size:
                penalty = (rng.randrange(3) << 150) + (rng.randrange(4) << 100)
                penalty += rng.randrange(1 << 20)
            elif u < bracket_size:
                penalty = leave
            else:
                penalty = 0
            edges.append((u, v, top - penalty))
    return edges


GENERATORS: dict[str, Callable[[int, int], list[Edge]]] = {
    "swiss": swiss_graph,
    "bracket": bracket_graph,
}


def adjacency_of(vertex_count: int, edges: list[Edge]) -> list[list[int]]:
    adjacency: list[list[int]] = [[] for _ in range(vertex_count)]
    for u, v, _w in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)
    return adjacency


def best_time(function: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        function()
        best = min(best, time.process_time() - start)
    return best


def oracle_question_time(vertex_count: int, adjacency: list[list[int]], seed: int) -> float:
    oracle = MatchingOracle(vertex_count, adjacency)
    rng = random.Random(seed)
    questions = 50
    start = time.process_time()
    for _ in range(questions):
        oracle.perfect_without(rng.sample(range(vertex_count), 2))
    return (time.process_time() - start) / questions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, DEFAULT_SIZES)))
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all-sizes", action="store_true", help="no size limit for bracket")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    families = [f for f in args.families.split(",") if f]
    print(
        f"{'graph':<8} {'n':>6} {'edges':>9} {'weight s':>9} {'w+card s':>9} "
        f"{'card s':>8} {'oracle q ms':>11}"
    )
    for family in families:
        for n in sizes:
            if family == "bracket" and n > BRACKET_LIMIT and not args.all_sizes:
                print(f"{family:<8} {n:>6}  skipped (near-complete graph too big; --all-sizes)")
                continue
            edges = GENERATORS[family](n, args.seed + n)
            adjacency = adjacency_of(n, edges)
            weighted = best_time(partial(max_weight_matching, n, edges), args.repeat)
            weighted_card = best_time(
                partial(max_weight_matching, n, edges, max_cardinality=True), args.repeat
            )
            cardinality = best_time(partial(max_cardinality_matching, n, adjacency), args.repeat)
            question = oracle_question_time(n, adjacency, args.seed)
            print(
                f"{family:<8} {n:>6} {len(edges):>9} {weighted:>9.3f} {weighted_card:>9.3f} "
                f"{cardinality:>8.3f} {question * 1000:>11.2f}"
            )
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
