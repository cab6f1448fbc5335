"""What a pairing system produces, and the errors it raises."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from fractions import Fraction

from crosstable.message import Message
from crosstable.model.points import points_text


@dataclasses.dataclass(frozen=True, slots=True)
class Board:
    """One pairing: ``white`` plays ``black`` (pairing numbers; White is Red in xiangqi)."""

    white: int
    black: int


class WarningKind(enum.Enum):
    """What a pairing warning is about (the stored ``kind``)."""

    FLOAT_AGAIN = "float_again"
    """A player who already floated down floats down again (plays a lower pairing score)."""
    BYE_AFTER_FLOAT = "bye_after_float"
    """A player who already floated down receives the pairing-allocated bye."""


@dataclasses.dataclass(frozen=True, slots=True)
class PairingWarning:
    """One thing the arbiter must know about a pairing, as data: the web app renders it in
    the reader's language, :meth:`english` renders it for the command line and logs.

    ``rule`` is the regulation code of the local rule met only as far as possible (e.g.
    ``float_once``); ``player`` and ``opponent`` are pairing numbers, with the names they
    had when the round was paired; ``score`` and ``opponent_score`` are pairing scores
    before the round (``opponent`` is None for the bye)."""

    kind: WarningKind
    round_number: int
    rule: str
    player: int
    player_name: str
    score: Fraction
    opponent: int | None = None
    opponent_name: str = ""
    opponent_score: Fraction | None = None

    def english(self) -> str:
        """The warning as one English sentence, naming the players by number and name."""
        reason = (
            f"Round {self.round_number}: no pairing lets every player float down only once "
            f"(local rule {self.rule}), so the fewest possible float again: "
        )
        me = _named(self.player, self.player_name)
        if self.kind is WarningKind.BYE_AFTER_FLOAT:
            return f"{reason}{me} receives the bye although already floated down before."
        other = _named(self.opponent or 0, self.opponent_name)
        theirs = "" if self.opponent_score is None else points_text(self.opponent_score)
        return (
            f"{reason}{me} ({points_text(self.score)}) floats down a second time "
            f"(plays {other}, on a lower score: {theirs})."
        )

    def __str__(self) -> str:
        return self.english()

    def as_json(self) -> dict[str, str | int | None]:
        """The warning as JSON values (scores as exact fractions, e.g. ``"3/2"``), as the
        web app's audit log stores it; :meth:`from_json` reads it back."""
        return {
            "kind": self.kind.value,
            "round": self.round_number,
            "rule": self.rule,
            "player": self.player,
            "player_name": self.player_name,
            "score": str(self.score),
            "opponent": self.opponent,
            "opponent_name": self.opponent_name,
            "opponent_score": None if self.opponent_score is None else str(self.opponent_score),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> PairingWarning:
        """The warning :meth:`as_json` wrote (ValueError, KeyError or TypeError when
        ``data`` is not one)."""
        opponent = data.get("opponent")
        opponent_score = data.get("opponent_score")
        return cls(
            kind=WarningKind(data["kind"]),
            round_number=_integer(data["round"]),
            rule=str(data["rule"]),
            player=_integer(data["player"]),
            player_name=str(data.get("player_name", "")),
            score=Fraction(str(data["score"])),
            opponent=None if opponent is None else _integer(opponent),
            opponent_name=str(data.get("opponent_name", "")),
            opponent_score=None if opponent_score is None else Fraction(str(opponent_score)),
        )


def _integer(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _named(number: int, name: str) -> str:
    return f"{number} {name}".strip()


@dataclasses.dataclass(frozen=True, slots=True)
class RoundPairing:
    """The pairing of one round: boards in board order, and the pairing-allocated bye."""

    round_number: int
    boards: tuple[Board, ...]
    bye: int | None = None
    warnings: tuple[PairingWarning, ...] = ()
    """What the arbiter must know about this pairing: a rule the engine could not meet and
    met as far as it could (e.g. the Dutch local rule "float once", docs/pairing/dutch.md),
    one :class:`PairingWarning` per player concerned; empty for a pairing that meets every
    rule. ``str(warning)`` is the English sentence; the web app stores them in the audit log
    as data and shows them, translated, on the round page."""
    rest: int | None = None
    """The player with the free round of an odd round robin (C.05's table): a rest round
    worth no points (TRF ``Z``), not the Swiss pairing-allocated bye."""
    forfeits: tuple[int, ...] = ()
    """Players on a board of this round who forfeit their game (a round robin's withdrawn or
    absent players keep their fixed boards): the game is stored lost by forfeit for them and
    won by forfeit for the opponent (lost by both when both are out)."""

    def as_engine_lines(self) -> list[str]:
        """The reference engines' output: number of pairs, then ``WHITE BLACK`` lines,
        the pairing-allocated bye as ``N 0``."""
        lines = [f"{board.white} {board.black}" for board in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines)), *lines]


class PairingError(Exception):
    """No pairing satisfies the absolute criteria (the arbiter must decide). ``message``: the
    reason as a :class:`Message` a user interface can translate (None when only the English
    sentence is known)."""

    def __init__(self, reason: Message | str) -> None:
        self.message = reason if isinstance(reason, Message) else None
        super().__init__(str(reason))


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
