"""Entries: checked against the section's rules (:class:`EntryChecker`), added, changed,
deleted, late entries placed, the deadlines for additions and name changes, later ratings."""

from __future__ import annotations

import dataclasses
import datetime
from decimal import Decimal

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from crosstable.pairing.registry import is_team_system
from crosstable.regulations.entries import additions_closed, name_change_deadline
from crosstable.regulations.schema import Deadlines
from crosstable.typed import TypedValueError, read_grade
from crosstable.typed.people import LOWEST_GRADE
from crosstable_web.common import localisation
from crosstable_web.common.value_messages import text_problems
from crosstable_web.events import models
from crosstable_web.events.entry_data import ENTRY_FIELDS, EntryData, entry_data_of
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser, require_staff
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.events.services.refusal import ServiceError


class EntryChecker:
    """Checks entries against the rules of an event: eligibility, duplicates, limits.

    Loads what is already entered once, then remembers each accepted row, so that an import
    of a thousand rows is checked against the database and against its own earlier rows.
    """

    def __init__(self, event: models.Event, exclude_entry: models.Entry | None = None) -> None:
        rows = models.Entry.objects.filter(section__event=event)
        if exclude_entry is not None:
            rows = rows.exclude(pk=exclude_entry.pk)
        self.identities: dict[tuple[str, ...], _EnteredAs] = {}
        """Who is entered, by identity (FIDE ID, else name and birth date): how the entry
        reads, for the message that names it."""
        self.per_section: dict[int, int] = {}
        self.per_unit: dict[tuple[int, str], int] = {}
        self.house_sections: set[int] = set()
        """Sections that have their house player: no more players may join them."""
        for section_id, section_name, name, birth_date, fide_id, unit, house in rows.values_list(
            "section_id", "section__name", "name", "birth_date", "fide_id", "unit", "house"
        ):
            entered = _EnteredAs(name, birth_date, fide_id, section_name)
            if house:
                self.identities[_identity(name, birth_date, fide_id)] = entered
                self.house_sections.add(section_id)
            else:
                self._remember(section_id, _identity(name, birth_date, fide_id), unit, entered)

    def _remember(
        self, section_id: int, identity: tuple[str, ...], unit: str, entered: _EnteredAs
    ) -> None:
        self.identities[identity] = entered
        self.per_section[section_id] = self.per_section.get(section_id, 0) + 1
        self.per_unit[section_id, unit] = self.per_unit.get((section_id, unit), 0) + 1

    def problems(
        self, section: models.Section, data: EntryData, *, house: bool = False
    ) -> list[str]:
        """Why ``data`` may not enter ``section`` (empty: it may). A house player
        (``house``) is the organiser's choice: no eligibility, capacity or unit limits."""
        problems: list[str] = []
        if not data.name.strip():
            problems.append(_("The name is missing."))
        if data.sex and data.sex.lower() not in ("m", "f", "w"):
            problems.append(_("Sex must be M or F."))
        problems.extend(stored_value_problems(data))
        existing = self.identities.get(_identity(data.name, data.birth_date, data.fide_id))
        if existing is not None:
            problems.append(existing.duplicate_message())
        if house:
            return problems
        problems.extend(rules.eligibility_problems(section, data))
        if section.pk in self.house_sections:
            problems.append(
                _(
                    "%(section)s has a house player; remove the house player before adding "
                    "players (a house player is only for an odd number of entries)."
                )
                % {"section": section.name}
            )
        if (
            section.max_entries is not None
            and not capacity_counts_teams(section)
            and self.per_section.get(section.pk, 0) >= section.max_entries
        ):
            problems.append(
                _("The section is full (%(limit)d entries).") % {"limit": section.max_entries}
            )
        per_unit = section.settings.get("max_per_unit")
        if (
            per_unit
            and data.unit
            and self.per_unit.get((section.pk, data.unit), 0) >= int(per_unit)
        ):
            problems.append(
                _("%(unit)s already has %(limit)d players in this section.")
                % {"unit": data.unit, "limit": int(per_unit)}
            )
        return problems

    def accept(self, section: models.Section, data: EntryData) -> None:
        """Count ``data`` as entered (for the checks of later rows)."""
        self._remember(
            section.pk,
            _identity(data.name, data.birth_date, data.fide_id),
            data.unit,
            _EnteredAs(data.name, data.birth_date, data.fide_id, section.name),
        )


