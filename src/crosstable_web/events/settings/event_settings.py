"""An event's settings as the organiser edits them in the web: the regulations file is the
truth, the rows follow it.

Every change — the structured form's fields or the TOML editor — becomes a new regulations
text, read by the same loader as an uploaded file (``crosstable.regulations``), then applied
to the event and its sections (:func:`apply_regulations`). The file is edited with
``tomlkit``, so its comments and layout stay (:func:`edited_text`). Downloading the current
regulations gives this text: upload → download → upload gives the same event.

Changes that would alter rounds already played — a section's scoring, tie-breaks, pairing
system or forfeit limit once it has a paired round — are refused unless the organiser
confirms them; the audit line then names each such change.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import re
from typing import Any

import tomlkit
from django.db import transaction
from django.utils.translation import gettext as _

from crosstable.regulations import Regulations, RegulationsError, parse_regulations
from crosstable.regulations.schema import RoundSlot
from crosstable.typed.calendars import Calendar, gregorian_to_jalali, parse_date
from crosstable_web.events import bridge, models, slugs
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.regulations import event_time, regulation_messages, rules
from crosstable_web.events.rounds import rule_warnings
from crosstable_web.events.services import ServiceError, complete_unit_shares, create_section

PLAYED_FIELDS = ("scoring", "tiebreaks", "system_code", "forfeits_to_withdraw")
"""Section values that change the results of rounds already played."""


class NeedsConfirmation(ServiceError):
    """The change alters played rounds; ``changes`` says which (for the confirmation)."""

    def __init__(self, changes: list[str]) -> None:
        self.changes = changes
        super().__init__(
            _(
                "These changes alter rounds already played: %(changes)s. Tick the "
                "confirmation to make them."
            )
            % {"changes": "; ".join(changes)}
        )


class SettingsError(ServiceError):
    """The new regulations do not read: ``key`` is the loader's dotted key (for the field)."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(message)


def read(text: str) -> Regulations:
    """The loader's reading of ``text``; an error names its key."""
    try:
        return parse_regulations(text, "regulations")
    except RegulationsError as error:
        raise SettingsError(error.key, regulation_messages.problem_text(error, text)) from None


# --- applying new regulations -----------------------------------------------------------


@dataclasses.dataclass(slots=True)
class Applied:
    """What :func:`apply_regulations` changed, for the page's message."""

    event_fields: list[str]
    sections: list[str]
    played: list[str]
    text_changed: bool = False
    """The regulations changed (a schedule, a prize: maybe nothing the rows hold)."""


