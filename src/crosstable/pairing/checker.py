"""Re-pair every recorded round of a tournament and report where a pairing system disagrees.

This is the conformance check of the Dutch corpus (``../shared/corpus/README.md``) and of
``crosstable engine ... -c``: for each round R, the system pairs R from the first R-1 rounds
(round-R byes and absences stay pre-assigned, see :func:`crosstable.pairing.history.is_present`)
and the result is compared with what the file records for round R: the same games with the
same colours, and the same pairing-allocated bye. Board order is not compared (a TRF file does
not record it). A game recorded without colours (a forfeit written ``153 - -``) matches the
same two players with either colour, as in the reference engines' checkers.
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


@dataclasses.dataclass(frozen=True, slots=True)
class RecordedRound:
    """What a file records for one round: games with colours, games without (a forfeit
    written ``153 - -``, whose colours were never allocated), and the pairing-allocated bye."""

    games: frozenset[tuple[int, int]]
    """(white, black)."""
    colourless: frozenset[tuple[int, int]]
    """(lower, higher pairing number): either colour matches."""
    bye: int | None

    def matches(self, produced: RoundPairing) -> bool:
        return (
            not self.missing(produced)
            and not self.unexpected(produced)
            and (produced.bye == self.bye)
        )

    def missing(self, produced: RoundPairing) -> set[tuple[int, int]]:
        boards = {(board.white, board.black) for board in produced.boards}
        unordered = {tuple(sorted(pair)) for pair in boards}
        return set(self.games - boards) | {
            pair for pair in self.colourless if pair not in unordered
        }

    def unexpected(self, produced: RoundPairing) -> set[tuple[int, int]]:
        return {
            (board.white, board.black)
            for board in produced.boards
            if (board.white, board.black) not in self.games
            and tuple(sorted((board.white, board.black))) not in self.colourless
        }


def recorded_pairing(tournament: Tournament, round_number: int) -> RecordedRound:
    """The games and the pairing-allocated bye recorded for a round."""
    games: set[tuple[int, int]] = set()
    colourless: set[tuple[int, int]] = set()
    bye: int | None = None
    for player in tournament:
        entry = player.entry(round_number)
        if entry is None:
            continue
        number = player.pairing_number
        if entry.result is ResultCode.PAIRING_BYE and entry.opponent is None:
            bye = number
        elif entry.opponent is not None and entry.colour is Colour.WHITE:
            games.add((number, entry.opponent))
        elif entry.opponent is not None and entry.colour is None:
            other = tournament.players.get(entry.opponent)
            other_entry = None if other is None else other.entry(round_number)
            if other_entry is None or other_entry.colour is None:
                colourless.add((min(number, entry.opponent), max(number, entry.opponent)))
    return RecordedRound(frozenset(games), frozenset(colourless), bye)


def check_round(
    tournament: Tournament, round_number: int, pair_function: PairFunction
) -> RoundDifference | None:
    """Re-pair one round; None if it matches the record."""
    recorded = recorded_pairing(tournament, round_number)
    try:
        produced = pair_function(tournament, round_number)
    except PairingError as error:
        every = sorted(recorded.games | recorded.colourless)
        return RoundDifference(round_number, tuple(every), (), recorded.bye, None, str(error))
    if recorded.matches(produced):
        return None
    return RoundDifference(
        round_number,
        tuple(sorted(recorded.missing(produced))),
        tuple(sorted(recorded.unexpected(produced))),
        recorded.bye,
        produced.bye,
    )


def rounds_to_check(tournament: Tournament) -> int:
    """The rounds a check re-pairs: up to the last round in which anybody was paired.
    Later rounds hold only byes entered in advance (``0000 - H`` for the next round): the
    reference engines do not count them as played, so neither does the check."""
    return tournament.rounds_paired


def as_complete(tournament: Tournament) -> Tournament:
    """The tournament with the reference engines' reading of a file without a round count
    (no 142 / XXR): it is complete, its last paired round is the final round, where the
    final-round rules apply. A file that states its round count is returned as it is."""
    if tournament.total_rounds is not None:
        return tournament
    return dataclasses.replace(tournament, total_rounds=rounds_to_check(tournament))


def check_tournament(tournament: Tournament, pair_function: PairFunction) -> list[RoundDifference]:
    """Re-pair every paired round; the differences, in round order (empty: all agree)."""
    differences = []
    for round_number in range(1, rounds_to_check(tournament) + 1):
        difference = check_round(tournament, round_number, pair_function)
        if difference is not None:
            differences.append(difference)
    return differences
