"""Errors and warnings about TRF text, each naming the place (source, line, column)."""

from __future__ import annotations

import dataclasses


class TrfError(ValueError):
    """TRF input that cannot be read, with the place and what was expected there.

    ``str(error)`` reads like ``game.trf line 14, column 99: result code 'Q' is not one of
    1 = 0 + - W D L H F U Z``.
    """

    def __init__(
        self,
        problem: str,
        *,
        source: str = "<string>",
        line: int | None = None,
        column: int | None = None,
        text: str = "",
        expected: str = "",
    ) -> None:
        self.problem = problem
        self.source = source
        self.line = line
        self.column = column
        self.text = text
        self.expected = expected
        super().__init__(self.message)

    @property
    def location(self) -> str:
        return format_location(self.source, self.line, self.column)

    @property
    def message(self) -> str:
        return f"{self.location}: {self.problem}"

    def __str__(self) -> str:
        return self.message


@dataclasses.dataclass(frozen=True, slots=True)
class TrfProblem:
    """One inconsistency found by :func:`check_tournament` (a warning, or an error)."""

    severity: str
    """``"error"`` (the data contradicts itself) or ``"warning"`` (suspicious but usable)."""
    message: str
    source: str = "<string>"
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        return f"{format_location(self.source, self.line, self.column)}: {self.severity}: " + (
            self.message
        )


def format_location(source: str, line: int | None, column: int | None) -> str:
    place = source
    if line is not None:
        place += f" line {line}"
        if column is not None:
            place += f", column {column}"
    return place
