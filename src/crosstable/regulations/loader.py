"""Loading a regulations file: TOML text -> checked ``Regulations``, or an error naming the key.

This module reads the ``[event]`` table and puts the file together; each other table is read by
its own module: ``schedule_table``, ``fee_table`` (and its discounts), ``section_table`` (a
``[[sections]]`` table) with ``pairing_table``, ``scoring_table``, ``prize_table``,
``team_table`` and ``condition_table`` (``where`` conditions) inside it, ``grade_table`` and
``registration``; the bounds every value is checked against are in ``limits``.

The file format is documented key by key in docs/regulations.md. Besides checking each value,
the loader lists in ``Regulations.unsupported`` every declared rule the engine does not apply
yet, with the issue that will bring it, so that nothing a file says is silently ignored.
"""

from __future__ import annotations

import copy
import re
import tomllib
import zoneinfo
from pathlib import Path
from typing import Any

from crosstable import languages
from crosstable.message import Key, Message, Quoted
from crosstable.regulations.fee_table import read_fees
from crosstable.regulations.grade_table import read_grades
from crosstable.regulations.limits import (
    MAX_AGE,
    MAX_FILE_CHARACTERS,
    MAX_GRADE,
    MAX_NAME,
    MAX_NESTING,
)
from crosstable.regulations.reader import (
    RegulationsError,
    TableReader,
    describe,
    expected_one_of,
)
from crosstable.regulations.registration import read_registration
from crosstable.regulations.schedule_table import read_named_schedules, read_schedule_items
from crosstable.regulations.schema import (
    AdultGradeRule,
    Deadlines,
    Game,
    Regulations,
)
from crosstable.regulations.section_table import read_section
from crosstable.typed.calendars import Calendar

TOO_DEEP = Message("arrays or tables nested too deeply")


def _toml_error(error: tomllib.TOMLDecodeError) -> Message:
    """Where the TOML parser stopped (its own words name the line and column)."""
    where = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
    if where is None:
        return Message("not valid TOML: %(reason)s", reason=Quoted(str(error)))
    return Message(
        "not valid TOML: the text cannot be read at line %(line)s, column %(column)s",
        line=int(where[1]),
        column=int(where[2]),
    )


