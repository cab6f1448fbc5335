"""The start of the xiangqi sparse solver's blossom run from the shape of the optimum
(``crosstable.pairing.xiangqi_start``): on generated events (bench.xiangqi's options), every
later round's start, with every segment started, is a valid one for ``solve_from`` (even
duals, no pair of negative slack, its pairs tight), the run from it reaches the weight of
the run from the greedy warm start with duals that prove it optimal, and the round pairs
exactly as without the start (the tie rule decides among the optima)."""

from __future__ import annotations

import random

import pytest
import xiangqi_simulated as simulated

from crosstable.matching.blossom import BlossomRun, OptimalDuals
from crosstable.model import Tournament
from crosstable.pairing import xiangqi, xiangqi_start
from crosstable.pairing.history import build_histories, players_to_pair
from crosstable.pairing.xiangqi import XiangqiOptions
from crosstable.pairing.xiangqi_sparse import FIRST_WIDTH, _candidates, sparse_optimum


def event(rule: str, players: int, seed: int) -> tuple[Tournament, XiangqiOptions]:
    return simulated.event(rule, players, seed, 7)


def _assert_proved_optimal(
    edges: dict[tuple[int, int], int], mate: list[int], duals: OptimalDuals
) -> None:
    """Complementary slackness of a perfect matching: tight pairs, no negative slack, every
    blossom of positive dual full."""
    assert all(m != -1 and mate[m] == v for v, m in enumerate(mate))
    for (u, v), weight in edges.items():
        inside = sum(dual for members, dual in duals.blossoms if u in members and v in members)
        slack = duals.vertex[u] + duals.vertex[v] - 2 * weight + 2 * inside
        assert slack >= 0
        assert mate[u] != v or slack == 0
    for members, dual in duals.blossoms:
        held = set(members)
        assert sum(1 for v in members if mate[v] in held) == len(members) - 1
        assert dual > 0


