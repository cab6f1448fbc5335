"""The hub's end: checking a publication (key, time, replay, size, the event it is of, the
venue's audit chain) and applying it to the event in one transaction.

A publication carries the venue's whole event (the backup file's document,
``events/files/event_file.py``), so applying it is the same whichever publications were lost,
repeated or reordered before it: the hub's event becomes the venue's. What makes it safe is
the audit chain: the venue's log must verify line by line and begin with every line the hub
already holds (the digest at the hub's last place must be the same); a venue whose history
was rewritten is refused and the hub keeps what it had. The lines beyond the hub's last place
are the news: each pairing or result among them becomes one follower notice, exactly once,
in the same transaction that records the new place.

The hub keeps its own rows of the event: the roles (who organises the slot) and the
followers; sections and entries are updated in place (followers and notices refer to them),
every other table is written afresh from the publication."""

from __future__ import annotations

import dataclasses
import datetime
import gzip
import json
import zlib
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models.signals import pre_save
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable_web.backup import registry
from crosstable_web.events import models as event_models
from crosstable_web.events.files import event_file
from crosstable_web.events.oversight import audit
from crosstable_web.events.services import ServiceError
from crosstable_web.follow import notices
from crosstable_web.hub import outcomes, signing
from crosstable_web.hub.models import HubSlot, SeenSignature
from crosstable_web.public import versions

FORMAT = "crosstable-publication"
VERSION = 1
HUB_OWNED = frozenset({"events.eventrole", "follow.follower"})
"""Tables of an event whose rows on the hub are the hub's: who organises the slot, who
follows a player. A publication's rows of them are ignored."""
UPDATED_IN_PLACE = ("events.section", "events.entry")
"""Tables the hub's own rows refer to (a notice to a section, a follower to an entry): their
rows are matched with the venue's by the venue's database key and updated, not re-created."""
MAX_BODY_BYTES = 32 * 1024 * 1024
MAX_DOCUMENT_BYTES = 512 * 1024 * 1024


def max_body_bytes() -> int:
    return int(getattr(settings, "HUB_MAX_PUBLICATION_BYTES", MAX_BODY_BYTES))


@dataclasses.dataclass(frozen=True, slots=True)
class Answer:
    """The hub's answer to one publication."""

    code: str
    params: dict[str, Any]
    slot: HubSlot | None = None

    @property
    def status(self) -> int:
        return outcomes.STATUS.get(self.code, 200)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ok": self.code in outcomes.ACCEPTED,
            "code": self.code,
            "params": self.params,
            "message": outcomes.english(self.code, self.params),
        }
        if self.slot is not None:
            data |= {
                "sequence": self.slot.sequence,
                "lines": self.slot.lines,
                "head": self.slot.head,
            }
        return data


