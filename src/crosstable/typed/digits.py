"""Digits in any script a keyboard types, and whole numbers read from them.

A Chinese input method in full-width mode types ``１２　１``; a Persian keyboard ``۱۲ ۱``
(Arabic-Indic digits too), ``۳٫۲`` (the Persian decimal separator), ``۷۲۰٬۰۰۰`` (its thousands
separator) and ``،`` / ``؛`` (its comma and semicolon). Read as a Latin keyboard would have
typed them: ``12 1``, ``3.2``, ``720,000``, ``,``, ``;``. Other characters that merely look
like digits (``²``, ``①``) are not digits: a number containing one is refused.
"""

from __future__ import annotations

import re

from crosstable.typed.errors import TypedValueError

_LATIN_KEYBOARD: dict[int, int | str] = {
    0x3000: " ",  # ideographic (full-width) space
    **{code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)},  # full-width ASCII
    **{ord(digit): str(value) for value, digit in enumerate("۰۱۲۳۴۵۶۷۸۹")},
    **{ord(digit): str(value) for value, digit in enumerate("٠١٢٣٤٥٦٧٨٩")},
    ord("٫"): ".",
    ord("٬"): ",",
    ord("،"): ",",
    ord("؛"): ";",
}

MAX_DIGITS = 18
"""Longest whole number read (a 25-digit board number is refused, not looked up)."""

_WHOLE = re.compile(r"[+-]?[0-9]+")


def as_typed_on_a_latin_keyboard(text: str) -> str:
    """``text`` with Latin digits and ASCII signs, whichever digit set or full-width mode the
    keyboard was in (everything else unchanged)."""
    return text.translate(_LATIN_KEYBOARD)


def read_whole_number(text: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole number typed in any digit set, within ``minimum``..``maximum``.

    Raises :class:`TypedValueError`: ``not_a_whole_number`` (``1e3``, ``1500.7``, ``²``,
    ``12abc``, blank), ``too_long`` (more than :data:`MAX_DIGITS` digits) or ``out_of_range``
    (``details``: minimum, maximum)."""
    cleaned = as_typed_on_a_latin_keyboard(text).strip()
    if not _WHOLE.fullmatch(cleaned):
        raise TypedValueError("not_a_whole_number", text)
    if len(cleaned.lstrip("+-")) > MAX_DIGITS:
        raise TypedValueError("too_long", text, digits=MAX_DIGITS)
    value = int(cleaned)
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise TypedValueError("out_of_range", text, minimum=minimum, maximum=maximum)
    return value


def whole_number_or_none(
    text: str, minimum: int | None = None, maximum: int | None = None
) -> int | None:
    """:func:`read_whole_number`, or None where the caller says "no such thing" itself (an
    id or a number that selects a row: not found is its answer to ``²`` too)."""
    try:
        return read_whole_number(text, minimum, maximum)
    except TypedValueError:
        return None
