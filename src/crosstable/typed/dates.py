"""Dates as organisers write them: ``2010-05-03``, ``2010/5/3``, ``2010.5.3``, ``2010年5月3日``,
``3/5/2010``, ``3 May 2010``, ``3 Mei 2010``, Jalali ``1389/02/13`` or ``۱۳ اردیبهشت ۱۳۸۹``.

The reading (docs/imports.md):

* A four-digit year first (year, month, day) is never ambiguous. In an event whose calendar
  is Jalali a year below 1700 is a Jalali year (1389 = 2010-11); a year from 1700 on is
  Gregorian — no Jalali year that large is a living player's, and no Gregorian one below it.
  In a Gregorian event a year from 1200 to 1499 is refused as a likely Jalali date
  (``1385-03-12`` is not the year 1385).
* The year last (``3/5/2010``): day first where the first number cannot be a month (over 12),
  month first where the second cannot be (``3/25/2010``); when both could be the month the date
  is ambiguous and refused, unless the caller says the writers put the day first (Malaysia:
  ``day_first``).
* Month names: English and Malay for Gregorian months, the Persian month names for Jalali ones.
* A time of day is accepted only when it is midnight (``2010/5/3 0:00``, as spreadsheets export
  a date); two-digit years and dates without a day are refused.
* A date outside the range its meaning allows (``within``: :func:`birth_dates`,
  :func:`payment_dates`, :data:`SCHEDULE_DATES`) is refused (``date_out_of_range``): a birth
  date ``0001-01-01`` or a payment made in 9999 is a typing mistake, not a date to store.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
import unicodedata

from crosstable.typed.calendars import JALALI_MONTHS, Calendar, jalali_to_gregorian
from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable.typed.errors import TypedValueError

_MIDNIGHT = r"(?:[ T]+0?0:00(?::00(?:\.0+)?)?)?"
_YEAR_FIRST = re.compile(
    r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*[日号號]?" + _MIDNIGHT
)
_YEAR_LAST = re.compile(r"(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})" + _MIDNIGHT)
_TWO_DIGIT_YEAR = re.compile(
    r"\d{1,2}\s*[-/.]\s*\d{1,2}\s*[-/.]\s*\d{2}|\d{2}\s*[-/.]\d{1,2}[-/.]\d{1,2}"
)
_NO_DAY = re.compile(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?")
_DAY_MONTH_YEAR = re.compile(r"(\d{1,2})\s*([^\d\s,.]+)\.?,?\s*(\d{4})")
_MONTH_DAY_YEAR = re.compile(r"([^\d\s,.]+)\.?\s*(\d{1,2}),?\s*(\d{4})")

_GREGORIAN_MONTHS: dict[str, int] = {}
for _number, _names in enumerate(
    (
        ("january", "jan", "januari"),
        ("february", "feb", "februari"),
        ("march", "mar", "mac"),
        ("april", "apr"),
        ("may", "mei"),
        ("june", "jun"),
        ("july", "jul", "julai"),
        ("august", "aug", "ogos", "ogo"),
        ("september", "sep", "sept"),
        ("october", "oct", "oktober", "okt"),
        ("november", "nov"),
        ("december", "dec", "disember", "dis"),
    ),
    start=1,
):
    for _name in _names:
        _GREGORIAN_MONTHS[_name] = _number

_JALALI_MONTHS = {name: number for number, name in enumerate(JALALI_MONTHS, start=1)}

JALALI_YEARS_BELOW = 1700
"""In a Jalali event, a year below this is Jalali and a year from it on Gregorian."""
LIKELY_JALALI = range(1200, 1500)
"""Years a Gregorian event refuses as likely Jalali (a player born in 1385 AD is not)."""


@dataclasses.dataclass(frozen=True, slots=True)
class DateRange:
    """The dates a box takes for what it means (both ends included)."""

    earliest: datetime.date
    latest: datetime.date

    def __contains__(self, day: object) -> bool:
        return isinstance(day, datetime.date) and self.earliest <= day <= self.latest


EARLIEST_BIRTH_DATE = datetime.date(1900, 1, 1)
SCHEDULE_DATES = DateRange(datetime.date(1900, 1, 1), datetime.date(2200, 12, 31))
"""An event's days, deadlines and rounds (the regulations reader's range too)."""
EARLIEST_PAYMENT_DATE = datetime.date(1990, 1, 1)


def birth_dates(today: datetime.date) -> DateRange:
    """A player's birth date: from 1900 to today."""
    return DateRange(EARLIEST_BIRTH_DATE, today)


