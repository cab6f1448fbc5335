"""Imports never crash and never blow up (issue 14 item 2): every file an organiser may have
— any separator, line end or encoding, a name-only CSV, an XLSX that declares a million rows
— is read within bounds, and every value is read as the database will store it or refused on
its line and column. The same files through the command (no traceback) and the web page (no
server error). ``scripts/test`` runs this module on SQLite and on PostgreSQL."""

from __future__ import annotations

import codecs
import datetime
import io
import re
import tracemalloc
import zipfile
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client

from crosstable_web.events import models, services
from crosstable_web.events.entries import entries_import, spreadsheet
from crosstable_web.events.regulations import rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

pytestmark = pytest.mark.django_db


def read(
    content: bytes, name: str = "entries.csv", language: str = ""
) -> entries_import.EntriesFile:
    return entries_import.read_entries_file(content, name, language=language)


def imported(event: models.Event, organiser: User, content: bytes, name: str = "entries.csv"):  # type: ignore[no-untyped-def]
    return entries_import.import_entries(event, read(content, name), organiser)


def problems_of(report: entries_import.ImportReport) -> str:
    return " | ".join(report.lines())


# --- the file as a whole ------------------------------------------------------------------


def test_a_name_only_csv_is_the_documented_minimum(event: models.Event, organiser: User) -> None:
    """Only a name: the girls' section needs a sex and a birth date, so each player goes to
    the open section (placed by the section rules, the one that fits)."""
    report = imported(event, organiser, b"name\nAli\nBao\n")
    assert report.is_clean, report.lines()
    assert sorted(models.Entry.objects.values_list("name", "section__key")) == [
        ("Ali", "open"),
        ("Bao", "open"),
    ]


GIRLS = [
    ["section", "name", "sex", "birth_date", "fee_paid"],
    ["girls", "Nur Aisyah", "P", "2015-02-01", "5,00"],
    ["girls", "Siti; Balqis", "F", "2014/6/30", "0"],
]


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
def test_separators_and_line_ends(
    event: models.Event, organiser: User, delimiter: str, line_end: str
) -> None:
    text = line_end.join(
        delimiter.join(f'"{cell}"' if ("," in cell or ";" in cell) else cell for cell in row)
        for row in GIRLS
    )
    report = imported(event, organiser, text.encode())
    assert report.is_clean, report.lines()
    stored = dict(models.Entry.objects.values_list("name", "fee_paid"))
    assert stored == {"Nur Aisyah": Decimal("5.00"), "Siti; Balqis": Decimal("0.00")}
    assert models.Entry.objects.get(name="Siti; Balqis").birth_date == datetime.date(2014, 6, 30)


@pytest.mark.parametrize(
    ("encoding", "prefix", "expected"),
    [
        ("utf-8", b"", "UTF-8"),
        ("utf-8", codecs.BOM_UTF8, "UTF-8"),
        ("utf-16-le", codecs.BOM_UTF16_LE, "UTF-16"),
        ("utf-16-be", codecs.BOM_UTF16_BE, "UTF-16"),
        ("utf-16-le", b"", "UTF-16"),
        ("gb18030", b"", "GB18030"),
    ],
)
def test_encodings(
    event: models.Event, organiser: User, encoding: str, prefix: bytes, expected: str
) -> None:
    text = "组别\t姓名\t性别\t出生日期\ngirls\t王芳\t女\t2015年3月3日\nopen\t李雷\t男\t2013/5/3\n"
    rows = read(prefix + text.encode(encoding), language="zh-hans")
    assert any(expected in note for note in rows.notes), rows.notes
    report = entries_import.import_entries(event, rows, organiser)
    assert report.is_clean, report.lines()
    assert dict(models.Entry.objects.values_list("name", "birth_date")) == {
        "王芳": datetime.date(2015, 3, 3),
        "李雷": datetime.date(2013, 5, 3),
    }


