"""The promotion report as a table for the association's application (CSV, spreadsheets).

One row per player: section, pairing number, name, unit, grade on entry, games, points,
score rate, new grade, the date the result is valid until (promoted players only) and a
note. Values are written the same in every language — numbers in ASCII digits, points and
rates as decimals, the date as ``YYYY-MM-DD`` in the event's calendar, grades in the
regulations' own words; only the headings and notes are the caller's (the web app gives
them in the reader's language, ``crosstable grades`` in English).
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Callable, Sequence
from fractions import Fraction

from crosstable.grades.promotion import Cap, Outcome, PromotionLine, SectionPromotions
from crosstable.model.points import points_text
from crosstable.typed.calendars import Calendar, write_date

COLUMNS: tuple[tuple[str, str], ...] = (
    ("section", "Section"),
    ("number", "No."),
    ("name", "Name"),
    ("unit", "Unit"),
    ("grade_on_entry", "Grade on entry"),
    ("games", "Games"),
    ("points", "Points"),
    ("score_rate", "Score rate (%)"),
    ("new_grade", "New grade"),
    ("valid_until", "Valid until"),
    ("note", "Note"),
)
"""Column code and English heading, in order."""

Note = Callable[[PromotionLine, SectionPromotions], str]

format_points = points_text
"""Points as an exact decimal (``3.5``): the one way scores are written (the pairing's)."""


def format_rate(rate: Fraction | None) -> str:
    """A score rate in percent, cut (never rounded up) to two decimals: ``4/7`` → ``57.14``,
    ``1/2`` → ``50``; a rate just under a threshold never prints as the threshold."""
    if rate is None:
        return ""
    hundredths = int(rate * 10_000)  # floor for rates >= 0
    whole, part = divmod(hundredths, 100)
    if part == 0:
        return str(whole)
    return f"{whole}.{part:02d}".rstrip("0")


def grade_on_entry(line: PromotionLine) -> str:
    """The rung's name, or the grade as recorded when it is not on the ladder."""
    return line.on_entry.name if line.on_entry is not None else line.recorded_grade


def english_note(line: PromotionLine, report: SectionPromotions) -> str:
    """Why the line reads as it does, in English (``crosstable grades``)."""
    rule = line.rule
    parts: list[str] = []
    if line.adult_rule:
        parts.append(f"adult rule: entered as {grade_on_entry(line)}")
    match line.outcome:
        case Outcome.PROMOTED:
            pass
        case Outcome.CAPPED | Outcome.NOT_AWARDABLE:
            assert line.earned is not None
            highest = report.grades.highest_name()
            caps = []
            for cap in line.caps:
                if cap is Cap.HIGHEST:
                    caps.append(f"the event awards at most {highest}")
                elif cap is Cap.ROUNDS:
                    caps.append(f"the section has {report.rounds} rounds")
                else:
                    caps.append(f"games of {format_points(report.minutes or Fraction(0))} minutes")
            verb = "capped" if line.outcome is Outcome.CAPPED else "not awarded"
            parts.append(f"earned {line.earned.name}, {verb}: " + "; ".join(caps))
        case Outcome.RATE_BELOW:
            assert rule is not None
            parts.append(f"below {format_points(rule.rate_percent)}%")
        case Outcome.TOO_FEW_GAMES:
            assert rule is not None
            parts.append(f"fewer than {rule.min_games} games")
        case Outcome.NO_RULE:
            parts.append("no promotion rule from this grade")
        case Outcome.RESULTS_CANCELLED:
            parts.append("withdrawn after forfeits, results cancelled")
        case Outcome.HOUSE_PLAYER:
            parts.append("house player")
        case Outcome.GRADE_NOT_ON_LADDER:
            parts.append(f"grade {line.recorded_grade!r} is not on the regulations' ladder")
    return "; ".join(parts)


def report_table(
    reports: Sequence[SectionPromotions],
    *,
    valid_until: datetime.date | None,
    calendar: Calendar,
    note: Note = english_note,
) -> list[list[str]]:
    """The rows (without headings) of ``reports``, section after section."""
    until = write_date(valid_until, calendar) if valid_until is not None else ""
    rows = []
    for report in reports:
        for line in report.lines:
            rows.append(
                [
                    report.label,
                    str(line.number),
                    line.name,
                    line.unit,
                    grade_on_entry(line),
                    str(line.games),
                    format_points(line.points),
                    format_rate(line.rate),
                    line.awarded.name if line.awarded is not None else "",
                    until if line.awarded is not None else "",
                    note(line, report),
                ]
            )
    return rows


def report_csv(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """CSV text (comma-separated, quoted where needed, ``\\r\\n`` line ends as Excel writes)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(headings)
    writer.writerows(rows)
    return buffer.getvalue()
