"""In a real browser (chromium via Playwright), as the organiser — not a staff account — in
the event's language: the Futian club secretary's Chinese sheet (GB18030, Chinese headings,
男/女, 2010/5/3, 六级, no section column) and the Fars league's Persian sheet (Persian
headings and digits, Jalali dates) are uploaded on the import page, as CSV and as XLSX, and
import cleanly. The stored values are checked against the sheets worked by hand
(test_entries_import_files: FUTIAN and FARS, with the reasoning). A Persian sheet with a
mistake is refused first, with the report in Persian naming the line and the column.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, services
from crosstable_web.events.regulations import rules
from web.events.test_entries_import_files import check_fars, check_futian
from web.log_in import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "imports"
EXAMPLES = ROOT / "examples"
SCREENSHOTS = Path("/tmp") / "crosstable-import-browser"


def _organiser_page(chromium: Any, live_server: Any, language: str, target: str) -> Any:
    organiser = User.objects.get(username="olga")
    assert not organiser.is_staff and not organiser.is_superuser
    SCREENSHOTS.mkdir(exist_ok=True)
    page = chromium.new_page()
    page.set_default_timeout(30_000)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    log_in(page, live_server.url, "olga", "organiser-pass", target)
    return page


def _upload(page: Any, path: Path) -> None:
    page.set_input_files("input[type=file]", str(path))
    page.click("form button[type=submit]")
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("name", ["futian-grade-zh.csv", "futian-grade-zh.xlsx"])
def test_chinese_organiser_imports_the_clubs_sheet(
    chromium: Any, live_server: Any, name: str
) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    spec = rules.load_event_spec(EXAMPLES / "futian-chess-grade-2019.toml", rounds=5)
    event = services.create_event(spec, organiser, slug="futian-grade")
    target = f"/e/{event.slug}/import/"
    page = _organiser_page(chromium, live_server, "zh-hans", target)
    assert "导入报名" in page.locator("h1").inner_text()  # the page is in Chinese
    _upload(page, DATA / name)
    page.wait_for_url(lambda url: urlsplit(url).path == f"/e/{event.slug}/")
    text = page.inner_text("body")
    assert "已导入8条报名。" in text
    if name.endswith(".csv"):
        # how the file was read, and what was left out, said in Chinese
        assert "按 GB18030 (GBK) 文本读取，各列以逗号分隔。" in text
        assert "未导入的列：A (序号), G (联系电话)。" in text
    page.screenshot(path=str(SCREENSHOTS / f"zh-{name}.png"), full_page=True)
    check_futian(event)


def test_persian_organiser_is_told_the_mistake_then_imports(
    chromium: Any, live_server: Any, tmp_path: Path
) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    spec = rules.load_event_spec(EXAMPLES / "fars-team-league-1398.toml", rounds=5)
    event = services.create_event(spec, organiser, slug="fars")
    target = f"/e/{event.slug}/import/"
    page = _organiser_page(chromium, live_server, "fa", target)
    # the sheet as the secretary first sent it: زهرا's birth date typed 1389/13/02 (month 13)
    sheet = (DATA / "fars-league-fa.csv").read_bytes().decode("utf-8-sig")
    mistaken = tmp_path / "fars-league-fa.csv"
    mistaken.write_bytes(sheet.replace("۱۳۸۹/۰۲/۱۳", "۱۳۸۹/۱۳/۰۲").encode("utf-8-sig"))
    _upload(page, mistaken)
    report = page.inner_text("main")
    assert "۱ مشکل" in page.inner_text("#import-problems")
    assert "ستون E (تاریخ تولد)" in report
    assert "«۱۳۸۹/۱۳/۰۲» روزی از تقویم نیست." in report
    assert page.get_attribute("html", "dir") == "rtl"
    page.screenshot(path=str(SCREENSHOTS / "fa-report.png"), full_page=True)
    assert not models.Entry.objects.exists()
    # the corrected sheet, then the same players as a workbook into a second event
    _upload(page, DATA / "fars-league-fa.csv")
    page.wait_for_url(lambda url: urlsplit(url).path == f"/e/{event.slug}/")
    assert "۵ ثبت‌نام وارد شد." in page.inner_text("body")
    check_fars(event)


def test_persian_organiser_imports_the_workbook(chromium: Any, live_server: Any) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    spec = rules.load_event_spec(EXAMPLES / "fars-team-league-1398.toml", rounds=5)
    event = services.create_event(spec, organiser, slug="fars-xlsx")
    target = f"/e/{event.slug}/import/"
    page = _organiser_page(chromium, live_server, "fa", target)
    _upload(page, DATA / "fars-league-fa.xlsx")
    page.wait_for_url(lambda url: urlsplit(url).path == f"/e/{event.slug}/")
    assert "۵ ثبت‌نام وارد شد." in page.inner_text("body")
    check_fars(event)
