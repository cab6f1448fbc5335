"""An event as one JSON file: every row of every event table (the apps declare them to
``crosstable_web.backup.registry``), re-importable into an identical event.

The document (version 2)::

    {"format": "crosstable-event", "version": 2,
     "accounts": ["arif", "olga"],
     "tables": {"events.event": [{"id": 1, "slug": "kcs", ...}],
                "events.section": [{"id": 1, "event": 1, "key": "L12", ...}], ...}}

Each table lists its rows oldest first; ``id`` is the row's place in its table (1, 2, …), not
the database's key, and a reference to another row is that row's ``id`` (an account: its user
name). So exporting, importing and exporting again gives the same file, apart from the slug
when a new one is given and the import's own audit line (:func:`comparable`). Values are
written as the database holds them (decimals and dates as text). A version-1 file (before
the backup covered every table) is read too (``event_file_v1``).
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _

from crosstable_web.backup import registry
from crosstable_web.events import models as event_models
from crosstable_web.events import slugs
from crosstable_web.events.files import event_file_v1
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.services import ServiceError

FORMAT = "crosstable-event"
VERSION = 2
_BATCH = 500


def _plain(field: models.Field[Any, Any], value: Any) -> Any:
    """A field's value as JSON holds it."""
    if value is None:
        return None
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(value, datetime.date | Decimal):
        return str(value) if isinstance(value, Decimal) else value.isoformat()
    return value


def _withheld(field: models.Field[Any, Any]) -> Any:
    """What the file holds for a field left out: nothing, or the column's empty value."""
    if field.null:
        return None
    if field.has_default():
        return _plain(field, field.get_default())
    return ""


def event_document(event: event_models.Event, *, for_organisers: bool = True) -> dict[str, Any]:
    """The event as plain data: every row of every event table (what the file holds).
    Not ``for_organisers`` (an arbiter who is no organiser downloads it): the fields the
    tables keep for the organisers alone (``registry.EventTable.organisers_only``: the
    registrants' contacts and private links) are left out, listed under ``withheld``."""
    withheld: dict[str, list[str]] = {}
    tables: dict[str, list[dict[str, Any]]] = {}
    local_ids: dict[registry.Model, dict[Any, int]] = {}
    user_ids: set[Any] = set()
    rows_of: dict[registry.Model, list[models.Model]] = {}
    for table in registry.event_tables():
        rows = list(table.rows(event))
        rows_of[table.model] = rows
        local_ids[table.model] = {row.pk: place for place, row in enumerate(rows, start=1)}
        for name in table.user_fields():
            user_ids.update(getattr(row, f"{name}_id") for row in rows)
    user_ids.discard(None)
    usernames = dict(
        get_user_model()._default_manager.filter(pk__in=user_ids).values_list("pk", "username")
    )
    for table in registry.event_tables():
        references = table.references()
        users = set(table.user_fields())
        left_out = set() if for_organisers else set(table.organisers_only)
        if left_out:
            withheld[table.label] = sorted(left_out)
        written = []
        for row in rows_of[table.model]:
            data: dict[str, Any] = {"id": local_ids[table.model][row.pk]}
            for field in table.fields():
                if field.name in left_out:
                    data[field.name] = _withheld(field)
                elif field.name in users:
                    user_id = getattr(row, field.attname)
                    data[field.name] = None if user_id is None else usernames[user_id]
                elif field.name in references:
                    target_id = getattr(row, field.attname)
                    data[field.name] = (
                        None if target_id is None else local_ids[references[field.name]][target_id]
                    )
                elif field.name in table.json_refs:
                    ids = local_ids[table.json_refs[field.name]]
                    data[field.name] = [
                        None if item is None else ids[item] for item in getattr(row, field.attname)
                    ]
                else:
                    data[field.name] = _plain(field, getattr(row, field.attname))
            written.append(data)
        tables[table.label] = written
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "accounts": sorted(usernames.values()),
        "tables": tables,
    }
    if withheld:
        document["withheld"] = withheld
    return document


def export_event_json(event: event_models.Event, *, for_organisers: bool = True) -> str:
    return json.dumps(
        event_document(event, for_organisers=for_organisers),
        ensure_ascii=False,
        indent=1,
        sort_keys=True,
    )


