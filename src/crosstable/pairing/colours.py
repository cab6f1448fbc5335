"""Colour preferences computed from a compressed played-colour history.

The definitions are those of C.04.3 Art. 1.7 (2026; A.6 in the 2017 text), which the other
FIDE individual Swiss systems and our xiangqi Swiss reuse: an *absolute* preference when the
colour difference is beyond ±1 or the two latest played games had the same colour, a *strong*
one when the difference is ±1, a *mild* one (alternate) when it is 0, none without games.

Art. 1.7 does not say which definition wins when several fit (a Black-Black-White-White player
has difference 0 and the same colour twice running): we take the first that fits, in the
order the article lists them, as FIDE's reference implementation does.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence

from crosstable.model import Colour


class Strength(enum.IntEnum):
    """How strongly a player wants a colour; comparable (ABSOLUTE > STRONG > MILD > NONE)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclasses.dataclass(frozen=True, slots=True)
class ColourPreference:
    """The colour a player should get next, and how strongly (``colour`` None: no preference)."""

    colour: Colour | None
    strength: Strength

    @classmethod
    def none(cls) -> ColourPreference:
        return cls(None, Strength.NONE)


def colour_difference(colours: Sequence[Colour]) -> int:
    """Games with White minus games with Black."""
    return sum(1 if c is Colour.WHITE else -1 for c in colours)


def colour_preference(colours: Sequence[Colour]) -> ColourPreference:
    """The preference of a player whose played colours, oldest first, are ``colours``."""
    if not colours:
        return ColourPreference.none()
    difference = colour_difference(colours)
    last_two = tuple(colours[-2:])
    if difference <= -2 or (difference <= 1 and last_two == (Colour.BLACK, Colour.BLACK)):
        return ColourPreference(Colour.WHITE, Strength.ABSOLUTE)
    if difference >= 2 or (difference >= -1 and last_two == (Colour.WHITE, Colour.WHITE)):
        return ColourPreference(Colour.BLACK, Strength.ABSOLUTE)
    if difference == -1:
        return ColourPreference(Colour.WHITE, Strength.STRONG)
    if difference == 1:
        return ColourPreference(Colour.BLACK, Strength.STRONG)
    return ColourPreference(colours[-1].opposite, Strength.MILD)


def last_differing_colours(
    first: Sequence[Colour], second: Sequence[Colour]
) -> tuple[Colour, Colour] | None:
    """The colours of the most recent round in which the two players had different colours,
    aligning both compressed histories at their latest game (C.04.2 Art. 3.4); None if no
    such round."""
    for back in range(1, min(len(first), len(second)) + 1):
        if first[-back] is not second[-back]:
            return first[-back], second[-back]
    return None
