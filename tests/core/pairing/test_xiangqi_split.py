"""The xiangqi Swiss by parts (``crosstable.pairing.xiangqi_split``) against the whole round.

Generated events (bench.xiangqi's options: Huayuan, and Hunan with a colour difference of at
most 2 and team-mates apart in every round), each later round split with a lowered part
size so that events of a few hundred players split into several parts: whenever the split
answers, its pairing is the one the sparse solver gives over the whole round (proved: the
round's optima are the unions of the parts' optima, and the tie rule picks one of them by
the rules alone: docs/pairing/xiangqi.md, "At national size, by parts"), and its total weight
is the listed graph's optimum. Rounds of one part, or whose parts cannot be proved, answer
None (the whole round is solved then); enough rounds must split for the test to mean
anything. The tie rule's answer must not depend on the solver's path: solved again from
another first graph, cold, each round must pair the same, also where the two solves' own
optima differ.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import xiangqi_simulated as simulated

from crosstable.matching import max_weight_matching
from crosstable.model import Tournament
from crosstable.pairing import xiangqi_sparse
from crosstable.pairing.xiangqi import XiangqiOptions
from crosstable.pairing.xiangqi_sparse import sparse_optimum
from crosstable.pairing.xiangqi_split import _upwards, restrict, split_matching
from crosstable.pairing.xiangqi_weights import PairWeights


def event(rule: str, players: int, seed: int) -> tuple[Tournament, XiangqiOptions]:
    return simulated.event(rule, players, seed, 9)


# Seeds drawn once, written down (the same events every run).
EVENTS = [("huayuan", 160, 11), ("huayuan", 241, 12), ("hunan", 180, 13), ("hunan", 223, 14)]


@pytest.mark.parametrize(("rule", "players", "seed"), EVENTS)
def test_the_parts_pair_as_the_whole_round(rule: str, players: int, seed: int) -> None:
    tournament, chosen = event(rule, players, seed)
    split_rounds = 0
    for round_number in range(2, 10):
        later = simulated.later_round(tournament, round_number, chosen)
        weights: PairWeights = later._weights()
        split = split_matching(weights, smallest_part=30)
        if split is None:
            continue
        mate, report = split
        assert len(report.parts) > 1
        split_rounds += 1
        whole_round = sparse_optimum(weights)
        assert whole_round is not None
        assert mate == whole_round.mate, round_number
        graph = later._graph()
        listed = {(i, j): w for i, j, w in graph.edges}
        whole = max_weight_matching(graph.vertex_count, graph.edges, max_cardinality=True)
        assert total(listed, mate) == total(listed, whole), round_number
    assert split_rounds >= 4


@pytest.mark.parametrize(("rule", "players", "seed"), EVENTS)
def test_the_tie_rule_does_not_depend_on_the_solvers_path(
    rule: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament, chosen = event(rule, players, seed)
    own: list[list[int]] = []
    first_of_ties = xiangqi_sparse._first_of_ties

    def keeping_own(weights: PairWeights, mate: list[int], *rest: Any) -> list[int]:
        own.append(list(mate))
        return first_of_ties(weights, mate, *rest)

    monkeypatch.setattr(xiangqi_sparse, "_first_of_ties", keeping_own)
    own_differ = 0
    for round_number in range(2, 10):
        later = simulated.later_round(tournament, round_number, chosen)
        weights = later._weights()
        own.clear()
        usual = sparse_optimum(weights)
        with monkeypatch.context() as other_path:
            other_path.setattr(xiangqi_sparse, "FIRST_WIDTH", 4)
            other_path.setattr(xiangqi_sparse, "KIND_WIDTH", 0)
            other_path.setattr(xiangqi_sparse, "WARM_FREE", -1.0)
            other = sparse_optimum(weights)
        assert usual is not None and other is not None
        assert usual.mate == other.mate, round_number
        own_differ += own[0] != own[-1]
    # The two solves must reach different optima of their own somewhere (else the test
    # shows nothing): 1-3 rounds of 8 in each of these events.
    assert own_differ >= 1


def total(weights: dict[tuple[int, int], int], mate: list[int]) -> int:
    return sum(weights[i, m] for i, m in enumerate(mate) if i < m)


def test_a_part_weighs_its_pairs_as_the_round() -> None:
    tournament, chosen = event("hunan", 120, 15)
    rng = random.Random(15)
    later = simulated.later_round(tournament, 6, chosen)
    weights = later._weights()
    n = weights.player_count
    starts = weights.level_start
    for _ in range(20):
        first, end = sorted(rng.sample([*starts, n], 2))
        part = restrict(weights, first, end)
        count = end - first
        for i in range(count):
            for j in range(i + 1, count):
                assert part.weight(i, j) == weights.weight(first + i, first + j)
            if count % 2:
                expected = weights.bye_weight[first + i] if end == n else None
                assert part.weight(i, count) == expected


def test_duals_turned_upwards_prove_the_same_part() -> None:
    """Each blossom holding the part's last player gives its dual to its complement in the
    part: every pair's slack stays as it was, the sets stay laminar, and the part's last
    players' duals rise (what makes the pairs to the part below provable)."""
    tournament, chosen = event("huayuan", 241, 12)
    later = simulated.later_round(tournament, 6, chosen)
    weights = later._weights()
    cut = next(s for s in weights.level_start if s >= 100 and s % 2 == 0)
    part = restrict(weights, 0, cut)
    optimum = sparse_optimum(part)
    assert optimum is not None
    last = cut - 1
    chain = [(set(m), z) for m, z in optimum.duals.blossoms if last in m]
    assert chain
    turned = _upwards(optimum.duals, last)
    everyone = set(range(cut))
    family = [(set(m), z) for m, z in optimum.duals.blossoms if last not in m]
    family += [(everyone - members, z) for members, z in chain]
    for a, _ in family:
        for b, _ in family:
            assert a <= b or b <= a or not a & b
    y = optimum.duals.vertex

    def slack(duals: list[int], blossoms: list[tuple[set[int], int]], i: int, j: int) -> int:
        weight = part.weight(i, j)
        assert weight is not None
        inside = sum(z for members, z in blossoms if i in members and j in members)
        return duals[i] + duals[j] - 2 * weight + 2 * inside

    before = [(set(m), z) for m, z in optimum.duals.blossoms]
    for i in range(cut):
        for j in range(i + 1, cut):
            if part.weight(i, j) is not None:
                assert slack(turned, family, i, j) == slack(y, before, i, j)
    assert turned[last] > y[last]


def test_parts_that_would_pair_team_mates_are_joined() -> None:
    """The players above a cut all of one team (X5 ranks above the score segments): each
    part's own optimum pairs team-mates, the whole round floats them down instead. The cross
    pairs' slack shows it; the parts are joined and the answer is the whole round's."""
    tournament, chosen = event("hunan", 223, 14)
    later = simulated.later_round(tournament, 5, chosen)
    weights = later._weights()
    cut = next(s for s in weights.level_start if s >= 30 and s % 2 == 0)
    weights.units[:cut] = ["one team"] * cut
    split = split_matching(weights, smallest_part=30)
    whole = sparse_optimum(weights)
    assert whole is not None
    if split is not None:
        assert split[1].joins >= 1
        assert split[0] == whole.mate
    mate = whole.mate if split is None else split[0]
    assert all(mate[i] >= cut for i in range(cut))  # nobody above the cut meets a team-mate
