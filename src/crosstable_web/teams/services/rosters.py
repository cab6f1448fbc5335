"""Teams and captains: an organiser creates, edits and deletes a team (its name,
unit, prize attributes and roster; the roster is fixed once round 1 is paired) and names its
captain; the team form's fields come from the regulations' team prizes and fees.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from crosstable.teams.board_prizes import (
    team_prize_attributes,
)
from crosstable_web.events import services as event_services
from crosstable_web.events.models import Entry, Section
from crosstable_web.events.oversight import permissions
from crosstable_web.events.oversight.audit import Actor, record
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData, ServiceError, team_capacity_problem
from crosstable_web.teams import bridge, fees, models, places
from crosstable_web.teams.services.audit_lines import audit_params, audit_target


def create_team(
    section: Section,
    name: str,
    members: Sequence[Entry],
    actor: Actor,
    unit: str = "",
    unit_kind: str = "",
    attributes: dict[str, Any] | None = None,
    member_attributes: Sequence[dict[str, Any]] | None = None,
) -> models.Team:
    """A new team with ``members`` as its roster, in board order (``member_attributes``: what
    the fee discounts test of each, e.g. ``{"local": True}``), its fee computed and stored.
    A full section refuses it, unless places go to the teams that pay first: then it is
    entered and waits for a place (``crosstable_web.teams.places``)."""
    permissions.require_organiser(actor, section.event)
    _check_roster_size(section, members)
    with transaction.atomic():
        # Locked so that two organisers saving at once cannot both take the last place.
        Section.objects.select_for_update().get(pk=section.pk)
        full = team_capacity_problem(section, section.teams.count())
        if full is not None and not places.admission_by_payment(section):
            raise ServiceError(full)
        number = 1 + max(section.teams.values_list("number", flat=True), default=0)
        # The address of the team's public pages, never renumbered. Teams of a file written
        # before entry numbers existed are addressed by their numbers: they keep them as entry
        # numbers first, so that the new team's cannot be one of those addresses.
        for old in section.teams.filter(entry_number__isnull=True):
            models.Team.objects.filter(pk=old.pk).update(entry_number=old.number)
        entry_number = 1 + max(
            (n or 0 for n in section.teams.values_list("entry_number", flat=True)), default=0
        )
        team = models.Team.objects.create(
            section=section,
            number=number,
            entry_number=entry_number,
            name=name,
            unit=unit,
            unit_kind=unit_kind,
            attributes=attributes or {},
        )
        _add_members(team, members, member_attributes)
        fee = fees.refresh_fee(team)
        record(
            section.event,
            actor,
            "team.create",
            audit_target(team),
            None,
            {
                "name": name,
                "roster": [entry.name for entry in members],
                "unit": unit,
                "unit_kind": unit_kind,
                "attributes": dict(attributes or {}),
                **_member_attributes_log(members, member_attributes),
                **fee,
            },
            params=audit_params(team),
            about=(team,),
        )
    return team


def _member_attributes_log(
    members: Sequence[Entry], member_attributes: Sequence[dict[str, Any]] | None
) -> dict[str, Any]:
    """The roster's per-player fee attributes for the audit log (only when there are any)."""
    if not member_attributes or not any(member_attributes):
        return {}
    return {
        "member_attributes": {
            entry.name: dict(values)
            for entry, values in zip(members, member_attributes, strict=False)
            if values
        }
    }


