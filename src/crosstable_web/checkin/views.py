"""The check-in page: a search box, one tap per player, the count of those present.

A tap posts the form of its row; the page's script sends it in the background and updates
the row and the counts (``Accept: application/json``), without the script the page reloads.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from crosstable_web.checkin import services
from crosstable_web.common import localisation
from crosstable_web.events import models
from crosstable_web.events.oversight import permissions
from crosstable_web.events.regulations import event_time
from crosstable_web.events.rounds import acting
from crosstable_web.events.services import ServiceError


def _event(slug: str) -> models.Event:
    event = get_object_or_404(models.Event, slug=slug)
    event_time.activate(event)
    return event


def present_text(present: int, total: int) -> str:
    """ "52 of 60 present", in the page's language."""
    text = ngettext(
        "%(present)d of %(total)d present", "%(present)d of %(total)d present", total
    ) % {"present": present, "total": total}
    return localisation.digits(text)


def rest_absent_text(unchecked: int) -> str:
    """The button that marks the players not checked in absent."""
    return localisation.digits(
        ngettext(
            "Mark the %(count)d player not checked in absent",
            "Mark the %(count)d players not checked in absent",
            unchecked,
        )
        % {"count": unchecked}
    )


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _undo(request: HttpRequest, event: models.Event) -> str:
    """The undo button's words while the last "mark the rest absent" can be taken back
    (some of its players still absent), else ""."""
    ids = request.session.get(UNDO_KEY.format(slug=event.slug), [])
    still = services.still_absent(event, ids) if ids else 0
    return undo_text(still) if still else ""


@login_required
def checkin_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    permissions.require_staff(request.user, event)
    query = request.GET.get("q", "").strip()
    found = services.sheet(event, query)
    if query and _wants_json(request):
        ids = [line.entry.pk for part in found.sections for line in part.lines]
        return JsonResponse({"ids": ids})
    whole = services.sheet(event) if query else found
    parts = [(part, present_text(part.present, len(part.lines))) for part in whole.sections]
    return render(
        request,
        "checkin/checkin.html",
        {
            "event": event,
            "sheet": whole,
            "parts": parts,
            "total": present_text(whole.present, whole.total),
            "rest_absent": rest_absent_text(whole.unchecked),
            "undo": _undo(request, event),
            "query": query,
            "shown": (
                None
                if not query
                else {line.entry.pk for part in found.sections for line in part.lines}
            ),
        },
    )


@login_required
@require_POST
def checkin_mark(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    event = _event(slug)
    entry = get_object_or_404(models.Entry, pk=entry_id, section__event=event)
    status = request.POST.get("status", "")
    error = ""
    try:
        if status not in (services.PRESENT, services.ABSENT):
            permissions.require_staff(request.user, event)
            raise ServiceError(_("Choose present or absent."))
        services.mark(entry, status == services.PRESENT, request.user)
    except ServiceError as refusal:
        error = str(refusal)
    except PermissionDenied as refusal:
        if _wants_json(request):
            return JsonResponse({"error": str(refusal)}, status=403)
        acting.refused(request, refusal)
        return HttpResponseRedirect(reverse("checkin:page", args=[event.slug]))
    if _wants_json(request):
        if error:
            return JsonResponse({"error": error}, status=409)
        whole = services.sheet(event)
        part = next(s for s in whole.sections if s.section.pk == entry.section_id)
        return JsonResponse(
            {
                "entry": entry.pk,
                "status": status,
                "total": present_text(whole.present, whole.total),
                "section": present_text(part.present, len(part.lines)),
                "unchecked": whole.unchecked,
                "rest_absent": rest_absent_text(whole.unchecked),
            }
        )
    if error:
        messages.error(request, error)
    return HttpResponseRedirect(reverse("checkin:page", args=[event.slug]) + f"#entry-{entry.pk}")


UNDO_KEY = "checkin-undo-{slug}"
"""The session key holding the players the last "mark the rest absent" marked (the undo)."""


@login_required
def checkin_rest_absent(request: HttpRequest, slug: str) -> HttpResponse:
    """The players not checked in marked absent, after a confirmation page that names them
    (GET, or a POST without ``confirm``); the check-in page then offers to undo it."""
    event = _event(slug)
    permissions.require_staff(request.user, event)
    page = reverse("checkin:page", args=[event.slug])
    if request.method != "POST" or "confirm" not in request.POST:
        whole = services.sheet(event)
        entries = services.unchecked_in_started_sections(event)
        if not entries:  # refused (nobody checked in), or nobody left to mark
            done = acting.run(request, lambda: services.mark_unchecked_absent(event, request.user))
            if done is not None:
                messages.info(request, _("Every player is checked in."))
            return HttpResponseRedirect(page)
        by_section: dict[str, list[models.Entry]] = {}
        for entry in entries:
            by_section.setdefault(entry.section.name, []).append(entry)
        skipped = [
            part.section.name
            for part in whole.sections
            if not part.finished and part.unchecked and not part.present
        ]
        return render(
            request,
            "checkin/rest_absent.html",
            {
                "event": event,
                "by_section": sorted(by_section.items()),
                "skipped": skipped,
                "button": rest_absent_text(len(entries)),
            },
        )
    done = acting.run(request, lambda: services.mark_unchecked_absent(event, request.user))
    if done is not None:
        request.session[UNDO_KEY.format(slug=event.slug)] = list(done.marked)
        messages.success(
            request,
            localisation.digits(
                ngettext(
                    "%(count)d player not checked in marked absent.",
                    "%(count)d players not checked in marked absent.",
                    len(done.marked),
                )
                % {"count": len(done.marked)}
            ),
        )
        for name in done.skipped:
            messages.info(
                request,
                _("Nobody has checked in yet in %(section)s: its players were left as they are.")
                % {"section": name},
            )
    return HttpResponseRedirect(page)


def undo_text(count: int) -> str:
    """The button that takes back the last "mark the rest absent"."""
    return localisation.digits(
        ngettext(
            "Undo: put the %(count)d player marked absent back to not checked in",
            "Undo: put the %(count)d players marked absent back to not checked in",
            count,
        )
        % {"count": count}
    )


@login_required
@require_POST
def checkin_undo_absent(request: HttpRequest, slug: str) -> HttpResponse:
    """Take back the last "mark the rest absent": its players, if still absent, are back to
    not checked in."""
    event = _event(slug)
    key = UNDO_KEY.format(slug=event.slug)
    ids = [int(pk) for pk in request.session.get(key, [])]
    count = acting.run(request, lambda: services.undo_absent(event, ids, request.user))
    if count is not None:
        request.session.pop(key, None)
        messages.success(
            request,
            localisation.digits(
                ngettext(
                    "%(count)d player put back to not checked in.",
                    "%(count)d players put back to not checked in.",
                    count,
                )
                % {"count": count}
            ),
        )
    return HttpResponseRedirect(reverse("checkin:page", args=[event.slug]))
