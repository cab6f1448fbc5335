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


@pytest.mark.parametrize("players", range(3, 25))
def test_the_berger_double_round_robin_plays_the_table_twice(players: int) -> None:
    # TRF-2026's BERGER_DOUBLEROUNDROBIN (= BERGER_ROUNDROBIN_G2): the table twice as it
    # is, the second cycle's colours reversed, no rounds exchanged — as gacrux (FIDE's
    # reference checker) pairs "berger, double" without "fide": its table's round
    # (r - 1) mod (N - 1) + 1, colours swapped in the second cycle.
    oracle = bergertables(players)
    size = oracle["players"]
    for round_number in range(1, 2 * (size - 1) + 1):
        cycle, index = divmod(round_number - 1, size - 1)
        boards = oracle["pairing"][index + 1]
        theirs = [
            (boards[b]["black"], boards[b]["white"])
            if cycle
            else (boards[b]["white"], boards[b]["black"])
            for b in range(1, size // 2 + 1)
        ]
        theirs = [tuple(FREE if number > players else number for number in pair) for pair in theirs]
        assert scheduled_round(players, round_number, 2, exchange=False) == theirs


def test_the_trf_2026_round_robin_codes() -> None:
    # TRF-2026's table of record-192 codes: BERGER_ROUNDROBIN and BERGER_ROUNDROBIN_G1 are
    # FIDE_ROUNDROBIN; BERGER_DOUBLEROUNDROBIN and _G2 the table played twice (no exchange);
    # FIDE_DOUBLEROUNDROBIN exchanges the first cycle's last two rounds. Four players:
    # the table 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    from crosstable.model import Player, Tournament
    from crosstable.pairing.registry import offered_codes, pair_function, pairing_system

    def boards(code: str) -> list[list[tuple[int, int]]]:
        rounds = 6 if "DOUBLE" in code or code.endswith("_G2") else 3
        tournament = Tournament(total_rounds=rounds, system_code=code)
        for number in range(1, 5):
            tournament.add_player(Player(number, f"P{number}"))
        pair = pair_function(code)
        return [
            [(b.white, b.black) for b in pair(tournament, r).boards] for r in range(1, rounds + 1)
        ]

    table = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    reversed_table = [[(b, w) for w, b in round_] for round_ in table]
    for code in ("FIDE_ROUNDROBIN", "BERGER_ROUNDROBIN", "BERGER_ROUNDROBIN_G1"):
        assert boards(code) == table, code
    for code in ("BERGER_DOUBLEROUNDROBIN", "BERGER_ROUNDROBIN_G2"):
        assert boards(code) == table + reversed_table, code
    assert boards("FIDE_DOUBLEROUNDROBIN") == [table[0], table[2], table[1], *reversed_table]
    assert pairing_system("berger_roundrobin").alias_of == "FIDE_ROUNDROBIN"
    assert pairing_system("BERGER_ROUNDROBIN_G2").alias_of == "BERGER_DOUBLEROUNDROBIN"
    offered = offered_codes(teams=False)
    assert "BERGER_DOUBLEROUNDROBIN" in offered
    assert not {"BERGER_ROUNDROBIN", "BERGER_ROUNDROBIN_G1", "BERGER_ROUNDROBIN_G2"} & set(offered)
    with pytest.raises(KeyError, match="played 3 times; crosstable pairs the Berger tables once"):
        pairing_system("BERGER_ROUNDROBIN_G3")