def test_a_persian_windows_csv(event: models.Event, organiser: User) -> None:
    """Windows-1256, as Persian Excel saves "CSV (Comma delimited)"."""
    text = "جدول,نام و نام خانوادگی,جنسیت\nopen,علی رضایی,مرد\n"
    # Windows-1256 has no Persian ی: Windows writes the Arabic ي
    rows = read(text.replace("ی", "ي").encode("cp1256"), language="fa")
    assert any("Windows-1256" in note for note in rows.notes)
    assert entries_import.import_entries(event, rows, organiser).is_clean
    assert models.Entry.objects.get().name == "علی رضایی"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"\n\n\n", "empty"),
        (b"foo,bar\n1,2\n", "name"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "NUL"),
        (bytes(range(256)) * 8, "NUL"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "old Excel"),
        (b"PK\x03\x04garbage", "damaged"),
        (b"\xff\xfe\x00", "UTF-16"),
        (b'name\n"unterminated', ""),
    ],
)
def test_files_that_are_not_entry_lists(content: bytes, message: str) -> None:
    try:
        rows = read(content)
    except entries_import.ImportFileError as error:
        assert message in str(error)
    else:  # an unterminated quote ends the file: the cell holds the rest
        assert message == "" and [row.values["name"] for row in rows.rows] == ["unterminated"]


def test_an_opendocument_file_is_named() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", "<x/>")
    with pytest.raises(entries_import.ImportFileError, match=r"\.ods"):
        read(buffer.getvalue(), "entries.ods")


