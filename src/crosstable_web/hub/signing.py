"""How a publication is signed: HMAC-SHA256 with the event's publishing key over the event's
short name on the hub, the time of sending (Unix seconds) and the SHA-256 of the body.

The body's own digest travels in a header too, so the hub tells a body that arrived
incomplete (its digest differs) from one signed with another key (the signature differs)."""

from __future__ import annotations

import hashlib
import hmac
import secrets

PURPOSE = "crosstable-publish-1"
WINDOW_SECONDS = 300
"""A publication signed more than this long before (or after) the hub's clock is refused."""

EVENT_HEADER = "X-Crosstable-Event"
TIME_HEADER = "X-Crosstable-Time"
BODY_HEADER = "X-Crosstable-Body-SHA256"
SIGNATURE_HEADER = "X-Crosstable-Signature"


def new_key() -> str:
    return secrets.token_urlsafe(32)


def body_digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def signature(key: str, slug: str, timestamp: int, digest: str) -> str:
    message = f"{PURPOSE}\n{slug}\n{timestamp}\n{digest}".encode()
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()


def headers(key: str, slug: str, timestamp: int, body: bytes) -> dict[str, str]:
    digest = body_digest(body)
    return {
        EVENT_HEADER: slug,
        TIME_HEADER: str(timestamp),
        BODY_HEADER: digest,
        SIGNATURE_HEADER: signature(key, slug, timestamp, digest),
    }


def matches(key: str, slug: str, timestamp: int, digest: str, given: str) -> bool:
    return hmac.compare_digest(signature(key, slug, timestamp, digest), given)