def comparable(document: dict[str, Any]) -> dict[str, Any]:
    """The document without what an import necessarily changes: the event's slug (a new one
    may be given), the import's own audit lines at the end and the list of accounts they add
    to, a stored file's name on the server (the copy has its own file; its checksum is
    compared), and the references those lines say an import beside the original made unique
    (put back as the file had them). Two events are the same when their comparable documents
    are equal."""
    copy: dict[str, Any] = json.loads(json.dumps(document))
    for event in copy["tables"].get("events.event", []):
        event.pop("slug", None)
    lines = copy["tables"].get("events.auditlog", [])
    while lines and lines[-1]["action"] == "event.import":
        # the references an import beside the original made unique, as the file had them
        for change in (lines[-1].get("new") or {}).get("references_made_unique", []):
            for row in copy["tables"].get(change["table"], []):
                if row.get(change["field"]) == change["in_copy"]:
                    row[change["field"]] = change["in_file"]
        lines.pop()
    # The list of accounts is read off the rows (compared above, name by name); the import's
    # own line adds its actor, who may have had no part in the event.
    copy.pop("accounts", None)
    # A file kept outside the database gets a new stored name in each copy (its own file):
    # the same file is the same checksum, compared beside it.
    for table in registry.event_tables():
        if table.files is not None:
            for row in copy["tables"].get(table.label, []):
                if row.get(table.files.name):
                    row[table.files.name] = "(stored)"
    return copy


@dataclasses.dataclass(frozen=True, slots=True)
class Imported:
    event: event_models.Event
    created_accounts: list[str]
    """User names the file refers to that had no account here: created without a password
    (nobody can sign in with them until an administrator sets one)."""
    audit_chain_broken_at: int | None
    """The first line of the file's audit log whose digest does not follow (a line edited or
    deleted in the file), None when the chain is intact."""
    files_restored: int = 0
    """Files (registration documents) written for the imported event."""
    files_left_out: int = 0
    """Rows naming a file the import could not give one (not in the backup, or purged on
    this server since the archive was made): each row's marks say which."""


class _FileError(ServiceError):
    pass


def _where(label: str, place: int, name: str = "") -> str:
    return f"{label} row {place}" + (f", {name}" if name else "")


@dataclasses.dataclass(frozen=True, slots=True)
class CarriedFiles:
    """The files a backup archive carries beside its JSON (``archive``)."""

    contents: Mapping[str, bytes]
    """Each file's content by the stored name the JSON's rows give it (checked already)."""
    purged: frozenset[str] = frozenset()
    """Checksums of files purged on this server since the archive was made here: not
    restored (the row says so)."""
    archive_id: str = ""


def import_event_json(
    text: str, actor: Actor, slug: str | None = None, files: CarriedFiles | None = None
) -> Imported:
    """Re-create an exported event (a new slug can be given if the old one is taken).
    All or nothing: a file that cannot be read in full changes nothing. Each row naming a
    file kept outside the database (a registration document) gets a file of its own: the
    archive's (``files``), or for a JSON file alone this server's file of the same name and
    checksum copied; a row whose file is in neither keeps no file and says so."""
    written: list[tuple[registry.StoredFiles, str]] = []
    try:
        return _import_event(text, actor, slug, files, written)
    except BaseException:
        for stored, name in written:  # the database is rolled back: the files go too
            stored.remove(name)
        raise