@transaction.atomic
def apply_regulations(
    event: models.Event,
    text: str,
    actor: Actor,
    *,
    slug: str | None = None,
    confirm_played: bool = False,
    token: str | None = None,
) -> Applied:
    """Make ``text`` the event's regulations and bring the event and its sections in line
    (organisers only). ``slug``: a new short name. Refused when it would remove a section
    that has players or rounds, cut a section's rounds below those paired, change the game
    after pairing, or — unless ``confirm_played`` — alter played rounds. A section in FIDE
    mode asks more: a change of its played rounds (the tie-break list above all) is a
    level-4 warning (``token``: its two confirmations, ``events.rule_warnings``), and a
    tie-break list changed after the start is written as a ``###`` line of its TRF file."""
    require_organiser(actor, event)
    event = models.Event.objects.select_for_update().get(pk=event.pk)
    regulations = read(text)
    before = rules.event_regulations(event)
    if regulations.time_zone and not event_time.is_known_zone(regulations.time_zone):
        raise SettingsError(
            "event.time_zone", _("Unknown time zone: %(zone)s.") % {"zone": regulations.time_zone}
        )
    sections = list(event.sections.all())
    current_rounds = {rules.rules_key(s): s.total_rounds for s in sections}
    spec = rules.event_spec_from_regulations(regulations, text)
    for index, section_spec in enumerate(spec.sections):
        if regulations.sections[index].rounds is None and section_spec.key in current_rounds:
            section_spec.total_rounds = current_rounds[section_spec.key]
    paired = {s.pk for s in sections if s.rounds.exists() or s.team_rounds.exists()}
    old_event = _event_values(event)
    new_event = {
        **old_event,
        "name": spec.name,
        "game": spec.game,
        "calendar": spec.calendar,
        "start_date": spec.start_date.isoformat() if spec.start_date else None,
        "end_date": spec.end_date.isoformat() if spec.end_date else None,
        "venue": spec.venue,
        "time_zone": spec.time_zone or event.time_zone,
    }
    if slug is not None and slug != event.slug:
        problem = slugs.check_slug(slug, event)
        if problem is not None:
            raise SettingsError("slug", problem)
        new_event["slug"] = slug
    if new_event["game"] != old_event["game"] and paired:
        raise SettingsError("event.game", _("The game cannot change once a round is paired."))
    played: list[str] = []
    fide_warnings: list[rule_warnings.RuleWarning] = []
    plans: list[tuple[models.Section | None, rules.SectionSpec]] = []
    by_rules_key: dict[str, list[models.Section]] = {}
    for section in sections:
        by_rules_key.setdefault(rules.rules_key(section), []).append(section)
    for index, section_spec in enumerate(spec.sections):
        rows = by_rules_key.pop(section_spec.key, [])
        if not rows:
            plans.append((None, section_spec))
            continue
        for row in rows:
            paired_rounds = max(
                row.rounds.count(), row.team_rounds.count() if row.pk in paired else 0
            )
            if section_spec.total_rounds < paired_rounds:
                raise SettingsError(
                    f"sections[{index}].rounds",
                    _("%(section)s has %(paired)d rounds paired: it cannot have fewer.")
                    % {"section": row.name, "paired": paired_rounds},
                )
            if row.pk in paired:
                played += _played_changes(row, section_spec)
                played += _played_schedule(row, before, regulations, paired_rounds)
                if row.fide_mode:
                    fide_warnings += _fide_warnings(row, section_spec)
            plans.append((row, section_spec))
    for leftover in by_rules_key.values():
        for kept in leftover:
            if kept.entries.exists() or kept.pk in paired:
                raise SettingsError(
                    "sections",
                    _(
                        "%(section)s has players or rounds: it cannot be removed from the "
                        "regulations."
                    )
                    % {"section": kept.name},
                )
    if fide_warnings:
        fide_section = next(row for row, _spec in plans if row is not None and row.fide_mode)
        digest = hashlib.sha256(text.encode()).hexdigest()
        rule_warnings.require(
            fide_section, actor, f"settings:{event.pk}:{digest}", fide_warnings, token
        )
        confirm_played = True
    if played and not confirm_played:
        raise NeedsConfirmation(played)
    _note_tiebreak_changes(plans, paired)
    changed_sections: list[str] = []
    for removed in (r for rows in by_rules_key.values() for r in rows):
        removed.delete()
        changed_sections.append(removed.key)
    position = 1 + max((s.position for s in sections), default=0)
    for planned, section_spec in plans:
        if planned is None:
            create_section(event, section_spec, position)
            position += 1
            changed_sections.append(section_spec.key)
        elif _update_section(planned, section_spec):
            changed_sections.append(planned.key)
    for name, value in new_event.items():
        if name == "slug":
            slugs.rename(event, str(value))
        else:
            setattr(event, name, _stored(name, value))
    text_changed = event.regulations_text != text
    event.regulations_text = text
    event.save()
    _follow_schedule(event, [row for row, _spec in plans if row is not None], before, regulations)
    fields = [name for name in new_event if new_event[name] != old_event[name]]
    if fields or changed_sections or text_changed:
        audit.record(
            event,
            actor,
            "event.settings",
            event.name,
            {name: old_event[name] for name in fields},
            {
                **{name: new_event[name] for name in fields},
                **({"sections": changed_sections} if changed_sections else {}),
                **({"confirmed_played_rounds": played} if played else {}),
            },
        )
    if text_changed:  # the new regulations may give a share to entries that owed nothing
        complete_unit_shares(event)
    return Applied(fields, changed_sections, played, text_changed)


def _event_values(event: models.Event) -> dict[str, Any]:
    return {
        "slug": event.slug,
        "name": event.name,
        "game": event.game,
        "calendar": event.calendar,
        "start_date": event.start_date.isoformat() if event.start_date else None,
        "end_date": event.end_date.isoformat() if event.end_date else None,
        "venue": event.venue,
        "time_zone": event.time_zone,
    }


