"""Public pages cached per event version, the version kept in the shared cache.

Every change of an event goes through the services, and each writes one audit-log line in
its own transaction; a ``post_save`` receiver on ``AuditLog`` bumps ``EventVersion`` (the
database's count: the truth) in that same transaction. Once the transaction has committed,
the event's committed version is written into the cache under the event's short name, so
that every app server sharing the cache (Redis: settings ``REDIS_URL``) serves the new pages
at once; pages are cached under (event, version, language, address).

A cold cache is correct: a request that finds no version in the cache reads it from the
database and puts it there with ``cache.add``, which never overwrites the value a writer put
after its commit. Two commits close together cannot leave the older version last: each
writer, after writing, reads the database again and writes again until the two agree. A
version read from the cache expires after ``VERSION_SECONDS``, so a write lost while the
cache was unreachable heals by itself.

Without a shared cache (``LocMemCache``: each process its own, the venue laptop without
Redis) the version is read from the database on every request (one query): no process or
host keeps a state of its own that decides what a page shows.
"""

from __future__ import annotations

import datetime
import hashlib
import logging
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation
from redis.exceptions import RedisError

from crosstable_web.events.models import AuditLog, Event
from crosstable_web.public.models import EventVersion

logger = logging.getLogger("crosstable_web.public")

CACHE_SECONDS = 3600
"""How long a rendered page stays in the cache (a new version makes it unreachable at once)."""
RENDER_LOCK_SECONDS = 60
"""The longest one request renders a page for the others (then another may start)."""
RENDER_WAIT_SECONDS = 30.0
"""How long a request waits for the page another is rendering before rendering it itself."""
RENDER_POLL_SECONDS = 0.05
VERSION_SECONDS = 60
"""How long an event's version stays in the cache before it is read from the database again."""
CACHE_ERRORS = (RedisError, OSError)
"""What a cache that cannot be reached raises: the page is then served from the database."""
LOCAL_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


class Version(NamedTuple):
    """An event's public version: its id, the version's text (count and the event's creation
    time, so an event id used again never meets its predecessor's pages) and when it
    changed (the pages' Last-Modified)."""

    event_id: int
    token: str
    changed_at: datetime.datetime


def shared_cache() -> bool:
    """Whether the default cache is seen by every process and host (Redis), not one
    process's memory."""
    return str(settings.CACHES["default"]["BACKEND"]) not in LOCAL_CACHES


def bump(event_id: int) -> None:
    """Count one change of the event (inside the caller's transaction); after the commit
    the cache holds the new version."""
    now = timezone.now()
    if not EventVersion.objects.filter(event_id=event_id).update(
        version=F("version") + 1, changed_at=now
    ):
        try:
            with transaction.atomic():
                EventVersion.objects.create(event_id=event_id, version=1, changed_at=now)
        except IntegrityError:  # created meanwhile by another transaction
            EventVersion.objects.filter(event_id=event_id).update(
                version=F("version") + 1, changed_at=now
            )
    if shared_cache():
        transaction.on_commit(lambda: publish(event_id))


def current(event_id: int) -> int:
    return (
        EventVersion.objects.filter(event_id=event_id).values_list("version", flat=True).first()
        or 0
    )


def _cache_key(slug: str) -> str:
    return f"public:event:{slug}"


def _from_database(**where: Any) -> tuple[str, Version] | None:
    """(short name, version) of the event, committed, in one query."""
    row = (
        Event.objects.filter(**where)
        .values_list(
            "id", "slug", "created_at", "public_version__version", "public_version__changed_at"
        )
        .first()
    )
    if row is None:
        return None
    event_id, slug, created_at, count, changed = row
    return slug, Version(event_id, f"{count or 0}.{created_at.timestamp()}", changed or created_at)


def publish(event_id: int) -> None:
    """After a commit: the event's committed version into the shared cache, written again
    while another commit moved it on meanwhile (the last write is the latest version)."""
    for _attempt in range(5):
        found = _from_database(pk=event_id)
        if found is None:
            return
        slug, version = found
        try:
            cache.set(_cache_key(slug), tuple(version), VERSION_SECONDS)
        except CACHE_ERRORS:  # the cache is down: readers fall back on the database
            logger.exception("event %s: version not written to the cache", event_id)
            return
        again = _from_database(pk=event_id)
        if again == found:
            return


def lookup(slug: str) -> Version | None:
    """The version of the event ``slug``; None if there is no such event. From the shared
    cache when there is one, else (and on a cache miss) from the database."""
    if not shared_cache():
        found = _from_database(slug=slug)
        return None if found is None else found[1]
    try:
        held = cache.get(_cache_key(slug))
    except CACHE_ERRORS:
        logger.exception("the cache cannot be read: the version of %s from the database", slug)
        found = _from_database(slug=slug)
        return None if found is None else found[1]
    if held is not None:
        return Version(*held)
    found = _from_database(slug=slug)
    if found is None:
        return None
    try:
        # add, never set: a writer's newer version put meanwhile stays.
        cache.add(_cache_key(slug), tuple(found[1]), VERSION_SECONDS)
    except CACHE_ERRORS:
        logger.exception("the cache cannot be written: the version of %s", slug)
    return found[1]


def _on_audit(sender: Any, instance: AuditLog, created: bool, **kwargs: Any) -> None:
    if created and instance.event_id is not None:
        bump(instance.event_id)


def _on_event_deleted(sender: Any, instance: Event, **kwargs: Any) -> None:
    if shared_cache():
        transaction.on_commit(lambda: cache.delete(_cache_key(instance.slug)))


