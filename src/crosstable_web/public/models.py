"""The public site's one table: a change counter per event, for caching pages safely."""

from __future__ import annotations

from django.db import models

from crosstable_web.events.models import Event


class EventVersion(models.Model):
    """Bumped in the same transaction as every audited change of the event (results,
    pairings, entries…), so a public page cached under the old number is never served again
    once the change is committed."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="public_version"
    )
    version = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(null=True, blank=True)
    """When the version last moved: the public pages' Last-Modified (the event's creation
    time before its first change)."""

    def __str__(self) -> str:
        return f"{self.event_id} v{self.version}"
