"""Check-in: present or absent before a round is paired, one transaction per tap, audited.

An absent player is not paired through the mechanism the pairing already understands: an
announced absence, a zero-point bye asked for a round not yet paired (``RequestedBye`` with
result ``Z``; ``bridge.section_tournament`` gives the engine those as the round's absences
and ``store_round_pairing`` writes them as byes). Marking a player absent asks it for every
round not yet paired — absent until they arrive —; marking them present (a late arrival)
takes back those not yet paired, so they are paired from the next round on. Zero-point or
other byes asked before, for other reasons, stay as they were.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.model import ResultCode
from crosstable.typed import as_typed_on_a_latin_keyboard
from crosstable.typed.name_search import matches
from crosstable_web.checkin.models import CheckIn
from crosstable_web.events import models
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_staff
from crosstable_web.events.services import ServiceError

PRESENT = "present"
ABSENT = "absent"
UNCHECKED = "unchecked"
"""The audit's word for a check-in undone: back to not checked in."""
ABSENCE = ResultCode.ZERO_POINT_BYE.value
"""The requested bye an absence asks: ``Z``, no point (FIDE C.04.1 e: an absent player is
not paired and scores nothing)."""


def checks_in(section: models.Section) -> bool:
    """Whether the section's players are checked in one by one: not in a team section,
    where the captains' line-ups say who plays each round (docs/registration.md)."""
    return not (section.is_team_section or section.settings.get("team_event"))


def next_round(section: models.Section) -> int:
    """The round a check-in is for: the first not yet paired."""
    return int(section.rounds.aggregate(Max("number"))["number__max"] or 0) + 1


def _playing(entries: Iterable[models.Entry], coming: int) -> list[models.Entry]:
    """Entries still playing from round ``coming`` on (not withdrawn or expelled before)."""
    return [
        entry
        for entry in entries
        if entry.withdrawn_after_round is None or entry.withdrawn_after_round >= coming
    ]


@dataclasses.dataclass(slots=True)
class Line:
    entry: models.Entry
    status: str
    """``present``, ``absent`` or ``""`` (not checked in yet)."""


@dataclasses.dataclass(slots=True)
class SectionSheet:
    """One section's players with their check-in for the round not yet paired."""

    section: models.Section
    round: int
    lines: list[Line]

    @property
    def finished(self) -> bool:
        return self.round > self.section.total_rounds

    @property
    def present(self) -> int:
        return sum(1 for line in self.lines if line.status == PRESENT)

    @property
    def absent(self) -> int:
        return sum(1 for line in self.lines if line.status == ABSENT)

    @property
    def unchecked(self) -> int:
        return sum(1 for line in self.lines if not line.status)


@dataclasses.dataclass(slots=True)
class Sheet:
    """The check-in of an event: its individual sections, and the team sections (which
    have none)."""

    sections: list[SectionSheet]
    team_sections: list[models.Section]

    @property
    def present(self) -> int:
        return sum(sheet.present for sheet in self.sections if not sheet.finished)

    @property
    def total(self) -> int:
        return sum(len(sheet.lines) for sheet in self.sections if not sheet.finished)

    @property
    def unchecked(self) -> int:
        return sum(sheet.unchecked for sheet in self.sections if not sheet.finished)


def sheet(event: models.Event, query: str = "") -> Sheet:
    """Every individual section's players (those ``query`` finds: name, unit or pairing
    number, any script, pinyin) with their check-in."""
    sections: list[SectionSheet] = []
    teams: list[models.Section] = []
    statuses = dict(
        CheckIn.objects.filter(entry__section__event=event).values_list("entry_id", "present")
    )
    for section in event.sections.all():
        section.event = event
        if not checks_in(section):
            teams.append(section)
            continue
        coming = next_round(section)
        entries = _playing(section.entries.order_by("name", "pk"), coming)
        if query:
            entries = [entry for entry in entries if found(query, entry)]
        lines = [Line(entry, _status(statuses.get(entry.pk))) for entry in entries]
        sections.append(SectionSheet(section, coming, lines))
    return Sheet(sections, teams)


def _status(present: bool | None) -> str:
    return "" if present is None else PRESENT if present else ABSENT


def found(query: str, entry: models.Entry) -> bool:
    """Whether the search box's ``query`` finds ``entry``: its pairing number (any digits),
    else its name or unit as the parents' search finds them (any script, pinyin)."""
    number = as_typed_on_a_latin_keyboard(query).strip()
    if number.isdigit():
        return entry.pairing_number == int(number)
    return matches(query, entry.name) or (bool(entry.unit) and matches(query, entry.unit))


def _lock(entry: models.Entry) -> tuple[models.Section, models.Entry]:
    section = (
        models.Section.objects.select_for_update().select_related("event").get(pk=entry.section_id)
    )
    return section, models.Entry.objects.get(pk=entry.pk)


