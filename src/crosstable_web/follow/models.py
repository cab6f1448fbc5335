"""Followers of a player, and the notifications owed to them (an outbox the worker sends)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone

from crosstable_web.events.models import Entry, Section


class Follower(models.Model):
    """Someone who follows one player, without an account: an e-mail address (followed once
    the link mailed to it is opened) or a browser's Web Push subscription (RFC 8030: the push
    service's address and the browser's keys for RFC 8291 encryption). Never shown on a
    public page; deleted when they unsubscribe."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="followers")
    email = models.EmailField(blank=True)
    push_endpoint = models.URLField(max_length=2000, blank=True)
    push_p256dh = models.CharField(max_length=200, blank=True)
    """The browser's P-256 public key (base64url, uncompressed point)."""
    push_auth = models.CharField(max_length=100, blank=True)
    """The browser's authentication secret (base64url, 16 bytes)."""
    site = models.CharField(max_length=300)
    """The site's address as the follower used it (``https://chess.example.org``): the links
    of their messages start with it."""
    language = models.CharField(max_length=10)
    """The language of the page they followed from: their messages are written in it."""
    confirmed = models.BooleanField(default=False)
    """E-mail: the confirmation link was opened (nothing is sent before). Push: at once."""
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["entry", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "email"], condition=~Q(email=""), name="unique_follower_email"
            ),
            models.UniqueConstraint(
                fields=["entry", "push_endpoint"],
                condition=~Q(push_endpoint=""),
                name="unique_follower_push",
            ),
        ]

    @property
    def by_push(self) -> bool:
        return bool(self.push_endpoint)

    def __str__(self) -> str:
        return f"follower {self.pk} of {self.entry}"


class Notice(models.Model):
    """Something followers are told: a round paired, a board's result entered. Written in
    the transaction that made it (one row, whatever the followers), turned into deliveries
    and sent by the worker (``crosstable-web send_notifications``) after the commit."""

    ROUND = "round"
    RESULT = "result"

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10)
    round_number = models.PositiveIntegerField()
    board_number = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    fanned_out = models.BooleanField(default=False, db_index=True)
    """Its deliveries are made (one per follower of a player concerned)."""

    class Meta:
        ordering = ["id"]


class Delivery(models.Model):
    """One notice to one follower: pending until sent, retried after a failure (each failure
    logged and kept in ``last_error``), failed after the last attempt."""

    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"
    CANCELLED = "cancelled"

    notice = models.ForeignKey(Notice, on_delete=models.CASCADE, related_name="deliveries")
    follower = models.ForeignKey(Follower, on_delete=models.CASCADE, related_name="deliveries")
    status = models.CharField(max_length=10, default=PENDING, db_index=True)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now, db_index=True)
    last_error = models.TextField(blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["notice", "follower"], name="unique_delivery")
        ]
