"""Template filters of the public pages and printouts: ``digits`` (Persian digits in
Persian), ``localdate`` (Jalali dates in Persian), ``colour`` (White/Black or Red/Black)."""

from __future__ import annotations

import datetime
from typing import Any

from django import template
from django.utils.translation import pgettext

from crosstable_web.public import localisation

register = template.Library()


@register.filter
def digits(value: Any) -> str:
    return localisation.digits(value)


@register.filter
def localdate(value: datetime.date | None) -> str:
    return localisation.format_date(value)


@register.filter
def colour(value: str, xiangqi: bool = False) -> str:
    """The name of a colour letter ``w``/``b`` (Red/Black in xiangqi)."""
    if value == "w":
        return pgettext("xiangqi", "Red") if xiangqi else pgettext("chess", "White")
    if value == "b":
        return pgettext("chess", "Black")
    return ""
