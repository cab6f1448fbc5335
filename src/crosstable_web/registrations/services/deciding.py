"""The organisers' decisions: a registration approved (its players imported as a
file's would be, a team made of a team registration) or rejected with a reason, one at a
time or many at once; approved without them where the regulations ask no approval and the
fee is paid.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable_web.common.value_messages import stored_text_problem
from crosstable_web.events import models as event_models
from crosstable_web.events.entries import entries_import
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.services import ServiceError
from crosstable_web.registrations import models
from crosstable_web.registrations.services.amounts import paid_total, player_shares
from crosstable_web.registrations.services.checking import registration_row
from crosstable_web.registrations.services.opening import registration_rules


def approve_if_no_approval_needed(registration: models.Registration) -> None:
    table = registration_rules(registration.event)
    if table is None or table.approval or registration.status != models.Status.PENDING:
        return
    if paid_total(registration) < registration.fee_due:
        return
    # A refusal leaves it in the organisers' queue, where approving it again says why.
    with contextlib.suppress(ServiceError):
        approve(registration, "system")


def approve(registration: models.Registration, actor: Actor) -> models.Registration:
    """The registration becomes entries exactly as an import of its players would make
    them (``entries_import.import_entries``: checked again now), and a team registration
    its team. ServiceError with the import's reasons when it cannot."""
    event = registration.event
    require_organiser(actor, event)
    with transaction.atomic():
        event_models.Event.objects.select_for_update().filter(pk=event.pk).first()
        current = models.Registration.objects.select_for_update().get(pk=registration.pk)
        if current.status != models.Status.PENDING:
            raise ServiceError(_("This registration has already been decided."))
        players = list(current.players.select_related("section").order_by("position"))
        is_team = current.kind == models.Kind.TEAM
        shares = (
            [Decimal(0)] * len(players) if is_team else player_shares(current, paid_total(current))
        )
        rows = [
            registration_row(
                {
                    **player.values,
                    "name": player.name,
                    "section": player.section.key,
                    "fee_paid": str(share) if share else "",
                },
                position,
            )
            for position, (player, share) in enumerate(zip(players, shares, strict=True), start=1)
        ]
        last = (
            event_models.Entry.objects.filter(section__event=event)
            .order_by("-pk")
            .values_list("pk", flat=True)
            .first()
        ) or 0
        report = entries_import.import_entries(event, rows, actor)
        if not report.is_clean:
            lines = [*report.file_problems]
            for row, player in zip(report.rows, players, strict=True):
                lines.extend(f"{player.name}: {problem}" for problem in row.problems)
            raise ServiceError(" ".join(lines))
        created = list(
            event_models.Entry.objects.filter(section__event=event, pk__gt=last).order_by("pk")
        )
        for player, entry in zip(players, created, strict=True):
            player.entry = entry
            player.save(update_fields=["entry"])
        if is_team:
            _make_team(current, created, actor)
        record_decision(
            current,
            models.Status.APPROVED,
            current.reason,
            actor,
            "registration.approve",
            models.Status.PENDING.value,
            models.Status.APPROVED.value,
            also_saved=("team", "fee_due"),
        )
    return current


def _make_team(
    registration: models.Registration, members: list[event_models.Entry], actor: Actor
) -> None:
    from crosstable_web.teams.payments import record_team_payment
    from crosstable_web.teams.services import rosters as team_rosters

    section = registration.team_section
    assert section is not None
    team = team_rosters.create_team(
        section,
        registration.team_name,
        members,
        actor,
        unit=registration.unit,
        unit_kind=registration.unit_kind,
    )
    for payment in registration.payments.order_by("paid_on", "pk"):
        record_team_payment(team, payment.amount, payment.paid_on, actor)
    registration.team = team
    registration.fee_due = team.fee_due


def check_reason(reason: str) -> None:
    """A reason the registrant cannot be shown whole is refused, never cut short."""
    problem = stored_text_problem(models.Registration._meta.get_field("reason"), reason)
    if problem is not None:
        raise ServiceError(problem)


def reject(registration: models.Registration, reason: str, actor: Actor) -> models.Registration:
    event = registration.event
    require_organiser(actor, event)
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError(_("Give the reason (the registrant reads it)."))
    check_reason(reason)
    with transaction.atomic():
        current = models.Registration.objects.select_for_update().get(pk=registration.pk)
        if current.status != models.Status.PENDING:
            raise ServiceError(_("This registration has already been decided."))
        record_decision(
            current,
            models.Status.REJECTED,
            reason,
            actor,
            "registration.reject",
            models.Status.PENDING.value,
            {"status": models.Status.REJECTED.value, "reason": reason},
        )
    return current


def record_decision(
    decided: models.Registration | models.ChangeRequest,
    status: models.Status,
    reason: str,
    actor: Actor,
    action: str,
    old: Any,
    new: Any,
    *,
    player: models.RegisteredPlayer | None = None,
    also_saved: tuple[str, ...] = (),
) -> None:
    """The end of every decision on a registration or on a change it asked (``decided``,
    locked by the caller): its status, the reason the registrant reads, when, saved
    (with ``also_saved``), and the audit line saying so (about ``player`` for a change)."""
    registration = decided if isinstance(decided, models.Registration) else decided.registration
    decided.status = status
    decided.reason = reason
    decided.decided_at = timezone.now()
    decided.save(update_fields=["status", "reason", "decided_at", *also_saved])
    audit.record(
        registration.event,
        actor,
        action,
        f"registration {registration.pk}",
        old,
        new,
        params={"name": registration.registrant, **({"player": player.name} if player else {})},
        about=(player.entry,) if player else (),
    )


@dataclasses.dataclass(frozen=True, slots=True)
class Decision:
    registration: models.Registration
    problem: str = ""


def decide_many(
    chosen: Sequence[models.Registration], approving: bool, reason: str, actor: Actor
) -> list[Decision]:
    """Approve or reject several registrations, each on its own (one refused does not stop
    the others): what became of each."""
    results = []
    for registration in chosen:
        try:
            decided = (
                approve(registration, actor) if approving else reject(registration, reason, actor)
            )
        except ServiceError as error:
            results.append(Decision(registration, str(error)))
        else:
            results.append(Decision(decided))
    return results
