"""Accounts, the site setting for event creation, invitations and per-event roles.

Each function checks who acts and writes the audit log (site-wide actions with no event).
A site administrator is a superuser account.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import Permission, User
from django.core.exceptions import PermissionDenied
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable_web.accounts import models
from crosstable_web.common import localisation
from crosstable_web.events import models as event_models
from crosstable_web.events import services as event_services
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.services import ServiceError

CREATE_EVENTS = "events.add_event"
"""The permission a site administrator gives an account that may create events."""


def is_site_admin(actor: Actor) -> bool:
    return isinstance(actor, User) and actor.is_active and actor.is_superuser


def require_site_admin(actor: Actor) -> None:
    if not is_site_admin(actor):
        raise PermissionDenied(_("Only a site administrator may do that."))


def can_create_events(actor: Actor) -> bool:
    """The site setting: any signed-in account, or those a site administrator allows (and
    site administrators themselves)."""
    if not isinstance(actor, User) or not actor.is_authenticated or not actor.is_active:
        return False
    if actor.is_superuser:
        return True
    if models.SiteSettings.current().event_creation == models.EventCreation.ANYONE:
        return True
    return actor.has_perm(CREATE_EVENTS)


# --- the site administrator's page ----------------------------------------------------------


@transaction.atomic
def set_event_creation(value: str, actor: Actor) -> None:
    require_site_admin(actor)
    if value not in models.EventCreation.values:
        raise ServiceError(_("Unknown choice: %(value)s.") % {"value": value})
    site = models.SiteSettings.current()
    old = site.event_creation
    site.event_creation = value
    site.save(update_fields=["event_creation"])
    audit.record(None, actor, "site.event_creation", "", old, value)


def _permission() -> Permission:
    app_label, codename = CREATE_EVENTS.split(".")
    return Permission.objects.get(content_type__app_label=app_label, codename=codename)


@transaction.atomic
def allow_event_creation(user: User, allowed: bool, actor: Actor) -> None:
    require_site_admin(actor)
    if allowed:
        user.user_permissions.add(_permission())
    else:
        user.user_permissions.remove(_permission())
    audit.record(None, actor, "account.may_create_events", user.get_username(), None, allowed)


@transaction.atomic
def set_account_active(user: User, active: bool, actor: Actor) -> None:
    """Disable (or enable again) an account: a disabled account cannot sign in; its roles,
    its name in audit logs and what it did stay."""
    require_site_admin(actor)
    if isinstance(actor, User) and actor.pk == user.pk and not active:
        raise ServiceError(_("You cannot disable your own account."))
    old = user.is_active
    user.is_active = active
    user.save(update_fields=["is_active"])
    audit.record(
        None,
        actor,
        "account.enable" if active else "account.disable",
        user.get_username(),
        old,
        active,
    )


def search_accounts(text: str, limit: int = 20) -> list[User]:
    """Active accounts whose user name, first or last name or e-mail contains ``text``."""
    from django.db.models import Q

    text = text.strip()
    if not text:
        return []
    found = User.objects.filter(is_active=True).filter(
        Q(username__icontains=text)
        | Q(first_name__icontains=text)
        | Q(last_name__icontains=text)
        | Q(email__icontains=text)
    )
    return list(found.order_by("username")[:limit])


# --- roles ----------------------------------------------------------------------------------

ROLES = ("organiser", "chief_arbiter", "arbiter", "captain")
"""What ``grant_role`` gives: the event roles (``events.models.Role``: ``arbiter`` is a deputy
of the chief arbiter) and a team's captain."""


def grant(event: event_models.Event, user: User, role: str, actor: Actor, team: Any = None) -> bool:
    """Give ``user`` a role on ``event``: organiser or arbiter (``EventRole``), or captain of
    ``team`` (one captain per team: the new one replaces the old). False: they had it."""
    if role == "captain":
        from crosstable_web.teams.services import rosters as team_rosters

        team = _team_of(event, team)
        if team.captain_id == user.pk:
            return False
        team_rosters.set_captain(team, user, actor)
        return True
    if role not in event_models.Role.values:
        raise ServiceError(_("Unknown role: %(role)s.") % {"role": role})
    return event_services.grant_role(event, user, role, actor)


def revoke(
    event: event_models.Event, user: User, role: str, actor: Actor, team: Any = None
) -> bool:
    """Take a role away; False if ``user`` did not have it."""
    if role == "captain":
        from crosstable_web.teams.services import rosters as team_rosters

        teams = [_team_of(event, team)] if team is not None else _captained(event, user)
        changed = False
        for row in teams:
            if row.captain_id == user.pk:
                team_rosters.set_captain(row, None, actor)
                changed = True
        return changed
    if role not in event_models.Role.values:
        raise ServiceError(_("Unknown role: %(role)s.") % {"role": role})
    return event_services.revoke_role(event, user, role, actor)


