"""Every change to an online registration: sending it, paying it, changing it, the
organisers' decisions, and purging documents. Readings chosen are in docs/registration.md.

A registration is checked as the entries import checks a file (``entries_import.check_rows``:
values read by ``crosstable.typed``, the player placed by the regulations, eligibility,
duplicates and per-unit limits), with the players of the registrations still waiting counted
before it, so that a school's fifth player is refused while its first four wait for approval.
Approving one imports its players through the same import (``import_entries``), so an entry
made online is the entry a file would have made; a team registration then becomes a team
through the teams service.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import secrets
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.regulations.fees import TeamEntry, compute_fee
from crosstable.regulations.registration import documents_for
from crosstable.regulations.schema import DocumentRule, RegistrationRules
from crosstable_web.common.value_messages import stored_text_problem
from crosstable_web.events import models as event_models
from crosstable_web.events import services as event_services
from crosstable_web.events.entries import entries_import
from crosstable_web.events.entries.entries_import import ColumnRef, RawRow
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_organiser
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.events.services import ServiceError
from crosstable_web.registrations import documents, models
from crosstable_web.registrations.payments import Confirmation

REGISTRANT = "registrant"
"""The audit log's name for the person holding a registration's private link."""
PROVIDER_PREFIX = "payment provider "
TOKEN_SALT = "crosstable.registrations.link"
CENTS = Decimal("0.01")


class Refused(Exception):
    """A registration that cannot be taken as sent: problems of the whole and of each
    player (by position, from 1), in the registrant's language."""

    def __init__(self, general: list[str], players: dict[int, list[str]]) -> None:
        super().__init__("; ".join([*general, *(p for ps in players.values() for p in ps)]))
        self.general = general
        self.players = players


# --- when the form is open -------------------------------------------------------------------


FormState = event_time.RegistrationState
"""Whether the public form takes registrations (``events.event_time``: the same state every
page says)."""


def registration_rules(event: event_models.Event) -> RegistrationRules | None:
    regulations = rules.event_regulations(event)
    return regulations.registration if regulations is not None else None


def form_state(event: event_models.Event, now: datetime.datetime | None = None) -> FormState:
    """Whether the public form takes registrations at ``now``: the regulations' table, then
    the event's registration state (the organisers' switch, the opening and closing moments
    at the venue)."""
    if registration_rules(event) is None:
        return FormState(False, _("This event takes no online registration."), None, False)
    return event_time.registration_state(event, now)


def changes_need_approval(registration: models.Registration, now: datetime.datetime) -> bool:
    """Once the form has closed or the registration is approved, a change is a request the
    organisers decide; before, the registrant changes it directly."""
    return (
        registration.status != models.Status.PENDING
        or not form_state(registration.event, now).is_open
    )


# --- the private link --------------------------------------------------------------------------


def token(registration: models.Registration) -> str:
    """The signed token of the registrant's private link."""
    return signing.Signer(salt=TOKEN_SALT).sign(f"{registration.pk}.{registration.secret}")


def by_token(event: event_models.Event, text: str) -> models.Registration | None:
    """The registration a private link names (None: forged, changed or another event's)."""
    try:
        value = signing.Signer(salt=TOKEN_SALT).unsign(text)
    except signing.BadSignature:
        return None
    pk, _dot, secret = value.partition(".")
    found = models.Registration.objects.filter(event=event, pk=pk if pk.isdigit() else 0).first()
    if found is None or not secrets.compare_digest(found.secret, secret):
        return None
    return found


# --- checking players ----------------------------------------------------------------------------


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


def _row(values: dict[str, str], line: int, labels: dict[str, str] | None = None) -> RawRow:
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
        _row({**player.values, "name": player.name, "section": player.section.key}, 0)
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
        rows.append(_row(values, position, player.labels))
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


