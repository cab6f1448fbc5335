"""What happened to one player in one round, as the TRF result codes name it."""

from __future__ import annotations

import enum


class ResultCode(enum.Enum):
    """A player's result in one round. Values are the TRF-2026 result characters."""

    WIN = "1"
    """Won a game played over the board."""
    DRAW = "="
    """Drew a game played over the board."""
    LOSS = "0"
    """Lost a game played over the board."""
    FORFEIT_WIN = "+"
    """Won because the scheduled opponent did not play (game not played)."""
    FORFEIT_LOSS = "-"
    """Lost by forfeit (game not played); a double forfeit is FORFEIT_LOSS on both sides."""
    WIN_UNRATED = "W"
    """Won a game that lasted less than one move: played for pairing, not rated."""
    DRAW_UNRATED = "D"
    """Drew a game that lasted less than one move."""
    LOSS_UNRATED = "L"
    """Lost a game that lasted less than one move."""
    HALF_POINT_BYE = "H"
    """Requested bye worth a draw (by default)."""
    FULL_POINT_BYE = "F"
    """Requested bye worth a win (FIDE-deprecated, still used by organisers)."""
    PAIRING_BYE = "U"
    """Pairing-allocated bye: the odd player out of the round's pairing."""
    ZERO_POINT_BYE = "Z"
    """Known absence, zero-point bye, or a round after withdrawal."""
    UNPLAYED = " "
    """Not paired and nothing recorded (a blank TRF cell): counts as a zero-point absence."""
    PENDING = "*"
    """Paired, result not yet known (a round in progress)."""

    @property
    def is_played(self) -> bool:
        """True when a game was actually played over the board (counts as a meeting)."""
        return self in _PLAYED

    @property
    def is_bye(self) -> bool:
        """True for every result without a scheduled opponent."""
        return self in _WITHOUT_OPPONENT

    @property
    def is_forfeit(self) -> bool:
        return self in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)

    def __repr__(self) -> str:
        return f"ResultCode.{self.name}"


_PLAYED = frozenset(
    {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.LOSS,
        ResultCode.WIN_UNRATED,
        ResultCode.DRAW_UNRATED,
        ResultCode.LOSS_UNRATED,
        ResultCode.PENDING,
    }
)
_WITHOUT_OPPONENT = frozenset(
    {
        ResultCode.HALF_POINT_BYE,
        ResultCode.FULL_POINT_BYE,
        ResultCode.PAIRING_BYE,
        ResultCode.ZERO_POINT_BYE,
        ResultCode.UNPLAYED,
    }
)
