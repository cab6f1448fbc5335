"""Typed reading of a parsed TOML table, so that every error names the full key.

A ``TableReader`` wraps one TOML table and its key path (``sections[2].eligibility``). Each
accessor checks the type and range of one value and raises ``RegulationsError`` naming the key
and the problem; ``finish()`` rejects keys nobody asked for (usually a typo).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, TypeVar

from crosstable.message import Choices, Code, Message, Quoted, Value
from crosstable.typed.calendars import Calendar, parse_date
from crosstable.typed.dates import SCHEDULE_DATES
from crosstable.typed.people import unsafe_characters

EnumT = TypeVar("EnumT")


class RegulationsError(ValueError):
    """A regulations file is malformed: ``source`` (file), ``key`` (dotted path), ``message``
    (what is wrong, as a :class:`Message` a user interface translates) and ``problem`` (its
    English sentence, for the command line)."""

    def __init__(self, source: str, key: str, message: Message) -> None:
        self.source = source
        self.key = key
        self.message = message
        self.problem = str(message)
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: {self.problem}")


def describe(value: object) -> Value:
    """How a wrong value is named in an error message."""
    if isinstance(value, str):
        return Quoted(value)
    if isinstance(value, dict):
        return Message("a table")
    if isinstance(value, list):
        return Message("an array")
    if isinstance(value, bool):
        return Message("true") if value else Message("false")
    if isinstance(value, int):
        return value
    # floats, dates and times: as the file writes them
    return Quoted(str(value)) if not isinstance(value, float) else Quoted(repr(value))


def expected_one_of(choices: tuple[str, ...], got: Value) -> Message:
    """The file wrote something else than one of the code words ``choices``."""
    return Message(
        "expected one of %(choices)s, got %(value)s",
        choices=Choices(tuple(Code(choice) for choice in choices)),
        value=got,
    )


def no_section(key: str) -> Message:
    """A reference to a section key that no section has."""
    return Message("no section has the key %(key)s", key=Quoted(key))


def _points_expected(value: object) -> Message:
    return Message('expected points such as 1 or "1/2", got %(value)s', value=describe(value))


def _date_expected(value: object) -> Message:
    return Message("expected a date YYYY-MM-DD, got %(value)s", value=describe(value))


_TIME = re.compile(r"^(\d{1,2}):(\d{2})$")
_AMOUNT = re.compile(r"[0-9]{1,12}(?:\.[0-9]{1,2})?")

MISSING = Message("missing (required)")

MAX_WHOLE = 1_000_000
"""The largest whole number any key takes unless it says less (no count of rounds, players,
minutes or places comes near; a larger one is a slip, and would overflow the database's
integer columns)."""
MAX_TEXT = 1000
"""The longest text any key takes unless it says less."""
MAX_AMOUNT = Decimal(10) ** 12
"""Amounts are below this, with at most two decimals (the database keeps 14 digits)."""
MAX_POINTS = 1000
"""Points are at most this, with a denominator at most this (``"1/2"``, ``"3/4"``)."""
EARLIEST_DATE = SCHEDULE_DATES.earliest
LATEST_DATE = SCHEDULE_DATES.latest
_TEXT_CONTROLS_ALLOWED = {"U+000A", "U+0009"}
"""Free text may hold line breaks and tabs; names may not (``name_like``)."""


def _walk(table: Any, path: str) -> Any:
    """The value at a key path such as ``places[2].amount`` in ``table`` (None: absent)."""
    value = table
    for part in path.split("."):
        base, _, index = part.partition("[")
        if not isinstance(value, dict):
            return None
        value = value.get(base)
        if index:
            position = index.rstrip("]")
            if not isinstance(value, list) or not position.isdigit():
                return None
            value = value[int(position)] if int(position) < len(value) else None
    return value


class TableReader:
    """One TOML table being read; remembers which keys were used.

    ``own`` is the part of the table written in place, when the table also inherits values
    (a section on top of ``[section_defaults]``): errors about inherited values say so.
    """

    def __init__(
        self,
        data: dict[str, Any],
        path: str,
        source: str,
        calendar: Calendar,
        own: Any = ...,
    ) -> None:
        self.data = data
        self.path = path
        self.source = source
        self.calendar = calendar
        self.own = data if own is ... else own
        self._used: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def _own_part(self, name: str) -> Any:
        """The in-place part of the value at ``name`` (None: inherited or absent)."""
        return _walk(self.own, name)

    def error(self, name: str, problem: Message) -> RegulationsError:
        inherited = (
            self.own is not self.data
            and self._own_part(name) is None
            and _walk(self.data, name) is not None
        )
        if inherited:
            problem = Message(
                "%(problem)s (the value comes from [section_defaults])", problem=problem
            )
        return RegulationsError(self.source, self.key(name), problem)

    def child(self, value: dict[str, Any], name: str) -> TableReader:
        """A reader for the table ``value`` found at ``name`` in this table."""
        own = self._own_part(name) if self.own is not self.data else ...
        return TableReader(value, self.key(name), self.source, self.calendar, own)

    def has(self, name: str) -> bool:
        return name in self.data

    def raw(self, name: str) -> Any:
        self._used.add(name)
        return self.data.get(name)

    def finish(self) -> None:
        for name in self.data:
            if name not in self._used:
                raise self.error(
                    name, Message("unknown key (see docs/regulations.md for the keys)")
                )

    # --- scalars -------------------------------------------------------------------------

    def string(
        self,
        name: str,
        default: str | None = None,
        max_length: int = MAX_TEXT,
        name_like: bool = False,
    ) -> str:
        """A string of at most ``max_length`` characters, holding no control or
        text-direction characters (``name_like``: no line break or tab either)."""
        value = self.raw(name)
        if value is None:
            if default is None:
                raise self.error(name, MISSING)
            return default
        if not isinstance(value, str):
            raise self.error(
                name, Message("expected a string, got %(value)s", value=describe(value))
            )
        self.check_text(name, value, max_length, name_like)
        return value

    def check_text(self, name: str, value: str, max_length: int, name_like: bool = True) -> None:
        if len(value) > max_length:
            raise self.error(
                name,
                Message(
                    "longer than %(most)s characters (%(length)s)",
                    most=max_length,
                    length=len(value),
                ),
            )
        unsafe = unsafe_characters(value)
        if not name_like:
            unsafe = [code for code in unsafe if code not in _TEXT_CONTROLS_ALLOWED]
        if unsafe:
            raise self.error(
                name,
                Message(
                    "holds control or text-direction characters (%(characters)s)",
                    characters=Choices(tuple(Code(code, quoted=False) for code in unsafe)),
                ),
            )

    def choice(self, name: str, choices: tuple[str, ...], default: str | None = None) -> str:
        value = self.string(name, default)
        if value not in choices:
            raise self.error(name, expected_one_of(choices, describe(value)))
        return value

    def boolean(self, name: str, default: bool) -> bool:
        value = self.raw(name)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.error(
                name, Message("expected true or false, got %(value)s", value=describe(value))
            )
        return value

    def optional_int(self, name: str, minimum: int = 0, maximum: int = MAX_WHOLE) -> int | None:
        value = self.raw(name)
        if value is None:
            return None
        return self.check_int(name, value, minimum, maximum)

    def integer(
        self, name: str, minimum: int = 0, default: int | None = None, maximum: int = MAX_WHOLE
    ) -> int:
        value = self.optional_int(name, minimum, maximum)
        if value is None:
            if default is None:
                raise self.error(name, MISSING)
            return default
        return value

    def check_int(
        self, name: str, value: object, minimum: int = 0, maximum: int = MAX_WHOLE
    ) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(
                name, Message("expected a whole number, got %(value)s", value=describe(value))
            )
        if value < minimum:
            raise self.error(
                name,
                Message(
                    "expected a number >= %(least)s, got %(value)s", least=minimum, value=value
                ),
            )
        if value > maximum:
            raise self.error(
                name,
                Message("expected a number <= %(most)s, got %(value)s", most=maximum, value=value),
            )
        return value

    def fraction(self, name: str, default: Fraction | None = None) -> Fraction | None:
        """Points: an integer, or a string like "1/2" or "0.5" (floats are refused)."""
        value = self.raw(name)
        if value is None:
            return default
        return self.to_fraction(name, value)

    def to_fraction(self, name: str, value: object) -> Fraction:
        if isinstance(value, bool) or not isinstance(value, (int, str, float)):
            raise self.error(name, _points_expected(value))
        if isinstance(value, float):
            raise self.error(
                name,
                Message(
                    'write points exactly, e.g. "1/2" instead of %(value)s', value=describe(value)
                ),
            )
        try:
            if isinstance(value, str) and len(value) > 40:
                raise ValueError(value)
            result = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise self.error(name, _points_expected(value)) from None
        if result < 0:
            raise self.error(
                name, Message("expected points >= 0, got %(value)s", value=describe(value))
            )
        if result > MAX_POINTS or result.denominator > MAX_POINTS:
            raise self.error(
                name,
                Message(
                    "expected points up to %(most)s in simple fractions, got %(value)s",
                    most=MAX_POINTS,
                    value=describe(value),
                ),
            )
        return result

    def money(self, name: str, default: Decimal | None = None) -> Decimal:
        value = self.raw(name)
        if value is None:
            if default is None:
                raise self.error(name, MISSING)
            return default
        return self.to_money(name, value)

    def to_money(self, name: str, value: object) -> Decimal:
        """An amount: a whole number, or a string of digits with at most two decimals
        (``"5.00"``), below :data:`MAX_AMOUNT` — no exponent (``"1e30"``), no NaN, nothing
        negative, nothing the database cannot keep (a fee of 1e20 once broke every page of
        its event)."""
        problem = Message(
            'expected an amount such as 5 or "5.00" (below %(limit)s, at most two decimals), '
            "got %(value)s",
            limit=MAX_AMOUNT,
            value=describe(value),
        )
        if isinstance(value, float):
            raise self.error(
                name,
                Message(
                    "write amounts exactly, e.g. %(value)s in quotes", value=Quoted(str(value))
                ),
            )
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self.error(name, problem)
        if isinstance(value, str) and not _AMOUNT.fullmatch(value):
            raise self.error(name, problem)
        try:
            amount = Decimal(value)
        except InvalidOperation:
            raise self.error(name, problem) from None
        if not amount.is_finite() or amount < 0 or amount >= MAX_AMOUNT:
            raise self.error(name, problem)
        return amount

    def percent(self, name: str) -> Fraction:
        if not self.has(name):
            raise self.error(name, MISSING)
        value = self.to_fraction(name, self.raw(name))
        if value > 100:
            raise self.error(
                name, Message("expected a percentage 0-100, got %(value)s", value=value)
            )
        return value

    def to_date(self, name: str, value: object) -> datetime.date:
        """A date in the file's calendar, between :data:`EARLIEST_DATE` and
        :data:`LATEST_DATE` (a date at the end of the calendar has no next day)."""
        if isinstance(value, datetime.datetime):
            raise self.error(
                name,
                Message(
                    "expected a date YYYY-MM-DD, got a date and time %(value)s",
                    value=describe(value),
                ),
            )
        if isinstance(value, datetime.date):
            if self.calendar is Calendar.JALALI:
                raise self.error(
                    name, Message('write Jalali dates as quoted strings, e.g. "1398-08-24"')
                )
            day = value
        elif not isinstance(value, str):
            raise self.error(name, _date_expected(value))
        else:
            try:
                day = parse_date(value, self.calendar)
            except ValueError:
                raise self.error(name, _date_expected(value)) from None
        if not EARLIEST_DATE <= day <= LATEST_DATE:
            raise self.error(
                name,
                Message(
                    "expected a date between %(first)s and %(last)s, got %(value)s",
                    first=EARLIEST_DATE.year,
                    last=LATEST_DATE.year,
                    value=describe(value),
                ),
            )
        return day

    def date(self, name: str) -> datetime.date | None:
        value = self.raw(name)
        return None if value is None else self.to_date(name, value)

    def to_time(self, name: str, value: object) -> datetime.time:
        if isinstance(value, datetime.time):
            return value
        if isinstance(value, str):
            match = _TIME.match(value)
            if match and int(match[1]) < 24 and int(match[2]) < 60:
                return datetime.time(int(match[1]), int(match[2]))
        raise self.error(
            name, Message("expected a time HH:MM, got %(value)s", value=describe(value))
        )

    def time(self, name: str) -> datetime.time | None:
        value = self.raw(name)
        return None if value is None else self.to_time(name, value)

    def datetime(self, name: str) -> datetime.datetime | None:
        """A moment: TOML local date-time, a date (meaning the end of that day), or a string
        "YYYY-MM-DD HH:MM" in the event's calendar."""
        value = self.raw(name)
        if value is None:
            return None
        if isinstance(value, datetime.datetime):
            if self.calendar is Calendar.JALALI:
                raise self.error(
                    name, Message('write Jalali moments as "YYYY-MM-DD HH:MM" strings')
                )
            return value
        if isinstance(value, str) and " " in value:
            day_text, _, time_text = value.partition(" ")
            day = self.to_date(name, day_text)
            if time_text == "24:00":
                return datetime.datetime.combine(day + datetime.timedelta(days=1), datetime.time())
            return datetime.datetime.combine(day, self.to_time(name, time_text))
        day = self.to_date(name, value)
        return datetime.datetime.combine(day + datetime.timedelta(days=1), datetime.time())

    # --- collections ---------------------------------------------------------------------

    def strings(self, name: str) -> tuple[str, ...]:
        value = self.raw(name)
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.error(
                name, Message("expected an array of strings, got %(value)s", value=describe(value))
            )
        for index, item in enumerate(value):
            if not isinstance(item, str):
                raise self.error(
                    f"{name}[{index}]",
                    Message("expected a string, got %(value)s", value=describe(item)),
                )
            self.check_text(f"{name}[{index}]", item, MAX_TEXT)
        return tuple(value)

    def words(self, name: str, known: tuple[str, ...]) -> tuple[str, ...]:
        """An array of strings, each one of the code words ``known``."""
        values = self.strings(name)
        for index, value in enumerate(values):
            if value not in known:
                raise self.error(f"{name}[{index}]", expected_one_of(known, Quoted(value)))
        return values

    def table(self, name: str) -> TableReader | None:
        value = self.raw(name)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.error(
                name, Message("expected a table, got %(value)s", value=describe(value))
            )
        return self.child(value, name)

    def tables(self, name: str) -> Iterator[TableReader]:
        """The tables of an array of tables, each with its index in its key path."""
        value = self.raw(name)
        if value is None:
            return
        if not isinstance(value, list):
            raise self.error(
                name, Message("expected an array of tables, got %(value)s", value=describe(value))
            )
        for index, item in enumerate(value):
            key = f"{name}[{index}]"
            if not isinstance(item, dict):
                raise self.error(
                    key, Message("expected a table, got %(value)s", value=describe(item))
                )
            yield self.child(item, key)
