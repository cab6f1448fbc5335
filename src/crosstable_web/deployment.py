"""What a served deployment needs at run time: who the client is behind the reverse proxy
(the address django-axes counts failed sign-ins by), and whether this app server can serve
(``/healthz``, asked by the balancer every few seconds: docs/deploy.md)."""

from __future__ import annotations

import logging
import secrets

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from redis.exceptions import RedisError

logger = logging.getLogger("crosstable_web")


def client_ip(request: HttpRequest) -> str:
    """The client's address: the last X-Forwarded-For entry, the one our own reverse proxy
    added (settings ``BEHIND_PROXY``; anything before it the client may have written), else
    the connection's own address."""
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
        last = forwarded.split(",")[-1].strip()
        if last:
            return last
    return str(request.META.get("REMOTE_ADDR", ""))


@never_cache
@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """``ok`` (200) when this app server reaches its database and its cache, else 503 naming
    what failed: the balancer then sends no visitor here until it answers again."""
    failed = []
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as error:
        logger.error("health check: the database does not answer: %s", error)
        failed.append("database")
    probe = f"healthz:{secrets.token_hex(8)}"
    try:
        cache.set(probe, "1", 10)
        if cache.get(probe) != "1":
            failed.append("cache")
        cache.delete(probe)
    except (RedisError, OSError) as error:
        logger.error("health check: the cache does not answer: %s", error)
        failed.append("cache")
    if failed:
        return HttpResponse(
            f"unavailable: {', '.join(failed)}\n", status=503, content_type="text/plain"
        )
    return HttpResponse("ok\n", content_type="text/plain")
