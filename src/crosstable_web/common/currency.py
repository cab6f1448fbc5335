"""The currency an event's money is counted in, as a reader of the page names it.

The regulations give an ISO-style code (``[event.fees] currency = "MYR"``; the Fars league
counts in toman, ``IRT``, which is no ISO code but what Iranian regulations use). The pages
show a name and a symbol in the reader's language: ``RM`` and "Malaysian ringgit" (ms:
"Ringgit Malaysia"), ``元`` in Chinese for CNY, ``تومان`` in Persian for IRT. An unknown code is
shown as it is written.

Amounts are written as a reader of the page writes money (:func:`format_money`): grouped by
thousands and without decimals that say nothing (``6000.00`` → ``6,000``; ``12.50`` stays),
with the currency's word where the language puts it: ``6,000 元``, ``RM 5``, ``720,000 تومان``
(the Persian page pass then writes ``۷۲۰٬۰۰۰ تومان``).
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext_lazy

_KNOWN: dict[str, tuple[Promise, Promise, Promise]] = {
    "MYR": (
        gettext_lazy("Malaysian ringgit"),
        pgettext_lazy("currency symbol", "RM"),
        pgettext_lazy("money", "RM %(amount)s"),
    ),
    "CNY": (
        gettext_lazy("Chinese yuan"),
        pgettext_lazy("currency symbol", "¥"),
        pgettext_lazy("money", "¥%(amount)s"),
    ),
    "IRT": (
        gettext_lazy("Iranian toman"),
        pgettext_lazy("currency symbol", "toman"),
        pgettext_lazy("money", "%(amount)s toman"),
    ),
    "IRR": (
        gettext_lazy("Iranian rial"),
        pgettext_lazy("currency symbol", "rial"),
        pgettext_lazy("money", "%(amount)s rial"),
    ),
}
"""Each currency's name, symbol and how an amount is written with it, in the reader's
language (``RM 5``, ``6,000 元``, ``720,000 تومان``)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Currency:
    """``code`` as in the regulations, ``name`` and ``symbol`` in the active language."""

    code: str
    name: str
    symbol: str
    pattern: str = "%(amount)s"
    """An amount in this currency: ``RM %(amount)s``, ``%(amount)s 元``."""

    def __str__(self) -> str:
        return self.symbol

    def amount(self, value: Decimal | int | str) -> str:
        """``value`` in this currency, as the reader writes money (see the module's
        docstring)."""
        return format_money(value, self)


MINUS = "\u2212"
"""The minus sign of a negative amount (−360,000): a hyphen is no minus in any of the
pages' languages, and in Persian a Latin hyphen beside Persian digits reads as a dash
(issue 26.11)."""


def format_amount(value: Decimal | int | str) -> str:
    """An amount grouped by thousands, with its decimals only when they say something:
    ``6000.00`` → ``6,000``, ``12.5`` → ``12.50``, ``-360000`` → ``−360,000`` (the minus
    sign, as a discount is written)."""
    amount = Decimal(value)
    sign = MINUS if amount < 0 else ""
    amount = abs(amount)
    if amount == amount.to_integral_value():
        return f"{sign}{amount:,.0f}"
    return f"{sign}{amount:,.2f}"


def format_money(value: Decimal | int | str, currency: Currency | None) -> str:
    """An amount with the currency's word, placed as the active language places it
    (``6,000 元``, ``RM 5``); the bare amount when the currency is not known."""
    amount = format_amount(value)
    if currency is None:
        return amount
    return currency.pattern.replace("%(amount)s", amount)


def currency(code: str) -> Currency:
    """The words for ``code`` in the active language (the code itself when unknown)."""
    known = _KNOWN.get(code.upper())
    if known is None:
        return Currency(code, code, code, f"%(amount)s {code}")
    return Currency(code.upper(), str(known[0]), str(known[1]), str(known[2]))
