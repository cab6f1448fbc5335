"""A team section's fees and admission: what each team owes, what it has paid, and which teams
get a place when the hall is full.

The amounts come from the core only (``crosstable.regulations.compute_fee`` on a
``TeamEntry``): a team's roster becomes the fee's members (each one share), its unit, unit
kind and attributes the conditions on the whole entry, its ``previous_place`` attribute the
place in the previous event the placing discounts refer to. The result is stored on the team
(due, base, discounts named) each time the team is saved, so the fee pages read rows.

Who plays when the capacity is short: with ``capacity_priority = "payment_date"`` and more
teams entered than the section has places, the core's ``admit_by_capacity`` decides, a team
counting as paid on the day its payments first cover what it owes (a team that owes nothing,
on the day it was entered); while all fit, all play. Payments on the same day
keep the order the teams were entered. Player entries of a section whose fee is per team owe
nothing on their own (``crosstable_web.events.rules.fee_for``).

Corrections: a payment recorded by mistake is cancelled by a reversing entry (the opposite
amount, dated the day of the correction, with the reason) rather than edited or deleted, so the
ledger keeps both; the pair is left out when deciding the day a team paid in full. Once round 1
is paired its teams are the field, whatever is paid or cancelled later.

A team saved before fees were computed (migration ``teams.0003``) has no
``fee_computed_at``: :func:`complete_fees` computes its fee the first time it is read.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.regulations.entries import Admission, PendingEntry, admit_by_capacity
from crosstable.regulations.fees import FeeBreakdown, FeeContext, TeamEntry, compute_fee
from crosstable.regulations.schema import AttributeValue, Fees
from crosstable_web.events import audit, permissions, rules
from crosstable_web.events.audit import Actor, record
from crosstable_web.events.models import Entry, Event, Section
from crosstable_web.events.services import ServiceError, entry_data_of
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


# -- payments ---------------------------------------------------------------------------------


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
        )
    return reversal


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


# -- admission ---------------------------------------------------------------------------------


def admission_by_payment(section: Section) -> bool:
    """Whether the section's places go to the teams that pay first (its capacity is set and
    the regulations say ``capacity_priority = "payment_date"``): more teams may then be
    entered than there are places, the others wait."""
    regulations = rules.event_regulations(section.event)
    return (
        section.max_entries is not None
        and regulations is not None
        and regulations.capacity_priority == "payment_date"
    )


def admission(section: Section, teams: Iterable[models.Team] | None = None) -> Admission | None:
    """Which teams have a place (team numbers as text, in priority order) and which wait
    (None when places are not given by payment date).

    Priority matters only when there are more teams than places: until then every team has
    a place, paid or not (an organiser who has room for all pairs them all). Beyond, the
    core's ``admit_by_capacity`` decides, and only teams paid in full get the places."""
    if not admission_by_payment(section):
        return None
    regulations = rules.event_regulations(section.event)
    section_rules = rules.section_rules(section)
    assert regulations is not None
    if section_rules is None:
        return None
    if teams is None:
        complete_fees(section)
    rows = sorted(
        teams if teams is not None else section.teams.prefetch_related("payments"),
        key=lambda team: (team.entered_at, team.number),
    )
    if len(rows) <= (section.max_entries or 0):
        return Admission(tuple(str(team.number) for team in rows), ())
    pending = []
    for team in rows:
        paid_on = paid_in_full_on(team, list(team.payments.all()))
        pending.append(
            PendingEntry(
                str(team.number),
                team.entered_at,
                None if paid_on is None else _start_of(paid_on),
            )
        )
    limited = dataclasses.replace(section_rules, capacity=section.max_entries)
    return admit_by_capacity(regulations, limited, pending)


def _start_of(day: datetime.date) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(), tzinfo=datetime.UTC)


