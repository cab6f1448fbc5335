"""The end of the Futian grade tournament in a real browser (chromium), as the arbiter — an
ordinary account with the arbiter's role, not staff — reads it in Chinese: from the event
page to section D, the promotion report, then its PDF. The PDF's text is read back and each
row checked against the values worked by hand in ``futian_grades`` (a round robin of six
under the example's [grades] table); the first page is also saved as a PNG
(/tmp/grades-report-D.png) to look at.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from ..language_check import foreign_in_pdf_text, foreign_text
from .futian_grades import PLAYERS, played_futian

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# name: games, points, score rate, new grade (blank: not promoted), worked in futian_grades
BY_HAND = {
    "王一": ("5", "4.5", "90", "八级棋士"),
    "张三": ("5", "4", "80", "九级棋士"),
    "李二": ("5", "2.5", "50", "九级棋士"),
    "刘四": ("5", "2", "40", ""),
    "陈五": ("5", "1", "20", ""),
    "杨六": ("5", "1", "20", ""),
}
ENTRY_GRADES = {name: f"{'十' if grade == '10' else '十一'}级棋士" for name, _sex, grade in PLAYERS}


def test_the_arbiter_prints_the_promotion_report_in_chinese(
    chromium: Any, live_server: Any, tmp_path: Path
) -> None:
    base = live_server.url
    organiser = User.objects.create_user("mei", password="mei-pass")
    arbiter = User.objects.create_user("arif", password="arif-pass")
    assert not arbiter.is_staff and not organiser.is_staff
    played_futian(organiser, arbiter)

    context = chromium.new_context()
    context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": base}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "arif")
    page.fill("#id_password", "arif-pass")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/")

    page.goto(f"{base}/e/futian/")
    page.get_by_role("link", name="D组：十、十一级棋士组").first.click()
    page.wait_for_url(f"{base}/e/futian/s/D/")
    page.locator("details.printouts summary").click()
    page.locator("#grade-report a", has_text="等级晋升报告").click()
    page.wait_for_url(f"{base}/print/futian/D/grades/")
    assert page.locator("h2").first.inner_text() == "等级晋升报告 — D组：十、十一级棋士组"
    rows = [
        [cell.strip() for cell in row.locator("td").all_inner_texts()]
        for row in page.locator("#promotions-D tbody tr").all()
    ]
    assert {row[2]: (row[4], *row[5:9]) for row in rows} == {
        name: (ENTRY_GRADES[name], *values) for name, values in BY_HAND.items()
    }
    assert page.locator("#valid-until").inner_text().startswith("2020年2月22日")
    names = [name for name, _sex, _grade in PLAYERS]
    proper_nouns = [
        *names,
        "福田小学",
        "2019年秋季福田区第三届国际象棋等级赛",
        "D组：十、十一级棋士组",
    ]
    assert foreign_text(page.content(), "zh", proper_nouns) == []

    pdf_link = page.locator("#grade-report a", has_text="PDF")
    page.go_back()
    page.locator("details.printouts summary").click()
    href = pdf_link.get_attribute("href")
    assert href == "/print/futian/D/grades/?format=pdf"
    pdf = context.request.get(f"{base}{href}")
    assert pdf.status == 200 and pdf.body().startswith(b"%PDF")
    path = tmp_path / "grades.pdf"
    path.write_bytes(pdf.body())
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    for name, (games, points, rate, new_grade) in BY_HAND.items():
        line = next(line for line in text.splitlines() if f" {name} " in f" {line} ")
        cells = line.split()
        at = cells.index(name)
        # place, No., name, unit, grade on entry, games, points, rate, new grade
        assert cells[at + 1 : at + 6] == ["福田小学", ENTRY_GRADES[name], games, points, rate]
        if new_grade:
            assert cells[at + 6] == new_grade
        else:
            assert "得分率未达50%" in line
    assert "2020年2月22日" in text and "三级棋士" in text and "裁判长" in text
    assert foreign_in_pdf_text(text, "zh", proper_nouns) == []
    pages = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    assert re.search(r"Pages:\s+1\b", pages.stdout)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", str(path),
         "/tmp/grades-report-D"],
        check=True,
    )  # fmt: skip
    context.close()