class Refused(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def receive(
    slug: str,
    headers: dict[str, str],
    body: bytes,
    declared_length: int | None,
    now: datetime.datetime | None = None,
) -> Answer:
    """Check and apply one publication sent to the event ``slug``; never raises for what the
    venue sent (the answer says what was wrong)."""
    now = now or timezone.now()
    slot = HubSlot.objects.select_related("event").filter(event__slug=slug).first()
    if slot is None:
        return Answer("no_slot", {"slug": slug})
    try:
        publication = _checked(slot, headers, body, declared_length, now)
        try:
            answer = _apply(slot.pk, publication, headers[signing.SIGNATURE_HEADER], now)
        except IntegrityError:  # the same request twice at once: the second meets the first
            raise Refused("replayed") from None
    except Refused as refusal:
        answer = Answer(refusal.code, refusal.params, slot)
        if refusal.code in {
            "broken_chain",
            "history_rewritten",
            "changed_without_audit",
            "other_event",
            "bad_body",
        }:
            HubSlot.objects.filter(pk=slot.pk).update(
                last_refusal=outcomes.english(refusal.code, refusal.params), contacted_at=now
            )
    return answer


def _checked(
    slot: HubSlot,
    headers: dict[str, str],
    body: bytes,
    declared_length: int | None,
    now: datetime.datetime,
) -> dict[str, Any]:
    limit = max_body_bytes()
    if (declared_length or 0) > limit or len(body) > limit:
        raise Refused("too_large", size=max(declared_length or 0, len(body)), limit=limit)
    if declared_length is not None and len(body) != declared_length:
        raise Refused("incomplete", size=len(body))
    if signing.body_digest(body) != headers.get(signing.BODY_HEADER, ""):
        raise Refused("incomplete", size=len(body))
    try:
        timestamp = int(headers.get(signing.TIME_HEADER, ""))
    except ValueError:
        raise Refused("bad_body", detail="no time header") from None
    apart = abs(int(now.timestamp()) - timestamp)
    if apart > signing.WINDOW_SECONDS:
        raise Refused("expired", seconds=apart)
    given = headers.get(signing.SIGNATURE_HEADER, "")
    if not signing.matches(
        slot.key, slot.event.slug, timestamp, headers[signing.BODY_HEADER], given
    ):
        raise Refused("bad_key")
    if SeenSignature.objects.filter(signature=given).exists():
        raise Refused("replayed")
    try:
        text = _inflate(body)
        publication = json.loads(text)
    except (OSError, EOFError, zlib.error, ValueError) as error:
        raise Refused("bad_body", detail=str(error)[:200]) from None
    if not isinstance(publication, dict) or publication.get("format") != FORMAT:
        raise Refused("bad_body", detail=f"not a {FORMAT}")
    if publication.get("version") != VERSION:
        raise Refused("bad_body", detail=f"version {publication.get('version')!r}")
    if publication.get("event") != slot.event.slug:
        raise Refused("other_event", given=str(publication.get("event"))[:80], slug=slot.event.slug)
    if not isinstance(publication.get("sequence"), int) or publication["sequence"] < 1:
        raise Refused("bad_body", detail="no sequence number")
    return publication


def _inflate(body: bytes) -> bytes:
    """The body un-gzipped, refused beyond ``MAX_DOCUMENT_BYTES`` (a small body that
    inflates to gigabytes)."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    text = inflater.decompress(body, MAX_DOCUMENT_BYTES)
    if inflater.unconsumed_tail:
        raise ValueError(f"more than {MAX_DOCUMENT_BYTES} bytes once inflated")
    if not inflater.eof:
        raise EOFError("the gzip stream ends early")
    return text


def compress(document: dict[str, Any]) -> bytes:
    """A publication's body (what :func:`_inflate` reads)."""
    return gzip.compress(json.dumps(document, ensure_ascii=False).encode(), compresslevel=6)


def _line_text(row: dict[str, Any]) -> str:
    words = (str(row.get(name, "")) for name in ("username", "action", "target"))
    return " ".join([str(row.get("at", ""))[:19], *words]).strip()


def _venue_lines(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The venue's audit lines, their chain checked from the first."""
    rows = document["tables"].get("events.auditlog", [])
    if not isinstance(rows, list):
        raise Refused("bad_body", detail="events.auditlog is not a list")
    previous = ""
    for place, row in enumerate(rows, start=1):
        try:
            line = event_models.AuditLog(
                at=datetime.datetime.fromisoformat(row["at"]),
                username=row["username"],
                action=row["action"],
                target=row["target"],
                old=row.get("old"),
                new=row.get("new"),
                warnings=row.get("warnings"),
                params=row.get("params"),
            )
            expected = audit.digest(previous, line)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise Refused("bad_body", detail=f"events.auditlog row {place}: {error}") from None
        if row.get("digest") != expected:
            raise Refused("broken_chain", place=place, line=_line_text(row))
        previous = expected
    return rows


@transaction.atomic
def _apply(
    slot_pk: int, publication: dict[str, Any], signature: str, now: datetime.datetime
) -> Answer:
    slot = HubSlot.objects.select_for_update().select_related("event").get(pk=slot_pk)
    try:
        document, _version = event_file.checked_document(publication.get("state"))
    except ServiceError as error:
        raise Refused("bad_body", detail=str(error)[:300]) from None
    lines = _venue_lines(document)
    held = list(
        event_models.AuditLog.objects.filter(event=slot.event)
        .order_by("pk")
        .values_list("digest", flat=True)
    )
    if slot.lines == 0:
        held = []  # the slot's own lines before the first publication are replaced
    venue_digests = [row["digest"] for row in lines]
    SeenSignature.objects.filter(
        at__lt=now - datetime.timedelta(seconds=2 * signing.WINDOW_SECONDS)
    ).delete()
    SeenSignature.objects.create(slot=slot, signature=signature, at=now)
    slot.contacted_at = now
    if venue_digests[: len(held)] != held:
        if held[: len(venue_digests)] == venue_digests and publication["sequence"] <= slot.sequence:
            slot.save(update_fields=["contacted_at"])
            return Answer(outcomes.STALE, {"lines": slot.lines}, slot)
        place = next(
            (
                p
                for p, (a, b) in enumerate(zip(held, venue_digests, strict=False), start=1)
                if a != b
            ),
            min(len(held), len(venue_digests)) + 1,
        )
        stored = event_models.AuditLog.objects.filter(event=slot.event).order_by("pk")[place - 1]
        raise Refused(
            "history_rewritten",
            place=place,
            line=f"{stored.at:%Y-%m-%d %H:%M:%S} {stored.username} {stored.action} {stored.target}",
        )
    keys = publication.get("keys")
    if not isinstance(keys, dict):
        raise Refused("bad_body", detail="no keys")
    news = lines[len(held) :]
    if not news and slot.lines and publication["sequence"] <= slot.sequence:
        slot.save(update_fields=["contacted_at"])
        return Answer(outcomes.UNCHANGED, {"lines": slot.lines}, slot)
    if not news and slot.lines:
        _same_as_held(slot, document)  # the same event: nothing to write
        slot.sequence = max(slot.sequence, publication["sequence"])
        slot.save(update_fields=["contacted_at", "sequence"])
        return Answer(outcomes.UNCHANGED, {"lines": slot.lines}, slot)
    _write(slot, document, keys)
    for row in news:
        notice = notices.notice_for(slot.event.pk, str(row["action"]), row.get("params") or {})
        if notice is not None:
            notices.announce(notice)
    versions.bump(slot.event.pk)
    slot.sequence = max(slot.sequence, publication["sequence"])
    slot.lines = len(lines)
    slot.head = venue_digests[-1] if venue_digests else ""
    slot.updated_at = now
    slot.last_refusal = ""
    slot.save()
    return Answer(outcomes.APPLIED, {"lines": slot.lines}, slot)


def _tables(document: dict[str, Any]) -> dict[str, Any]:
    comparable = event_file.comparable(document)["tables"]
    return {label: rows for label, rows in comparable.items() if label not in HUB_OWNED}


def _same_as_held(slot: HubSlot, document: dict[str, Any]) -> None:
    """A publication with no new audit line must bring the event the hub holds: every change
    writes a line, so a difference was made outside crosstable (a result edited in the
    laptop's database). The first table that differs is named."""
    held = _tables(event_file.event_document(slot.event))
    sent = _tables(document)
    for label in sorted(set(held) | set(sent)):
        if held.get(label, []) != sent.get(label, []):
            raise Refused("changed_without_audit", table=label)


def _write(slot: HubSlot, document: dict[str, Any], keys: dict[str, Any]) -> None:
    """The hub's event made the venue's (inside the caller's transaction)."""
    event = slot.event
    tables = registry.event_tables()
    rows_of: dict[str, Any] = document["tables"]
    try:
        accounts, _created = event_file.accounts_of(_accounts_named(document))
        written = [
            t
            for t in tables
            if t.label not in HUB_OWNED and t.label not in UPDATED_IN_PLACE and t.event
        ]
        for table in reversed(written):
            table.rows(event).delete()
        event_table = next(t for t in tables if not t.event)
        event_rows = rows_of.get(event_table.label)
        if not isinstance(event_rows, list) or len(event_rows) != 1:
            raise Refused("bad_body", detail="events.event must have one row")
        values = event_file.row_values(
            event_table, event_rows[0], 1, {}, accounts, {"slug": event.slug}
        )
        for name, value in values.items():
            setattr(event, name, value)
        event.save()
        new_ids: dict[registry.Model, dict[int, Any]] = {
            event_models.Event: {event_rows[0]["id"]: event.pk}
        }
        for label in UPDATED_IN_PLACE:
            table = next(t for t in tables if t.label == label)
            new_ids[table.model] = _update_in_place(
                slot, table, rows_of.get(label, []), keys.get(label), new_ids, accounts
            )
        for table in written:
            rows = rows_of.get(table.label, [])
            if not isinstance(rows, list):
                raise Refused("bad_body", detail=f"{table.label} is not a list of rows")
            new_ids[table.model] = event_file.create_rows(table, rows, new_ids, accounts, {})
    except ServiceError as error:
        raise Refused("bad_body", detail=str(error)[:300]) from None
    except IntegrityError as error:
        raise Refused(
            "bad_body", detail=f"the rows break a rule of the database: {error}"[:300]
        ) from None


def _accounts_named(document: dict[str, Any]) -> list[str]:
    """The accounts the publication's rows name, the hub-owned tables' left out (the venue's
    arbiters are not given accounts on the hub for their roles at the venue)."""
    names: set[str] = set()
    for table in registry.event_tables():
        if table.label in HUB_OWNED:
            continue
        for row in document["tables"].get(table.label, []) or []:
            for field in table.user_fields():
                if isinstance(row, dict) and isinstance(row.get(field), str):
                    names.add(row[field])
    return sorted(names)


# Unique columns a row keeps while others change: cleared first, so that two rows swapping
# their values (pairing numbers given again) never meet.
_UNIQUE_CLEARED = {"events.section": "key", "events.entry": "pairing_number"}


def _update_in_place(
    slot: HubSlot,
    table: registry.EventTable,
    rows: Any,
    venue_keys: Any,
    new_ids: dict[registry.Model, dict[int, Any]],
    accounts: dict[str, Any],
) -> dict[int, Any]:
    if (
        not isinstance(rows, list)
        or not isinstance(venue_keys, list)
        or len(rows) != len(venue_keys)
    ):
        raise Refused("bad_body", detail=f"{table.label}: one venue key per row")
    known: dict[str, int] = dict(slot.venue_keys.get(table.label, {}))
    existing = {row.pk: row for row in table.rows(slot.event)}
    kept = {str(key): known[str(key)] for key in venue_keys if known.get(str(key)) in existing}
    table.model._default_manager.filter(pk__in=set(existing) - set(kept.values())).delete()
    unique = _UNIQUE_CLEARED[table.label]
    field = table.model._meta.get_field(unique)
    updated: list[Any] = []
    for pk in kept.values():
        row = existing[pk]
        setattr(row, unique, None if field.null else f"~hub~{pk}")
        updated.append(row)
    if updated:
        table.model._default_manager.bulk_update(updated, [unique], batch_size=500)
    ids: dict[int, Any] = {}
    created_rows: list[Any] = []
    created_keys: list[str] = []
    names: list[str] = []
    for place, (row, key) in enumerate(zip(rows, venue_keys, strict=True), start=1):
        if str(key) in kept:
            values = event_file.row_values(table, row, place, new_ids, accounts, {})
            target = existing[kept[str(key)]]
            for name, value in values.items():
                setattr(target, name, value)
            names = list(values)
            ids[row["id"]] = target.pk
        else:
            created_rows.append(row)
            created_keys.append(str(key))
    if updated:
        columns = [table.model._meta.get_field(name).name for name in names] if names else []
        table.model._default_manager.bulk_update(updated, columns, batch_size=500)
    made = event_file.create_rows(table, created_rows, new_ids, accounts, {})
    ids |= made
    for row, key in zip(created_rows, created_keys, strict=True):
        kept[key] = made[row["id"]]
    slot.venue_keys = slot.venue_keys | {table.label: kept}
    return ids


def _guard(sender: Any, instance: event_models.AuditLog, **kwargs: Any) -> None:
    """A change of a published event made on the hub's own pages is refused: every change
    writes an audit line, and the venue's log is the only one the event may hold."""
    if (
        instance._state.adding
        and instance.event_id is not None
        and HubSlot.objects.filter(event_id=instance.event_id, lines__gt=0).exists()
    ):
        raise ServiceError(
            _(
                "This event is published from its venue: change it at the venue, and the "
                "public site receives the change with the next publication."
            )
        )


def connect() -> None:
    pre_save.connect(_guard, sender=event_models.AuditLog, dispatch_uid="hub-published-guard")
