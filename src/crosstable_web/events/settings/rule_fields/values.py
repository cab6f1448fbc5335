"""A value of the TOML file as a settings box shows it, and a box's text as the file writes
it back: tables walked and merged as the loader merges them, dates and moments in the
event's calendar, points, clocks, lines.
"""

from __future__ import annotations

import datetime
import re
from fractions import Fraction
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from crosstable.regulations import loader
from crosstable.typed import TypedValueError
from crosstable.typed.calendars import Calendar, parse_date
from crosstable.typed.dates import read_date
from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable_web.common.localisation import digits
from crosstable_web.events.settings import regulation_edits as edits
from crosstable_web.events.settings.settings_forms import (
    box_calendar,
)


def table_at_path(table: Any, path: tuple[str, ...]) -> Any:
    for name in path:
        if not isinstance(table, dict):
            return None
        table = table.get(name)
    return table


def merged_tables(defaults: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    """A section as the loader reads it: its own keys over ``[section_defaults]``'s (the
    loader's own merge, so the boxes show what the loader reads)."""
    return loader._deep_merge(defaults, own)


def as_date(value: Any, calendar: Calendar) -> datetime.date | None:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return parse_date(value[:10], calendar)
        except ValueError:
            return None
    return None


def _moment_parts(value: Any, calendar: Calendar) -> tuple[datetime.date | None, str]:
    """A deadline of the file (a TOML date or date-time, or ``"1398-08-15 11:00"`` in the
    file's calendar) as its day and its time (``""``: the day alone)."""
    if isinstance(value, datetime.datetime):
        return value.date(), f"{value:%H:%M}"
    if isinstance(value, datetime.date):
        return value, ""
    if isinstance(value, str):
        return as_date(value, calendar), value[10:].strip()
    return None, ""


def moment_text(value: Any, calendar: Calendar) -> str:
    """A deadline as its box shows it: the day in the box's calendar (Jalali on a Persian
    page), then the time at the venue."""
    day, time = _moment_parts(value, calendar)
    if day is None:
        return "" if value is None else str(value)
    shown = box_calendar(calendar)
    text = str(edits.date_in_file(day, shown, "")) if shown is Calendar.JALALI else day.isoformat()
    return digits(f"{text} {time}".strip())


_MOMENT = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:\s+(\d{1,2})[:.](\d{2}))?")


def points_text(value: Any) -> str:
    """Points as the pages write them: a half as ``½`` (``1½``), as every result and score
    is shown, not the file's ``1/2`` (which a Persian page turned into ``۱/۲`` beside the
    ``½`` of its scores: issue 26.11); other values as the file has them."""
    if value is None or isinstance(value, bool):
        return ""
    try:
        points = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return str(value)
    if points.denominator == 2:
        whole = points.numerator // 2
        return f"{whole or ''}½"
    return str(value)


_WITH_HALF = re.compile(r"(\d*)\s*½")


def points_value(text: str) -> Any:
    """``1``, ``1/2``, ``0.5``, ``½``, ``1½`` typed with any digits → the file's ``1`` or
    ``"1/2"``."""
    plain = as_typed_on_a_latin_keyboard(text).strip().replace("٫", ".")
    half = _WITH_HALF.fullmatch(plain)
    try:
        value = Fraction(int(half[1] or 0)) + Fraction(1, 2) if half else Fraction(plain)
    except (ValueError, ZeroDivisionError):
        raise forms.ValidationError(
            _("“%(value)s” is not a number of points: write it as 1, ½ or 0.5.") % {"value": text}
        ) from None
    if value < 0 or value > 1000:
        raise forms.ValidationError(_("Points from 0 to 1000."))
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def plain_data(value: Any) -> Any:
    """TOML data compared by meaning: dates as dates, points as fractions."""
    if isinstance(value, dict):
        return {str(k): plain_data(v) for k, v in value.items()} or None
    if isinstance(value, list):
        return [plain_data(v) for v in value] or None
    return value


def clock_value(value: Any) -> datetime.time | None:
    """A time of the file (``"09:30"`` or a TOML time) as a time."""
    if isinstance(value, datetime.time):
        return value.replace(second=0)
    if isinstance(value, str) and re.fullmatch(r"\d{1,2}:\d{2}", value.strip()):
        hour, minute = value.strip().split(":")
        if int(hour) < 24 and int(minute) < 60:
            return datetime.time(int(hour), int(minute))
    return None


def lines_of(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in re.split(r"[\n,，،、]", text) if part.strip())


def moment_value(text: str, calendar: Calendar) -> str | None:
    """A deadline typed ``1398/08/15 11:00`` (any digits, the day in the box's calendar) →
    as the file writes it, in its own calendar: ``"1398-08-15 11:00"``."""
    plain = as_typed_on_a_latin_keyboard(text).strip()
    if not plain:
        return None
    shown = box_calendar(calendar)
    example = digits("1398/08/15 11:00" if shown is Calendar.JALALI else "2019-12-15 18:00")
    refusal = forms.ValidationError(
        _("“%(value)s” is not a day and a time: write it as %(example)s.")
        % {"value": text, "example": example}
    )
    match = _MOMENT.fullmatch(plain)
    if match is None:
        raise refusal
    year, month, date, hour, minute = match.groups()
    try:
        day = read_date(f"{year}-{month}-{date}", shown)
    except TypedValueError:
        raise refusal from None
    moment = str(edits.date_in_file(day, calendar, ""))
    if hour is not None:
        if int(hour) > 24 or int(minute) > 59:
            raise refusal
        moment += f" {int(hour):02d}:{minute}"
    return moment