def _stored(name: str, value: Any) -> Any:
    if name in ("start_date", "end_date"):
        return datetime.date.fromisoformat(value) if value else None
    return value


def _section_values(spec: rules.SectionSpec) -> dict[str, Any]:
    return {
        "name": spec.name,
        "total_rounds": spec.total_rounds,
        "system_code": spec.system_code,
        "scoring": bridge.scoring_to_json(spec.scoring),
        "tiebreaks": list(spec.tiebreaks),
        "forfeits_to_withdraw": spec.forfeits_to_withdraw,
        "entry_fee": spec.entry_fee,
        "max_entries": spec.max_entries,
    }


_GROUP_KEYS = ("rules_key", "group_sex", "drawn_initial_colour", "pairing_numbers_by")
"""Settings the rows hold beyond the regulations (kept when the rules change): a playing
group's origin, round 1's colour as drawn by lot, how the pairing numbers were given."""


def _played_changes(row: models.Section, spec: rules.SectionSpec) -> list[str]:
    new = _section_values(spec)
    names = {
        "scoring": _("scoring"),
        "tiebreaks": _("tie-breaks"),
        "system_code": _("pairing system"),
        "forfeits_to_withdraw": _("forfeits before withdrawal"),
    }
    return [
        _("%(section)s: %(what)s %(old)s → %(new)s")
        % {
            "section": row.name,
            "what": names[field],
            "old": _shown(getattr(row, field)),
            "new": _shown(new[field]),
        }
        for field in PLAYED_FIELDS
        if getattr(row, field) != new[field]
    ]


def _slots(regulations: Regulations | None, key: str) -> dict[int, RoundSlot]:
    if regulations is None:
        return {}
    try:
        return {slot.round_number: slot for slot in regulations.section(key).schedule}
    except KeyError:
        return {}


def _played_schedule(
    row: models.Section, before: Regulations | None, after: Regulations, paired_rounds: int
) -> list[str]:
    """The paired rounds whose day or start the new schedule moves (a played round's date
    is part of its record: moving it needs the confirmation)."""
    old, new = _slots(before, rules.rules_key(row)), _slots(after, rules.rules_key(row))
    moved = []
    for number in range(1, paired_rounds + 1):
        was, now = old.get(number), new.get(number)
        if _when(was) != _when(now):
            moved.append(
                _("%(section)s: round %(round)d %(old)s → %(new)s")
                % {
                    "section": row.name,
                    "round": number,
                    "old": _slot_text(was),
                    "new": _slot_text(now),
                }
            )
    return moved


def _when(slot: RoundSlot | None) -> tuple[datetime.date | None, datetime.time | None]:
    return (None, None) if slot is None else (slot.date, slot.start)


def _slot_text(slot: RoundSlot | None) -> str:
    if slot is None or slot.date is None:
        return "—"
    return f"{slot.date.isoformat()} {slot.start:%H:%M}" if slot.start else slot.date.isoformat()


def _follow_schedule(
    event: models.Event,
    rows: list[models.Section],
    before: Regulations | None,
    after: Regulations,
) -> None:
    """Paired rounds that start when the old schedule said start when the new one says (a
    start the arbiter moved stays where the arbiter put it)."""
    for row in rows:
        old, new = _slots(before, rules.rules_key(row)), _slots(after, rules.rules_key(row))
        for rounds in (row.rounds, row.team_rounds):
            for number, starts_at in rounds.values_list("number", "starts_at"):
                was, now = old.get(number), new.get(number)
                if was is None or was.date is None or was.start is None:
                    continue
                if starts_at != event_time.at_venue(event, was.date, was.start):
                    continue
                moved = (
                    event_time.at_venue(event, now.date, now.start)
                    if now is not None and now.date is not None and now.start is not None
                    else None
                )
                if moved != starts_at:
                    rounds.filter(number=number).update(starts_at=moved)


