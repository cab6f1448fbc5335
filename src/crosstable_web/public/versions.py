"""Public pages cached per event version: every audit-log line bumps the event's counter.

Every change of an event goes through the services, and each writes one audit-log line in
its own transaction; a ``post_save`` receiver on ``AuditLog`` bumps ``EventVersion`` in that
same transaction. A page is cached under (path, language, version): the version is read from
the database on every request (one primary-key lookup), so a worker never serves a page
older than the last committed change, whichever process made it.

Optional stamp files (setting ``PUBLIC_VERSION_DIR``, on in ``settings.prod``): after each
commit the event's version is also written to a small file, under a lock and never lowered;
workers on the same host read the file instead of asking the database, which saves the one
query per request (a database round trip costs more than the rest of a cached page). Without
the file (first request, another host) the database answers.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F, Value
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from crosstable_web.events.models import AuditLog, Event
from crosstable_web.public.models import EventVersion

CACHE_SECONDS = 3600


def bump(event_id: int) -> None:
    """Count one change of the event (inside the caller's transaction)."""
    if _stamp_dir() is not None:
        transaction.on_commit(lambda: publish(event_id))
    if EventVersion.objects.filter(event_id=event_id).update(version=F("version") + 1):
        return
    try:
        with transaction.atomic():
            EventVersion.objects.create(event_id=event_id, version=1)
    except IntegrityError:  # created meanwhile by another transaction
        EventVersion.objects.filter(event_id=event_id).update(version=F("version") + 1)


def current(event_id: int) -> int:
    return (
        EventVersion.objects.filter(event_id=event_id).values_list("version", flat=True).first()
        or 0
    )


def _on_audit(sender: Any, instance: AuditLog, created: bool, **kwargs: Any) -> None:
    if created and instance.event_id is not None:
        bump(instance.event_id)


def _on_event_deleted(sender: Any, instance: Event, **kwargs: Any) -> None:
    folder = _stamp_dir()
    if folder is not None:
        (folder / str(instance.pk)).unlink(missing_ok=True)


def connect() -> None:
    post_save.connect(_on_audit, sender=AuditLog, dispatch_uid="public-event-version")
    post_delete.connect(_on_event_deleted, sender=Event, dispatch_uid="public-event-deleted")


def _stamp_dir() -> Path | None:
    folder = getattr(settings, "PUBLIC_VERSION_DIR", None)
    return None if folder is None else Path(folder)


def _write_stamp(event_id: int, version: int, created: float) -> None:
    """Write ``version`` to the event's stamp file unless it already holds a later one."""
    folder = _stamp_dir()
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(folder / str(event_id), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        held = os.read(descriptor, 100).split()
        if len(held) == 2 and held[1] == repr(created).encode() and int(held[0]) >= version:
            return
        os.lseek(descriptor, 0, os.SEEK_SET)
        os.ftruncate(descriptor, 0)
        os.write(descriptor, f"{version} {created!r}".encode())
    finally:
        os.close(descriptor)


def publish(event_id: int) -> None:
    """After a commit: the event's committed version into its stamp file."""
    row = (
        EventVersion.objects.filter(event_id=event_id)
        .values_list("version", "event__created_at")
        .first()
    )
    if row is not None:
        _write_stamp(event_id, row[0], row[1].timestamp())


_event_of_slug: dict[str, int] = {}


def _from_stamp(slug: str) -> tuple[int, str] | None:
    event_id = _event_of_slug.get(slug)
    folder = _stamp_dir()
    if event_id is None or folder is None:
        return None
    try:
        held = (folder / str(event_id)).read_bytes().split()
    except OSError:
        return None
    if len(held) != 2:
        return None
    return event_id, f"{int(held[0])}.{float(held[1])}"


def lookup(slug: str) -> tuple[int, str] | None:
    """(event id, version) of the event ``slug`` in one query; None if there is no event.
    The version includes the event's creation time, so an event id used again (a deleted
    event, a rolled-back test) never meets the pages of its predecessor."""
    stamped = _from_stamp(slug)
    if stamped is not None:
        return stamped
    row = (
        EventVersion.objects.filter(event__slug=slug)
        .values_list("event_id", "version", "event__created_at")
        .first()
    )
    if row is None:
        row = Event.objects.filter(slug=slug).values_list("id", Value(0), "created_at").first()
    if row is None:
        return None
    event_id, version, created_at = row
    if _stamp_dir() is not None:
        _event_of_slug[slug] = event_id
        _write_stamp(event_id, version, created_at.timestamp())
    return event_id, f"{version}.{created_at.timestamp()}"


def cached_page(
    event_id: int, version: str, request: HttpRequest, render: Callable[[], HttpResponse]
) -> HttpResponse:
    """``render()``'s response, from the cache when nothing changed since it was made."""
    key = f"public:{event_id}:{version}:{translation.get_language()}:{request.get_full_path()}"
    hit = cache.get(key)
    if hit is not None:
        content, content_type = hit
        return HttpResponse(content, content_type=content_type)
    response = render()
    # A page may refuse the cache when it changes without a new version (e.g. a team round
    # whose line-ups are published at a deadline).
    if (
        response.status_code == 200
        and not response.streaming
        and not getattr(response, "public_uncacheable", False)
    ):
        cache.set(key, (response.content, response["Content-Type"]), CACHE_SECONDS)
    return response


def cached_value(event_id: int, version: str, name: str, compute: Callable[[], Any]) -> Any:
    key = f"public:{name}:{event_id}:{version}"
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, CACHE_SECONDS)
    return value
