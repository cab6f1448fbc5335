"""The registrations' documents purged when the regulations say (the copies of a
purged document marked).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.regulations.schema import DocumentRule
from crosstable_web.events import models as event_models
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.regulations import event_time
from crosstable_web.events.services import ServiceError
from crosstable_web.registrations import documents, models
from crosstable_web.registrations.services.opening import registration_rules


def document_rules(event: event_models.Event) -> tuple[DocumentRule, ...]:
    table = registration_rules(event)
    return table.documents if table is not None else ()


def purge_documents(
    event: event_models.Event, actor: Actor, today: datetime.date | None = None
) -> int:
    """Delete every uploaded document of ``event`` (organisers, once the event is over):
    the files go, the rows stay as a record (name, size, when purged). The count purged."""
    require_organiser(actor, event)
    today = today or timezone.localdate(timezone=event_time.zone(event))
    last_day = event.end_date or event.start_date
    if last_day is None or today <= last_day:
        raise ServiceError(
            _("Documents are purged after the event: its last day is %(day)s.")
            % {"day": last_day.isoformat() if last_day else _("not set")}
        )
    with transaction.atomic():
        found = list(
            models.Document.objects.select_for_update().filter(
                player__registration__event=event, purged_at__isnull=True
            )
        )
        now = timezone.now()
        for document in found:
            documents.remove(document.stored_name)
            document.stored_name = ""
            document.purged_at = now
            document.save(update_fields=["stored_name", "purged_at"])
        copies, backups = _mark_copies_of_purged(event, {d.sha256 for d in found if d.sha256}, now)
        audit.record(
            event,
            actor,
            "registration.purge_documents",
            event.name,
            None,
            {"count": len(found), "copies_marked": copies, "backups_still_holding": backups},
        )
    return len(found)


def _mark_copies_of_purged(
    event: event_models.Event, checksums: set[str], now: datetime.datetime
) -> tuple[list[str], list[dict[str, Any]]]:
    """Mark what still holds the files just purged (issue 31 item 2): the documents of other
    events of this server with the same file (a copy imported from a backup, or the
    original of a copy), and the backup archives made here that carry them (restoring one
    here leaves them out). The events marked and the archives, for the audit line."""
    marked_events: set[str] = set()
    if not checksums:
        return [], []
    copies = models.Document.objects.select_for_update().filter(
        sha256__in=checksums, purged_at__isnull=True
    )
    for copy in copies.exclude(player__registration__event=event).select_related(
        "player__registration__event"
    ):
        copy.marks = [
            *copy.marks,
            {"kind": "purged_elsewhere", "event": event.slug, "at": now.isoformat()},
        ]
        copy.save(update_fields=["marks"])
        marked_events.add(copy.player.registration.event.slug)
    backups = []
    for archive in event_models.BackupArchive.objects.select_for_update().select_related("event"):
        held = sorted(checksums & set(archive.checksums))
        if held:
            archive.purges = [
                *archive.purges,
                {"at": now.isoformat(), "event": event.slug, "checksums": held},
            ]
            archive.save(update_fields=["purges"])
            backups.append(
                {
                    "archive": archive.archive_id,
                    "of": archive.event.slug,
                    "made_at": archive.made_at.isoformat(),
                    "documents": len(held),
                }
            )
    return sorted(marked_events), backups
