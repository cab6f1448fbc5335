"""Entries from CSV and Excel: a validation report naming lines and columns, nothing saved
until the file is right."""

from __future__ import annotations

import io

import openpyxl
import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models
from crosstable_web.events.entries import entries_import

GOOD = (
    "section,name,sex,birth_date,rating,unit,fee_paid\n"
    "girls,Nur Aisyah,F,2015-02-01,1200,SK Sukau,5\n"
    "girls,Siti Balqis,F,2014-06-30,,SK Bilit,0\n"
    "open,Ahmad Hafiz,M,2013-01-01,1500,SK Lamag,\n"
)


def test_clean_csv_is_saved(event: models.Event, organiser: User) -> None:
    rows = entries_import.read_entries_file(GOOD.encode(), "entries.csv")
    report = entries_import.import_entries(event, rows, organiser)
    assert report.is_clean
    assert models.Entry.objects.filter(section__event=event).count() == 3
    aisyah = models.Entry.objects.get(name="Nur Aisyah")
    assert (aisyah.section.key, str(aisyah.fee_paid), str(aisyah.fee_due)) == (
        "girls",
        "5.00",
        "5.00",
    )


def test_any_problem_saves_nothing_and_names_lines(event: models.Event, organiser: User) -> None:
    bad = GOOD + (
        "girls,Ali Imran,M,2015-01-01,,SK Sukau,\n"  # line 5: boy in girls' section
        "girls,Nur Aisyah,F,2015-02-01,,SK Sukau,\n"  # line 6: duplicate of line 2
        "girls,Old Girl,F,2009-01-01,,SK Sukau,\n"  # line 7: too old
        "girls,Bad Date,F,2015-13-01,,SK Sukau,\n"  # line 8: not a date
        "juniors,Nowhere,F,2015-01-01,,,\n"  # line 9: no such section
    )
    rows = entries_import.read_entries_file(bad.encode(), "entries.csv")
    report = entries_import.import_entries(event, rows, organiser)
    assert not report.is_clean
    assert not models.Entry.objects.exists()
    problems = {row.line: " ".join(row.problems) for row in report.rows if row.problems}
    assert set(problems) == {5, 6, 7, 8, 9}
    assert "one sex" in problems[5]
    assert "already entered" in problems[6]
    assert "Born too early" in problems[7]
    assert "birth_date" in problems[8]
    assert "juniors" in problems[9]
    assert any(line.startswith("line 5:") for line in report.lines())


def test_limits_count_the_file_itself(event: models.Event, organiser: User) -> None:
    lines = ["section,name,sex,birth_date,unit"] + [
        f"girls,Girl {i},F,2015-01-0{i},Unit {i % 2}" for i in range(1, 9)
    ]
    rows = entries_import.read_entries_file("\n".join(lines).encode(), "entries.csv")
    report = entries_import.check_rows(event, rows)
    # max 3 per unit: the 4th girl of a unit is refused; section max 6 entries.
    refused = [row.line for row in report.rows if row.problems]
    assert refused == [8, 9]


def test_excel_file(event: models.Event, organiser: User) -> None:
    import datetime

    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.append(["Section", "Name", "Sex", "Birth date", "School"])
    sheet.append(["girls", "王芳", "F", datetime.datetime(2015, 3, 3), "福田小学"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    rows = entries_import.read_entries_file(buffer.getvalue(), "entries.xlsx")
    report = entries_import.import_entries(event, rows, organiser)
    assert report.is_clean, report.lines()
    entry = models.Entry.objects.get(name="王芳")
    assert (entry.unit, entry.birth_date) == ("福田小学", datetime.date(2015, 3, 3))


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "empty"), (b"foo,bar\n1,2\n", "name"), (b"\xff\xfe\x00", "UTF-16")],
)
def test_unreadable_files(content: bytes, message: str) -> None:
    with pytest.raises(entries_import.ImportFileError, match=message):
        entries_import.read_entries_file(content, "entries.csv")