@transaction.atomic
def _import_event(
    text: str,
    actor: Actor,
    slug: str | None,
    files: CarriedFiles | None,
    written: list[tuple[registry.StoredFiles, str]],
) -> Imported:
    document, version = read_document(text)
    tables = document["tables"]
    events = tables.get("events.event")
    if not isinstance(events, list) or len(events) != 1 or not isinstance(events[0], dict):
        raise _FileError(_("The file holds no event (table events.event must have one row)."))
    slug = slug or str(events[0].get("slug", ""))
    if slugs.is_taken(slug):  # an event's short name, or an earlier one still leading to it
        raise ServiceError(_("An event with the code %(slug)s already exists.") % {"slug": slug})
    accounts, created = accounts_of(document.get("accounts", []))
    new_ids: dict[registry.Model, dict[int, Any]] = {}
    renamed: list[dict[str, str]] = []
    try:
        for table in registry.event_tables():
            rows = tables.get(table.label, [])
            if not isinstance(rows, list):
                raise _FileError(_("%(table)s is not a list of rows.") % {"table": table.label})
            overrides = {"slug": slug} if not table.event else {}
            rows, changes = _made_unique_on_server(table, rows, slug)
            renamed.extend(changes)
            new_ids[table.model] = create_rows(table, rows, new_ids, accounts, overrides)
    except IntegrityError as error:
        raise _FileError(
            _("The file's rows break a rule of the database: %(error)s") % {"error": error}
        ) from None
    event = event_models.Event.objects.get(pk=next(iter(new_ids[event_models.Event].values())))
    files_left_out = 0
    for table in registry.event_tables():
        if table.files is not None:
            files_left_out += _own_files(table, table.files, event, new_ids, files, written)
    chain = audit.verify(event)
    audit.record(
        event,
        actor,
        "event.import",
        event.name,
        None,
        {
            "slug": slug,
            "file_version": version,
            "created_accounts": created,
            "audit_chain_broken_at": chain.broken_at,
            # references another event of this server holds already (the event imported
            # beside its original): the copy's, made unique; the file keeps them as they were
            "references_made_unique": renamed,
            "archive": files.archive_id if files else None,
            "files_restored": len(written),
            "files_left_out": files_left_out,
        },
    )
    return Imported(event, created, chain.broken_at, len(written), files_left_out)


def _own_files(
    table: registry.EventTable,
    stored: registry.StoredFiles,
    event: event_models.Event,
    new_ids: dict[registry.Model, dict[int, Any]],
    files: CarriedFiles | None,
    written: list[tuple[registry.StoredFiles, str]],
) -> int:
    """Give each imported row of ``table`` naming a file a file of its own (never the
    original's: a purge there must not empty the copy). The number of rows left without
    their file (not in the backup, or purged here since the archive was made)."""
    now = datetime.datetime.now(datetime.UTC).isoformat()
    left_out = 0
    rows = list(table.model._default_manager.filter(pk__in=new_ids[table.model].values()))
    for row in rows:
        name = getattr(row, stored.name)
        if not name:
            continue
        checksum = getattr(row, stored.checksum)
        if files is not None:
            content = files.contents.get(name)
        else:  # a JSON file alone: this server's file, if it is the same one
            content = stored.read(name)
            if content is not None and checksum and _sha256(content) != checksum:
                content = None
        marks = list(getattr(row, stored.marks) or [])
        if files is not None and checksum and checksum in files.purged:
            marks.append({"kind": "purged_before_restore", "at": now})
            content = None
        elif content is None:
            marks.append({"kind": "not_in_backup", "at": now})
        if content is None:
            left_out += 1
            setattr(row, stored.name, "")
        else:
            new_name = stored.write(event.pk, content)
            written.append((stored, new_name))
            setattr(row, stored.name, new_name)
            setattr(row, stored.checksum, checksum or _sha256(content))
        setattr(row, stored.marks, marks)
    table.model._default_manager.bulk_update(
        rows, [stored.name, stored.checksum, stored.marks], batch_size=_BATCH
    )
    return left_out


