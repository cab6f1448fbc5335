"""How the pages and printouts write numbers, dates, sorted names and stored codes per language.

Persian: Persian digits and Jalali dates (``crosstable.typed.calendars``); Chinese
names sorted by their pinyin (``pypinyin``), so 陈 (chen) comes before 李 (li) as a Chinese
reader expects; a sex, a bye or a unit kind stored as a code is shown in words ("female", 女,
زن; "half-point bye"; 县). An event's own language (its regulations') is
``crosstable_web.events.regulations.language``.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

import babel
import babel.dates
from django import forms
from django.utils import formats, timezone, translation
from django.utils.functional import Promise
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from pypinyin import Style, lazy_pinyin

from crosstable import languages
from crosstable.typed import (
    DateRange,
    TypedValueError,
    read_amount,
    read_date,
    read_whole_number,
    unit_kind_words,
)
from crosstable.typed.calendars import JALALI_MONTHS, Calendar, gregorian_to_jalali
from crosstable.typed.name_order import alphabetical_key

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
_DECIMAL_POINT = re.compile(r"(?<=[0-9])\.(?=[0-9])")
ADDRESS = re.compile(r"https?://\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
"""A web address or an e-mail address in running text: copied, not read, so its digits stay
as they are (a link with Persian digits in its port or token leads nowhere)."""
"""A point between two digits (12.5, table 3.2): the Persian decimal separator ٫. Any other
point (the end of a sentence in a message or a tie-break's description) stays a full stop."""
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
_JALALI_MONTH_NAMES = (
    pgettext_lazy("Jalali month", "Farvardin"),
    pgettext_lazy("Jalali month", "Ordibehesht"),
    pgettext_lazy("Jalali month", "Khordad"),
    pgettext_lazy("Jalali month", "Tir"),
    pgettext_lazy("Jalali month", "Mordad"),
    pgettext_lazy("Jalali month", "Shahrivar"),
    pgettext_lazy("Jalali month", "Mehr"),
    pgettext_lazy("Jalali month", "Aban"),
    pgettext_lazy("Jalali month", "Azar"),
    pgettext_lazy("Jalali month", "Dey"),
    pgettext_lazy("Jalali month", "Bahman"),
    pgettext_lazy("Jalali month", "Esfand"),
)
"""The Jalali months in the reader's language (a Jalali event read in Chinese or Malay)."""
PERSIAN_WEEKDAYS = ("دوشنبه", "سه‌شنبه", "چهارشنبه", "پنجشنبه", "جمعه", "شنبه", "یکشنبه")
_CJK = re.compile("[\u3400-\u9fff]")

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


def uses_persian_digits(language: str | None = None) -> bool:
    return languages.of(language or translation.get_language()).digits == "persian"


def word_list(items: Iterable[str], language: str | None = None) -> str:
    """Words as a list in running text: 甲、乙 in Chinese, الف، ب in Persian, a, b else."""
    return languages.of(language or translation.get_language()).list_separator.join(items)


def digits(value: Any, language: str | None = None) -> str:
    """``value`` as text, with Persian digits when the language is Persian (a decimal point
    between digits as ٫; a full stop stays one). Running text too: the back office's messages
    (“میز ۳: …”) go through it, every digit in them, names included — but not web or
    e-mail addresses (:data:`ADDRESS`)."""
    text = "" if value is None else str(value)
    if not uses_persian_digits(language):
        return text
    return outside_addresses(
        text, lambda part: _DECIMAL_POINT.sub("٫", part).translate(_PERSIAN_DIGITS)
    )


def outside_addresses(text: str, change: Callable[[str], str]) -> str:
    """``text`` with ``change`` applied to the parts that are not web or e-mail addresses."""
    parts = ADDRESS.split(text)
    addresses = [*ADDRESS.findall(text), ""]
    return "".join(change(part) + address for part, address in zip(parts, addresses, strict=True))


def format_date(
    day: datetime.date | None,
    language: str | None = None,
    calendar: str = "gregorian",
    *,
    weekday: bool = True,
) -> str:
    """A date as readers of ``language`` write it, with the weekday: Jalali with Persian
    digits in Persian (``جمعه ۲۴ آبان ۱۳۹۸``), ``2019年11月15日 星期五`` in Chinese,
    ``Friday 15 November 2019`` otherwise (``weekday=False``: without it). An event in the
    Jalali ``calendar`` read in another language: the Jalali date first, its month named in
    the reader's language, the Gregorian one in brackets (``24 Aban 1398 (Friday 15 November
    2019)``, ``1398年阿班月24日（2019年11月15日 星期五）``)."""
    if day is None:
        return ""
    language = language or translation.get_language() or "en"
    if calendar == "jalali" and not uses_persian_digits(language):
        year, month, date = gregorian_to_jalali(day)
        with translation.override(language):
            month_name = str(_JALALI_MONTH_NAMES[month - 1])
            if language.startswith("zh"):
                return (
                    f"{year}年{month_name}{date}日（{format_date(day, language, weekday=weekday)}）"
                )
        jalali = f"{date} {month_name} {year}"
        return f"{jalali} ({format_date(day, language, weekday=weekday)})"
    if uses_persian_digits(language):
        year, month, date = gregorian_to_jalali(day)
        text = f"{date} {JALALI_MONTHS[month - 1]} {year}"
        if weekday:
            text = f"{PERSIAN_WEEKDAYS[day.weekday()]} {text}"
        return digits(text, language)
    with translation.override(language):
        if language.startswith("zh"):
            return formats.date_format(day, "Y年n月j日 l" if weekday else "Y年n月j日")
        return formats.date_format(day, "l j F Y" if weekday else "j F Y")


def format_datetime(moment: datetime.datetime | None, language: str | None = None) -> str:
    """A moment in the site's time zone as the reader writes it: the date (with the weekday,
    in the page's calendar) and the time of day."""
    if moment is None:
        return ""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return f"{format_date(local.date(), language)} {digits(local.strftime('%H:%M'), language)}"


def time_ago(moment: datetime.datetime | None, now: datetime.datetime | None = None) -> str:
    """How long ago ``moment`` was, in the reader's words and digits ("3 hours ago",
    ``۳ ساعت پیش``): a moment the site shows to people in several time zones (an account's
    last sign-in), so no clock time that one of them would misread (issue 26.11)."""
    if moment is None:
        return ""
    duration = timesince(moment, now, depth=1)
    return digits(_("%(duration)s ago") % {"duration": duration})


def reads_day_first(language: str | None = None) -> bool:
    """Whether a date typed on a page in ``language`` (default: the active one) is read day
    first (``8/12/2026`` is 8 December on a Malay page): every date box of a page reads
    dates the same way (issue 26.13: the event's days refused what the schedule took)."""
    return languages.of(language or translation.get_language() or "").date_order == "dmy"


def date_calendar(language: str | None = None) -> Calendar:
    """The calendar a date box reads while the page is in ``language``: Jalali in Persian
    (a year from 1700 on is still read as Gregorian: ``crosstable.typed.dates``)."""
    return Calendar(languages.of(language or translation.get_language()).calendar)


def with_written_dates(error: TypedValueError, calendar: Calendar) -> TypedValueError:
    """``error`` with the dates it names (a range's ends) written as the page writes dates,
    in ``calendar`` (``common.value_messages`` quotes them as they come)."""
    if error.code != "date_out_of_range":
        return error
    written = {
        end: format_date(error.details[end], calendar=calendar.value, weekday=False)
        for end in ("earliest", "latest")
    }
    return TypedValueError(error.code, error.text, **{**error.details, **written})


class LocalDateField(forms.DateField):
    """A date field that reads dates as people type them (``crosstable.typed.read_date``:
    any digits, ``2010/5/3``, ``2010年5月3日``, ``3 Mei 2010``; the day first in Malay,
    ``3/5/2010``; Jalali while the page is in Persian) and shows a stored date the way its
    box takes it back. ``within``: the dates its meaning allows, given today
    (``crosstable.typed.birth_dates``, ``payment_dates``); a date outside is refused."""

    def __init__(
        self, *, within: Callable[[datetime.date], DateRange] | None = None, **kwargs: Any
    ) -> None:
        self.within = within
        super().__init__(**kwargs)

    def date_range(self) -> DateRange | None:
        return None if self.within is None else self.within(timezone.localdate())

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        attrs = super().widget_attrs(widget)
        dates = self.date_range()
        if dates is not None:
            # the date picker offers only these days (a text box ignores them)
            attrs.update(min=dates.earliest.isoformat(), max=dates.latest.isoformat())
        return attrs

    def to_python(self, value: Any) -> datetime.date | None:
        if isinstance(value, str) and value.strip():
            from crosstable_web.common.value_messages import value_message

            calendar = date_calendar()
            try:
                return read_date(
                    value,
                    calendar,
                    day_first=reads_day_first(),
                    within=self.date_range(),
                )
            except TypedValueError as error:
                raise forms.ValidationError(
                    value_message(with_written_dates(error, calendar), calendar), code="invalid"
                ) from error
        day = super().to_python(value)
        dates = self.date_range()
        if day is not None and dates is not None and day not in dates:
            from crosstable_web.common.value_messages import value_message

            refusal = TypedValueError(
                "date_out_of_range",
                day.isoformat(),
                day=day,
                earliest=dates.earliest,
                latest=dates.latest,
            )
            raise forms.ValidationError(
                value_message(with_written_dates(refusal, Calendar.GREGORIAN)), code="invalid"
            )
        return day

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, datetime.date) and uses_persian_digits():
            year, month, day = gregorian_to_jalali(value)
            return digits(f"{year:04d}/{month:02d}/{day:02d}")
        if isinstance(value, datetime.date):
            # ISO: what a date picker takes (a locale format, 2003/02/23 in Chinese, is
            # refused by it and the box would come back empty, losing the date on save).
            return value.isoformat()
        return super().prepare_value(value)


