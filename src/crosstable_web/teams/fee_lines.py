"""A team section's fees as the fee pages show them: each team's fee, discounts, payments,
balance and place (admitted or waiting)."""

from __future__ import annotations

import dataclasses
import datetime
from decimal import Decimal

from crosstable_web.events.models import Event, Section
from crosstable_web.teams import models
from crosstable_web.teams.fees import complete_fees, paid_in_full_on
from crosstable_web.teams.places import admission, round_one_field


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