@pytest.mark.parametrize(("rule", "players", "seed"), [("huayuan", 241, 12), ("hunan", 223, 14)])
def test_the_start_is_valid_and_changes_nothing(
    rule: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament, chosen = event(rule, players, seed)
    started = 0
    for round_number in range(2, 8):
        later = simulated.later_round(tournament, round_number, chosen)
        weights = later._weights()
        vertex_count = weights.player_count + weights.player_count % 2
        kept = _candidates(weights, FIRST_WIDTH)
        without = sparse_optimum(weights)
        with monkeypatch.context() as every_segment:
            every_segment.setattr(xiangqi_start, "START_FROM", 0)
            every_segment.setattr(xiangqi_start, "MOST_SURPLUS", 1.0)
            start = xiangqi_start.segment_start(weights, kept, vertex_count)
            with_start = sparse_optimum(weights)
        assert without is not None and with_start is not None
        assert with_start.mate == without.mate, round_number
        if start is None:
            continue
        started += 1
        run = BlossomRun(vertex_count, kept, True)
        mate = run.solve_from(*start)  # raises on an invalid start
        duals = run.optimal_duals(perfect_required=True)
        assert duals is not None
        _assert_proved_optimal(kept, mate, duals)
        greedy = BlossomRun(vertex_count, kept, True).solve()
        assert total(kept, mate) == total(kept, greedy), round_number
    assert started >= 4


def test_segments_where_one_colour_side_dominates_are_not_started() -> None:
    tournament, chosen = event("huayuan", 241, 12)
    later = xiangqi._LaterRound(
        tournament, 2, players_to_pair(tournament, 2), build_histories(tournament, 2), chosen
    )
    weights = later._weights()
    side = xiangqi_start._sides(weights.conflict)
    assert side is not None
    weights.kind = [side.index(0)] * weights.player_count  # one side only
    assert not any(
        xiangqi_start._balanced(weights, side, lv) for lv in range(len(weights.level_sizes))
    )


def total(weights: dict[tuple[int, int], int], mate: list[int]) -> int:
    return sum(weights[i, m] for i, m in enumerate(mate) if i < m)


@pytest.mark.parametrize(("rule", "players", "seed"), [("huayuan", 241, 12), ("hunan", 223, 14)])
def test_round_two_segments_duals_close_around_the_circle(
    rule: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 2's segments are two colour sides paired around the circle: the duals the
    start gives a segment's pairs leave no pair of a point and a target (the two sides,
    both paired by the start) with a negative slack, so none is freed for it (the
    staircase alone did: its rises do not add up to zero around the circle)."""
    tournament, chosen = event(rule, players, seed)
    weights = simulated.later_round(tournament, 2, chosen)._weights()
    vertex_count = weights.player_count + weights.player_count % 2
    kept = _candidates(weights, FIRST_WIDTH)
    side = xiangqi_start._sides(weights.conflict)
    assert side is not None
    monkeypatch.setattr(xiangqi_start, "MOST_SURPLUS", 1.0)
    mate = [-1] * vertex_count
    dual: list[int | None] = [None] * vertex_count
    started = [
        lv for lv in range(len(weights.level_sizes)) if xiangqi_start._balanced(weights, side, lv)
    ]
    for lv in started:
        xiangqi_start._segment(weights, kept, side, lv, mate, dual)
    checked = 0
    for (u, v), weight in kept.items():
        if v == weights.player_count or weights.level[u] != weights.level[v]:
            continue
        if weights.level[u] not in started or mate[u] == -1 or mate[v] == -1:
            continue
        if side[weights.kind[u]] == side[weights.kind[v]]:
            continue
        dual_u, dual_v = dual[u], dual[v]
        assert dual_u is not None and dual_v is not None
        assert dual_u + dual_v >= 2 * weight, (u, v)
        checked += 1
    assert len(started) == 3 and checked > 1000


@pytest.mark.parametrize("seed", range(40))
def test_the_circle_order_turned_is_the_best_turn_and_its_duals_close(seed: int) -> None:
    """On a random segment: the order the start pairs is at least as good as every turn of
    it, and where the closed steps exist, every pair of a point and a target has a
    non-negative slack under them (checked over all pairs, not only neighbours)."""
    rng = random.Random(seed)
    size = rng.randrange(8, 60)
    ideal = size // 2
    sides = [rng.randrange(2) for _ in range(size)]
    groups = ([p for p in range(size) if sides[p] == 0], [p for p in range(size) if sides[p]])
    points, targets = sorted(groups, key=len)
    if not points:
        return
    top = 10 * size * size

    def smooth(p: int, q: int) -> int:
        return top - (abs(q - p) - ideal) ** 2

    pairs = xiangqi_start._circle_order(points, targets, ideal, 2 * ideal, 0)
    pairs = xiangqi_start._best_rotation(pairs, smooth)
    count = len(pairs)

    def turned(shift: int) -> int:
        return sum(smooth(pairs[(k - shift) % count][0], pairs[k][1]) for k in range(count))

    assert all(turned(0) >= turned(shift) for shift in range(count))
    steps = xiangqi_start._closed_steps(pairs, smooth)
    if steps is None:
        return
    assert sum(steps) == 0 and all(step % 2 == 0 for step in steps)
    dual: dict[int, int] = {}
    rising = smooth(*pairs[0]) + smooth(*pairs[0]) % 2
    for k, (p, q) in enumerate(pairs):
        if k:
            rising += steps[k]
        dual[p] = rising
        dual[q] = 2 * smooth(p, q) - rising
    for p, q in pairs:
        assert dual[p] + dual[q] == 2 * smooth(p, q)
    for p in (p for p, _ in pairs):
        for q in (q for _, q in pairs):
            assert dual[p] + dual[q] >= 2 * smooth(p, q), (p, q)


def test_likely_floats_join_neighbouring_started_segments_with_the_rounds_weights(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The start adds pairs across segments to the first graph (before the run is built
    from it): each joins two neighbouring segments and carries the round's own weight."""
    tournament, chosen = event("huayuan", 241, 12)
    weights = simulated.later_round(tournament, 3, chosen)._weights()
    vertex_count = weights.player_count + weights.player_count % 2
    kept = _candidates(weights, FIRST_WIDTH)
    before = dict(kept)
    monkeypatch.setattr(xiangqi_start, "START_FROM", 0)
    monkeypatch.setattr(xiangqi_start, "MOST_SURPLUS", 1.0)
    assert xiangqi_start.segment_start(weights, kept, vertex_count) is not None
    added = {pair: weight for pair, weight in kept.items() if pair not in before}
    assert len(added) > 20
    for (i, j), weight in added.items():
        assert weights.level[j] == weights.level[i] + 1, (i, j)
        assert weights.weight(i, j) == weight
    assert all(kept[pair] == weight for pair, weight in before.items())
