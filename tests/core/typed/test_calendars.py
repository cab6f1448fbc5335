"""Jalali ↔ Gregorian: known dates from the Fars league and Nowruz, and a round trip."""

from __future__ import annotations

import datetime

import pytest

from crosstable.typed.calendars import (
    gregorian_to_jalali,
    jalali_month_length,
    jalali_to_gregorian,
)


@pytest.mark.parametrize(
    ("gregorian", "jalali"),
    [
        (datetime.date(2019, 3, 21), (1398, 1, 1)),  # Nowruz 1398
        (datetime.date(2019, 11, 15), (1398, 8, 24)),  # Friday 24 Aban 1398, a Fars league round
        (datetime.date(2025, 3, 20), (1403, 12, 30)),  # 1403 is a leap year
        (datetime.date(2025, 3, 21), (1404, 1, 1)),
    ],
)
def test_known_dates(gregorian: datetime.date, jalali: tuple[int, int, int]) -> None:
    assert gregorian_to_jalali(gregorian) == jalali
    assert jalali_to_gregorian(*jalali) == gregorian


def test_round_trip_over_ten_years() -> None:
    start = datetime.date(2015, 1, 1)
    for offset in range(3700):
        day = start + datetime.timedelta(days=offset)
        assert jalali_to_gregorian(*gregorian_to_jalali(day)) == day


def _next_jalali_day(year: int, month: int, day: int) -> tuple[int, int, int]:
    if day < jalali_month_length(year, month):
        return year, month, day + 1
    return (year, month + 1, 1) if month < 12 else (year + 1, 1, 1)


@pytest.mark.parametrize(
    ("first", "days"),
    [
        (datetime.date(1, 1, 1), 800),  # the first dates Python has (a stored 0001-01-01)
        (datetime.date(558, 1, 1), 1200),  # across the breaks table's first year (-61)
        (datetime.date(3796, 1, 1), 1200),  # across its last year (3177)
        (datetime.date(9997, 1, 1), 1095),  # up to 9999-12-31
    ],
)
def test_every_date_has_a_jalali_date(first: datetime.date, days: int) -> None:
    """Issue 31 item 1: a birth date 0001-01-01 or 9999-12-31 stored made the Persian pages
    answer 500 ("Jalali year -620 is outside the supported range"). Beyond the breaks table
    the plain 33-year rule goes on: each next Gregorian day is the next Jalali day, and back."""
    previous = gregorian_to_jalali(first)
    for offset in range(1, days):
        day = first + datetime.timedelta(days=offset)
        jalali = gregorian_to_jalali(day)
        assert jalali == _next_jalali_day(*previous), day
        assert jalali_to_gregorian(*jalali) == day
        previous = jalali
    assert gregorian_to_jalali(datetime.date.max) == (9378, 10, 11)


def test_jalali_years_beyond_the_table_follow_the_33_year_rule() -> None:
    # In the table's era 1399, 1403 and 1408 are leap years (years 13, 17 and 22 of their
    # cycle, 1399 % 33 = 13); beyond it the same places: 3180 % 33 = 12, so 3181 is leap.
    assert [jalali_month_length(year, 12) for year in (1399, 1403, 1408, 1404)] == [30, 30, 30, 29]
    assert [jalali_month_length(year, 12) for year in (3180, 3181, 3182)] == [29, 30, 29]
    with pytest.raises(ValueError, match="outside the Gregorian years"):
        jalali_to_gregorian(9379, 1, 1)
