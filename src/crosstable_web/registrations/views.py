"""Registration pages. Public, no account (``/r/``): the registration form, the registrant's
private page (status, fee, payment, changes) behind a signed link, and a payment provider's
confirmation. Back office (``/e/<event>/registrations/``, organisers only): the queue of
registrations and changes waiting, one registration with its documents and payments, and a
document itself — never under a public URL."""

from __future__ import annotations

import datetime
import logging
import smtplib
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.mail import send_mail
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseRedirect,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from crosstable_web import deployment
from crosstable_web.common import localisation, rate_limits
from crosstable_web.events import models as event_models
from crosstable_web.events.oversight import permissions
from crosstable_web.events.regulations import language
from crosstable_web.events.services import ServiceError
from crosstable_web.registrations import documents, forms, models, payments
from crosstable_web.registrations.services import amounts as registration_amounts
from crosstable_web.registrations.services import changing as registration_changing
from crosstable_web.registrations.services import checking as registration_checking
from crosstable_web.registrations.services import deciding as registration_deciding
from crosstable_web.registrations.services import opening as registration_opening
from crosstable_web.registrations.services import paying as registration_paying
from crosstable_web.registrations.services import purging as registration_purging
from crosstable_web.registrations.services import sending as registration_sending

logger = logging.getLogger(__name__)

DEFAULT_ROWS = {models.Kind.PLAYER: 1, models.Kind.UNIT: 4, models.Kind.TEAM: 6}


def _event(slug: str) -> event_models.Event:
    return get_object_or_404(event_models.Event, slug=slug)


def _public_language(request: HttpRequest, event: event_models.Event) -> None:
    language.activate_visitor_language(request, event)


def _rows(request: HttpRequest, kind: str, event: event_models.Event) -> int:
    if kind == models.Kind.PLAYER:
        return 1
    default = DEFAULT_ROWS[models.Kind(kind)]
    if kind == models.Kind.TEAM:
        section = next((s for s in event.sections.all() if s.is_team_section), None)
        team = section.settings.get("team", {}) if section is not None else {}
        size = int(team.get("boards", 0) or 0) + int(team.get("reserves", 0) or 0)
        default = max(size, int(team.get("min_players", 0) or 0)) or default
    text = request.POST.get("rows") or request.GET.get("players") or ""
    count = int(text) if text.isdigit() else default
    return max(1, min(count, forms.MAX_PLAYERS))


def _mine_url(registration: models.Registration) -> str:
    return reverse(
        "registrations:mine",
        args=[registration.event.slug, registration_opening.token(registration)],
    )


# --- public ----------------------------------------------------------------------------------


