"""Who may change what: organisers manage an event's entries and fees, arbiters run its rounds
and results; superusers do everything. Anyone else can only look."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from crosstable_web.events import models
from crosstable_web.events.audit import Actor


def roles_of(actor: Actor, event: models.Event) -> set[str]:
    if isinstance(actor, str):
        # Code of the server itself acting without an account (the commands act as an
        # account, ``--as``): every right.
        return {models.Role.ORGANISER, models.Role.ARBITER}
    if actor is None or not actor.is_authenticated:
        return set()
    if getattr(actor, "is_superuser", False):
        return {models.Role.ORGANISER, models.Role.ARBITER}
    return set(
        models.EventRole.objects.filter(event=event, user_id=actor.pk).values_list(
            "role", flat=True
        )
    )


def can_organise(actor: Actor, event: models.Event) -> bool:
    return models.Role.ORGANISER in roles_of(actor, event)


def can_arbitrate(actor: Actor, event: models.Event) -> bool:
    return models.Role.ARBITER in roles_of(actor, event)


def sees_private_data(actor: Actor, event: models.Event) -> bool:
    """Fees, payments, birth dates, contacts and documents (the fields the apps declare
    private in their ``backup.py``) are for the event's organisers and arbiters only."""
    return bool(roles_of(actor, event))


def require_organiser(actor: Actor, event: models.Event) -> None:
    if not can_organise(actor, event):
        raise PermissionDenied(_("Only an organiser of this event may do that."))


def require_arbiter(actor: Actor, event: models.Event) -> None:
    if not can_arbitrate(actor, event):
        raise PermissionDenied(_("Only an arbiter of this event may do that."))


def require_staff(actor: Actor, event: models.Event) -> None:
    """Organiser or arbiter (e.g. entering a late player or a requested bye)."""
    if not roles_of(actor, event):
        raise PermissionDenied(_("Only an organiser or arbiter of this event may do that."))


def can_enter_players(actor: Actor, section: models.Section) -> bool:
    """Organisers enter players; once the section is paired, arbiters too (a late entry)."""
    event = section.event
    return can_organise(actor, event) or (can_arbitrate(actor, event) and section.rounds.exists())


def require_entering_players(actor: Actor, section: models.Section) -> None:
    if not can_enter_players(actor, section):
        raise PermissionDenied(_("Only an organiser of this event may do that."))


def can_manage_house_player(actor: Actor, section: models.Section) -> bool:
    """The house player is added or removed by an organiser, before round 1 is paired."""
    return can_organise(actor, section.event) and not section.rounds.exists()