def playing_teams(section: Section, round_number: int) -> set[int] | None:
    """The team numbers the pairing of ``round_number`` may use (None: every team).

    Round 1 takes the admitted teams, and is refused while places are free and teams wait
    unpaid (an organiser collects their fees, or deletes them, first); once round 1 is
    paired the teams that played it are the field, whatever is paid or edited later."""
    if not admission_by_payment(section):
        return None
    if round_number > 1:
        return round_one_field(section)
    decided = admission(section)
    if decided is None:
        return None
    capacity = section.max_entries or 0
    if decided.waiting and len(decided.admitted) < capacity:
        names = dict(section.teams.values_list("number", "name"))
        raise ServiceError(
            _(
                "%(free)d of %(capacity)d places are free but these teams have not paid their "
                "fee: %(teams)s. Record their payments or delete them before pairing round 1."
            )
            % {
                "free": capacity - len(decided.admitted),
                "capacity": capacity,
                "teams": ", ".join(names[int(key)] for key in decided.waiting),
            }
        )
    return {int(key) for key in decided.admitted}


def round_one_field(section: Section) -> set[int] | None:
    """The team numbers round 1 paired (its matches and its bye team); None before round 1."""
    first = section.team_rounds.filter(number=1).select_related("bye_team").first()
    if first is None:
        return None
    numbers: set[int] = set()
    for first_number, second_number in first.matches.values_list("first__number", "second__number"):
        numbers.update((first_number, second_number))
    if first.bye_team is not None:
        numbers.add(first.bye_team.number)
    return numbers


def field_teams(section: Section) -> set[int] | None:
    """The teams that play (team numbers; None: every team): where places go by payment date,
    round 1's teams once it is paired, before that the teams admitted now. Standings, board
    rankings and team prizes count only these; the others are the waiting list."""
    if not admission_by_payment(section):
        return None
    paired = round_one_field(section)
    if paired is not None:
        return paired
    decided = admission(section)
    return None if decided is None else {int(key) for key in decided.admitted}


def team_status(section: Section, team: models.Team) -> str | None:
    """ "admitted" or "waiting" (None: places are not given by payment date)."""
    field = field_teams(section)
    if field is None:
        return None
    return "admitted" if team.number in field else "waiting"


# -- what the pages show ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class TeamFeeLine:
    """One team's fee as the fee pages show it."""

    team: models.Team
    base: Decimal
    discounts: list[tuple[str, Decimal]]
    due: Decimal
    paid: Decimal
    paid_on: datetime.date | None
    status: str
    """"admitted", "waiting" or "" (no admission by payment date)."""
    waiting_place: int | None = None
    """1 for the first team on the waiting list."""

    @property
    def balance(self) -> Decimal:
        return self.due - self.paid


def section_fee_lines(section: Section) -> list[TeamFeeLine]:
    """Every team of ``section`` with its fee, payments and admission, in team order; once
    round 1 is paired, its teams are the admitted ones (the field is fixed)."""
    complete_fees(section)
    teams = list(section.teams.prefetch_related("payments").order_by("number"))
    decided = admission(section, teams)
    admitted = set(decided.admitted) if decided else set()
    paired = round_one_field(section) if decided is not None else None
    if paired is not None:
        admitted = {str(number) for number in paired}
    waiting = [key for key in (decided.waiting if decided else ()) if key not in admitted]
    waiting += sorted(
        (str(t.number) for t in teams if decided and str(t.number) not in admitted | set(waiting)),
        key=int,
    )
    lines = []
    for team in teams:
        payments = list(team.payments.all())
        key = str(team.number)
        status = ""
        if decided is not None:
            status = "admitted" if key in admitted else "waiting"
        lines.append(
            TeamFeeLine(
                team=team,
                base=team.fee_base,
                discounts=[(d["name"], Decimal(d["amount"])) for d in team.fee_discounts],
                due=team.fee_due,
                paid=sum((p.amount for p in payments), Decimal(0)),  # less cancellations
                paid_on=paid_in_full_on(team, payments),
                status=status,
                waiting_place=waiting.index(key) + 1 if key in waiting else None,
            )
        )
    return lines


def event_fee_lines(event: Event) -> list[TeamFeeLine]:
    """The teams of every team section of ``event`` (the event's fee report)."""
    return [
        line
        for section in event.sections.filter(teams__isnull=False).distinct().order_by("position")
        for line in section_fee_lines(section)
    ]


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
    )
