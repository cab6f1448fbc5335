"""Colours of a game: White/Black in chess, Red/Black in xiangqi (Red moves first)."""

from __future__ import annotations

import enum


class Colour(enum.Enum):
    """The side a player had in a game. Xiangqi's Red plays the role of chess's White."""

    WHITE = "w"
    """White in chess, Red in xiangqi: the side that moves first."""
    BLACK = "b"
    """Black in both games: the side that moves second."""

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


_COLOUR_NAMES: dict[str, dict[Colour, str]] = {
    "chess": {Colour.WHITE: "White", Colour.BLACK: "Black"},
    "xiangqi": {Colour.WHITE: "Red", Colour.BLACK: "Black"},
}


def colour_name(colour: Colour, game: str = "chess") -> str:
    """The English name (a message id for translation) of ``colour`` in ``game``: "chess"
    says White/Black, "xiangqi" Red/Black (the values of the regulations' ``event.game``)."""
    try:
        return _COLOUR_NAMES[game][colour]
    except KeyError:
        known = ", ".join(_COLOUR_NAMES)
        raise ValueError(f"unknown game {game!r} (known: {known})") from None
