"""A registrant's changes to a player after sending (``CHANGEABLE``), applied at
once to a registration still waiting, else waiting for the organisers' decision.
"""

from __future__ import annotations

import dataclasses
import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable_web.events import services as event_services
from crosstable_web.events.entries import entries_import
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.services import ServiceError
from crosstable_web.registrations import models
from crosstable_web.registrations.services.checking import (
    PlayerForm,
    Sending,
    check_players,
    registration_row,
)
from crosstable_web.registrations.services.deciding import check_reason, record_decision
from crosstable_web.registrations.services.opening import REGISTRANT, changes_need_approval

CHANGEABLE = ("name", "sex", "birth_date", "national_grade", "native_unit", "member_id", "fide_id")
"""What a registrant may change of a player (section and unit changes are new registrations)."""


def _player_values(player: models.RegisteredPlayer) -> dict[str, str]:
    return {**player.values, "name": player.name}


def change_player(
    registration: models.Registration,
    player: models.RegisteredPlayer,
    values: dict[str, str],
    now: datetime.datetime | None = None,
) -> models.ChangeRequest | None:
    """The registrant changes a player's details: at once while the registration waits and
    the form is open (checked again as when sent); else a request the organisers decide
    (returned). ServiceError when nothing changes or the new details cannot be read."""
    now = now or timezone.now()
    registration.refresh_from_db(fields=["status"])
    player.refresh_from_db()
    old = _player_values(player)
    new = {k: " ".join(v.split()) for k, v in values.items() if k in CHANGEABLE}
    changed = {k: v for k, v in new.items() if v != old.get(k, "")}
    if not changed:
        raise ServiceError(_("Nothing was changed."))
    if "name" in changed and not changed["name"]:
        raise ServiceError(_("The name is missing."))
    merged = {**old, **changed, "section": player.section.key}
    read = entries_import.read_row(registration.event, registration_row(merged, player.position))
    if read.problems:
        raise ServiceError(" ".join(read.problems))
    if changes_need_approval(registration, now):
        with transaction.atomic():
            request = models.ChangeRequest.objects.create(
                registration=registration,
                player=player,
                old_values={k: old.get(k, "") for k in changed},
                new_values=changed,
                created_at=now,
            )
            audit.record(
                registration.event,
                REGISTRANT,
                "registration.change_request",
                f"registration {registration.pk}",
                request.old_values,
                request.new_values,
                params={"name": registration.registrant, "player": player.name},
                about=(player.entry,),
            )
        return request
    with transaction.atomic():
        _apply_to_waiting(registration, player, changed, REGISTRANT)
    return None


def _apply_to_waiting(
    registration: models.Registration,
    player: models.RegisteredPlayer,
    changed: dict[str, str],
    actor: Actor,
) -> None:
    """Change a player of a waiting registration, checked again with the others."""
    sending = Sending(
        kind=registration.kind,
        registrant=registration.registrant,
        unit=registration.unit,
        unit_kind=registration.unit_kind,
        team_section=registration.team_section.key if registration.team_section else "",
    )
    for other in registration.players.order_by("position"):
        values = {**_player_values(other), "section": other.section.key}
        if other.pk == player.pk:
            values.update(changed)
        sending.players.append(PlayerForm(values))
    checked = check_players(registration.event, sending, leave_out=registration)
    # Documents were checked when the registration was sent; only the details are again.
    problems = [p for one in checked for p in one.problems if not _is_missing_upload(p)]
    if problems:
        raise ServiceError(" ".join(problems))
    old = {k: _player_values(player).get(k, "") for k in changed}
    if "name" in changed:
        player.name = changed["name"]
    player.values = {k: v for k, v in {**player.values, **changed}.items() if k != "name" and v}
    player.save(update_fields=["name", "values"])
    audit.record(
        registration.event,
        actor,
        "registration.change",
        f"registration {registration.pk}",
        old,
        changed,
        params={"name": registration.registrant, "player": player.name},
        about=(player.entry,),
    )


def _is_missing_upload(problem: str) -> bool:
    prefix = _("Upload the %(document)s (%(section)s).").split("%(document)s")[0]
    return bool(prefix) and problem.startswith(prefix)


def decide_change(
    request: models.ChangeRequest, approving: bool, reason: str, actor: Actor
) -> models.ChangeRequest:
    """Approve a change (an approved player's entry is changed as the entry form changes it:
    ``events.services.update_entry``, with the regulations' name-change deadline) or reject
    it with a reason."""
    registration = request.registration
    event = registration.event
    require_organiser(actor, event)
    reason = " ".join(reason.split())
    if not approving and not reason:
        raise ServiceError(_("Give the reason (the registrant reads it)."))
    check_reason(reason)
    with transaction.atomic():
        current = models.ChangeRequest.objects.select_for_update().get(pk=request.pk)
        if current.status != models.Status.PENDING:
            raise ServiceError(_("This change has already been decided."))
        player = current.player
        if approving:
            if player.entry is not None:
                merged = {**_player_values(player), **current.new_values}
                read = entries_import.read_row(
                    event,
                    registration_row({**merged, "section": player.section.key}, player.position),
                )
                if read.problems or read.data is None:
                    raise ServiceError(" ".join(read.problems))
                data = dataclasses.replace(
                    read.data, rating=player.entry.rating, title=player.entry.title
                )
                event_services.update_entry(player.entry, data, actor)
                player.name = merged["name"]
                player.values = {k: v for k, v in merged.items() if k != "name" and v}
                player.save(update_fields=["name", "values"])
            else:
                _apply_to_waiting(registration, player, dict(current.new_values), actor)
        record_decision(
            current,
            models.Status.APPROVED if approving else models.Status.REJECTED,
            reason,
            actor,
            "registration.change_approve" if approving else "registration.change_reject",
            current.old_values,
            {**current.new_values, **({"reason": reason} if reason else {})},
            player=player,
        )
    return current