def _sha256(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def _made_unique_on_server(
    table: registry.EventTable, rows: list[Any], slug: str
) -> tuple[list[Any], list[dict[str, str]]]:
    """The file's rows with each value of a field unique on the server that a row of this
    server holds already (the event imported beside its original) given `` copy <slug>``
    (cut to the column's length; a number after it while still taken); and what was
    changed, for the import's audit line. The file itself is not changed."""
    changed: list[dict[str, str]] = []
    if not table.unique_on_server:
        return rows, changed
    manager = table.model._default_manager
    copied = [dict(row) if isinstance(row, dict) else row for row in rows]
    for name in table.unique_on_server:
        field = table.model._meta.get_field(name)
        limit = getattr(field, "max_length", None) or 200
        values = {row.get(name) for row in copied if isinstance(row, dict)}
        values = {value for value in values if isinstance(value, str) and value}
        taken = set(manager.filter(**{f"{name}__in": values}).values_list(name, flat=True))
        for row in copied:
            value = row.get(name) if isinstance(row, dict) else None
            if value not in taken:
                continue
            number = 1
            while True:
                suffix = f" copy {slug}" + (f" {number}" if number > 1 else "")
                candidate = str(value)[: limit - len(suffix)] + suffix
                if candidate not in taken and not manager.filter(**{name: candidate}).exists():
                    break
                number += 1
            taken.add(candidate)
            row[name] = candidate
            changed.append(
                {"table": table.label, "field": name, "in_file": str(value), "in_copy": candidate}
            )
    return copied, changed


def read_document(text: str) -> tuple[dict[str, Any], int]:
    """The file as a version-2 document, and the version it was written in."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise _FileError(
            _("Not a JSON file: line %(line)d column %(col)d: %(msg)s")
            % {"line": error.lineno, "col": error.colno, "msg": error.msg}
        ) from None
    return checked_document(document)


def checked_document(document: Any) -> tuple[dict[str, Any], int]:
    """An event file's parsed JSON as a version-2 document (refused when it is not one),
    and the version it was written in."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _FileError(_("Not a crosstable event file (format must be %(f)s).") % {"f": FORMAT})
    version = document.get("version")
    if version == 1:
        document = event_file_v1.as_version_two(document)
    if document.get("version") != VERSION:
        raise _FileError(
            _("Unsupported event file version %(v)s.") % {"v": document.get("version")}
        )
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise _FileError(_("The file has no tables."))
    known = {table.label for table in registry.event_tables()}
    unknown = sorted(set(tables) - known)
    if unknown:
        raise _FileError(
            _("The file holds tables this version of crosstable does not know: %(tables)s.")
            % {"tables": ", ".join(unknown)}
        )
    return document, VERSION if version is None else int(version)


def accounts_of(names: Any) -> tuple[dict[str, Any], list[str]]:
    """The accounts the file names (user name → account), creating missing ones without a
    password; and the names created."""
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise _FileError(_("accounts must be a list of user names."))
    user_model = get_user_model()
    found = {
        user.get_username(): user for user in user_model._default_manager.filter(username__in=names)
    }
    created = []
    for name in sorted(set(names) - set(found)):
        if not name.strip() or len(name) > 150:
            raise _FileError(
                _("accounts: %(name)s is not a user name.") % {"name": json.dumps(name)}
            )
        user = user_model(username=name)
        user.set_unusable_password()
        user.save()
        found[name] = user
        created.append(name)
    return found, created


def create_rows(
    table: registry.EventTable,
    rows: list[Any],
    new_ids: dict[registry.Model, dict[int, Any]],
    accounts: dict[str, Any],
    overrides: dict[str, Any],
) -> dict[int, Any]:
    """Create ``rows`` of ``table``; the database key of each file id."""
    fields = table.fields()
    references = table.references()
    later = [name for name, target in references.items() if target is table.model]
    timestamps = [
        field.name
        for field in fields
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
    ]
    objects: list[models.Model] = []
    file_ids: list[int] = []
    deferred: list[dict[str, Any]] = []
    for place, row in enumerate(rows, start=1):
        values = row_values(table, row, place, new_ids, accounts, overrides)
        objects.append(table.model(**values))
        file_ids.append(row["id"])
        deferred.append(
            {name: row.get(name) for name in later} | {name: values[name] for name in timestamps}
        )
    if len(set(file_ids)) != len(file_ids):
        raise _FileError(_("%(table)s: two rows have the same id.") % {"table": table.label})
    created = table.model._default_manager.bulk_create(objects, batch_size=_BATCH)
    ids = {file_id: row.pk for file_id, row in zip(file_ids, created, strict=True)}
    # Creation stamps the time of the import on auto_now(_add) fields: put the file's back.
    # A reference to a row of the same table (a payment's reversal) is set once all exist.
    for row, place, values in zip(created, range(1, len(created) + 1), deferred, strict=True):
        for name in later:
            target = values[name]
            setattr(
                row,
                f"{name}_id",
                None
                if target is None
                else _reference(
                    {table.model: ids}, table.model, target, _where(table.label, place, name)
                ),
            )
        for name in timestamps:
            setattr(row, name, values[name])
    if later or timestamps:
        table.model._default_manager.bulk_update(created, [*later, *timestamps], batch_size=_BATCH)
    return ids


def row_values(
    table: registry.EventTable,
    row: Any,
    place: int,
    new_ids: dict[registry.Model, dict[int, Any]],
    accounts: dict[str, Any],
    overrides: dict[str, Any],
) -> dict[str, Any]:
    """The field values (by name, or attname for references) of the file's row at ``place``
    of ``table``, each read and checked as its column stores it; references to rows of other
    tables through ``new_ids``, a reference to the same table left out (set once all rows
    exist). Used by the import and by a hub applying a venue's publication (``hub``)."""
    fields = table.fields()
    names = {field.name for field in fields}
    references = table.references()
    users = set(table.user_fields())
    later = [name for name, target in references.items() if target is table.model]
    if not isinstance(row, dict) or not isinstance(row.get("id"), int):
        raise _FileError(
            _("%(where)s: not a row with an id.") % {"where": _where(table.label, place)}
        )
    extra = sorted(set(row) - names - {"id"})
    if extra:
        raise _FileError(
            _("%(where)s: unknown fields %(fields)s.")
            % {"where": _where(table.label, place), "fields": ", ".join(extra)}
        )
    values: dict[str, Any] = {}
    for field in fields:
        where = _where(table.label, place, field.name)
        if field.name in overrides:
            values[field.name] = overrides[field.name]
        elif field.name not in row:
            # A file written before this field existed: what the migration that added
            # it gave the rows already stored.
            if not field.has_default() and not field.null:
                raise _FileError(_("%(where)s: missing.") % {"where": where})
            values[field.name] = field.get_default()
        elif field.name in users:
            name = row[field.name]
            values[field.attname] = None if name is None else _account(accounts, name, where)
        elif field.name in references:
            if field.name not in later:
                values[field.attname] = _reference(
                    new_ids, references[field.name], row[field.name], where
                )
        elif field.name in table.json_refs:
            values[field.name] = _reference_list(
                new_ids, table.json_refs[field.name], row[field.name], where
            )
        else:
            values[field.name] = _value(field, row[field.name], where)
    if field_null := [
        field.name
        for field in fields
        if not field.null
        and field.name not in later
        and values.get(field.attname, values.get(field.name)) is None
    ]:
        raise _FileError(
            _("%(where)s: no value for %(fields)s.")
            % {"where": _where(table.label, place), "fields": ", ".join(field_null)}
        )
    return values


def _account(accounts: dict[str, Any], name: Any, where: str) -> Any:
    if name not in accounts:
        raise _FileError(
            _("%(where)s: %(name)s is not among the file's accounts.")
            % {"where": where, "name": json.dumps(name)}
        )
    return accounts[name].pk


def _reference(
    new_ids: dict[registry.Model, dict[int, Any]], target: registry.Model, value: Any, where: str
) -> Any:
    if value is None:
        return None
    found = new_ids.get(target, {}).get(value) if isinstance(value, int) else None
    if found is None:
        raise _FileError(
            _("%(where)s: no row %(id)s in %(table)s.")
            % {"where": where, "id": json.dumps(value), "table": target._meta.label_lower}
        )
    return found


def _reference_list(
    new_ids: dict[registry.Model, dict[int, Any]], target: registry.Model, value: Any, where: str
) -> list[Any]:
    if not isinstance(value, list):
        raise _FileError(_("%(where)s: not a list.") % {"where": where})
    return [_reference(new_ids, target, item, where) for item in value]


def _value(field: models.Field[Any, Any], value: Any, where: str) -> Any:
    """A value of the file as ``field`` stores it, checked as a form would check it
    (type, length, range), apart from "required" (an empty list is a value here)."""
    if value is None:
        return None
    try:
        if isinstance(field, models.JSONField):
            python = value
        elif isinstance(field, models.BooleanField) and not isinstance(value, bool):
            raise ValidationError(_("not true or false"))
        else:
            python = field.to_python(value)
        field.run_validators(python)
    except ValidationError as error:
        raise _FileError(
            _("%(where)s: %(value)s: %(problem)s")
            % {"where": where, "value": json.dumps(value)[:60], "problem": " ".join(error.messages)}
        ) from None
    if isinstance(python, str) and "\x00" in python:
        raise _FileError(_("%(where)s: a NUL character.") % {"where": where})
    return python
