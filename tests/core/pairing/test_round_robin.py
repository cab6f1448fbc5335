"""Round robin by FIDE's Berger tables (C.05 Annex 1): the tables equal FIDE's as gacrux
(a test-only oracle) prints them, for 3 to 24 players, board order included; the double
round robin meets every pair once with each colour and, by the exchange of the first
cycle's last two rounds, never gives a player one colour three times running."""

from __future__ import annotations

import pytest
from gacrux.berger import bergertables

from crosstable.pairing.base import PairingError
from crosstable.pairing.round_robin import (
    FREE,
    berger_round,
    rounds_in,
    scheduled_round,
    table_size,
)


@pytest.mark.parametrize("players", range(3, 25))
def test_the_tables_are_fides(players: int) -> None:
    oracle = bergertables(players)
    size = oracle["players"]
    assert size == table_size(players)
    for round_number in range(1, size):
        theirs = [
            (
                oracle["pairing"][round_number][board]["white"],
                oracle["pairing"][round_number][board]["black"],
            )
            for board in range(1, size // 2 + 1)
        ]
        # gacrux numbers the free round of an odd field N + 1; we write it FREE (0)
        theirs = [tuple(FREE if number > players else number for number in pair) for pair in theirs]
        assert berger_round(players, round_number) == theirs


def test_six_players_by_hand() -> None:
    # C.05 Annex 1, the table for 5 or 6 players.
    assert [berger_round(6, r) for r in range(1, 6)] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    # Five players: 6 is the free round.
    assert berger_round(5, 1) == [(1, FREE), (2, 5), (3, 4)]


def _colour_runs(players: int, cycles: int) -> tuple[dict[tuple[int, int], int], int]:
    met: dict[tuple[int, int], int] = {}
    colours: dict[int, str] = {number: "" for number in range(1, players + 1)}
    for round_number in range(1, rounds_in(players, cycles) + 1):
        for white, black in scheduled_round(players, round_number, cycles):
            if FREE in (white, black):
                continue
            met[(white, black)] = met.get((white, black), 0) + 1
            colours[white] += "W"
            colours[black] += "B"
    longest = max(
        max(len(run) for run in text.replace("WB", "W B").replace("BW", "B W").split())
        for text in colours.values()
    )
    return met, longest


@pytest.mark.parametrize("players", range(3, 25))
def test_the_double_round_robin(players: int) -> None:
    met, longest = _colour_runs(players, 2)
    for first in range(1, players + 1):
        for second in range(1, players + 1):
            if first != second:
                assert met.get((first, second)) == 1, (first, second)
    assert longest <= 2
    # The second cycle is the first with the colours reversed, round by round, but for the
    # first cycle's exchanged last two rounds.
    table_rounds = table_size(players) - 1
    for round_number in range(1, table_rounds - 1):
        first = scheduled_round(players, round_number, 2)
        second = scheduled_round(players, round_number + table_rounds, 2)
        assert second == [(black, white) for white, black in first]


def test_a_round_beyond_the_schedule_is_refused() -> None:
    with pytest.raises(PairingError, match="has 7 rounds, not round 8"):
        scheduled_round(8, 8)
    assert len(scheduled_round(8, 14, 2)) == 4
