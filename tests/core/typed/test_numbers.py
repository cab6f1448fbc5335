"""Whole numbers and amounts typed in any digit set (issue 14 items 2-3): what is read, and
what is refused rather than rounded, cut or defaulted."""

from __future__ import annotations

from decimal import Decimal

import pytest

from crosstable.typed import (
    TypedValueError,
    as_typed_on_a_latin_keyboard,
    read_amount,
    read_whole_number,
)


def test_any_digit_set_reads_as_latin() -> None:
    assert as_typed_on_a_latin_keyboard("１２　１") == "12 1"
    assert as_typed_on_a_latin_keyboard("۱۲ ۱") == "12 1"
    assert as_typed_on_a_latin_keyboard("٣٫٢") == "3.2"
    assert as_typed_on_a_latin_keyboard("۷۲۰٬۰۰۰") == "720,000"


@pytest.mark.parametrize(("text", "value"), [("12", 12), ("۱۲", 12), ("１２", 12), (" 7 ", 7)])
def test_whole_numbers(text: str, value: int) -> None:
    assert read_whole_number(text, 1, 1000) == value


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("² 1", "not_a_whole_number"),
        ("²", "not_a_whole_number"),
        ("①", "not_a_whole_number"),
        ("1e3", "not_a_whole_number"),
        ("1500.7", "not_a_whole_number"),
        ("", "not_a_whole_number"),
        ("12abc", "not_a_whole_number"),
        ("1" * 25, "too_long"),
        ("0", "out_of_range"),
        ("-1", "out_of_range"),
        ("1001", "out_of_range"),
    ],
)
def test_whole_number_refusals(text: str, code: str) -> None:
    with pytest.raises(TypedValueError) as refused:
        read_whole_number(text, 1, 1000)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("5", "5"),
        ("5.00", "5.00"),
        ("5,00", "5.00"),
        ("5,5", "5.5"),
        ("1,500.50", "1500.50"),
        ("1.500,50", "1500.50"),
        ("720,000", "720000"),
        ("۷۲۰٬۰۰۰", "720000"),
        ("720 000", "720000"),
        ("RM 5.00", "5.00"),
        ("rm5", "5"),
        ("260元", "260"),
        ("۷۲۰۰۰۰ تومان", "720000"),
        ("0", "0"),
    ],
)
def test_amounts(text: str, amount: str) -> None:
    words = ("RM", "元", "تومان")
    assert read_amount(text, currency_words=words) == Decimal(amount)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("-5", "negative"),
        ("- 5", "negative"),
        ("1e20", "not_an_amount"),
        ("1e30", "not_an_amount"),
        ("NaN", "not_an_amount"),
        ("inf", "not_an_amount"),
        ("-inf", "not_an_amount"),
        ("5.005", "not_an_amount"),
        ("1.500", "not_an_amount"),  # 1.5 or 1500: refused, not guessed
        ("5 RM", "not_an_amount"),  # no currency words given
        ("12abc", "not_an_amount"),
        ("", "not_an_amount"),
        ("1" * 13, "too_large"),
    ],
)
def test_amount_refusals(text: str, code: str) -> None:
    with pytest.raises(TypedValueError) as refused:
        read_amount(text)
    assert refused.value.code == code
