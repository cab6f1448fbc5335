"""Importing entries from a CSV or Excel file, all or nothing.

``read_entries_file`` reads the rows; ``check_rows`` builds a validation report (eligibility,
duplicates, limits, bad values — each problem names the line and column); ``import_entries``
saves the rows only when the report is clean, in one transaction.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils.translation import gettext as _

from crosstable_web.events import audit, models, rules, services
from crosstable_web.events.audit import Actor
from crosstable_web.events.permissions import require_organiser

COLUMNS = (
    "section",
    "name",
    "sex",
    "birth_date",
    "rating",
    "title",
    "federation",
    "fide_id",
    "national_grade",
    "unit",
    "native_unit",
    "member_id",
    "fee_paid",
    "unit_kind",
)
"""Recognised column headings (case-insensitive); only ``name`` is required."""

_ALIASES = {
    "birth": "birth_date",
    "born": "birth_date",
    "grade": "national_grade",
    "school": "unit",
    "club": "unit",
    "team": "unit",
    "fide": "fide_id",
    "paid": "fee_paid",
    "elo": "rating",
    "native_of": "native_unit",
    "membership": "member_id",
    "kind": "unit_kind",
}


@dataclasses.dataclass(slots=True)
class RawRow:
    line: int
    values: dict[str, str]


@dataclasses.dataclass(slots=True)
class CheckedRow:
    line: int
    section: models.Section | None
    data: services.EntryData | None
    fee_paid: Decimal = Decimal(0)
    problems: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(slots=True)
class ImportReport:
    rows: list[CheckedRow]
    file_problems: list[str] = dataclasses.field(default_factory=list)

    @property
    def problem_count(self) -> int:
        return len(self.file_problems) + sum(len(row.problems) for row in self.rows)

    @property
    def is_clean(self) -> bool:
        return self.problem_count == 0

    def lines(self) -> list[str]:
        """The report as text lines (for the command line)."""
        lines = list(self.file_problems)
        for row in self.rows:
            lines.extend(
                _("line %(line)d: %(problem)s") % {"line": row.line, "problem": problem}
                for problem in row.problems
            )
        return lines


class ImportFileError(Exception):
    """The file cannot be read at all (not CSV/XLSX, no header, no name column)."""


def _heading(text: str) -> str:
    key = text.strip().lower().replace(" ", "_").replace("-", "_")
    return _ALIASES.get(key, key)


def read_entries_file(content: bytes, filename: str) -> list[RawRow]:
    """Rows of a CSV (UTF-8, comma or semicolon) or XLSX file, keyed by column heading."""
    if filename.lower().endswith((".xlsx", ".xlsm")):
        table = _read_xlsx(content)
    else:
        try:
            text = content.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ImportFileError(
                _("The file is not UTF-8 text (save the CSV as UTF-8).")
            ) from None
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t") if text.strip() else "excel"
        table = [row for row in csv.reader(io.StringIO(text), dialect)]
    if not table:
        raise ImportFileError(_("The file is empty."))
    headings = [_heading(cell) for cell in table[0]]
    if "name" not in headings:
        raise ImportFileError(_("The first line must name the columns, including 'name'."))
    unknown = [h for h in headings if h and h not in COLUMNS]
    if unknown:
        raise ImportFileError(
            _("Unknown columns: %(columns)s (known: %(known)s).")
            % {"columns": ", ".join(unknown), "known": ", ".join(COLUMNS)}
        )
    rows = []
    for line, cells in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue
        rows.append(
            RawRow(line, {h: c.strip() for h, c in zip(headings, cells, strict=False) if h})
        )
    return rows


def _read_xlsx(content: bytes) -> list[list[str]]:
    import openpyxl

    try:
        workbook = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise ImportFileError(
            _("The Excel file cannot be read: %(error)s") % {"error": error}
        ) from None
    sheet = workbook.worksheets[0]
    table = []
    for row in sheet.iter_rows(values_only=True):
        cells = []
        for value in row:
            if isinstance(value, datetime.datetime):
                value = value.date()
            cells.append("" if value is None else str(value))
        table.append(cells)
    return table


def _parse(
    row: RawRow, sections: dict[str, models.Section], default: models.Section | None
) -> CheckedRow:
    checked = CheckedRow(row.line, None, None)
    values = row.values
    problems = checked.problems

    def field(name: str) -> str:
        return values.get(name, "")

    key = field("section")
    section = default
    if key:
        section = sections.get(key.casefold())
        if section is None:
            problems.append(_("column section: no section %(key)s.") % {"key": key})
    elif default is None:
        problems.append(_("column section: missing (the event has several sections)."))
    birth_date = None
    if field("birth_date"):
        try:
            birth_date = datetime.date.fromisoformat(field("birth_date")[:10])
        except ValueError:
            problems.append(
                _("column birth_date: %(value)s is not a date (YYYY-MM-DD).")
                % {"value": field("birth_date")}
            )
    rating = 0
    if field("rating"):
        try:
            rating = int(float(field("rating")))
        except ValueError:
            problems.append(
                _("column rating: %(value)s is not a number.") % {"value": field("rating")}
            )
    if field("fee_paid"):
        try:
            checked.fee_paid = Decimal(field("fee_paid"))
        except InvalidOperation:
            problems.append(
                _("column fee_paid: %(value)s is not an amount.") % {"value": field("fee_paid")}
            )
    checked.section = section
    checked.data = services.EntryData(
        name=field("name"),
        sex=field("sex").upper()[:1],
        birth_date=birth_date,
        rating=rating,
        title=field("title"),
        federation=field("federation").upper()[:3],
        fide_id=field("fide_id"),
        national_grade=field("national_grade"),
        unit=field("unit"),
        native_unit=field("native_unit"),
        member_id=field("member_id"),
        unit_kind=field("unit_kind"),
    )
    return checked


def check_rows(event: models.Event, rows: Sequence[RawRow]) -> ImportReport:
    """The validation report: every row checked against the rules and the earlier rows."""
    all_sections = list(event.sections.all())
    sections = {section.key.casefold(): section for section in all_sections}
    default = all_sections[0] if len(all_sections) == 1 else None
    checker = services.EntryChecker(event)
    report = ImportReport([])
    if not event.registration_open:
        report.file_problems.append(_("Registration is closed for this event."))
    # A section that takes no entry now (finished, or the list is in where the regulations
    # allow no additions: Kinabatangan 3.4) refuses each of its rows, with the reason.
    # A paired section takes late entries one by one (the next pairing number, joining from
    # the next round), on its page.
    refusals = {
        section.pk: refusal
        for section in all_sections
        if event.registration_open and (refusal := services.addition_refusal(section))
    }
    late = _("Round 1 is paired: enter late players one by one on the section's page.")
    refusals |= {
        section.pk: late
        for section in all_sections
        if section.pk not in refusals and section.rounds.exists()
    }
    for row in rows:
        checked = _parse(row, sections, default)
        if checked.section is not None and checked.section.pk in refusals:
            checked.problems.append(refusals[checked.section.pk])
        elif checked.section is not None and checked.data is not None:
            problems = checker.problems(checked.section, checked.data)
            checked.problems.extend(problems)
            if not problems:
                checker.accept(checked.section, checked.data)
        report.rows.append(checked)
    return report


@transaction.atomic
def import_entries(
    event: models.Event,
    rows: Sequence[RawRow],
    actor: Actor,
) -> ImportReport:
    """Check ``rows`` and, only if nothing is wrong, save them all."""
    require_organiser(actor, event)
    report = check_rows(event, rows)
    if not report.is_clean:
        return report
    for row in report.rows:
        assert row.section is not None and row.data is not None
        models.Entry.objects.create(
            section=row.section,
            fee_due=rules.fee_for(row.section, row.data),
            fee_paid=row.fee_paid,
            **dataclasses.asdict(row.data),
        )
    audit.record(event, actor, "entry.import", event.name, None, {"entries": len(report.rows)})
    return report
