"""An event's clock: its time zone (IANA) and the moments its regulations name.

A zone is stored by its IANA name (``Asia/Tehran``) and shown by the name the Unicode CLDR
gives it in the reader's language (``common.localisation.zone_label``: 伊朗时间, وقت ایران,
Waktu Iran).

Every moment is stored aware (UTC in the database); the regulations' wall-clock times (the
schedule's round starts, the registration deadline) are times at the venue, in the event's
``time_zone``, and become aware moments here. Pages show moments in the event's zone: the
views that load an event call :func:`activate` (``TimeZoneMiddleware`` resets the zone after
each request), so Django's ``localtime`` and the ``localdatetime`` filter use it. Deadlines
are compared as aware moments, so the machine's own zone never matters.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
import zoneinfo
from collections.abc import Callable
from functools import lru_cache

import babel.core
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from crosstable.regulations.registration import closing_moment
from crosstable.typed.calendars import Calendar, gregorian_to_jalali
from crosstable.typed.dates import SCHEDULE_DATES, read_date
from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable.typed.errors import TypedValueError
from crosstable_web.common import localisation
from crosstable_web.events import models
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_arbiter
from crosstable_web.events.regulations import rules


@lru_cache(maxsize=64)
def zone_named(name: str) -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(name)


def is_known_zone(name: str) -> bool:
    try:
        zone_named(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


def common_zones() -> list[str]:
    """The IANA zone names a time-zone box offers (areas and cities, no legacy aliases): a
    name the Unicode CLDR keeps only as another zone's alias (Asia/Chongqing and Asia/Harbin
    are Asia/Shanghai) is left out, so no name is offered twice (issue 26.12: 中国（上海）时间
    four times)."""
    legacy = _LEGACY_PREFIXES
    aliases = babel.core.get_global("zone_aliases")
    names = (name for name in zoneinfo.available_timezones() if "/" in name)
    return [
        *sorted(name for name in names if not name.startswith(legacy) and name not in aliases),
        "UTC",
    ]


_LEGACY_PREFIXES = ("Etc/", "SystemV/", "US/", "posix/", "right/")

CITY_WORDS = {"Chongqing": "重庆", "Chungking": "重庆", "Harbin": "哈尔滨", "Kashgar": "喀什"}
"""Chinese names of the cities whose IANA zones the CLDR keeps only as aliases of a Chinese
zone (Asia/Chongqing and Asia/Harbin are Asia/Shanghai, Asia/Kashgar is Asia/Urumqi): the
CLDR has no name of its own for them, and an organiser in 重庆 types 重庆."""


@lru_cache(maxsize=1)
def zone_cities() -> dict[str, tuple[str, ...]]:
    """Each zone the box offers → the cities by which it is also found (issue 26.12): its
    own (``Asia/Kuala_Lumpur`` → Kuala Lumpur) and those of the names the box leaves out as
    its aliases (``Asia/Shanghai`` → Chongqing, 重庆, Harbin, 哈尔滨 …)."""
    aliases = babel.core.get_global("zone_aliases")
    cities: dict[str, list[str]] = {}
    for name in zoneinfo.available_timezones():
        if "/" not in name or name.startswith(_LEGACY_PREFIXES):
            continue
        city = name.rsplit("/", 1)[1].replace("_", " ")
        words = cities.setdefault(aliases.get(name, name), [])
        for word in (city, CITY_WORDS.get(city, "")):
            if word and word not in words:
                words.append(word)
    return {name: tuple(words) for name, words in cities.items()}


def zone(event: models.Event) -> zoneinfo.ZoneInfo:
    return zone_named(event.time_zone)


def activate(event: models.Event) -> None:
    """Show this request's moments in ``event``'s time zone."""
    timezone.activate(zone(event))


def at_venue(
    event: models.Event, day: datetime.date, time_of_day: datetime.time
) -> datetime.datetime:
    """The aware moment of a wall-clock time at the venue."""
    return datetime.datetime.combine(day, time_of_day, tzinfo=zone(event))


def from_wall_clock(event: models.Event, moment: datetime.datetime) -> datetime.datetime:
    """A naive moment of the regulations (a wall-clock time at the venue), made aware."""
    if timezone.is_aware(moment):
        return moment
    return moment.replace(tzinfo=zone(event))


def at_event(event: models.Event, moment: datetime.datetime) -> datetime.datetime:
    """An aware moment as the clock at the venue shows it."""
    return moment.astimezone(zone(event))


def scheduled_start(section: models.Section, number: int) -> datetime.datetime | None:
    """When round ``number`` of ``section`` starts by the regulations' schedule (None: the
    schedule gives no date and time for it)."""
    section_rules = rules.section_rules(section)
    if section_rules is None:
        return None
    slot = next((slot for slot in section_rules.schedule if slot.round_number == number), None)
    if slot is None or slot.date is None or slot.start is None:
        return None
    return at_venue(section.event, slot.date, slot.start)


def registration_deadline(event: models.Event) -> datetime.datetime | None:
    """The regulations' registration deadline at the venue (None: none named)."""
    regulations = rules.event_regulations(event)
    if regulations is None or regulations.deadlines.registration is None:
        return None
    return from_wall_clock(event, regulations.deadlines.registration)


