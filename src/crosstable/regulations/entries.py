"""Entry limits: how many entries a unit may send to a section, who gets in when the hall
is full (priority by payment date or entry date, as the regulations say), and the deadlines for
changing the list once it is in (Kinabatangan 3.3 and 3.4)."""

from __future__ import annotations

import dataclasses
import datetime
from collections import Counter
from collections.abc import Sequence

from crosstable.regulations.schema import Deadlines, Regulations, SectionRules
from crosstable.regulations.sections import EntrantData, Problem


def check_entry_limits(section: SectionRules, entrants: Sequence[EntrantData]) -> list[Problem]:
    """Problems with the entries of one section: units over ``max_per_unit``."""
    problems = []
    if section.max_per_unit is not None:
        per_unit = Counter(entrant.unit for entrant in entrants if entrant.unit)
        for unit, count in sorted(per_unit.items()):
            if count > section.max_per_unit:
                problems.append(
                    Problem(
                        "too_many_from_unit",
                        f"{unit} entered {count} players in {section.name}; "
                        f"at most {section.max_per_unit} per unit",
                    )
                )
    return problems


@dataclasses.dataclass(frozen=True, slots=True)
class PendingEntry:
    """An entry (player or team) waiting to be confirmed, with its dates."""

    key: str
    entered_at: datetime.datetime
    paid_at: datetime.datetime | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Admission:
    admitted: tuple[str, ...]
    waiting: tuple[str, ...]
    """In priority order: the first waiting entry gets the next freed place."""


def admit_by_capacity(
    regulations: Regulations, section: SectionRules, entries: Sequence[PendingEntry]
) -> Admission:
    """Admit up to ``section.capacity`` entries in the order the regulations give priority.

    With ``capacity_priority = "payment_date"`` an entry counts only once paid (unpaid
    entries wait behind every paid one, in entry order); otherwise entries count in entry
    order. Equal moments keep the given order.
    """
    if regulations.capacity_priority == "payment_date":

        def by_payment(entry: PendingEntry) -> tuple[bool, datetime.datetime]:
            paid = entry.paid_at is not None
            return (not paid, entry.paid_at if entry.paid_at is not None else entry.entered_at)

        ordered = sorted(entries, key=by_payment)
    else:
        ordered = sorted(entries, key=lambda entry: entry.entered_at)
    capacity = section.capacity if section.capacity is not None else len(ordered)
    admitted = [
        entry.key
        for entry in ordered[:capacity]
        if regulations.capacity_priority != "payment_date" or entry.paid_at is not None
    ]
    waiting = [entry.key for entry in ordered if entry.key not in set(admitted)]
    return Admission(tuple(admitted), tuple(waiting))


def name_change_deadline(
    deadlines: Deadlines, start: datetime.datetime | None
) -> datetime.datetime | None:
    """The last moment a player may be replaced by another once the list is in (Kinabatangan
    3.3: "sekurang-kurangnya sejam sebelum pertandingan bermula", at least one hour before the
    start): ``start`` minus ``name_change_minutes_before_start``. None when the regulations
    set no such limit, or the start is not known (the caller must then say it could not check).
    ``start`` may be aware (compared with aware moments) or naive."""
    minutes = deadlines.name_change_minutes_before_start
    if minutes is None or start is None:
        return None
    return start - datetime.timedelta(minutes=minutes)


def additions_closed(deadlines: Deadlines, *, list_in: bool) -> bool:
    """Kinabatangan 3.4: "Pertambahan bilangan peserta tidak dibenarkan selepas senarai nama
    dihantar" — no player may be added once the list is in (``additions_after_list =
    false``). What "the list is in" means is the caller's (the web app: registration closed,
    or round 1 paired)."""
    return list_in and not deadlines.additions_after_list
