"""The line cursor of the TRF reader: the line being read, its number, and reading its fields
with errors that name the line and column (:class:`TrfError`). The record readers
(:mod:`~crosstable.formats.trf.reader`, :mod:`~crosstable.formats.trf.team_records`) share it.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import NoReturn

from crosstable.formats.trf import records
from crosstable.formats.trf.errors import TrfError
from crosstable.formats.trf.records import Field

_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


class LineReader:
    """TRF lines read one at a time: ``line`` (trailing blanks removed) is line
    ``line_number`` (1-based) of ``lines``."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.removeprefix("\ufeff").splitlines()
        self.source = source
        self.line_number = 0
        self.line = ""

    def line_text(self, line_number: int | None) -> str:
        if line_number is None or not 1 <= line_number <= len(self.lines):
            return ""
        return self.lines[line_number - 1]

    def fail(
        self,
        problem: str,
        field: Field | None = None,
        *,
        column: int | None = None,
        expected: str = "",
        line_number: int | None = None,
    ) -> NoReturn:
        if field is not None and column is None:
            column = field.first
            raw = field.cut(self.line)
            stripped = raw.lstrip()
            if stripped:
                column += len(raw) - len(stripped)
        line_number = self.line_number if line_number is None else line_number
        raise TrfError(
            problem,
            source=self.source,
            line=line_number,
            column=column,
            text=self.line_text(line_number),
            expected=expected,
        )

    def value(self) -> str:
        """The free-text value of a header record (column 5 on)."""
        return self.line[4:].strip()

    def integer(self, field: Field, what: str, *, minimum: int = 1, maximum: int = 9999) -> int:
        text = field.cut(self.line).strip()
        if not is_number(text) or not minimum <= int(text) <= maximum:
            shown = f"'{text}'" if text else "blank"
            self.fail(
                f"{what} {shown} is not a number from {minimum} to {maximum}",
                field,
                expected=f"a number from {minimum} to {maximum}",
            )
        return int(text)

    def token_integer(self, token: str, what: str, column: int) -> int:
        if not is_number(token) or int(token) < 1:
            self.fail(
                f"{what} '{token}' is not a positive number",
                column=column,
                expected="a positive whole number",
            )
        return int(token)

    def points_value(self, text: str, what: str, column: int) -> Fraction:
        text = text.strip()
        if not _NUMBER.fullmatch(text):
            shown = f"'{text}'" if text else "blank"
            self.fail(
                f"{what} {shown} is not a number like 2.5",
                column=column,
                expected="a decimal number like 2.5",
            )
        return Fraction(text)

    def tokens(self, first_column: int = 5) -> list[tuple[int, str]]:
        """Whitespace-separated tokens from ``first_column`` with their 1-based columns."""
        return [
            (match.start() + 1, match.group())
            for match in re.finditer(r"\S+", self.line)
            if match.start() + 1 >= first_column
        ]

    def id_list(self, first_column: int, what: str) -> list[int]:
        """Ids in 4-column fields every 5 columns from ``first_column`` to the end of line."""
        numbers = []
        column = first_column
        while column <= len(self.line):
            field = Field(what, column, column + records.MEMBER_WIDTH - 1, "right")
            if field.cut(self.line).strip():
                numbers.append(self.integer(field, what))
            gap = self.line[column + records.MEMBER_WIDTH - 1 : column + records.MEMBER_STEP - 1]
            if gap.strip():
                self.fail(
                    f"{what}s must be 4-column numbers {records.MEMBER_STEP} columns "
                    f"apart; found '{gap}'",
                    column=column + records.MEMBER_WIDTH,
                    expected="a blank separator column",
                )
            column += records.MEMBER_STEP
        return numbers

    def optional_points(self, field: Field) -> Fraction | None:
        text = field.cut(self.line)
        if not text.strip():
            return None
        return self.points_value(text, field.name, field.first)


def is_number(text: str) -> bool:
    """ASCII digits only (str.isdigit also accepts '²' and other digits int() refuses)."""
    return text.isascii() and text.isdigit()
