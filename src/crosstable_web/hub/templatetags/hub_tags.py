"""What the other apps' pages show of the link: on a public page, when the venue last
updated the event (in the event's zone); on the event's page at the venue, how publishing goes."""

from __future__ import annotations

from typing import Any

from django import template

from crosstable_web.hub import outcomes
from crosstable_web.hub.models import HubSlot, VenueLink

register = template.Library()


@register.inclusion_tag("hub/_venue_update.html")
def venue_update(event: Any) -> dict[str, Any]:
    slot = HubSlot.objects.filter(event=event, lines__gt=0).only("updated_at").first()
    return {"event": event, "updated_at": None if slot is None else slot.updated_at}


@register.inclusion_tag("hub/_publishing_status.html")
def publishing_status(event: Any) -> dict[str, Any]:
    link = VenueLink.objects.filter(event=event).first()
    slot = None if link is not None else HubSlot.objects.filter(event=event).first()
    failed = link is not None and bool(link.last_code) and link.last_code not in outcomes.ACCEPTED
    return {
        "event": event,
        "link": link,
        "slot": slot,
        "failed": failed,
        "outcome": ""
        if link is None or not link.last_code
        else outcomes.text(link.last_code, link.last_params),
    }
