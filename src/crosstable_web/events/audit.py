"""The audit log: every change to an event, who made it, when, old value → new value;
the chain of digests that makes an edited or deleted line show (:func:`digest`,
:func:`verify`); and how the audit log page reads a line (:func:`action_name`,
:func:`changes`)."""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from crosstable_web.events import models

Actor = AbstractBaseUser | AnonymousUser | str | None
"""Who acts: an account (signed in on the web, or named by a command's ``--as``), or a name
for code of the server itself acting without one (tests, scripts), or None (system)."""


def actor_name(actor: Actor) -> str:
    if actor is None:
        return "system"
    if isinstance(actor, str):
        return actor
    return actor.get_username() or "anonymous"


def record(
    event: models.Event | None,
    actor: Actor,
    action: str,
    target: str = "",
    old: Any = None,
    new: Any = None,
    warnings: Sequence[str | Mapping[str, Any]] | None = None,
) -> models.AuditLog:
    """Append one line to the audit log (inside the caller's transaction). ``warnings``:
    sentences, or data a page renders in its reader's language (pairing warnings,
    ``rounds.warning_text``). The line's digest follows the event's last line: the event
    row is locked until the caller's transaction ends, so two lines never follow the same
    one."""
    # The log's foreign key points at the configured user model, which every logged-in actor is.
    user = actor if isinstance(actor, get_user_model()) else None
    line = models.AuditLog(
        event=event,
        user=user,
        username=actor_name(actor),
        at=timezone.now(),
        action=action,
        target=target[:300],
        # stored as JSON gives it back: the digest is of what is read again
        old=_as_stored(old),
        new=_as_stored(new),
        warnings=_as_stored(list(warnings or [])),
    )
    with transaction.atomic():
        if event is not None:
            list(models.Event.objects.select_for_update().filter(pk=event.pk).values("pk"))
        last = (
            models.AuditLog.objects.filter(event=event)
            .order_by("-pk")
            .values_list("digest", flat=True)
            .first()
        )
        line.digest = digest(last or "", line)
        line.save()
    return line


def _as_stored(value: Any) -> Any:
    return json.loads(json.dumps(value))


# --- the chain ------------------------------------------------------------------------------
# Each line of an event stores sha256(previous line's digest + the line's content): editing a
# line breaks its own digest, deleting one breaks the next line's. The digest covers what an
# export carries (not database ids nor the event's slug), so an imported event's log verifies.
# Changing what is hashed would break every stored chain: migration events.0007 holds a frozen copy.


def content(line: models.AuditLog) -> str:
    """The part of a line its digest covers, as one canonical text."""
    at = line.at.astimezone(datetime.UTC).isoformat(timespec="microseconds")
    return json.dumps(
        [at, line.username, line.action, line.target, line.old, line.new, line.warnings],
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )


def digest(previous: str, line: models.AuditLog) -> str:
    return hashlib.sha256(f"{previous}\n{content(line)}".encode()).hexdigest()


@dataclasses.dataclass(frozen=True, slots=True)
class ChainReport:
    """What :func:`verify` found in one event's log."""

    lines: int
    head: str
    """The last line's digest as stored: written down (on the signed report), it shows later whether
    lines were added or removed at the end, which the chain alone cannot."""
    broken_at: int | None
    """The place (1 = first line) of the first line whose digest does not follow."""
    line: models.AuditLog | None = None

    @property
    def intact(self) -> bool:
        return self.broken_at is None


def verify(event: models.Event | None) -> ChainReport:
    """Check the chain of ``event``'s log (of the lines of no event when None), oldest first."""
    lines = models.AuditLog.objects.filter(event=event).order_by("pk")
    total = lines.count()
    head = lines.values_list("digest", flat=True).last() or ""
    previous = ""
    for place, line in enumerate(lines.iterator(), start=1):
        if line.digest != digest(previous, line):
            return ChainReport(total, head, place, line)
        previous = line.digest
    return ChainReport(total, head, None)


# --- reading the log ------------------------------------------------------------------------
# The log stores action codes ("entry.house_add") and old/new values as JSON; the audit log
# page shows an action name in the reader's language and what changed, field by field, and
# keeps the raw JSON one click away.

