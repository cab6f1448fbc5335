"""Importing entries from an organiser's spreadsheet (CSV or XLSX), all or nothing.

``read_entries_file`` reads the file as the organiser has it (``spreadsheet``: encodings,
separators, bounds; ``entry_headings``: headings in four languages) into rows keyed by
column; ``check_rows`` reads every value as the database will store it (``crosstable.typed``:
sexes, dates in the event's calendar, grades, amounts, unit kinds…), places players whose
row names no section where the regulations place them by grade, age, sex or game, and checks
eligibility, duplicates and limits — each problem names its line and column;
``import_entries`` saves the rows only when the report is clean, in one transaction.
The accepted headings and values, and the readings chosen, are in docs/imports.md.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import TypeVar

from django.db import transaction
from django.utils.translation import gettext as _

from crosstable import languages
from crosstable.typed import (
    TypedValueError,
    as_typed_on_a_latin_keyboard,
    birth_dates,
    read_amount,
    read_date,
    read_federation,
    read_fide_id,
    read_game,
    read_grade,
    read_sex,
    read_title,
    read_unit_kind,
    read_whole_number,
)
from crosstable.typed.amounts import CURRENCY_WORDS
from crosstable.typed.calendars import Calendar
from crosstable_web.common.value_messages import text_problems, value_message
from crosstable_web.events import models, services
from crosstable_web.events.entries.entry_headings import (
    CJK_HEADINGS,
    column_of,
    heading_key,
    heading_score,
    not_stored,
)
from crosstable_web.events.entries.spreadsheet import (
    ENCODING_NAMES,
    MAX_COLUMNS,
    MAX_ROWS,
    Sheet,
    SpreadsheetError,
    column_letter,
    read_spreadsheet,
)
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.regulations import rules

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
    "game",
)
"""The columns an entries file may have (any heading of ``entry_headings.HEADINGS`` names
one; ``given_name`` and ``family_name`` together make ``name``); only the name is required."""

EARLIEST_BIRTH_DATE = birth_dates(datetime.date.max).earliest
HEADING_SEARCH_LINES = 10
"""The heading line is the first of a sheet's first lines that names the player column
(titles above it, as Chinese entry forms have, are skipped with a note)."""


@dataclasses.dataclass(frozen=True, slots=True)
class ColumnRef:
    """Where a column is in the file: its letter and its heading as written."""

    letter: str
    heading: str


@dataclasses.dataclass(slots=True)
class RawRow:
    line: int
    values: dict[str, str]
    """Column -> the cell's text (columns of ``COLUMNS``)."""
    sheet: str = ""
    """The sheet's name when the workbook has several (else "")."""
    columns: dict[str, ColumnRef] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(slots=True)
class EntriesFile:
    """A file's rows, and what the reader noted (encoding, columns left out, titles)."""

    rows: list[RawRow]
    notes: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(slots=True)
class CheckedRow:
    line: int
    section: models.Section | None
    data: services.EntryData | None
    fee_paid: Decimal = Decimal(0)
    problems: list[str] = dataclasses.field(default_factory=list)
    sheet: str = ""


@dataclasses.dataclass(slots=True)
class ImportReport:
    rows: list[CheckedRow]
    file_problems: list[str] = dataclasses.field(default_factory=list)
    notes: list[str] = dataclasses.field(default_factory=list)

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
            where = _line_name(row.sheet, row.line)
            lines.extend(f"{where}: {problem}" for problem in row.problems)
        return lines


def _line_name(sheet: str, line: int) -> str:
    if sheet:
        return _("sheet %(sheet)s, line %(line)d") % {"sheet": sheet, "line": line}
    return _("line %(line)d") % {"line": line}


class ImportFileError(Exception):
    """The file cannot be read at all (not CSV/XLSX, no heading line, unknown columns)."""


# --- reading the file ---------------------------------------------------------------------


