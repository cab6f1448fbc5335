"""The site setting for event creation and invitations."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class EventCreation(models.TextChoices):
    ANYONE = "anyone", _("Any signed-in account")
    ALLOWED = "allowed", _("Only accounts a site administrator allows")


class SiteSettings(models.Model):
    """The site's own settings: one row (``SiteSettings.current()``)."""

    event_creation = models.CharField(
        _("who may create events"),
        max_length=10,
        choices=EventCreation.choices,
        default=EventCreation.ALLOWED,
    )

    @classmethod
    def current(cls) -> SiteSettings:
        found, _created = cls.objects.get_or_create(pk=1)
        return found


class InvitedRole(models.TextChoices):
    NONE = "", _("no role (an account only)")
    ORGANISER = "organiser", _("Organiser")
    CHIEF_ARBITER = "chief_arbiter", _("Chief arbiter")
    ARBITER = "arbiter", _("Deputy arbiter")
    CAPTAIN = "captain", _("Captain")


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Invitation(models.Model):
    """A link that creates an account (or is accepted by a signed-in one), sent to an e-mail
    address; with ``event`` it also gives a role on that event (a captain's on ``team``).
    Used once; expires after ``EXPIRY_DAYS``."""

    EXPIRY_DAYS = 14

    token = models.CharField(max_length=64, unique=True, default=new_token)
    email = models.EmailField(_("e-mail address"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    event = models.ForeignKey(
        "events.Event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="invitations",
    )
    role = models.CharField(
        _("role"), max_length=20, choices=InvitedRole.choices, blank=True, default=""
    )
    team = models.ForeignKey(
        "teams.Team", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="invitations_accepted",
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.email
