"""Issue 26.12: the time-zone box lists 中国（上海）时间 once, and the cities whose names it
leaves out as aliases are still found by name: a Chinese organiser (not staff, allowed to
create events) on the new-event form types 重庆, then Harbin, in the box beside the list and
gets 中国（上海）时间; a Malay organiser types Chongqing and gets Waktu China (Shanghai)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Permission, User

from web.log_in import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("language", "typed", "label"),
    [
        ("zh-hans", ("重庆", "Harbin"), "中国（上海）时间"),
        ("ms", ("Chongqing",), "Waktu China (Shanghai)"),
    ],
)
def test_a_city_left_out_as_an_alias_finds_its_zone(
    chromium: Any, live_server: Any, language: str, typed: tuple[str, ...], label: str
) -> None:
    user = User.objects.create_user("mei", password="mei-pass")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    page = chromium.new_page()
    page.set_default_timeout(20_000)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    log_in(page, live_server.url, "mei", "mei-pass", "/events/new/")
    form = page.locator("#blank-form")
    box = form.locator("select[name=time_zone]")
    assert box.locator("option", has_text=label).count() == 1  # offered once
    search = form.locator("input.zone-city")
    for word in typed:
        box.select_option("UTC")
        search.fill(word)
        assert box.input_value() == "Asia/Shanghai", word
        assert box.locator("option:checked").inner_text() == label