@dataclasses.dataclass(frozen=True, slots=True)
class RegistrationState:
    """Whether registration is open, said the same on every page (the event list, the
    event's page, the public registration form; issue 26.2)."""

    is_open: bool
    message: str
    """Why it is closed, or until when it is open ("" when it closes only by hand)."""
    closes: datetime.datetime | None = None
    online: bool = True
    """Whether the regulations take registrations online (a ``[registration]`` table)."""

    @property
    def word(self) -> str:
        """The event list's column: open, closed, not open yet, or open to the organisers'
        entries only."""
        if self.is_open:
            return _("open") if self.online else _("open: entries by the organisers")
        return _("closed")


def registration_state(
    event: models.Event, now: datetime.datetime | None = None
) -> RegistrationState:
    """Whether the event takes registrations at ``now``: the organisers' switch (closing
    registration is the list being in), then the opening and closing moments at the venue
    the regulations give (the ``[registration]`` table's, else the registration deadline).
    The public form reads the same (``registrations.services.opening.form_state``), so no page says
    open while another says closed."""
    now = now or timezone.now()
    regulations = rules.event_regulations(event)
    table = regulations.registration if regulations is not None else None
    online = table is not None
    if not event.registration_open:
        return RegistrationState(False, _("Registration is closed for this event."), None, online)
    if table is not None and table.opens is not None:
        opens = from_wall_clock(event, table.opens)
        if now < opens:
            return RegistrationState(
                False,
                _("Registration opens on %(moment)s (at the venue).")
                % {"moment": moment_words(event, opens)},
                None,
                online,
            )
    closing = closing_moment(regulations) if regulations is not None else None
    closes = from_wall_clock(event, closing) if closing is not None else None
    if closes is not None and now >= closes:
        return RegistrationState(
            False,
            _("Registration closed on %(moment)s (at the venue).")
            % {"moment": moment_words(event, closes)},
            closes,
            online,
        )
    if closes is None:
        message = "" if online else _("Registration open: the organisers enter the players.")
    else:
        message = _("Registration closes on %(moment)s (at the venue).") % {
            "moment": moment_words(event, closes)
        }
    return RegistrationState(True, message, closes, online)


def moment_words(event: models.Event, moment: datetime.datetime) -> str:
    """A deadline as a reader reads it: the long date in the event's calendar and the time at
    the venue (``1405年9月20日 … 11:00``, a Jalali date in words on a Persian page); a
    midnight deadline is the end of the day before, ``24:00`` as the regulations write it."""
    local = at_event(event, moment)
    day, clock = local.date(), f"{local:%H:%M}"
    if local.time() == datetime.time(0, 0):
        day, clock = day - datetime.timedelta(days=1), "24:00"
    return f"{localisation.format_date(day, calendar=event.calendar)} {clock}"


def deadline_after_event_warning(event: models.Event) -> str:
    """A warning when the regulations' registration deadline (or the online form's closing)
    falls after the event's last day — most likely a typing mistake in the date ("" if
    not)."""
    regulations = rules.event_regulations(event)
    last = event.end_date or event.start_date
    closing = closing_moment(regulations) if regulations is not None else None
    if last is None or closing is None:
        return ""
    closes = from_wall_clock(event, closing)
    end_of_last_day = at_venue(event, last + datetime.timedelta(days=1), datetime.time())
    if closes <= end_of_last_day:
        return ""
    return _(
        "The registration deadline (%(deadline)s) is after the event's last day (%(day)s): "
        "check the date in the regulations."
    ) % {
        "deadline": moment_words(event, closes),
        "day": localisation.format_date(last, calendar=event.calendar),
    }


