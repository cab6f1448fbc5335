"""Public pages of following a player (no account, phone first): the follow form, the
confirmation of an e-mail address, one-click unsubscribe, the service worker that shows
Web Push messages."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET

from crosstable_web import deployment
from crosstable_web.common import localisation, rate_limits
from crosstable_web.events import models
from crosstable_web.events.regulations import event_time, language
from crosstable_web.events.rounds import notation
from crosstable_web.events.services import ServiceError
from crosstable_web.follow import links, services, webpush

SERVICE_WORKER = Path(__file__).resolve().parent / "static" / "follow" / "sw.js"


def _language(request: HttpRequest, event: models.Event) -> None:
    """The public pages' language: the visitor's choice, else the event's."""
    language.activate_visitor_language(request, event)


def _page(
    request: HttpRequest,
    event: models.Event,
    section: models.Section | None,
    template: str,
    **context: object,
) -> HttpResponse:
    response = render(
        request,
        template,
        {
            "event": event,
            "section": section,
            "xiangqi": notation.section_is_xiangqi(section) if section else False,
            "team_section": False,
            "has_teams": False,
            **context,
        },
    )
    response["Cache-Control"] = "no-store"
    return response


def follow(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """GET: the form. POST ``email``: a confirmation mail. POST JSON (the page's script): a
    browser's push subscription."""
    event = get_object_or_404(models.Event, slug=slug)
    section = get_object_or_404(event.sections, key=key)
    if section.is_team_section or section.settings.get("team_event") or section.teams.exists():
        raise Http404  # team rounds are not notified (docs/registration.md)
    entry = get_object_or_404(section.entries, pairing_number=number)
    _language(request, event)
    event_time.activate(event)
    site = request.build_absolute_uri("/")
    done = error = ""
    if request.method == "POST" and request.content_type == "application/json":
        try:
            subscription = json.loads(request.body or b"null")
        except ValueError:
            subscription = None
        try:
            services.follow_by_push(entry, subscription, site)
        except ServiceError as refusal:
            return JsonResponse({"error": str(refusal)}, status=400)
        return JsonResponse(
            {
                "message": _("Notifications on this device are on for %(player)s.")
                % {"player": entry.name}
            }
        )
    if request.method == "POST":
        try:
            wait = rate_limits.use(rate_limits.FOLLOW_PER_ADDRESS, deployment.client_ip(request))
            if wait is not None:
                raise ServiceError(
                    _(
                        "Too many requests were sent from this connection. Nothing was sent; "
                        "try again in %(minutes)s minutes."
                    )
                    % {"minutes": localisation.digits(wait)}
                )
            services.follow_by_email(entry, request.POST.get("email", ""), site)
            done = _(
                "We sent a link to that address: open it to start receiving %(player)s's "
                "pairings and results."
            ) % {"player": entry.name}
        except ServiceError as refusal:
            error = str(refusal)
    return _page(
        request,
        event,
        section,
        "follow/follow.html",
        entry=entry,
        done=done,
        error=error,
        vapid_key=webpush.public_key() if webpush.enabled() else "",
    )


@require_GET
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    follower = links.follower_of(token, "confirm", links.CONFIRM_DAYS)
    if follower is None:
        raise Http404(_("This link is not valid (any more)."))
    event = follower.entry.section.event
    _language(request, event)
    services.confirm(follower)
    return _page(
        request,
        event,
        None,
        "follow/done.html",
        title=_("You follow %(player)s") % {"player": follower.entry.name},
        text=_(
            "Each round's pairing (board, colour, opponent, time) and each result of "
            "%(player)s will be sent to this address. Every message has a link to stop."
        )
        % {"player": follower.entry.name},
        unsubscribe=links.unsubscribe_url(follower),
    )


@csrf_exempt  # one click from a mail reader (RFC 8058): the signed link is the proof
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    follower = links.follower_of(token, "stop")
    if follower is None:
        if request.method == "POST":
            return HttpResponse(status=200)
        translation.activate(settings.LANGUAGE_CODE)
        return HttpResponse(
            _("You no longer follow this player."), content_type="text/plain; charset=utf-8"
        )
    entry = follower.entry
    event = entry.section.event
    _language(request, event)
    services.unsubscribe(follower)
    if request.method == "POST":
        return HttpResponse(status=200)
    return _page(
        request,
        event,
        None,
        "follow/done.html",
        title=_("You no longer follow %(player)s") % {"player": entry.name},
        text=_("Nothing more will be sent; your address is deleted."),
        unsubscribe="",
    )


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The script that shows a Web Push message on the phone (scope: the public pages)."""
    response = HttpResponse(
        SERVICE_WORKER.read_text(encoding="utf-8"), content_type="text/javascript"
    )
    response["Service-Worker-Allowed"] = "/p/"
    return response
