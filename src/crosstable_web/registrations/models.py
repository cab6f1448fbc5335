"""Online registrations (``[registration]`` of the regulations): what a player, a parent or
a unit sent on the public registration page, its documents, its payments and the changes
asked after it was sent.

Rows only; every change goes through :mod:`crosstable_web.registrations.services`. An
approved registration becomes entries (and a team) through the entries import
(``events.entries_import``) and the teams service, as an organiser's file would.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from crosstable_web.events.models import Entry, Event, Section


class Kind(models.TextChoices):
    """Who registers (``[registration] by``)."""

    PLAYER = "player", _("A player (or a parent)")
    UNIT = "unit", _("A unit with several players")
    TEAM = "team", _("A team with its roster")


class Status(models.TextChoices):
    PENDING = "pending", _("Waiting for the organisers' approval")
    APPROVED = "approved", _("Approved")
    REJECTED = "rejected", _("Rejected")


class Registration(models.Model):
    """One registration sent on the event's public page: by a player or parent (one
    player), a unit (several players) or a team (its roster)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    secret = models.CharField(max_length=40)
    """Random; the registrant's private link carries it, signed (``services.token``)."""
    registrant = models.CharField(_("your name"), max_length=200)
    email = models.CharField(_("e-mail"), max_length=254, blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    unit = models.CharField(_("unit"), max_length=200, blank=True)
    """The unit registering (unit and team registrations) — each player's unit."""
    unit_kind = models.CharField(_("unit kind"), max_length=40, blank=True)
    team_name = models.CharField(_("team name"), max_length=200, blank=True)
    team_section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    language = models.CharField(max_length=10, blank=True)
    """The language the registrant wrote in (the queue says so)."""
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(_("reason"), max_length=500, blank=True)
    """Why it was rejected (shown to the registrant)."""
    fee_due = models.DecimalField(_("fee due"), max_digits=14, decimal_places=2, default=0)
    payment_reference = models.CharField(_("payment reference"), max_length=40, blank=True)
    team = models.ForeignKey(
        "teams.Team", on_delete=models.SET_NULL, related_name="+", null=True, blank=True
    )
    """The team an approved team registration became."""
    created_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.event.slug} registration {self.pk} ({self.registrant})"


class RegisteredPlayer(models.Model):
    """A player of a registration, as typed on the form (``values``: column -> text, the
    columns of the entries import), placed in ``section``; ``entry`` once approved."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="players")
    position = models.PositiveIntegerField()
    name = models.CharField(_("name"), max_length=200)
    values = models.JSONField(default=dict, blank=True)
    """The other details as typed (``sex``, ``birth_date``, ``national_grade``…)."""
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="+")
    fee_due = models.DecimalField(_("fee due"), max_digits=14, decimal_places=2, default=0)
    entry = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, related_name="+", null=True, blank=True
    )

    class Meta:
        ordering = ["registration", "position"]


class Document(models.Model):
    """A document a player uploaded (``[[registration.documents]]``), kept in the private
    documents folder (``settings.REGISTRATION_DOCUMENTS_DIR``), never under a public URL."""

    player = models.ForeignKey(RegisteredPlayer, on_delete=models.CASCADE, related_name="documents")
    key = models.CharField(max_length=40)
    original_name = models.CharField(max_length=200)
    content_type = models.CharField(max_length=40)
    size = models.PositiveIntegerField()
    stored_name = models.CharField(max_length=200)
    """The file's name in the documents folder ("" once purged)."""
    uploaded_at = models.DateTimeField(default=timezone.now)
    purged_at = models.DateTimeField(null=True, blank=True)
    sha256 = models.CharField(max_length=64, blank=True)
    """The file's SHA-256 (hex) as uploaded: checked when a backup archive is restored, and
    how a purge finds the copies of this server that still hold the same file (kept after
    the purge: a digest is no picture of the document)."""
    marks = models.JSONField(default=list, blank=True)
    """What happened to this file elsewhere, oldest first: ``{"kind": "purged_elsewhere",
    "event": slug, "at": iso}`` (the same file purged in another event of this server: the
    original, or a copy), ``{"kind": "not_in_backup", "at": iso}`` (restored from a file
    without it), ``{"kind": "purged_before_restore", "at": iso}`` (the backup was made
    before the documents were purged here: the file is not restored)."""

    class Meta:
        ordering = ["player", "key", "id"]

    def mark_notes(self) -> list[dict[str, Any]]:
        """The marks with their moments read back (for the organisers' pages)."""
        notes = []
        for mark in self.marks if isinstance(self.marks, list) else []:
            if not isinstance(mark, dict):
                continue
            try:
                at = datetime.datetime.fromisoformat(str(mark.get("at")))
            except ValueError:
                at = None
            notes.append({"kind": mark.get("kind"), "event": mark.get("event", ""), "at": at})
        return notes


class Payment(models.Model):
    """A payment of a registration's fee: recorded by an organiser, or confirmed by a
    payment provider (``registrations.payments``)."""

    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="payments"
    )
    amount = models.DecimalField(_("amount"), max_digits=14, decimal_places=2)
    paid_on = models.DateField(_("date paid"))
    provider = models.CharField(max_length=40)
    """``organiser``, or the provider's name."""
    provider_reference = models.CharField(max_length=100, blank=True)
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["registration", "paid_on", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "provider_reference"],
                condition=~models.Q(provider_reference=""),
                name="unique_provider_reference",
            )
        ]


class ChangeRequest(models.Model):
    """A change the registrant asked for once changes need the organisers' approval (the
    form closed, or the registration approved): new details of one player."""

    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="change_requests"
    )
    player = models.ForeignKey(RegisteredPlayer, on_delete=models.CASCADE, related_name="+")
    old_values = models.JSONField(default=dict, blank=True)
    new_values = models.JSONField(default=dict, blank=True)
    """Column -> text, only the columns changed (``name`` among them)."""
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(_("reason"), max_length=500, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["registration", "created_at", "id"]
