"""What a served deployment needs at run time: who the client is behind the reverse proxy
(the address django-axes counts failed sign-ins by)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


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