def read_entries_file(content: bytes, filename: str, *, language: str = "") -> EntriesFile:
    """The rows of a CSV or XLSX entries file, keyed by column (``ImportFileError`` naming
    what is wrong when the file cannot be read). ``language``: the event's, which decides
    which 8-bit encodings a CSV file is tried in first."""
    try:
        spreadsheet = read_spreadsheet(content, filename, heading_score, language)
    except SpreadsheetError as error:
        raise ImportFileError(str(error)) from None
    entries = EntriesFile([])
    if spreadsheet.kind == "csv":
        entries.notes.append(
            _("Read as %(encoding)s text, columns separated by %(separator)s.")
            % {
                "encoding": spreadsheet.encoding,
                "separator": _separator_name(spreadsheet.delimiter),
            }
        )
    several = len(spreadsheet.sheets) > 1
    for sheet in spreadsheet.sheets:
        _read_sheet(sheet, entries, named=several)
    if not entries.rows and not any(
        column_of(cell) for sheet in spreadsheet.sheets for row in sheet.rows for cell in row
    ):
        raise ImportFileError(_("The file is empty."))
    return entries


def _separator_name(delimiter: str) -> str:
    return {
        ",": _("commas"),
        ";": _("semicolons"),
        "\t": _("tabs"),
        "|": _("vertical bars"),
    }.get(delimiter, delimiter)


def _heading_line(sheet: Sheet) -> int | None:
    """The 0-based index of the sheet's heading line (None: no line names the players)."""
    for index, cells in enumerate(sheet.rows[:HEADING_SEARCH_LINES]):
        found = {column_of(cell) for cell in cells}
        if "name" in found or {"given_name", "family_name"} & found:
            return index
    return None


def _read_sheet(sheet: Sheet, entries: EntriesFile, *, named: bool) -> None:
    where = (_("Sheet %(sheet)s: ") % {"sheet": sheet.title}) if named else ""
    heading_index = _heading_line(sheet)
    if heading_index is None:
        raise ImportFileError(
            where
            + _(
                "No line names the columns with a name column (name, 姓名, nama, نام و نام "
                "خانوادگی…) in the first %(lines)d lines."
            )
            % {"lines": HEADING_SEARCH_LINES}
        )
    if sheet.declared_extent:
        entries.notes.append(
            where
            + _(
                "The sheet declares cells up to %(extent)s: only lines 1-%(lines)d and columns "
                "A-%(column)s were read."
            )
            % {
                "extent": sheet.declared_extent,
                "lines": MAX_ROWS + 1,
                "column": column_letter(MAX_COLUMNS - 1),
            }
        )
    if heading_index:
        entries.notes.append(
            where
            + (
                _("Line 1 above the headings was not read.")  # a title line (not "1-1")
                if heading_index == 1
                else _("Lines 1-%(last)d above the headings were not read.")
                % {"last": heading_index}
            )
        )
    columns: dict[str, tuple[int, str]] = {}
    """Column -> (index, heading as written)."""
    unknown: list[str] = []
    left_out: list[str] = []
    empty_headings: set[int] = set()
    for index, heading in enumerate(sheet.rows[heading_index]):
        text = " ".join(heading.split())
        if not text:
            empty_headings.add(index)
            continue
        column = column_of(text)
        if column is None:
            (left_out if not_stored(text) else unknown).append(f"{column_letter(index)} ({text})")
            continue
        if column in columns:
            first_index, first = columns[column]
            raise ImportFileError(
                where
                + _("Columns %(first)s and %(second)s both give the %(column)s.")
                % {
                    "first": f"{column_letter(first_index)} ({first})",
                    "second": f"{column_letter(index)} ({text})",
                    "column": column,
                }
            )
        columns[column] = (index, text)
    if unknown:
        raise ImportFileError(
            where
            + _(
                "Unknown columns: %(columns)s. Rename them to a heading of the list on the "
                "import page, or delete them."
            )
            % {"columns": ", ".join(unknown)}
        )
    if left_out:
        entries.notes.append(
            where + _("Columns not imported: %(columns)s.") % {"columns": ", ".join(left_out)}
        )
    for offset, cells in enumerate(sheet.rows[heading_index + 1 :]):
        line = heading_index + offset + 2
        if not any(cell.strip() for cell in cells):
            continue
        stray = [index for index in empty_headings if index < len(cells) and cells[index].strip()]
        stray += [
            index
            for index in range(len(sheet.rows[heading_index]), len(cells))
            if cells[index].strip()
        ]
        if stray:
            raise ImportFileError(
                where
                + _("Line %(line)d has a value in column %(column)s, which has no heading.")
                % {"line": line, "column": column_letter(min(stray))}
            )
        entries.rows.append(_raw_row(cells, columns, line, sheet.title if named else ""))


