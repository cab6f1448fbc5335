"""What every events page starts from: the page's event, section or round (its times shown in
the event's time zone), the limits of a number typed in, and the confirmation step."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from crosstable_web.events import models
from crosstable_web.events.regulations import event_time

MAX_TYPED_NUMBER = 99_999
"""The largest board, table or round number a keyboard box or a query reads."""
MAX_FOULS = 99


def find_event(slug: str) -> models.Event:
    """The event of a page; the page's times are shown in its time zone."""
    event = get_object_or_404(models.Event, slug=slug)
    event_time.activate(event)
    return event


def find_section(slug: str, key: str) -> models.Section:
    section = get_object_or_404(
        models.Section.objects.select_related("event"), event__slug=slug, key=key
    )
    event_time.activate(section.event)
    return section


def find_round(slug: str, key: str, number: int) -> models.Round:
    round_row = get_object_or_404(
        models.Round.objects.select_related("section__event"),
        section__event__slug=slug,
        section__key=key,
        number=number,
    )
    event_time.activate(round_row.section.event)
    return round_row


def confirm(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    """The confirmation step of an action that cannot be taken back in one click: the same
    POST again with ``confirm=yes`` does it; nothing is changed before."""
    return render(request, "events/confirm.html", context)