MAX_RATING = 3500
"""The highest rating a form or an import accepts (FIDE's best is under 2900)."""


def stored_value_problems(data: EntryData) -> list[str]:
    """Why a value of ``data`` cannot be stored as it is, whatever its source (form,
    import, command): a text longer than its column or holding control or text-direction
    characters, a rating out of range, a grade that is not one."""
    problems = []
    for name in ENTRY_FIELDS:
        value = getattr(data, name)
        if not isinstance(value, str):
            continue
        field = models.Entry._meta.get_field(name)
        for problem in text_problems(value, getattr(field, "max_length", None)):
            problems.append(f"{capfirst(str(getattr(field, 'verbose_name', name)))}: {problem}")
    if not 0 <= data.rating <= MAX_RATING:
        problems.append(
            _("Rating %(rating)s is not between 0 and %(highest)d.")
            % {"rating": data.rating, "highest": MAX_RATING}
        )
    grade = data.national_grade
    if grade and not (grade.isascii() and grade.isdigit() and 1 <= int(grade) <= LOWEST_GRADE):
        problems.append(
            _("The grade %(grade)s is not one: 1 to %(lowest)d, or blank for ungraded.")
            % {"grade": grade, "lowest": LOWEST_GRADE}
        )
    return problems


def stored_form(data: EntryData) -> EntryData:
    """``data`` with its grade as the database keeps it (``六级``, ``درجه ۶`` -> ``6``), so
    that an entry made by a command or a service reads grades as the forms and the import
    do; a grade that cannot be read is left as written, for ``stored_value_problems`` to
    refuse."""
    try:
        grade = read_grade(data.national_grade)
    except TypedValueError:
        return data
    return dataclasses.replace(data, national_grade="" if grade is None else str(grade))


@dataclasses.dataclass(frozen=True, slots=True)
class _EnteredAs:
    """An entry already in the event (or accepted earlier in the same import), as the
    duplicate message names it."""

    name: str
    birth_date: datetime.date | None
    fide_id: str
    section: str

    def duplicate_message(self) -> str:
        """Says what was compared (the FIDE ID, else the name and the birth date) and which
        entry matched, so the organiser can tell a namesake from a second registration."""
        if self.fide_id:
            return _(
                "This player is already entered in this event: %(name)s (section %(section)s) "
                "has the same FIDE ID, %(fide_id)s."
            ) % {"name": self.name, "section": self.section, "fide_id": self.fide_id}
        if self.birth_date is None:
            return _(
                "This player is already entered in this event: %(name)s (section %(section)s) "
                "has the same name and no birth date either (entries are compared by name and "
                "birth date: give the birth dates of two players of the same name)."
            ) % {"name": self.name, "section": self.section}
        return _(
            "This player is already entered in this event: %(name)s (section %(section)s) "
            "has the same name and birth date (%(born)s)."
        ) % {
            "name": self.name,
            "section": self.section,
            "born": localisation.date_text(self.birth_date),
        }


def capacity_counts_teams(section: models.Section) -> bool:
    """A team section's capacity (``max_entries``, the regulations' ``capacity``) counts
    teams, not players (Fars: "61 teams per table"): the teams app checks it when a team is
    created (:func:`team_capacity_problem`); its players' entries are not counted."""
    return is_team_system(section.system_code)


def team_capacity_problem(section: models.Section, teams: int) -> str | None:
    """Why one more team does not fit a team section that has ``teams`` already (None: it
    fits); the counterpart of :class:`EntryChecker`'s check for individual sections."""
    if section.max_entries is None or not capacity_counts_teams(section):
        return None
    if teams >= section.max_entries:
        return _("The section is full (%(limit)d teams).") % {"limit": section.max_entries}
    return None


