"""How much room a printed name takes: the one place that decides how large a certificate
prints the winner's name, and how wide a sheet's name column is (:func:`name_column_mm`).

A certificate is a fixed box (180 mm of a landscape A4 page) laid out for a name of up to two
lines at 40 pt. A longer name (a school typed in brackets after the player's own, a team or a
school as the winner, up to the 200 characters the entry form takes) would push the footer and
the signature lines past the box: it is set smaller, in the largest of :data:`SIZES` at which
it takes no more height than two lines at 40 pt.

Chromium lays the page out later, with the fonts of the host; here the name's width is
estimated, character by character, a little wider than Noto Sans Bold, Noto Sans CJK and
Vazirmatn set it (measured on the printed certificates: a Malay name's letters 0.51 em on
average, a Persian name's 0.58 em, a Chinese character 1 em), and the lines it would take
are counted as the browser breaks them (at spaces; a Chinese name at any character; a word
wider than the line at any character, ``overflow-wrap: anywhere``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

SIZES = (40, 32, 26, 20, 16)
"""Font sizes of a certificate's name (points), largest first."""
LINE_WIDTH_MM = 245.0
"""The width a name may take: the certificate's box is 255 mm wide inside its border and
padding (``certificates.html``); the rest is slack for the estimate (itself 5–10 % wide on
the names measured). A name the estimate puts on one line too few takes that line more at
its size: a third line at 40 pt still stands inside the box, with less space around it."""
MM_PER_POINT = 25.4 / 72


def _width(character: str) -> float:
    """A character's estimated advance in em, on the wide side."""
    if unicodedata.east_asian_width(character) in ("W", "F"):
        return 1.0
    category = unicodedata.category(character)
    if category in ("Mn", "Me", "Cf"):  # combining marks, the Persian half-space (ZWNJ)
        return 0.0
    if character.isspace():
        return 0.28
    if "\u0600" <= character <= "\u06ff" or "\ufb50" <= character <= "\ufeff":
        return 0.62  # Persian and Arabic letters (bold Vazirmatn: 0.58 em a letter measured)
    if category == "Lu" or character.isdigit():
        return 0.7  # a name typed in capitals (MUHAMMAD AMIRUL): bold capitals are wide
    return 0.56


def _tokens(name: str) -> list[tuple[float, bool]]:
    """The name as the pieces a line may break between, each with its width in em and
    whether a space comes before it: words, and each Chinese character on its own."""
    pieces: list[tuple[float, bool]] = []
    word = 0.0
    spaced = False
    for character in name:
        if character.isspace():
            if word:
                pieces.append((word, spaced))
            word, spaced = 0.0, True
        elif unicodedata.east_asian_width(character) in ("W", "F"):
            if word:
                pieces.append((word, spaced))
                spaced = False
            pieces.append((1.0, spaced))
            word, spaced = 0.0, False
        else:
            word += _width(character)
    if word:
        pieces.append((word, spaced))
    return pieces


def lines_at(name: str, size: float, width_mm: float = LINE_WIDTH_MM) -> int:
    """How many lines ``name`` takes at ``size`` points in ``width_mm``, by the estimate."""
    line = width_mm / MM_PER_POINT / size  # in em
    space = _width(" ")
    count, filled = 1, 0.0
    for width, spaced in _tokens(name):
        gap = space if spaced and filled else 0.0
        if filled and filled + gap + width > line:
            count, filled, gap = count + 1, 0.0, 0.0
        filled += gap + width
        while filled > line:  # a word longer than a line breaks anywhere
            count, filled = count + 1, filled - line
    return count


def certificate_name_size(name: str) -> int:
    """The size (points) a certificate sets ``name`` in: the largest of :data:`SIZES` at
    which its lines stand no taller than two lines at the largest size."""
    height = 2 * SIZES[0]
    for size in SIZES:
        if lines_at(name, size) * size <= height:
            return size
    return SIZES[-1]


NAME_COLUMN_MM = (25, 30, 35, 40)
"""Widths a table's name column may be given (the ``name-<mm>`` classes of a sheet)."""
NARROWEST_NAME_COLUMN_MM = 17.0
"""About what Chromium's table layout leaves a name column beside nine others of numbers
and short words on a portrait A4 page (the grade report in Malay: a 41-character name
stood 10-11 letters a line, four lines)."""


def name_column_mm(names: Iterable[str], size: float) -> int:
    """The width (mm) a sheet's name column is given so that every name of ``names`` takes
    two lines at most at ``size`` points: 0 (the table's own layout) when each does so in
    :data:`NARROWEST_NAME_COLUMN_MM`, else the least of :data:`NAME_COLUMN_MM` that holds
    them (the widest when none does). Only as wide as the names need: a column of short
    names kept wide squeezes the notes beside it."""
    listed = list(names)
    for width in (NARROWEST_NAME_COLUMN_MM, *NAME_COLUMN_MM):
        if all(lines_at(name, size, width) <= 2 for name in listed):
            return 0 if width == NARROWEST_NAME_COLUMN_MM else int(width)
    return NAME_COLUMN_MM[-1]
