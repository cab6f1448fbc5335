"""The settings page's structured fields for the schedule, each section's eligibility and
the fees, written into the regulations file.

Like the event's common settings (``event_settings.edited_text``) every edit here changes
the TOML document with ``tomlkit`` — comments, layout and every key the fields do not show
stay — and the new text is read by the same loader as an uploaded file. A value is written
only where the organiser changed it, at the place the file keeps it: a schedule shared by
several sections (``[schedules]``, ``[section_defaults]``) is edited once, for all of them;
a section that inherits a value from ``[section_defaults]`` and is given another one gets
its own, the other sections keep theirs.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime
import tomllib
from decimal import Decimal
from typing import Any

import tomlkit
from tomlkit.items import AoT

from crosstable.regulations import Regulations
from crosstable.regulations.schema import Eligibility
from crosstable.typed.calendars import Calendar, gregorian_to_jalali

# --- the schedule -------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class ScheduleRow:
    """One round of a schedule (empty values: not given)."""

    date: datetime.date | None = None
    start: datetime.time | None = None
    end: datetime.time | None = None

    @property
    def empty(self) -> bool:
        return self.date is None and self.start is None and self.end is None


@dataclasses.dataclass(frozen=True, slots=True)
class ScheduleSource:
    """Where one schedule is written — a section's own ``schedule`` array (``kind``
    "section", ``name`` its position), ``[section_defaults]``'s ("defaults"), a named
    ``[schedules]`` entry ("named", ``name``), or none yet for several sections of one
    number of rounds ("group", ``name`` their positions: ``3,4,5``) — and the sections that
    follow it."""

    kind: str
    name: str
    sections: tuple[str, ...]
    rows: tuple[ScheduleRow, ...]
    key_prefix: str
    """The loader's key of the array (``sections[2].schedule``, ``schedules.table_a``)."""
    rounds: int | None = None
    """The rounds its sections state (None: left open): the rows a saving keeps, filled or
    not, so a schedule typed in part is saved rather than refused for its length."""


def schedule_sources(
    text: str, regulations: Regulations, rounds: dict[str, int]
) -> list[ScheduleSource]:
    """Every schedule of the file once, in the order of the sections that follow it.
    ``rounds``: each section's number of rounds (where the regulations leave it open), the
    rows an unscheduled section is offered. Sections without a schedule that state the same
    number of rounds are offered one schedule (a timetable typed once for all of them)."""
    data = tomllib.loads(text)
    defaults = data.get("section_defaults", {})
    found: dict[tuple[str, str], list[str]] = {}
    indices: dict[tuple[str, str], list[int]] = {}
    rows: dict[tuple[str, str], tuple[ScheduleRow, ...]] = {}
    prefixes: dict[tuple[str, str], str] = {}
    stated: dict[tuple[str, str], int | None] = {}
    for index, (table, section) in enumerate(
        zip(data.get("sections", []), regulations.sections, strict=False)
    ):
        own = table.get("schedule")
        inherited = defaults.get("schedule") if isinstance(defaults, dict) else None
        written = own if own is not None else inherited
        if isinstance(written, str):
            place, prefix = ("named", written), f"schedules.{written}"
        elif own is None and inherited is not None:
            place, prefix = ("defaults", ""), f"sections[{index}].schedule"
        elif own is None and section.rounds is not None:
            place, prefix = ("group", f"rounds {section.rounds}"), f"sections[{index}].schedule"
        else:
            place, prefix = ("section", str(index)), f"sections[{index}].schedule"
        found.setdefault(place, []).append(section.key)
        indices.setdefault(place, []).append(index)
        prefixes.setdefault(place, prefix)
        stated.setdefault(place, section.rounds)
        if place not in rows:
            slots = tuple(ScheduleRow(s.date, s.start, s.end) for s in section.schedule)
            wanted = section.rounds or rounds.get(section.key, 0)
            rows[place] = slots or tuple(ScheduleRow() for _ in range(wanted))
    sources = []
    for (kind, name), keys in found.items():
        place = (kind, name)
        if kind == "group":  # one section: its own schedule, as before; several: shared
            numbers = indices[place]
            kind, name = ("section", str(numbers[0])) if len(numbers) == 1 else ("group", "")
            name = name or ",".join(map(str, numbers))
        sources.append(
            ScheduleSource(kind, name, tuple(keys), rows[place], prefixes[place], stated[place])
        )
    return sources


