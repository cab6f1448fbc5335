"""The declaration of every table: part of an event (backed up) or server data (not).

Each app declares its tables in its own ``backup.py`` module, one call per model::

    backup.event_table(models.Team, "section__event", private=("fee_due",))

``event_table`` says how a row is found from its event (a lookup path, "" for the event
itself), which fields are private (only the event's staff may see them; the anonymous privacy
test looks for them on every public page) and which JSON fields hold ids of other event rows
(renumbered on import). Foreign keys are found by themselves: to another event table (written
as that table's local id), to the user model (written as the user name), to the same table
(set once all its rows exist). ``server_table`` declares a model that belongs to no event,
with the reason. :func:`problems` lists every model declared neither way and every
declaration the exporter cannot honour; the test suite fails on any.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils.module_loading import autodiscover_modules

Model = type[models.Model]


@dataclasses.dataclass(frozen=True, slots=True)
class StoredFiles:
    """A table whose rows name a file kept outside the database (a registration document):
    the backup archive carries each file with its checksum (``events.files.archive``) and an
    import writes the copy its own file, so the copy never shares the original's."""

    name: str
    """The field holding the file's stored name ("" when there is none: purged)."""
    checksum: str
    """The field holding the file's SHA-256 (hex), as written when it was stored."""
    marks: str
    """A JSON list field for what happened to the file elsewhere (``{"kind": …}``): purged in
    another event holding the same file, left out of the backup it was restored from."""
    read: Callable[[str], bytes | None]
    """The content of a stored name (None: no such file on this server)."""
    write: Callable[[Any, bytes], str]
    """Store a content for the event with this database key; its new stored name."""
    remove: Callable[[str], None]
    """Delete a stored file (an import that fails takes back what it wrote)."""


@dataclasses.dataclass(frozen=True, slots=True)
class EventTable:
    """A table whose rows belong to one event: exported with it, re-created on import."""

    model: Model
    event: str
    """Lookup path from a row to its event: "" for the event itself, "section__event"…"""
    private: tuple[str, ...] = ()
    """Fields only the event's organisers and arbiters may see: fees, payments, birth dates,
    contacts, documents. Never on a public page or in a public export."""
    json_refs: Mapping[str, Model] = dataclasses.field(default_factory=dict)
    """JSON fields holding ids of another event table's rows (a list of ids and nulls)."""
    unique_on_server: tuple[str, ...] = ()
    """Fields whose value no two rows of the server share (a payment provider's id of a
    payment, a registration's payment reference): an event imported beside the one it was
    exported from gets them made unique in the copy (the file keeps them as they were)."""
    organisers_only: tuple[str, ...] = ()
    """Private fields for the organisers alone (registrants' contacts, their private link's
    secret, what they typed): an arbiter who is no organiser sees no registration page, so
    the event file an arbiter downloads leaves them out (issue 31 item 7)."""
    files: StoredFiles | None = None
    """The row's file kept outside the database, if it has one (issue 31 item 2)."""

    @property
    def label(self) -> str:
        return self.model._meta.label_lower

    def rows(self, event: models.Model) -> models.QuerySet[Any]:
        """The event's rows of this table, oldest first (the order the file keeps)."""
        lookup = self.event or "pk"
        value = event if self.event else event.pk
        return self.model._default_manager.filter(**{lookup: value}).order_by("pk")

    def fields(self) -> list[models.Field[Any, Any]]:
        """The stored fields, primary key excepted."""
        return [field for field in self.model._meta.concrete_fields if not field.primary_key]

    def references(self) -> dict[str, Model]:
        """Foreign keys to other rows of the event (this table included): field → model."""
        found: dict[str, Model] = {}
        for field in self.fields():
            target = field.related_model
            if field.is_relation and isinstance(target, type) and not _is_user_model(target):
                found[field.name] = target
        return found

    def user_fields(self) -> list[str]:
        return [
            field.name
            for field in self.fields()
            if field.is_relation
            and isinstance(field.related_model, type)
            and _is_user_model(field.related_model)
        ]