def load_regulations(path: str | Path) -> Regulations:
    """Read and check the regulations file at ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RegulationsError(
            str(path),
            "",
            Message("cannot read the file: %(reason)s", reason=Quoted(error.strerror or "")),
        ) from None
    except UnicodeDecodeError:
        raise RegulationsError(str(path), "", Message("the file is not UTF-8 text")) from None
    return parse_regulations(text, str(path))


def _nesting(text: str) -> int:
    """How deep brackets and braces nest in ``text`` (an upper bound: brackets inside
    strings count too, which only errs towards refusing)."""
    depth = deepest = 0
    for character in text:
        if character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth = max(0, depth - 1)
    return deepest


def parse_regulations(text: str, source: str = "<regulations>") -> Regulations:
    """Read and check regulations given as TOML text; ``source`` names it in errors."""
    if len(text) > MAX_FILE_CHARACTERS:
        raise RegulationsError(
            source,
            "",
            Message(
                "longer than %(most)s characters: not a regulations file",
                most=MAX_FILE_CHARACTERS,
            ),
        )
    if _nesting(text) > MAX_NESTING:
        raise RegulationsError(
            source,
            "",
            Message("arrays or tables nested more than %(most)s levels deep", most=MAX_NESTING),
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RegulationsError(source, "", _toml_error(error)) from None
    except RecursionError:
        raise RegulationsError(source, "", TOO_DEEP) from None
    try:
        return _Loader(data, source).regulations()
    except RecursionError:
        raise RegulationsError(source, "", TOO_DEEP) from None


class _Loader:
    def __init__(self, data: dict[str, Any], source: str) -> None:
        self.source = source
        self.data = data
        event = data.get("event")
        if not isinstance(event, dict):
            raise RegulationsError(source, "event", Message("missing (required table)"))
        calendar_name = event.get("calendar", "gregorian")
        try:
            self.calendar = Calendar(calendar_name)
        except ValueError:
            raise RegulationsError(
                source,
                "event.calendar",
                expected_one_of(tuple(c.value for c in Calendar), describe(calendar_name)),
            ) from None
        self.root = TableReader(data, "", source, self.calendar)
        self.gaps: list[str] = []

    def regulations(self) -> Regulations:
        root = self.root
        event = root.table("event")
        assert event is not None
        name = event.string("name", max_length=MAX_NAME, name_like=True)
        game = Game(event.choice("game", tuple(g.value for g in Game)))
        language = event.choice("language", languages.codes(), "en")
        event.raw("calendar")
        start_date = event.date("start_date")
        end_date = event.date("end_date")
        if start_date and end_date and end_date < start_date:
            raise event.error("end_date", Message("is before %(key)s", key=Key("event.start_date")))
        venue = event.string("venue", "")
        time_zone = self._time_zone(event)
        organiser = event.string("organiser", "")
        laws = event.string("laws", "")
        priority = event.choice("capacity_priority", ("", "payment_date", "entry_date"), "")
        adult_rule = self._adult_rule(event, start_date)
        event.finish()
        schedules = read_named_schedules(root)
        items = tuple(read_schedule_items(root))
        defaults_reader = root.table("section_defaults")
        defaults = defaults_reader.data if defaults_reader else {}
        sections = tuple(
            read_section(reader, game, schedules, adult_rule, self.gaps)
            for reader in self._merged_sections(defaults)
        )
        if not sections:
            raise root.error(
                "sections", Message("missing: at least one [[sections]] table is required")
            )
        keys = [section.key for section in sections]
        for index, key in enumerate(keys):
            if key in keys[:index]:
                raise root.error(
                    f"sections[{index}].key",
                    Message("duplicate section key %(key)s", key=Quoted(key)),
                )
        last_day = end_date or start_date
        for index, section in enumerate(sections):
            born = section.eligibility.born_on_or_after
            if last_day is not None and born is not None and born > last_day:
                # a birth-date limit typed a year or a century off: no player is born yet
                raise root.error(
                    f"sections[{index}].eligibility.born_on_or_after",
                    Message("is after the event's last day: no player is born yet"),
                )
        fees = read_fees(root, set(keys))
        deadlines = self._deadlines()
        grades = read_grades(root, sections, end_date)
        registration = read_registration(root, sections, deadlines)
        root.finish()
        return Regulations(
            name=name,
            game=game,
            language=language,
            calendar=self.calendar,
            sections=sections,
            start_date=start_date,
            end_date=end_date,
            venue=venue,
            time_zone=time_zone,
            organiser=organiser,
            laws=laws,
            fees=fees,
            deadlines=deadlines,
            capacity_priority=priority,
            adult_grade_rule=adult_rule,
            schedule_items=items,
            grades=grades,
            registration=registration,
            unsupported=tuple(self.gaps),
            source=self.source,
        )

    # --- event-level tables --------------------------------------------------------------

    def _time_zone(self, event: TableReader) -> str:
        """``event.time_zone``: an IANA name (``Asia/Tehran``); "" when the file names none."""
        name = event.string("time_zone", "")
        if not name:
            return ""
        try:
            zoneinfo.ZoneInfo(name)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            raise event.error(
                "time_zone",
                Message(
                    "unknown time zone %(zone)s: use an IANA name such as "
                    '"Asia/Kuala_Lumpur", "Asia/Shanghai" or "Asia/Tehran"',
                    zone=Quoted(name),
                ),
            ) from None
        return name

    def _adult_rule(self, event: TableReader, start: Any) -> AdultGradeRule | None:
        table = event.table("adult_grade_rule")
        if table is None:
            return None
        age_on = table.date("age_on") or start
        if age_on is None:
            raise table.error(
                "age_on",
                Message("missing: needed when %(key)s is not set", key=Key("event.start_date")),
            )
        rule = AdultGradeRule(
            adult_age=table.integer("adult_age", 1, maximum=MAX_AGE),
            lowest_grade=table.integer("lowest_grade", 1, maximum=MAX_GRADE),
            age_on=age_on,
        )
        table.finish()
        return rule

    def _merged_sections(self, defaults: dict[str, Any]) -> list[TableReader]:
        readers = []
        for reader in self.root.tables("sections"):
            merged = _deep_merge(defaults, reader.data)
            readers.append(
                TableReader(merged, reader.path, self.source, self.calendar, own=reader.data)
            )
        return readers

    def _deadlines(self) -> Deadlines:
        table = self.root.table("deadlines")
        if table is None:
            return Deadlines()
        deadlines = Deadlines(
            registration=table.datetime("registration"),
            documents=table.datetime("documents"),
            name_change_minutes_before_start=table.optional_int("name_change_minutes_before_start"),
            additions_after_list=table.boolean("additions_after_list", True),
            changes_need_approval=table.boolean("changes_need_approval", False),
        )
        table.finish()
        return deadlines


def _deep_merge(defaults: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """``overrides`` on top of ``defaults``: tables merge key by key, other values replace."""
    merged = copy.deepcopy(defaults)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged
