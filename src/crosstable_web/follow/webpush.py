"""Web Push to a browser's push service: the standard protocol — RFC 8030 delivery, the
payload encrypted for the browser's keys (RFC 8291, ``aes128gcm``), the server identified
by VAPID (RFC 8292) — through ``pywebpush`` (Mozilla's library), with the server's VAPID
key from the settings (``WEBPUSH_VAPID_PRIVATE_KEY``: the base64url private key that
``crosstable-web vapid_key`` makes). No third-party service besides the browser's own push
service."""

from __future__ import annotations

import base64
import json
from typing import Any

import requests
from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from crosstable_web.follow.models import Follower

TTL_SECONDS = 24 * 3600
"""How long a push service keeps a message for a browser that is offline."""
TIMEOUT_SECONDS = 10


class PushFailure(Exception):
    """The push service did not take the message. ``gone``: the subscription no longer
    exists (404, 410): the follower is removed, as RFC 8030 section 7.3 asks."""

    def __init__(self, message: str, gone: bool = False) -> None:
        super().__init__(message)
        self.gone = gone


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def private_key() -> str:
    return str(getattr(settings, "WEBPUSH_VAPID_PRIVATE_KEY", "") or "")


def enabled() -> bool:
    return bool(private_key())


def public_key() -> str:
    """The VAPID public key browsers subscribe with (``applicationServerKey``): the
    uncompressed P-256 point of the private key, base64url."""
    vapid = Vapid.from_string(private_key())
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(point)


def new_private_key() -> str:
    """A new VAPID private key (32 bytes, base64url) for ``WEBPUSH_VAPID_PRIVATE_KEY``."""
    vapid = Vapid()
    vapid.generate_keys()
    number = vapid.private_key.private_numbers().private_value
    return _b64(number.to_bytes(32, "big"))


def subject() -> str:
    """The VAPID ``sub`` claim: how the push service reaches the server's operator."""
    configured = str(getattr(settings, "WEBPUSH_VAPID_SUBJECT", "") or "")
    return configured or f"mailto:{settings.DEFAULT_FROM_EMAIL}"


def send(follower: Follower, payload: dict[str, Any]) -> None:
    """Encrypt ``payload`` (JSON) for ``follower``'s browser and hand it to its push
    service; :class:`PushFailure` when refused or unreachable."""
    if not enabled():
        raise PushFailure("Web Push is not configured on this server (WEBPUSH_VAPID_PRIVATE_KEY)")
    try:
        webpush(
            subscription_info={
                "endpoint": follower.push_endpoint,
                "keys": {"p256dh": follower.push_p256dh, "auth": follower.push_auth},
            },
            data=json.dumps(payload, ensure_ascii=False),
            vapid_private_key=private_key(),
            vapid_claims={"sub": subject()},
            ttl=TTL_SECONDS,
            timeout=TIMEOUT_SECONDS,
        )
    except WebPushException as error:
        status = error.response.status_code if error.response is not None else None
        raise PushFailure(
            f"push service answered {status}: {error}", status in (404, 410)
        ) from error
    except (requests.RequestException, ValueError) as error:
        raise PushFailure(f"push service not reached: {error}") from error
