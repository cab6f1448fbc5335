"""Who may change what: organisers manage an event's entries and fees, arbiters run its rounds
and results; superusers do everything. Anyone else can only look.

Of the arbiters, the chief arbiter (one per event, FIDE's Chief Arbiter, the regulations'
裁判长 / سرداور) is responsible and signs; the others are the chief's deputies. The decisions a
deputy may not take are the chief's (:func:`require_chief`): deleting a paired round, changing
a result once the next round is paired, a correction for the rating report, expelling a player,
FIDE mode on or off, and every level-4 confirmation (``rule_warnings.require``). Deputies pair
the rounds and enter the results. While no chief is appointed every arbiter acts as the chief
(a small event's only arbiter need not be named chief); the printouts then say no chief arbiter
is appointed (``events.arbiters``)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from crosstable_web.common.localisation import person_name, word_list
from crosstable_web.events import models, parts
from crosstable_web.events.oversight.audit import Actor

EVERY_ROLE = frozenset(models.Role.values)
ARBITERS = frozenset({models.Role.CHIEF_ARBITER, models.Role.ARBITER})
"""The roles of an arbiter of the event: the chief and the deputies."""


def roles_of(actor: Actor, event: models.Event) -> set[str] | frozenset[str]:
    if isinstance(actor, str):
        # Code of the server itself acting without an account (the commands act as an
        # account, ``--as``): every right.
        return EVERY_ROLE
    if actor is None or not actor.is_authenticated:
        return set()
    if getattr(actor, "is_superuser", False):
        return EVERY_ROLE
    return set(
        models.EventRole.objects.filter(event=event, user_id=actor.pk).values_list(
            "role", flat=True
        )
    )


def can_organise(actor: Actor, event: models.Event) -> bool:
    return models.Role.ORGANISER in roles_of(actor, event)


def can_arbitrate(actor: Actor, event: models.Event) -> bool:
    return bool(ARBITERS & roles_of(actor, event))


def chief_arbiter(event: models.Event) -> models.EventRole | None:
    """The event's chief arbiter (None: none appointed)."""
    return (
        models.EventRole.objects.filter(event=event, role=models.Role.CHIEF_ARBITER)
        .select_related("user")
        .first()
    )


def can_act_as_chief(actor: Actor, event: models.Event) -> bool:
    """The chief arbiter, an organiser, or any arbiter while no chief is appointed."""
    roles = roles_of(actor, event)
    if models.Role.CHIEF_ARBITER in roles or models.Role.ORGANISER in roles:
        return True
    return models.Role.ARBITER in roles and chief_arbiter(event) is None


def is_staff(actor: Actor, event: models.Event) -> bool:
    """An organiser or an arbiter of the event."""
    return bool(roles_of(actor, event))


def sees_private_data(actor: Actor, event: models.Event) -> bool:
    """Fees, payments, birth dates, contacts and documents (the fields the apps declare
    private in their ``backup.py``) are for the event's organisers and arbiters only."""
    return is_staff(actor, event)


def require_sees_private_data(actor: Actor, event: models.Event) -> None:
    if not sees_private_data(actor, event):
        raise PermissionDenied(_("Only an organiser or an arbiter of this event may see this."))


def require_organiser(actor: Actor, event: models.Event) -> None:
    if not can_organise(actor, event):
        raise PermissionDenied(_("Only an organiser of this event may do that."))


def require_arbiter(actor: Actor, event: models.Event) -> None:
    if not can_arbitrate(actor, event):
        raise PermissionDenied(_("Only an arbiter of this event may do that."))


def require_chief(actor: Actor, event: models.Event) -> None:
    """A decision that is the chief arbiter's (see the module's docstring); a deputy is told
    whose it is."""
    if can_act_as_chief(actor, event):
        return
    chief = chief_arbiter(event)
    if chief is None:
        raise PermissionDenied(
            _("Only the chief arbiter or an organiser of this event may do that.")
        )
    raise PermissionDenied(
        _(
            "Only the chief arbiter (%(chief)s) or an organiser of this event may do that: "
            "a deputy arbiter asks the chief."
        )
        % {"chief": person_name(chief.user)}
    )


def require_chief_arbiter(actor: Actor, event: models.Event) -> None:
    """An arbiter's action that is the chief's decision (an organiser who is no arbiter may
    not take it either)."""
    require_arbiter(actor, event)
    require_chief(actor, event)


def require_staff(actor: Actor, event: models.Event) -> None:
    """Organiser or arbiter (e.g. entering a late player or a requested bye)."""
    if not is_staff(actor, event):
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


def may_create_events(actor: Actor) -> bool:
    """Whether ``actor`` may create (or import) an event: the site setting the accounts app
    declares (``accounts.services.can_create_events``: any signed-in account, or those a site
    administrator allows); nobody when no app declared one."""
    check = parts.declared.may_create_events
    return check is not None and check(actor)


def require_event_creator(actor: Actor) -> None:
    """Refused with the reason and who can allow it: the site's administrators by name (the
    403 page shows the message in the reader's language)."""
    if may_create_events(actor):
        return
    if not getattr(actor, "is_authenticated", False):
        raise PermissionDenied(_("Sign in to create an event."))
    admins = [
        user.get_full_name() or user.get_username()
        for user in User.objects.filter(is_superuser=True, is_active=True).order_by("pk")
    ]
    if not admins:
        raise PermissionDenied(
            _("Your account may not create events; a site administrator can allow it.")
        )
    raise PermissionDenied(
        _(
            "Your account may not create events yet: on this site, only the accounts a site "
            "administrator allows may. Ask a site administrator to allow yours: %(admins)s."
        )
        % {"admins": word_list(admins)}
    )