def _raw_row(
    cells: list[str], columns: dict[str, tuple[int, str]], line: int, sheet: str
) -> RawRow:
    def cell(column: str) -> str:
        index = columns[column][0]
        return cells[index].strip() if index < len(cells) else ""

    row = RawRow(line, {}, sheet)
    for column, (index, heading) in columns.items():
        row.columns[column] = ColumnRef(column_letter(index), heading)
        if column not in ("given_name", "family_name"):
            row.values[column] = cell(column)
    if "given_name" in columns or "family_name" in columns:
        given = cell("given_name") if "given_name" in columns else row.values.get("name", "")
        family = cell("family_name") if "family_name" in columns else ""
        chinese = (
            "family_name" in columns and heading_key(columns["family_name"][1]) in CJK_HEADINGS
        )
        row.values["name"] = family + given if chinese else " ".join(filter(None, (given, family)))
        source = "given_name" if "given_name" in columns else "name"
        if source in row.columns:
            row.columns["name"] = row.columns[source]
    return row


# --- reading each value -------------------------------------------------------------------


@dataclasses.dataclass(slots=True)
class _EventContext:
    """What reading a row needs to know of the event, looked up once per import."""

    sections: list[models.Section]
    games: dict[int, str]
    """Section id -> its game (chess, xiangqi)."""
    calendar: Calendar
    day_first: bool
    unit_kinds: tuple[str, ...]
    currency_words: tuple[str, ...]
    fee_per_team: bool
    today: datetime.date

    @classmethod
    def of(cls, event: models.Event) -> _EventContext:
        regulations = rules.event_regulations(event)
        sections = list(event.sections.all())
        games = {}
        for section in sections:
            declared = rules.section_rules(section)
            games[section.pk] = declared.game.value if declared is not None else event.game
        currency = ""
        if regulations is not None and regulations.fees is not None:
            currency = regulations.fees.currency
        return cls(
            sections=sections,
            games=games,
            calendar=regulations.calendar if regulations else Calendar.GREGORIAN,
            day_first=regulations is not None
            and languages.of(regulations.language).date_order == "dmy",
            unit_kinds=regulations.unit_kinds if regulations else (),
            currency_words=CURRENCY_WORDS.get(currency.upper(), (currency,) if currency else ()),
            # A team owes the fee (the team's fee page records payments), except where the
            # teams are the units of an individual section (Huayuan's counties): there each
            # player owes a share and pays it on the entry (rules.fee_for).
            fee_per_team=regulations is not None
            and regulations.fees is not None
            and regulations.fees.per == "team"
            and any(rules.unit_team_size(section) is None for section in sections),
            today=datetime.date.today(),
        )


T = TypeVar("T")


def _max_length(name: str) -> int | None:
    field = models.Entry._meta.get_field(name)
    return getattr(field, "max_length", None)


_TEXT_LIMITS = {
    name: _max_length(name) for name in ("name", "unit", "native_unit", "member_id", "unit_kind")
}


class _RowReader:
    """Reads one row's cells, collecting a problem per cell that cannot be read."""

    def __init__(self, row: RawRow, context: _EventContext) -> None:
        self.row = row
        self.context = context
        self.problems: list[str] = []

    def where(self, column: str) -> str:
        ref = self.row.columns.get(column)
        if ref is None:
            return _("column %(column)s") % {"column": column}
        if not ref.letter:
            return ref.heading  # a form's field (online registration): its label
        return _("column %(letter)s (%(heading)s)") % {
            "letter": ref.letter,
            "heading": ref.heading,
        }

    def text(self, column: str) -> str:
        return self.row.values.get(column, "").strip()

    def problem(self, column: str, message: str) -> None:
        self.problems.append(f"{self.where(column)}: {message}")

    def read(self, column: str, reader: Callable[[str], T], blank: T) -> T:
        text = self.text(column)
        if not text:
            return blank
        try:
            return reader(text)
        except TypedValueError as error:
            self.problem(column, value_message(error, self.context.calendar))
            return blank

    def stored_text(self, column: str) -> str:
        text = self.text(column)
        for message in text_problems(text, _TEXT_LIMITS.get(column)):
            self.problem(column, message)
        return text

    def birth_date(self) -> datetime.date | None:
        context = self.context
        day = self.read(
            "birth_date",
            lambda text: read_date(text, context.calendar, day_first=context.day_first),
            None,
        )
        if day is not None and not EARLIEST_BIRTH_DATE <= day <= context.today:
            self.problem(
                "birth_date",
                _(
                    "“%(value)s” (%(date)s) is not a plausible birth date: it must lie between "
                    "%(earliest)s and today."
                )
                % {
                    "value": self.text("birth_date"),
                    "date": day.isoformat(),
                    "earliest": EARLIEST_BIRTH_DATE.isoformat(),
                },
            )
            return None
        return day


