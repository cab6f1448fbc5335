"""A registration's players checked before it is taken, as the entries import
checks a file's rows, with the players of the registrations still waiting counted before it;
what cannot be taken is ``Refused``, in the registrant's language.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.regulations.fees import TeamEntry, compute_fee
from crosstable.regulations.registration import documents_for
from crosstable_web.events import models as event_models
from crosstable_web.events import services as event_services
from crosstable_web.events.entries import entries_import
from crosstable_web.events.entries.entries_import import ColumnRef, RawRow
from crosstable_web.events.regulations import rules
from crosstable_web.registrations import documents, models
from crosstable_web.registrations.services.opening import form_state, registration_rules


class Refused(Exception):
    """A registration that cannot be taken as sent: problems of the whole and of each
    player (by position, from 1), in the registrant's language."""

    def __init__(self, general: list[str], players: dict[int, list[str]]) -> None:
        super().__init__("; ".join([*general, *(p for ps in players.values() for p in ps)]))
        self.general = general
        self.players = players


@dataclasses.dataclass(slots=True)
class PlayerForm:
    """One player as the form sends them: ``values`` column -> text as typed (``name``,
    ``section`` code or "" to be placed, ``sex``, ``birth_date``…; the entries import's
    columns), the uploads by document key, and the form's label of each column (messages
    name the field by it)."""

    values: dict[str, str]
    uploads: dict[str, documents.Upload] = dataclasses.field(default_factory=dict)
    labels: dict[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(slots=True)
class Sending:
    """A registration as the form sends it."""

    kind: str
    registrant: str
    email: str = ""
    phone: str = ""
    unit: str = ""
    unit_kind: str = ""
    team_name: str = ""
    team_section: str = ""
    players: list[PlayerForm] = dataclasses.field(default_factory=list)
    language: str = ""


@dataclasses.dataclass(slots=True)
class CheckedPlayer:
    form: PlayerForm
    section: event_models.Section | None
    data: event_services.EntryData | None
    problems: list[str]


def registration_row(
    values: dict[str, str], line: int, labels: dict[str, str] | None = None
) -> RawRow:
    return RawRow(
        line,
        dict(values),
        columns={column: ColumnRef("", label) for column, label in (labels or {}).items()},
    )


def _waiting_rows(event: event_models.Event, leave_out: models.Registration | None) -> list[RawRow]:
    """The players of the registrations still waiting, as import rows (each with its
    section), so that limits count them."""
    players = models.RegisteredPlayer.objects.filter(
        registration__event=event, registration__status=models.Status.PENDING
    ).select_related("section", "registration")
    if leave_out is not None:
        players = players.exclude(registration=leave_out)
    return [
        registration_row({**player.values, "name": player.name, "section": player.section.key}, 0)
        for player in players.order_by("registration__created_at", "registration_id", "position")
    ]


def check_players(
    event: event_models.Event,
    sending: Sending,
    leave_out: models.Registration | None = None,
) -> list[CheckedPlayer]:
    """Each player read, placed and checked as the import checks a row, after the entries
    and the players of the registrations still waiting (``leave_out``: the registration
    being changed)."""
    team_section = None
    if sending.kind == models.Kind.TEAM:
        team_section = event.sections.filter(key=sending.team_section).first()
    rows = []
    for position, player in enumerate(sending.players, start=1):
        values = {k: " ".join(v.split()) for k, v in player.values.items() if v is not None}
        if sending.kind in (models.Kind.UNIT, models.Kind.TEAM):
            values["unit"] = sending.unit
            values["unit_kind"] = sending.unit_kind
        if team_section is not None:
            values["section"] = team_section.key
        rows.append(registration_row(values, position, player.labels))
    waiting = _waiting_rows(event, leave_out)
    report = entries_import.check_rows(event, [*waiting, *rows])
    checked = [
        CheckedPlayer(form, row.section, row.data, list(row.problems))
        for form, row in zip(sending.players, report.rows[len(waiting) :], strict=True)
    ]
    table = registration_rules(event)
    for one in checked:
        if one.section is None or table is None:
            continue
        for rule in documents_for(table, one.section.key):
            upload = one.form.uploads.get(rule.key)
            if upload is None:
                one.problems.append(
                    _("Upload the %(document)s (%(section)s).")
                    % {"document": rule.name, "section": one.section.name}
                )
            elif (trouble := documents.problem(upload, rule.name)) is not None:
                one.problems.append(trouble)
    return checked


def general_problems(
    event: event_models.Event, sending: Sending, now: datetime.datetime | None = None
) -> list[str]:
    """What is wrong with the registration as a whole (the form closed, no contact…)."""
    now = now or timezone.now()
    problems = []
    state = form_state(event, now)
    if not state.is_open:
        problems.append(state.message)
    table = registration_rules(event)
    if table is not None and sending.kind not in {kind.value for kind in table.by}:
        problems.append(_("This event does not take this kind of registration."))
    if not sending.registrant.strip():
        problems.append(_("Give your name."))
    if not (sending.email.strip() or sending.phone.strip()):
        problems.append(_("Give an e-mail address or a phone number."))
    if not sending.players:
        problems.append(_("Register at least one player."))
    if sending.kind == models.Kind.PLAYER and len(sending.players) > 1:
        problems.append(_("A player's registration has one player."))
    if sending.kind in (models.Kind.UNIT, models.Kind.TEAM) and not sending.unit.strip():
        problems.append(_("Give the unit's name."))
    if sending.kind == models.Kind.TEAM:
        section = event.sections.filter(key=sending.team_section).first()
        if section is None or not section.is_team_section:
            problems.append(_("Choose the team section."))
        if not sending.team_name.strip():
            problems.append(_("Give the team's name."))
    return problems


def team_fee(
    event: event_models.Event,
    section: event_models.Section,
    checked: Sequence[CheckedPlayer],
    sending: Sending,
) -> Decimal:
    regulations = rules.event_regulations(event)
    if regulations is None or regulations.fees is None or regulations.fees.per != "team":
        return Decimal(0)
    members = tuple(
        rules.entrant_data(section, player.data) for player in checked if player.data is not None
    )
    entry = TeamEntry(
        name=sending.team_name,
        members=members,
        unit=sending.unit,
        unit_kind=sending.unit_kind,
        section=rules.rules_key(section),
    )
    return compute_fee(regulations, entry).amount_due
