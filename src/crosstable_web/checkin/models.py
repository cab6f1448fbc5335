"""A player's check-in: present or absent (no row: not checked in yet)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from crosstable_web.events.models import Entry


class CheckIn(models.Model):
    """Whether a player is at the venue. An absence is not a second mechanism: marking a
    player absent asks a zero-point bye (``events.RequestedBye``, result ``Z``) for every
    round not yet paired, as an announced absence does; ``byes_requested`` keeps which of
    them the check-in asked, so that a late arrival takes back only those (an absence the
    player announced before stays)."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="check_in")
    present = models.BooleanField()
    at = models.DateTimeField(default=timezone.now)
    byes_requested = models.JSONField(default=list, blank=True)
    """Round numbers of the zero-point byes this absence asked (none while present)."""

    class Meta:
        ordering = ["entry"]

    def __str__(self) -> str:
        return f"{self.entry} {'present' if self.present else 'absent'}"
