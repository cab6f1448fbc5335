"""What a pairing system produces, and the errors it raises."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True, slots=True)
class Board:
    """One pairing: ``white`` plays ``black`` (pairing numbers; White is Red in xiangqi)."""

    white: int
    black: int


@dataclasses.dataclass(frozen=True, slots=True)
class RoundPairing:
    """The pairing of one round: boards in board order, and the pairing-allocated bye."""

    round_number: int
    boards: tuple[Board, ...]
    bye: int | None = None
    warnings: tuple[str, ...] = ()
    """What the arbiter must know about this pairing: a rule the engine could not meet and
    met as far as it could (e.g. the Dutch local rule "float once", docs/pairing/dutch.md).
    Plain English sentences naming the players; empty for a pairing that meets every rule.
    The web app writes them to the audit log and shows them on the round page; ``crosstable
    engine -p`` prints them on standard error."""

    def as_engine_lines(self) -> list[str]:
        """The reference engines' output: number of pairs, then ``WHITE BLACK`` lines,
        the pairing-allocated bye as ``N 0``."""
        lines = [f"{board.white} {board.black}" for board in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines)), *lines]


class PairingError(Exception):
    """No pairing satisfies the absolute criteria (the arbiter must decide)."""


@dataclasses.dataclass(frozen=True, slots=True)
class TeamMatch:
    """One match of a team round: ``first`` is the first-named team (White/Red on board 1
    in the board colour sequence), ``second`` its opponent (team numbers)."""

    first: int
    second: int


@dataclasses.dataclass(frozen=True, slots=True)
class TeamRoundPairing:
    """The pairing of one team round: matches in board order, and the team getting the
    pairing-allocated bye."""

    round_number: int
    boards: tuple[TeamMatch, ...]
    bye: int | None = None

    def as_engine_lines(self) -> list[str]:
        """The reference engine's output: number of matches, then ``FIRST SECOND`` lines,
        the pairing-allocated bye as ``N 0``."""
        lines = [f"{match.first} {match.second}" for match in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines)), *lines]