def _identity(name: str, birth_date: datetime.date | None, fide_id: str) -> tuple[str, ...]:
    if fide_id:
        return ("fide", fide_id)
    return ("name", " ".join(name.casefold().split()), str(birth_date or ""))


def next_pairing_number(section: models.Section) -> int | None:
    """Late entries get the next free number; before numbers are assigned, none."""
    if not section.entries.filter(pairing_number__isnull=False).exists():
        return None
    highest = section.entries.aggregate(Max("pairing_number"))["pairing_number__max"]
    return int(highest or 0) + 1


def _paired_rounds(section: models.Section) -> int:
    return int(section.rounds.aggregate(Max("number"))["number__max"] or 0)


def reopening_refusal(event: models.Event) -> str | None:
    """Why closed registration may not be opened again (None: it may, or it is open)."""
    regulations = rules.event_regulations(event)
    if (
        event.registration_open
        or regulations is None
        or not additions_closed(regulations.deadlines, list_in=True)
    ):
        return None
    return _no_additions_message(regulations.deadlines)


def _no_additions_message(deadlines: Deadlines) -> str:
    if deadlines.name_change_minutes_before_start is not None:
        return _(
            "The entry list is in: the regulations allow no additions. A player may still be "
            "replaced by another until %(minutes)d minutes before the start."
        ) % {"minutes": deadlines.name_change_minutes_before_start}
    return _("The entry list is in: the regulations allow no additions.")


def addition_refusal(section: models.Section) -> str | None:
    """Why no player may be entered in ``section`` now (None: one may): the section is
    finished; the list is in — registration closed or round 1 paired — and the regulations
    allow no additions then (Kinabatangan 3.4, ``additions_after_list = false``); or, before
    round 1, registration is closed. After round 1 an entry is a late entry."""
    event = section.event
    paired = _paired_rounds(section)
    if paired >= section.total_rounds:
        return _("The section is finished; no more entries.")
    regulations = rules.event_regulations(event)
    list_in = bool(paired) or not event.registration_open
    if regulations is not None and additions_closed(regulations.deadlines, list_in=list_in):
        return _no_additions_message(regulations.deadlines)
    if not paired and not event.registration_open:
        return _("Registration is closed; open it again to add players.")
    return None


def round_one_start(section: models.Section) -> datetime.datetime | None:
    """When the section's play starts: round 1's start as paired (the arbiter may move it),
    else the regulations' schedule, at the venue (None: not known)."""
    first = section.rounds.filter(number=1).first()
    if first is not None and first.starts_at is not None:
        return first.starts_at
    return event_time.scheduled_start(section, 1)


def name_change_refusal(section: models.Section, now: datetime.datetime) -> str | None:
    """Why a player may no longer be replaced by another (a different name) in ``section``
    (None: they may). Kinabatangan 3.3: name changes at least an hour before the start
    (``name_change_minutes_before_start``), compared at the venue's clock (aware moments). Once
    round 1 is paired without a start time, the start is taken to have come."""
    regulations = rules.event_regulations(section.event)
    if regulations is None:
        return None
    minutes = regulations.deadlines.name_change_minutes_before_start
    if minutes is None:
        return None
    start = round_one_start(section)
    deadline = name_change_deadline(regulations.deadlines, start)
    if deadline is None:
        if not section.rounds.exists():
            return None  # the start is not known yet, and play has not begun
        return _(
            "A player may be replaced by another only until %(minutes)d minutes before the "
            "start, and round 1 is paired. To correct the spelling of the same player's name, "
            "tick “Spelling correction”."
        ) % {"minutes": minutes}
    if now < deadline:
        return None
    local = event_time.at_event(section.event, deadline)
    when = (
        f"{localisation.format_date(local.date(), calendar=section.event.calendar)} {local:%H:%M}"
    )
    return _(
        "A player may be replaced by another only until %(minutes)d minutes before the start "
        "(until %(deadline)s at the venue); that time has passed. To correct the spelling of "
        "the same player's name, tick “Spelling correction”."
    ) % {"minutes": minutes, "deadline": when}


