"""The parents' search box (issue 21 item 6): a name or a school found from what is typed, in
any script — pinyin for Chinese names, Persian letter forms and digits unified."""

from __future__ import annotations

import pytest

from crosstable.typed.name_search import matches, search_text


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("刘", "刘六"),
        ("小明", "刘小明"),
        ("liu", "刘小明"),
        ("Liu", "刘小明"),
        ("liú", "刘小明"),
        ("liu xiao ming", "刘小明"),
        ("liuxiaoming", "刘小明"),
        ("xiaoming", "刘小明"),
        ("lxm", "刘小明"),
        ("liuxm", "刘小明"),
        ("liuxi", "刘小明"),
        ("shan", "单伟"),  # a surname's own reading (单 is dan elsewhere)
        ("zeng", "曾国"),
        ("lu", "吕布"),
        ("lv", "吕布"),
        ("futian", "福田小学"),
        ("ahmad", "Ahmad bin Salleh"),
        ("AHMAD BIN", "Ahmad bin Salleh"),
        ("nuraisyah", "Nur  Aisyah"),
        ("jose", "José Ramos"),
        ("علی", "علي رضايي"),  # Persian letters typed, Arabic letter forms stored
        ("رضایی", "علي رضايي"),
        ("كريمي", "کریمی"),  # and the other way round
        ("محمدی", "مُحَمَّدی"),  # short-vowel marks dropped
        ("میرزایی", "میرزا‌یی"),  # a zero-width non-joiner in the stored name
        ("۱۲", "Player 12"),  # Persian digits
        ("１２", "Player 12"),  # full-width digits
        ("آرش", "ارش"),
    ],
)
def test_found(query: str, name: str) -> None:
    assert matches(query, name)


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("liu", "李华"),
        ("wang", "刘小明"),
        ("ming liu", "刘小明"),  # the readings in the name's order
        ("lium", "刘小明"),  # m is not the next character's initial
        ("ahmadi", "Ahmad bin Salleh"),
        ("", "刘小明"),
        ("   ", "Ana"),
        ("zhang", "Zhao Lin"),
        ("علی", "حسن"),
        ("۱۳", "Player 12"),
    ],
)
def test_not_found(query: str, name: str) -> None:
    assert not matches(query, name)


def test_written_alike() -> None:
    assert search_text(" Nur Aisyah ") == search_text("nur-aisyah") == "nuraisyah"
    assert search_text("علي") == search_text("علی")
    assert search_text("ＡＢＣ １２") == "abc12"
