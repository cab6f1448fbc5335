"""A team's fee page: the fee, its discounts and balance, the payments, a payment recorded
or cancelled."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from crosstable.typed import whole_number_or_none
from crosstable_web.common import localisation
from crosstable_web.events.models import AuditLog
from crosstable_web.events.oversight import audit, permissions
from crosstable_web.events.rounds import acting
from crosstable_web.events.views.page import find_section
from crosstable_web.events.words import wording
from crosstable_web.teams import fee_lines, forms, models, payments


@login_required
def team_fee(request: HttpRequest, slug: str, key: str, team: int) -> HttpResponse:
    """A team's fee (the regulations' fee, each discount named, due, paid, balance, admitted
    or waiting) and its payments; organisers record a payment here (amount and date)."""
    section = find_section(slug, key)
    permissions.require_sees_private_data(request.user, section.event)
    team_row = models.Team.objects.filter(section=section, pk=team).first()
    if team_row is None:
        messages.error(
            request,
            _("%(section)s has no such team (it may have been deleted); nothing was recorded.")
            % {"section": section.name},
        )
        return redirect(reverse("teams:team_section", args=[slug, key]))
    if request.method == "POST" and "cancel" in request.POST:
        _cancel_payment(request, team_row, request.POST.get("cancel", ""))
        return redirect(reverse("teams:team_fee", args=[slug, key, team]))
    form = forms.TeamPaymentForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            payment = acting.run(
                request,
                lambda: payments.record_team_payment(
                    team_row,
                    form.cleaned_data["amount"],
                    form.cleaned_data["paid_on"],
                    request.user,
                ),
                _("Payment recorded for %(team)s.") % {"team": team_row.name},
            )
            if payment is not None:
                return redirect(reverse("teams:team_fee", args=[slug, key, team]))
        else:
            messages.error(request, _("The payment was not recorded; see the form."))
    line = next(
        line for line in fee_lines.section_fee_lines(section) if line.team.pk == team_row.pk
    )
    return render(
        request,
        "teams/team_fee.html",
        {
            "event": section.event,
            "section": section,
            "team": team_row,
            "line": line,
            "payments": _payment_rows(team_row),
            "form": form,
            "can_organise": permissions.can_organise(request.user, section.event),
            "history": audit.history(
                AuditLog.objects.filter(team_links__team=team_row),
                dict(section.event.sections.values_list("key", "name")),
            ),
        },
    )


def _payment_rows(team: models.Team) -> list[dict[str, Any]]:
    """The team's ledger in date order: each payment, whether a later entry cancels it (and
    why), and each cancellation naming the payment it reverses."""
    payments = list(team.payments.all())
    reversal_of = {p.reverses_id: p for p in payments if p.reverses_id is not None}
    by_pk = {p.pk: p for p in payments}
    return [
        {
            "payment": payment,
            "cancelled_by": reversal_of.get(payment.pk),
            "reverses": by_pk.get(payment.reverses_id) if payment.reverses_id else None,
        }
        for payment in payments
    ]


def _cancel_payment(request: HttpRequest, team: models.Team, payment_id: str) -> None:
    """The fee page's "Cancel payment" button: a reversing entry with the reason typed."""
    payment_pk = whole_number_or_none(payment_id, 1)
    payment = (
        models.TeamPayment.objects.filter(team=team, pk=payment_pk).first()
        if payment_pk is not None
        else None
    )
    if payment is None:
        messages.error(
            request,
            _("%(team)s has no such payment (it may have been cancelled); nothing was changed.")
            % {"team": team.name},
        )
        return
    acting.run(
        request,
        lambda: payments.cancel_team_payment(payment, request.POST.get("reason", ""), request.user),
        _("Payment of %(amount)s on %(date)s cancelled for %(team)s.")
        % {
            "amount": wording.value_text(payment.amount),
            "date": localisation.date_text(payment.paid_on),
            "team": team.name,
        },
    )
