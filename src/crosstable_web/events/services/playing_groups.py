"""Playing groups: the sections the regulations form from the entries (by grade, age, rating)
once the entries are in (``crosstable.regulations.sections``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from crosstable.regulations.schema import Regulations
from crosstable.regulations.sections import AssignedSection, assign_sections
from crosstable_web.events import models
from crosstable_web.events.entry_data import entry_data_of
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.regulations import rules
from crosstable_web.events.services.refusal import ServiceError


def _playing_groups(
    section: models.Section, regulations: Regulations
) -> tuple[list[AssignedSection], dict[int, int]]:
    """The groups the regulations' sex and size splits make of ``section``'s entries (one
    group: nothing to split), and each group entrant's entry id (by ``id()``)."""
    entrant_of = {
        entry.pk: rules.entrant_data(section, entry_data_of(entry))
        for entry in section.entries.all()
    }
    entry_of = {id(entrant): pk for pk, entrant in entrant_of.items()}
    assignment = assign_sections(regulations, entrant_of.values())
    key = rules.rules_key(section)
    return [group for group in assignment.groups if group.rules.key == key], entry_of


def pending_playing_groups(section: models.Section) -> list[str]:
    """The playing groups the regulations split ``section`` into that are not formed yet
    (before round 1; "Form playing groups" forms them), by name in the event's language
    (A组（男子）, A组（女子）); empty when there is nothing to split."""
    regulations = rules.event_regulations(section.event)
    section_rules = rules.section_rules(section)
    if (
        regulations is None
        or section_rules is None
        or (section_rules.sex_split is None and section_rules.split_over is None)
        or section.rounds.exists()
    ):
        return []
    groups, _entries = _playing_groups(section, regulations)
    if len(groups) <= 1:
        return []
    return [_group_name(group, section.event) for group in groups]


def _group_name(group: AssignedSection, event: models.Event) -> str:
    """A playing group's name in the event's own language, as its sections are named:
    "A组：四、五级棋士组（男子）", "Lelaki bawah 12 tahun (Lelaki) 2" (never "(M)")."""
    from crosstable_web.events.regulations.language import event_language

    with translation.override(event_language(event)):
        name = group.rules.name
        if group.sex:
            sex = _("Boys / men") if group.sex == "M" else _("Girls / women")
            name = _("%(section)s (%(group)s)") % {"section": name, "group": sex}
        if group.part is not None:
            name = f"{name} {group.part}"
        return name


@transaction.atomic
def form_playing_groups(event: models.Event, actor: Actor) -> list[models.Section]:
    """Apply the regulations' sex split (merged below the limit, then ranked by sex) and size
    split (``split_over``) to the entries, before round 1: each group that plays apart becomes
    its own section, following the rules of the section it came from."""
    require_organiser(actor, event)
    regulations = rules.event_regulations(event)
    if regulations is None:
        raise ServiceError(_("This event has no regulations to split its sections by."))
    created: list[models.Section] = []
    position = event.sections.count()
    for section in list(event.sections.all()):
        if section.rounds.exists():
            continue
        section_rules = rules.section_rules(section)
        if section_rules is None or (
            section_rules.sex_split is None and section_rules.split_over is None
        ):
            continue
        groups, entry_of = _playing_groups(section, regulations)
        if len(groups) <= 1:
            continue
        if section.entries.filter(house=True).exists():
            # the groups' counts are not known yet: the house player goes to an odd group
            raise ServiceError(
                _(
                    "%(section)s has a house player; remove the house player before forming "
                    "playing groups, then add one to a group with an odd number of entries."
                ),
                section=section,
            )
        for group in groups:
            position += 1
            group_section = models.Section.objects.create(
                event=event,
                key=group.key,
                name=_group_name(group, event),
                position=position,
                total_rounds=section.total_rounds,
                system_code=section.system_code,
                scoring=section.scoring,
                tiebreaks=section.tiebreaks,
                forfeits_to_withdraw=section.forfeits_to_withdraw,
                entry_fee=section.entry_fee,
                max_entries=section.max_entries,
                settings={
                    **section.settings,
                    "rules_key": rules.rules_key(section),
                    **({"group_sex": group.sex} if group.sex else {}),
                },
            )
            models.Entry.objects.filter(
                pk__in=[entry_of[id(entrant)] for entrant in group.entrants]
            ).update(section=group_section, pairing_number=None)
            created.append(group_section)
        audit.record(
            event,
            actor,
            "section.split",
            section.key,
            section.name,
            [group_section.name for group_section in created[-len(groups) :]],
            params={"name": section.name},
        )
        section.delete()
    return created
