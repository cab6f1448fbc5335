"""The currency an event's money is counted in, as a reader of the page names it.

The regulations give an ISO-style code (``[event.fees] currency = "MYR"``; the Fars league
counts in toman, ``IRT``, which is no ISO code but what Iranian regulations use). The pages
show a name and a symbol in the reader's language: ``RM`` and "Malaysian ringgit" (ms:
"Ringgit Malaysia"), ``元`` in Chinese for CNY, ``تومان`` in Persian for IRT. An unknown code is
shown as it is written.
"""

from __future__ import annotations

import dataclasses

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext_lazy

from crosstable_web.events import models, rules

_KNOWN: dict[str, tuple[Promise, Promise]] = {
    "MYR": (gettext_lazy("Malaysian ringgit"), pgettext_lazy("currency symbol", "RM")),
    "CNY": (gettext_lazy("Chinese yuan"), pgettext_lazy("currency symbol", "¥")),
    "IRT": (gettext_lazy("Iranian toman"), pgettext_lazy("currency symbol", "toman")),
    "IRR": (gettext_lazy("Iranian rial"), pgettext_lazy("currency symbol", "rial")),
}


@dataclasses.dataclass(frozen=True, slots=True)
class Currency:
    """``code`` as in the regulations, ``name`` and ``symbol`` in the active language."""

    code: str
    name: str
    symbol: str

    def __str__(self) -> str:
        return self.symbol


def currency(code: str) -> Currency:
    """The words for ``code`` in the active language (the code itself when unknown)."""
    known = _KNOWN.get(code.upper())
    if known is None:
        return Currency(code, code, code)
    return Currency(code.upper(), str(known[0]), str(known[1]))


def event_currency(event: models.Event) -> Currency | None:
    """The currency of the event's fees (else of its first prize table that names one);
    None when the regulations name none (or the event has no regulations text)."""
    regulations = rules.event_regulations(event)
    if regulations is None:
        return None
    code = regulations.fees.currency if regulations.fees is not None else ""
    if not code:
        code = next(
            (
                table.currency
                for section in regulations.sections
                for table in section.prizes
                if table.currency
            ),
            "",
        )
    return currency(code) if code else None
