"""In a real browser (Debian's chromium), by the real roles, in their language (issue 12):

- a site administrator allows an account to create events; that organiser — not staff —
  creates an event from a template in Chinese, appoints an arbiter by searching the account;
  the arbiter signs in and sees the event with the arbiter's buttons;
- a Persian organiser creates an event from the form with Asia/Tehran and the Jalali calendar,
  the dates typed in Persian digits; the event page shows them in Jalali, at the venue.
"""

from __future__ import annotations

import datetime
import zoneinfo
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp")


def sign_in(page: Any, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/")


def choose_language(page: Any, code: str) -> None:
    with page.expect_navigation():
        page.select_option("select[name=language]", code)


def test_a_chinese_organiser_creates_an_event_and_appoints_an_arbiter(
    chromium: Any, live_server: Any
) -> None:
    base = live_server.url
    User.objects.create_superuser("root", "root@example.org", "root-pass")
    User.objects.create_user("mei", password="mei-pass", first_name="李梅")
    User.objects.create_user("arif", password="arif-pass", first_name="Arif", last_name="Wong")

    admin = chromium.new_page()
    admin.set_default_timeout(20_000)
    sign_in(admin, base, "root", "root-pass")
    admin.click("#nav-accounts")
    admin.click('tr[data-user="mei"] button[value="allow"]')
    admin.wait_for_selector('tr[data-user="mei"] button[value="disallow"]')

    page = chromium.new_page()
    page.set_default_timeout(20_000)
    sign_in(page, base, "mei", "mei-pass")
    choose_language(page, "zh-hans")
    assert not User.objects.get(username="mei").is_staff
    page.click("#new-event")
    assert page.locator("h1").inner_text() == "新建赛事"
    page.select_option("#template-form select[name=template]", "futian-chess-grade-2019")
    page.click("#create-from-template")
    page.wait_for_url("**/settings/")
    assert "赛事已创建。" in page.locator(".messages").inner_text()
    event = models.Event.objects.get()
    assert event.time_zone == "Asia/Shanghai"
    assert (
        event.slug == "2019-nian-qiu-ji-fu-tian-qu-di-san-jie-guo-ji-xiang-qi"
    )  # 2019年秋季福田区第三届国际象棋…
    assert page.locator("#id_time_zone").input_value() == "Asia/Shanghai"
    page.screenshot(path=str(SHOTS / "selfservice-zh-settings.png"), full_page=True)

    page.click("text=角色")
    page.wait_for_url("**/roles/")
    page.fill("#id_q", "Wong")
    page.click("#account-search button")
    row = page.locator('#found tr[data-user="arif"]')
    row.locator("select[name=role]").select_option("arbiter")
    row.locator("button").click()
    page.wait_for_selector('#roles tr[data-role="arbiter"][data-user="arif"]')
    assert "arif" in page.locator(".messages").inner_text()
    page.screenshot(path=str(SHOTS / "selfservice-zh-roles.png"), full_page=True)
    assert event.audit_log.filter(action="role.grant", target="arif", username="mei").exists()

    arbiter = chromium.new_page()
    arbiter.set_default_timeout(20_000)
    sign_in(arbiter, base, "arif", "arif-pass")
    choose_language(arbiter, "zh-hans")
    arbiter.click(f"#event-{event.slug} a")
    arbiter.wait_for_url(f"**/e/{event.slug}/")
    assert arbiter.locator("#pair-all").is_visible()  # the arbiter's button
    assert arbiter.locator("#event-settings").count() == 0  # not the organiser's
    assert "中国（上海）时间" in arbiter.locator("#event-zone").inner_text()


def test_a_persian_organiser_sets_tehran_and_the_jalali_calendar(
    chromium: Any, live_server: Any
) -> None:
    base = live_server.url
    User.objects.create_superuser("root", "root@example.org", "root-pass")
    page = chromium.new_page()
    page.set_default_timeout(20_000)
    # the site administrator lets every signed-in account create events
    sign_in(page, base, "root", "root-pass")
    page.click("#nav-accounts")
    page.check("#site-settings input[value=anyone]")
    page.click("#site-settings button")
    page.wait_for_selector(".messages")
    page.context.clear_cookies()
    User.objects.create_user("reza", password="reza-pass")

    sign_in(page, base, "reza", "reza-pass")
    choose_language(page, "fa")
    assert page.locator("html").get_attribute("dir") == "rtl"
    page.click("#new-event")
    form = page.locator("#blank-form")
    form.locator("#id_name").fill("مسابقات شطرنج جام شیراز")
    form.locator("#id_language").select_option("fa")
    form.locator("#id_time_zone").select_option("Asia/Tehran")
    form.locator("#id_calendar").select_option("jalali")
    form.locator("#id_start_date").fill("۱۳۹۸-۰۸-۲۴")
    form.locator("#id_end_date").fill("۱۳۹۸-۰۸-۲۵")
    form.locator("#id_venue").fill("شیراز")
    form.locator("#id_section_name").fill("آزاد")
    for number, code in enumerate(("BH/C1", "BH", "SB")):  # chosen by their words
        form.locator(f"[name=tiebreaks-{number}]").select_option(code)
    page.click("#create-from-form")
    page.wait_for_url("**/settings/")
    event = models.Event.objects.get()
    assert (event.time_zone, event.calendar) == ("Asia/Tehran", "jalali")
    # 24 Aban 1398 = Friday 15 November 2019
    assert (event.start_date, event.end_date) == (
        datetime.date(2019, 11, 15),
        datetime.date(2019, 11, 16),
    )
    assert page.locator("#id_start_date").input_value() == "1398-08-24"
    page.click("#to-event")
    facts = page.locator("#event-facts").inner_text()
    assert "جمعه ۲۴ آبان ۱۳۹۸" in facts and "شنبه ۲۵ آبان ۱۳۹۸" in facts
    assert "وقت ایران" in facts and "هجری شمسی" in facts
    page.screenshot(path=str(SHOTS / "selfservice-fa-event.png"), full_page=True)
    # the audit log at the venue, in the Jalali calendar
    page.click(f'a[href="/e/{event.slug}/audit/"]')
    assert "وقت ایران" in page.locator("#audit-zone").inner_text()
    created = event.audit_log.get(action="event.create").at
    stamp = created.astimezone(zoneinfo.ZoneInfo("Asia/Tehran"))
    assert stamp.strftime("%H:%M").translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")) in (
        page.locator("#audit").inner_text()
    )
