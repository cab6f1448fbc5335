"""Parts whose rules are tables of rows (sections, discounts, prize tables and places,
grades): where each row's values are, its title, and rows added or left empty.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import tomlkit
from django.utils.translation import gettext as _
from tomlkit.items import AoT


@dataclasses.dataclass(frozen=True, slots=True)
class Scope:
    """Where a form's rules are read and written: the event, a section (``section`` its
    position), or a row of a list of tables (``steps``: the list's path, each name with the
    row of the list above it; ``row`` None: the empty row offered to add one)."""

    id: str
    title: str
    section: int | None
    data: dict[str, Any]
    prefix: str
    """The loader's key of the scope's table, ending in a dot (``sections[0].prizes[1].``)."""
    steps: tuple[tuple[str, int | None], ...] = ()
    row: int | None = None
    section_key: str = ""

    @property
    def is_row(self) -> bool:
        return bool(self.steps)


def _table_at(table: dict[str, Any], name: str) -> dict[str, Any]:
    found = table.get(name)
    return found if isinstance(found, dict) else {}


def rows_scopes(base: Scope, rows: str) -> list[Scope]:
    """The rows of the list ``rows`` (``prizes[].categories``) under ``base``: one scope per
    existing row and one empty row at the end of each list."""
    found: list[tuple[tuple[tuple[str, int | None], ...], dict[str, Any], str, str]] = [
        ((), base.data, base.prefix, base.id)
    ]
    names = rows.split(".")
    for depth, name in enumerate(names):
        last = depth == len(names) - 1
        if not last and not name.endswith("[]"):  # a table on the way (``fees``)
            found = [
                (
                    (*steps, (name, -1)),
                    _table_at(table, name),
                    f"{prefix}{name}.",
                    ident,
                )
                for steps, table, prefix, ident in found
            ]
            continue
        name = name.removesuffix("[]")
        deeper = []
        for steps, table, prefix, ident in found:
            items = table.get(name) if isinstance(table, dict) else None
            items = (
                [item for item in items if isinstance(item, dict)]
                if isinstance(items, list)
                else []
            )
            for number, item in enumerate(items):
                deeper.append(
                    (
                        (*steps, (name, number)),
                        item,
                        f"{prefix}{name}[{number}].",
                        f"{ident}~{name}{number}",
                    )
                )
            if last:
                deeper.append(
                    (
                        (*steps, (name, None)),
                        {},
                        f"{prefix}{name}[{len(items)}].",
                        f"{ident}~{name}new",
                    )
                )
        found = deeper
    return [
        Scope(
            ident,
            _row_title(base, table),
            base.section,
            table,
            prefix,
            steps,
            steps[-1][1],
            base.section_key,
        )
        for steps, table, prefix, ident in found
    ]


def _row_title(base: Scope, table: dict[str, Any]) -> str:
    """A row's heading: its section, then the row's own name (empty: a new row)."""
    name = str(table.get("name") or table.get("label") or table.get("key") or "")
    if not table:
        name = _("New")
    return " — ".join(part for part in (base.title, name) if part)


def row_table(document: Any, scope: Scope, *, create: bool) -> tuple[Any, Any]:
    """The list and the row ``scope`` names in the TOML document; a new row appended (and
    the list made, or copied from ``[section_defaults]``) when ``create``."""
    table = document if scope.section is None else document["sections"][scope.section]
    for depth, (name, row) in enumerate(scope.steps):
        if row == -1:  # a table on the way to the list
            if name not in table:
                if not create:
                    return None, None
                table[name] = tomlkit.table()
            table = table[name]
            continue
        array = table.get(name)
        if array is None and scope.section is not None and depth == 0:
            inherited = document.get("section_defaults", {}).get(name)
            if inherited is not None:
                array = copy.deepcopy(inherited)  # the section's own copy, then edited
                table[name] = array
        if array is None:
            if not create:
                return None, None
            array = tomlkit.aot()
            table[name] = array
        if row is None:  # the new row: the one a value was written into already, if any
            marked = [
                n for n, item in enumerate(array) if isinstance(item, dict) and _NEW_ROW in item
            ]
            if marked:
                table = array[marked[-1]]
                continue
            if not create:
                return array, None
            item = tomlkit.table() if isinstance(array, AoT) else tomlkit.inline_table()
            array.append(item)
            row = len(array) - 1
            item = array[row]
            item[_NEW_ROW] = True  # marked until every value is written
        table = array[row]
    return array, table


_NEW_ROW = "__new_row__"


def is_new_row(item: Any) -> bool:
    """Whether ``item`` is the row this saving adds (marked until its values are written)."""
    return isinstance(item, dict) and _NEW_ROW in item


def drop_empty_rows(document: Any) -> None:
    """New rows' marks taken off; a new row nothing was written into is dropped."""

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            for value in list(node.values()):
                visit(value)
        elif isinstance(node, list):
            for item in list(node):
                if isinstance(item, dict) and _NEW_ROW in item:
                    del item[_NEW_ROW]
                    if not len(item):
                        node.remove(item)
                visit(item)

    visit(document)
