"""The xiangqi Swiss pairs generated events exactly as recorded before issue 32's speed work
(crosstable at 8cdf318), every round: boards, colours and bye. The events are made as
``bench.xiangqi`` / ``bench.rules`` make theirs (2/1/0, 60 % draws, a withdrawal or two; the
Huayuan options, or the Hunan ones with a colour difference of at most 2 and team-mates
apart in every round); each round is paired from the rounds before it, so one changed round
would change every later one. Every round also passes the rule audit
(``crosstable.pairing.rule_audit``, written from the rules, not from the engine).

The second half checks the national-size solver (``crosstable.pairing.xiangqi_sparse``)
against the listed graph on the same rounds: its weights are the listed graph's, pair by
pair, and its answer has the listed optimum's total weight (equally good by every criterion
X1-X9; it may be another of several equally good pairings: docs/pairing/xiangqi.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import xiangqi_simulated as simulated

from crosstable.generate import generate_tournament
from crosstable.matching import max_weight_matching
from crosstable.model import Tournament
from crosstable.pairing.base import RoundPairing
from crosstable.pairing.rule_audit import AuditRules, audit_round
from crosstable.pairing.xiangqi import XiangqiOptions, pair_round
from crosstable.pairing.xiangqi_sparse import sparse_matching
from crosstable.pairing.xiangqi_weights import PairWeights

RECORDED = Path(__file__).resolve().parents[2] / "data" / "xiangqi_recorded"
CASES = sorted(RECORDED.glob("*.json"))


def generated(case: dict[str, Any], made: list[RoundPairing]) -> Tournament:
    players = case["players"]
    config = simulated.config(players, case["rounds"])
    chosen = simulated.options(case["rule"], players)

    def pair(tournament: Tournament, round_number: int) -> RoundPairing:
        pairing = pair_round(tournament, round_number, chosen)
        made.append(pairing)
        return pairing

    return generate_tournament(config, case["seed"], pair, system_code="XIANGQI_SWISS")


@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_every_round_as_recorded(path: Path) -> None:
    case = json.loads(path.read_text())
    made: list[RoundPairing] = []
    tournament = generated(case, made)
    chosen = simulated.options(case["rule"], case["players"])
    avoided = chosen.avoid_same_unit_rounds
    rules = AuditRules(
        max_same_colour_in_row=chosen.max_same_colour_in_row,
        max_colour_difference=chosen.max_colour_difference,
        units_apart_preferred=frozenset(range(avoided[0], avoided[1] + 1))
        if avoided
        else frozenset(),
        units=dict(chosen.units or {}),
    )
    assert len(made) == case["rounds"]
    for pairing, expected in zip(made, case["pairings"], strict=True):
        boards = [[board.white, board.black] for board in pairing.boards]
        assert (pairing.round_number, boards, pairing.bye) == (
            expected["round"],
            expected["boards"],
            expected["bye"],
        ), f"round {expected['round']}"
        assert audit_round(tournament, pairing, rules) == [], f"round {expected['round']}"


def later_rounds(path: Path) -> list[tuple[Tournament, int, XiangqiOptions]]:
    case = json.loads(path.read_text())
    tournament = generated(case, [])
    chosen = simulated.options(case["rule"], case["players"])
    return [(tournament, r, chosen) for r in range(2, case["rounds"] + 1)]


@pytest.mark.parametrize("path", CASES[:2], ids=[path.stem for path in CASES[:2]])
def test_national_size_solver_finds_the_listed_optimum(path: Path) -> None:
    for tournament, round_number, chosen in later_rounds(path):
        later = simulated.later_round(tournament, round_number, chosen)
        graph = later._graph()
        weights: PairWeights = later._weights()
        n = weights.player_count
        listed = {(i, j): w for i, j, w in graph.edges}
        # Pair by pair, the same weights (None where the listed graph has no edge).
        for i in range(n):
            for j in [*range(i + 1, n), *([n] if n % 2 else [])]:
                assert weights.weight(i, j) == listed.get((i, j)), (round_number, i, j)
        whole = max_weight_matching(graph.vertex_count, graph.edges, max_cardinality=True)
        sparse = sparse_matching(weights)
        assert sparse is not None, round_number
        assert -1 not in sparse
        assert total(listed, sparse) == total(listed, whole), round_number


def total(weights: dict[tuple[int, int], int], mate: list[int]) -> int:
    return sum(weights[i, m] for i, m in enumerate(mate) if i < m)
