"""A registration's payments, recorded by the organisers or confirmed by a payment
provider, passed on to the team's payments or the entries' amounts paid once approved.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable_web.events import services as event_services
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.services import ServiceError
from crosstable_web.registrations import models
from crosstable_web.registrations.payments import Confirmation
from crosstable_web.registrations.services.amounts import CENTS, paid_total, player_shares
from crosstable_web.registrations.services.deciding import approve_if_no_approval_needed

PROVIDER_PREFIX = "payment provider "


def record_payment(
    registration: models.Registration, amount: Decimal, paid_on: datetime.date, actor: Actor
) -> models.Payment:
    """An organiser records a payment of ``registration``'s fee."""
    require_organiser(actor, registration.event)
    return _add_payment(registration, amount, paid_on, "organiser", "", actor)


def confirm_payment(provider_name: str, confirmation: Confirmation) -> models.Payment | None:
    """A payment provider's confirmation, recorded once (None: already recorded). An
    unknown reference is refused (ServiceError)."""
    registration = models.Registration.objects.filter(
        payment_reference=confirmation.payment_reference
    ).first()
    if registration is None:
        raise ServiceError(
            _("No registration has the payment reference %(reference)s."),
            reference=confirmation.payment_reference,
        )
    if models.Payment.objects.filter(
        provider=provider_name, provider_reference=confirmation.provider_reference
    ).exists():
        return None
    return _add_payment(
        registration,
        confirmation.amount,
        confirmation.paid_on,
        provider_name,
        confirmation.provider_reference,
        PROVIDER_PREFIX + provider_name,
    )


def _add_payment(
    registration: models.Registration,
    amount: Decimal,
    paid_on: datetime.date,
    provider: str,
    provider_reference: str,
    actor: Actor,
) -> models.Payment:
    if amount <= 0:
        raise ServiceError(_("A payment must be more than zero."))
    if paid_on > timezone.localdate() + datetime.timedelta(days=1):
        raise ServiceError(_("The payment date %(date)s is in the future."), date=paid_on)
    with transaction.atomic():
        payment = models.Payment.objects.create(
            registration=registration,
            amount=amount.quantize(CENTS),
            paid_on=paid_on,
            provider=provider,
            provider_reference=provider_reference,
        )
        total = paid_total(registration)
        audit.record(
            registration.event,
            actor,
            "registration.payment",
            f"registration {registration.pk}",
            None,
            {
                "amount": str(payment.amount),
                "paid_on": paid_on.isoformat(),
                "paid": str(total),
                "fee_due": str(registration.fee_due),
            },
            params={"name": registration.registrant},
        )
        if registration.status == models.Status.APPROVED:
            _pass_payment_on(registration, payment, actor)
    approve_if_no_approval_needed(registration)
    return payment


def _pass_payment_on(
    registration: models.Registration, payment: models.Payment, actor: Actor
) -> None:
    """A payment made after approval goes where the organisers' fee pages read it: the
    team's payments, or the entries' amounts paid."""
    if registration.team is not None:
        from crosstable_web.teams.payments import record_team_payment

        record_team_payment(registration.team, payment.amount, payment.paid_on, actor)
        return
    shares = player_shares(registration, paid_total(registration))
    for player, share in zip(registration.players.order_by("position"), shares, strict=True):
        if player.entry is not None and player.entry.fee_paid != share:
            event_services.record_payment(player.entry, share, actor)