@transaction.atomic
def add_entry(section: models.Section, data: EntryData, actor: Actor) -> models.Entry:
    """Enter a player. After round 1 is paired this is a late entry (arbiter or organiser);
    the player joins from the next round and gets the next pairing number."""
    data = stored_form(data)
    event = section.event
    paired = _paired_rounds(section)
    if paired:
        require_staff(actor, event)
    else:
        require_organiser(actor, event)
    refusal = addition_refusal(section)
    if refusal is not None:
        raise ServiceError(refusal)
    problems = EntryChecker(event).problems(section, data)
    if problems:
        raise ServiceError(" ".join(problems))
    place = _late_entry_place(section, data) if paired else None
    entry = models.Entry.objects.create(
        section=section,
        pairing_number=None if place is not None else next_pairing_number(section),
        joined_before_round=paired + 1,
        fee_due=rules.fee_for(section, data),
        **dataclasses.asdict(data),
    )
    action = "entry.late" if paired else "entry.add"
    audit.record(
        event,
        actor,
        action,
        f"{section.key}: {entry.name}",
        None,
        data.as_json(),
        params={"section": section.key, "player": entry.name},
        about=(entry,),
    )
    if place is not None:
        _insert_at(section, entry, place, actor)
    return entry


TPN_FIXED_AFTER_ROUND = 4
"""C.04.2 Art. 2: no pairing number changes once round 4 is paired."""


def initial_order_key(entry: models.Entry | EntryData) -> tuple[int, int, str]:
    """The initial order of C.04.2 Art. 2.1–2.3: rating (higher first), FIDE title in the
    order GM, IM, WGM, FM, WIM, CM, WFM, WCM, none, then name."""
    titles = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
    title = entry.title.upper()
    return (
        -entry.rating,
        titles.index(title) if title in titles else len(titles),
        entry.name.casefold(),
    )


def _late_entry_place(section: models.Section, data: EntryData) -> int | None:
    """The pairing number a late entry gets in FIDE mode while pairing numbers may still
    change (round 4 not yet paired): the place the initial order gives it among the numbered
    players, who move up one to make room (C.04.2 Art. 2.4: an appropriate number). None:
    the next free number (not in FIDE mode, numbers fixed, or no numbers yet)."""
    if not section.fide_mode or _paired_rounds(section) >= TPN_FIXED_AFTER_ROUND:
        return None
    numbered = list(section.entries.filter(pairing_number__isnull=False).order_by("pairing_number"))
    if not numbered:
        return None
    key = initial_order_key(data)
    for entry in numbered:
        if key < initial_order_key(entry):
            return int(entry.pairing_number or 0)
    return None


def _insert_at(section: models.Section, entry: models.Entry, place: int, actor: Actor) -> None:
    """Give ``entry`` pairing number ``place``; the numbers from ``place`` on move up one."""
    moved = list(
        section.entries.filter(pairing_number__gte=place).exclude(pk=entry.pk).order_by("pk")
    )
    before = {other.pk: int(other.pairing_number or 0) for other in moved}
    old = {other.name: before[other.pk] for other in moved}
    # Two passes keep the unique (section, number) constraint satisfied throughout.
    models.Entry.objects.filter(pk__in=list(before)).update(pairing_number=None)
    for other in moved:
        other.pairing_number = before[other.pk] + 1
    models.Entry.objects.bulk_update(moved, ["pairing_number"])
    entry.pairing_number = place
    entry.save(update_fields=["pairing_number"])
    audit.record(
        section.event,
        actor,
        "section.pairing_numbers",
        section.key,
        old,
        {entry.name: place, **{other.name: other.pairing_number for other in moved}},
        [_("late entry: numbers from %(place)d move up one") % {"place": place}],
        params={"section": section.key},
    )


