"""Re-pair every recorded round of a tournament and report where a pairing system disagrees.

This is the conformance check of the Dutch corpus (``../shared/corpus/README.md``) and of
``crosstable engine ... -c``: for each round R, the system pairs R from the first R-1 rounds
(round-R byes and absences stay pre-assigned, see :func:`crosstable.pairing.history.is_present`)
and the result is compared with what the file records for round R: the same games with the
same colours, and the same pairing-allocated bye. Board order is not compared (a TRF file does
not record it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from crosstable.model import Colour, ResultCode, Tournament
from crosstable.pairing.base import PairingError, RoundPairing

PairFunction = Callable[[Tournament, int], RoundPairing]


@dataclasses.dataclass(frozen=True, slots=True)
class RoundDifference:
    """One round where the re-pairing differs from the record."""

    round_number: int
    missing: tuple[tuple[int, int], ...]
    """Games (white, black) recorded but not produced."""
    unexpected: tuple[tuple[int, int], ...]
    """Games (white, black) produced but not recorded."""
    recorded_bye: int | None
    produced_bye: int | None
    error: str = ""
    """The PairingError message, if the system found no pairing."""

    def describe(self) -> str:
        if self.error:
            return f"round {self.round_number}: no pairing produced: {self.error}"
        parts = [f"round {self.round_number}:"]
        if self.missing:
            parts.append("recorded " + " ".join(f"{w}-{b}" for w, b in self.missing))
        if self.unexpected:
            parts.append("produced " + " ".join(f"{w}-{b}" for w, b in self.unexpected))
        if self.recorded_bye != self.produced_bye:
            parts.append(f"bye recorded {self.recorded_bye}, produced {self.produced_bye}")
        return " ".join(parts)


def recorded_pairing(
    tournament: Tournament, round_number: int
) -> tuple[set[tuple[int, int]], int | None]:
    """The games (white, black) and the pairing-allocated bye recorded for a round."""
    games: set[tuple[int, int]] = set()
    bye: int | None = None
    for player in tournament:
        entry = player.entry(round_number)
        if entry is None:
            continue
        if entry.result is ResultCode.PAIRING_BYE and entry.opponent is None:
            bye = player.pairing_number
        elif entry.opponent is not None and entry.colour is Colour.WHITE:
            games.add((player.pairing_number, entry.opponent))
    return games, bye


def check_round(
    tournament: Tournament, round_number: int, pair_function: PairFunction
) -> RoundDifference | None:
    """Re-pair one round; None if it matches the record."""
    games, bye = recorded_pairing(tournament, round_number)
    try:
        produced = pair_function(tournament, round_number)
    except PairingError as error:
        return RoundDifference(round_number, tuple(sorted(games)), (), bye, None, str(error))
    produced_games = {(board.white, board.black) for board in produced.boards}
    if produced_games == games and produced.bye == bye:
        return None
    return RoundDifference(
        round_number,
        tuple(sorted(games - produced_games)),
        tuple(sorted(produced_games - games)),
        bye,
        produced.bye,
    )


def check_tournament(tournament: Tournament, pair_function: PairFunction) -> list[RoundDifference]:
    """Re-pair every recorded round; the differences, in round order (empty: all agree)."""
    differences = []
    for round_number in range(1, tournament.rounds_recorded + 1):
        difference = check_round(tournament, round_number, pair_function)
        if difference is not None:
            differences.append(difference)
    return differences
