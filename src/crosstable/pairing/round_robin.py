"""Round robin by FIDE's Berger tables (C.05, Annex 1), single and double.

Every player meets every other; the pairings are fixed before round 1 by the players'
numbers (drawn by lot), so nothing here depends on results. For N players (an odd field plays
as N + 1, the extra number being the free round) the N − 1 rounds of the table are:

- player N meets the player p with 2p ≡ r + 1 (mod N − 1) in round r, on board 1, with Black
  in odd rounds and White in even ones;
- the other boards, in order b = 2 … N/2, pair p + (b − 1) with p − (b − 1) (mod N − 1,
  numbers 1 … N − 1); of the two, White goes to the player i for whom (j − i) mod (N − 1) is
  odd, j being the opponent.

This is the table FIDE prints (checked against gacrux's copy for 3–24 players, board order
included). A double round robin plays the table twice: in the first cycle the last two rounds
change places, so that no player has the same colour three times across the two cycles'
seam, and the second cycle repeats the table with the colours reversed (C.05 Annex 1; the
reading is docs/pairing/round_robin.md).

:func:`pair_round` seats a section's players on the table and gives one round as a
``RoundPairing``: the table's number k is the k-th lowest pairing number; the free round of
an odd field is a rest (zero points, ``rest``), not the Swiss pairing-allocated bye; a player
withdrawn before the round, or announced absent for it, keeps their board and forfeits the
game (``forfeits``): a round robin's games are fixed before round 1, so nobody is re-paired.
"""

from __future__ import annotations

from crosstable.message import Message
from crosstable.model import ResultCode, Tournament
from crosstable.pairing.base import Board, PairingError, RoundPairing

FREE = 0
"""The number standing for the free round of an odd field in a table's pair."""


def table_size(players: int) -> int:
    """The table's number of places: the field, or one more for an odd field."""
    return players + players % 2


def berger_round(players: int, round_number: int) -> list[tuple[int, int]]:
    """Round ``round_number`` (1 … N − 1) of the Berger table for ``players``: (white,
    black) by table number in board order; the free round of an odd field is ``FREE``."""
    size = table_size(players)
    if players < 2 or not 1 <= round_number < size:
        raise ValueError(f"a {players}-player table has no round {round_number}")
    modulus = size - 1

    def place(value: int) -> int:
        return (value - 1) % modulus + 1

    pivot_opponent = next(
        number for number in range(1, size) if (2 * number - round_number - 1) % modulus == 0
    )
    pivot = size if size == players else FREE
    boards = [(pivot, pivot_opponent) if round_number % 2 == 0 else (pivot_opponent, pivot)]
    for board in range(2, size // 2 + 1):
        first = place(pivot_opponent + board - 1)
        second = place(pivot_opponent - board + 1)
        first_has_white = ((second - first) % modulus) % 2 == 1
        boards.append((first, second) if first_has_white else (second, first))
    return boards


def rounds_in(players: int, cycles: int) -> int:
    return (table_size(players) - 1) * cycles


def scheduled_round(
    players: int, round_number: int, cycles: int = 1, *, exchange: bool = True
) -> list[tuple[int, int]]:
    """Round ``round_number`` of a round robin of ``cycles`` cycles (1 or 2): the table's
    round, with the double round robin's exchange of the first cycle's last two rounds and
    the second cycle's reversed colours. ``exchange`` False: the table as it is in every
    cycle, colours reversed in the second (TRF-2026's ``BERGER_DOUBLEROUNDROBIN``, the
    table played twice; ``FIDE_DOUBLEROUNDROBIN`` exchanges)."""
    table_rounds = table_size(players) - 1
    if not 1 <= round_number <= table_rounds * cycles:
        raise PairingError(
            f"a round robin of {players} players in {cycles} cycle(s) has "
            f"{table_rounds * cycles} rounds, not round {round_number}"
        )
    cycle, index = divmod(round_number - 1, table_rounds)
    table_round = index + 1
    if (
        exchange
        and cycles == 2
        and cycle == 0
        and table_rounds >= 2
        and table_round >= table_rounds - 1
    ):
        table_round = 2 * table_rounds - 1 - table_round
    boards = berger_round(players, table_round)
    if cycle % 2 == 1:
        boards = [(black, white) for white, black in boards]
    return boards


def _forfeits_game(tournament: Tournament, number: int, round_number: int) -> bool:
    """Whether ``number`` does not play ``round_number``: withdrawn before it, or announced
    absent (a requested bye, which a round robin cannot give: the game is forfeited)."""
    player = tournament.players[number]
    withdrawn = player.withdrawn_after_round
    if withdrawn is not None and withdrawn < round_number:
        return True
    absent = tournament.absences.get(round_number, {}).get(number)
    return absent is not None and absent is not ResultCode.UNPLAYED


def pair_round(
    tournament: Tournament,
    round_number: int | None = None,
    *,
    cycles: int = 1,
    exchange: bool = True,
) -> RoundPairing:
    """Round ``round_number`` (default: the next one) of ``tournament`` played as a round robin
    of ``cycles`` cycles: the Berger table's boards with the players seated by pairing
    number. PairingError when the field is too small or the section's number of rounds is not
    the table's (a round robin of N players has N − 1 rounds a cycle, N + 1 − 1 for odd N)."""
    numbers = sorted(tournament.players)
    if round_number is None:
        round_number = tournament.rounds_paired + 1
    if len(numbers) < 2:
        raise PairingError(
            Message(
                "a round robin needs at least two players; the section has %(count)s",
                count=len(numbers),
            )
        )
    needed = rounds_in(len(numbers), cycles)
    if tournament.total_rounds is not None and tournament.total_rounds != needed:
        raise PairingError(
            Message(
                "this round robin of %(players)s players has %(needed)s rounds, but the "
                "section has %(rounds)s: change its number of rounds",
                players=len(numbers),
                needed=needed,
                rounds=tournament.total_rounds,
            )
        )
    seat = {place: number for place, number in enumerate(numbers, start=1)}
    boards: list[Board] = []
    rest: int | None = None
    for white, black in scheduled_round(len(numbers), round_number, cycles, exchange=exchange):
        if FREE in (white, black):
            rest = seat[white or black]
            continue
        boards.append(Board(seat[white], seat[black]))
    forfeits = tuple(
        number
        for board in boards
        for number in (board.white, board.black)
        if _forfeits_game(tournament, number, round_number)
    )
    return RoundPairing(round_number, tuple(boards), rest=rest, forfeits=forfeits)