def write_schedule(document: Any, source: ScheduleSource, rows: list[ScheduleRow]) -> None:
    """``rows`` as the schedule ``source`` names. Trailing empty rows are dropped where the
    sections leave their rounds open; where they state them the rows are kept (a round
    without its day yet), and a schedule left wholly empty is none."""
    if all(row.empty for row in rows):
        rows = []
    keep = source.rounds or 0
    while len(rows) > keep and rows[-1].empty:
        rows = rows[:-1]
    if source.kind == "group":
        if not rows:
            return
        parent, name = _new_named_schedule(document, source.rounds)
        for index in source.name.split(","):
            document["sections"][int(index)]["schedule"] = name
    elif source.kind == "named":
        parent, name = document["schedules"], source.name
    elif source.kind == "defaults":
        parent, name = document["section_defaults"], "schedule"
    else:
        parent, name = document["sections"][int(source.name)], "schedule"
    calendar = _calendar(document)
    array = parent.get(name)
    if not rows:
        if array is not None and source.kind == "section":
            del parent[name]
        elif array is not None:
            array.clear()
        return
    if array is None:
        array = tomlkit.array()
        array.multiline(True)
        parent[name] = array
    old_dates = [item.get("date") for item in array if isinstance(item, dict)]
    like = next((value for value in old_dates if value is not None), None)
    for number, row in enumerate(rows, start=1):
        if number <= len(array):
            item = array[number - 1]
        else:
            item = tomlkit.table() if isinstance(array, AoT) else tomlkit.inline_table()
            item["round"] = number
            array.append(item)
        _set(item, "date", _date_value(row.date, calendar, like))
        _set(item, "start", _time_value(row.start))
        _set(item, "end", _time_value(row.end))
    while len(array) > len(rows):
        del array[len(array) - 1]


def _new_named_schedule(document: Any, rounds: int | None) -> tuple[Any, str]:
    """A free name in ``[schedules]`` (``rounds_7``, ``rounds_7_2``…) for a schedule several
    sections share; the table is made when the file has none."""
    if "schedules" not in document:
        document["schedules"] = tomlkit.table()
    table = document["schedules"]
    stem = f"rounds_{rounds}" if rounds else "shared"
    name, number = stem, 1
    while name in table:
        number += 1
        name = f"{stem}_{number}"
    return table, name


def follow_schedule_of_its_rounds(document: Any, index: int) -> None:
    """A section just added in the section list plays on the timetable of a section with its
    number of rounds (the Futian events' sections share theirs): it follows that schedule —
    a section's own schedule becomes a shared one in ``[schedules]`` then — rather than
    starting with none. Nothing is written when it has a schedule, inherits one, or no
    section of its rounds has one."""
    sections = document["sections"]
    new = sections[index]
    defaults = document.get("section_defaults", {})
    if "schedule" in new or defaults.get("schedule") is not None:
        return
    rounds = new.get("rounds", defaults.get("rounds"))
    if rounds is None:
        return
    for number, other in enumerate(sections):
        if number == index or other.get("rounds", defaults.get("rounds")) != rounds:
            continue
        schedule = other.get("schedule")
        if isinstance(schedule, str):
            new["schedule"] = schedule
            return
        if schedule is not None and len(schedule):
            table, name = _new_named_schedule(document, int(rounds))
            table[name] = copy.deepcopy(schedule)
            del other["schedule"]
            other["schedule"] = name
            new["schedule"] = name
            return


def resize_schedule(section: Any, rounds: int) -> None:
    """A section's own schedule cut or lengthened to ``rounds`` rows when its number of
    rounds changes (new rows without a day, for the schedule's fields to fill); a schedule
    it shares with other sections is left to the organiser (the loader then says so)."""
    array = section.get("schedule")
    if array is None or isinstance(array, str) or not len(array):
        return
    while len(array) > rounds:
        del array[len(array) - 1]
    while len(array) < rounds:
        item = tomlkit.table() if isinstance(array, AoT) else tomlkit.inline_table()
        item["round"] = len(array) + 1
        array.append(item)


# --- eligibility ----------------------------------------------------------------------------