def _fide_warnings(row: models.Section, spec: rules.SectionSpec) -> list[rule_warnings.RuleWarning]:
    """The level-4 warnings of changing a FIDE-mode section's played rounds."""
    new = _section_values(spec)
    found = []
    if row.tiebreaks != new["tiebreaks"]:
        found.append(
            rule_warnings.RuleWarning(
                "tiebreaks.after_start",
                {
                    "section": row.name,
                    "old": _shown(row.tiebreaks),
                    "new": _shown(new["tiebreaks"]),
                },
            )
        )
    for change in _played_changes(row, spec):
        if _("tie-breaks") not in change:
            found.append(rule_warnings.RuleWarning("settings.after_start", {"change": change}))
    if row.total_rounds != spec.total_rounds:
        found.append(
            rule_warnings.RuleWarning(
                "settings.after_start",
                {
                    "change": _("%(section)s: rounds %(old)d → %(new)d")
                    % {"section": row.name, "old": row.total_rounds, "new": spec.total_rounds}
                },
            )
        )
    return found


def _note_tiebreak_changes(
    plans: list[tuple[models.Section | None, rules.SectionSpec]], paired: set[int]
) -> None:
    """A ``###`` line in the TRF file of each paired section whose tie-break list or number
    of rounds changes: the round, the value before and after."""
    from crosstable_web.events.rounds import fide_mode

    for row, spec in plans:
        if row is None or row.pk not in paired:
            continue
        rounds = fide_mode.paired_rounds(row)
        if row.tiebreaks != list(spec.tiebreaks):
            fide_mode.add_note(
                row,
                rounds,
                "tiebreaks",
                f"Tie-breaks changed @ Round {rounds}: {','.join(row.tiebreaks) or 'none'} -> "
                f"{','.join(spec.tiebreaks) or 'none'}",
                {"old": list(row.tiebreaks), "new": list(spec.tiebreaks)},
            )
        if row.total_rounds != spec.total_rounds:
            fide_mode.add_note(
                row,
                rounds,
                "configuration",
                f"Configuration @ Round {rounds}: rounds {row.total_rounds} -> {spec.total_rounds}",
                {"old": row.total_rounds, "new": spec.total_rounds},
            )


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value) or "—"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return "—" if value is None else str(value)


def _update_section(row: models.Section, spec: rules.SectionSpec) -> bool:
    values = _section_values(spec)
    kept = {key: row.settings[key] for key in _GROUP_KEYS if key in row.settings}
    settings = {**spec.settings, **kept}
    changed = False
    for name, value in values.items():
        if name == "name" and "rules_key" in kept:
            continue  # a playing group keeps its own name (A-F-2)
        if getattr(row, name) != value:
            setattr(row, name, value)
            changed = True
    if row.settings != settings:
        row.settings = settings
        changed = True
    if changed:
        row.save()
    return changed


# --- editing the file ---------------------------------------------------------------------


@dataclasses.dataclass(slots=True)
class SectionEdit:
    key: str
    name: str
    rounds: int | None
    system: str
    tiebreaks: list[str]
    boards: int | None = None
    """A new team section's boards (its match points are then C.04.6's 2/1/0)."""


@dataclasses.dataclass(slots=True)
class EventEdit:
    """The structured form's values (dates as Gregorian dates)."""

    name: str
    time_zone: str
    calendar: str
    start_date: datetime.date | None
    end_date: datetime.date | None
    venue: str


def edited_text(text: str, edit: EventEdit) -> str:
    """``text`` with the structured form's values written in (comments and layout kept).
    Changing the calendar rewrites every date of the file in the new one."""
    document = tomlkit.parse(text)
    old_calendar = Calendar(str(document.get("event", {}).get("calendar", "gregorian")))
    new_calendar = Calendar(edit.calendar)
    if new_calendar is not old_calendar:
        _convert_dates(document, old_calendar, new_calendar)
    event = document.setdefault("event", tomlkit.table())
    _set(event, "name", edit.name)
    _set(event, "time_zone", edit.time_zone)
    if new_calendar is not Calendar.GREGORIAN or "calendar" in event:
        _set(event, "calendar", new_calendar.value)
    for name in ("start_date", "end_date"):
        day = getattr(edit, name)
        _set(event, name, date_text(day, new_calendar) if day else None)
    _set(event, "venue", edit.venue or None)
    return tomlkit.dumps(document)