def edit_team(
    team: models.Team,
    name: str,
    members: Sequence[Entry],
    actor: Actor,
    unit: str = "",
    unit_kind: str = "",
    attributes: dict[str, Any] | None = None,
    member_attributes: Sequence[dict[str, Any]] | None = None,
) -> models.Team:
    """Change a team's name, unit, prize and fee attributes (None: unchanged), roster (board
    order) and its players' fee attributes (None: unchanged); the roster only until the first
    round is paired. The fee is computed again and stored."""
    section = team.section
    permissions.require_organiser(actor, section.event)
    old_members = list(team.members.select_related("entry"))
    old_roster = [member.entry for member in old_members]
    roster_changed = [entry.pk for entry in old_roster] != [entry.pk for entry in members]
    if roster_changed and section.team_rounds.exists():
        raise ServiceError(_("Rosters are fixed once the first round is paired."))
    _check_roster_size(section, members)
    with transaction.atomic():
        old = {
            "name": team.name,
            "unit": team.unit,
            "unit_kind": team.unit_kind,
            "attributes": dict(team.attributes),
            "roster": [entry.name for entry in old_roster],
            **_member_attributes_log(old_roster, [m.attributes for m in old_members]),
            "fee_due": str(team.fee_due),
        }
        team.name, team.unit, team.unit_kind = name, unit, unit_kind
        if attributes is not None:
            team.attributes = dict(attributes)
        team.save(update_fields=["name", "unit", "unit_kind", "attributes"])
        if member_attributes is None:
            kept = {member.entry_id: member.attributes for member in old_members}
            member_attributes = [dict(kept.get(entry.pk, {})) for entry in members]
        if roster_changed:
            team.members.all().delete()
            _add_members(team, members, member_attributes)
        else:
            for member, values in zip(old_members, member_attributes, strict=False):
                if member.attributes != values:
                    member.attributes = dict(values)
                    member.save(update_fields=["attributes"])
        fee = fees.refresh_fee(team)
        record(
            section.event,
            actor,
            "team.edit",
            audit_target(team),
            old,
            {
                "name": name,
                "unit": unit,
                "unit_kind": unit_kind,
                "attributes": dict(team.attributes),
                "roster": [entry.name for entry in members],
                **_member_attributes_log(members, member_attributes),
                **fee,
            },
            params=audit_params(team),
            about=(team,),
        )
    return team


DERIVED_COUNTS = {"local_players": "local"}
"""Team attributes (tested by team prizes) that count the roster's players with a per-player
attribute (tested by fee discounts): the form sets the count from the check boxes."""


@dataclasses.dataclass(frozen=True)
class TeamFormFields:
    """What the organiser's team form asks of a team beyond its name, unit and roster."""

    attributes: dict[str, type]
    """Team attributes typed in (the team prizes' and fee discounts' conditions), each with
    its kind of value; not those a roster's check boxes count."""
    member_attributes: list[str]
    """Per-player yes/no attributes the fee discounts test (Fars: ``local``)."""
    derived: dict[str, str]
    """Team attribute counted from a per-player one (``DERIVED_COUNTS``, where asked)."""


def team_form_fields(section: Section) -> TeamFormFields:
    regulations = rules.section_rules(section)
    attribute_kinds = team_prize_attributes(regulations.prizes if regulations else ())
    for name, kind in fees.team_fee_attributes(section).items():
        attribute_kinds.setdefault(name, kind)
    member_attributes = fees.member_fee_attributes(section)
    # A count the roster's check boxes give (Fars: local players) is not typed in as well.
    derived = {count: name for count, name in DERIVED_COUNTS.items() if name in member_attributes}
    for count in derived:
        attribute_kinds.pop(count, None)
    return TeamFormFields(attribute_kinds, member_attributes, derived)


@dataclasses.dataclass(frozen=True)
class TeamData:
    """A team as the organiser's form gives it."""

    name: str
    unit: str
    unit_kind: str
    captain: AbstractBaseUser | None
    roster: list[Entry | tuple[str, str]]
    """Board order: an entered player, or a new one's (name, member id)."""
    ratings: list[int | None]
    """Each roster place's rating as typed (None: left empty)."""
    attributes: dict[str, Any]
    member_attributes: list[dict[str, Any]]


def save_team(
    section: Section, team: models.Team | None, data: TeamData, actor: Actor
) -> models.Team:
    """Create (``team`` None) or edit a team from the organiser's form, in one transaction:
    new roster players entered in the section, changed ratings saved, the attributes the form
    does not ask kept, the counts of per-player attributes set, the captain named."""
    fields = team_form_fields(section)
    attributes = {
        name: value
        for name, value in (team.attributes if team else {}).items()
        if name not in fields.attributes
    } | data.attributes
    for count, name in fields.derived.items():
        attributes[count] = sum(1 for values in data.member_attributes if values.get(name))
    with transaction.atomic():
        members = _roster_entries(section, data.roster, data.ratings, actor)
        if team is None:
            saved = create_team(
                section,
                data.name,
                members,
                actor,
                unit=data.unit,
                unit_kind=data.unit_kind,
                attributes=attributes,
                member_attributes=data.member_attributes,
            )
        else:
            saved = edit_team(
                team,
                data.name,
                members,
                actor,
                unit=data.unit,
                unit_kind=data.unit_kind,
                attributes=attributes,
                member_attributes=data.member_attributes,
            )
        if saved.captain_id != (data.captain.pk if data.captain else None):
            set_captain(saved, data.captain, actor)
    return saved


