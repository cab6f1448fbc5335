"""Events and sections made from regulations, the roles of their people, registration open or
closed."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from crosstable.pairing.registry import is_team_system
from crosstable_web.events import bridge, models, slugs
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.events.services.entering import reopening_refusal
from crosstable_web.events.services.refusal import ServiceError


@transaction.atomic
def create_event(spec: rules.EventSpec, actor: Actor, slug: str | None = None) -> models.Event:
    """An event and its sections, from regulations already read into ``spec``.
    The creating user becomes the event's organiser. Without ``slug`` one is made from the
    name (``slugs.suggest``: pinyin, Persian letters in Latin, the year); a given one must
    pass ``slugs.check_slug``. A spec without a time zone gets the server's (code and tests;
    the web forms and the ``create_event`` command ask for one)."""
    if slug:
        problem = slugs.check_slug(slug)
        if problem is not None:
            raise ServiceError(
                _("The short name %(slug)s cannot be used: %(problem)s")
                % {"slug": slug, "problem": problem}
            )
    time_zone = spec.time_zone or settings.TIME_ZONE
    if not event_time.is_known_zone(time_zone):
        raise ServiceError(_("Unknown time zone: %(zone)s.") % {"zone": time_zone})
    slug = slug or slugs.suggest(spec.name, spec.start_date, spec.calendar)
    event = models.Event.objects.create(
        slug=slug,
        name=spec.name,
        game=spec.game,
        regulations_text=spec.regulations_text,
        time_zone=time_zone,
        calendar=spec.calendar,
        start_date=spec.start_date,
        end_date=spec.end_date,
        venue=spec.venue,
        # The seed of the event's lots: the one given, else the short name the event is
        # made with (as events made before the seed existed draw theirs); kept when the
        # short name changes, exported with the event, so every lot can be drawn again.
        lots_seed=spec.lots_seed or slug,
    )
    for position, section_spec in enumerate(spec.sections):
        create_section(event, section_spec, position)
    if actor is not None and not isinstance(actor, str) and actor.is_authenticated:
        models.EventRole.objects.get_or_create(
            event=event, user_id=actor.pk, role=models.Role.ORGANISER
        )
    audit.record(
        event,
        actor,
        "event.create",
        event.name,
        None,
        {"slug": event.slug, "time_zone": event.time_zone, "calendar": event.calendar},
    )
    return event


def create_section(
    event: models.Event, section_spec: rules.SectionSpec, position: int
) -> models.Section:
    return models.Section.objects.create(
        event=event,
        key=section_spec.key,
        name=section_spec.name,
        position=position,
        total_rounds=section_spec.total_rounds,
        system_code=section_spec.system_code,
        scoring=bridge.scoring_to_json(section_spec.scoring),
        tiebreaks=list(section_spec.tiebreaks),
        forfeits_to_withdraw=section_spec.forfeits_to_withdraw,
        entry_fee=section_spec.entry_fee,
        max_entries=section_spec.max_entries,
        settings=dict(section_spec.settings),
        fide_mode=section_spec.fide_mode and not is_team_system(section_spec.system_code),
    )


@transaction.atomic
def grant_role(event: models.Event, user: Any, role: str, actor: Actor) -> bool:
    """Give ``user`` a role on ``event`` (organisers only); False if they had it already
    (nothing logged then). The chief arbiter and a deputy are one arbiter's two hats: making
    a deputy the chief, or the chief a deputy, changes the hat; appointing a new chief makes
    the old one a deputy. Each change is its own audit line."""
    require_organiser(actor, event)
    if role not in models.Role.values:
        raise ServiceError(_("Unknown role: %(role)s.") % {"role": role})
    rows = models.EventRole.objects.select_for_update().filter(event=event)
    if rows.filter(user=user, role=role).exists():
        return False
    if role == models.Role.CHIEF_ARBITER:
        for old_chief in rows.filter(role=role).select_related("user"):
            _change_hat(event, old_chief, models.Role.ARBITER, actor)
    if role in ARBITER_HATS:
        other = rows.filter(user=user, role__in=ARBITER_HATS).first()
        if other is not None:
            _change_hat(event, other, role, actor)
            return True
    models.EventRole.objects.create(event=event, user=user, role=role)
    audit.record(event, actor, "role.grant", user.get_username(), None, role)
    return True


ARBITER_HATS = (models.Role.CHIEF_ARBITER, models.Role.ARBITER)
"""An arbiter is the chief or a deputy, never both."""


def _change_hat(event: models.Event, row: models.EventRole, role: str, actor: Actor) -> None:
    name = row.user.get_username()
    audit.record(event, actor, "role.revoke", name, row.role, None)
    row.role = role
    row.save(update_fields=["role"])
    audit.record(event, actor, "role.grant", name, None, role)


@transaction.atomic
def revoke_role(event: models.Event, user: Any, role: str, actor: Actor) -> bool:
    """Take a role away (organisers only); False if ``user`` did not have it. The last
    organiser stays: an event nobody may organise could not be changed any more."""
    require_organiser(actor, event)
    rows = models.EventRole.objects.select_for_update().filter(event=event, role=role)
    if not rows.filter(user=user).exists():
        return False
    if role == models.Role.ORGANISER and rows.count() == 1:
        raise ServiceError(
            _("%(user)s is the event's only organiser: appoint another organiser first.")
            % {"user": user.get_username()}
        )
    rows.filter(user=user).delete()
    audit.record(event, actor, "role.revoke", user.get_username(), role, None)
    return True


@transaction.atomic
def set_registration_open(event: models.Event, is_open: bool, actor: Actor) -> None:
    """Open or close registration. Closing it is the list being in: where the regulations
    allow no additions once it is (``additions_after_list = false``, Kinabatangan 3.4) it
    cannot be opened again."""
    require_organiser(actor, event)
    refusal = reopening_refusal(event) if is_open else None
    if refusal is not None:
        raise ServiceError(refusal)
    old = event.registration_open
    event.registration_open = is_open
    event.save(update_fields=["registration_open"])
    audit.record(event, actor, "event.registration", event.name, old, is_open)
