"""Issue 26.11: a Persian reader of a Chinese event saw its name with Persian digits inside
the Chinese (۲۰۱۹年秋季…): a number inside Chinese text is part of the name and keeps its
digits, while the page's own numbers are Persian."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import services
from crosstable_web.events.regulations import rules

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "futian-chess-grade-2019.toml"


def test_a_chinese_event_name_keeps_its_digits_on_a_persian_page(organiser: User) -> None:
    services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="futian")
    reader = Client()
    reader.cookies["django_language"] = "fa"
    page = reader.get("/p/futian/").content.decode()
    assert 'dir="rtl"' in page
    assert "2019年秋季福田区第三届国际象棋等级赛" in page
    assert "۲۰۱۹年" not in page
    assert "۱۳۹۸" in page  # the page's own dates: Jalali, in Persian digits
