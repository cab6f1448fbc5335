"""Calendars a regulations file may be written in: Gregorian and the Persian (Jalali) calendar.

Dates are stored as Gregorian ``datetime.date`` values; the Jalali calendar is only a way of
writing them. The Jalali conversion uses the astronomical leap-year breaks table (the 33-year
cycles between known break years), valid for Jalali years -61 to 3177.
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


def _jalali_year_start(jalali_year: int) -> tuple[bool, datetime.date]:
    """Whether ``jalali_year`` is a leap year, and the Gregorian date of its 1 Farvardin."""
    if not _BREAKS[0] <= jalali_year < _BREAKS[-1]:
        raise ValueError(f"Jalali year {jalali_year} is outside the supported range")
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
    return 30 if _jalali_year_start(year)[0] else 29


def jalali_to_gregorian(year: int, month: int, day: int) -> datetime.date:
    """The Gregorian date of a Jalali date; ``ValueError`` if the Jalali date does not exist."""
    length = jalali_month_length(year, month)
    if not 1 <= day <= length:
        raise ValueError(f"day {day} is not 1-{length} in Jalali month {month} of {year}")
    _, year_start = _jalali_year_start(year)
    days_before_month = (month - 1) * 31 - (month // 7) * (month - 7)
    return year_start + datetime.timedelta(days=days_before_month + day - 1)


def gregorian_to_jalali(day: datetime.date) -> tuple[int, int, int]:
    """The Jalali (year, month, day) of a Gregorian date; the inverse of ``jalali_to_gregorian``."""
    year = day.year - 621
    _, year_start = _jalali_year_start(year)
    if day < year_start:
        year -= 1
        _, year_start = _jalali_year_start(year)
    offset = (day - year_start).days
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
