"""Signed links of a follower: confirm an e-mail address, unsubscribe with one click. The
token names the follower and is signed with the site's secret key (``django.core.signing``):
it cannot be guessed from another follower's."""

from __future__ import annotations

from django.core import signing
from django.urls import reverse

from crosstable_web.follow.models import Follower

SALT = "crosstable.follow"
CONFIRM_DAYS = 7


def token(follower: Follower, purpose: str) -> str:
    return signing.dumps({"follower": follower.pk, "for": purpose}, salt=SALT, compress=True)


def follower_of(value: str, purpose: str, max_age_days: int | None = None) -> Follower | None:
    """The follower a token names, or None (bad, expired, for another purpose, or already
    unsubscribed)."""
    try:
        data = signing.loads(
            value,
            salt=SALT,
            max_age=None if max_age_days is None else max_age_days * 24 * 3600,
        )
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or data.get("for") != purpose:
        return None
    if not isinstance(data.get("follower"), int):
        return None
    return (
        Follower.objects.select_related("entry__section__event").filter(pk=data["follower"]).first()
    )


def absolute(follower: Follower, path: str) -> str:
    """``path`` on the site the follower followed from."""
    return follower.site.rstrip("/") + path


def unsubscribe_url(follower: Follower) -> str:
    return absolute(follower, reverse("follow:unsubscribe", args=[token(follower, "stop")]))


def confirm_url(follower: Follower) -> str:
    return absolute(follower, reverse("follow:confirm", args=[token(follower, "confirm")]))
