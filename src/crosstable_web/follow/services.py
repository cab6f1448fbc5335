"""Following a player: by e-mail (confirmed by a link mailed to the address) or by a
browser's Web Push subscription; unsubscribing deletes the follower."""

from __future__ import annotations

import base64
import binascii
import datetime
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import EmailValidator, URLValidator
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from crosstable_web.common import rate_limits
from crosstable_web.events import models
from crosstable_web.events.services import ServiceError
from crosstable_web.follow import links
from crosstable_web.follow.models import Follower

RESEND_AFTER = datetime.timedelta(minutes=10)
"""The confirmation link is mailed again to the same address at most this often."""
FOLLOWERS_PER_PLAYER = 20
"""At most this many addresses and browsers follow one player (a form is not a mailing
machine)."""


def _room(entry: models.Entry) -> None:
    if entry.followers.count() >= FOLLOWERS_PER_PLAYER:
        raise ServiceError(_("This player has as many followers as allowed."))


def follow_by_email(entry: models.Entry, email: str, site: str) -> Follower:
    """Follow ``entry`` at ``email`` once the mailed link is opened; the confirmation mail
    is written in the active language, which the follower's messages will be in too."""
    address = email.strip()
    try:
        EmailValidator()(address)
    except ValidationError:
        raise ServiceError(_("Enter a valid e-mail address.")) from None
    follower = Follower.objects.filter(entry=entry, email__iexact=address).first()
    if follower is None:
        _room(entry)
        follower = Follower(entry=entry, email=address)
    elif follower.confirmed or follower.created_at > timezone.now() - RESEND_AFTER:
        # already following, or the link was mailed a moment ago: no second mail (the
        # form is not a way to flood someone's mailbox); the page says the same either way
        return follower
    if rate_limits.use(rate_limits.PUBLIC_MAILS, "all") is not None:
        raise ServiceError(
            _("This site is sending too many e-mails just now. Nothing was sent; try again later.")
        )
    follower.site = site
    follower.language = translation.get_language() or settings.LANGUAGE_CODE
    follower.created_at = timezone.now()
    follower.save()
    send_mail(
        _("Follow %(player)s — %(event)s")
        % {
            "player": entry.name,
            "event": entry.section.event.name,
        },
        _(
            "Open this link to receive %(player)s's pairings and results at this address "
            "(valid %(days)s days):\n%(url)s\n\nIf you did not ask for this, ignore this "
            "message: nothing will be sent."
        )
        % {"player": entry.name, "days": links.CONFIRM_DAYS, "url": links.confirm_url(follower)},
        settings.DEFAULT_FROM_EMAIL,
        [address],
    )
    return follower


def _key(value: Any, length: int | None, name: str) -> str:
    if not isinstance(value, str):
        raise ServiceError(_("The browser's subscription lacks its %(key)s key.") % {"key": name})
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise ServiceError(
            _("The browser's subscription lacks its %(key)s key.") % {"key": name}
        ) from None
    if length is not None and len(raw) != length:
        raise ServiceError(_("The browser's subscription lacks its %(key)s key.") % {"key": name})
    return value


def follow_by_push(entry: models.Entry, subscription: Any, site: str) -> Follower:
    """Follow ``entry`` with a browser's push subscription (``PushSubscription.toJSON()``:
    endpoint, keys p256dh and auth)."""
    if not isinstance(subscription, dict):
        raise ServiceError(_("The browser sent no subscription."))
    endpoint = subscription.get("endpoint")
    try:
        URLValidator(schemes=["https", "http"])(endpoint)
    except ValidationError:
        raise ServiceError(_("The browser sent no subscription.")) from None
    keys = subscription.get("keys") or {}
    p256dh = _key(keys.get("p256dh"), 65, "p256dh")
    auth = _key(keys.get("auth"), 16, "auth")
    follower = Follower.objects.filter(entry=entry, push_endpoint=endpoint).first()
    if follower is None:
        _room(entry)
        follower = Follower(entry=entry, push_endpoint=str(endpoint))
    follower.push_p256dh, follower.push_auth = p256dh, auth
    follower.site = site
    follower.language = translation.get_language() or settings.LANGUAGE_CODE
    follower.confirmed = True
    follower.save()
    return follower


def confirm(follower: Follower) -> None:
    if not follower.confirmed:
        follower.confirmed = True
        follower.save(update_fields=["confirmed"])


def unsubscribe(follower: Follower) -> None:
    """Stop: the follower and their address are deleted (with anything not sent yet)."""
    follower.delete()
