"""The two ends of a venue's link to its hub: the hub's slot for an event, the venue's link."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from crosstable_web.events.models import Event


class HubSlot(models.Model):
    """On the hub: an event published from a venue. The venue is its only writer: every
    change reaches the hub as a publication signed with ``key``; the hub refuses changes
    made on its own pages (its followers and notifications excepted)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="hub_slot")
    key = models.CharField(max_length=100)
    """The publishing key (random, url-safe): the venue signs each publication with it."""
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    sequence = models.PositiveBigIntegerField(default=0)
    """The highest sequence number of a publication applied."""
    lines = models.PositiveIntegerField(default=0)
    """How many lines of the venue's audit log the hub holds (0: nothing published yet)."""
    head = models.CharField(max_length=64, blank=True)
    """The digest of the last of them: the venue's chain must continue from it."""
    venue_keys = models.JSONField(default=dict, blank=True)
    """The venue's database key of each section and entry → the hub's (``{"events.entry":
    {"17": 402}}``): a publication updates these rows in place, so a follower of a player
    keeps following them."""
    updated_at = models.DateTimeField(null=True, blank=True)
    """When the last publication that changed something was applied."""
    contacted_at = models.DateTimeField(null=True, blank=True)
    """When the venue last published (changed something or not)."""
    last_refusal = models.TextField(blank=True)
    """Why the last refused publication was refused (for the organiser's page), "" after a
    publication is applied."""

    def __str__(self) -> str:
        return f"hub slot of {self.event.slug}"


class SeenSignature(models.Model):
    """A publication's signature the hub accepted lately: the same request sent again (a
    replay) is refused. Kept as long as its timestamp is within the accepted window."""

    slot = models.ForeignKey(HubSlot, on_delete=models.CASCADE, related_name="+")
    signature = models.CharField(max_length=64, unique=True)
    at = models.DateTimeField(db_index=True)


class VenueLink(models.Model):
    """At the venue: where the event is published (its public address on the hub) and with
    which key, what the hub acknowledged last, and the last attempt's outcome."""

    OK = "ok"

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="venue_link")
    url = models.URLField(max_length=500)
    """The event's public address on the hub (``https://chess.example.org/p/kcs-2026/``):
    publications go to it, and the venue's QR codes and printouts name it."""
    key = models.CharField(max_length=100)
    sequence = models.PositiveBigIntegerField(default=0)
    """The sequence number of the last publication sent."""
    acked_lines = models.PositiveIntegerField(default=0)
    acked_head = models.CharField(max_length=64, blank=True)
    """How many audit lines the hub said it holds, and the last one's digest."""
    acked_state = models.CharField(max_length=64, blank=True)
    """SHA-256 of the last state the hub acknowledged: nothing is sent while it is the same."""
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_code = models.CharField(max_length=30, blank=True)
    """``ok`` or what went wrong (``sending.MESSAGES``' keys)."""
    last_params = models.JSONField(default=dict, blank=True)
    """The values of the outcome's sentence (``outcomes.text``)."""
    last_detail = models.TextField(blank=True)
    """The hub's own words, or the network's error, as received."""

    def __str__(self) -> str:
        return f"publishing {self.event.slug} to {self.url}"
