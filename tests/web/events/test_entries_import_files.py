"""The organisers' own files import cleanly (issue 13 item 5, "Done when"): a Chinese sheet
(GB18030, Chinese headings, 男/女, 2010/5/3, 六级, no section column) into the Futian grade
tournament (seed 001) and a Persian one (Persian headings and digits, Jalali dates) into the
Fars league (seed 002), each as CSV and as XLSX. Every stored value below is worked by hand
from the sheet (tests/data/imports/make.py lists the rows) and the regulations:

Futian (001): sections by grade A 4-5, B 6-7, C 8-9, D 10-11, E 12-13, F 14-15, G ungraded;
adults (18 or older on 2019-12-22) enter at grade 6 at the lowest, so 赵雷 (born 1990, grade
9) plays B; 无 and a blank grade are "ungraded" (G); the fee is 260 yuan each.

Fars (002), Jalali calendar: 1385/03/12 = 2006-06-02 (1385 began on 21 March 2006; Khordad
12 is 31 + 31 + 11 days later), 1386/07/01 = 2007-09-23 (1386 began on 21 March 2007; Mehr 1
is 6 × 31 days later), 1360-01-01 = 1981-03-21, 1389/02/13 = 2010-05-03; table B is for
players born on or after 28 Azar 1384 (19 December 2005); the fee is paid per team, so no
player owes anything.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, services
from crosstable_web.events.entries import entries_import
from crosstable_web.events.regulations import rules

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "imports"
EXAMPLES = ROOT / "examples"

FUTIAN = {
    # name: (section, sex, birth date, grade, unit)
    "王小明": ("B", "M", datetime.date(2010, 5, 3), "6", "福田小学"),
    "李芳": ("B", "F", datetime.date(2011, 2, 14), "7", "荔园小学"),
    "张伟": ("D", "M", datetime.date(2009, 9, 9), "10", "福田小学"),
    "陈静": ("G", "F", datetime.date(2012, 1, 20), "", "景田小学"),
    "刘洋": ("A", "M", datetime.date(2008, 12, 1), "4", "园岭小学"),
    "赵雷": ("B", "M", datetime.date(1990, 6, 15), "9", "鹏城国际象棋俱乐部"),
    "孙丽": ("F", "F", datetime.date(2010, 10, 10), "15", "福田小学"),
    "周杰": ("G", "M", datetime.date(2011, 3, 8), "", "荔园小学"),
}

FARS = {
    # name: (section, sex, birth date, unit, unit kind, member id, rating)
    "علی رضایی": ("A", "M", datetime.date(2006, 6, 2), "کازرون", "county", "1234567", 1850),
    "مریم احمدی": ("B", "F", datetime.date(2007, 9, 23), "شیراز", "club", "1234568", 0),
    "رضا کریمی": ("A", "M", datetime.date(1981, 3, 21), "مرودشت", "county", "1234569", 2105),
    "زهرا حسینی": ("B", "F", datetime.date(2010, 5, 3), "فسا", "county", "1234570", 1200),
    "محمد عبدالله\u200cزاده": (
        "A", "M", datetime.date(2006, 6, 2), "شیراز", "club", "1234571", 1600,
    ),
}  # fmt: skip


def _event(example: str, organiser: User, slug: str) -> models.Event:
    spec = rules.load_event_spec(EXAMPLES / example, rounds=5)
    return services.create_event(spec, organiser, slug=slug)


def check_futian(event: models.Event) -> None:
    stored = {
        entry.name: (
            entry.section.key,
            entry.sex,
            entry.birth_date,
            entry.national_grade,
            entry.unit,
        )
        for entry in models.Entry.objects.filter(section__event=event).select_related("section")
    }
    assert stored == FUTIAN
    fees = set(models.Entry.objects.filter(section__event=event).values_list("fee_due", flat=True))
    assert fees == {Decimal("260.00")}


def check_fars(event: models.Event) -> None:
    stored = {
        entry.name: (
            entry.section.key,
            entry.sex,
            entry.birth_date,
            entry.unit,
            entry.unit_kind,
            entry.member_id,
            entry.rating,
        )
        for entry in models.Entry.objects.filter(section__event=event).select_related("section")
    }
    assert stored == FARS
    fees = set(models.Entry.objects.filter(section__event=event).values_list("fee_due", flat=True))
    assert fees == {Decimal(0)}


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["futian-grade-zh.csv", "futian-grade-zh.xlsx"])
def test_chinese_sheet(organiser: User, name: str) -> None:
    event = _event("futian-chess-grade-2019.toml", organiser, "futian-grade")
    path = DATA / name
    rows = entries_import.read_entries_file(path.read_bytes(), path.name, language="zh-hans")
    report = entries_import.import_entries(event, rows, organiser)
    assert report.is_clean, report.lines()
    check_futian(event)
    notes = " ".join(report.notes)
    if name.endswith(".csv"):
        assert "GB18030" in notes and "序号" in notes and "联系电话" in notes
    else:
        assert "Line 1 above the headings was not read." in notes and "备注" in notes


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["fars-league-fa.csv", "fars-league-fa.xlsx"])
def test_persian_sheet(organiser: User, name: str) -> None:
    event = _event("fars-team-league-1398.toml", organiser, "fars")
    path = DATA / name
    rows = entries_import.read_entries_file(path.read_bytes(), path.name, language="fa")
    report = entries_import.import_entries(event, rows, organiser)
    assert report.is_clean, report.lines()
    check_fars(event)


@pytest.mark.django_db
def test_the_chinese_csv_is_gb18030_not_utf8() -> None:
    """The file really is what Chinese Windows Excel writes: not UTF-8."""
    content = (DATA / "futian-grade-zh.csv").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        content.decode("utf-8")
    assert content.decode("gb18030").startswith("序号,姓名,性别,出生日期,等级")
