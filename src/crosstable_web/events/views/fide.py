"""Pages of FIDE mode (``events.fide_mode``): the section's FIDE mode page (what it means,
leaving it, the ``###`` lines of its file)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from crosstable_web.events import forms, lots
from crosstable_web.events.files import trf_import
from crosstable_web.events.oversight import permissions
from crosstable_web.events.ranking import standings
from crosstable_web.events.rounds import fide_mode, rule_warnings
from crosstable_web.events.services import ServiceError
from crosstable_web.events.views.page import find_section

MAX_TRF_BYTES = 20_000_000
"""The largest TRF file taken (9,999 players of 99 rounds fit in 11 MB)."""


@login_required
def fide_mode_page(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """GET: the section's FIDE mode; POST ``action=leave`` (two confirmations) or
    ``action=enter`` (before round 1)."""
    section = find_section(slug, key)
    permissions.require_staff(request.user, section.event)
    here = reverse("events:fide_mode", args=[slug, key])
    if request.method == "POST":
        if request.POST.get("action") == "leave":
            outcome = rule_warnings.attempt(
                request,
                lambda token: fide_mode.leave(section, request.user, token),
                section=section,
                cancel=here,
                title=_("Leave FIDE mode"),
            )
            if outcome.page is not None:
                return outcome.page
            if outcome.value is not None:
                messages.warning(
                    request, _("%(section)s has left FIDE mode.") % {"section": section.name}
                )
        elif request.POST.get("action") == "enter":
            try:
                fide_mode.enter(section, request.user)
                messages.success(
                    request, _("%(section)s is in FIDE mode.") % {"section": section.name}
                )
            except (ServiceError, PermissionDenied) as error:
                messages.error(request, str(error))
        return redirect(here)
    section.refresh_from_db()
    return render(
        request,
        "events/fide_mode.html",
        {
            "event": section.event,
            "section": section,
            "can_arbitrate": permissions.can_arbitrate(request.user, section.event),
            "paired": fide_mode.paired_rounds(section),
            "comments": fide_mode.trf_comments(section),
        },
    )


def lots_page(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The section's drawing of lots: the seed, round 1's colour and the order drawn among
    the players still tied after the tie-break list (a simulation where the regulations
    share ties). Drawn again (the button reloads), the same lots."""
    section = find_section(slug, key)
    return render(
        request,
        "events/lots.html",
        {
            "event": section.event,
            "section": section,
            "seed": lots.seed_of(section),
            "initial_colour": lots.initial_colour(section),
            "draws_colour": lots.draws_initial_colour(section),
            "ties": standings.tie_lots(section),
            "drawn": request.GET.get("again") is not None,
        },
    )


@login_required
def event_from_trf(request: HttpRequest) -> HttpResponse:
    """A new event from a TRF file: its players and rounds, the section in FIDE mode."""
    permissions.require_event_creator(request.user)
    form = forms.TrfEventForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["trf"]
        zone = str(form.cleaned_data.get("time_zone") or "")
        if not zone:
            form.add_error("time_zone", _("A TRF file names no time zone: choose one."))
        elif upload.size is not None and upload.size > MAX_TRF_BYTES:
            form.add_error("trf", _("The file is larger than %(limit)d MB.") % {"limit": 20})
        else:
            try:
                imported = trf_import.create_event_from_trf(
                    upload.read(),
                    upload.name or "upload.trf",
                    request.user,
                    time_zone=zone,
                    slug=form.cleaned_data.get("slug") or None,
                )
            except ServiceError as error:
                form.add_error("trf", str(error))
            else:
                messages.success(request, _("Event created from the TRF file, in FIDE mode."))
                if imported.notice:
                    messages.warning(request, imported.notice)
                section = imported.event.sections.get()
                return redirect("events:section_detail", slug=imported.event.slug, key=section.key)
    return render(request, "events/event_from_trf.html", {"form": form})