def _entry_data(reader: _RowReader) -> tuple[services.EntryData, Decimal]:
    context = reader.context
    grade = reader.read("national_grade", read_grade, None)
    fee_paid = reader.read(
        "fee_paid",
        lambda text: read_amount(text, currency_words=context.currency_words),
        Decimal(0),
    )
    if fee_paid and context.fee_per_team:
        reader.problem(
            "fee_paid",
            _("this event's fee is paid per team: record it on the team's fee page."),
        )
    unit_kind = reader.read("unit_kind", lambda text: read_unit_kind(text, context.unit_kinds), "")
    data = services.EntryData(
        name=reader.stored_text("name"),
        sex=reader.read("sex", read_sex, ""),
        birth_date=reader.birth_date(),
        rating=reader.read(
            "rating", lambda text: read_whole_number(text, 0, services.MAX_RATING), 0
        ),
        title=reader.read("title", read_title, ""),
        federation=reader.read("federation", read_federation, ""),
        fide_id=reader.read("fide_id", read_fide_id, ""),
        national_grade="" if grade is None else str(grade),
        unit=reader.stored_text("unit"),
        native_unit=reader.stored_text("native_unit"),
        # an identifier: the federation's system writes it in Latin digits
        member_id=as_typed_on_a_latin_keyboard(reader.stored_text("member_id")),
        unit_kind=unit_kind,
    )
    return data, fee_paid


# --- placing the player -------------------------------------------------------------------


def _words(text: str) -> str:
    return " ".join(as_typed_on_a_latin_keyboard(text).casefold().split())


def _section_words(section: models.Section) -> tuple[str, ...]:
    """How a sheet may name a section, most exact first: its code, its name, the part of
    its name before a colon (``A组：四、五级棋士组`` -> ``A组``)."""
    name = _words(section.name)
    short = name.replace("：", ":").split(":", 1)[0].strip()
    return (section.key.casefold(), name, short)


_TOKEN_SEPARATORS = re.compile(r"[\s()（）\[\]:：,，、]+")


def _named_sections(text: str, candidates: list[models.Section]) -> list[models.Section]:
    """The sections a cell names: by code, else by name, else by the name's first part,
    else the sections whose name contains it (``幼儿组`` in ``中国象棋幼儿组``, ``زیر ۱۴
    سال`` in ``جدول زیر ۱۴ سال (B)``), else by a code written as a word of it (``جدول B``)."""
    wanted = _words(text)
    for tier in range(3):
        found = [s for s in candidates if _section_words(s)[tier] == wanted]
        if found:
            return found
    found = [s for s in candidates if wanted and wanted in _section_words(s)[1]]
    if found:
        return found
    tokens = set(_TOKEN_SEPARATORS.split(wanted))
    return [s for s in candidates if s.key.casefold() in tokens]


def _youngest_age_groups(sections: list[models.Section]) -> list[models.Section]:
    """Of sections that are all age groups (born on or after a date), the youngest ones
    (our reading: a player placed by age goes into their own age group; a unit that enters
    a child in an older group names that section). Empty when some section is no age
    group."""
    limits = [section.settings.get("born_on_or_after") for section in sections]
    if not sections or not all(limits):
        return []
    youngest = max(str(limit) for limit in limits)
    return [s for s, limit in zip(sections, limits, strict=True) if limit == youngest]


