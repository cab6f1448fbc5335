"""Setting up the link, for the commands and the pages: the hub's slot and key for an event
(its organisers), the venue's hub address and key (its organisers)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from crosstable_web.events import models as event_models
from crosstable_web.events.oversight import permissions
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.services import ServiceError
from crosstable_web.hub import sending, signing
from crosstable_web.hub.models import HubSlot, VenueLink


@transaction.atomic
def slot_key(event: event_models.Event, actor: Actor, new: bool = False) -> HubSlot:
    """The event's slot on this hub with its publishing key, made the first time (``new``: a
    fresh key; the old one stops working)."""
    permissions.require_organiser(actor, event)
    if VenueLink.objects.filter(event=event).exists():
        raise ServiceError(
            _("This event is published to a public site from here: it cannot receive one.")
        )
    slot = HubSlot.objects.select_for_update().filter(event=event).first()
    if slot is None:
        user = actor if isinstance(actor, User) else None
        slot = HubSlot.objects.create(event=event, key=signing.new_key(), created_by=user)
    elif new:
        slot.key = signing.new_key()
        slot.save(update_fields=["key"])
    return slot


def link_venue(event: event_models.Event, actor: Actor, url: str, key: str) -> VenueLink:
    """Publish ``event`` to the public address ``url`` with ``key`` (replacing an earlier
    address or key; what the hub acknowledged is forgotten when the address changes)."""
    permissions.require_organiser(actor, event)
    return save_link(event, url, key)


def save_link(event: event_models.Event, url: str, key: str) -> VenueLink:
    """:func:`link_venue` for the ``publish`` command, run on the venue's laptop itself (whoever
    runs it holds the database: no account is asked for, as for ``export_event``)."""
    url, key = url.strip(), key.strip()
    try:
        sending.endpoint(url)
    except ValueError:
        raise ServiceError(
            _(
                "%(url)s is not an event's public address: copy it from the public site's "
                "publishing page (it ends in /p/ and the event's short name)."
            )
            % {"url": url}
        ) from None
    if not key:
        raise ServiceError(_("Give the publishing key shown on the public site."))
    if HubSlot.objects.filter(event=event).exists():
        raise ServiceError(_("This event receives publications from a venue: it cannot publish."))
    link = VenueLink.objects.filter(event=event).first()
    if link is None:
        link = VenueLink(event=event)
    if link.url != url:
        link.acked_lines, link.acked_head, link.acked_state = 0, "", ""
    if link.key != key:
        link.acked_state = ""
    link.url, link.key = url, key
    link.save()
    return link


def unlink_venue(event: event_models.Event, actor: Actor) -> None:
    permissions.require_organiser(actor, event)
    VenueLink.objects.filter(event=event).delete()
