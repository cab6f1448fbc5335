"""Languages of the public site: the event's default language from its regulations, Persian
digits and Jalali dates (the Fars league's rounds on Fridays from 24 Aban 1398), Jalali dates
typed into a form, Chinese names by pinyin."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from crosstable_web.common import localisation
from crosstable_web.events import services
from crosstable_web.events.regulations import rules

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
        assert field.prepare_value(datetime.date(2019, 11, 15)) == "۱۳۹۸/۰۸/۲۴"
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
        "Anna",
        "陈静",
        "李娜",
        "王芳",
        "张伟",
        "Zoe",
    ]  # zhang before zoe


def test_each_schedule_under_the_sections_that_play_it(organiser: User) -> None:
    """Futian: groups A–C play seven rounds from 08:00, D–G five rounds from 10:20 (七.2).
    One table (the first section's) told the parents of D–G the wrong times."""
    spec = rules.load_event_spec(EXAMPLES / "futian-chess-grade-2019.toml")
    services.create_event(spec, organiser, slug="futian")
    text = Client().get("/p/futian/").content.decode()
    headings = re.findall(r'<h3 class="schedule-of">([^<]*)</h3>', text)
    assert headings == [
        "A组：四、五级棋士组 · B组：六、七级棋士组 · C组：八、九级棋士组",
        "D组：十、十一级棋士组 · E组：十二、十三级棋士组 · F组：十四、十五级棋士组 · G组：无级组",
    ]
    seven, five = text.split('<h3 class="schedule-of">')[1:]
    assert re.search(r"08:00</td><td>第1轮", seven) and "第7轮" in seven
    assert re.search(r"10:20</td><td>第1轮", five) and "第6轮" not in five
    assert "颁奖仪式" in seven and "颁奖仪式" in five  # the prize giving, for everyone


def test_one_schedule_when_all_sections_play_alike(organiser: User) -> None:
    """Futian youth: eight sections, one schedule (section_defaults): one table, no headings.
    Kinabatangan's regulations give no times: no schedule at all."""
    spec = rules.load_event_spec(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    services.create_event(spec, organiser, slug="youth")
    text = Client().get("/p/youth/").content.decode()
    assert text.count('class="schedule"') == 1 and 'class="schedule-of"' not in text
    assert re.search(r"08:30</td><td>第1轮", text)
    spec = rules.load_event_spec(EXAMPLES / "kinabatangan-school-2024.toml")
    services.create_event(spec, organiser, slug="kinabatangan")
    assert 'class="schedule"' not in Client().get("/p/kinabatangan/").content.decode()