@dataclasses.dataclass(frozen=True, slots=True)
class ServerTable:
    """A table that belongs to no event (accounts, sessions, caches): not in an event's
    backup, for the reason given."""

    model: Model
    reason: str


_declared: dict[Model, EventTable | ServerTable] = {}
_discovered = False


def event_table(
    model: Model,
    event: str,
    *,
    private: tuple[str, ...] = (),
    json_refs: Mapping[str, Model] | None = None,
    organisers_only: tuple[str, ...] = (),
    unique_on_server: tuple[str, ...] = (),
    files: StoredFiles | None = None,
) -> None:
    """Declare ``model`` a table of the event reached by the lookup path ``event``."""
    _declared[model] = EventTable(
        model,
        event,
        (*private, *organisers_only),
        dict(json_refs or {}),
        unique_on_server,
        organisers_only,
        files,
    )


def server_table(model: Model, reason: str) -> None:
    """Declare ``model`` server data, not part of any event's backup, because ``reason``."""
    _declared[model] = ServerTable(model, reason)


def _discover() -> None:
    global _discovered
    if not _discovered:
        autodiscover_modules("backup")
        _discovered = True


def _is_user_model(model: Model) -> bool:
    return model._meta.label == settings.AUTH_USER_MODEL


def declared(model: Model) -> EventTable | ServerTable | None:
    _discover()
    return _declared.get(model)


def event_tables() -> list[EventTable]:
    """Every event table, each after the tables its rows refer to (the import order)."""
    _discover()
    declared_tables = [
        table
        for model in apps.get_models()
        if isinstance(table := _declared.get(model), EventTable)
    ]
    ordered: list[EventTable] = []
    placed: set[Model] = set()
    pending = list(declared_tables)
    while pending:
        progress = False
        for table in list(pending):
            needs = {target for target in table.references().values() if target is not table.model}
            if needs <= placed:
                ordered.append(table)
                placed.add(table.model)
                pending.remove(table)
                progress = True
        if not progress:
            names = ", ".join(table.label for table in pending)
            raise RuntimeError(f"event tables refer to each other in a circle: {names}")
    return ordered


def _follow(model: Model, path: str) -> Model | None:
    """The model a lookup path ("section__event") leads to from ``model``, None if none."""
    for name in filter(None, path.split("__")):
        try:
            target = model._meta.get_field(name).related_model
        except FieldDoesNotExist:
            return None
        if not isinstance(target, type):
            return None
        model = target
    return model


def private_fields() -> dict[Model, tuple[str, ...]]:
    """Every event table's private fields (those that have some)."""
    return {table.model: table.private for table in event_tables() if table.private}


def problems() -> list[str]:
    """Models nobody declared, and declarations the exporter cannot honour."""
    _discover()
    found: list[str] = []
    event_models = {model for model, table in _declared.items() if isinstance(table, EventTable)}
    for model in apps.get_models():
        table = _declared.get(model)
        label = model._meta.label
        if table is None:
            found.append(
                f"{label} is in no backup declaration: declare it in its app's backup.py "
                "(backup.event_table or backup.server_table)"
            )
            continue
        if isinstance(table, ServerTable):
            continue
        if model._meta.many_to_many:
            found.append(f"{label}: many-to-many fields are not backed up; use a model between")
        stored = (table.files.name, table.files.checksum, table.files.marks) if table.files else ()
        for name in (*table.private, *table.json_refs, *stored):
            try:
                model._meta.get_field(name)
            except FieldDoesNotExist:
                found.append(f"{label}: declared field {name!r} does not exist")
        for name, target in table.references().items():
            if target not in event_models:
                found.append(
                    f"{label}.{name} refers to {target._meta.label}, which is not an event table"
                )
        for name, target in table.json_refs.items():
            if target not in event_models:
                found.append(
                    f"{label}.{name} holds ids of {target._meta.label}, not an event table"
                )
        reached = _follow(model, table.event)
        if reached is None or not any(
            isinstance(root, EventTable) and not root.event and root.model is reached
            for root in _declared.values()
        ):
            found.append(f"{label}: lookup path {table.event!r} does not reach the event table")
    try:
        event_tables()
    except RuntimeError as error:
        found.append(str(error))
    return found
