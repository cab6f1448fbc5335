"""Pairing numbers: given by rating or drawn by lot (``lots``), for a section or all at once."""

from __future__ import annotations

import dataclasses
import random

from django.db import transaction
from django.utils.translation import gettext as _

from crosstable_web.events import lots, models
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_staff
from crosstable_web.events.services.entering import initial_order_key
from crosstable_web.events.services.playing_groups import pending_playing_groups
from crosstable_web.events.services.refusal import ServiceError

PAIRING_NUMBERS_BY = "pairing_numbers_by"
"""``Section.settings`` key: how the pairing numbers were last assigned, "rating" or "lot"
(a round 1 "by lot" pairs numbers drawn by lot as they are: ``rounds``)."""


NUMBERING_METHODS = ("rating", "lot")


def _check_numbering(method: str) -> None:
    """Any other way of numbering is refused, never read as "by rating"."""
    if method not in NUMBERING_METHODS:
        raise ServiceError(
            _("Pairing numbers are assigned by rating or by lot; nothing was changed.")
        )


@transaction.atomic
def assign_pairing_numbers(
    section: models.Section, actor: Actor, method: str = "rating", seed: int | None = None
) -> None:
    """Number the players: by rating (then title, then name) or by lot — drawn, as every
    lot of the section, from the event's seed (:mod:`crosstable_web.events.lots`), so the
    same players are drawn the same numbers again; ``seed`` draws another. Only before
    round 1 is paired."""
    require_staff(actor, section.event)
    _check_numbering(method)
    if section.rounds.exists():
        raise ServiceError(_("Pairing numbers are fixed once round 1 is paired."))
    entries = list(section.entries.select_for_update().order_by("id"))
    if method == "lot":
        random.Random(f"{lots.seed_of(section)}/pairing-numbers" if seed is None else seed).shuffle(
            entries
        )
    else:
        entries.sort(key=initial_order_key)
    old = {entry.name: entry.pairing_number for entry in entries}
    # Two passes keep the unique (section, number) constraint satisfied throughout.
    models.Entry.objects.filter(section=section).update(pairing_number=None)
    for number, entry in enumerate(entries, start=1):
        entry.pairing_number = number
    models.Entry.objects.bulk_update(entries, ["pairing_number"])
    section.settings = {
        **section.settings,
        PAIRING_NUMBERS_BY: method,
    }
    section.save(update_fields=["settings"])
    audit.record(
        section.event,
        actor,
        "section.pairing_numbers",
        section.key,
        old,
        {entry.name: entry.pairing_number for entry in entries},
        params={"section": section.key},
    )


@dataclasses.dataclass(frozen=True, slots=True)
class NumbersForAll:
    """What "assign pairing numbers in every section" did: the sections numbered, and each
    section left alone with the reason."""

    numbered: list[models.Section]
    skipped: list[tuple[models.Section, str]]


@transaction.atomic
def assign_all_pairing_numbers(event: models.Event, actor: Actor, method: str) -> NumbersForAll:
    """Pairing numbers for every section not yet paired, at once (by rating or by lot), so
    "pair the next round of all sections" can start (a 15-section event was 15 page visits).
    Left alone, each with its reason: sections already paired (their numbers are fixed), team
    sections (paired by team), sections with no player, and sections whose playing groups are
    not formed yet (forming them numbers the players again)."""
    require_staff(actor, event)
    _check_numbering(method)
    numbered: list[models.Section] = []
    skipped: list[tuple[models.Section, str]] = []
    for section in event.sections.all():
        groups = pending_playing_groups(section)
        if section.is_team_section or section.settings.get("team_event"):
            skipped.append((section, _("a team section: paired on its team pages")))
        elif section.rounds.exists():
            skipped.append((section, _("already paired: its numbers are fixed")))
        elif not section.entries.exists():
            skipped.append((section, _("no players")))
        elif groups:
            skipped.append(
                (
                    section,
                    _("the regulations split it into %(groups)s: form the playing groups first")
                    % {"groups": ", ".join(groups)},
                )
            )
        else:
            assign_pairing_numbers(section, actor, method)
            numbered.append(section)
    return NumbersForAll(numbered, skipped)