@transaction.atomic
def mark(entry: models.Entry, present: bool, actor: Actor) -> CheckIn:
    """Check ``entry`` in as present or absent for the rounds not yet paired (organisers and
    arbiters). Absent: a zero-point bye asked for each of them (not those the player already
    asked a bye for). Present after being absent: the byes this check-in asked for rounds not
    yet paired are taken back — a late arrival is paired from the next round. The same
    status again changes nothing."""
    section, entry = _lock(entry)
    require_staff(actor, section.event)
    if not checks_in(section):
        raise ServiceError(
            _("A team section has no check-in: the captains' line-ups say who plays.")
        )
    coming = next_round(section)
    if coming > section.total_rounds:
        raise ServiceError(
            _("All %(rounds)d rounds are paired: there is no round left to check in for.")
            % {"rounds": section.total_rounds}
        )
    if not _playing([entry], coming):
        raise ServiceError(
            _("%(player)s is withdrawn: reinstate the player first (entry page).")
            % {"player": entry.name}
        )
    existing = CheckIn.objects.filter(entry=entry).first()
    if existing is not None and existing.present == present:
        return existing
    asked = list(existing.byes_requested) if existing is not None else []
    old = None if existing is None else {"status": PRESENT if existing.present else ABSENT}
    new: dict[str, object]
    if present:
        taken_back = sorted(number for number in asked if number >= coming)
        models.RequestedBye.objects.filter(
            entry=entry, round_number__in=taken_back, result=ABSENCE
        ).delete()
        asked = [number for number in asked if number < coming]
        new = {"status": PRESENT, "from_round": coming}
        if taken_back:
            new["byes_taken_back"] = taken_back
    else:
        already = set(
            models.RequestedBye.objects.filter(entry=entry, round_number__gte=coming).values_list(
                "round_number", flat=True
            )
        )
        rounds = [n for n in range(coming, section.total_rounds + 1) if n not in already]
        models.RequestedBye.objects.bulk_create(
            models.RequestedBye(entry=entry, round_number=number, result=ABSENCE)
            for number in rounds
        )
        asked = sorted({*asked, *rounds})
        new = {"status": ABSENT, "from_round": coming, "byes_asked": rounds}
    check_in, _created = CheckIn.objects.update_or_create(
        entry=entry,
        defaults={"present": present, "at": timezone.now(), "byes_requested": asked},
    )
    audit.record(
        section.event,
        actor,
        "entry.checkin",
        f"{entry.name} R{coming}",
        old,
        new,
        params={"section": section.key, "round": coming, "player": entry.name},
        about=(entry,),
    )
    return check_in


@dataclasses.dataclass(frozen=True, slots=True)
class RestAbsent:
    """What "mark the rest absent" did: the players it marked absent (their ids, for the
    undo), and the sections it left alone because nobody there had checked in yet."""

    marked: tuple[int, ...]
    skipped: tuple[str, ...]
    """Names of the sections where nobody is present yet."""


def unchecked_in_started_sections(event: models.Event) -> list[models.Entry]:
    """The players "mark the rest absent" would mark: those not checked in, in the sections
    (not all paired yet) where at least one player is checked in present."""
    return [
        line.entry
        for section_sheet in sheet(event).sections
        if not section_sheet.finished and section_sheet.present
        for line in section_sheet.lines
        if not line.status
    ]


def mark_unchecked_absent(event: models.Event, actor: Actor) -> RestAbsent:
    """Every player not checked in yet marked absent (before pairing, for arbiters who pair
    only those who came) — in the sections where check-in has begun: a section where nobody
    is present yet is left alone (marking it all absent would leave nobody to pair), and
    when that is every section the action is refused."""
    require_staff(actor, event)
    with transaction.atomic():
        sections = [s for s in sheet(event).sections if not s.finished and s.unchecked]
        started = [s for s in sections if s.present]
        if not sections:
            return RestAbsent((), ())
        if not started:
            raise ServiceError(
                _(
                    "Nobody is checked in yet: marking everyone absent would leave nobody "
                    "to pair. Check in the players who came first."
                )
            )
        marked = []
        for section_sheet in started:
            for line in section_sheet.lines:
                if not line.status:
                    mark(line.entry, False, actor)
                    marked.append(line.entry.pk)
    skipped = tuple(s.section.name for s in sections if not s.present)
    return RestAbsent(tuple(marked), skipped)


def still_absent(event: models.Event, entry_ids: Iterable[int]) -> int:
    """How many of these players are still marked absent."""
    return CheckIn.objects.filter(
        entry_id__in=list(entry_ids), entry__section__event=event, present=False
    ).count()


def undo_absent(event: models.Event, entry_ids: Iterable[int], actor: Actor) -> int:
    """Undo "mark the rest absent": each of these players who is still marked absent is
    back to not checked in, the zero-point byes the absence asked for rounds not yet paired
    taken back (audited as a check-in line). How many were put back."""
    require_staff(actor, event)
    count = 0
    with transaction.atomic():
        for entry in models.Entry.objects.filter(pk__in=list(entry_ids), section__event=event):
            section, entry = _lock(entry)
            existing = CheckIn.objects.filter(entry=entry, present=False).first()
            if existing is None:
                continue
            coming = next_round(section)
            taken_back = sorted(n for n in existing.byes_requested if n >= coming)
            models.RequestedBye.objects.filter(
                entry=entry, round_number__in=taken_back, result=ABSENCE
            ).delete()
            existing.delete()
            new: dict[str, object] = {"status": UNCHECKED, "from_round": coming}
            if taken_back:
                new["byes_taken_back"] = taken_back
            audit.record(
                section.event,
                actor,
                "entry.checkin",
                f"{entry.name} R{coming}",
                {"status": ABSENT},
                new,
                params={"section": section.key, "round": coming, "player": entry.name},
                about=(entry,),
            )
            count += 1
    return count