def register(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    _public_language(request, event)
    table = registration_opening.registration_rules(event)
    context: dict[str, Any] = {"event": event, "table": table}
    if table is None:
        context["state"] = registration_opening.form_state(event)
        return render(request, "registrations/register.html", context)
    kinds = [kind.value for kind in table.by]
    kind = request.POST.get("by") or request.GET.get("by") or kinds[0]
    if kind not in kinds:
        kind = kinds[0]
    rows = _rows(request, kind, event)
    data = request.POST if request.method == "POST" else None
    files = request.FILES if request.method == "POST" else None
    registrant = forms.RegistrantForm(kind, event, data)
    players = [
        forms.PlayerForm(
            event, kind, data, files, prefix=f"p{n}", optional=kind != models.Kind.PLAYER and n > 1
        )
        for n in range(1, rows + 1)
    ]
    state = registration_opening.form_state(event)
    checked_ok = False
    status = 200
    if request.method == "POST" and state.is_open:
        valid = [registrant.is_valid()] + [form.is_valid() for form in players]
        filled = [form for form in players if form.is_bound and _filled(form)]
        if all(valid):
            sending = registration_checking.Sending(
                kind=kind,
                registrant=registrant.cleaned_data["registrant"],
                email=registrant.cleaned_data.get("email") or "",
                phone=registrant.cleaned_data.get("phone") or "",
                unit=registrant.cleaned_data.get("unit") or "",
                unit_kind=registrant.cleaned_data.get("unit_kind") or "",
                team_name=registrant.cleaned_data.get("team_name") or "",
                team_section=registrant.cleaned_data.get("team_section") or "",
                players=[form.player() for form in filled],
                language=translation.get_language() or "",
            )
            wait = None if "check" in request.POST else _too_often(request, sending.email)
            if wait is not None:
                registrant.add_error(
                    None,
                    _(
                        "Too many registrations were sent from this connection or for this "
                        "e-mail address. Nothing was saved; try again in %(minutes)s minutes."
                    )
                    % {"minutes": localisation.digits(wait)},
                )
                status = 429
            try:
                if "check" in request.POST:
                    _check_only(event, sending, registrant, filled)
                    checked_ok = not registrant.errors and not any(f.errors for f in filled)
                elif wait is not None:
                    pass
                else:
                    registration = registration_sending.submit(event, sending)
            except registration_checking.Refused as refused:
                for problem in refused.general:
                    registrant.add_error(None, problem)
                for position, problems in refused.players.items():
                    for problem in problems:
                        filled[position - 1].add_error(None, problem)
            else:
                if "check" not in request.POST and wait is None:
                    messages.success(
                        request,
                        _(
                            "Registration sent. Keep this page's address: it is your private "
                            "link to see and change the registration."
                        ),
                    )
                    _mail_the_link(request, registration)
                    return redirect(_mine_url(registration))
    context.update(
        kind=kind,
        kinds=[(value, models.Kind(value).label) for value in kinds],
        rows=rows,
        registrant=registrant,
        players=players,
        state=state,
        checked_ok=checked_ok,
    )
    return render(request, "registrations/register.html", context, status=status)


def _too_often(request: HttpRequest, email: str) -> int | None:
    """Minutes to wait when this connection or this e-mail address sent too many
    registrations lately (``rate_limits``), None when this one may be saved."""
    waits = [
        rate_limits.use(rate_limits.REGISTRATION_PER_ADDRESS, deployment.client_ip(request)),
        rate_limits.use(rate_limits.REGISTRATION_PER_EMAIL, email),
    ]
    return max((wait for wait in waits if wait is not None), default=None)


def _mail_the_link(request: HttpRequest, registration: models.Registration) -> None:
    """Send the private link to the registrant's e-mail address, if given. A failure is
    logged and said on the page (the link is on the page too), never silent."""
    if not registration.email:
        return
    link = request.build_absolute_uri(_mine_url(registration))
    if rate_limits.use(rate_limits.PUBLIC_MAILS, "all") is not None:
        logger.warning(
            "registration %s: the private link not e-mailed (outbox limit)", registration.pk
        )
        messages.warning(
            request,
            _(
                "The e-mail with your private link was not sent: this site is sending too "
                "many e-mails just now. Keep this page's address."
            ),
        )
        return
    try:
        send_mail(
            _("Your registration — %(event)s") % {"event": registration.event.name},
            _(
                "Your registration (%(reference)s) was received. See it, pay the fee and "
                "change it at this private link (keep it; anyone who has it can change the "
                "registration):\n%(link)s"
            )
            % {"reference": registration.payment_reference, "link": link},
            None,
            [registration.email],
        )
    except (OSError, smtplib.SMTPException):
        logger.exception("registration %s: the private link was not e-mailed", registration.pk)
        messages.warning(
            request,
            _("The e-mail with your private link could not be sent: keep this page's address."),
        )
    else:
        messages.info(
            request,
            _("The private link was sent to %(email)s.") % {"email": registration.email},
        )


def _detail(event: event_models.Event, key: str, value: Any) -> str:
    """A stored detail as the reader reads it: the sex in words, a birth date in the event's
    calendar (stored as typed codes: ``M``, ``2010-05-03``)."""
    if key == "sex":
        return localisation.sex_word(str(value or ""))
    if key == "birth_date" and value:
        try:
            day = datetime.date.fromisoformat(str(value))
        except ValueError:
            return str(value)
        return localisation.format_date(day, calendar=event.calendar)
    return str(value)


def _filled(form: forms.PlayerForm) -> bool:
    """Whether a player's block was filled in (a unit's empty blocks are left out)."""
    return any(
        (form.data.get(form.add_prefix(column)) or "").strip()
        for column in form.columns
        if column not in ("section", "sex")
    ) or any(
        form.files.get(form.add_prefix(f"document_{rule.key}")) for rule in form.document_rules
    )


def _check_only(
    event: event_models.Event,
    sending: registration_checking.Sending,
    registrant: forms.RegistrantForm,
    filled: list[forms.PlayerForm],
) -> None:
    """The "Check" button: every problem shown, nothing saved."""
    general = registration_checking.general_problems(event, sending)
    checked = registration_checking.check_players(event, sending) if sending.players else []
    per_player = {n: c.problems for n, c in enumerate(checked, start=1) if c.problems}
    if general or per_player:
        raise registration_checking.Refused(general, per_player)


def mine(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    event = _event(slug)
    _public_language(request, event)
    registration = registration_opening.by_token(event, token)
    if registration is None:
        raise Http404
    players = list(registration.players.select_related("section", "entry").order_by("position"))
    change_forms = {
        player.pk: forms.ChangeForm(
            event,
            player,
            request.POST if request.POST.get("player") == str(player.pk) else None,
            prefix=f"c{player.pk}",
        )
        for player in players
    }
    if request.method == "POST":
        chosen = next((p for p in players if str(p.pk) == request.POST.get("player")), None)
        form = change_forms.get(chosen.pk) if chosen is not None else None
        if chosen is not None and form is not None and form.is_valid():
            values = {
                k: str(v or "")
                for k, v in form.cleaned_data.items()
                if form.add_prefix(k) in request.POST
            }
            try:
                request_made = registration_changing.change_player(registration, chosen, values)
            except ServiceError as error:
                form.add_error(None, str(error))
            else:
                messages.success(
                    request,
                    _("Change sent: the organisers will approve or reject it.")
                    if request_made is not None
                    else _("Change saved."),
                )
                return redirect(request.path)
    paid = registration_amounts.paid_total(registration)
    context = {
        "event": event,
        "registration": registration,
        "players": [(player, change_forms[player.pk]) for player in players],
        "paid": paid,
        "balance": max(registration.fee_due - paid, Decimal(0)),
        "providers": list(payments.providers()),
        "changes": _change_lines(registration),
        "needs_approval": registration_opening.changes_need_approval(registration, timezone.now()),
        "token": token,
        "admission": registration_sending.team_admission(registration),
    }
    return render(request, "registrations/mine.html", context)


@require_POST
def pay(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    event = _event(slug)
    registration = registration_opening.by_token(event, token)
    provider = payments.provider(request.POST.get("provider", ""))
    if registration is None:
        raise Http404
    if provider is None:
        messages.error(request, _("Choose a way to pay."))
        return redirect(_mine_url(registration))
    balance = registration.fee_due - registration_amounts.paid_total(registration)
    if balance <= 0:
        return redirect(_mine_url(registration))
    return_url = request.build_absolute_uri(_mine_url(registration))
    return HttpResponseRedirect(
        provider.checkout_url(registration.payment_reference, balance, return_url)
    )


@require_GET
def fake_checkout(request: HttpRequest) -> HttpResponse:
    """The fake provider's page (tests and the demo): it shows the amount and posts the
    confirmation a real provider would send."""
    provider = payments.provider("fake")
    if not isinstance(provider, payments.FakeProvider):
        raise Http404
    reference = request.GET.get("reference", "")
    registration = models.Registration.objects.filter(payment_reference=reference).first()
    try:
        amount = Decimal(request.GET.get("amount", ""))
    except ArithmeticError:
        amount = Decimal(0)
    if registration is None or amount <= 0:
        return render(request, "registrations/fake_checkout.html", {"registration": None})
    _public_language(request, registration.event)
    fields = provider.signed_fields(reference, amount, provider.new_reference())
    return render(
        request,
        "registrations/fake_checkout.html",
        {
            "event": registration.event,
            "registration": registration,
            "amount": amount,
            "fields": fields,
            "return_url": request.GET.get("return", ""),
        },
    )


@csrf_exempt
@require_POST
def provider_confirm(request: HttpRequest, provider: str) -> HttpResponse:
    """A payment provider confirms a payment (its own signature checked by the provider's
    ``read_confirmation``); recorded once."""
    found = payments.provider(provider)
    if found is None:
        raise Http404
    try:
        confirmation = found.read_confirmation(request)
        registration_paying.confirm_payment(found.name, confirmation)
    except (payments.ConfirmationError, ServiceError) as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    target = request.POST.get("return", "")
    if target and url_has_allowed_host_and_scheme(
        target, {request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(target)
    return HttpResponse("OK", content_type="text/plain")


# --- the organisers' queue -------------------------------------------------------------------


def _change_lines(registration: models.Registration) -> list[tuple[Any, list[tuple[Any, ...]]]]:
    """Each change asked, with its lines: (the field's label, old value, new value)."""
    return [
        (
            change,
            [
                (forms.LABELS.get(k, k), change.old_values.get(k, ""), v)
                for k, v in change.new_values.items()
            ],
        )
        for change in registration.change_requests.select_related("player")
    ]


def _label_documents(
    event: event_models.Event,
    registrations: Any,
    players: Any = None,
) -> None:
    """Give each document its name in the regulations (``label``), for the pages."""
    names = {rule.key: rule.name for rule in registration_purging.document_rules(event)}
    for registration in registrations:
        for player in players if players is not None else registration.players.all():
            for found in player.documents.all():
                found.label = names.get(found.key, found.key)


@login_required
def queue(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    permissions.require_organiser(request.user, event)
    if request.method == "POST":
        chosen = list(
            models.Registration.objects.filter(
                event=event, pk__in=[pk for pk in request.POST.getlist("chosen") if pk.isdigit()]
            )
        )
        approving = request.POST.get("action") == "approve"
        if not chosen:
            messages.error(request, _("Tick the registrations to decide."))
        else:
            decisions = registration_deciding.decide_many(
                chosen, approving, request.POST.get("reason", ""), request.user
            )
            done = [d for d in decisions if not d.problem]
            if done:
                messages.success(
                    request,
                    (_("%(count)d approved.") if approving else _("%(count)d rejected."))
                    % {"count": len(done)},
                )
            for decision in decisions:
                if decision.problem:
                    messages.error(
                        request, f"{decision.registration.registrant}: {decision.problem}"
                    )
        return redirect("registrations:queue", slug=slug)
    registrations = event.registrations.prefetch_related(
        "players__section", "players__documents", "payments"
    )
    _label_documents(event, registrations)
    waiting = [r for r in registrations if r.status == models.Status.PENDING]
    decided = [r for r in registrations if r.status != models.Status.PENDING]
    changes = models.ChangeRequest.objects.filter(
        registration__event=event, status=models.Status.PENDING
    ).select_related("registration", "player")
    return render(
        request,
        "registrations/queue.html",
        {
            "event": event,
            "waiting": [(r, registration_amounts.paid_total(r)) for r in waiting],
            "decided": decided,
            "changes": changes,
            "state": registration_opening.form_state(event),
            "reason_form": forms.ReasonForm(),
        },
    )


@login_required
def detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(slug)
    permissions.require_organiser(request.user, event)
    registration = get_object_or_404(models.Registration, event=event, pk=number)
    payment_form = forms.PaymentForm(
        request.POST if request.POST.get("action") == "payment" else None
    )
    if request.method == "POST":
        action = request.POST.get("action", "")
        reason = request.POST.get("reason", "")
        try:
            if action == "payment" and payment_form.is_valid():
                registration_paying.record_payment(
                    registration,
                    payment_form.cleaned_data["amount"],
                    payment_form.cleaned_data["paid_on"],
                    request.user,
                )
                messages.success(request, _("Payment recorded."))
            elif action == "approve":
                registration_deciding.approve(registration, request.user)
                messages.success(request, _("Registration approved."))
            elif action == "reject":
                registration_deciding.reject(registration, reason, request.user)
                messages.success(request, _("Registration rejected."))
            elif action in ("change_approve", "change_reject"):
                change = get_object_or_404(
                    models.ChangeRequest,
                    registration=registration,
                    pk=request.POST.get("change", "0")
                    if request.POST.get("change", "").isdigit()
                    else 0,
                )
                registration_changing.decide_change(
                    change, action == "change_approve", reason, request.user
                )
                messages.success(
                    request,
                    _("Change approved.") if action == "change_approve" else _("Change rejected."),
                )
            if action != "payment" or payment_form.is_valid():
                return redirect("registrations:detail", slug=slug, number=number)
        except ServiceError as error:
            messages.error(request, str(error))
            if action != "payment":
                return redirect("registrations:detail", slug=slug, number=number)
    players = registration.players.select_related("section", "entry").prefetch_related("documents")
    return render(
        request,
        "registrations/detail.html",
        {
            "event": event,
            "registration": registration,
            "language_name": language.language_name(registration.language)
            if registration.language
            else "",
            "players": [
                (
                    player,
                    [
                        (forms.LABELS.get(k, k), _detail(event, k, v))
                        for k, v in player.values.items()
                    ],
                )
                for player in players
            ],
            "payments": registration.payments.all(),
            "paid": registration_amounts.paid_total(registration),
            "changes": _change_lines(registration),
            "payment_form": payment_form,
            "reason_form": forms.ReasonForm(),
            "admission": registration_sending.team_admission(registration),
        },
    )


@require_GET
@login_required
def document(request: HttpRequest, slug: str, document_id: int) -> FileResponse:
    """A document, to the event's organisers only (never cached, never guessed: it is
    served by its row's id after the role is checked)."""
    event = _event(slug)
    permissions.require_organiser(request.user, event)
    found = get_object_or_404(models.Document, pk=document_id, player__registration__event=event)
    path = documents.path_of(found.stored_name)
    if path is None:
        raise Http404
    response = FileResponse(path.open("rb"), content_type=found.content_type)
    response["Content-Disposition"] = "inline"
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response
