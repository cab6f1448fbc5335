"""The house player: a player the organiser adds to make an odd section even, where the
regulations allow it (``crosstable.house_player``)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from crosstable.house_player import HousePlayerRefusal, house_player_refusal
from crosstable_web.events import models
from crosstable_web.events.entry_data import EntryData, entry_data_of
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.regulations import rules
from crosstable_web.events.services.entering import EntryChecker, next_pairing_number, stored_form
from crosstable_web.events.services.refusal import ServiceError


def house_player_allowed(section: models.Section) -> bool:
    """Whether the section's regulations let the organiser add a house player
    (``pairing.house_player_for_odd``; Kinabatangan 4.6). No regulations: no."""
    section_rules = rules.section_rules(section)
    return section_rules is not None and section_rules.pairing.house_player_for_odd


def _house_refusal_message(section: models.Section, refusal: HousePlayerRefusal) -> str:
    messages = {
        HousePlayerRefusal.NOT_ALLOWED: _(
            "%(section)s: the regulations do not allow a house player."
        ),
        HousePlayerRefusal.EVEN_COUNT: _(
            "%(section)s: no house player with an even number of entries (%(count)d); "
            "a house player is only added to avoid a bye."
        ),
        HousePlayerRefusal.ALREADY_ONE: _("%(section)s already has its house player."),
    }
    return messages[refusal] % {
        "section": section.key,
        "count": section.entries.filter(house=False).count(),
    }


@transaction.atomic
def add_house_player(section: models.Section, data: EntryData, actor: Actor) -> models.Entry:
    """The organiser adds one house player to a section whose entry count is odd, before
    round 1, so nobody has a bye (Kinabatangan 4.6: organiser only, not an arbiter).

    The house player is paired like everyone but not ranked and wins no prize; no fee is
    due. The entry list being in (registration closed, no additions) does not stop it: the
    regulations make this the one addition allowed."""
    data = stored_form(data)
    event = section.event
    require_organiser(actor, event)
    # serialise with other changes to the section's entries (two organisers at once)
    models.Section.objects.select_for_update().filter(pk=section.pk).first()
    if section.rounds.exists():
        raise ServiceError(_("The house player is added before round 1 is paired."))
    refusal = house_player_refusal(
        allowed=house_player_allowed(section),
        ordinary_entries=section.entries.filter(house=False).count(),
        house_players=section.entries.filter(house=True).count(),
    )
    if refusal is not None:
        raise ServiceError(_house_refusal_message(section, refusal))
    problems = EntryChecker(event).problems(section, data, house=True)
    if problems:
        raise ServiceError(" ".join(problems))
    entry = models.Entry.objects.create(
        section=section,
        pairing_number=next_pairing_number(section),
        house=True,
        fee_due=Decimal(0),
        **dataclasses.asdict(data),
    )
    audit.record(
        event,
        actor,
        "entry.house_add",
        f"{section.key}: {entry.name}",
        None,
        data.as_json(),
        params={"section": section.key, "player": entry.name},
        about=(entry,),
    )
    return entry


@transaction.atomic
def remove_house_player(section: models.Section, actor: Actor) -> None:
    """The organiser removes the section's house player, before round 1 (afterwards the
    house player can only be withdrawn, like anyone)."""
    require_organiser(actor, section.event)
    entry = section.entries.filter(house=True).first()
    if entry is None:
        raise ServiceError(_("%(section)s has no house player."), section=section)
    if section.rounds.exists():
        raise ServiceError(
            _("The house player cannot be removed once a round is paired; withdraw them.")
        )
    audit.record(
        section.event,
        actor,
        "entry.house_remove",
        f"{section.key}: {entry.name}",
        entry_data_of(entry).as_json(),
        None,
        params={"section": section.key, "player": entry.name},
        about=(entry,),
    )
    entry.delete()
