"""Fees: payments recorded, a unit's shares completed, the fee report."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from crosstable_web.events import models, parts
from crosstable_web.events.entry_data import entry_data_of
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.regulations import rules
from crosstable_web.events.services.refusal import ServiceError


@transaction.atomic
def record_payment(entry: models.Entry, paid: Decimal, actor: Actor) -> None:
    require_organiser(actor, entry.section.event)
    if paid < 0:
        raise ServiceError(_("A payment cannot be negative."))
    cents = Decimal("0.01")
    old = str(Decimal(entry.fee_paid).quantize(cents))
    paid = paid.quantize(cents)
    entry.fee_paid = paid
    entry.save(update_fields=["fee_paid"])
    audit.record(
        entry.section.event,
        actor,
        "entry.fee_paid",
        entry.name,
        old,
        str(paid),
        params={"section": entry.section.key, "player": entry.name},
        about=(entry,),
    )


@dataclasses.dataclass(slots=True)
class FeeLine:
    label: str
    entries: int = 0
    due: Decimal = Decimal(0)
    paid: Decimal = Decimal(0)
    teams: int = 0
    """Teams counted (their fee is the team's; their players' entries owe nothing)."""

    @property
    def outstanding(self) -> Decimal:
        return self.due - self.paid


@dataclasses.dataclass(slots=True)
class FeeReport:
    by_unit: list[FeeLine]
    by_section: list[FeeLine]
    total: FeeLine
    teams: list[Any] = dataclasses.field(default_factory=list)
    """Each team's fee (``crosstable_web.teams.fee_lines.TeamFeeLine``, as the teams app declares
    them in ``events.parts``): due, discounts, paid, balance, admitted or waiting."""


def complete_unit_shares(event: models.Event) -> None:
    """Entries of a section whose units are its teams (Huayuan: the per-team fee shared by
    the players, ``rules.fee_for``) that owe 0 while the regulations give them a share: each
    is given its share, logged as ``entry.fee`` by "system". Run when the regulations change
    (``event_settings``; an entry saved under regulations without fees owed 0); entries saved
    before shares were computed got theirs once, in migration events.0012. Never on reading
    a page: a GET writes nothing. An entry whose share is really 0 (a full discount) is
    computed again and left as it is; a house player owes nothing."""
    for section in event.sections.all():
        if rules.unit_team_size(section) is None:
            continue
        with transaction.atomic():
            stale = section.entries.select_for_update().filter(fee_due=0, house=False)
            for entry in stale:
                due = rules.fee_for(section, entry_data_of(entry))
                if due == 0:
                    continue
                entry.fee_due = due
                entry.save(update_fields=["fee_due"])
                audit.record(
                    event,
                    None,
                    "entry.fee",
                    f"{section.key}: {entry.name}",
                    {"fee_due": "0.00"},
                    {"fee_due": str(due)},
                    params={"section": section.key, "player": entry.name},
                    about=(entry,),
                )


def fee_report(event: models.Event) -> FeeReport:
    """Fees due and paid per unit and per section, with totals: player entries' fees and
    team fees (a team counts under its unit and section)."""
    units: dict[str, FeeLine] = {}
    sections: dict[str, FeeLine] = {}
    total = FeeLine(_("Total"))
    rows = models.Entry.objects.filter(section__event=event).values_list(
        "unit", "section__name", "fee_due", "fee_paid"
    )
    for unit, section_name, due, paid in rows:
        for line in (
            units.setdefault(unit, FeeLine(unit or _("(no unit)"))),
            sections.setdefault(section_name, FeeLine(section_name)),
            total,
        ):
            line.entries += 1
            line.due += due
            line.paid += paid
    # the teams app's fee lines (``teams.fee_lines.event_fee_lines``), declared in its ready()
    teams = [line for fee_lines in parts.declared.fee_lines.values() for line in fee_lines(event)]
    for team_line in teams:
        team = team_line.team
        for line in (
            units.setdefault(team.unit, FeeLine(team.unit or _("(no unit)"))),
            sections.setdefault(team.section.name, FeeLine(team.section.name)),
            total,
        ):
            line.teams += 1
            line.due += team_line.due
            line.paid += team_line.paid
    return FeeReport(
        by_unit=sorted(units.values(), key=lambda line: line.label.casefold()),
        by_section=list(sections.values()),
        total=total,
        teams=teams,
    )
