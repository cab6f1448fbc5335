"""Reading an uploaded spreadsheet (CSV or XLSX) into rows of text, within bounds.

Organisers' files come from Excel, WPS and LibreOffice in four languages: CSV in UTF-8 with or
without a byte-order mark, UTF-16 (Excel's "Unicode text"), GB18030/GBK (Chinese Windows),
Windows-1256 (Persian Windows) or Windows-1252, separated by commas, semicolons, tabs or
pipes, with Windows, Unix or old Mac line ends; or an XLSX workbook with one or several sheets.

``read_spreadsheet`` decides the encoding and the separator by the heading line — the
candidate under which the caller recognises the most headings (``heading_score``), the
event's language breaking ties — and says which it used (``Spreadsheet.encoding``,
``delimiter``), so nothing about the reading is silent. What is read is bounded: the file's
size, the rows, the columns and each cell's length; an XLSX is read with openpyxl in
read-only mode row by row up to those bounds, never to the extent the sheet declares (a
6 KB file with one cell at XFD1048576 costs no more than its real cells).
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
import math
import zipfile
from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext as _

from crosstable import languages

MAX_FILE_BYTES = 5 * 1024 * 1024
"""Largest file read (5,000 entries of a CSV take well under 1 MB)."""
MAX_ROWS = 5000
"""Most lines below the heading line, over all sheets."""
MAX_COLUMNS = 40
MAX_CELL_CHARACTERS = 1000
"""A longer cell keeps its first characters and one more, so that the column's length check
still refuses it (no stored field is longer than 300 characters)."""
MAX_XLSX_UNPACKED_BYTES = 40 * 1024 * 1024
"""An XLSX is a zip file: the most its parts may hold unpacked (a zip bomb is refused before
openpyxl reads it)."""
MAX_SHEETS = 30

DELIMITERS = (",", ";", "\t", "|")
ENCODING_NAMES = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8",
    "utf-16": "UTF-16",
    "utf-16-le": "UTF-16",
    "utf-16-be": "UTF-16",
    "gb18030": "GB18030 (GBK)",
    "cp1256": "Windows-1256",
    "cp1252": "Windows-1252",
}


class SpreadsheetError(Exception):
    """The file cannot be read as a spreadsheet (the message is for the user, translated)."""


@dataclasses.dataclass(slots=True)
class Sheet:
    title: str
    """The sheet's name ("" for a CSV file)."""
    rows: list[list[str]]
    """Each line of the sheet as cell texts, from line 1 (the headings); a line's number in
    the file is its position + 1."""
    declared_extent: str = ""
    """For an XLSX sheet that declares cells beyond what is read (``XFD1048576``): that
    extent, so the reader can say what was not read."""


@dataclasses.dataclass(slots=True)
class Spreadsheet:
    sheets: list[Sheet]
    kind: str
    """``csv`` or ``xlsx``."""
    encoding: str = ""
    """How a CSV file was decoded (``UTF-8``, ``GB18030 (GBK)``…)."""
    delimiter: str = ""


HeadingScore = Callable[[Sequence[str]], int]
"""How many of a line's cells the caller recognises as headings."""


