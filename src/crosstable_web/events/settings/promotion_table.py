"""Loading the association's promotion table into an event's ``[grades]``.

A template's ``[grades]`` may carry an example table (``example = true``: the association's
"晋升对照表" is not public). The organiser loads the real one before printing the report:
rows of four values — the grade on entry, the score rate in percent, the fewest games and
the grade earned — from a CSV file or pasted from a spreadsheet. The rows replace
``grades.promotions``, the table's name becomes ``grades.source`` and ``example`` goes: the
report no longer says its thresholds are an example. The new text is applied as every other
settings change (``event_settings.apply_regulations``: organisers only, audited, checked by
the loader against the ladder).
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction

import tomlkit
from django.utils.translation import gettext as _

from crosstable.regulations import GradeRules
from crosstable.typed import TypedValueError
from crosstable.typed.digits import as_typed_on_a_latin_keyboard, read_whole_number
from crosstable.typed.people import read_grade
from crosstable_web.events import models
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.settings import event_settings

MAX_ROWS = 500
"""More rows than any grade ladder needs (17 rungs, a few rates each): a wrong file."""


class TableError(ValueError):
    """A row of the loaded table that cannot be read (the message names its line)."""


def _cells(text: str) -> list[tuple[int, list[str]]]:
    """The non-empty lines of ``text`` as cells, split at tabs (a spreadsheet's copy), or
    else at commas, semicolons or Chinese commas (a CSV file), with their line numbers."""
    lines: list[tuple[int, list[str]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if "\t" in line:
            cells = line.split("\t")
        else:
            cells = next(csv.reader(io.StringIO(re.sub("[，;；、]", ",", line))))
        lines.append((number, [cell.strip() for cell in cells]))
    return lines


def _grade_key(text: str, grades: GradeRules) -> str | None:
    """The ladder key a cell names: the key itself, the rung's printed name, or a numbered
    grade however written (``3``, ``三级``, ``درجه ۳``); None when no rung matches."""
    for grade in grades.ladder:
        if text in (grade.key, grade.name):
            return grade.key
    try:
        number = read_grade(text)
    except TypedValueError:
        return None
    keys = {grade.key for grade in grades.ladder}
    return str(number) if number is not None and str(number) in keys else None


def _rate(text: str) -> Fraction | None:
    """A percentage 0-100 typed with any digits (``62.5``, ``۶۲٫۵``, ``75%``), exact."""
    cleaned = as_typed_on_a_latin_keyboard(text).replace("٫", ".").strip().rstrip("%％").strip()
    if len(cleaned) > 20:
        return None
    try:
        rate = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        return None
    return rate if 0 <= rate <= 100 else None


def read_table(text: str, grades: GradeRules) -> list[dict[str, object]]:
    """The promotion rules of the pasted or uploaded ``text``; a first line that is not a
    rule (its rate and games are no numbers) is taken for the headings and skipped.
    :class:`TableError` names the first line that cannot be read."""
    rows: list[dict[str, object]] = []
    lines = _cells(text)
    if len(lines) > MAX_ROWS:
        raise TableError(_("The table has more than %(count)d rows.") % {"count": MAX_ROWS})
    for index, (number, cells) in enumerate(lines):
        if len(cells) != 4:
            if index == 0 and len(cells) > 1:
                continue  # headings of another width are still headings
            raise TableError(
                _(
                    "Line %(line)d: expected four values (grade on entry, score rate, "
                    "fewest games, grade earned), found %(count)d."
                )
                % {"line": number, "count": len(cells)}
            )
        source, rate_text, games_text, earned = cells
        rate = _rate(rate_text)
        try:
            games = read_whole_number(games_text, 1, 99)
        except TypedValueError:
            games = None
        if index == 0 and rate is None and games is None:
            continue  # the headings
        if rate is None:
            raise TableError(
                _("Line %(line)d: the score rate “%(value)s” is not a percentage from 0 to 100.")
                % {"line": number, "value": rate_text}
            )
        if games is None:
            raise TableError(
                _("Line %(line)d: the fewest games “%(value)s” is not a whole number from 1 to 99.")
                % {"line": number, "value": games_text}
            )
        keys = []
        for cell in (source, earned):
            key = _grade_key(cell, grades)
            if key is None:
                raise TableError(
                    _("Line %(line)d: “%(value)s” is no grade of the regulations' list.")
                    % {"line": number, "value": cell}
                )
            keys.append(key)
        rows.append(
            {
                "from": int(keys[0]) if keys[0].isdigit() else keys[0],
                # exact, as the file writes points: 50 or "125/2", never a float
                "rate": rate.numerator if rate.denominator == 1 else str(rate),
                "min_games": games,
                "to": int(keys[1]) if keys[1].isdigit() else keys[1],
            }
        )
    if not rows:
        raise TableError(_("The table has no promotion rule."))
    return rows


def load_table(event: models.Event, text: str, source: str, actor: Actor) -> int:
    """Replace the event's promotion rules with the table ``text`` named ``source``; the
    number of rules loaded. :class:`TableError` or ``event_settings.SettingsError``."""
    regulations = event_settings.read(event_settings.current_text(event))
    if regulations.grades is None:
        raise TableError(_("The regulations of this event have no grade promotion rules."))
    rows = read_table(text, regulations.grades)
    document = tomlkit.parse(event_settings.current_text(event))
    grades = document["grades"]
    promotions = tomlkit.array()
    promotions.multiline(True)
    for row in rows:
        rule = tomlkit.inline_table()
        rule.update(row)
        promotions.append(rule)
    grades["promotions"] = promotions
    grades["source"] = source
    if "example" in grades:
        del grades["example"]
    event_settings.apply_regulations(event, tomlkit.dumps(document), actor)
    return len(rows)
