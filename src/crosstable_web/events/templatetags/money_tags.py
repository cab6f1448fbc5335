"""``{% event_currency event as currency %}``: the currency the event's fees are in
(:mod:`crosstable_web.events.currency`), for the fees page and the entry list."""

from __future__ import annotations

from django import template

from crosstable_web.events import models
from crosstable_web.events.currency import Currency
from crosstable_web.events.currency import event_currency as currency_of

register = template.Library()


@register.simple_tag
def event_currency(event: models.Event) -> Currency | None:
    return currency_of(event)
