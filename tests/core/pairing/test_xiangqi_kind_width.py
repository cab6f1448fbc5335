"""The xiangqi sparse solver's candidate graph is wider by colour kind in big segments
(``xiangqi_sparse.KIND_WIDTH_SIZE``): on generated events, the wide graph holds the narrow
one, and the round pairs exactly as with the narrow graph (the certificate and the tie rule
make the answer a function of the round, whatever the first graph)."""

from __future__ import annotations

import pytest
import xiangqi_simulated as simulated

from crosstable.model import Tournament
from crosstable.pairing import xiangqi_sparse
from crosstable.pairing.xiangqi import XiangqiOptions


def event(rule: str, players: int, seed: int) -> tuple[Tournament, XiangqiOptions]:
    return simulated.event(rule, players, seed, 5)


@pytest.mark.parametrize(("rule", "players", "seed"), [("huayuan", 241, 12), ("hunan", 223, 14)])
def test_wide_segments_hold_the_narrow_graph_and_pair_alike(
    rule: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament, chosen = event(rule, players, seed)
    for round_number in range(2, 6):
        later = simulated.later_round(tournament, round_number, chosen)
        weights = later._weights()
        narrow = xiangqi_sparse._candidates(weights, xiangqi_sparse.FIRST_WIDTH)
        narrow_optimum = xiangqi_sparse.sparse_optimum(weights)
        with monkeypatch.context() as every_segment:
            every_segment.setattr(xiangqi_sparse, "KIND_WIDTH_SIZE", 1)
            wide = xiangqi_sparse._candidates(weights, xiangqi_sparse.FIRST_WIDTH)
            wide_optimum = xiangqi_sparse.sparse_optimum(weights)
        assert narrow.items() <= wide.items(), round_number
        assert narrow_optimum is not None and wide_optimum is not None
        assert wide_optimum.mate == narrow_optimum.mate, round_number