def payment_dates(today: datetime.date) -> DateRange:
    """The day a fee was paid: from 1990 to today (a payment is recorded once made)."""
    return DateRange(EARLIEST_PAYMENT_DATE, today)


def normalise_persian(text: str) -> str:
    """Arabic letter forms a Persian text may carry (ي, ك, ة) as the Persian ones, and no
    zero-width non-joiner (``تاریخ‌تولد`` and ``تاریخ تولد`` read alike)."""
    return (
        text.replace("ي", "ی")
        .replace("ى", "ی")
        .replace("ك", "ک")
        .replace("ة", "ه")
        .replace("\u200c", " ")
    )


def read_date(
    text: str, calendar: Calendar, *, day_first: bool = False, within: DateRange | None = None
) -> datetime.date:
    """The Gregorian date ``text`` names (see the module for the reading).

    Raises :class:`TypedValueError`: ``not_a_date``, ``two_digit_year``, ``no_day``,
    ``ambiguous_date`` (details: first, second, year), ``looks_jalali`` (details: year),
    ``no_such_day`` (``2015-02-30``, Jalali ``1398-12-30`` in a common year) or
    ``date_out_of_range`` (details: day, earliest, latest; outside ``within``)."""
    day = _read_date(text, calendar, day_first)
    if within is not None and day not in within:
        raise TypedValueError(
            "date_out_of_range", text, day=day, earliest=within.earliest, latest=within.latest
        )
    return day


def _read_date(text: str, calendar: Calendar, day_first: bool) -> datetime.date:
    cleaned = " ".join(
        normalise_persian(unicodedata.normalize("NFKC", as_typed_on_a_latin_keyboard(text))).split()
    )
    if match := _YEAR_FIRST.fullmatch(cleaned):
        year, month, day = (int(part) for part in match.groups())
        return _numeric(text, calendar, year, month, day)
    if match := _YEAR_LAST.fullmatch(cleaned):
        first, second, year = (int(part) for part in match.groups())
        if first > 12 or first == second:
            day, month = first, second
        elif second > 12:
            month, day = first, second
        elif day_first:
            day, month = first, second
        else:
            raise TypedValueError("ambiguous_date", text, first=first, second=second, year=year)
        return _numeric(text, calendar, year, month, day)
    named = _named_month(text, cleaned)
    if named is not None:
        return named
    if _TWO_DIGIT_YEAR.fullmatch(cleaned):
        raise TypedValueError("two_digit_year", text)
    if _NO_DAY.fullmatch(cleaned):
        raise TypedValueError("no_day", text)
    raise TypedValueError("not_a_date", text)


def _numeric(text: str, calendar: Calendar, year: int, month: int, day: int) -> datetime.date:
    jalali = calendar is Calendar.JALALI and year < JALALI_YEARS_BELOW
    if calendar is Calendar.GREGORIAN and year in LIKELY_JALALI:
        raise TypedValueError("looks_jalali", text, year=year)
    try:
        if jalali:
            return jalali_to_gregorian(year, month, day)
        return datetime.date(year, month, day)
    except ValueError:
        raise TypedValueError("no_such_day", text) from None


def _named_month(text: str, cleaned: str) -> datetime.date | None:
    """``3 May 2010``, ``May 3, 2010``, ``3 Mei 2010``, ``۱۳ اردیبهشت ۱۳۸۹`` (None: no
    month name there)."""
    found: tuple[int, str, int] | None = None
    if match := _DAY_MONTH_YEAR.fullmatch(cleaned):
        found = (int(match[1]), match[2], int(match[3]))
    elif match := _MONTH_DAY_YEAR.fullmatch(cleaned):
        found = (int(match[2]), match[1], int(match[3]))
    if found is None:
        return None
    day, name, year = found
    try:
        if name in _JALALI_MONTHS:
            return jalali_to_gregorian(year, _JALALI_MONTHS[name], day)
        month = _GREGORIAN_MONTHS.get(name.casefold())
        if month is None:
            raise TypedValueError("not_a_date", text)
        return datetime.date(year, month, day)
    except ValueError as error:
        if isinstance(error, TypedValueError):
            raise
        raise TypedValueError("no_such_day", text) from None