class LocalDateInput(forms.DateInput):
    """The browser's date picker, except while the page is in Persian: the picker knows only
    the Gregorian calendar, so a text box takes the Jalali date (``LocalDateField``) as it
    stands on an Iranian birth certificate. Its value is always ISO (``2003-02-23``), the one
    form a date picker shows."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        if uses_persian_digits():
            context["widget"]["type"] = "text"
            context["widget"]["attrs"].setdefault("placeholder", digits("1393/01/01"))
        return context


class LocalNumberInput(forms.TextInput):
    """A box for a number that takes any digits: a browser's number box silently drops
    Persian digits (and full-width ones), so this is a text box that opens the phone's
    number keyboard (``inputmode``); its value is shown in the page's digits."""

    def __init__(self, attrs: dict[str, Any] | None = None, *, decimal: bool = False) -> None:
        super().__init__({"inputmode": "decimal" if decimal else "numeric", **(attrs or {})})

    def format_value(self, value: Any) -> str | None:
        if isinstance(value, Decimal) and value == value.to_integral_value():
            value = int(value)  # 720000.00 is shown as 720000
        text = super().format_value(value)
        return None if text is None else digits(text)


class LocalIntegerField(forms.IntegerField):
    """A whole number typed with any digits (``۱۲``, ``１２``): ``crosstable.typed``'s reader,
    its refusal said as everywhere else (``common.value_messages``)."""

    widget = LocalNumberInput

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, str) and value.strip():
            from crosstable_web.common.value_messages import value_message

            try:
                return read_whole_number(value, _bound(self.min_value), _bound(self.max_value))
            except TypedValueError as error:
                if error.code == "too_long" and self.max_value is not None:
                    # far too many digits: say the field's bounds, not a digit count
                    error = TypedValueError(
                        "out_of_range", value, minimum=self.min_value, maximum=self.max_value
                    )
                raise forms.ValidationError(value_message(error), code="invalid") from error
        return super().to_python(value)