def last_day(event: models.Event, moment: datetime.datetime | None) -> datetime.date | None:
    """The day a deadline at midnight at the venue closes with: a deadline the regulations
    give as a day (Huayuan 七(三) "至12月20日止") is the end of that day, kept as the midnight
    after it, and is shown as that day ("until the end of 20 December"), not as the next
    day at 00:00. None for a deadline at any other time (or none)."""
    if moment is None:
        return None
    local = at_event(event, moment)
    if local.time() != datetime.time(0, 0):
        return None
    return local.date() - datetime.timedelta(days=1)


def wall_clock_text(event: models.Event, moment: datetime.datetime | None) -> str:
    """``moment`` as typed at the venue in the event's calendar: ``1398-08-24 09:30``."""
    if moment is None:
        return ""
    local = at_event(event, moment)
    year, month, day = local.year, local.month, local.day
    if event.calendar == models.Calendar.JALALI:
        year, month, day = gregorian_to_jalali(local.date())
    return f"{year:04d}-{month:02d}-{day:02d} {local:%H:%M}"


def read_wall_clock(event: models.Event, text: str) -> datetime.datetime | None:
    """A moment typed at the venue (``1398-08-24 09:30``, or the browser's
    ``2019-11-15T09:30``), the date in the event's calendar, any digits; None for empty.
    ``ValueError`` with a sentence for the reader otherwise."""
    cleaned = as_typed_on_a_latin_keyboard(text).strip()
    if not cleaned:
        return None
    explicit = parse_datetime(cleaned)
    if explicit is not None and timezone.is_aware(explicit):
        return explicit  # ISO 8601 with its offset: the moment itself
    cleaned = cleaned.replace("T", " ")
    day_text, _space, time_text = cleaned.partition(" ")
    match = re.fullmatch(r"(\d{1,2}):(\d{2})", time_text.strip())
    try:
        day = read_date(
            day_text,
            Calendar(event.calendar),
            day_first=localisation.reads_day_first(),
            within=SCHEDULE_DATES,
        )
    except TypedValueError:
        day = None
    if day is None or match is None or int(match[1]) > 23 or int(match[2]) > 59:
        raise ValueError(
            _(
                "Write the date and time at the venue as %(format)s (%(calendar)s), "
                "e.g. %(example)s."
            )
            % {
                "format": _("YYYY-MM-DD HH:MM"),
                "calendar": event.get_calendar_display(),
                "example": wall_clock_text(event, timezone.now()),
            }
        )
    return at_venue(event, day, datetime.time(int(match[1]), int(match[2])))


@transaction.atomic
def set_round_start(
    round_row: models.Round, starts_at: datetime.datetime | None, actor: Actor
) -> None:
    """The arbiter moves one round's start (None: no start time); audited old → new."""
    event = round_row.section.event
    require_arbiter(actor, event)
    if starts_at is not None and not timezone.is_aware(starts_at):
        raise ValueError("a round start must be an aware moment")
    old = round_row.starts_at
    round_row.starts_at = starts_at
    round_row.save(update_fields=["starts_at"])
    audit.record(
        event,
        actor,
        "round.start",
        f"{round_row.section.key} round {round_row.number}",
        _iso(event, old),
        _iso(event, starts_at),
    )


def _iso(event: models.Event, moment: datetime.datetime | None) -> str | None:
    """A moment for the audit log: ISO 8601 at the venue, with its offset."""
    return None if moment is None else at_event(event, moment).isoformat(timespec="minutes")


def describe_zone(event: models.Event, at: datetime.datetime | None = None) -> str:
    """``Iran Time (UTC+03:30)``: the zone in the reader's words and its offset now (or at
    ``at``)."""
    moment = at_event(event, at or timezone.now())
    offset = moment.strftime("%z")
    return _("%(zone)s (UTC%(offset)s)") % {
        "zone": localisation.zone_label(event.time_zone),
        "offset": f"{offset[:3]}:{offset[3:]}",
    }


class TimeZoneMiddleware:
    """Each request starts in the server's zone; a view that loads an event switches to the
    event's (``activate``). Reset after the response, so no zone leaks to the next request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