def _set(table: Any, key: str, value: Any) -> None:
    if value is None or value == "":
        if key in table:
            del table[key]
    elif table.get(key) != value:
        table[key] = value


def date_text(day: datetime.date, calendar: Calendar) -> str:
    if calendar is Calendar.JALALI:
        year, month, date = gregorian_to_jalali(day)
        return f"{year:04d}-{month:02d}-{date:02d}"
    return day.isoformat()


_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?=$| )")


def _convert_dates(node: Any, old: Calendar, new: Calendar) -> None:
    """Rewrite every date written as a string (``"1398-08-24"``, ``"1398-08-15 11:00"``) and
    every TOML date from ``old`` to ``new``."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in list(items):
        if isinstance(value, dict | list):
            _convert_dates(value, old, new)
        elif isinstance(value, str) and _DATE.match(value):
            day = parse_date(value[:10], old)
            node[key] = date_text(day, new) + value[10:]
        elif isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
            node[key] = date_text(value, new) if new is Calendar.JALALI else value
        elif isinstance(value, datetime.datetime) and new is Calendar.JALALI:
            node[key] = f"{date_text(value.date(), new)} {value:%H:%M}"


def blank_regulations(
    name: str,
    game: str,
    language: str,
    time_zone: str,
    calendar: str,
    start_date: datetime.date | None,
    end_date: datetime.date | None,
    venue: str,
    section: SectionEdit,
) -> str:
    """A new regulations file from the "new event" form: the event and one section."""
    document = tomlkit.document()
    document.add(tomlkit.comment(" Regulations written by the new-event form; edit them freely."))
    event = tomlkit.table()
    event["name"] = name
    event["game"] = game
    event["language"] = language
    event["calendar"] = calendar
    event["time_zone"] = time_zone
    for key, day in (("start_date", start_date), ("end_date", end_date)):
        if day is not None:
            event[key] = date_text(day, Calendar(calendar))
    if venue:
        event["venue"] = venue
    document["event"] = event
    table = tomlkit.table()
    table["key"] = section.key
    table["name"] = section.name
    if section.rounds is not None:
        table["rounds"] = section.rounds
    table["tiebreaks"] = list(section.tiebreaks)
    table["pairing"] = {"system": section.system}
    if section.boards is not None:
        table["team"] = {"boards": section.boards, "match_points": {"win": 2, "draw": 1, "loss": 0}}
    sections = tomlkit.aot()
    sections.append(table)
    document["sections"] = sections
    return tomlkit.dumps(document)


_TOML_SCORING = {"pairing_bye": "bye", "draw_white": "draw_first", "draw_black": "draw_second"}


def regulations_of_rows(event: models.Event) -> str:
    """A regulations file for an event made without one (by code or an old import): what its
    rows say — name, calendar, time zone, and each section's rounds, pairing system,
    tie-breaks and scoring — so the settings pages can edit it like any other."""
    document = tomlkit.document()
    document.add(tomlkit.comment(" Regulations written from the event's settings."))
    table = tomlkit.table()
    table["name"] = event.name
    table["game"] = event.game
    table["calendar"] = event.calendar
    table["time_zone"] = event.time_zone
    calendar = Calendar(event.calendar)
    if event.start_date:
        table["start_date"] = date_text(event.start_date, calendar)
    if event.end_date:
        table["end_date"] = date_text(event.end_date, calendar)
    if event.venue:
        table["venue"] = event.venue
    document["event"] = table
    sections = tomlkit.aot()
    for section in event.sections.filter(settings__rules_key__isnull=True):
        row = tomlkit.table()
        row["key"] = section.key
        row["name"] = section.name
        row["rounds"] = section.total_rounds
        row["tiebreaks"] = list(section.tiebreaks)
        if section.forfeits_to_withdraw is not None:
            row["forfeits_to_withdraw"] = section.forfeits_to_withdraw
        row["scoring"] = {
            _TOML_SCORING.get(name, name): str(value) for name, value in section.scoring.items()
        }
        row["pairing"] = {"system": section.system_code}
        sections.append(row)
    document["sections"] = sections
    return tomlkit.dumps(document)


def current_text(event: models.Event) -> str:
    """The event's regulations as a file: its own text, or one written from its rows."""
    return event.regulations_text or regulations_of_rows(event)
