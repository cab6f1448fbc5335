"""Registration documents (ID photos, grade certificates, age proofs) as files: which files
are accepted (JPEG, PNG, WebP pictures and PDF, read from the file's first bytes, not from its
name or the browser's word), how big, and where they are kept — a private folder outside any
public URL (``settings.REGISTRATION_DOCUMENTS_DIR``), served only through the organisers'
queue (``views.document``), deleted by ``purge_documents``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import uuid
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

KINDS: tuple[tuple[bytes, int, str, str], ...] = (
    (b"\xff\xd8\xff", 0, "image/jpeg", ".jpg"),
    (b"\x89PNG\r\n\x1a\n", 0, "image/png", ".png"),
    (b"WEBP", 8, "image/webp", ".webp"),
    (b"%PDF-", 0, "application/pdf", ".pdf"),
)
"""Accepted files: the signature their content starts with (at an offset), the type served
and the stored file's suffix."""


@dataclasses.dataclass(frozen=True, slots=True)
class Upload:
    """A file as the browser sent it."""

    name: str
    content: bytes
    size: int | None = None
    """The file's whole size when ``content`` holds only its start (a file over the limit
    is not read whole)."""

    @property
    def total_size(self) -> int:
        return len(self.content) if self.size is None else self.size


def max_bytes() -> int:
    return int(settings.REGISTRATION_DOCUMENT_MAX_BYTES)


def kind_of(content: bytes) -> tuple[str, str] | None:
    """(content type, suffix) of an accepted file, None for any other."""
    for signature, offset, content_type, suffix in KINDS:
        if content[offset : offset + len(signature)] == signature:
            if content_type == "image/webp" and not content.startswith(b"RIFF"):
                continue
            return content_type, suffix
    return None


def problem(upload: Upload, label: str) -> str | None:
    """Why ``upload`` cannot be kept as the document ``label`` (None: it can)."""
    if not upload.total_size:
        return _("%(document)s: the file %(file)s is empty.") % {
            "document": label,
            "file": upload.name,
        }
    if upload.total_size > max_bytes():
        return _("%(document)s: the file %(file)s is %(size)s MB; at most %(limit)s MB.") % {
            "document": label,
            "file": upload.name,
            "size": f"{upload.total_size / 1_000_000:.1f}",
            "limit": f"{max_bytes() / 1_000_000:g}",
        }
    if kind_of(upload.content) is None:
        return _("%(document)s: the file %(file)s is not a JPEG, PNG or WebP picture or a PDF.") % {
            "document": label,
            "file": upload.name,
        }
    return None


def folder() -> Path:
    return Path(settings.REGISTRATION_DOCUMENTS_DIR)


def store(event_id: int, upload: Upload) -> tuple[str, str]:
    """Write ``upload`` into the documents folder: (stored name, content type)."""
    found = kind_of(upload.content)
    assert found is not None, "checked by problem() first"
    return store_content(event_id, upload.content), found[0]


def store_content(event_id: Any, content: bytes) -> str:
    """Write an accepted file's content into the event's part of the documents folder under
    a new name (an upload, or a document restored from a backup): its stored name."""
    found = kind_of(content)
    suffix = found[1] if found else ".bin"
    name = f"{event_id}/{uuid.uuid4().hex}{suffix}"
    path = folder() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return name


def checksum(content: bytes) -> str:
    """A file's SHA-256, as ``Document.sha256`` and the backup archive hold it."""
    return hashlib.sha256(content).hexdigest()


def read(stored_name: str) -> bytes | None:
    """A stored document's content (None: purged, or not on this server)."""
    path = path_of(stored_name)
    return None if path is None else path.read_bytes()


def path_of(stored_name: str) -> Path | None:
    """The file of a stored document (None: purged, or outside the folder)."""
    if not stored_name:
        return None
    base = folder().resolve()
    path = (base / stored_name).resolve()
    if base not in path.parents or not path.is_file():
        return None
    return path


def remove(stored_name: str) -> None:
    path = path_of(stored_name)
    if path is not None:
        path.unlink(missing_ok=True)
