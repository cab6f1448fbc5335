"""Money on the pages: ``{% event_currency event as currency %}`` (the currency the event's
fees are in, as :mod:`crosstable_web.common.currency` names it) and
``{{ amount|money:currency }}`` (the amount as the reader writes money: ``6,000 元``,
``RM 5``, ``۷۲۰٬۰۰۰ تومان``; grouped, without needless decimals, and without a word when there
is no currency)."""

from __future__ import annotations

from decimal import Decimal

from django import template

from crosstable_web.common.currency import Currency, currency, format_money
from crosstable_web.events import models
from crosstable_web.events.regulations import rules

register = template.Library()


@register.simple_tag
def event_currency(event: models.Event) -> Currency | None:
    return _currency_of(event)


@register.filter
def money(value: Decimal | int | str | None, unit: Currency | str | None = None) -> str:
    """``value`` as money in ``unit`` (a :class:`Currency`, or a code such as ``CNY`` as
    the regulations' prize tables give it); empty for no value."""
    if value is None or value == "":
        return ""
    if isinstance(unit, str):
        unit = currency(unit) if unit else None
    return format_money(value, unit)


def _currency_of(event: models.Event) -> Currency | None:
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
