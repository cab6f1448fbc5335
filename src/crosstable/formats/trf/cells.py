"""The round cell of a 001 record, ``OOOO C R`` (opponent, colour, result), read and written.

Cells repeat a lot (the same few texts in every file), so reading one is cached; a cell that
cannot be read comes back as a :class:`CellProblem` that the reader turns into a TrfError
with the line and column.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from crosstable.formats.trf import records
from crosstable.model import Colour, ResultCode, RoundEntry

_COLOURS: dict[str, Colour | None] = {"w": Colour.WHITE, "b": Colour.BLACK, "-": None, " ": None}
_BYE_RESULTS = (
    ResultCode.HALF_POINT_BYE,
    ResultCode.FULL_POINT_BYE,
    ResultCode.PAIRING_BYE,
    ResultCode.ZERO_POINT_BYE,
)


class CellProblem(NamedTuple):
    """Why a round cell cannot be read: ``offset`` from the cell's first column; the texts
    may use ``{round}``, ``{next}`` (round numbers) and ``{column}`` (the offending column)."""

    offset: int
    problem: str
    expected: str


_UNPLAYED = RoundEntry.absent(ResultCode.UNPLAYED)
_LEGACY_BYES = {
    ResultCode.DRAW: RoundEntry.absent(ResultCode.HALF_POINT_BYE),
    ResultCode.LOSS: RoundEntry.absent(ResultCode.ZERO_POINT_BYE),
}
"""A draw or a loss against nobody, with no colour (``0000 - =``, ``0000 - 0``): the half- and
zero-point byes of programs older than the H and Z codes (the Irish Chess Union's writes
both). bbpPairings and gacrux read the first; the second is read in the same way."""


@functools.lru_cache(maxsize=1 << 16)
def parse_cell(cell: str) -> RoundEntry | CellProblem:
    """One ``OOOO C R`` round cell followed by its two separator columns."""
    text = cell[:8].ljust(8)
    for offset in (4, 6):
        if text[offset] != " ":
            return CellProblem(
                offset,
                f"round {{round}} cell is misaligned: '{_literal(text.rstrip())}' does not have "
                "the form 'OOOO C R'",
                "a blank at column {column}",
            )
    after = cell[8:]
    if after.strip():
        return CellProblem(
            8 + len(after) - len(after.lstrip()),
            f"round {{round}} cell is misaligned: unexpected '{_literal(after.strip())}' after it",
            "round {next} to start 10 columns after round {round}",
        )
    if not text.strip():
        return _UNPLAYED
    opponent_text = text[:4].strip()
    opponent: int | None = None
    # "0000" is no opponent; so is a zero not padded to four digits ("   0"), which gacrux
    # reads that way and FIDE's tie-break exercise files are written with.
    if opponent_text and opponent_text.strip("0"):
        if (
            not (opponent_text.isascii() and opponent_text.isdigit())
            or not 1 <= int(opponent_text) <= 9999
        ):
            return CellProblem(
                4 - len(opponent_text),
                f"round {{round}} opponent '{_literal(opponent_text)}' is not a number from 1 "
                "to 9999",
                "a pairing number, or 0000 for no opponent",
            )
        opponent = int(opponent_text)
    colour_character = text[5].lower()
    if colour_character not in _COLOURS:
        return CellProblem(
            5, f"colour '{_literal(text[5])}' is not one of w b -", "w, b, - or blank"
        )
    colour = _COLOURS[colour_character]
    result = records.RESULT_BY_CHARACTER.get(text[7].upper())
    if result is None:
        return CellProblem(
            7,
            f"result code '{_literal(text[7])}' is not one of {records.RESULT_CODES}",
            records.RESULT_CODES,
        )
    if opponent is None and colour is None and result in _LEGACY_BYES:
        return _LEGACY_BYES[result]
    if result in _BYE_RESULTS and opponent is not None:
        return CellProblem(
            0,
            f"result '{result.value}' is a bye, but round {{round}} names opponent {opponent}",
            f"0000 - {result.value}",
        )
    if result in _BYE_RESULTS and colour is not None:
        return CellProblem(
            5, f"result '{result.value}' is a bye, but has colour '{_literal(text[5])}'", "-"
        )
    if result.is_played and opponent is None:
        return CellProblem(
            0,
            f"result '{result.value}' is a played game, but round {{round}} has no opponent",
            "the opponent's pairing number",
        )
    if result.is_played and colour is None:
        return CellProblem(
            5, f"result '{result.value}' is a played game, but has no colour", "w or b"
        )
    if opponent is None and colour is not None:
        return CellProblem(5, "a colour without an opponent", "-")
    if result is ResultCode.UNPLAYED and opponent is not None:
        # A published pairing whose result is not in yet: what TRF-2026 writes '*'.
        return RoundEntry(opponent, colour, ResultCode.PENDING)
    return RoundEntry(opponent, colour, result)


def _literal(text: str) -> str:
    """File text placed in a message template that is later filled with str.format."""
    return text.replace("{", "{{").replace("}", "}}")


def format_cell(entry: RoundEntry) -> str:
    """The cell text of ``entry`` (empty for UNPLAYED: a blank cell)."""
    if entry.result is ResultCode.UNPLAYED:
        return ""
    opponent = "0000" if entry.opponent is None else f"{entry.opponent:4d}"
    colour = "-" if entry.colour is None else entry.colour.value
    return f"{opponent} {colour} {entry.result.value}"
