"""Public pages cached per event version: every audit-log line bumps the event's counter.

Every change of an event goes through the services, and each writes one audit-log line in
its own transaction; a ``post_save`` receiver on ``AuditLog`` bumps ``EventVersion`` in that
same transaction. A page is cached under (path, language, version): the version is read from
the database on every request (one primary-key lookup), so a worker never serves a page
older than the last committed change, whichever process made it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F, Value
from django.db.models.signals import post_save
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from crosstable_web.events.models import AuditLog, Event
from crosstable_web.public.models import EventVersion

CACHE_SECONDS = 3600


def bump(event_id: int) -> None:
    """Count one change of the event (inside the caller's transaction)."""
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


def connect() -> None:
    post_save.connect(_on_audit, sender=AuditLog, dispatch_uid="public-event-version")


def lookup(slug: str) -> tuple[int, str] | None:
    """(event id, version) of the event ``slug`` in one query; None if there is no event.
    The version includes the event's creation time, so an event id used again (a deleted
    event, a rolled-back test) never meets the pages of its predecessor."""
    row = (EventVersion.objects.filter(event__slug=slug)
           .values_list("event_id", "version", "event__created_at").first())
    if row is None:
        row = (Event.objects.filter(slug=slug).values_list("id", Value(0), "created_at")
               .first())
    if row is None:
        return None
    event_id, version, created_at = row
    return event_id, f"{version}.{created_at.timestamp()}"


def cached_page(event_id: int, version: str, request: HttpRequest,
                render: Callable[[], HttpResponse]) -> HttpResponse:
    """``render()``'s response, from the cache when nothing changed since it was made."""
    key = f"public:{event_id}:{version}:{translation.get_language()}:{request.get_full_path()}"
    hit = cache.get(key)
    if hit is not None:
        content, content_type = hit
        return HttpResponse(content, content_type=content_type)
    response = render()
    if response.status_code == 200 and not response.streaming:
        cache.set(key, (response.content, response["Content-Type"]), CACHE_SECONDS)
    return response


def cached_value(event_id: int, version: str, name: str, compute: Callable[[], Any]) -> Any:
    key = f"public:{name}:{event_id}:{version}"
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, CACHE_SECONDS)
    return value