def column_letter(index: int) -> str:
    """The spreadsheet letter of a 0-based column index (0 -> A, 26 -> AA)."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def read_spreadsheet(
    content: bytes, filename: str, heading_score: HeadingScore, language: str = ""
) -> Spreadsheet:
    """The sheets of an XLSX workbook or a CSV file (``SpreadsheetError`` if it cannot be
    read: too large, a damaged or old-format Excel file, no text)."""
    if len(content) > MAX_FILE_BYTES:
        raise SpreadsheetError(
            _("The file is larger than %(limit)d MB.") % {"limit": MAX_FILE_BYTES // 2**20}
        )
    if content.startswith(b"PK\x03\x04"):
        return Spreadsheet(_read_xlsx(content), "xlsx")
    if content.startswith(b"\xd0\xcf\x11\xe0"):
        raise SpreadsheetError(
            _("This is an old Excel file (.xls): save it as .xlsx or as CSV and import that.")
        )
    if filename.lower().endswith((".xlsx", ".xlsm")):
        raise SpreadsheetError(_("The Excel file cannot be read: it is not an .xlsx file."))
    return _read_csv(content, heading_score, language)


# --- CSV ----------------------------------------------------------------------------------


def _decodings(content: bytes, language: str) -> list[tuple[str, str]]:
    """(encoding, text) for every encoding the bytes may be in, the likeliest first."""
    boms = (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    )
    for bom, encoding in boms:
        if content.startswith(bom):
            try:
                return [(encoding, content.decode(encoding))]
            except UnicodeDecodeError:
                raise SpreadsheetError(
                    _("The file starts as %(encoding)s text but is not.")
                    % {"encoding": ENCODING_NAMES[encoding]}
                ) from None
    sample = content[:4000]
    if len(sample) >= 4 and sample.count(b"\x00") * 4 >= len(sample):
        # UTF-16 without its byte-order mark: every other byte of Latin text is zero
        little = sample[1::2].count(b"\x00") > sample[0::2].count(b"\x00")
        encoding = "utf-16-le" if little else "utf-16-be"
        try:
            return [(encoding, content.decode(encoding))]
        except UnicodeDecodeError:
            pass
    try:
        return [("utf-8", content.decode("utf-8"))]
    except UnicodeDecodeError:
        pass
    found = []
    # 8-bit encodings tried (after UTF-8 and UTF-16) in the order the event's language makes
    # likely (crosstable.languages: Malay and English events try Windows-1252 first)
    for encoding in languages.of(language).encodings:
        try:
            found.append((encoding, content.decode(encoding)))
        except UnicodeDecodeError:
            continue
    if not found:
        raise SpreadsheetError(
            _("The file is not text in an encoding we know (save the CSV as UTF-8).")
        )
    return found


def _lines(text: str) -> str:
    """Windows (CR LF) and old Mac (CR) line ends as LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _first_line_cells(text: str, delimiter: str) -> list[str]:
    try:
        return next(csv.reader(io.StringIO(text), delimiter=delimiter), [])
    except csv.Error:
        return []


def _read_csv(content: bytes, heading_score: HeadingScore, language: str) -> Spreadsheet:
    best: tuple[int, int, str, str, str] | None = None
    for order, (encoding, text) in enumerate(_decodings(content, language)):
        text = _lines(text)
        if encoding == "cp1256" and language.startswith("fa"):
            # Windows-1256 has no Persian ی: Persian Windows writes the Arabic ي (and may
            # write ك for ک); a Persian event's names are read with the Persian letters
            text = text.replace("ي", "ی").replace("ك", "ک")
        sample = text[:20000]
        for delimiter in DELIMITERS:
            score = heading_score(_first_line_cells(sample, delimiter))
            # more recognised headings first; then the likelier encoding, then the
            # delimiter order (a one-column file is read with commas)
            key = (score, -order)
            if best is None or key > (best[0], best[1]):
                best = (score, -order, encoding, delimiter, text)
    assert best is not None  # _decodings returns at least one or raises
    score, _order, encoding, delimiter, text = best
    if not text.strip():
        raise SpreadsheetError(_("The file is empty."))
    if not score and "\x00" in text:
        # no heading recognised and NUL characters: binary data, not an entry list
        raise SpreadsheetError(_("The file is not text (it holds NUL characters)."))
    return Spreadsheet(
        [Sheet("", _csv_rows(text, delimiter))],
        "csv",
        ENCODING_NAMES.get(encoding, encoding),
        delimiter,
    )


def _csv_rows(text: str, delimiter: str) -> list[list[str]]:
    rows: list[list[str]] = []
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=False)
    try:
        for cells in reader:
            if len(rows) > MAX_ROWS:
                if any(cell.strip() for cell in cells):
                    raise SpreadsheetError(
                        _("The file has more than %(limit)d lines of entries.")
                        % {"limit": MAX_ROWS}
                    )
                continue
            rows.append(_bounded(cells, reader.line_num))
    except csv.Error as error:
        raise SpreadsheetError(
            _("Line %(line)d cannot be read: %(error)s") % {"line": reader.line_num, "error": error}
        ) from None
    return rows


