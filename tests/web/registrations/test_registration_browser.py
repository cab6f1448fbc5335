"""Online registration in chromium, in Chinese, from an empty database (issue 15, "done when"):

* seed 001 (Futian grade): a parent on a 390-px phone registers her son for 福田 A组 with his
  ID photo, one-inch photo and grade certificate (real pictures: tests/data/registrations),
  pays the 260 yuan through the (fake) payment provider; the organiser — not staff, made
  before the journey — approves him in the queue after looking at the certificate; the boy
  is entered in A组：四、五级棋士组 (四级: grades 4-5, 五), his 260 yuan paid; later the
  parent corrects his name on her private link, which is now a request, and the organiser
  approves it;
* seed 004 (Futian youth): a school teacher registers four pupils for 国际象棋儿童A组; a
  fifth is refused with the regulation's reason (六: at most 4 per unit).

The events are the examples as an organiser uploads them this year: the registration
deadline moved two weeks ahead (the rules themselves unchanged; tests/web/registrations/seeds).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.accounts.models import EventCreation, SiteSettings

from ..journeys.steps import Person, person, sign_in, table_rows
from .files import CERTIFICATE, ID_PHOTO
from .seeds import fars_league, futian_grade, futian_youth, in_two_weeks

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

JOURNEY = "registration"
SECTION_A = "A组：四、五级棋士组"


def _organiser(
    chromium: Any, base: str, regulations: Path, language: str = "zh-hans"
) -> tuple[Person, str]:
    """The organiser (an ordinary account; the site lets any account create events) signs
    in and creates the event by uploading its regulations file."""
    User.objects.create_user("zhuban", password="Futian-Zhuban-2019")
    site = SiteSettings.current()
    site.event_creation = EventCreation.ANYONE
    site.save()
    organiser = person(chromium, base, JOURNEY, "organiser", language)
    sign_in(organiser, "zhuban", "Futian-Zhuban-2019")
    organiser.page.click("#new-event")
    organiser.page.set_input_files("#upload-form input[type=file]", str(regulations))
    organiser.submit("#create-from-file")
    assert organiser.messages(), "the event was not created"
    slug = organiser.path().split("/")[2]
    return organiser, slug


def test_a_parent_registers_pays_the_organiser_approves_a_late_change(
    chromium: Any, live_server: Any, tmp_path: Path
) -> None:
    regulations = tmp_path / "futian-chess-grade-2019.toml"
    regulations.write_text(futian_grade(in_two_weeks()), encoding="utf-8")
    organiser, slug = _organiser(chromium, live_server.url, regulations)

    # --- the parent, on her phone, from the event's public page ----------------------------
    parent = person(chromium, live_server.url, JOURNEY, "parent", "zh-hans", phone=True)
    parent.go(f"/p/{slug}/")
    with parent.page.expect_navigation():
        parent.page.click("#register-link a")
    assert parent.path() == f"/r/{slug}/"
    text = parent.main_text()
    assert "报名截止时间：" in text
    # the three pictures the association asks (十二.2), the certificate for A-F only (五.3-4)
    for document in ("身份证照片（带照片面）", "个人一寸照片", "现有最高段级位证书"):
        assert document in text
    page = parent.page
    page.fill("#id_registrant", "李妈妈")
    page.fill("#id_phone", "13800138000")
    page.fill("#id_p1-name", "李小明")
    page.select_option("#id_p1-sex", "M")
    page.fill("#id_p1-birth_date", "2012-03-04")
    page.fill("#id_p1-national_grade", "四级")
    page.set_input_files("#id_p1-document_id_photo", str(ID_PHOTO))
    page.set_input_files("#id_p1-document_portrait", str(ID_PHOTO))
    assert parent.overflow() <= 0, "the form is wider than the phone"
    parent.shot("form")
    # sent without the certificate: refused, naming it, nothing saved
    parent.submit("#send")
    assert "请上传现有最高段级位证书（A组：四、五级棋士组）。" in parent.main_text()
    page.set_input_files("#id_p1-document_id_photo", str(ID_PHOTO))
    page.set_input_files("#id_p1-document_portrait", str(ID_PHOTO))
    page.set_input_files("#id_p1-document_certificate", str(CERTIFICATE))
    parent.submit("#send")
    assert parent.path().startswith(f"/r/{slug}/mine/")
    private_link = parent.path()
    assert "报名已提交。" in parent.messages()
    assert page.inner_text("#status") == "等待主办方审核"
    fee = table_rows(parent, "#fee")
    assert [row[0] for row in fee][:2] == ["260 元", "0"], fee  # 十二.5: 260 yuan
    assert SECTION_A in parent.main_text()  # placed by her grade (五: A is grades 4-5)
    parent.shot("registered")

    # she pays through the payment provider (the fake one) and comes back to her page
    with page.expect_navigation():
        page.click("#pay-fake")
    assert "260" in page.inner_text("#fake-amount")
    parent.submit("#fake-pay")
    assert parent.path() == private_link
    assert [row[0] for row in table_rows(parent, "#fee")][1] == "260"
    assert parent.overflow() <= 0
    parent.shot("paid")

    # --- the organiser's queue ------------------------------------------------------------
    organiser.go(f"/e/{slug}/")
    organiser.page.click("#registrations-queue")
    queue = organiser.main_text()
    assert f"李小明 → {SECTION_A}" in queue
    waiting = table_rows(organiser, "#waiting")
    assert waiting[0][4:] == ["260", "260"], waiting  # due, paid
    # the certificate, as the parent sent it (served to the organiser only)
    link = organiser.page.locator("#waiting a", has_text="现有最高段级位证书").get_attribute("href")
    picture = organiser.context.request.get(f"{organiser.base}{link}")
    assert picture.headers["content-type"] == "image/jpeg"
    assert picture.body() == CERTIFICATE.read_bytes()
    assert parent.context.request.get(f"{parent.base}{link}", max_redirects=0).status == 302
    organiser.shot("queue")
    organiser.page.check("#waiting input[name=chosen]")
    organiser.submit("#approve-chosen")
    assert "已批准 1 份。" in organiser.messages()

    # the boy is in A, his fee paid, as an imported entry would be
    organiser.go(f"/e/{slug}/s/A/")
    rows = {row[1]: row for row in table_rows(organiser, "main table")}
    assert "李小明" in rows, rows
    assert rows["李小明"][2:5] == ["男", "", "4"], rows["李小明"]  # no rating, grade 4
    assert rows["李小明"][6:8] == ["260", "260"], rows["李小明"]
    organiser.go(f"/e/{slug}/s/B/")
    assert "李小明" not in organiser.main_text()

    # --- a late change: the name as on his identity card -----------------------------------
    parent.go(private_link)
    assert page.inner_text("#status") == "已批准"
    assert "现在的修改需要申请" in parent.main_text()
    page.fill("#player-1 input[name$=-name]", "李晓明")
    parent.submit("#player-1 button")
    assert "修改申请已提交" in parent.messages()
    assert page.inner_text("#changes") == "棋手姓名: 李小明 → 李晓明 — 等待主办方审核"
    organiser.go(f"/e/{slug}/registrations/")
    organiser.page.click("#changes a")
    organiser.page.wait_for_load_state()
    assert "棋手姓名: 李小明 → 李晓明" in organiser.main_text()
    organiser.submit(".change-approve")
    assert "修改已批准。" in organiser.messages()
    organiser.go(f"/e/{slug}/s/A/")
    names = [row[1] for row in table_rows(organiser, "main table")]
    assert "李晓明" in names and "李小明" not in names
    parent.go(private_link)
    assert page.inner_text("#changes") == "棋手姓名: 李小明 → 李晓明 — 已批准"
    parent.shot("change-approved")


def test_a_school_registers_four_pupils_and_a_fifth_is_refused(
    chromium: Any, live_server: Any, tmp_path: Path
) -> None:
    regulations = tmp_path / "futian-youth-xiangqi-chess-2009.toml"
    regulations.write_text(futian_youth(in_two_weeks()), encoding="utf-8")
    organiser, slug = _organiser(chromium, live_server.url, regulations)
    teacher = person(chromium, live_server.url, JOURNEY, "teacher", "zh-hans", phone=True)
    teacher.go(f"/r/{slug}/?players=4")
    page = teacher.page
    assert "表格可填写 4 名棋手；空白栏会被忽略。" in teacher.main_text()

    def fill_school() -> None:
        page.fill("#id_registrant", "陈老师")
        page.fill("#id_email", "chen@futian-xiaoxue.cn")
        page.fill("#id_unit", "福田小学")
        page.fill("#id_unit_kind", "学校")

    def fill_pupil(n: int, name: str, sex: str, born: str) -> None:
        page.fill(f"#id_p{n}-name", name)
        page.select_option(f"#id_p{n}-sex", sex)
        page.fill(f"#id_p{n}-birth_date", born)
        page.select_option(f"#id_p{n}-section", "ch-CA")
        for key in ("student_record", "identity_card", "photo"):
            page.set_input_files(f"#id_p{n}-document_{key}", str(ID_PHOTO))

    fill_school()
    pupils = [("王子涵", "M", "2002-05-01"), ("陈思琪", "F", "2002-09-12"),
              ("刘宇航", "M", "2001-10-30"), ("赵雨萱", "F", "2003-01-08")]  # fmt: skip
    for n, (name, sex, born) in enumerate(pupils, start=1):
        fill_pupil(n, name, sex, born)
    teacher.submit("#send")
    assert "报名已提交。" in teacher.messages()
    assert teacher.main_text().count("国际象棋儿童A组") == 4
    teacher.shot("school-four")

    # a fifth pupil for the same group: 六: at most 4 per unit — refused, with the reason;
    # sent on the default form, its three other blocks empty (issue 26.1: before, the
    # browser would not send it, every block's name being required)
    teacher.go(f"/r/{slug}/")
    fill_school()
    fill_pupil(1, "孙浩然", "M", "2002-02-02")
    teacher.submit("#send")
    problems = page.inner_text("#player-1 ul.problems")
    assert problems == "福田小学在本组别已有4名棋手。", problems
    assert teacher.path() == f"/r/{slug}/"
    assert teacher.overflow() <= 0
    teacher.shot("school-fifth-refused")

    # the organiser approves the school's four: entered in the group, with their school
    organiser.go(f"/e/{slug}/registrations/")
    assert organiser.main_text().count("→ 国际象棋儿童A组") == 4
    organiser.page.check("#waiting input[name=chosen]")
    organiser.submit("#approve-chosen")
    assert "已批准 1 份。" in organiser.messages()
    organiser.go(f"/e/{slug}/s/ch-CA/")
    rows = {row[1]: row for row in table_rows(organiser, "main table")}
    assert sorted(rows) == sorted(name for name, _sex, _born in pupils)
    assert {row[5] for row in rows.values()} == {"福田小学"}


def test_a_club_registers_its_team_in_persian_on_a_phone(
    chromium: Any, live_server: Any, tmp_path: Path
) -> None:
    """Seed 002 (Fars): a club's manager registers a team of six for table A on a phone, in
    Persian (right to left, membership numbers typed in Persian digits); one woman: her
    share (1/6 of 720,000) is waived, 600,000 toman due (5)."""
    regulations = tmp_path / "fars-team-league-1398.toml"
    regulations.write_text(fars_league(in_two_weeks()), encoding="utf-8")
    organiser, slug = _organiser(chromium, live_server.url, regulations, "fa")
    manager = person(chromium, live_server.url, JOURNEY, "manager", "fa", phone=True)
    manager.go(f"/r/{slug}/")
    page = manager.page
    assert page.get_attribute("html", "dir") == "rtl"
    page.fill("#id_registrant", "رضا کریمی")
    page.fill("#id_phone", "۰۹۱۷۱۲۳۴۵۶۷")
    page.fill("#id_unit", "باشگاه اندیشه")
    page.fill("#id_team_name", "اندیشه شیراز")
    page.select_option("#id_team_section", "A")
    roster = ["مریم احمدی", "علی رضایی", "حسین محمدی", "مهدی کاظمی", "امیر حسینی", "سعید نوری"]
    for n, name in enumerate(roster, start=1):
        page.fill(f"#id_p{n}-name", name)
        page.select_option(f"#id_p{n}-sex", "F" if n == 1 else "M")
        page.fill(
            f"#id_p{n}-member_id", f"۱۲۳۴{n}".translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
        )
    assert manager.overflow() <= 0
    manager.shot("team-form")
    manager.submit("#send")
    assert manager.path().startswith(f"/r/{slug}/mine/")
    fee = [row[0] for row in table_rows(manager, "#fee")]
    assert fee[0].startswith("۶۰۰٬۰۰۰"), fee  # 720,000 less the woman's 120,000 share
    assert manager.overflow() <= 0
    manager.shot("team-registered")
    organiser.go(f"/e/{slug}/registrations/")
    assert "اندیشه شیراز" in organiser.main_text()
    assert organiser.main_text().count("→ جدول آزاد (A)") == 6
