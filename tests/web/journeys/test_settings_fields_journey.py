"""Event settings as fields (issue 12.3), through the browser from an EMPTY database, by an
organiser who is not staff, in the organiser's language:

* in Chinese, the 2019 Futian grade tournament (examples/futian-chess-grade-2019.toml): the
  organiser moves round 1 of the five-round sections to Saturday 21 December, 14:30 (typed
  2019年12月21日 and １４:３０, full-width digits as a Chinese keyboard gives them) and raises
  the fee from 260 to 300 yuan; a time that is no time (25:00) is refused at its box in
  Chinese and nothing is saved, nothing typed lost; the arbiter pairs round 1 of section D
  and the public round page says it starts at the new time; the fees page owes 10 x 300;
* in Persian, the Fars team league (examples/fars-team-league-1398.toml): the organiser
  tries to move table B's round 1 to 17 Aban 1398, 16:00 (typed in Persian digits), after
  round 2: refused at round 2's day, in Persian, nothing saved; then moves round 9 from
  Thursday 28 to Wednesday 27 Azar, 16:00; the boxes show Jalali days in Persian digits, the
  file keeps the Jalali date, the public event page lists round 9 on 27 Azar at 16:00.

The values are worked by hand from what was typed and the regulations.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.accounts.models import EventCreation, SiteSettings

from .settings_steps import open_part
from .steps import (
    SHOTS,
    Person,
    accept_invitation,
    invitation_link,
    person,
    sign_in,
    table_rows,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "journeys"
JOURNEY = "settings-fields"


def _invite(admin: Person, email: str) -> str:
    admin.go("/accounts/manage/")
    admin.page.fill("#account-invite input[name=email]", email)
    admin.submit("#account-invite button")
    return invitation_link(admin.messages())


def _regulations(someone: Person, slug: str) -> str:
    """The event's regulations as the settings page's download link gives them."""
    response = someone.context.request.get(f"{someone.base}/e/{slug}/regulations.toml")
    assert response.status == 200
    return str(response.text())


def _form_shot(someone: Person, selector: str, name: str) -> None:
    """A picture of one part of the settings page (the whole page is several screens)."""
    folder = SHOTS / someone.journey
    folder.mkdir(parents=True, exist_ok=True)
    someone.page.locator(selector).screenshot(path=str(folder / f"{someone.role}-{name}.png"))


def _box(someone: Person, form: str, name: str) -> str:
    return str(someone.page.input_value(f"#{form}-form [name={name}]"))


def test_a_chinese_organiser_moves_a_round_and_the_fee(chromium: Any, live_server: Any) -> None:
    base = live_server.url
    User.objects.create_superuser("root", "root@example.cn", "Guanliyuan-2019!")
    site = SiteSettings.current()
    site.event_creation = EventCreation.ANYONE
    site.save()
    admin = person(chromium, base, JOURNEY, "admin-zh", "zh-hans")
    sign_in(admin, "root", "Guanliyuan-2019!")
    organiser = person(chromium, base, JOURNEY, "organiser-zh", "zh-hans")
    accept_invitation(
        organiser, _invite(admin, "shou@example.cn"), "shou", "寿老师", "Futian-Qiyuan-2019"
    )
    arbiter = person(chromium, base, JOURNEY, "arbiter-zh", "zh-hans")
    accept_invitation(
        arbiter, _invite(admin, "huangli@example.cn"), "huangli", "黄立", "Caipan-Zhang-2019"
    )

    organiser.go("/")
    organiser.page.click("#new-event")
    organiser.page.select_option("#template-form select[name=template]", "futian-chess-grade-2019")
    organiser.submit("#create-from-template")
    slug = organiser.path().split("/")[2]
    assert organiser.path() == f"/e/{slug}/settings/"
    before = _regulations(organiser, slug)
    open_part(organiser, "schedule")

    # The file's two schedules: seven rounds (A-C), five rounds (D-G), each shown once; a
    # Chinese page writes days 2019/12/22
    legends = organiser.page.locator("#schedule-form fieldset.schedule legend").all_inner_texts()
    assert legends == [
        "A组：四、五级棋士组、B组：六、七级棋士组、C组：八、九级棋士组的赛程",
        "D组：十、十一级棋士组、E组：十二、十三级棋士组、F组：十四、十五级棋士组、G组：无级组的赛程",
    ]
    assert _box(organiser, "schedule", "schedule_1_1_date") == "2019/12/22"
    assert _box(organiser, "schedule", "schedule_1_1_start") == "10:20"

    # a time that is no time: refused at its box, in Chinese; nothing saved, nothing lost
    organiser.page.fill("#schedule-form [name=schedule_1_1_date]", "2019年12月21日")
    organiser.page.fill("#schedule-form [name=schedule_1_1_start]", "25:00")
    organiser.submit("#save-schedule")
    cell = organiser.page.locator("#schedule-form td:has([name=schedule_1_1_start])")
    assert cell.locator(".errorlist").inner_text() == "“25:00”不是时刻：请写成 09:30。"
    assert _box(organiser, "schedule", "schedule_1_1_date") == "2019年12月21日"
    assert _regulations(organiser, slug) == before
    _form_shot(organiser, "#schedule-form fieldset.schedule >> nth=1", "schedule-refused")

    organiser.page.fill("#schedule-form [name=schedule_1_1_start]", "１４:３０")
    organiser.page.fill("#schedule-form [name=schedule_1_1_end]", "１５:３０")
    organiser.submit("#save-schedule")
    assert "设置已保存。" in organiser.messages()
    assert _box(organiser, "schedule", "schedule_1_1_date") == "2019/12/21"
    assert _box(organiser, "schedule", "schedule_1_1_start") == "14:30"
    assert _box(organiser, "schedule", "schedule_0_1_date") == "2019/12/22"  # A-C unchanged

    # 十二.5: 260 yuan a player, now 300
    open_part(organiser, "fees")
    assert _box(organiser, "fees", "fees_amount") == "260"
    organiser.page.fill("#fees-form [name=fees_amount]", "３００")
    organiser.submit("#save-fees")
    assert "设置已保存。" in organiser.messages()
    assert _box(organiser, "fees", "fees_amount") == "300"
    _form_shot(organiser, "#fees-form", "fees-saved")
    text = _regulations(organiser, slug)
    assert '{ round = 1, date = 2019-12-21, start = "14:30", end = "15:30" },' in text
    assert '{ round = 1, date = 2019-12-22, start = "08:00", end = "09:00" },' in text
    assert "amount = 300\n" in text
    assert "# 十二.5" in text  # the organiser's comments stay

    # the arbiter, the list of section D, round 1 paired
    organiser.go(f"/e/{slug}/roles/")
    organiser.page.fill("#id_q", "黄立")
    organiser.submit("#account-search button")
    found = organiser.page.locator('#found tr[data-user="huangli"]')
    found.locator("select[name=role]").select_option("arbiter")
    organiser.submit('#found tr[data-user="huangli"] button')
    organiser.go(f"/e/{slug}/import/")
    organiser.page.set_input_files("input[type=file]", str(DATA / "futian-grade-d.csv"))
    organiser.submit("main form button[type=submit]")
    assert "已导入10条报名。" in organiser.messages()
    organiser.go(f"/e/{slug}/")
    organiser.submit("text=组成比赛小组")
    # 10 players x 300 yuan
    organiser.go(f"/e/{slug}/fees/")
    assert organiser.page.locator("#fees-by-section tbody tr").first.locator(
        "td"
    ).all_inner_texts() == ["D组：十、十一级棋士组", "10", "3,000", "0", "3,000"]

    arbiter.go(f"/e/{slug}/")
    arbiter.submit("#numbers-all")
    arbiter.go(f"/e/{slug}/")
    arbiter.submit("#pair-all")
    arbiter.submit("#confirm-button")
    assert "已编排1个组别。" in arbiter.messages()

    # the public round page: Saturday 21 December 2019, 14:30 at the venue
    parent = person(chromium, base, JOURNEY, "parent-zh", "zh-hans", phone=True)
    parent.go(f"/p/{slug}/D/round/1/")
    assert (
        parent.page.inner_text(".round-times .start") == "开始时间：2019年12月21日 星期六 14:30。"
    )
    parent.shot("round-1")


def test_a_persian_organiser_moves_a_jalali_round(chromium: Any, live_server: Any) -> None:
    base = live_server.url
    User.objects.create_superuser("modir", "modir@example.ir", "Modir-Site-1398")
    site = SiteSettings.current()
    site.event_creation = EventCreation.ANYONE
    site.save()
    admin = person(chromium, base, JOURNEY, "admin-fa", "fa")
    sign_in(admin, "modir", "Modir-Site-1398")
    organiser = person(chromium, base, JOURNEY, "organiser-fa", "fa")
    accept_invitation(
        organiser, _invite(admin, "farsboard@example.ir"), "farsboard", "هیات شطرنج فارس",
        "Heyat-Fars-1398",
    )  # fmt: skip
    organiser.go("/")
    organiser.page.click("#new-event")
    organiser.page.select_option("#template-form select[name=template]", "fars-team-league-1398")
    organiser.submit("#create-from-template")
    slug = organiser.path().split("/")[2]

    # Jalali days in Persian digits; table A's schedule first, table B's second
    open_part(organiser, "entry")
    assert _box(organiser, "eligibility", "elig_B_born_on_or_after") == "۱۳۸۴/۰۹/۲۸"
    open_part(organiser, "schedule")
    assert _box(organiser, "schedule", "schedule_1_1_date") == "۱۳۹۸/۰۸/۱۶"
    assert _box(organiser, "schedule", "schedule_1_1_start") == "۱۷:۰۰"
    # round 1 moved to the next day at 16:00 would start after round 2 (17 Aban, 09:30):
    # refused at round 2's day, nothing saved, what was typed still in the boxes
    before = _regulations(organiser, slug)
    organiser.page.fill("#schedule-form [name=schedule_1_1_date]", "۱۳۹۸/۰۸/۱۷")
    organiser.page.fill("#schedule-form [name=schedule_1_1_start]", "۱۶:۰۰")
    organiser.submit("#save-schedule")
    cell = organiser.page.locator("#schedule-form td:has([name=schedule_1_2_date])")
    assert cell.locator(".errorlist").inner_text() == "دور ۲ پیش از دور ۱ شروع می‌شود."
    assert _box(organiser, "schedule", "schedule_1_1_date") == "۱۳۹۸/۰۸/۱۷"
    assert _regulations(organiser, slug) == before
    _form_shot(organiser, "#schedule-form fieldset.schedule >> nth=1", "schedule-refused")

    # instead round 9 (Thursday 28 Azar, 15:30) a day earlier at 16:00
    organiser.go(f"/e/{slug}/settings/schedule/")
    organiser.page.fill("#schedule-form [name=schedule_1_9_date]", "۱۳۹۸/۰۹/۲۷")
    organiser.page.fill("#schedule-form [name=schedule_1_9_start]", "۱۶:۰۰")
    organiser.submit("#save-schedule")
    assert "تنظیمات ذخیره شد." in organiser.messages()
    assert _box(organiser, "schedule", "schedule_1_1_date") == "۱۳۹۸/۰۸/۱۶"
    assert _box(organiser, "schedule", "schedule_1_9_date") == "۱۳۹۸/۰۹/۲۷"
    assert _box(organiser, "schedule", "schedule_1_9_start") == "۱۶:۰۰"
    _form_shot(organiser, "#schedule-form fieldset.schedule >> nth=1", "schedule-saved")
    text = _regulations(organiser, slug)
    assert '{ round = 9, date = "1398-09-27", start = "16:00" },' in text
    assert "# 4.1" in text

    # the public event page: 27 Azar 1398 is Wednesday 18 December 2019 (28 Azar, the
    # closing day, is Thursday 19 December); 16:00 at the venue
    parent = person(chromium, base, JOURNEY, "parent-fa", "fa", phone=True)
    parent.go(f"/p/{slug}/")
    rows = table_rows(parent, "table.schedule")
    assert ["چهارشنبه ۲۷ آذر ۱۳۹۸", "۱۶:۰۰", "دور ۹"] in rows
    assert ["پنجشنبه ۲۸ آذر ۱۳۹۸", "۱۵:۳۰", "دور ۹"] not in rows
    parent.shot("event")