def _bound(value: object) -> int | None:
    return value if isinstance(value, int) else None


class LocalDecimalField(forms.DecimalField):
    """An amount typed with any digits and separators (``۷۲۰٬۰۰۰``, ``۱۲٫۵``, ``6,000``):
    ``crosstable.typed.read_amount``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", LocalNumberInput(decimal=True))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> Decimal | None:  # type: ignore[override]
        if isinstance(value, str) and value.strip():
            from crosstable_web.common.value_messages import value_message

            try:
                return read_amount(
                    value, decimals=self.decimal_places or 2, max_digits=self.max_digits or 14
                )
            except TypedValueError as error:
                raise forms.ValidationError(value_message(error), code="invalid") from error
        result: Decimal | None = super().to_python(value)
        return result


def name_sort_key(name: str) -> tuple[str, ...]:
    """Alphabetical order of names: Chinese characters by their pinyin (with tone number,
    then the characters themselves), Persian letters in the Persian alphabet's order
    (``crosstable.typed.name_order``: پ before ت, گ before ل), other scripts by their
    case-folded letters."""
    if _CJK.search(name):
        return (*lazy_pinyin(name, style=Style.TONE3), "\x00", name)
    return (alphabetical_key(name),)


def person_name(user: Any) -> str:
    """An account as the pages, printouts and messages name a person: the name others should
    see (the account's full name), else its user name."""
    return str(user.get_full_name() or user.get_username())


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


def date_text(day: datetime.date | str | None) -> str:
    """A date (or its ISO text) as the page writes dates without the weekday: ``2019年11月15日``,
    ``24 آبان 1398`` (Jalali) in Persian, ``15 November 2019``."""
    if isinstance(day, str):
        try:
            return format_date(datetime.date.fromisoformat(day), weekday=False)
        except ValueError:
            return day
    return format_date(day, weekday=False)


def zone_label(name: str, language: str | None = None) -> str:
    """The time zone ``name`` as the reader calls it: the Unicode CLDR's name in the
    active (or given) language, e.g. ``Asia/Shanghai`` → 中国（上海）时间 / Waktu China
    (Shanghai) / وقت چین (شانگهای). UTC has no place, so it is named as a standard."""
    language = language or translation.get_language() or "en"
    if name == "UTC":
        with translation.override(language):
            return _("Coordinated Universal Time")
    locale = translation.to_locale(language)
    try:
        return _cldr_zone_name(name, locale)
    except (babel.UnknownLocaleError, LookupError, ValueError):
        # A zone or language the CLDR does not know: its IANA name, rather than nothing.
        return name


@functools.lru_cache(maxsize=512)
def _cldr_zone_name(name: str, locale: str) -> str:
    return str(babel.dates.get_timezone_location(name, locale=locale))
