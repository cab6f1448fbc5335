"""A team's payments (organisers): recorded, or cancelled by a reversing entry (the opposite
amount, dated the day of the correction, with the reason) rather than edited or deleted, so
the ledger keeps both; what a team has paid is :func:`crosstable_web.teams.fees.paid_total`."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable_web.common.value_messages import stored_text_problem
from crosstable_web.events.oversight import permissions
from crosstable_web.events.oversight.audit import Actor, record
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import models
from crosstable_web.teams.fees import CENTS, paid_total
from crosstable_web.teams.places import team_status


def record_team_payment(
    team: models.Team, amount: Decimal, paid_on: datetime.date, actor: Actor
) -> models.TeamPayment:
    """Record a payment of ``team``'s fee (organisers): refused when the amount is not more
    than zero, the date is in the future, or the team has been deleted."""
    section = team.section
    permissions.require_organiser(actor, section.event)
    if amount <= 0:
        raise ServiceError(
            _("%(team)s: a payment must be more than zero (not %(amount)s)."),
            team=team.name,
            amount=amount,
        )
    if paid_on > timezone.localdate():
        raise ServiceError(
            _("%(team)s: the payment date %(date)s is in the future."),
            team=team.name,
            date=paid_on,
        )
    with transaction.atomic():
        # Locked: a team deleted meanwhile (or before) is refused rather than paid for.
        current = (
            models.Team.objects.select_for_update().filter(pk=team.pk).first()
            if team.pk is not None
            else None
        )
        if current is None:
            raise ServiceError(
                _("Team %(team)s has been deleted; its payment was not recorded.")
                % {"team": team.name}
            )
        before = paid_total(current)
        payment = models.TeamPayment.objects.create(
            team=current, amount=amount.quantize(CENTS), paid_on=paid_on
        )
        record(
            section.event,
            actor,
            "team.payment",
            f"{section.key}/team {current.number} {current.name}",
            {"paid": str(before)},
            {
                "amount": str(payment.amount),
                "paid_on": paid_on.isoformat(),
                "paid": str(before + payment.amount),
                "fee_due": str(current.fee_due),
            },
            params={"section": section.key, "team": current.name},
            about=(current,),
        )
    return payment


def cancel_team_payment(
    payment: models.TeamPayment, reason: str, actor: Actor
) -> models.TeamPayment:
    """Cancel ``payment`` (organisers), recorded by mistake: a reversing entry of the opposite
    amount, dated today, pointing at it, with ``reason``; nothing is edited or deleted.

    Refused with a message when the reason is empty, the payment is already cancelled or is
    itself a cancellation, or it (or its team) no longer exists. The log line
    ``team.payment.cancel`` keeps the total paid and the team's admission before and after:
    before round 1 is paired a team whose payment is cancelled may lose its place to a waiting
    team; afterwards the field is round 1's."""
    team = payment.team
    section = team.section
    permissions.require_organiser(actor, section.event)
    reason = reason.strip()
    if not reason:
        raise ServiceError(
            _("%(team)s: say why the payment is cancelled; nothing was changed.")
            % {"team": team.name}
        )
    problem = stored_text_problem(models.TeamPayment._meta.get_field("reason"), reason)
    if problem is not None:
        raise ServiceError(f"{team.name}: {problem}")
    with transaction.atomic():
        # Locked: two organisers cancelling at once cancel it once.
        current = (
            models.TeamPayment.objects.select_for_update()
            .select_related("team")
            .filter(pk=payment.pk)
            .first()
        )
        if current is None:
            raise ServiceError(
                _("%(team)s: this payment no longer exists; nothing was changed.")
                % {"team": team.name}
            )
        if current.reverses_id is not None:
            raise ServiceError(
                _("%(team)s: a cancellation cannot itself be cancelled; record the payment again.")
                % {"team": team.name}
            )
        if models.TeamPayment.objects.filter(reverses=current).exists():
            raise ServiceError(
                _("%(team)s: the payment of %(amount)s on %(date)s is already cancelled.")
                % {
                    "team": team.name,
                    "amount": current.amount,
                    "date": current.paid_on.isoformat(),
                }
            )
        team = current.team
        before = (paid_total(team), team_status(section, team))
        reversal = models.TeamPayment.objects.create(
            team=team,
            amount=-current.amount,
            paid_on=timezone.localdate(),
            reverses=current,
            reason=reason,
        )
        after = (paid_total(team), team_status(section, team))
        record(
            section.event,
            actor,
            "team.payment.cancel",
            f"{section.key}/team {team.number} {team.name}",
            {"paid": str(before[0]), "admission": before[1]},
            {
                "cancelled": {
                    "amount": str(current.amount),
                    "paid_on": current.paid_on.isoformat(),
                },
                "reason": reason,
                "paid": str(after[0]),
                "admission": after[1],
                "fee_due": str(team.fee_due),
            },
            params={"section": section.key, "team": team.name},
            about=(team,),
        )
    return reversal
