"""A team section's fees: what each team owes, and what it has paid.

The amounts come from the core only (``crosstable.regulations.compute_fee`` on a
``TeamEntry``): a team's roster becomes the fee's members (each one share), its unit, unit
kind and attributes the conditions on the whole entry, its ``previous_place`` attribute the
place in the previous event the placing discounts refer to. The result is stored on the team
(due, base, discounts named) each time the team is saved, so the fee pages read rows. Player
entries of a section whose fee is per team owe nothing on their own
(``crosstable_web.events.regulations.rules.fee_for``).

What a team has paid is its ledger: payments, and the reversing entries that cancel one
recorded by mistake (:mod:`crosstable_web.teams.payments`); a cancelled payment and its
reversal are left out when deciding the day a team paid in full, which decides the places
when the hall is full (:mod:`crosstable_web.teams.places`). The fee pages' rows are
:mod:`crosstable_web.teams.fee_lines`.

A team saved before fees were computed (migration ``teams.0003``) has no
``fee_computed_at``: :func:`complete_fees` computes its fee the first time it is read.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from crosstable.regulations.fees import FeeBreakdown, FeeContext, TeamEntry, compute_fee
from crosstable.regulations.schema import AttributeValue, Fees
from crosstable_web.events.models import Entry, Section
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import record
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import entry_data_of
from crosstable_web.teams import models

ENTRY_MEMBER_ATTRIBUTES = frozenset(
    {"sex", "birth_date", "grade", "rating", "unit", "unit_kind", "federation", "age"}
)
"""Member attributes a player's entry already gives (``EntrantData.condition_attributes``);
the others a discount tests (Fars: ``local``) are asked for on the team form, per player."""

PREVIOUS_PLACE = "previous_place"
"""The team attribute holding its place in the previous event a placing discount names."""

CENTS = Decimal("0.01")


def team_fees(section: Section) -> Fees | None:
    """The regulations' fees when they are per team (None: teams owe no team fee)."""
    regulations = rules.event_regulations(section.event)
    if regulations is None or regulations.fees is None or regulations.fees.per != "team":
        return None
    return regulations.fees


def member_fee_attributes(section: Section) -> list[str]:
    """Attributes of members the team fee's discounts test that no entry field gives (each
    a yes/no asked per roster place), in the regulations' order."""
    fees = team_fees(section)
    found: list[str] = []
    for discount in fees.discounts if fees else ():
        for condition in discount.members_where:
            name = condition.attribute
            if name not in ENTRY_MEMBER_ATTRIBUTES and name not in found:
                found.append(name)
    return found


def team_fee_attributes(section: Section) -> dict[str, type]:
    """Team attributes the team fee's discounts test beyond the unit and unit kind, with the
    kind of value: ``previous_place`` (int) when a discount is for a placing in a previous
    event, each attribute of a discount's conditions on the entry (bool, int or str)."""
    fees = team_fees(section)
    found: dict[str, type] = {}
    for discount in fees.discounts if fees else ():
        if discount.previous_place:
            found.setdefault(PREVIOUS_PLACE, int)
        for condition in discount.entry_where:
            name = condition.attribute
            if name in {"unit", "unit_kind"} or name in found:
                continue
            value = condition.value
            if isinstance(value, bool):
                found[name] = bool
            elif isinstance(value, int) or (
                isinstance(value, tuple) and value and isinstance(value[0], int)
            ):
                found[name] = int
            else:
                found[name] = str
    return found


def previous_events(section: Section) -> list[str]:
    """The previous events the placing discounts name (for the form's help text)."""
    fees = team_fees(section)
    names = [d.previous_event for d in (fees.discounts if fees else ()) if d.previous_place]
    return list(dict.fromkeys(name for name in names if name))


def team_entry(team: models.Team) -> TeamEntry:
    """The team as the core's fee rules see it: members in roster order, each with their
    entry's data and the per-player attributes recorded on the roster."""
    section = team.section
    members = []
    for member in team.members.select_related("entry").order_by("position"):
        entrant = rules.entrant_data(section, entry_data_of(member.entry))
        members.append(dataclasses.replace(entrant, attributes=dict(member.attributes)))
    attributes: dict[str, AttributeValue] = {
        name: value for name, value in team.attributes.items() if name != PREVIOUS_PLACE
    }
    return TeamEntry(
        name=team.name,
        members=tuple(members),
        unit=team.unit,
        unit_kind=team.unit_kind,
        section=rules.rules_key(section),
        attributes=attributes,
    )