def _captained(event: event_models.Event, user: User) -> list[Any]:
    from crosstable_web.teams.models import Team

    return list(Team.objects.filter(section__event=event, captain=user))


def _team_of(event: event_models.Event, team: Any) -> Any:
    from crosstable_web.teams.models import Team

    if team is None:
        raise ServiceError(_("A captain is the captain of a team: choose the team."))
    if not isinstance(team, Team) or team.section.event_id != event.pk:
        raise ServiceError(_("That team is not in this event."))
    return team


def find_team(event: event_models.Event, text: str) -> Any:
    """A team of ``event`` by ``SECTION/NUMBER`` (``A/3``) or by its name."""
    from crosstable_web.teams.models import Team

    teams = Team.objects.filter(section__event=event).select_related("section")
    key, slash, number = text.partition("/")
    if slash and number.isdigit():
        found = teams.filter(section__key=key, number=int(number)).first()
        if found is not None:
            return found
    named = list(teams.filter(name=text))
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        raise ServiceError(
            _("Several teams are called %(name)s: write SECTION/NUMBER, e.g. %(example)s.")
            % {"name": text, "example": f"{named[0].section.key}/{named[0].number}"}
        )
    raise ServiceError(
        _("No team %(team)s in this event (write SECTION/NUMBER, e.g. A/3, or the team's name).")
        % {"team": text}
    )


# --- invitations ----------------------------------------------------------------------------


@transaction.atomic
def invite(
    email: str,
    actor: Actor,
    event: event_models.Event | None = None,
    role: str = "",
    team: Any = None,
) -> models.Invitation:
    """An invitation to ``email``: with an event, organisers invite to a role on it; without,
    a site administrator invites a new account."""
    if event is None:
        require_site_admin(actor)
        role, team = "", None
    else:
        require_organiser(actor, event)
        if role not in ROLES:
            raise ServiceError(_("Choose the role the invitation gives."))
        team = _team_of(event, team) if role == "captain" else None
    assert isinstance(actor, User)
    invitation = models.Invitation.objects.create(
        email=email.strip(), created_by=actor, event=event, role=role, team=team
    )
    audit.record(
        event,
        actor,
        "role.invite" if event is not None else "account.invite",
        email,
        None,
        {"role": role, **({"team": team.name} if team is not None else {})},
    )
    return invitation


def send_invitation(invitation: models.Invitation, link: str) -> None:
    """E-mail the link (the backend of the settings: the console in development)."""
    if invitation.event is not None:
        subject = _("Invitation to %(event)s") % {"event": invitation.event.name}
        body = _(
            "%(who)s invites you to %(event)s as %(role)s. Open this link to create your "
            "account (or sign in) and accept; it is valid for %(days)d days:\n\n%(link)s\n"
        ) % {
            "who": localisation.person_name(invitation.created_by),
            "event": invitation.event.name,
            "role": invitation.get_role_display(),
            "days": models.Invitation.EXPIRY_DAYS,
            "link": link,
        }
    else:
        subject = _("Your crosstable account")
        body = _(
            "%(who)s invites you to crosstable. Open this link to create your account; it is "
            "valid for %(days)d days:\n\n%(link)s\n"
        ) % {
            "who": localisation.person_name(invitation.created_by),
            "days": models.Invitation.EXPIRY_DAYS,
            "link": link,
        }
    # the reader's digits (a Persian mail's ۱۴ days), the link and addresses as written
    send_mail(localisation.digits(subject), localisation.digits(body), None, [invitation.email])


def invitation_problem(invitation: models.Invitation) -> str | None:
    """Why the invitation can no longer be used (None: it can)."""
    if invitation.accepted_at is not None:
        return _("This invitation has already been used.")
    expiry = invitation.created_at + datetime.timedelta(days=models.Invitation.EXPIRY_DAYS)
    if timezone.now() > expiry:
        return _("This invitation has expired; ask for a new one.")
    return None


@transaction.atomic
def accept(invitation: models.Invitation, user: User) -> None:
    """``user`` (just created, or signed in) accepts: the role is given in the name of the
    organiser who invited, who must still be one."""
    invitation = models.Invitation.objects.select_for_update().get(pk=invitation.pk)
    problem = invitation_problem(invitation)
    if problem is not None:
        raise ServiceError(problem)
    if invitation.event is not None and invitation.role:
        try:
            grant(invitation.event, user, invitation.role, invitation.created_by, invitation.team)
        except PermissionDenied:
            raise ServiceError(
                _("%(who)s may no longer give roles on this event; ask an organiser again.")
                % {"who": invitation.created_by.get_username()}
            ) from None
    invitation.accepted_by = user
    invitation.accepted_at = timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
