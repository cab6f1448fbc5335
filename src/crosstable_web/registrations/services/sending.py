"""Sending a registration: checked, saved with its fee and payment reference, approved at
once where the regulations ask no approval; a team registration's admission.
"""

from __future__ import annotations

import datetime
import secrets
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from crosstable.regulations.registration import documents_for
from crosstable_web.events import models as event_models
from crosstable_web.events.oversight import audit
from crosstable_web.events.regulations import rules
from crosstable_web.registrations import documents, models
from crosstable_web.registrations.services.amounts import CENTS, payment_reference
from crosstable_web.registrations.services.checking import (
    Refused,
    Sending,
    check_players,
    general_problems,
    team_fee,
)
from crosstable_web.registrations.services.deciding import approve_if_no_approval_needed
from crosstable_web.registrations.services.opening import REGISTRANT, registration_rules


def submit(
    event: event_models.Event, sending: Sending, now: datetime.datetime | None = None
) -> models.Registration:
    """Take a registration (``Refused`` with every problem when it cannot be taken: nothing
    is saved). Its documents are written to the private folder; its fee is the regulations'.
    Where the regulations want no approval, a registration that owes nothing becomes entries
    at once (one that owes a fee, once paid)."""
    now = now or timezone.now()
    with transaction.atomic():
        # One registration at a time per event: the limits count the others.
        event_models.Event.objects.select_for_update().filter(pk=event.pk).first()
        general = general_problems(event, sending, now)
        checked = check_players(event, sending) if sending.players else []
        per_player = {n: p.problems for n, p in enumerate(checked, start=1) if p.problems}
        if general or per_player:
            raise Refused(general, per_player)
        registration = models.Registration.objects.create(
            event=event,
            kind=sending.kind,
            secret=secrets.token_urlsafe(24),
            registrant=sending.registrant.strip(),
            email=sending.email.strip(),
            phone=sending.phone.strip(),
            unit=sending.unit.strip(),
            unit_kind=sending.unit_kind.strip(),
            team_name=sending.team_name.strip(),
            team_section=event.sections.filter(key=sending.team_section).first()
            if sending.kind == models.Kind.TEAM
            else None,
            language=sending.language,
            created_at=now,
        )
        registration.payment_reference = payment_reference(event.pk, registration.pk)
        written: list[str] = []
        try:
            total = Decimal(0)
            for position, player in enumerate(checked, start=1):
                assert player.section is not None and player.data is not None
                fee = (
                    Decimal(0)
                    if sending.kind == models.Kind.TEAM
                    else rules.fee_for(player.section, player.data)
                )
                total += fee
                values = {
                    k: v
                    for k, v in player.form.values.items()
                    if k not in ("name", "section") and v
                }
                if sending.kind in (models.Kind.UNIT, models.Kind.TEAM):
                    values.update(unit=registration.unit, unit_kind=registration.unit_kind)
                    values = {k: v for k, v in values.items() if v}
                saved = models.RegisteredPlayer.objects.create(
                    registration=registration,
                    position=position,
                    name=player.data.name,
                    values=values,
                    section=player.section,
                    fee_due=fee,
                )
                table = registration_rules(event)
                assert table is not None
                for rule in documents_for(table, player.section.key):
                    upload = player.form.uploads[rule.key]
                    stored, content_type = documents.store(event.pk, upload)
                    written.append(stored)
                    models.Document.objects.create(
                        player=saved,
                        key=rule.key,
                        original_name=upload.name[:200],
                        content_type=content_type,
                        size=len(upload.content),
                        stored_name=stored,
                        sha256=documents.checksum(upload.content),
                        uploaded_at=now,
                    )
            if sending.kind == models.Kind.TEAM and registration.team_section is not None:
                total = team_fee(event, registration.team_section, checked, sending)
            registration.fee_due = total.quantize(CENTS)
            registration.save(update_fields=["payment_reference", "fee_due"])
            audit.record(
                event,
                REGISTRANT,
                "registration.submit",
                f"registration {registration.pk}",
                None,
                {
                    "kind": registration.kind,
                    "players": [p.name for p in registration.players.all()],
                    "fee_due": str(registration.fee_due),
                },
                params={"name": registration.registrant},
            )
        except BaseException:
            for name in written:
                documents.remove(name)
            raise
    approve_if_no_approval_needed(registration)
    return registration


def team_admission(registration: models.Registration) -> Any:
    """The team's line of its section's fees (``teams.fee_lines.TeamFeeLine``: admitted or
    waiting, its place on the waiting list) once the registration is a team; None before,
    or where places are not given by payment date."""
    if registration.team is None:
        return None
    from crosstable_web.teams.fee_lines import section_fee_lines

    line = next(
        (
            line
            for line in section_fee_lines(registration.team.section)
            if line.team.pk == registration.team_id
        ),
        None,
    )
    return line if line is not None and line.status else None
