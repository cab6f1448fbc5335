"""Calendars a regulations file may be written in: Gregorian and the Persian (Jalali) calendar.

Dates are stored as Gregorian ``datetime.date`` values; the Jalali calendar is only a way of
writing them. The Jalali conversion uses the astronomical leap-year breaks table (the 33-year
cycles between known break years), valid for Jalali years -61 to 3177. Outside the table
(Gregorian years before 560 or after 3798: never a real player's or event's, but a stored
``0001-01-01`` or ``9999-12-31`` must still be written, not crash a page) the years follow
the plain 33-year rule (years 1, 5, 9, 13, 17, 22, 26 and 30 of each cycle are leap years, as
in the table's own era), counted on from the table's first and last years: every
``datetime.date`` has its Jalali date and back.
"""

from __future__ import annotations

import datetime
import enum

_BREAKS = (
    -61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210,
    1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178,
)  # fmt: skip


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
"""The Jalali months' Persian names, Farvardin (1) to Esfand (12)."""


class Calendar(enum.Enum):
    """The calendar dates are written in (the stored values are always Gregorian)."""

    GREGORIAN = "gregorian"
    JALALI = "jalali"
    """The Solar Hijri calendar used in Iran (year 1398 began on 21 March 2019)."""


_CYCLE_LEAP_YEARS = frozenset({1, 5, 9, 13, 17, 22, 26, 30})
"""A Jalali year's place in its 33-year cycle (``year % 33``) that makes it a leap year, in
the plain rule used beyond the breaks table (1399, 1403, 1408 … as the table has them)."""


def _leap_years_before(year: int) -> int:
    """How many years of the plain 33-year rule before ``year`` (from an arbitrary origin:
    only differences are used)."""
    cycles, place = divmod(year, 33)
    return cycles * 8 + sum(1 for leap in _CYCLE_LEAP_YEARS if leap < place)


def _year_start_ordinal(jalali_year: int) -> tuple[bool, int]:
    """Whether ``jalali_year`` is a leap year, and the Gregorian ordinal
    (``datetime.date.toordinal``) of its 1 Farvardin, for any year (the table's, else the
    plain rule counted from the table's first or last year)."""
    first, last = _BREAKS[0], _BREAKS[-1] - 1
    if first <= jalali_year <= last:
        is_leap, start = _jalali_year_start(jalali_year)
        return is_leap, start.toordinal()
    is_leap = jalali_year % 33 in _CYCLE_LEAP_YEARS
    if jalali_year > last:
        last_leap, last_start = _jalali_year_start(last)
        days = 365 * (jalali_year - last - 1) + (
            _leap_years_before(jalali_year) - _leap_years_before(last + 1)
        )
        return is_leap, last_start.toordinal() + 365 + int(last_leap) + days
    _, first_start = _jalali_year_start(first)
    days = 365 * (first - jalali_year) + (
        _leap_years_before(first) - _leap_years_before(jalali_year)
    )
    return is_leap, first_start.toordinal() - days


