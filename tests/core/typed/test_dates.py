"""Dates as organisers write them, in the event's calendar (issue 13 item 5): every expected
date below is worked by hand (Jalali 1389 began on 21 March 2010: 13 Ordibehesht is 31 + 12
days later, 3 May 2010; Jalali 1385 began on 21 March 2006: 12 Khordad is 62 + 11 days later,
2 June 2006)."""

from __future__ import annotations

import datetime

import pytest

from crosstable.regulations import Calendar
from crosstable.typed import TypedValueError, read_date

GREGORIAN = Calendar.GREGORIAN
JALALI = Calendar.JALALI
MAY_3 = datetime.date(2010, 5, 3)


@pytest.mark.parametrize(
    "text",
    [
        "2010-05-03",
        "2010/5/3",
        "2010.5.3",
        "2010年5月3日",
        "2010 年 5 月 3 日",
        "２０１０／５／３",
        "2010/5/3 0:00",
        "2010-05-03T00:00:00",
        "3 May 2010",
        "May 3, 2010",
        "3 Mei 2010",
        "2010-5-3",
    ],
)
def test_gregorian_forms(text: str) -> None:
    assert read_date(text, GREGORIAN) == MAY_3


@pytest.mark.parametrize(
    "text", ["1389-02-13", "1389/2/13", "۱۳۸۹/۰۲/۱۳", "۱۳ اردیبهشت ۱۳۸۹", "١٣٨٩-٠٢-١٣"]
)
def test_jalali_forms_in_a_jalali_event(text: str) -> None:
    assert read_date(text, JALALI) == MAY_3


def test_issue_13_example_is_not_the_year_1385() -> None:
    assert read_date("1385-03-12", JALALI) == datetime.date(2006, 6, 2)
    with pytest.raises(TypedValueError) as refused:
        read_date("1385-03-12", GREGORIAN)
    assert refused.value.code == "looks_jalali"


def test_gregorian_years_in_a_jalali_event_stay_gregorian() -> None:
    assert read_date("2010-05-03", JALALI) == MAY_3


def test_persian_month_names_are_jalali_in_any_event() -> None:
    assert read_date("۱۲ خرداد ۱۳۸۵", GREGORIAN) == datetime.date(2006, 6, 2)


def test_year_last_day_or_month_first() -> None:
    assert read_date("25/5/2010", GREGORIAN) == datetime.date(2010, 5, 25)
    assert read_date("5/25/2010", GREGORIAN) == datetime.date(2010, 5, 25)
    assert read_date("3/3/2010", GREGORIAN) == datetime.date(2010, 3, 3)
    with pytest.raises(TypedValueError) as refused:
        read_date("3/5/2010", GREGORIAN)
    assert refused.value.code == "ambiguous_date"
    assert refused.value.details == {"first": 3, "second": 5, "year": 2010}
    assert read_date("3/5/2010", GREGORIAN, day_first=True) == MAY_3


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("2014-01-01garbage", "not_a_date"),
        ("", "not_a_date"),
        ("yesterday", "not_a_date"),
        ("2010-05-03 12:30", "not_a_date"),
        ("3/5/10", "two_digit_year"),
        ("2010年5月", "no_day"),
        ("2010-05", "no_day"),
        ("2015-02-30", "no_such_day"),
        ("2015-13-01", "no_such_day"),
        ("0000-01-01", "no_such_day"),
        ("3 Smarch 2010", "not_a_date"),
        ("30 اسفند 1398", "no_such_day"),  # 1398 is a common year: Esfand has 29 days
    ],
)
def test_refusals_name_the_reason(text: str, code: str) -> None:
    with pytest.raises(TypedValueError) as refused:
        read_date(text, GREGORIAN)
    assert refused.value.code == code
