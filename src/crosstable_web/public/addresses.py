"""The address of an event's public page as QR codes and printouts give it: this site's own,
or — at a venue publishing the event to a public site (``crosstable_web.hub``) — the same page
on that site, which parents reach from anywhere (the laptop's address works only in the hall)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from crosstable_web.events import models, parts


def public_url(request: HttpRequest, event: models.Event, name: str, *args: Any) -> str:
    """The absolute address of the public page ``name`` (``public:pairings``…) of ``event``
    (``args`` after the event's short name)."""
    path = reverse(name, args=[event.slug, *args])
    elsewhere = parts.declared.public_site(event) if parts.declared.public_site else None
    if elsewhere:
        own = reverse("public:event", args=[event.slug])
        return elsewhere.rstrip("/") + "/" + path[len(own) :]
    return request.build_absolute_uri(path)