def _jalali_year_start(jalali_year: int) -> tuple[bool, datetime.date]:
    """Whether ``jalali_year`` (of the breaks table) is a leap year, and the Gregorian date
    of its 1 Farvardin."""
    if not _BREAKS[0] <= jalali_year < _BREAKS[-1]:
        raise ValueError(f"Jalali year {jalali_year} is outside the breaks table")
    gregorian_year = jalali_year + 621
    leap_days = -14
    previous_break = _BREAKS[0]
    jump = 0
    for next_break in _BREAKS[1:]:
        jump = next_break - previous_break
        if jalali_year < next_break:
            break
        leap_days += (jump // 33) * 8 + (jump % 33) // 4
        previous_break = next_break
    years_since_break = jalali_year - previous_break
    leap_days += (years_since_break // 33) * 8 + ((years_since_break % 33) + 3) // 4
    if jump % 33 == 4 and jump - years_since_break == 4:
        leap_days += 1
    gregorian_leap_days = gregorian_year // 4 - ((gregorian_year // 100 + 1) * 3) // 4 - 150
    march_day = 20 + leap_days - gregorian_leap_days
    if jump - years_since_break < 6:
        years_since_break = years_since_break - jump + ((jump + 4) // 33) * 33
    cycle_position = ((years_since_break + 1) % 33) - 1
    is_leap = cycle_position != -1 and cycle_position % 4 == 0
    return is_leap, datetime.date(gregorian_year, 3, 1) + datetime.timedelta(days=march_day - 1)


def jalali_month_length(year: int, month: int) -> int:
    if not 1 <= month <= 12:
        raise ValueError(f"month {month} is not 1-12")
    if month <= 6:
        return 31
    if month <= 11:
        return 30
    return 30 if _year_start_ordinal(year)[0] else 29


def jalali_to_gregorian(year: int, month: int, day: int) -> datetime.date:
    """The Gregorian date of a Jalali date; ``ValueError`` if the Jalali date does not exist
    (or falls outside ``datetime.date``'s years 1 to 9999)."""
    length = jalali_month_length(year, month)
    if not 1 <= day <= length:
        raise ValueError(f"day {day} is not 1-{length} in Jalali month {month} of {year}")
    _, year_start = _year_start_ordinal(year)
    days_before_month = (month - 1) * 31 - (month // 7) * (month - 7)
    ordinal = year_start + days_before_month + day - 1
    if not 1 <= ordinal <= datetime.date.max.toordinal():
        raise ValueError(f"Jalali {year}-{month}-{day} is outside the Gregorian years 1 to 9999")
    return datetime.date.fromordinal(ordinal)


def gregorian_to_jalali(day: datetime.date) -> tuple[int, int, int]:
    """The Jalali (year, month, day) of a Gregorian date (any ``datetime.date``); the inverse
    of ``jalali_to_gregorian``."""
    year = day.year - 621
    _, year_start = _year_start_ordinal(year)
    if day.toordinal() < year_start:
        year -= 1
        _, year_start = _year_start_ordinal(year)
    offset = day.toordinal() - year_start
    if offset < 186:
        return year, offset // 31 + 1, offset % 31 + 1
    offset -= 186
    return year, offset // 30 + 7, offset % 30 + 1


def parse_date(text: str, calendar: Calendar) -> datetime.date:
    """Read ``YYYY-MM-DD`` written in ``calendar``; ``ValueError`` if malformed or nonexistent."""
    parts = text.split("-")
    if len(parts) != 3 or not all(part.isdigit() for part in parts) or len(parts[0]) != 4:
        raise ValueError("not YYYY-MM-DD")
    year, month, day = (int(part) for part in parts)
    if calendar is Calendar.JALALI:
        return jalali_to_gregorian(year, month, day)
    return datetime.date(year, month, day)


def add_months(day: datetime.date, months: int, calendar: Calendar) -> datetime.date:
    """``day`` moved ``months`` months on in ``calendar`` (counted in that calendar's months:
    1398-08-24 + 2 months is 1398-10-24 in the Jalali calendar), keeping the day of the month;
    a day the target month lacks (31 December + 2 months) becomes that month's last day."""
    if calendar is Calendar.JALALI:
        year, month, date = gregorian_to_jalali(day)
        index = year * 12 + (month - 1) + months
        year, month = divmod(index, 12)
        month += 1
        return jalali_to_gregorian(year, month, min(date, jalali_month_length(year, month)))
    index = day.year * 12 + (day.month - 1) + months
    year, month = divmod(index, 12)
    month += 1
    next_month = datetime.date(year + month // 12, month % 12 + 1, 1)
    length = (next_month - datetime.date(year, month, 1)).days
    return datetime.date(year, month, min(day.day, length))


def write_date(day: datetime.date, calendar: Calendar) -> str:
    """``day`` as ``YYYY-MM-DD`` in ``calendar`` (``1398-08-24`` in the Jalali calendar):
    how files (CSV, spreadsheets) write a date of an event kept in that calendar."""
    year, month, date = (
        gregorian_to_jalali(day) if calendar is Calendar.JALALI else (day.year, day.month, day.day)
    )
    return f"{year:04d}-{month:02d}-{date:02d}"
