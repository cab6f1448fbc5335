"""The schedule tables: named ``[schedules]`` of rounds, ``[[schedule_items]]`` (opening,
prize-giving), and a section's ``schedule`` (its own rounds or a named schedule's)."""

from __future__ import annotations

from crosstable.message import Message, Quoted
from crosstable.regulations.reader import (
    TableReader,
)
from crosstable.regulations.schema import (
    RoundSlot,
    ScheduleItem,
)


def read_named_schedules(root: TableReader) -> dict[str, tuple[RoundSlot, ...]]:
    table = root.table("schedules")
    if table is None:
        return {}
    named = {name: read_round_slots(table, name) for name in list(table.data)}
    table.finish()
    return named


def read_round_slots(parent: TableReader, name: str) -> tuple[RoundSlot, ...]:
    slots = []
    for index, reader in enumerate(parent.tables(name)):
        number = reader.integer("round", 1)
        if number != index + 1:
            raise reader.error(
                "round",
                Message(
                    "expected round %(expected)s here, got %(value)s",
                    expected=index + 1,
                    value=number,
                ),
            )
        slots.append(
            RoundSlot(number, reader.date("date"), reader.time("start"), reader.time("end"))
        )
        reader.finish()
    return tuple(slots)


def read_schedule_items(root: TableReader) -> list[ScheduleItem]:
    items = []
    for reader in root.tables("schedule_items"):
        items.append(ScheduleItem(reader.string("label"), reader.date("date"), reader.time("time")))
        reader.finish()
    return items


def read_section_schedule(
    reader: TableReader, schedules: dict[str, tuple[RoundSlot, ...]]
) -> tuple[RoundSlot, ...]:
    value = reader.data.get("schedule")
    if isinstance(value, str):
        reader.raw("schedule")
        if value not in schedules:
            raise reader.error(
                "schedule", Message("no [schedules] entry named %(name)s", name=Quoted(value))
            )
        return schedules[value]
    return read_round_slots(reader, "schedule")
