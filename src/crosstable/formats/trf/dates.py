"""The dates of a TRF file as other programs write them: the start and end of the event
(records 042 and 052) and the round dates (132).

TRF-2026 asks for ``YYYY/MM/DD`` (and ``YY/MM/DD`` in 132), but the programs that write TRF
files use their own forms: ``25.02.2011`` (Swiss-Manager, day first), ``24/09/2010``,
``28. 07. 2005``, ``May 29, 2020`` (lichess), ``10.09.13`` (two-digit years), and even
``11.25.02`` (year, day, month) in the round dates of one Irish program. A date that is read
wrongly, or not at all, changes the tie-breaks: the edition of FIDE C.07 that applies depends
on the day the event started.

How a numeric date is read (docs/formats/trf.md, "Dates"): all the dates of one shape (a
four-digit year first, a four-digit year last, or three short numbers) are read in one order,
the order that makes every one of them a real day and puts them in time order (start ≤
each round ≤ end, rounds not going back), which the file decides wherever a day above 12 or
the chronology tells; where several orders remain, the TRF one (year first) or else day
first is taken and a note says that the order was not decidable. A two-digit year is
19YY from 70 on, 20YY below. A date that fits no form is a note too, never silently "no date".
"""

from __future__ import annotations

import dataclasses
import datetime
import itertools
import re
from collections.abc import Sequence

ORDERS_YEAR_FIRST = ("YMD",)
ORDERS_YEAR_LAST = ("DMY", "MDY")
ORDERS_SHORT = ("YMD", "DMY", "MDY", "YDM")
"""The orders tried for each shape, the preferred one first: TRF's own order where the year
is first; day first where it is last (the common form outside the United States)."""

_NUMERIC = re.compile(r"\s*(\d{1,4})\s*[./\-]\s*(\d{1,2})\s*[./\-]\s*(\d{1,4})\s*\.?\s*")
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_MONTH_FIRST = re.compile(r"\s*([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\s*")
_DAY_FIRST = re.compile(r"\s*(\d{1,2})(?:st|nd|rd|th)?[\s\-]+([A-Za-z]+)\.?[\s\-,]+(\d{4})\s*")


@dataclasses.dataclass(frozen=True, slots=True)
class EventDates:
    """What the file's dates say, and how they were read."""

    start: datetime.date | None
    end: datetime.date | None
    rounds: tuple[datetime.date | None, ...]
    notes: tuple[str, ...]
    """Sentences for the reader: a date that could not be read, an order not decidable."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Numeric:
    parts: tuple[str, str, str]

    @property
    def shape(self) -> str:
        first, _middle, last = self.parts
        if len(first) == 4:
            return "year first"
        if len(last) == 4:
            return "year last"
        return "short"

    def orders(self) -> tuple[str, ...]:
        return {
            "year first": ORDERS_YEAR_FIRST,
            "year last": ORDERS_YEAR_LAST,
            "short": ORDERS_SHORT,
        }[self.shape]

    def as_date(self, order: str) -> datetime.date | None:
        values = dict(zip(order, (int(part) for part in self.parts), strict=True))
        year = values["Y"]
        if year < 100:
            year += 1900 if year >= 70 else 2000
        try:
            return datetime.date(year, values["M"], values["D"])
        except ValueError:
            return None


def _named_month(text: str) -> datetime.date | str | None:
    """A date written with the month's English name; "" when the text has no month name."""
    for pattern, month_at, day_at in ((_MONTH_FIRST, 1, 2), (_DAY_FIRST, 2, 1)):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        month = _MONTHS.get(match.group(month_at).lower())
        if month is None:
            return None
        try:
            return datetime.date(int(match.group(3)), month, int(match.group(day_at)))
        except ValueError:
            return None
    return ""


def read_event_dates(start: str, end: str, rounds: Sequence[str]) -> EventDates:
    """The start, end and round dates of a file, read as the module's docstring says."""
    texts = {"042": start, "052": end}
    texts.update({f"132:{index}": text for index, text in enumerate(rounds)})
    known: dict[str, datetime.date | None] = {}
    numeric: dict[str, _Numeric] = {}
    notes: list[str] = []
    for key, text in texts.items():
        if not text.strip():
            known[key] = None
            continue
        match = _NUMERIC.fullmatch(text)
        if match is not None:
            numeric[key] = _Numeric((match.group(1), match.group(2), match.group(3)))
            continue
        named = _named_month(text)
        if isinstance(named, datetime.date):
            known[key] = named
            continue
        known[key] = None
        if key in ("042", "052"):
            notes.append(f"record {key}: {text.strip()!r} is not a date this reader knows")
    shapes = sorted({item.shape for item in numeric.values()})
    choices = []
    for shape in shapes:
        members = [item for item in numeric.values() if item.shape == shape]
        valid = [
            order
            for order in members[0].orders()
            if all(item.as_date(order) is not None for item in members)
        ]
        choices.append(valid or [members[0].orders()[0]])
    best: list[tuple[int, int, dict[str, str]]] = []
    for combination in itertools.product(*choices):
        by_shape = dict(zip(shapes, combination, strict=True))
        dates = dict(known)
        for key, item in numeric.items():
            dates[key] = item.as_date(by_shape[item.shape])
        preference = sum(
            choice.index(order) for choice, order in zip(choices, combination, strict=True)
        )
        best.append((_disorder(dates, len(rounds)), preference, by_shape))
    chosen: dict[str, str] = {}
    if best:
        best.sort(key=lambda item: (item[0], item[1]))
        disorder, _preference, chosen = best[0]
        rivals = [item for item in best[1:] if item[0] == disorder]
        for shape in shapes:
            if any(item[2][shape] != chosen[shape] for item in rivals):
                written = next(
                    texts[key] for key, item in numeric.items() if item.shape == shape
                ).strip()
                notes.append(
                    f"the order of day and month in dates such as {written!r} cannot be "
                    f"decided from the file: read as {_order_words(chosen[shape])}"
                )
    dates = dict(known)
    for key, item in numeric.items():
        dates[key] = item.as_date(chosen[item.shape]) if chosen else None
        if dates[key] is None and key in ("042", "052"):
            notes.append(f"record {key}: {texts[key].strip()!r} is not a day of the calendar")
    return EventDates(
        start=dates["042"],
        end=dates["052"],
        rounds=tuple(dates[f"132:{index}"] for index in range(len(rounds))),
        notes=tuple(notes),
    )


def _disorder(dates: dict[str, datetime.date | None], round_count: int) -> int:
    """How many of the file's dates are out of time order: a round before the start or
    after the end, a round before the one before it, an end before the start."""
    start, end = dates["042"], dates["052"]
    count = 0
    if start is not None and end is not None and end < start:
        count += 1
    previous: datetime.date | None = None
    for index in range(round_count):
        day = dates[f"132:{index}"]
        if day is None:
            continue
        if start is not None and day < start:
            count += 1
        if end is not None and day > end:
            count += 1
        if previous is not None and day < previous:
            count += 1
        previous = day
    return count


def _order_words(order: str) -> str:
    return {
        "YMD": "year, month, day",
        "YDM": "year, day, month",
        "DMY": "day, month, year",
        "MDY": "month, day, year",
    }[order]
