"""An event's backup archive: one ZIP file holding the event's JSON (``event_file``) and every
file its rows name outside the database (registration documents), each with its SHA-256.

The archive (``crosstable-web export_event EVENT -o FILE.zip``)::

    manifest.json        {"format": "crosstable-archive", "version": 1, "archive": "<id>",
                          "event": "<slug>", "made_at": "<UTC time>",
                          "files": {"event.json": {"sha256": "…", "size": 1234},
                                    "documents/<stored name>": {"sha256": "…", "size": …}}}
    event.json           the event file, as ``export_event -o FILE.json`` writes it
    documents/<stored name>   each document's file, named as the JSON's row names it

Restoring (``import_event FILE.zip``) checks every file against the manifest (and each
document against its row's checksum) before anything is saved; a damaged or missing file is
refused with its name and the row it belongs to. The restored event's documents are written
as new files of this server, never shared with the original (issue 31 item 2). Each archive
made is recorded here (``events.BackupArchive``), so a later purge of its documents marks it
and restoring the same archive on this server leaves the purged files out.
"""

from __future__ import annotations

import hashlib
import io
import json
import uuid
import zipfile
import zlib
from typing import Any, BinaryIO

from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable_web.backup import registry
from crosstable_web.events import models as event_models
from crosstable_web.events.files import event_file
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.services import ServiceError

FORMAT = "crosstable-archive"
VERSION = 1
MANIFEST = "manifest.json"
EVENT_FILE = "event.json"
FILES_FOLDER = "documents/"
MAX_MEMBERS = 100_000
MAX_MEMBER_BYTES = 200 * 1024 * 1024
"""No file of an archive is read beyond this (the JSON of a 2,000-player event is ~20 MB; a
document at most ``REGISTRATION_DOCUMENT_MAX_BYTES``): a forged archive cannot fill memory."""


class ArchiveError(ServiceError):
    pass


def is_archive(content: bytes) -> bool:
    return content[:4] == b"PK\x03\x04"


def _sha256(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def export_archive(event: event_models.Event, made_by: str = "") -> bytes:
    """The event's backup archive as bytes (see :func:`write_archive`)."""
    buffer = io.BytesIO()
    write_archive(event, buffer, made_by)
    return buffer.getvalue()


def write_archive(event: event_models.Event, target: BinaryIO, made_by: str = "") -> None:
    """Write the event's backup archive (the organisers' whole file and every document's
    file) into ``target``, one document in memory at a time, and record it on this server
    as made."""
    document = event_file.event_document(event, for_organisers=True)
    text = json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True).encode()
    listed: dict[str, dict[str, Any]] = {}
    carried: list[str] = []
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(EVENT_FILE, text)
        listed[EVENT_FILE] = {"sha256": _sha256(text), "size": len(text)}
        for table in registry.event_tables():
            if table.files is None:
                continue
            for row in document["tables"].get(table.label, []):
                name = row.get(table.files.name)
                content = table.files.read(name) if name else None
                if content is None:
                    continue  # no file on this server: the restore marks the row
                member = FILES_FOLDER + name
                archive.writestr(member, content)
                listed[member] = {"sha256": _sha256(content), "size": len(content)}
                carried.append(listed[member]["sha256"])
        archive_id = uuid.uuid4().hex
        made_at = timezone.now()
        manifest = {
            "format": FORMAT,
            "version": VERSION,
            "archive": archive_id,
            "event": event.slug,
            "made_at": made_at.isoformat(),
            "files": listed,
        }
        archive.writestr(MANIFEST, json.dumps(manifest, indent=1, sort_keys=True))
    event_models.BackupArchive.objects.create(
        event=event,
        archive_id=archive_id,
        made_at=made_at,
        made_by=made_by,
        checksums=sorted(set(carried)),
    )


