"""The grade promotion report (issue 20) of the Futian grade tournament, section D played to
the end (``futian_grades``: rows worked by hand from the example's [grades] table): the print
view in Chinese, the CSV and XLSX downloads, the event's report, who may read it, and an
event without [grades] that shows no report and no link."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, services
from crosstable_web.events.regulations import rules

from .futian_grades import played_futian

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
# name: grade on entry, games, points, score rate, new grade, note (worked in futian_grades)
EXPECTED = {
    "王一": ("十级棋士", "5", "4.5", "90", "八级棋士", ""),
    "张三": ("十一级棋士", "5", "4", "80", "九级棋士", ""),
    "李二": ("十级棋士", "5", "2.5", "50", "九级棋士", ""),
    "刘四": ("十一级棋士", "5", "2", "40", "", "得分率未达50%"),
    "陈五": ("十一级棋士", "5", "1", "20", "", "得分率未达50%"),
    "杨六": ("十级棋士", "5", "1", "20", "", "得分率未达50%"),
}


@pytest.fixture
def event(organiser: User, arbiter: User) -> models.Event:
    return played_futian(organiser, arbiter)


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _table(html: str, table_id: str) -> list[list[str]]:
    body = html.split(f'id="{table_id}"')[1].split("</table>")[0].split("<tbody>")[1]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body)
    ]


def test_section_report_in_chinese(event: models.Event, arbiter: User) -> None:
    response = _client(arbiter).get("/print/futian/D/grades/", {"lang": "zh-hans"})
    assert response.status_code == 200
    html = response.content.decode()
    rows = _table(html, "promotions-D")
    assert {row[2]: tuple(row[4:10]) for row in rows} == EXPECTED
    assert [row[2] for row in rows[:4]] == ["王一", "张三", "李二", "刘四"]  # standings order
    assert [row[0] for row in rows[:4]] == ["1", "2", "3", "4"]
    assert '<b id="highest-title">三级棋士</b>' in html
    assert "2020年2月22日" in html  # 22 December 2019 + two months (十一.7)
    assert "第5轮后（共5轮）" in html and "晋升3人（共6人）" in html
    assert "临时名单" not in html
    assert "示例晋升规则" in html  # the example's thresholds say they are an example
    rules_rows = _table(html, "promotion-rules")
    assert ["十级棋士", "80", "4", "八级棋士"] in rules_rows
    assert ["十一级棋士", "50", "4", "十级棋士"] in rules_rows


def test_report_while_rounds_remain_is_provisional(organiser: User, arbiter: User) -> None:
    played_futian(organiser, arbiter, slug="futian-r3", rounds_played=3)
    html = _client(arbiter).get("/print/futian-r3/D/grades/", {"lang": "zh-hans"}).content
    assert "临时名单" in html.decode() and "第3轮后（共5轮）" in html.decode()


def test_csv_and_xlsx_for_the_association(event: models.Event, organiser: User) -> None:
    client = _client(organiser)
    client.cookies["django_language"] = "zh-hans"
    response = client.get("/print/futian/D/grades/", {"format": "csv"})
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    assert response.content.startswith(b"\xef\xbb\xbf")  # Excel reads the Chinese as UTF-8
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == [
        "组别", "编号", "姓名", "学校/俱乐部/队伍", "参赛等级", "对局", "积分", "得分率（%）",
        "晋升等级", "有效期至", "备注",
    ]  # fmt: skip
    by_name = {row[2]: row for row in rows[1:]}
    assert by_name["王一"] == [
        "D组：十、十一级棋士组", "1", "王一", "福田小学", "十级棋士", "5", "4.5", "90", "八级棋士",
        "2020-02-22", "",
    ]  # fmt: skip
    assert by_name["刘四"][8:] == ["", "", "得分率未达50%"]

    response = client.get("/print/futian/D/grades/", {"format": "xlsx"})
    assert response["Content-Disposition"].endswith('.xlsx"')
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert values[0][4] == "参赛等级"
    first = next(row for row in values[1:] if row[2] == "王一")
    assert first[5:10] == [5, Decimal("4.5"), 90, "八级棋士", "2020-02-22"]


def test_event_report_lists_the_sections_played(event: models.Event, organiser: User) -> None:
    html = _client(organiser).get("/print/futian/grades/", {"lang": "zh-hans"}).content.decode()
    assert html.count('class="section-report"') == 1  # only D has players
    assert {row[2] for row in _table(html, "promotions-D")} == set(EXPECTED)
    assert "<h2>D组：十、十一级棋士组</h2>" in html
    rows = list(
        csv.reader(
            io.StringIO(
                _client(organiser)
                .get("/print/futian/grades/", {"format": "csv"})
                .content.decode("utf-8-sig")
            )
        )
    )
    assert len(rows) == 7


def test_only_the_events_staff_read_it(event: models.Event, outsider: User) -> None:
    for url in ("/print/futian/grades/", "/print/futian/D/grades/"):
        assert _client(None).get(url).status_code == 403
        assert _client(outsider).get(url).status_code == 403


def test_links_to_the_report(event: models.Event, arbiter: User) -> None:
    staff = _client(arbiter)
    assert 'href="/print/futian/grades/"' in staff.get("/e/futian/").content.decode()
    section_page = staff.get("/e/futian/s/D/").content.decode()
    assert 'href="/print/futian/D/grades/?format=xlsx"' in section_page
    visitor = _client(None)
    assert 'id="grade-report"' not in visitor.get("/e/futian/").content.decode()
    assert 'id="grade-report"' not in visitor.get("/e/futian/s/D/").content.decode()


def test_an_event_without_grades_has_no_report(organiser: User) -> None:
    spec = rules.load_event_spec(EXAMPLES / "kinabatangan-school-2024.toml")
    services.create_event(spec, organiser, slug="kina")
    client = _client(organiser)
    for page in ("/e/kina/", "/e/kina/s/L12/"):
        html = client.get(page).content.decode()
        assert 'id="grade-report"' not in html and "/grades/" not in html
    assert client.get("/print/kina/grades/").status_code == 404
    assert client.get("/print/kina/L12/grades/").status_code == 404


def test_persian_and_malay_readers(event: models.Event, organiser: User) -> None:
    client = _client(organiser)
    fa = client.get("/print/futian/D/grades/", {"lang": "fa"}).content.decode()
    assert 'dir="rtl"' in fa and "گزارش ارتقای درجه" in fa
    fa_rows = _table(fa, "promotions-D")
    assert [row[5:8] for row in fa_rows if row[2] == "李二"] == [["۵", "۲٫۵", "۵۰"]]
    ms = client.get("/print/futian/D/grades/", {"lang": "ms"}).content.decode()
    assert "Laporan kenaikan gred" in ms and "Sah sehingga" not in ms  # the table, no column
    assert "kadar mata di bawah 50%" in ms


def test_the_example_table_is_said_first_and_the_real_one_loaded(
    event: models.Event, organiser: User, arbiter: User
) -> None:
    """Issue 26.7: the template's example thresholds are said on the event's pages and at
    the report's head (its first page), not only under the last section; the organiser loads
    the association's table (a CSV file, Chinese headings and grade words) and the report
    follows it. 刘四 (11th grade, 2 of 5 = 40 %) is promoted by the loaded 40 % rule."""
    client = _client(organiser)
    client.cookies["django_language"] = "zh-hans"
    warning = "晋升标准是示例，不是协会的晋升对照表"
    event_page = client.get("/e/futian/").content.decode()
    assert warning in event_page and 'href="/print/futian/grades/table/"' in event_page
    assert warning in client.get("/e/futian/s/D/").content.decode()
    report = client.get("/print/futian/grades/").content.decode()
    assert warning in report
    assert report.index('id="grade-example"') < report.index('id="promotions-D"')
    arbiters_page = _client(arbiter)
    arbiters_page.cookies["django_language"] = "zh-hans"
    assert "组织者载入协会的晋升对照表" in arbiters_page.get("/e/futian/").content.decode()
    assert arbiters_page.get("/print/futian/grades/table/").status_code == 403

    form = client.get("/print/futian/grades/table/").content.decode()
    assert "载入协会的晋升对照表" in form
    wrong = client.post(
        "/print/futian/grades/table/",
        {
            "source": "协会晋升对照表",
            "rows": "参赛等级,得分率,最少对局,晋升等级\n十一级棋士,四十,4,十级棋士",
        },
    )
    assert wrong.status_code == 200
    assert "第2行：得分率“四十”不是0到100的百分比。" in wrong.content.decode()
    table = io.BytesIO(
        "参赛等级,得分率（%）,最少对局,晋升等级\n"
        "十一级棋士,40,4,十级棋士\n"
        "十一级棋士,80,4,九级棋士\n"
        "十级棋士,50,4,九级棋士\n"
        "十级棋士,80,4,八级棋士\n".encode("utf-8-sig")
    )
    table.name = "晋升对照表.csv"
    answer = client.post(
        "/print/futian/grades/table/",
        {"source": "中国国际象棋协会晋升对照表（2019）", "table": table},
    )
    assert answer.status_code == 302
    event_page = client.get(answer["Location"]).content.decode()
    assert "已载入4条晋升规则" in event_page and warning not in event_page
    report = client.get("/print/futian/D/grades/").content.decode()
    assert warning not in report and "中国国际象棋协会晋升对照表（2019）" in report
    rows = {row[2]: row[8] for row in _table(report, "promotions-D")}
    assert rows["刘四"] == "十级棋士"  # 40 % ≥ 40 %: the loaded table, not the example's 50 %
    assert rows["陈五"] == "" and rows["王一"] == "八级棋士"
    grades = rules.event_regulations(models.Event.objects.get(slug="futian")).grades
    assert grades is not None and not grades.example
