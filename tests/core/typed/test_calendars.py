"""Jalali ↔ Gregorian: known dates from the Fars league and Nowruz, and a round trip."""

from __future__ import annotations

import datetime

import pytest

from crosstable.typed.calendars import gregorian_to_jalali, jalali_to_gregorian


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