def _bounded(cells: list[str], line: int) -> list[str]:
    """A line's cells within the bounds: trailing empty cells dropped (spreadsheets export
    ``a,b,,,,``), at most :data:`MAX_COLUMNS`, each cell cut one character past
    :data:`MAX_CELL_CHARACTERS`."""
    while cells and not cells[-1].strip():
        cells.pop()
    if len(cells) > MAX_COLUMNS:
        raise SpreadsheetError(
            _("Line %(line)d has more than %(limit)d columns.")
            % {"line": line, "limit": MAX_COLUMNS}
        )
    return [cell[: MAX_CELL_CHARACTERS + 1] for cell in cells]


# --- XLSX ---------------------------------------------------------------------------------


def _check_zip(content: bytes) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise SpreadsheetError(_("The Excel file cannot be read: it is damaged.")) from None
    if sum(part.file_size for part in parts) > MAX_XLSX_UNPACKED_BYTES:
        raise SpreadsheetError(
            _("The Excel file unpacks to more than %(limit)d MB.")
            % {"limit": MAX_XLSX_UNPACKED_BYTES // 2**20}
        )
    names = {part.filename for part in parts}
    if "xl/workbook.xml" not in names:
        if "mimetype" in names or "content.xml" in names:
            raise SpreadsheetError(
                _("This is an OpenDocument file (.ods): save it as .xlsx or as CSV.")
            )
        raise SpreadsheetError(_("The Excel file cannot be read: it is not an .xlsx file."))


def _read_xlsx(content: bytes) -> list[Sheet]:
    import openpyxl

    _check_zip(content)
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds for a damaged file
        raise SpreadsheetError(_("The Excel file cannot be read: it is damaged.")) from None
    sheets: list[Sheet] = []
    lines = 0
    try:
        for sheet in workbook.worksheets[:MAX_SHEETS]:
            if getattr(sheet, "sheet_state", "visible") != "visible":
                continue
            rows = _sheet_rows(sheet, MAX_ROWS + 1 - lines)
            while rows and not any(rows[-1]):
                rows.pop()
            if rows:
                sheets.append(Sheet(str(sheet.title), rows, _beyond_bounds(sheet)))
                lines += len(rows) - 1
    except SpreadsheetError:
        raise
    except Exception:
        raise SpreadsheetError(_("The Excel file cannot be read: it is damaged.")) from None
    finally:
        workbook.close()
    if not sheets:
        raise SpreadsheetError(_("The file is empty."))
    return sheets


def _beyond_bounds(sheet: Any) -> str:
    """The extent a sheet declares (its ``dimension``), when it reaches beyond the lines and
    columns read ("" otherwise)."""
    rows, columns = sheet.max_row, sheet.max_column
    if (rows or 0) <= MAX_ROWS + 1 and (columns or 0) <= MAX_COLUMNS:
        return ""
    return f"{column_letter((columns or 1) - 1)}{rows or 1}"


def _sheet_rows(sheet: Any, room: int) -> list[list[str]]:
    """The sheet's lines as text, read row by row and never beyond the bounds, whatever
    extent the sheet declares. ``room``: lines of entries still allowed."""
    rows: list[list[str]] = []
    for number, values in enumerate(
        sheet.iter_rows(min_row=1, max_row=room + 2, max_col=MAX_COLUMNS + 1, values_only=True),
        start=1,
    ):
        cells = [_cell_text(value) for value in values]
        if number > room + 1:
            if any(cells):
                raise SpreadsheetError(
                    _("The file has more than %(limit)d lines of entries.") % {"limit": MAX_ROWS}
                )
            break
        while cells and not cells[-1]:
            cells.pop()
        if len(cells) > MAX_COLUMNS:
            raise SpreadsheetError(
                _("Sheet %(sheet)s, line %(line)d has more than %(limit)d columns.")
                % {"sheet": sheet.title, "line": number, "limit": MAX_COLUMNS}
            )
        rows.append(cells)
    return rows


def _cell_text(value: object) -> str:
    """A cell's value as the text a CSV of it would hold: whole numbers without ``.0``,
    other numbers to 15 significant digits (what Excel shows), dates ISO."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return format(value, ".15g")
    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time():
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value).strip()[: MAX_CELL_CHARACTERS + 1]
