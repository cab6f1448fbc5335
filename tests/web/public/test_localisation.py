"""Languages of the public site: the event's default language from its regulations, Persian
digits and Jalali dates (the Fars league's rounds on Fridays from 24 Aban 1398), Jalali dates
typed into a form, Chinese names by pinyin."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from crosstable_web.events import rules, services
from crosstable_web.public import localisation

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_fars_league_opens_in_persian_with_jalali_schedule(organiser: User) -> None:
    spec = rules.load_event_spec(EXAMPLES / "fars-team-league-1398.toml")
    event = services.create_event(spec, organiser, slug="fars")
    text = Client().get("/p/fars/").content.decode()
    assert 'lang="fa"' in text and 'dir="rtl"' in text
    # Table A, round 1: Friday 24 Aban 1398, 09:30 — in Persian digits.
    assert "جمعه ۲۴ آبان ۱۳۹۸" in text
    assert "۰۹:۳۰" in text
    # The schedule's round labels too ("دور 1" among Persian digits was a slip).
    assert "<td>دور ۱</td>" in text and "<td>دور ۱۱</td>" in text
    assert "<td>دور 1</td>" not in text
    # A visitor who chose English keeps English.
    client = Client()
    client.cookies["django_language"] = "en"
    english = client.get("/p/fars/").content.decode()
    assert 'lang="en"' in english and 'dir="ltr"' in english
    assert event.sections.exists()


def test_chinese_event_opens_in_chinese(organiser: User) -> None:
    spec = rules.load_event_spec(EXAMPLES / "futian-chess-grade-2019.toml")
    services.create_event(spec, organiser, slug="futian")
    text = Client().get("/p/futian/").content.decode()
    assert 'lang="zh-hans"' in text and "组别" in text


def test_dates_in_each_language() -> None:
    friday = datetime.date(2019, 11, 15)
    assert localisation.format_date(friday, "fa") == "جمعه ۲۴ آبان ۱۳۹۸"
    assert "2019" in localisation.format_date(friday, "zh-hans")
    assert "November" in localisation.format_date(friday, "en")
    assert localisation.digits("12.5", "fa") == "۱۲٫۵"
    assert localisation.digits("12.5", "ms") == "12.5"


@pytest.mark.parametrize("typed", ["1398-08-24", "۱۳۹۸/۰۸/۲۴", "1398/8/24"])
def test_jalali_date_typed_into_a_form(typed: str) -> None:
    field = localisation.LocalDateField()
    with translation.override("fa"):
        assert field.clean(typed) == datetime.date(2019, 11, 15)
        assert field.prepare_value(datetime.date(2019, 11, 15)) == "۱۳۹۸-۰۸-۲۴"
    with translation.override("en"):
        assert field.clean("2019-11-15") == datetime.date(2019, 11, 15)


def test_nonexistent_jalali_date_is_refused_with_a_message() -> None:
    from django import forms

    field = localisation.LocalDateField()
    with translation.override("fa"), pytest.raises(forms.ValidationError):
        field.clean("1398-07-31")  # Mehr has 30 days


def test_chinese_names_sort_by_pinyin() -> None:
    names = ["张伟", "Anna", "王芳", "陈静", "李娜", "Zoe"]
    assert sorted(names, key=localisation.name_sort_key) == [
        "Anna", "陈静", "李娜", "王芳", "张伟", "Zoe"]  # zhang before zoe
