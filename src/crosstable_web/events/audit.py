"""The audit log: every change to an event, who made it, when, old value → new value."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from crosstable_web.events import models

Actor = AbstractBaseUser | AnonymousUser | str | None
"""Who acts: a logged-in user, or a name (the CLI's ``--user``), or None (system)."""


def actor_name(actor: Actor) -> str:
    if actor is None:
        return "system"
    if isinstance(actor, str):
        return actor
    return actor.get_username() or "anonymous"


def record(
    event: models.Event | None,
    actor: Actor,
    action: str,
    target: str = "",
    old: Any = None,
    new: Any = None,
    warnings: Sequence[str | Mapping[str, Any]] | None = None,
) -> models.AuditLog:
    """Append one line to the audit log (inside the caller's transaction). ``warnings``:
    sentences, or data a page renders in its reader's language (pairing warnings,
    ``rounds.warning_text``)."""
    # The log's foreign key points at the configured user model, which every logged-in actor is.
    user = actor if isinstance(actor, get_user_model()) else None
    return models.AuditLog.objects.create(
        event=event,
        user=user,
        username=actor_name(actor),
        action=action,
        target=target[:300],
        old=old,
        new=new,
        warnings=list(warnings or []),
    )