@transaction.atomic
def update_entry(
    entry: models.Entry,
    data: EntryData,
    actor: Actor,
    *,
    spelling_correction: bool = False,
    now: datetime.datetime | None = None,
) -> models.Entry:
    """Change an entry. A new name is a different player replacing this one, refused after
    the regulations' name-change deadline (:func:`name_change_refusal`), unless the organiser
    says it corrects the spelling of the same player's name (logged so)."""
    data = stored_form(data)
    section = entry.section
    require_organiser(actor, section.event)
    renamed = " ".join(data.name.split()) != " ".join(entry.name.split())
    if renamed and not spelling_correction:
        refusal = name_change_refusal(section, now or timezone.now())
        if refusal is not None:
            raise ServiceError(refusal)
    checker = EntryChecker(section.event, exclude_entry=entry)
    checker.per_section.pop(section.pk, None)  # editing does not add a player
    checker.per_unit.pop((section.pk, entry.unit), None)
    checker.house_sections.discard(section.pk)  # editing does not add a player either
    problems = checker.problems(section, data, house=entry.house)
    if problems:
        raise ServiceError(" ".join(problems))
    old = entry_data_of(entry).as_json()
    new = data.as_json()
    # the fee follows the entry as corrected (a discount by birth date, sex or unit kind)
    due = Decimal(0) if entry.house else rules.fee_for(section, data)
    if due != entry.fee_due:
        old["fee_due"], new["fee_due"] = str(entry.fee_due), str(due)
        entry.fee_due = due
    for name in ENTRY_FIELDS:
        setattr(entry, name, getattr(data, name))
    entry.save()
    audit.record(
        section.event,
        actor,
        "entry.update",
        f"{section.key}: {entry.name}",
        old,
        new,
        [{"kind": audit.SPELLING_CORRECTION}] if renamed and spelling_correction else [],
        params={"section": section.key, "player": entry.name},
        about=(entry,),
    )
    return entry


@transaction.atomic
def delete_entry(entry: models.Entry, actor: Actor) -> None:
    section = entry.section
    require_organiser(actor, section.event)
    if section.rounds.exists():
        raise ServiceError(_("Players cannot be deleted once a round is paired; withdraw them."))
    if not entry.house and section.entries.filter(house=True).exists():
        raise ServiceError(
            _(
                "%(section)s has a house player; remove the house player before deleting "
                "players (a house player is only for an odd number of entries)."
            ),
            section=section,
        )
    audit.record(
        section.event,
        actor,
        "entry.delete",
        f"{section.key}: {entry.name}",
        entry_data_of(entry).as_json(),
        None,
        params={"section": section.key, "player": entry.name},
        about=(entry,),
    )
    entry.delete()


@transaction.atomic
def set_later_rating(entry: models.Entry, from_round: int, rating: int, actor: Actor) -> None:
    """A player's rating from a later rating list, valid from ``from_round`` on (an event
    longer than 30 days); a rating of 0 removes the one recorded for that round."""
    section = entry.section
    require_staff(actor, section.event)
    if not 2 <= from_round <= section.total_rounds:
        raise ServiceError(
            _("A later rating is valid from round 2 to %(rounds)d.")
            % {"rounds": section.total_rounds}
        )
    if not 0 <= rating <= MAX_RATING:
        raise ServiceError(
            _("Rating %(rating)s is not between 0 and %(highest)d.")
            % {"rating": rating, "highest": MAX_RATING}
        )
    row = models.EntryRating.objects.filter(entry=entry, from_round=from_round).first()
    old = None if row is None else row.rating
    if rating == 0:
        if row is not None:
            row.delete()
    else:
        models.EntryRating.objects.update_or_create(
            entry=entry, from_round=from_round, defaults={"rating": rating}
        )
    audit.record(
        section.event,
        actor,
        "entry.rating",
        f"{entry.name} R{from_round}",
        old,
        rating or None,
        params={"section": section.key, "round": from_round, "player": entry.name},
        about=(entry,),
    )
