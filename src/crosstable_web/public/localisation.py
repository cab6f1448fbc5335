"""How the public pages and printouts write numbers, dates and sorted names per language.

Persian: Persian digits and Jalali dates (``crosstable.regulations.calendars``); Chinese
names sorted by their pinyin (``pypinyin``), so 陈 (chen) comes before 李 (li) as a Chinese
reader expects; the event's default language comes from its regulations.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from django import forms
from django.utils import formats, translation
from django.utils.translation import gettext_lazy as _
from pypinyin import Style, lazy_pinyin

from crosstable.regulations.calendars import gregorian_to_jalali, jalali_to_gregorian
from crosstable_web.events import models, rules

LANGUAGE_OF_REGULATIONS = {
    "en": "en",
    "zh_hans": "zh-hans",
    "zh-hans": "zh-hans",
    "zh": "zh-hans",
    "ms": "ms",
    "fa": "fa",
}

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
_DECIMAL_POINT = re.compile(r"(?<=[0-9])\.(?=[0-9])")
"""A point between two digits (12.5, table 3.2): the Persian decimal separator ٫. Any other
point (the end of a sentence in a message or a tie-break's description) stays a full stop."""
_ASCII_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
JALALI_MONTHS = (
    "فروردین",
    "اردیبهشت",
    "خرداد",
    "تیر",
    "مرداد",
    "شهریور",
    "مهر",
    "آبان",
    "آذر",
    "دی",
    "بهمن",
    "اسفند",
)
JALALI_MONTHS_LATIN = (
    "Farvardin",
    "Ordibehesht",
    "Khordad",
    "Tir",
    "Mordad",
    "Shahrivar",
    "Mehr",
    "Aban",
    "Azar",
    "Dey",
    "Bahman",
    "Esfand",
)
PERSIAN_WEEKDAYS = ("دوشنبه", "سه‌شنبه", "چهارشنبه", "پنجشنبه", "جمعه", "شنبه", "یکشنبه")
_CJK = re.compile("[\u3400-\u9fff]")


def event_language(event: models.Event) -> str:
    """The Django language code of the event's regulations (English without regulations)."""
    regulations = rules.event_regulations(event)
    if regulations is None:
        return "en"
    return LANGUAGE_OF_REGULATIONS.get(regulations.language.lower(), "en")


def uses_persian_digits(language: str | None = None) -> bool:
    return (language or translation.get_language() or "").startswith("fa")


def digits(value: Any, language: str | None = None) -> str:
    """``value`` as text, with Persian digits when the language is Persian (a decimal point
    between digits as ٫; a full stop stays one). Running text too: the back office's messages
    (“صفحه ۳: …”) go through it, every digit in them, names included."""
    text = "" if value is None else str(value)
    if not uses_persian_digits(language):
        return text
    return _DECIMAL_POINT.sub("٫", text).translate(_PERSIAN_DIGITS)


def format_date(
    day: datetime.date | None, language: str | None = None, calendar: str = "gregorian"
) -> str:
    """A date as readers of ``language`` write it, with the weekday: Jalali with Persian
    digits in Persian (``جمعه ۲۴ آبان ۱۳۹۸``), ``2019年11月15日 星期五`` in Chinese,
    ``Friday 15 November 2019`` otherwise. An event in the Jalali ``calendar`` read in another
    language: the Jalali date first, the Gregorian one in brackets
    (``24 Aban 1398 (Friday 15 November 2019)``)."""
    if day is None:
        return ""
    language = language or translation.get_language() or "en"
    if calendar == "jalali" and not uses_persian_digits(language):
        year, month, date = gregorian_to_jalali(day)
        jalali = f"{date} {JALALI_MONTHS_LATIN[month - 1]} {year}"
        return f"{jalali} ({format_date(day, language)})"
    if uses_persian_digits(language):
        year, month, date = gregorian_to_jalali(day)
        return digits(
            f"{PERSIAN_WEEKDAYS[day.weekday()]} {date} {JALALI_MONTHS[month - 1]} {year}", language
        )
    with translation.override(language):
        if language.startswith("zh"):
            return formats.date_format(day, "Y年n月j日 l")
        return formats.date_format(day, "l j F Y")


def parse_local_date(text: str, language: str | None = None) -> datetime.date:
    """Read a date typed as ``YYYY-MM-DD`` (or with ``/``, Persian digits allowed): Jalali
    when the language is Persian. ``ValueError`` names what is wrong."""
    cleaned = text.strip().translate(_ASCII_DIGITS).replace("/", "-")
    parts = cleaned.split("-")
    if len(parts) != 3 or not all(part.isdigit() for part in parts):
        raise ValueError(str(_("Write the date as YYYY-MM-DD.")))
    year, month, day = (int(part) for part in parts)
    if uses_persian_digits(language):
        return jalali_to_gregorian(year, month, day)
    return datetime.date(year, month, day)


class LocalDateField(forms.DateField):
    """A date field that reads and shows Jalali dates while the page is in Persian."""

    def to_python(self, value: Any) -> datetime.date | None:
        if isinstance(value, str) and value.strip() and uses_persian_digits():
            try:
                return parse_local_date(value)
            except ValueError as error:
                raise forms.ValidationError(
                    _("Not a Jalali date (YYYY-MM-DD): %(error)s") % {"error": error}
                ) from error
        return super().to_python(value)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, datetime.date) and uses_persian_digits():
            year, month, day = gregorian_to_jalali(value)
            return digits(f"{year:04d}-{month:02d}-{day:02d}")
        return super().prepare_value(value)


class LocalDateInput(forms.DateInput):
    """The browser's date picker, except while the page is in Persian: the picker knows only
    the Gregorian calendar, so a text box takes the Jalali date (``LocalDateField``) as it
    stands on an Iranian birth certificate."""

    input_type = "date"

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        if uses_persian_digits():
            context["widget"]["type"] = "text"
            context["widget"]["attrs"].setdefault("placeholder", digits("1393/01/01"))
        return context


def name_sort_key(name: str) -> tuple[str, ...]:
    """Alphabetical order of names: Chinese characters by their pinyin (with tone number,
    then the characters themselves), other scripts by their case-folded letters."""
    if _CJK.search(name):
        return (*lazy_pinyin(name, style=Style.TONE3), "\x00", name)
    return (name.casefold(),)
