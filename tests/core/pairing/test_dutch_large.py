"""The Dutch engine on fields of thousands of players: it must pair them at all (a depth-first
search used to recurse once per S1 player and raised RecursionError beyond ~2,000 players).

Expected pairings worked out from the rules: in round 1 everyone has 0 points, so the whole
field is one homogeneous bracket in pairing (TPN) order; S1 is its first half, S2 the rest,
and the first candidate (Art. 4.2, no transposition) pairs S1[k] with S2[k] and meets every
criterion (no colour preferences yet), so it is the pairing. With an odd field S2 has one
player more, the last, who is left over and receives the PAB (the lowest score, [C5]; he
floats from the only bracket). Colours (Art. 5.2.5): the higher-ranked player gets the
initial colour when his rank is odd. Boards follow the higher-ranked player's TPN.
"""

from __future__ import annotations

import time

import pytest

from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.model import Colour
from crosstable.pairing import dutch


@pytest.mark.parametrize("players", [2500, 2501])
def test_round_one_of_a_large_field(players: int) -> None:
    tournament = generate_tournament(
        GeneratorConfig(players=players, rounds=9, initial_colour=Colour.WHITE),
        11,
        dutch.pair_round,
        played_rounds=0,
    )
    started = time.process_time()
    pairing = dutch.pair_round(tournament, 1)
    assert time.process_time() - started < 20  # 1.1 s measured: a regression, not a limit
    half = players // 2
    expected = [(k, k + half) if k % 2 else (k + half, k) for k in range(1, half + 1)]
    assert [(board.white, board.black) for board in pairing.boards] == expected
    assert pairing.bye == (players if players % 2 else None)
