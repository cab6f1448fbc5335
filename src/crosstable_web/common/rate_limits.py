"""How often the public forms may be used (issue 31 item 4): registrations per client address
and per e-mail address, follow requests per client address, and the e-mails the public forms
make the site send (the outbox) in all.

Each limit counts uses in fixed windows (``count`` per ``seconds``) in the default cache: on
the public site with several app servers that is the Redis every server shares
(``settings.CACHE_URL``: one count for all, Redis's INCR is atomic), on the venue laptop
(SQLite, no Redis) the process's own memory — one process serves it. The keys hold a digest
of the address, never the address. If the cache cannot be reached the use is allowed and
logged: a Redis outage must not close registration (docs/registration.md).
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import time

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError

logger = logging.getLogger("crosstable_web")


@dataclasses.dataclass(frozen=True, slots=True)
class Limit:
    name: str
    """The setting's key in ``settings.PUBLIC_FORM_LIMITS``."""

    def rule(self) -> tuple[int, int] | None:
        """(count, seconds), or None when the setting leaves this limit out."""
        found = getattr(settings, "PUBLIC_FORM_LIMITS", {}).get(self.name)
        if not found:
            return None
        count, seconds = found
        return int(count), int(seconds)


REGISTRATION_PER_ADDRESS = Limit("registration_per_address")
REGISTRATION_PER_EMAIL = Limit("registration_per_email")
FOLLOW_PER_ADDRESS = Limit("follow_per_address")
PUBLIC_MAILS = Limit("public_mails")


def use(limit: Limit, key: str) -> int | None:
    """Count one use of ``limit`` by ``key`` (an address; "" counts nothing): None when it is
    within the limit, else the whole minutes until the window ends (at least 1)."""
    rule = limit.rule()
    if rule is None or not key:
        return None
    count, seconds = rule
    now = time.time()
    window = int(now // seconds)
    digest = hashlib.sha256(key.strip().lower().encode()).hexdigest()[:32]
    cache_key = f"rate:{limit.name}:{digest}:{window}"
    try:
        cache.add(cache_key, 0, timeout=seconds + 5)
        used = cache.incr(cache_key)
    except (RedisError, OSError, ValueError):
        logger.exception("rate limit %s not counted (the cache cannot be reached)", limit.name)
        return None
    if used <= count:
        return None
    left = (window + 1) * seconds - now
    return max(1, int(left // 60) + (1 if left % 60 else 0))