def import_archive(content: bytes, actor: Actor, slug: str | None = None) -> event_file.Imported:
    """Restore an event from its backup archive, every file checked first: all or nothing."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
        names = archive.namelist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise ArchiveError(
            _("Not a backup archive (a ZIP file): %(error)s") % {"error": error}
        ) from None
    with archive:
        if len(names) > MAX_MEMBERS:
            raise ArchiveError(_("The archive holds too many files (%(n)d).") % {"n": len(names)})
        manifest = _manifest(archive)
        listed: dict[str, Any] = manifest["files"]
        unlisted = sorted(set(names) - set(listed) - {MANIFEST})
        if unlisted:
            raise ArchiveError(
                _("The archive holds files its manifest does not list: %(files)s.")
                % {"files": ", ".join(unlisted[:5])}
            )
        if EVENT_FILE not in listed:
            raise ArchiveError(
                _("The archive's manifest lists no %(file)s.") % {"file": EVENT_FILE}
            )
        text = _member(archive, EVENT_FILE, listed[EVENT_FILE], "")
        try:
            document, _version = event_file.checked_document(json.loads(text))
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise ArchiveError(
                _("The archive's %(file)s is not JSON: %(error)s")
                % {"file": EVENT_FILE, "error": error}
            ) from None
        contents: dict[str, bytes] = {}
        for table in registry.event_tables():
            if table.files is None:
                continue
            for place, row in enumerate(document["tables"].get(table.label, []), start=1):
                if not isinstance(row, dict) or not row.get(table.files.name):
                    continue
                name = str(row[table.files.name])
                member = FILES_FOLDER + name
                whose = _("%(table)s row %(place)d (%(what)s)") % {
                    "table": table.label,
                    "place": place,
                    "what": ", ".join(
                        str(row[field])
                        for field in ("key", "original_name")
                        if isinstance(row.get(field), str) and row[field]
                    ),
                }
                if member not in listed:
                    continue  # not carried (no file on the server that made it): marked
                data = _member(archive, member, listed[member], whose)
                expected = row.get(table.files.checksum)
                if expected and _sha256(data) != expected:
                    raise ArchiveError(
                        _(
                            "The archive's file %(file)s is not the document %(whose)s "
                            "uploaded (its checksum differs from the row's). Nothing was "
                            "imported."
                        )
                        % {"file": member, "whose": whose}
                    )
                contents[name] = data
    made_here = event_models.BackupArchive.objects.filter(
        archive_id=str(manifest.get("archive", ""))
    ).first()
    files = event_file.CarriedFiles(
        contents=contents,
        purged=frozenset(made_here.purged_checksums()) if made_here else frozenset(),
        archive_id=str(manifest.get("archive", "")),
    )
    return event_file.import_event_json(text.decode(), actor, slug, files)


def _manifest(archive: zipfile.ZipFile) -> dict[str, Any]:
    try:
        info = archive.getinfo(MANIFEST)
    except KeyError:
        raise ArchiveError(
            _("The archive has no %(file)s: not a crosstable backup archive.") % {"file": MANIFEST}
        ) from None
    if info.file_size > MAX_MEMBER_BYTES:
        raise ArchiveError(_("The archive's %(file)s is too large.") % {"file": MANIFEST})
    try:
        manifest = json.loads(archive.read(MANIFEST))
    except (zipfile.BadZipFile, zlib.error, json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ArchiveError(
            _("The archive's %(file)s is damaged: %(error)s") % {"file": MANIFEST, "error": error}
        ) from None
    if (
        not isinstance(manifest, dict)
        or manifest.get("format") != FORMAT
        or not isinstance(manifest.get("files"), dict)
    ):
        raise ArchiveError(
            _("Not a crosstable backup archive (format must be %(f)s).") % {"f": FORMAT}
        )
    if manifest.get("version") != VERSION:
        raise ArchiveError(
            _("Unsupported backup archive version %(v)s.") % {"v": manifest.get("version")}
        )
    return manifest


def _member(archive: zipfile.ZipFile, member: str, listed: Any, whose: str) -> bytes:
    """A file of the archive, checked against the manifest's size and SHA-256."""
    about = f" ({whose})" if whose else ""
    damaged = _(
        "The archive's file %(file)s%(whose)s is damaged: its content is not the one the "
        "archive's manifest lists (SHA-256). Nothing was imported."
    ) % {"file": member, "whose": about}
    if not isinstance(listed, dict) or not isinstance(listed.get("size"), int):
        raise ArchiveError(damaged)
    try:
        info = archive.getinfo(member)
    except KeyError:
        raise ArchiveError(
            _("The archive's file %(file)s%(whose)s is missing. Nothing was imported.")
            % {"file": member, "whose": about}
        ) from None
    if info.file_size != listed["size"] or info.file_size > MAX_MEMBER_BYTES:
        raise ArchiveError(damaged)
    try:
        data = archive.read(member)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError):
        raise ArchiveError(damaged) from None
    if _sha256(data) != listed.get("sha256"):
        raise ArchiveError(damaged)
    return data
