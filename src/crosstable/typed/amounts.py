"""Amounts of money as written: ``5``, ``5.00``, ``5,00``, ``1,500.50``, ``1.500,50``,
``۷۲۰٬۰۰۰``, ``RM 5``, ``260元``.

The reading (docs/imports.md): a comma or point followed by one or two digits at the end is the
decimal separator; commas between groups of exactly three digits group thousands (``720,000``,
as in the four languages of the site), points only when a decimal comma follows
(``1.500,50``). Anything else — three decimals (``1.500`` could be 1.5 or 1500),
an exponent (``1e30``), ``NaN``, ``inf``, a minus sign, more digits than the store keeps — is
refused, never rounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal

from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable.typed.errors import TypedValueError

CURRENCY_WORDS: dict[str, tuple[str, ...]] = {
    "MYR": ("RM", "MYR", "ringgit"),
    "CNY": ("¥", "￥", "元", "CNY", "RMB", "人民币", "人民幣"),
    "IRT": ("تومان", "IRT", "toman"),
    "IRR": ("ریال", "IRR", "rial"),
}
"""Currency code (as the regulations name it) -> the words an amount in it may carry. Only
the event's own currency's words are read: ``ریال`` in a toman event is refused, not read as
ten times less."""

_PLAIN = re.compile(r"([0-9]+)(?:[.,]([0-9]{1,2}))?")
_GROUPED_COMMA = re.compile(r"([0-9]{1,3}(?:,[0-9]{3})+)(?:\.([0-9]{1,2}))?")
_GROUPED_POINT = re.compile(r"([0-9]{1,3}(?:\.[0-9]{3})+),([0-9]{1,2})")
_GROUPED_SPACE = re.compile(r"([0-9]{1,3}(?: [0-9]{3})+)(?:[.,]([0-9]{1,2}))?")
_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " ", "'": " "})


def read_amount(
    text: str,
    *,
    decimals: int = 2,
    max_digits: int = 14,
    currency_words: Iterable[str] = (),
) -> Decimal:
    """A non-negative amount with at most ``decimals`` decimals and ``max_digits`` digits in
    all (the store's ``DecimalField``); ``currency_words`` (``RM``, ``元``, ``تومان``) may stand
    before or after it.

    Raises :class:`TypedValueError`: ``negative``, ``not_an_amount`` (details: decimals) or
    ``too_large`` (details: digits, the most digits before the decimal separator)."""
    cleaned = " ".join(as_typed_on_a_latin_keyboard(text).translate(_SPACES).split())
    for word in sorted(currency_words, key=len, reverse=True):
        folded = cleaned.casefold()
        if folded.startswith(word.casefold()):
            cleaned = cleaned[len(word) :].strip()
        elif folded.endswith(word.casefold()):
            cleaned = cleaned[: len(cleaned) - len(word)].strip()
    if cleaned.startswith("-") and cleaned[1:].strip()[:1].isdigit():
        raise TypedValueError("negative", text)
    cleaned = cleaned.removeprefix("+").strip()
    for pattern, grouping in (
        (_PLAIN, ""),
        (_GROUPED_COMMA, ","),
        (_GROUPED_POINT, "."),
        (_GROUPED_SPACE, " "),
    ):
        match = pattern.fullmatch(cleaned)
        if match is None:
            continue
        whole = match[1].replace(grouping, "") if grouping else match[1]
        fraction = match[2] or ""
        if len(fraction) > decimals:
            break
        if len(whole.lstrip("0")) > max_digits - decimals:
            raise TypedValueError("too_large", text, digits=max_digits - decimals)
        return Decimal(f"{whole}.{fraction}" if fraction else whole)
    raise TypedValueError("not_an_amount", text, decimals=decimals)
