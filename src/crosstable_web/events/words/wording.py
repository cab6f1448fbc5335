"""The events app's values in the reader's words: an event role (``arbiter``) by its name, and
any value a message or the audit log carries (:func:`value_text`): a date in the page's
calendar (Jalali in Persian), an amount grouped and without needless decimals, a section by its
name. Codes every app stores (a sex, a bye, a unit kind) are worded by
``crosstable_web.common.localisation``.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.utils.functional import Promise

from crosstable_web.common import localisation
from crosstable_web.common.currency import format_amount
from crosstable_web.events import models


def role_word(code: str) -> str:
    """An event role (``organiser``, ``arbiter``) in words."""
    try:
        return str(models.Role(code).label)
    except ValueError:
        return code


def value_text(value: Any) -> str:
    """Any value a message or the audit log carries, as the reader writes it."""
    if isinstance(value, datetime.datetime):
        return localisation.format_datetime(value)
    if isinstance(value, datetime.date):
        return localisation.date_text(value)
    if isinstance(value, Decimal):
        return format_amount(value)
    if isinstance(value, models.Section):
        return value.name
    if isinstance(value, Promise):
        return str(value)
    return "" if value is None else str(value)