def test_an_xlsx_declaring_a_million_rows_reads_only_its_cells(
    event: models.Event, organiser: User
) -> None:
    """Issue 14: a 6 KB XLSX with one cell at XFD1048576 took the server past 6.8 GB."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet["A1"], sheet["A2"] = "name", "Ali"
    sheet["XFD1048576"] = "far away"
    buffer = io.BytesIO()
    workbook.save(buffer)
    content = buffer.getvalue()
    assert len(content) < 8000
    tracemalloc.start()
    try:
        rows = read(content, "entries.xlsx")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 30 * 2**20
    assert [row.values["name"] for row in rows.rows] == ["Ali"]
    assert any("XFD1048576" in note for note in rows.notes)
    assert entries_import.import_entries(event, rows, organiser).is_clean


def test_an_xlsx_that_unpacks_to_too_much_is_refused_before_reading() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", "<workbook/>")
        archive.writestr("xl/sharedStrings.xml", b"0" * (spreadsheet.MAX_XLSX_UNPACKED_BYTES + 1))
    assert len(buffer.getvalue()) < 200_000
    with pytest.raises(entries_import.ImportFileError, match="unpacks"):
        read(buffer.getvalue(), "entries.xlsx")


def test_bounds_on_rows_and_columns() -> None:
    many = "name\n" + "".join(f"P{i}\n" for i in range(spreadsheet.MAX_ROWS + 1))
    with pytest.raises(entries_import.ImportFileError, match="more than 5000 lines"):
        read(many.encode())
    assert len(read(many.rsplit("\n", 2)[0].encode()).rows) == spreadsheet.MAX_ROWS
    wide = "name" + ",x" * spreadsheet.MAX_COLUMNS + "\nAli\n"
    with pytest.raises(entries_import.ImportFileError, match="more than 40 columns"):
        read(wide.encode())
    # trailing empty cells, as spreadsheets export them, are no columns
    assert read(("name" + "," * 100 + "\nAli" + "," * 100 + "\n").encode()).rows[0].values == {
        "name": "Ali"
    }


def test_a_huge_cell_is_cut_and_refused_on_its_column(event: models.Event, organiser: User) -> None:
    report = imported(event, organiser, ("name\n" + "x" * 100_000 + "\n").encode())
    assert "column A (name): is longer than 200 characters (1001)" in problems_of(report)
    assert not models.Entry.objects.exists()


def test_headings_unknown_duplicated_left_out_or_above_a_title() -> None:
    with pytest.raises(entries_import.ImportFileError, match=r"Unknown columns: C \(brith date\)"):
        read(b"name,sex,brith date\nAli,M,2010-01-01\n")
    with pytest.raises(entries_import.ImportFileError, match=r"A \(name\) and B \(姓名\)"):
        read("name,姓名\nAli,阿里\n".encode())
    with pytest.raises(entries_import.ImportFileError, match="column C, which has no heading"):
        read(b"name,sex,\nAli,M,oops\n")
    rows = read("报名表\n\n序号,姓名,联系电话,备注\n1,王芳,138,\n".encode())
    assert [row.values for row in rows.rows] == [{"name": "王芳"}]
    assert rows.rows[0].line == 4
    notes = " ".join(rows.notes)
    assert "Lines 1-2 above the headings" in notes
    assert "A (序号), C (联系电话), D (备注)" in notes


def test_the_huayuan_entry_forms_headings() -> None:
    """Seed 003's own entry form (报名表: 序号 省市名称 县 名 姓 名 性别 职务 身份证号码 联系电话
    备 注): the county is the unit, the province and the position (领队/队员) are not kept.
    Before, 省市名称, 县名 and 职务 were refused as unknown columns."""
    rows = read(
        "序号,省市名称,县 名,姓   名,性别,职务,籍贯,身份证号码,联系电话,备 注\n"
        "1,湖南省,花垣,石光明,男,领队,花垣,433124199001010011,13974300001,\n".encode()
    )
    assert rows.rows[0].values == {
        "unit": "花垣",
        "name": "石光明",
        "sex": "男",
        "native_unit": "花垣",
    }
    notes = " ".join(rows.notes)
    assert "A (序号), B (省市名称), F (职务), H (身份证号码), I (联系电话), J (备 注)" in notes


def test_headings_in_four_languages() -> None:
    for heading_line in (
        "Section,Player name,Gender,Date of birth (YYYY-MM-DD),FIDE ID,School",
        "组别,姓名*,性别,出生日期（年/月/日）,国际棋联ID,学校",
        "Kumpulan,Nama,Jantina,Tarikh lahir,No FIDE,Sekolah",
        "گروه,نام و نام خانوادگی,جنسیت,تاریخ‌تولد,شناسه فیده,مدرسه",
    ):
        rows = read(f"{heading_line}\nopen,X,M,2010-01-01,4100018,U\n".encode())
        assert set(rows.rows[0].values) == {
            "section",
            "name",
            "sex",
            "birth_date",
            "fide_id",
            "unit",
        }, heading_line


# --- every value as the database stores it -----------------------------------------------


@pytest.mark.parametrize(
    ("column", "value", "says"),
    [
        ("rating", "-5", "is not between 0 and 3500"),
        ("rating", "1e30", "is not a whole number"),
        ("rating", "inf", "is not a whole number"),
        ("rating", "1500.7", "is not a whole number"),
        ("rating", "9" * 25, "more than 18 digits"),
        ("fee_paid", "NaN", "is not an amount"),
        ("fee_paid", "-5", "cannot be negative"),
        ("fee_paid", "1e20", "is not an amount"),
        ("fee_paid", "5.005", "is not an amount"),
        ("fee_paid", "1" * 13, "too large"),
        ("birth_date", "9999-12-31", "not a plausible birth date"),
        ("birth_date", "0001-01-01", "not a plausible birth date"),
        ("birth_date", "2014-01-01garbage", "is not a date"),
        ("birth_date", "2014-13-01", "not a day of the calendar"),
        ("birth_date", "3/5/2014", "the day or the month"),
        ("birth_date", "1385-03-12", "looks like a Jalali date"),
        ("sex", "mf", "is not a sex"),
        ("federation", "MALAYSIA", "write MAS"),
        ("federation", "XYZ", "is not a FIDE federation code"),
        ("title", "Grandmaster", "is not a FIDE title"),
        ("fide_id", "41-00018", "is not a FIDE ID"),
        ("national_grade", "棋协大师", "is not a grade"),
        ("unit_kind", "schol", "is not a kind of unit"),
        ("name", "Ali\u202eilA", "U+202E"),
        ("name", "Ali\nBaba", "U+000A"),
        ("name", "Ali\x00", "U+0000"),
        ("name", "x" * 201, "longer than 200 characters"),
        ("unit", "u" * 201, "longer than 200 characters"),
        ("member_id", "9" * 31, "longer than 30 characters"),
        ("unit_kind", "k" * 41, "is not a kind of unit"),
    ],
)
def test_a_value_that_cannot_be_stored_is_refused_on_its_line_and_column(
    event: models.Event, organiser: User, column: str, value: str, says: str
) -> None:
    header = (
        ["section", "name", "sex", "birth_date", column]
        if column != "name"
        else [
            "section",
            "sex",
            "birth_date",
            "name",
        ]
    )
    row = (
        ["open", "Ali", "M", "2013-01-01", value]
        if column != "name"
        else [
            "open",
            "M",
            "2013-01-01",
            value,
        ]
    )
    if column in ("birth_date", "sex"):
        header, row = header[:-1], row[:-1]
        row[header.index(column)] = value
    buffer = io.StringIO()
    import csv

    csv.writer(buffer).writerows([header, row])
    report = imported(event, organiser, buffer.getvalue().encode())
    letter = "ABCDE"[header.index(column)]
    assert f"line 2: column {letter} ({column}): " in problems_of(report)
    assert says in problems_of(report)
    assert not models.Entry.objects.exists()


def test_values_read_in_the_organisers_words(event: models.Event, organiser: User) -> None:
    text = (
        "组别,姓名,性别,出生日期,等级分,称号,国家,国际棋联ID,等级,单位,单位类型,已缴费\n"
        "open,王芳,女,2010年5月3日,１８５０,女子棋联大师,CHN,۸۶۰۰۰۱۲,六级,福田小学,学校,260\n"
    )
    report = imported(event, organiser, text.encode())
    assert report.is_clean, report.lines()
    entry = models.Entry.objects.get()
    assert (
        entry.sex,
        entry.birth_date,
        entry.rating,
        entry.title,
        entry.federation,
        entry.fide_id,
        entry.national_grade,
        entry.unit_kind,
        entry.fee_paid,
    ) == (
        "F",
        datetime.date(2010, 5, 3),
        1850,
        "WFM",
        "CHN",
        "8600012",
        "6",
        "school",
        Decimal(260),
    )


# --- placing players without a section column ---------------------------------------------


def _example(name: str, organiser: User, slug: str) -> models.Event:
    spec = rules.load_event_spec(EXAMPLES / name, rounds=5)
    return services.create_event(spec, organiser, slug=slug)


def test_futian_youth_placed_by_age_and_game(organiser: User) -> None:
    """Seed 004: age groups by birth date (kindergarten born on or after 2003-09-01, A after
    2001-09-01, B after 1998-09-01, juniors after 1994-09-01), per game. A child goes to the
    youngest group they belong to (docs/imports.md); 幼儿组 with the game names the group."""
    event = _example("futian-youth-xiangqi-chess-2009.toml", organiser, "ft-youth")
    text = (
        "姓名,性别,出生日期,项目,组别,学校\n"
        "甲,男,2004/5/1,国际象棋,,福田小学\n"  # kindergarten, chess
        "乙,女,2000/1/1,中国象棋,,荔园小学\n"  # born after 1998-09-01: children B, xiangqi
        "丙,男,2004/5/1,中国象棋,儿童A组,福田小学\n"  # a kindergarten child entered in A
        "丁,女,2003/10/1,象棋,幼儿组,景田小学\n"
    )
    report = imported(event, organiser, text.encode())
    assert report.is_clean, report.lines()
    assert dict(models.Entry.objects.values_list("name", "section__key")) == {
        "甲": "ch-K",
        "乙": "xq-CB",
        "丙": "xq-CA",
        "丁": "xq-K",
    }
    assert set(models.Entry.objects.values_list("unit_kind", flat=True)) == {""}


def test_without_the_game_a_kindergarten_child_fits_two_sections(organiser: User) -> None:
    event = _example("futian-youth-xiangqi-chess-2009.toml", organiser, "ft-youth")
    report = imported(event, organiser, "姓名,出生日期\n甲,2004/5/1\n".encode())
    assert "fits several (xq-K, ch-K)" in problems_of(report)


def test_kinabatangan_placed_by_sex(organiser: User) -> None:
    event = _example("kinabatangan-school-2024.toml", organiser, "kcs")
    text = (
        "Nama,Jantina,Tarikh lahir,Sekolah\nAhmad,L,3/5/2013,SK Sukau\nSiti,P,25/5/2013,SK Bilit\n"
    )
    report = imported(event, organiser, text.encode())
    assert report.is_clean, report.lines()
    assert sorted(models.Entry.objects.values_list("name", "section__key", "birth_date")) == [
        ("Ahmad", "L12", datetime.date(2013, 5, 3)),  # Malay sheets write the day first
        ("Siti", "P12", datetime.date(2013, 5, 25)),
    ]


def test_fars_needs_the_table_for_an_under_14_player(organiser: User) -> None:
    """Under-14 players may play in either table (regulation 1): no guess."""
    event = _example("fars-team-league-1398.toml", organiser, "fars")
    text = "نام و نام خانوادگی,تاریخ تولد,کد عضویت\nعلی,۱۳۸۹/۰۲/۱۳,۱۲۳\nرضا,۱۳۶۰/۰۱/۰۱,۱۲۴\n"
    report = imported(event, organiser, text.encode())
    (line,) = report.lines()
    assert line.startswith("line 2: no section given, and the player fits several (A, B)")


def test_a_fee_paid_per_team_is_not_taken_on_a_player(organiser: User) -> None:
    event = _example("fars-team-league-1398.toml", organiser, "fars")
    text = "جدول,نام و نام خانوادگی,کد عضویت,پرداختی\nA,علی,۱۲۳,۷۲۰٬۰۰۰ تومان\n"
    report = imported(event, organiser, text.encode())
    assert "fee is paid per team" in problems_of(report)


# --- the command and the page --------------------------------------------------------------

BAD_FILES = {
    "semicolon.csv": b"section;name;rating\nopen;Ali;1e30\n",
    "mac.csv": b"name,rating\rAli,-5\r",
    "empty.csv": b"",
    "png.csv": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    "bomb.xlsx": b"PK\x03\x04" + b"\x00" * 50,
    "nul.csv": b"name\nAli\x00\n",
    "long.csv": b"name\n" + b"x" * 5000 + b"\n",
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_the_command_says_what_is_wrong_without_a_traceback(
    event: models.Event, tmp_path: Path, name: str
) -> None:
    path = tmp_path / name
    path.write_bytes(BAD_FILES[name])
    errors = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_entries", event.slug, str(path), stdout=io.StringIO(), stderr=errors)
    assert not models.Entry.objects.exists()


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_the_page_says_what_is_wrong_without_a_server_error(
    event: models.Event, organiser: User, name: str
) -> None:
    client = Client()
    client.force_login(organiser)
    response = client.post(
        f"/e/{event.slug}/import/",
        {"file": SimpleUploadedFile(name, BAD_FILES[name])},
        follow=True,
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "nothing was saved" in page or 'class="error"' in page or "error" in page
    assert not models.Entry.objects.exists()


def test_the_report_names_the_section_as_the_organiser_knows_it(
    event: models.Event, organiser: User
) -> None:
    """The report's section column shows the section's name ("Girls U12"), not its key
    ("girls", Huayuan's "main" on a Chinese page)."""
    client = Client()
    client.force_login(organiser)
    content = b"section,name,sex\ngirls,Ali,M\n"
    page = client.post(
        f"/e/{event.slug}/import/", {"file": SimpleUploadedFile("boys.csv", content)}
    ).content.decode()
    row = re.search(r'<table class="report">.*?<tbody>(.*?)</tbody>', page, re.S)
    assert row is not None, page
    assert "<td>Girls U12</td>" in row.group(1) and "<td>girls</td>" not in row.group(1)
    assert not models.Entry.objects.exists()


def test_the_page_refuses_a_file_over_the_size_limit(event: models.Event, organiser: User) -> None:
    client = Client()
    client.force_login(organiser)
    content = b"name\n" + b"Ali\n" * (spreadsheet.MAX_FILE_BYTES // 4 + 1)
    response = client.post(
        f"/e/{event.slug}/import/", {"file": SimpleUploadedFile("big.csv", content)}, follow=True
    )
    assert response.status_code == 200
    assert "larger than 5 MB" in response.content.decode()
    assert not models.Entry.objects.exists()


def test_a_players_fee_discount_by_unit_kind_in_the_organisers_words(organiser: User) -> None:
    """A per-player discount for a kind of unit (here: schools half price, added to the
    Kinabatangan fee of RM 5.00) applies to a kind typed as sekolah: 5.00 × 50% = 2.50."""
    text = (EXAMPLES / "kinabatangan-school-2024.toml").read_text(encoding="utf-8")
    text = text.replace(
        'currency = "MYR"\n',
        'currency = "MYR"\n\n[[fees.discounts]]\nkey = "schools"\nname = "Sekolah"\n'
        'percent = 50\nentry = { unit_kind = "school" }\n',
        1,
    )
    regulations = rules.parse_regulations(text)
    spec = rules.event_spec_from_regulations(regulations, text, 5)
    event = services.create_event(spec, organiser, slug="kcs-discount")
    sheet = "Nama,Jantina,Sekolah,Jenis unit\nAhmad,L,SK Sukau,sekolah\nAli,L,Kelab Catur,kelab\n"
    report = imported(event, organiser, sheet.encode())
    assert report.is_clean, report.lines()
    assert dict(models.Entry.objects.values_list("name", "fee_due")) == {
        "Ahmad": Decimal("2.50"),
        "Ali": Decimal("5.00"),
    }


def test_a_workbook_with_a_sheet_per_section(event: models.Event, organiser: User) -> None:
    """Every visible sheet is read; a sheet named after a section places its players (no
    section column), and problems name the sheet."""
    workbook = openpyxl.Workbook()
    first = workbook.active
    assert first is not None
    first.title = "Open"
    first.append(["Name", "Sex"])
    first.append(["Ali", "M"])
    girls = workbook.create_sheet("Girls U12")
    girls.append(["姓名", "性别", "出生日期"])
    girls.append(["王芳", "女", datetime.datetime(2015, 3, 3)])
    girls.append(["李丽", "X", datetime.datetime(2015, 4, 4)])
    hidden = workbook.create_sheet("notes")
    hidden.append(["not", "read"])
    hidden.sheet_state = "hidden"
    buffer = io.BytesIO()
    workbook.save(buffer)
    rows = read(buffer.getvalue(), "entries.xlsx")
    report = entries_import.check_rows(event, rows)
    assert report.lines() == [
        "sheet Girls U12, line 3: column B (性别): “X” is not a sex: write M or F (男/女, L/P, "
        "مرد/زن)."
    ]
    girls.delete_rows(3)
    buffer = io.BytesIO()
    workbook.save(buffer)
    assert imported(event, organiser, buffer.getvalue(), "entries.xlsx").is_clean
    assert dict(models.Entry.objects.values_list("name", "section__key")) == {
        "Ali": "open",
        "王芳": "girls",
    }