_ELIGIBILITY_PATHS: dict[str, tuple[str, ...]] = {
    "sexes": ("sex",),
    "born_on_or_after": ("born_on_or_after",),
    "born_on_or_before": ("born_on_or_before",),
    "age_on": ("age", "on"),
    "age_at_least": ("age", "at_least"),
    "age_below": ("age", "below"),
    "grade_from": ("grade", "from"),
    "grade_to": ("grade", "to"),
    "ungraded": ("ungraded",),
    "rating_at_least": ("rating", "at_least"),
    "rating_below": ("rating", "below"),
    "units": ("units",),
    "native_of_unit": ("native_of_unit",),
    "member_id_required": ("member_id_required",),
}
"""Each field of ``Eligibility`` the form shows, and its keys under ``eligibility``
(docs/regulations.md)."""

ELIGIBILITY_FIELDS = {".".join(path): name for name, path in _ELIGIBILITY_PATHS.items()}
"""The loader's key under ``eligibility`` → the field (``age.below`` → ``age_below``)."""


def write_eligibility(document: Any, index: int, old: Eligibility, new: Eligibility) -> None:
    """Section ``index``'s eligibility: the fields that changed from ``old``, in the
    section's own ``eligibility`` table."""
    calendar = _calendar(document)
    for name, path in _ELIGIBILITY_PATHS.items():
        before, after = getattr(old, name), getattr(new, name)
        if before == after:
            continue
        if isinstance(after, frozenset):
            value: Any = [sex for sex in ("M", "F") if sex in after] or None
        elif isinstance(after, tuple):
            value = list(after) or None
        elif isinstance(after, datetime.date):
            value = _date_value(after, calendar, None)
        elif after is False and name != "ungraded":
            value = None  # False is the loader's default: no limit
        else:
            value = after
        write_section_value(document, index, ("eligibility", *path), value)


# --- fees -----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class DiscountEdit:
    """A discount's name and percentage; ``key`` empty: a new one; ``remove``: deleted."""

    key: str
    name: str
    percent: Decimal | None
    remove: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class FeesEdit:
    per: str
    amount: Decimal | None
    currency: str
    combination: str
    sections: dict[str, Decimal | None]
    """Section key → its own fee (None: the general amount)."""
    discounts: tuple[DiscountEdit, ...]


def write_fees(document: Any, edit: FeesEdit) -> None:
    """The ``[fees]`` table as the form gives it (the discounts' conditions kept); nothing
    typed at all removes it."""
    fees = document.get("fees")
    kept = [d for d in edit.discounts if not d.remove and (d.key or d.name or d.percent)]
    if edit.amount is None and not edit.currency and not kept and not any(edit.sections.values()):
        if fees is not None:
            del document["fees"]
        return
    if fees is None:
        fees = tomlkit.table()
        document["fees"] = fees
    _set(fees, "per", edit.per)
    like = fees.get("amount")
    _set(fees, "amount", _amount_value(edit.amount, like))
    _set(fees, "currency", edit.currency)
    if edit.combination != "sequential" or "combination" in fees:
        _set(fees, "combination", edit.combination)
    by_section = fees.get("sections")
    for key, amount in edit.sections.items():
        if amount is None:
            if by_section is not None and key in by_section:
                del by_section[key]
            continue
        if by_section is None:
            by_section = tomlkit.table()
            fees["sections"] = by_section
        _set(by_section, key, _amount_value(amount, like))
    if by_section is not None and not by_section:
        del fees["sections"]
    _write_discounts(fees, edit.discounts)


def _write_discounts(fees: Any, discounts: tuple[DiscountEdit, ...]) -> None:
    tables = fees.get("discounts")
    current = {str(t.get("key")): t for t in tables} if tables is not None else {}
    for discount in discounts:
        table = current.get(discount.key)
        if table is not None and discount.remove:
            tables.remove(table)
            continue
        if table is None:
            if discount.remove or not (discount.name or discount.percent is not None):
                continue
            if tables is None:
                tables = tomlkit.aot()
                fees["discounts"] = tables
            table = tomlkit.table()
            table["key"] = discount.key or _new_key(current, "discount")
            current[str(table["key"])] = table
            tables.append(table)
        _set(table, "name", discount.name)
        _set(table, "percent", _number_value(discount.percent))
    if tables is not None and not len(tables):
        del fees["discounts"]


