"""A fast APPROXIMATE Swiss pairer — NOT the FIDE Dutch system — for building large
benchmark inputs.

Pairing 10,000 players for eight rounds with the real Dutch engine only to obtain a history
would take longer than the benchmark itself. This pairer keeps what a pairing engine needs
from a history — every present player paired once, no rematch, at most one pairing-allocated
bye per player, no colour allocated three times in a row or beyond a difference of two when
avoidable — and otherwise cuts corners: score groups are folded top half against bottom
half, players who cannot be paired float down, and the tail is repaired by swapping.

Its output is valid input for a pairing engine but is NOT what a Dutch engine would pair:
use it for speed and memory measurements only, never for conformance.
"""

from __future__ import annotations

from fractions import Fraction

from crosstable.model import Colour, ResultCode, RoundEntry, Tournament
from crosstable.pairing.base import Board, PairingError, RoundPairing


class _History:
    """What the approximate pairer needs to know about one player."""

    __slots__ = ("colours", "had_bye", "opponents", "score")

    def __init__(self) -> None:
        self.opponents: set[int] = set()
        self.colours: list[Colour] = []
        self.had_bye = False
        self.score = Fraction(0)

    @property
    def difference(self) -> int:
        return sum(1 if colour is Colour.WHITE else -1 for colour in self.colours)

    def preference(self) -> tuple[int, Colour | None]:
        """Strength (2 absolute, 1 strong, 0 none) and the colour wanted."""
        difference = self.difference
        if difference >= 2 or self.colours[-2:] == [Colour.WHITE, Colour.WHITE]:
            return 2, Colour.BLACK
        if difference <= -2 or self.colours[-2:] == [Colour.BLACK, Colour.BLACK]:
            return 2, Colour.WHITE
        if difference != 0:
            return 1, Colour.BLACK if difference > 0 else Colour.WHITE
        if self.colours:
            return 0, self.colours[-1].opposite
        return 0, None


def approximate_pair_round(tournament: Tournament, round_number: int) -> RoundPairing:
    """Pair ``round_number`` approximately (see the module docstring: not Dutch)."""
    histories = _histories(tournament, round_number)
    absent = tournament.absences.get(round_number, {})
    present = [
        number
        for number, player in sorted(tournament.players.items())
        if number not in absent
        and (player.withdrawn_after_round is None or player.withdrawn_after_round >= round_number)
        and _not_preassigned(player.entry(round_number))
    ]
    present.sort(key=lambda number: (-histories[number].score, number))
    bye = None
    if len(present) % 2:
        bye = next(
            (number for number in reversed(present) if not histories[number].had_bye),
            present[-1],
        )
        present.remove(bye)
    pairs = _pair_groups(present, histories)
    boards = [_allocate_colours(first, second, histories, tournament) for first, second in pairs]
    boards.sort(
        key=lambda board: (
            -max(histories[board.white].score, histories[board.black].score),
            min(board.white, board.black),
        )
    )
    return RoundPairing(round_number, tuple(boards), bye)


def _not_preassigned(entry: RoundEntry | None) -> bool:
    """A recorded round-R entry without opponent (a requested bye, an absence) keeps the
    player out of the pairing; a recorded game or pairing bye is re-paired."""
    return entry is None or entry.opponent is not None or entry.result is ResultCode.PAIRING_BYE


def _histories(tournament: Tournament, round_number: int) -> dict[int, _History]:
    histories: dict[int, _History] = {}
    scoring = tournament.scoring
    for number, player in tournament.players.items():
        history = _History()
        for entry in player.rounds[: round_number - 1]:
            history.score += scoring.points(entry.result, entry.colour)
            if entry.opponent is not None:
                history.opponents.add(entry.opponent)
            if entry.played_colour is not None:
                history.colours.append(entry.played_colour)
            if entry.result is ResultCode.PAIRING_BYE:
                history.had_bye = True
        histories[number] = history
    return histories


def _compatible(first: _History, second: _History, second_number: int) -> bool:
    if second_number in first.opponents:
        return False
    first_strength, first_colour = first.preference()
    second_strength, second_colour = second.preference()
    return not (first_strength == 2 and second_strength == 2 and first_colour is second_colour)


def _pair_groups(ranked: list[int], histories: dict[int, _History]) -> list[tuple[int, int]]:
    """Fold each score group (with the floaters from above), float the leftovers down,
    and repair whatever is left at the bottom."""
    pairs: list[tuple[int, int]] = []
    carried: list[int] = []
    index = 0
    while index < len(ranked):
        score = histories[ranked[index]].score
        end = index
        while end < len(ranked) and histories[ranked[end]].score == score:
            end += 1
        group = carried + ranked[index:end]
        index = end
        carried = _fold(group, histories, pairs)
    if carried:
        _repair(carried, histories, pairs)
    return pairs


def _fold(
    group: list[int], histories: dict[int, _History], pairs: list[tuple[int, int]]
) -> list[int]:
    half = len(group) // 2
    top, bottom = group[:half], group[half:]
    unpaired_bottom = list(bottom)
    leftovers: list[int] = []
    for player in top:
        partner = next(
            (
                candidate
                for candidate in unpaired_bottom[:64]
                if _compatible(histories[player], histories[candidate], candidate)
            ),
            None,
        )
        if partner is None:
            leftovers.append(player)
        else:
            unpaired_bottom.remove(partner)
            pairs.append((player, partner))
    return leftovers + unpaired_bottom


def _repair(
    leftovers: list[int], histories: dict[int, _History], pairs: list[tuple[int, int]]
) -> None:
    """Pair the last players, breaking pairs from the bottom up when they have all met."""
    remaining = list(leftovers)
    while remaining:
        player = remaining.pop(0)
        partner = next(
            (other for other in remaining if other not in histories[player].opponents), None
        )
        if partner is not None:
            remaining.remove(partner)
            pairs.append((player, partner))
            continue
        for position in range(len(pairs) - 1, -1, -1):
            first, second = pairs[position]
            for other in remaining:
                if _swap_fits(player, other, first, second, histories):
                    pairs[position] = (player, first)
                    pairs.append((other, second))
                    remaining.remove(other)
                    break
                if _swap_fits(player, other, second, first, histories):
                    pairs[position] = (player, second)
                    pairs.append((other, first))
                    remaining.remove(other)
                    break
            else:
                continue
            break
        else:
            raise PairingError(f"approximate pairer: cannot pair player {player}")


def _swap_fits(
    player: int, other: int, first: int, second: int, histories: dict[int, _History]
) -> bool:
    return first not in histories[player].opponents and second not in histories[other].opponents


def _allocate_colours(
    first: int, second: int, histories: dict[int, _History], tournament: Tournament
) -> Board:
    """The stronger colour preference wins; ties go to the higher-ranked player; in round 1
    colours alternate from the tournament's initial colour."""
    first_strength, first_colour = histories[first].preference()
    second_strength, second_colour = histories[second].preference()
    higher, lower = (first, second) if first < second else (second, first)
    if first_colour is None and second_colour is None:
        initial = tournament.initial_colour or Colour.WHITE
        colour = initial if higher % 2 else initial.opposite
        return Board(higher, lower) if colour is Colour.WHITE else Board(lower, higher)
    if first_colour is not second_colour:
        if first_colour is Colour.WHITE or second_colour is Colour.BLACK:
            return Board(first, second)
        return Board(second, first)
    if (first_strength, -first) > (second_strength, -second):
        winner, colour = first, first_colour
    else:
        winner, colour = second, second_colour
    loser = second if winner == first else first
    return Board(winner, loser) if colour is Colour.WHITE else Board(loser, winner)