def _place(reader: _RowReader, data: services.EntryData, game: str) -> models.Section | None:
    context = reader.context
    candidates = context.sections
    if game:
        candidates = [s for s in candidates if context.games[s.pk] == game]
        if not candidates:
            reader.problem("game", _("no section of this event plays that game."))
            return None
    keys = ", ".join(section.key for section in candidates)
    cell = reader.text("section")
    if cell:
        named = _named_sections(cell, candidates)
        if len(named) == 1:
            return named[0]
        if not named:
            reader.problem(
                "section",
                _("no section “%(value)s” (sections: %(keys)s).") % {"value": cell, "keys": keys},
            )
        else:
            reader.problem(
                "section",
                _("“%(value)s” fits several sections (%(keys)s): give the code, or the game.")
                % {"value": cell, "keys": ", ".join(section.key for section in named)},
            )
        return None
    if reader.row.sheet:
        named = _named_sections(reader.row.sheet, candidates)
        if len(named) == 1:
            return named[0]
    if len(candidates) == 1:
        return candidates[0]
    reasons = {section.pk: rules.eligibility_problems(section, data) for section in candidates}
    eligible = [section for section in candidates if not reasons[section.pk]]
    if len(eligible) == 1:
        return eligible[0]
    youngest = _youngest_age_groups(eligible)
    if len(youngest) == 1:
        return youngest[0]
    if youngest:
        eligible = youngest
    if eligible:
        reader.problems.append(
            _(
                "no section given, and the player fits several (%(keys)s): add a section "
                "column (or a game column)."
            )
            % {"keys": ", ".join(section.key for section in eligible)}
        )
    else:
        reader.problems.append(
            _("no section given, and the player fits none: %(reasons)s")
            % {"reasons": "; ".join(reasons[section.pk][0] for section in candidates)}
        )
    return None


def _check_row(row: RawRow, context: _EventContext) -> CheckedRow:
    reader = _RowReader(row, context)
    data, fee_paid = _entry_data(reader)
    game = reader.read("game", read_game, "")
    checked = CheckedRow(row.line, None, data, fee_paid, reader.problems, row.sheet)
    if not reader.problems:
        checked.section = _place(reader, data, game)
    return checked


def read_row(event: models.Event, row: RawRow) -> CheckedRow:
    """One row read and placed as an import reads it (no eligibility or limit check against
    the entries: :func:`check_rows` does that), e.g. a registration's changed details."""
    return _check_row(row, _EventContext.of(event))


# --- checking and saving ------------------------------------------------------------------


def _rows(rows: Sequence[RawRow] | EntriesFile) -> tuple[Sequence[RawRow], list[str]]:
    if isinstance(rows, EntriesFile):
        return rows.rows, list(rows.notes)
    return rows, []


def check_rows(event: models.Event, rows: Sequence[RawRow] | EntriesFile) -> ImportReport:
    """The validation report: every row's values read, the player placed, and checked
    against the rules and the earlier rows."""
    raw_rows, notes = _rows(rows)
    context = _EventContext.of(event)
    checker = services.EntryChecker(event)
    report = ImportReport([], notes=notes)
    if not event.registration_open:
        report.file_problems.append(_("Registration is closed for this event."))
    if not context.sections:
        report.file_problems.append(_("This event has no sections."))
    # A section that takes no entry now (finished, or the list is in where the regulations
    # allow no additions: Kinabatangan 3.4) refuses each of its rows, with the reason.
    # A paired section takes late entries one by one (the next pairing number, joining from
    # the next round), on its page.
    refusals = {
        section.pk: refusal
        for section in context.sections
        if event.registration_open and (refusal := services.addition_refusal(section))
    }
    late = _("Round 1 is paired: enter late players one by one on the section's page.")
    refusals |= {
        section.pk: late
        for section in context.sections
        if section.pk not in refusals and section.rounds.exists()
    }
    for row in raw_rows:
        checked = _check_row(row, context)
        if checked.section is not None and checked.section.pk in refusals:
            checked.problems.append(refusals[checked.section.pk])
        elif checked.section is not None and checked.data is not None and not checked.problems:
            problems = checker.problems(checked.section, checked.data)
            checked.problems.extend(problems)
            if not problems:
                checker.accept(checked.section, checked.data)
        report.rows.append(checked)
    return report


@transaction.atomic
def import_entries(
    event: models.Event,
    rows: Sequence[RawRow] | EntriesFile,
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


def encoding_names() -> tuple[str, ...]:
    """The encodings a CSV file may be in, as the import page lists them."""
    return tuple(dict.fromkeys(ENCODING_NAMES.values()))