def _team_fee(
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


# --- sending -------------------------------------------------------------------------------------


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
                total = _team_fee(event, registration.team_section, checked, sending)
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
    _approve_if_no_approval_needed(registration)
    return registration


def _approve_if_no_approval_needed(registration: models.Registration) -> None:
    table = registration_rules(registration.event)
    if table is None or table.approval or registration.status != models.Status.PENDING:
        return
    if paid_total(registration) < registration.fee_due:
        return
    # A refusal leaves it in the organisers' queue, where approving it again says why.
    with contextlib.suppress(ServiceError):
        approve(registration, "system")


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


# --- payments --------------------------------------------------------------------------------

REFERENCE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The random part of a payment reference: no 0/O, 1/I/L (read aloud or typed at a bank)."""


def payment_reference(event_id: int, registration_id: int) -> str:
    """A registration's payment reference, ``CT12-00034-K7QX9P``: the event and the
    registration (for the organisers' eyes) and six random letters (31⁶, about 900 million),
    so nobody reaches another's payment by counting (issue 31 item 6)."""
    suffix = "".join(secrets.choice(REFERENCE_LETTERS) for _ in range(6))
    return f"CT{event_id}-{registration_id:05d}-{suffix}"


def paid_total(registration: models.Registration) -> Decimal:
    return sum((p.amount for p in registration.payments.all()), Decimal(0))


def record_payment(
    registration: models.Registration, amount: Decimal, paid_on: datetime.date, actor: Actor
) -> models.Payment:
    """An organiser records a payment of ``registration``'s fee."""
    require_organiser(actor, registration.event)
    return _add_payment(registration, amount, paid_on, "organiser", "", actor)


def confirm_payment(provider_name: str, confirmation: Confirmation) -> models.Payment | None:
    """A payment provider's confirmation, recorded once (None: already recorded). An
    unknown reference is refused (ServiceError)."""
    registration = models.Registration.objects.filter(
        payment_reference=confirmation.payment_reference
    ).first()
    if registration is None:
        raise ServiceError(
            _("No registration has the payment reference %(reference)s."),
            reference=confirmation.payment_reference,
        )
    if models.Payment.objects.filter(
        provider=provider_name, provider_reference=confirmation.provider_reference
    ).exists():
        return None
    return _add_payment(
        registration,
        confirmation.amount,
        confirmation.paid_on,
        provider_name,
        confirmation.provider_reference,
        PROVIDER_PREFIX + provider_name,
    )


def _add_payment(
    registration: models.Registration,
    amount: Decimal,
    paid_on: datetime.date,
    provider: str,
    provider_reference: str,
    actor: Actor,
) -> models.Payment:
    if amount <= 0:
        raise ServiceError(_("A payment must be more than zero."))
    if paid_on > timezone.localdate() + datetime.timedelta(days=1):
        raise ServiceError(_("The payment date %(date)s is in the future."), date=paid_on)
    with transaction.atomic():
        payment = models.Payment.objects.create(
            registration=registration,
            amount=amount.quantize(CENTS),
            paid_on=paid_on,
            provider=provider,
            provider_reference=provider_reference,
        )
        total = paid_total(registration)
        audit.record(
            registration.event,
            actor,
            "registration.payment",
            f"registration {registration.pk}",
            None,
            {
                "amount": str(payment.amount),
                "paid_on": paid_on.isoformat(),
                "paid": str(total),
                "fee_due": str(registration.fee_due),
            },
            params={"name": registration.registrant},
        )
        if registration.status == models.Status.APPROVED:
            _pass_payment_on(registration, payment, actor)
    _approve_if_no_approval_needed(registration)
    return payment


def _shares(registration: models.Registration, paid: Decimal) -> list[Decimal]:
    """What of ``paid`` each player's entry counts as paid: in roster order, each player's
    fee in full before the next one's."""
    shares = []
    for player in registration.players.order_by("position"):
        share = min(paid, player.fee_due)
        shares.append(share)
        paid -= share
    return shares


def _pass_payment_on(
    registration: models.Registration, payment: models.Payment, actor: Actor
) -> None:
    """A payment made after approval goes where the organisers' fee pages read it: the
    team's payments, or the entries' amounts paid."""
    if registration.team is not None:
        from crosstable_web.teams.payments import record_team_payment

        record_team_payment(registration.team, payment.amount, payment.paid_on, actor)
        return
    shares = _shares(registration, paid_total(registration))
    for player, share in zip(registration.players.order_by("position"), shares, strict=True):
        if player.entry is not None and player.entry.fee_paid != share:
            event_services.record_payment(player.entry, share, actor)


# --- the organisers' decisions ---------------------------------------------------------------


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
        shares = [Decimal(0)] * len(players) if is_team else _shares(current, paid_total(current))
        rows = [
            _row(
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
        _decide(
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


def _check_reason(reason: str) -> None:
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
    _check_reason(reason)
    with transaction.atomic():
        current = models.Registration.objects.select_for_update().get(pk=registration.pk)
        if current.status != models.Status.PENDING:
            raise ServiceError(_("This registration has already been decided."))
        _decide(
            current,
            models.Status.REJECTED,
            reason,
            actor,
            "registration.reject",
            models.Status.PENDING.value,
            {"status": models.Status.REJECTED.value, "reason": reason},
        )
    return current


def _decide(
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


# --- changes -------------------------------------------------------------------------------


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
    read = entries_import.read_row(registration.event, _row(merged, player.position))
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
    _check_reason(reason)
    with transaction.atomic():
        current = models.ChangeRequest.objects.select_for_update().get(pk=request.pk)
        if current.status != models.Status.PENDING:
            raise ServiceError(_("This change has already been decided."))
        player = current.player
        if approving:
            if player.entry is not None:
                merged = {**_player_values(player), **current.new_values}
                read = entries_import.read_row(
                    event, _row({**merged, "section": player.section.key}, player.position)
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
        _decide(
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


# --- documents ---------------------------------------------------------------------------------


def document_rules(event: event_models.Event) -> tuple[DocumentRule, ...]:
    table = registration_rules(event)
    return table.documents if table is not None else ()


def purge_documents(
    event: event_models.Event, actor: Actor, today: datetime.date | None = None
) -> int:
    """Delete every uploaded document of ``event`` (organisers, once the event is over):
    the files go, the rows stay as a record (name, size, when purged). The count purged."""
    require_organiser(actor, event)
    today = today or timezone.localdate(timezone=event_time.zone(event))
    last_day = event.end_date or event.start_date
    if last_day is None or today <= last_day:
        raise ServiceError(
            _("Documents are purged after the event: its last day is %(day)s.")
            % {"day": last_day.isoformat() if last_day else _("not set")}
        )
    with transaction.atomic():
        found = list(
            models.Document.objects.select_for_update().filter(
                player__registration__event=event, purged_at__isnull=True
            )
        )
        now = timezone.now()
        for document in found:
            documents.remove(document.stored_name)
            document.stored_name = ""
            document.purged_at = now
            document.save(update_fields=["stored_name", "purged_at"])
        copies, backups = _mark_copies_of_purged(event, {d.sha256 for d in found if d.sha256}, now)
        audit.record(
            event,
            actor,
            "registration.purge_documents",
            event.name,
            None,
            {"count": len(found), "copies_marked": copies, "backups_still_holding": backups},
        )
    return len(found)


def _mark_copies_of_purged(
    event: event_models.Event, checksums: set[str], now: datetime.datetime
) -> tuple[list[str], list[dict[str, Any]]]:
    """Mark what still holds the files just purged (issue 31 item 2): the documents of other
    events of this server with the same file (a copy imported from a backup, or the
    original of a copy), and the backup archives made here that carry them (restoring one
    here leaves them out). The events marked and the archives, for the audit line."""
    marked_events: set[str] = set()
    if not checksums:
        return [], []
    copies = models.Document.objects.select_for_update().filter(
        sha256__in=checksums, purged_at__isnull=True
    )
    for copy in copies.exclude(player__registration__event=event).select_related(
        "player__registration__event"
    ):
        copy.marks = [
            *copy.marks,
            {"kind": "purged_elsewhere", "event": event.slug, "at": now.isoformat()},
        ]
        copy.save(update_fields=["marks"])
        marked_events.add(copy.player.registration.event.slug)
    backups = []
    for archive in event_models.BackupArchive.objects.select_for_update().select_related("event"):
        held = sorted(checksums & set(archive.checksums))
        if held:
            archive.purges = [
                *archive.purges,
                {"at": now.isoformat(), "event": event.slug, "checksums": held},
            ]
            archive.save(update_fields=["purges"])
            backups.append(
                {
                    "archive": archive.archive_id,
                    "of": archive.event.slug,
                    "made_at": archive.made_at.isoformat(),
                    "documents": len(held),
                }
            )
    return sorted(marked_events), backups
