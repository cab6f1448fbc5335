"""Template filters of the public pages, printouts and back office: ``digits`` (Persian digits
in Persian), ``number`` (the same, isolated left to right for scores like ``2½``),
``localdate`` (Jalali dates in Persian), ``localdatetime`` (the same with the time of day, in
the site's time zone), ``colour`` (White/Black or Red/Black), ``sex_name``, ``bye_name`` and
``unit_kind_name`` (stored codes in words, ``common.localisation``), ``zone_name`` (a time zone as
the time zone database names it, marked as no words of the page), ``isolated`` (a name set apart
in its own direction)."""

from __future__ import annotations

import datetime
import zoneinfo
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from crosstable_web.common import localisation
from crosstable_web.common.notation import Notation

register = template.Library()


@register.filter
def digits(value: Any) -> str:
    return localisation.digits(value)


@register.filter
def number(value: Any) -> SafeString | str:
    """A score or number in the language's digits, isolated left to right (``<bdi>``): on a
    right-to-left page ``۲½`` would otherwise show as ``½۲``, the ½ taking the page's
    direction. Empty for an empty value."""
    text = localisation.digits(value)
    return format_html('<bdi dir="ltr">{}</bdi>', text) if text else ""


@register.filter
def word_list(items: Any) -> str:
    """Words as a list in the reader's language (``localisation.word_list``): a prize's
    items as 奖杯、证书 in Chinese, not 奖杯, 证书."""
    return localisation.word_list(str(item) for item in items or ())


@register.filter
def named_prizes(awards: Any) -> bool:
    """Whether a prize table has a prize with a name of its own ("best woman") beside its
    place prizes: then a place prize's cell says "Place" rather than being left blank (a
    table of place prizes alone gives the place both cells)."""
    return any(award.get("prize") for award in awards or ())


@register.filter
def localdate(value: datetime.date | None) -> str:
    return localisation.format_date(value)


@register.filter
def localdatetime(value: datetime.datetime | None) -> str:
    return localisation.format_datetime(value)


@register.filter
def time_ago(value: datetime.datetime | None) -> str:
    """How long ago a moment was, in the reader's words (``localisation.time_ago``)."""
    return localisation.time_ago(value)


@register.filter
def sex_name(code: str) -> str:
    """``M``/``F`` in words (男/女, lelaki/perempuan, مرد/زن)."""
    return localisation.sex_word(code or "")


@register.filter
def bye_name(code: str) -> str:
    """A bye's code (``H``, ``F``, ``Z``, ``U``) in words."""
    return localisation.bye_word(code or "")


@register.filter
def unit_kind_name(kind: str) -> str:
    """A unit kind of the regulations (``school``, ``county``) in words."""
    return localisation.unit_kind_word(kind or "")


@register.filter
def at_event(value: datetime.datetime | None, event: Any) -> str:
    """An aware moment as the clock and calendar of ``event``'s venue show it (its time zone,
    Jalali dates for a Jalali event), whatever zone the page is in."""
    if value is None:
        return ""
    local = value.astimezone(_venue_zone(event))
    time_of_day = localisation.digits(local.strftime("%H:%M"))
    return f"{localisation.format_date(local.date(), calendar=event.calendar)} {time_of_day}"


@register.filter
def event_date(value: datetime.date | None, event: Any) -> str:
    """A day in the reader's language and ``event``'s calendar."""
    return localisation.format_date(value, calendar=event.calendar)


@register.filter
def isolated(value: Any) -> SafeString | str:
    """A name (a player's, a team's, a school's, an arbiter's) set apart in its own direction
    (``<bdi>``), for names inside a line of other words: a Persian name on a Chinese or Malay
    sheet put the pairing number after it, ``(1)``, before it, and ran into the school beside
    it; a Latin name on a Persian sheet likewise. Empty for an empty value."""
    return format_html("<bdi>{}</bdi>", value) if value not in (None, "") else ""


@register.filter
def zone_name(zone: str) -> SafeString:
    """A time zone by its name in the reader's language (``localisation.zone_label``), kept
    apart from the text around it."""
    return format_html("<bdi>{}</bdi>", localisation.zone_label(zone))


@register.filter
def event_stamp(value: datetime.datetime | None, event: Any) -> str:
    """A moment to the second as the reader writes a day and a time at ``event``'s venue,
    without the weekday (``۱۶ آذر ۱۳۹۸ ۱۷:۳۵:۰۹``, ``2019年12月7日 17:35:09``, the Jalali day
    first with the Gregorian one in brackets for a Jalali event read in another language):
    the audit log's time column (issue 26.11: it showed ``۱۳۹۸-۰۹-۱۶``, an ISO stamp)."""
    if value is None:
        return ""
    local = value.astimezone(_venue_zone(event))
    day = localisation.format_date(local.date(), calendar=event.calendar, weekday=False)
    return f"{day} {localisation.digits(local.strftime('%H:%M:%S'))}"


@register.filter
def person(user: Any) -> str:
    """An account as the pages greet and name a person: the name others should see (the
    account's full name), else its user name (issue 26.11: the header showed "mei" for
    王美)."""
    return localisation.person_name(user)


@register.filter
def colour(value: str, xiangqi: bool = False) -> str:
    """The name of a colour letter ``w``/``b`` (Red/Black in xiangqi)."""
    return Notation(xiangqi=xiangqi).colour_name(value)


def _venue_zone(event: Any) -> zoneinfo.ZoneInfo:
    # the event's zone by its name alone (ZoneInfo keeps one instance per name), as
    # ``events.event_time.zone`` reads it: this library loads in every app's templates
    return zoneinfo.ZoneInfo(event.time_zone)
