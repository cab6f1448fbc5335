"""Service layer for events, sections, entries, pairing numbers and fees.

Views and management commands call these functions; each one is a single transaction, checks
the actor's role and writes the audit log. Round-running services are in ``rounds.py``.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone, translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from crosstable.house_player import HousePlayerRefusal, house_player_refusal
from crosstable.pairing.registry import is_team_system
from crosstable.regulations.entries import additions_closed, name_change_deadline
from crosstable.regulations.schema import Deadlines, Regulations
from crosstable.regulations.sections import AssignedSection, assign_sections
from crosstable.typed import TypedValueError, read_grade
from crosstable.typed.people import LOWEST_GRADE
from crosstable_web.common import localisation
from crosstable_web.common.value_messages import text_problems
from crosstable_web.events import bridge, lots, models, parts, slugs

# An entry's data as the entry forms, imports and these services pass it (its own module, so
# that the rules read it without importing the services); callers name it ``services.EntryData``.
from crosstable_web.events.entry_data import ENTRY_FIELDS as ENTRY_FIELDS
from crosstable_web.events.entry_data import EntryData as EntryData
from crosstable_web.events.entry_data import entry_data_of as entry_data_of
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser, require_staff
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.events.words import wording


class ServiceError(Exception):
    """An action the rules do not allow; the message is for the user, in the active
    language. ``values`` fill its placeholders as the reader writes them
    (``wording.value_text``: a section by its name, a date in the page's calendar, an amount
    grouped): ``ServiceError(_("%(section)s has no house player."), section=section)``."""

    def __init__(self, message: object, **values: object) -> None:
        text = str(message)
        if values:
            text = text % {name: wording.value_text(value) for name, value in values.items()}
        super().__init__(text)


# --- events -------------------------------------------------------------------------------


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


# --- entries ------------------------------------------------------------------------------


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


def _next_pairing_number(section: models.Section) -> int | None:
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
        pairing_number=None if place is not None else _next_pairing_number(section),
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


# --- the house player ---------------------------------------------------------------------


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
        pairing_number=_next_pairing_number(section),
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


# --- playing groups -----------------------------------------------------------------------


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


# --- pairing numbers ----------------------------------------------------------------------

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


# --- fees ---------------------------------------------------------------------------------


@transaction.atomic
def record_payment(entry: models.Entry, paid: Decimal, actor: Actor) -> None:
    require_organiser(actor, entry.section.event)
    if paid < 0:
        raise ServiceError(_("A payment cannot be negative."))
    cents = Decimal("0.01")
    old = str(Decimal(entry.fee_paid).quantize(cents))
    paid = paid.quantize(cents)
    entry.fee_paid = paid
    entry.save(update_fields=["fee_paid"])
    audit.record(
        entry.section.event,
        actor,
        "entry.fee_paid",
        entry.name,
        old,
        str(paid),
        params={"section": entry.section.key, "player": entry.name},
        about=(entry,),
    )


@dataclasses.dataclass(slots=True)
class FeeLine:
    label: str
    entries: int = 0
    due: Decimal = Decimal(0)
    paid: Decimal = Decimal(0)
    teams: int = 0
    """Teams counted (their fee is the team's; their players' entries owe nothing)."""

    @property
    def outstanding(self) -> Decimal:
        return self.due - self.paid


@dataclasses.dataclass(slots=True)
class FeeReport:
    by_unit: list[FeeLine]
    by_section: list[FeeLine]
    total: FeeLine
    teams: list[Any] = dataclasses.field(default_factory=list)
    """Each team's fee (``crosstable_web.teams.fee_lines.TeamFeeLine``, as the teams app declares
    them in ``events.parts``): due, discounts, paid, balance, admitted or waiting."""


def complete_unit_shares(event: models.Event) -> None:
    """Entries of a section whose units are its teams (Huayuan: the per-team fee shared by
    the players, ``rules.fee_for``) that owe 0 while the regulations give them a share: each
    is given its share, logged as ``entry.fee`` by "system". Run when the regulations change
    (``event_settings``; an entry saved under regulations without fees owed 0); entries saved
    before shares were computed got theirs once, in migration events.0012. Never on reading
    a page: a GET writes nothing. An entry whose share is really 0 (a full discount) is
    computed again and left as it is; a house player owes nothing."""
    for section in event.sections.all():
        if rules.unit_team_size(section) is None:
            continue
        with transaction.atomic():
            stale = section.entries.select_for_update().filter(fee_due=0, house=False)
            for entry in stale:
                due = rules.fee_for(section, entry_data_of(entry))
                if due == 0:
                    continue
                entry.fee_due = due
                entry.save(update_fields=["fee_due"])
                audit.record(
                    event,
                    None,
                    "entry.fee",
                    f"{section.key}: {entry.name}",
                    {"fee_due": "0.00"},
                    {"fee_due": str(due)},
                    params={"section": section.key, "player": entry.name},
                    about=(entry,),
                )


def fee_report(event: models.Event) -> FeeReport:
    """Fees due and paid per unit and per section, with totals: player entries' fees and
    team fees (a team counts under its unit and section)."""
    units: dict[str, FeeLine] = {}
    sections: dict[str, FeeLine] = {}
    total = FeeLine(_("Total"))
    rows = models.Entry.objects.filter(section__event=event).values_list(
        "unit", "section__name", "fee_due", "fee_paid"
    )
    for unit, section_name, due, paid in rows:
        for line in (
            units.setdefault(unit, FeeLine(unit or _("(no unit)"))),
            sections.setdefault(section_name, FeeLine(section_name)),
            total,
        ):
            line.entries += 1
            line.due += due
            line.paid += paid
    # the teams app's fee lines (``teams.fee_lines.event_fee_lines``), declared in its ready()
    teams = [line for fee_lines in parts.declared.fee_lines.values() for line in fee_lines(event)]
    for team_line in teams:
        team = team_line.team
        for line in (
            units.setdefault(team.unit, FeeLine(team.unit or _("(no unit)"))),
            sections.setdefault(team.section.name, FeeLine(team.section.name)),
            total,
        ):
            line.teams += 1
            line.due += team_line.due
            line.paid += team_line.paid
    return FeeReport(
        by_unit=sorted(units.values(), key=lambda line: line.label.casefold()),
        by_section=list(sections.values()),
        total=total,
        teams=teams,
    )


# --- ratings during the event ---------------------------------------------------------------


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
