"""Typed-value fuzz (issue 31): every reader of crosstable.typed, fed any text a keyboard,
a spreadsheet or a forged form can hold (every digit set, Chinese and Persian words, control
characters, huge numbers, separators), either returns a value of its kind or raises
TypedValueError, whose code and text the pages and the command line turn into a message
naming the field (never another exception, which would be a traceback or a server error).
Every date read back is written in both calendars without raising."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crosstable.typed import (
    SCHEDULE_DATES,
    TypedValueError,
    birth_dates,
    payment_dates,
    read_amount,
    read_date,
    read_federation,
    read_fide_id,
    read_game,
    read_grade,
    read_sex,
    read_title,
    read_unit_kind,
    read_whole_number,
)
from crosstable.typed.calendars import Calendar, gregorian_to_jalali, write_date
from crosstable.typed.results import read_result

PIECES = [
    "0", "1", "9", "12", "31", "1398", "2019", "99999999999999999999", "-", "/", ".", ",", " ",
    "٠", "١", "٢", "٩", "۰", "۱", "۲", "۹", "０", "１", "９", "年", "月", "日", "号",
    "فروردین", "اسفند", "Jan", "December", "Dis", "RM", "元", "تومان", "ريال", "e", "E", "+",
    "½", "²", "⅓", "\u200c", "\u200f", "\x00", "\t", "\n", "男", "女", "L", "P", "مرد", "زن",
    "六级", "级", "段", "学校", "شهرستان", "GM", "FM", "MAS", "IRI", "1-0", "=", "NaN", "inf",
]  # fmt: skip
"""Bits of what people really type, joined at random with random text."""

typed = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(PIECES), max_size=8).map("".join),
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=3)), max_size=8).map("".join),
)
TODAY = datetime.date(2026, 12, 7)


def _reads(reader: Callable[[str], Any], text: str) -> Any:
    try:
        return reader(text)
    except TypedValueError as error:
        assert error.code and isinstance(error.code, str)
        assert error.text == text or isinstance(error.text, str)
        return None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=typed, calendar=st.sampled_from(list(Calendar)), day_first=st.booleans())
def test_dates_in_every_calendar_are_read_or_refused_and_written_back(
    text: str, calendar: Calendar, day_first: bool
) -> None:
    for within in (None, birth_dates(TODAY), payment_dates(TODAY), SCHEDULE_DATES):
        day = _reads(
            lambda value, w=within: read_date(value, calendar, day_first=day_first, within=w), text
        )
        if day is not None:
            assert isinstance(day, datetime.date)
            assert within is None or day in within
            for written_in in Calendar:
                assert write_date(day, written_in)
            gregorian_to_jalali(day)


@settings(max_examples=200, deadline=None)
@given(text=typed, decimals=st.sampled_from([0, 2]))
def test_amounts_are_read_or_refused(text: str, decimals: int) -> None:
    amount = _reads(
        lambda value: read_amount(value, decimals=decimals, currency_words=("RM", "元", "تومان")),
        text,
    )
    if amount is not None:
        assert isinstance(amount, Decimal) and amount.is_finite() and amount >= 0
        assert len(amount.as_tuple().digits) <= 14
        assert -amount.as_tuple().exponent <= decimals  # type: ignore[operator]


@settings(max_examples=200, deadline=None)
@given(text=typed)
def test_whole_numbers_and_people_s_words_are_read_or_refused(text: str) -> None:
    number = _reads(lambda value: read_whole_number(value, 0, 10**9), text)
    assert number is None or (isinstance(number, int) and 0 <= number <= 10**9)
    for reader in (
        read_sex,
        read_game,
        read_grade,
        read_title,
        read_federation,
        read_fide_id,
        read_unit_kind,
        read_result,
    ):
        _reads(reader, text)