def _new_key(taken: dict[str, Any], stem: str) -> str:
    number = len(taken) + 1
    while f"{stem}_{number}" in taken:
        number += 1
    return f"{stem}_{number}"


def write_section_value(document: Any, index: int, path: tuple[str, ...], value: Any) -> None:
    """``value`` at ``path`` of section ``index`` (None: no value). A value the section
    inherits from ``[section_defaults]`` and no longer wants is first written into every
    other section that inherits it, then taken out of the defaults."""
    section = document["sections"][index]
    if value is not None:
        _set_path(section, path, value)
        return
    _set_path(section, path, None)
    defaults = document.get("section_defaults")
    inherited = _get_path(defaults, path) if defaults is not None else None
    if inherited is None:
        return
    for other, table in enumerate(document["sections"]):
        if other != index and _get_path(table, path) is None:
            _set_path(table, path, tomlkit.item(_plain(inherited)))
    _set_path(defaults, path, None)


def _plain(value: Any) -> Any:
    return value.unwrap() if hasattr(value, "unwrap") else value


def _get_path(table: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(table, dict) or key not in table:
            return None
        table = table[key]
    return table


def _set_path(table: Any, path: tuple[str, ...], value: Any) -> None:
    """Set (or, None, delete) the value at ``path``; tables made on the way are inline,
    tables left empty are removed."""
    *parents, last = path
    chain = [table]
    for key in parents:
        child = chain[-1].get(key)
        if child is None:
            if value is None:
                return
            child = tomlkit.inline_table()
            chain[-1][key] = child
        chain.append(child)
    _set(chain[-1], last, value)
    for parent, key in zip(reversed(chain[:-1]), reversed(parents), strict=True):
        if not len(parent[key]):
            del parent[key]


def _set(table: Any, key: str, value: Any) -> None:
    """Set ``key`` when its value changes; None or "" deletes it."""
    if value is None or value == "":
        if key in table:
            del table[key]
    elif _plain(table.get(key)) != _plain(value):
        table[key] = value


def _calendar(document: Any) -> Calendar:
    return Calendar(str(document.get("event", {}).get("calendar", "gregorian")))


def _date_value(day: datetime.date | None, calendar: Calendar, like: Any) -> Any:
    """A date as the file writes dates: Jalali as a string (TOML dates are Gregorian), a
    Gregorian one as a TOML date unless the others are strings."""
    if day is None:
        return None
    if calendar is Calendar.JALALI:
        year, month, date = gregorian_to_jalali(day)
        return f"{year:04d}-{month:02d}-{date:02d}"
    return day.isoformat() if isinstance(like, str) else day


def _time_value(moment: datetime.time | None) -> str | None:
    return None if moment is None else f"{moment:%H:%M}"


def _amount_value(amount: Decimal | None, like: Any) -> Any:
    """An amount as the file writes amounts: a whole number, or a string with two decimals
    (``"5.00"``) where the file writes them so or the amount has cents."""
    if amount is None:
        return None
    if isinstance(like, str) or amount != amount.to_integral_value():
        return f"{amount:.2f}"
    return int(amount)


def _number_value(number: Decimal | None) -> Any:
    if number is None:
        return None
    return int(number) if number == number.to_integral_value() else str(number.normalize())


def edited(text: str, change: Any) -> str:
    """``text`` with ``change(document)`` applied (comments and layout kept)."""
    document = tomlkit.parse(text)
    change(document)
    return tomlkit.dumps(document)


def set_path(table: Any, path: tuple[str, ...], value: Any) -> None:
    """Set (None: delete) the value at ``path`` of ``table`` (a document's top-level key:
    ``("deadlines", "registration")``); tables made on the way, tables left empty removed."""
    if len(path) > 1 and path[0] not in table and value is not None:
        table[path[0]] = tomlkit.table()  # a top-level table of its own, never inline
    _set_path(table, path, value)


def date_in_file(day: datetime.date, calendar: Calendar, like: Any = None) -> Any:
    """A day as the file writes days (Jalali as a string; see :func:`_date_value`)."""
    return _date_value(day, calendar, like)


def amount_in_file(amount: Decimal, like: Any = None) -> Any:
    """An amount as the file writes amounts (see :func:`_amount_value`)."""
    return _amount_value(amount, like)
