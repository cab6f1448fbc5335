"""Money on the pages: ``{% event_currency event as currency %}`` (the currency the event's
fees are in, :mod:`crosstable_web.events.currency`) and ``{{ amount|money:currency }}`` (the
amount as the reader writes money: ``6,000 元``, ``RM 5``, ``۷۲۰٬۰۰۰ تومان``; grouped, without
needless decimals, and without a word when there is no currency)."""

from __future__ import annotations

from decimal import Decimal

from django import template

from crosstable_web.events import models
from crosstable_web.events.currency import Currency, currency, format_money
from crosstable_web.events.currency import event_currency as currency_of

register = template.Library()


@register.simple_tag
def event_currency(event: models.Event) -> Currency | None:
    return currency_of(event)


@register.filter
def money(value: Decimal | int | str | None, unit: Currency | str | None = None) -> str:
    """``value`` as money in ``unit`` (a :class:`Currency`, or a code such as ``CNY`` as
    the regulations' prize tables give it); empty for no value."""
    if value is None or value == "":
        return ""
    if isinstance(unit, str):
        unit = currency(unit) if unit else None
    return format_money(value, unit)