def compute_team_fee(team: models.Team) -> FeeBreakdown | None:
    """What ``team`` owes under its section's regulations (None: no team fee)."""
    regulations = rules.event_regulations(team.section.event)
    if team_fees(team.section) is None or regulations is None:
        return None
    place = team.attributes.get(PREVIOUS_PLACE)
    context = FeeContext(previous_place=int(place) if isinstance(place, int) else None)
    return compute_fee(regulations, team_entry(team), context)


def refresh_fee(team: models.Team) -> dict[str, object]:
    """Compute ``team``'s fee with the core and store it; returns it as the audit log keeps
    it (due and each discount)."""
    breakdown = compute_team_fee(team)
    if breakdown is None:
        team.fee_base, team.fee_due, team.fee_discounts = Decimal(0), Decimal(0), []
    else:
        team.fee_base = _money(breakdown.base.numerator, breakdown.base.denominator)
        team.fee_due = breakdown.amount_due
        team.fee_discounts = [
            {
                "key": line.key,
                "name": line.name,
                "amount": str(_money(line.amount.numerator, line.amount.denominator)),
            }
            for line in breakdown.discounts
        ]
    team.fee_computed_at = timezone.now()
    team.save(update_fields=["fee_base", "fee_due", "fee_discounts", "fee_computed_at"])
    return {"fee_due": str(team.fee_due), "discounts": list(team.fee_discounts)}


def complete_fees(section: Section) -> None:
    """Compute the fee of each team of ``section`` whose fee was never computed (saved before
    migration ``teams.0003``: it showed 0 until saved), logged as ``team.fee`` by "system".

    Done when the fees are read rather than in a data migration, so that it runs the fee code
    of the day on the current models; a row is locked and checked again so two requests at
    once compute and log it once."""
    if not section.teams.filter(fee_computed_at__isnull=True).exists():
        return
    with transaction.atomic():
        for team in section.teams.select_for_update().filter(fee_computed_at__isnull=True):
            _refresh_and_record(team, reason=audit.FIRST_COMPUTED)


def _money(numerator: int, denominator: int) -> Decimal:
    return (Decimal(numerator) / Decimal(denominator)).quantize(CENTS)


# -- what a team has paid ---------------------------------------------------------------------


def paid_total(team: models.Team) -> Decimal:
    """What ``team`` has paid: its payments less their cancellations."""
    return sum((payment.amount for payment in team.payments.all()), Decimal(0)).quantize(CENTS)


def standing_payments(payments: Sequence[models.TeamPayment]) -> list[models.TeamPayment]:
    """``payments`` (all of one team's) without the cancelled ones and their reversing
    entries: what was really paid, and on which day."""
    cancelled = {p.reverses_id for p in payments if p.reverses_id is not None}
    return [p for p in payments if p.reverses_id is None and p.pk not in cancelled]


def paid_in_full_on(
    team: models.Team, payments: Sequence[models.TeamPayment]
) -> datetime.date | None:
    """The day ``payments`` (in date order; cancelled ones do not count) first cover what
    ``team`` owes; a team that owes nothing counts as paid on the day it was entered; None:
    not paid in full yet."""
    if team.fee_due <= 0:
        return timezone.localdate(team.entered_at)
    total = Decimal(0)
    for payment in sorted(
        standing_payments(payments), key=lambda p: (p.paid_on, p.recorded_at, p.pk)
    ):
        total += payment.amount
        if total >= team.fee_due:
            return payment.paid_on
    return None


# -- the fee follows the entries ----------------------------------------------------------------


def entry_saved(sender: type[Entry], instance: Entry, created: bool, **kwargs: Any) -> None:
    """A player's entry was changed (``post_save``): the fee of the player's team is computed
    again, and logged as ``team.fee`` (by "system", after the entry's own log line) when it
    changed. A new entry is on no team yet."""
    if created or kwargs.get("raw"):
        return
    member = (
        models.TeamMember.objects.select_related("team__section__event")
        .filter(entry_id=instance.pk)
        .first()
    )
    if member is None or team_fees(member.team.section) is None:
        return
    _refresh_and_record(member.team)


def _refresh_and_record(team: models.Team, reason: str | None = None) -> None:
    """Compute ``team``'s fee again; log it as ``team.fee`` by "system" when it changed (or
    always, with ``reason``)."""
    old = {"fee_due": str(team.fee_due), "discounts": list(team.fee_discounts)}
    new: dict[str, object] = dict(refresh_fee(team))
    if reason is None and new == old:
        return
    if reason is not None:
        new["reason"] = reason
    section = team.section
    record(
        section.event,
        None,
        "team.fee",
        f"{section.key}/team {team.number} {team.name}",
        old,
        new,
        params={"section": section.key, "team": team.name},
        about=(team,),
    )