def connect() -> None:
    post_save.connect(_on_audit, sender=AuditLog, dispatch_uid="public-event-version")
    post_delete.connect(_on_event_deleted, sender=Event, dispatch_uid="public-event-deleted")


def _page_key(version: Version, request: HttpRequest) -> str:
    return (
        f"public:{version.event_id}:{version.token}:{translation.get_language()}:"
        f"{request.get_full_path()}"
    )


def etag(version: Version, request: HttpRequest) -> str:
    """The page's entity tag: what its cache key is made of (event version, language,
    address), so two hosts give the same page the same tag."""
    digest = hashlib.sha256(_page_key(version, request).encode()).hexdigest()[:24]
    return f'"{digest}"'


def _cached_response(hit: tuple[bytes, str]) -> HttpResponse:
    content, content_type = hit
    response = HttpResponse(content, content_type=content_type)
    response.public_cached = True  # type: ignore[attr-defined]
    return response


def _wait_for_page(key: str) -> HttpResponse | None:
    """The page another request is rendering, once it is in the cache; None when that request
    found it may not be kept, or took longer than ``RENDER_WAIT_SECONDS``."""
    deadline = time.monotonic() + RENDER_WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(RENDER_POLL_SECONDS)
        held = cache.get_many([key, f"{key}:uncacheable"])
        if key in held:
            return _cached_response(held[key])
        if f"{key}:uncacheable" in held:
            return None
    return None


def cached_page(
    version: Version, request: HttpRequest, render: Callable[[], HttpResponse]
) -> HttpResponse:
    """``render()``'s response, from the cache when nothing changed since it was made; a
    response that may be kept carries ``public_cached = True`` (its ETag then holds).

    A page missing from the cache is rendered by one request: the others asking for it
    meanwhile — every parent's phone the minute a round is out, on every app server — wait
    for it in the cache instead of all rendering it at once (a 2,000-player standings page
    takes seconds to render; dozens at once starved the app servers)."""
    key = _page_key(version, request)
    try:
        hit = cache.get(key)
        if hit is not None:
            return _cached_response(hit)
        rendering = cache.add(f"{key}:rendering", 1, RENDER_LOCK_SECONDS)
        if not rendering:
            waited = _wait_for_page(key)
            if waited is not None:
                return waited
    except CACHE_ERRORS:
        logger.exception("the cache cannot be read: %s rendered", key)
        return render()
    try:
        response = render()
    except BaseException:
        if rendering:
            _forget(f"{key}:rendering")
        raise
    # A page may refuse the cache when it changes without a new version (e.g. a team round
    # whose line-ups are published at a deadline).
    try:
        if (
            response.status_code == 200
            and not response.streaming
            and not getattr(response, "public_uncacheable", False)
        ):
            response.public_cached = True  # type: ignore[attr-defined]
            cache.set(key, (response.content, response["Content-Type"]), CACHE_SECONDS)
        elif rendering:
            cache.set(f"{key}:uncacheable", 1, 5)
    except CACHE_ERRORS:
        logger.exception("the cache cannot be written: %s", key)
    if rendering:
        _forget(f"{key}:rendering")
    return response


def _forget(key: str) -> None:
    try:
        cache.delete(key)
    except CACHE_ERRORS:
        logger.exception("the cache cannot be written: %s", key)


def has_page(version: Version, request: HttpRequest) -> bool:
    """Whether the page is in the cache at this version (so its ETag still holds)."""
    try:
        return bool(cache.has_key(_page_key(version, request)))
    except CACHE_ERRORS:
        return False


def cached_item(
    version: Version, name: str, item: int, compute_all: Callable[[], dict[int, Any]]
) -> Any:
    """Item ``item`` of ``compute_all()`` — a computation made for many items at once (a
    section's every player page needs the whole section's games) — kept item by item in the
    cache at this version; None if there is no such item. One request computes them all while
    the others asking meanwhile (for any item) wait for theirs."""
    key = f"public:{name}:{version.event_id}:{version.token}"
    try:
        held = cache.get_many([f"{key}:{item}", f"{key}:items"])
        if f"{key}:{item}" in held:
            return held[f"{key}:{item}"]
        if f"{key}:items" not in held and not cache.add(f"{key}:computing", 1, RENDER_LOCK_SECONDS):
            deadline = time.monotonic() + RENDER_WAIT_SECONDS
            while time.monotonic() < deadline and f"{key}:items" not in held:
                time.sleep(RENDER_POLL_SECONDS)
                held = cache.get_many([f"{key}:{item}", f"{key}:items"])
            if f"{key}:{item}" in held:
                return held[f"{key}:{item}"]
        if f"{key}:items" in held and item not in held[f"{key}:items"]:
            return None  # computed: no such item
    except CACHE_ERRORS:
        logger.exception("the cache cannot be read: %s computed", key)
        return compute_all().get(item)
    values = compute_all()
    try:
        cache.set_many(
            {f"{key}:{number}": value for number, value in values.items()}, CACHE_SECONDS
        )
        cache.set(f"{key}:items", frozenset(values), CACHE_SECONDS)
    except CACHE_ERRORS:
        logger.exception("the cache cannot be written: %s", key)
    _forget(f"{key}:computing")
    return values.get(item)


def cached_value(version: Version, name: str, compute: Callable[[], Any]) -> Any:
    key = f"public:{name}:{version.event_id}:{version.token}"
    try:
        value = cache.get(key)
    except CACHE_ERRORS:
        return compute()
    if value is None:
        value = compute()
        try:
            cache.set(key, value, CACHE_SECONDS)
        except CACHE_ERRORS:
            logger.exception("the cache cannot be written: %s", key)
    return value