def _roster_entries(
    section: Section,
    places: list[Entry | tuple[str, str]],
    ratings: list[int | None],
    actor: Actor,
) -> list[Entry]:
    """The roster's entries: new players entered in the section with their rating, and the
    changed ratings of entered players saved (the team's average rating counts them). A
    blank rating keeps an entered player's rating (an imported list's ratings are not lost
    when the box is left empty) and enters a new player unrated; 0 makes a player unrated."""
    members: list[Entry] = []
    for place, rating in zip(places, ratings, strict=True):
        if isinstance(place, Entry):
            if rating is not None and rating != place.rating:
                data = dataclasses.replace(event_services.entry_data_of(place), rating=rating)
                place = event_services.update_entry(place, data, actor)
            members.append(place)
        else:
            members.append(
                event_services.add_entry(
                    section,
                    EntryData(name=place[0], member_id=place[1], rating=rating or 0),
                    actor,
                )
            )
    return members


def delete_team(team: models.Team, actor: Actor) -> None:
    """Delete a team (its players stay entered in the section): organisers only, and only
    until the first round is paired (afterwards its matches are part of the event)."""
    section = team.section
    permissions.require_organiser(actor, section.event)
    if section.team_rounds.exists():
        raise ServiceError(
            _(
                "A team cannot be deleted once the first round is paired; a team that stops "
                "playing stays in the standings."
            )
        )
    with transaction.atomic():
        old = {
            "name": team.name,
            "unit": team.unit,
            "unit_kind": team.unit_kind,
            "attributes": dict(team.attributes),
            "captain": team.captain.get_username() if team.captain else None,
            "roster": [member.entry.name for member in team.members.select_related("entry")],
            # Its payments go with it: the log keeps them (refunds are the organiser's matter).
            "fee_due": str(team.fee_due),
            "payments": [
                {"amount": str(payment.amount), "paid_on": payment.paid_on.isoformat()}
                for payment in team.payments.all()
            ],
        }
        target, about = audit_target(team), audit_params(team)
        team.delete()
        record(section.event, actor, "team.delete", target, old, None, params=about)


def _check_roster_size(section: Section, members: Sequence[Entry]) -> None:
    team_rules = bridge.team_rules(section)
    most = team_rules.boards + team_rules.reserves
    if len(members) > most:
        raise ServiceError(
            _("A team has at most %(most)d players (%(boards)d boards and %(reserves)d reserves).")
            % {"most": most, "boards": team_rules.boards, "reserves": team_rules.reserves}
        )
    if team_rules.min_players is not None and len(members) < team_rules.min_players:
        raise ServiceError(
            _("A team needs at least %(least)d players.") % {"least": team_rules.min_players}
        )


def _add_members(
    team: models.Team,
    members: Sequence[Entry],
    member_attributes: Sequence[dict[str, Any]] | None = None,
) -> None:
    for position, entry in enumerate(members, start=1):
        if entry.section_id != team.section_id:
            raise ServiceError(_("%(name)s is not entered in this section.") % {"name": entry.name})
        if models.TeamMember.objects.filter(entry=entry).exists():
            raise ServiceError(_("%(name)s is already on a team.") % {"name": entry.name})
        values = member_attributes[position - 1] if member_attributes else {}
        models.TeamMember.objects.create(
            team=team, entry=entry, position=position, attributes=dict(values or {})
        )


def set_captain(team: models.Team, user: AbstractBaseUser | None, actor: Actor) -> None:
    permissions.require_organiser(actor, team.section.event)
    old = team.captain.get_username() if team.captain else None
    with transaction.atomic():
        team.captain = user  # type: ignore[assignment]
        team.save(update_fields=["captain"])
        record(
            team.section.event,
            actor,
            "team.captain",
            audit_target(team),
            old,
            user.get_username() if user else None,
            params=audit_params(team),
            about=(team,),
        )
