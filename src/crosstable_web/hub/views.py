"""The pages of the link: the hub's receiving address (no session, no CSRF: a publication is
authenticated by its signature) and the event's "public site" page for its organisers — the
slot's key on a hub, the hub's address, key and last outcome at a venue."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from crosstable_web.events.oversight import permissions
from crosstable_web.events.rounds import acting
from crosstable_web.events.views.page import find_event
from crosstable_web.hub import outcomes, receiving, sending, services, signing
from crosstable_web.hub.models import HubSlot, VenueLink


@csrf_exempt
@require_POST
def receive(request: HttpRequest, slug: str) -> JsonResponse:
    """A venue's publication of the event ``slug`` (JSON answer, see ``outcomes``)."""
    try:
        declared: int | None = int(request.META.get("CONTENT_LENGTH") or "")
    except ValueError:
        declared = None
    limit = receiving.max_body_bytes()
    if declared is not None and declared > limit:
        answer = receiving.Answer("too_large", {"size": declared, "limit": limit})
    else:
        # read the stream itself: request.body stops at DATA_UPLOAD_MAX_MEMORY_SIZE
        body = request.read(limit + 1)
        names = (
            signing.EVENT_HEADER,
            signing.TIME_HEADER,
            signing.BODY_HEADER,
            signing.SIGNATURE_HEADER,
        )
        headers = {name: request.headers.get(name, "") for name in names}
        answer = receiving.receive(slug, headers, body, declared)
    return JsonResponse(answer.as_json(), status=answer.status)


class LinkForm(forms.Form):
    url = forms.CharField(
        label=gettext_lazy("The event's public address on the public site"),
        max_length=500,
        widget=forms.TextInput(attrs={"dir": "ltr", "size": 60}),
    )
    key = forms.CharField(
        label=gettext_lazy("Publishing key"),
        max_length=100,
        widget=forms.TextInput(attrs={"dir": "ltr", "size": 48, "autocomplete": "off"}),
    )


@login_required
def page(request: HttpRequest, slug: str) -> HttpResponse:
    event = find_event(slug)
    permissions.require_organiser(request.user, event)
    here = reverse("hub:page", args=[event.slug])
    action = request.POST.get("action", "") if request.method == "POST" else ""
    form = LinkForm(request.POST if action == "link" else None)
    if action == "key" or action == "new_key":
        acting.run(request, lambda: services.slot_key(event, request.user, action == "new_key"))
        return redirect(here)
    if action == "link" and form.is_valid():
        done = acting.run(
            request,
            lambda: services.link_venue(
                event, request.user, form.cleaned_data["url"], form.cleaned_data["key"]
            ),
            _("Saved: the event is published to this address."),
        )
        if done is not None:
            return redirect(here)
    if action == "unlink":
        acting.run(request, lambda: services.unlink_venue(event, request.user))
        return redirect(here)
    if action == "publish":
        link = VenueLink.objects.filter(event=event).first()
        if link is not None:
            outcome = sending.publish(link, force=True)
            (messages.success if outcome.ok else messages.error)(request, outcome.text())
        return redirect(here)
    slot = HubSlot.objects.filter(event=event).first()
    link = VenueLink.objects.filter(event=event).first()
    if link is not None and not form.is_bound:
        form = LinkForm(initial={"url": link.url, "key": link.key})
    public_address = request.build_absolute_uri(reverse("public:event", args=[event.slug]))
    return render(
        request,
        "hub/page.html",
        {
            "event": event,
            "slot": slot,
            "link": link,
            "form": form,
            "public_address": public_address,
            "outcome": None
            if link is None or not link.last_code
            else outcomes.text(link.last_code, link.last_params),
        },
    )
