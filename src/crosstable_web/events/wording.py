"""The events app's stored codes and values in the reader's words.

Entries, byes and roles are stored as codes (``M``/``F``, ``H``, ``arbiter``, a unit kind
``county``); pages, messages and the audit log show them through here: "female", 女, زن;
"half-point bye"; 县. :func:`value_text` writes any value a message carries as the reader
writes it: a date in the page's calendar (Jalali in Persian), an amount grouped and without
needless decimals, a section by its name.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext_lazy

from crosstable.typed import unit_kind_words
from crosstable_web.events import models
from crosstable_web.events.currency import format_amount
from crosstable_web.public import localisation

_SEXES: dict[str, Promise] = {
    "M": pgettext_lazy("sex", "male"),
    "F": pgettext_lazy("sex", "female"),
}

_BYES: dict[str, Promise] = {
    "U": gettext_lazy("pairing bye"),
    "F": gettext_lazy("full-point bye"),
    "H": gettext_lazy("half-point bye"),
    "Z": gettext_lazy("zero-point bye"),
}


def sex_word(code: str) -> str:
    """``M``/``F`` (any case; ``W`` for women) in words; empty for none, else as stored."""
    key = code.strip().upper().replace("W", "F")
    word = _SEXES.get(key)
    return str(word) if word is not None else code


def unit_kind_word(kind: str) -> str:
    """A unit kind of the regulations (``county``) in the reader's words (县, شهرستان:
    ``crosstable.typed.unit_kind_words``; a kind only the regulations know as written)."""
    return unit_kind_words(kind.strip(), translation.get_language() or "en")


def bye_word(code: str) -> str:
    """A bye's TRF code (``U``, ``F``, ``H``, ``Z``) in words."""
    word = _BYES.get(code.strip().upper())
    return str(word) if word is not None else code


def role_word(code: str) -> str:
    """An event role (``organiser``, ``arbiter``) in words."""
    try:
        return str(models.Role(code).label)
    except ValueError:
        return code


def date_text(day: datetime.date | str | None) -> str:
    """A date (or its ISO text) as the page writes dates without the weekday: ``2019年11月15日``,
    ``24 آبان 1398`` (Jalali) in Persian, ``15 November 2019``."""
    if isinstance(day, str):
        try:
            return localisation.format_date(datetime.date.fromisoformat(day), weekday=False)
        except ValueError:
            return day
    return localisation.format_date(day, weekday=False)


def value_text(value: Any) -> str:
    """Any value a message or the audit log carries, as the reader writes it."""
    if isinstance(value, datetime.datetime):
        return localisation.format_datetime(value)
    if isinstance(value, datetime.date):
        return date_text(value)
    if isinstance(value, Decimal):
        return format_amount(value)
    if isinstance(value, models.Section):
        return value.name
    if isinstance(value, Promise):
        return str(value)
    return "" if value is None else str(value)