_ACTION_NAMES: dict[str, Promise] = {
    "event.create": gettext_lazy("Event created"),
    "event.import": gettext_lazy("Event imported"),
    "event.registration": gettext_lazy("Registration opened or closed"),
    "role.grant": gettext_lazy("Role given"),
    "role.revoke": gettext_lazy("Role taken away"),
    "event.settings": gettext_lazy("Event settings changed"),
    "round.start": gettext_lazy("Round start changed"),
    "entry.add": gettext_lazy("Player entered"),
    "entry.late": gettext_lazy("Late entry"),
    "entry.import": gettext_lazy("Entries imported"),
    "entry.update": gettext_lazy("Entry changed"),
    "entry.delete": gettext_lazy("Entry deleted"),
    "entry.fee_paid": gettext_lazy("Fee paid"),
    "entry.house_add": gettext_lazy("House player added"),
    "entry.house_remove": gettext_lazy("House player removed"),
    "entry.bye": gettext_lazy("Bye requested"),
    "entry.withdraw": gettext_lazy("Withdrawal"),
    "entry.withdraw_auto": gettext_lazy("Withdrawn after forfeits"),
    "entry.reinstate_auto": gettext_lazy("Reinstated (forfeit withdrawal undone)"),
    "player.ineligible": gettext_lazy("Player found ineligible"),
    "section.split": gettext_lazy("Section split into playing groups"),
    "section.pairing_numbers": gettext_lazy("Pairing numbers given"),
    "round.pair": gettext_lazy("Round paired"),
    "round.unpair": gettext_lazy("Pairing deleted"),
    "round.manual_change": gettext_lazy("Pairing changed by hand"),
    "round.swap_colours": gettext_lazy("Colours swapped"),
    "result.enter": gettext_lazy("Result entered"),
    "result.correct": gettext_lazy("Result corrected"),
    "result.undo": gettext_lazy("Result undone"),
    "result.fouls": gettext_lazy("Fouls recorded"),
    "board.result": gettext_lazy("Board result"),
    "team.create": gettext_lazy("Team created"),
    "team.edit": gettext_lazy("Team changed"),
    "team.delete": gettext_lazy("Team deleted"),
    "team.captain": gettext_lazy("Captain named"),
    "team.fee": gettext_lazy("Team fee computed"),
    "team.payment": gettext_lazy("Team payment"),
    "team.payment.cancel": gettext_lazy("Team payment cancelled"),
    "team_round.pair": gettext_lazy("Team round paired"),
    "lineup.submit": gettext_lazy("Line-up handed in"),
}

_FIELD_NAMES: dict[str, Promise] = {
    "name": gettext_lazy("Name"),
    "sex": gettext_lazy("Sex"),
    "birth_date": gettext_lazy("Birth date"),
    "rating": gettext_lazy("Rating"),
    "title": gettext_lazy("Title"),
    "federation": gettext_lazy("Federation"),
    "national_grade": gettext_lazy("Grade"),
    "unit": gettext_lazy("Unit"),
    "native_unit": gettext_lazy("Native of"),
    "member_id": gettext_lazy("Membership id"),
    "boards": gettext_lazy("Boards"),
    "bye": gettext_lazy("Bye"),
}


def action_name(code: str) -> str:
    """The action in the reader's language; an action this page has no words for is shown
    as its code."""
    name = _ACTION_NAMES.get(code)
    return str(name) if name is not None else code


@dataclasses.dataclass(frozen=True, slots=True)
class Change:
    """One field of an audit line: ``field`` ("" for a value that is not a record), its
    value before and after, as text ("" when there was none)."""

    field: str
    old: str
    new: str


def _text(value: Any) -> str:
    """A stored value as a person reads it: lists joined, pairs as "1–2", yes/no."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, list | tuple):
        if value and all(isinstance(item, list | tuple) for item in value):
            return ", ".join("–".join(_text(part) or "–" for part in item) for item in value)
        return ", ".join(_text(item) for item in value)
    if isinstance(value, Mapping):
        return "; ".join(f"{_field(key)}: {_text(item)}" for key, item in value.items())
    return str(value)


def _field(key: Any) -> str:
    name = _FIELD_NAMES.get(str(key))
    return str(name) if name is not None else str(key)


def changes(old: Any, new: Any) -> list[Change]:
    """What an audit line changed: for two records (entry data, …) the fields that differ;
    for a record added or removed its fields that have a value; else one unnamed change."""
    if isinstance(old, Mapping) or isinstance(new, Mapping):
        before = old if isinstance(old, Mapping) else {}
        after = new if isinstance(new, Mapping) else {}
        found = []
        for key in [*before, *(key for key in after if key not in before)]:
            old_text, new_text = _text(before.get(key)), _text(after.get(key))
            if old_text != new_text:
                found.append(Change(_field(key), old_text, new_text))
        # A plain value beside a record (rare) is shown unnamed.
        if old is not None and not isinstance(old, Mapping):
            found.insert(0, Change("", _text(old), ""))
        if new is not None and not isinstance(new, Mapping):
            found.append(Change("", "", _text(new)))
        return found
    old_text, new_text = _text(old), _text(new)
    if not old_text and not new_text:
        return []
    return [Change("", old_text, new_text)]


def raw_json(value: Any) -> str:
    """The stored value as JSON (the page's details toggle), or "" when there is none."""
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True, default=str)
