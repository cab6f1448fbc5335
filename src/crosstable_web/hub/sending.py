"""The venue's end: the event's state made into a publication, signed, sent to the hub, and
the hub's answer kept on the event's ``VenueLink`` (shown on the event's page).

Nothing is sent while the event is what the hub last acknowledged (the SHA-256 of its state
is kept); after a failure — the network gone, the hub down, a refusal — the next attempt
sends the event as it is then, with a new sequence number, so nothing is queued or lost at
the venue: the hub catches up in one publication however long it was away."""

from __future__ import annotations

import dataclasses
import hashlib
import http.client
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from django.db import transaction
from django.utils import timezone

from crosstable_web.backup import registry
from crosstable_web.events import models as event_models
from crosstable_web.events.files import event_file
from crosstable_web.hub import outcomes, receiving, signing
from crosstable_web.hub.models import VenueLink

TIMEOUT_SECONDS = 60.0


@dataclasses.dataclass(frozen=True, slots=True)
class Outcome:
    code: str
    params: dict[str, Any]
    detail: str = ""
    sent: bool = True
    """False when nothing was sent (the hub already holds the event as it is)."""

    @property
    def ok(self) -> bool:
        return self.code in outcomes.ACCEPTED

    def text(self) -> str:
        return outcomes.text(self.code, self.params)


def endpoint(url: str) -> tuple[str, str]:
    """The publishing address and the event's short name on the hub, from the event's public
    address there (``https://hub.example.org/p/kcs-2026/`` → ``…/p/kcs-2026/publish``)."""
    parts = urllib.parse.urlsplit(url.strip())
    path = parts.path.rstrip("/")
    head, _sep, slug = path.rpartition("/")
    if (
        parts.scheme not in {"http", "https"}
        or not parts.netloc
        or not head.endswith("/p")
        or not slug
    ):
        raise ValueError(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, f"{path}/publish", "", "")), slug


def state(event: event_models.Event) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """The event as the hub receives it: the backup file's document without the venue's own
    rows (roles, followers), and the venue's database key of each section and entry."""
    with transaction.atomic():  # one snapshot: the keys and the rows read together
        document = event_file.event_document(event)
        keys = {
            table.label: list(table.rows(event).values_list("pk", flat=True))
            for table in registry.event_tables()
            if table.label in receiving.UPDATED_IN_PLACE
        }
    for label in receiving.HUB_OWNED:
        document["tables"][label] = []
    return document, keys


def state_digest(document: dict[str, Any], keys: dict[str, list[int]]) -> str:
    text = json.dumps([document, keys], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def publish(link: VenueLink, force: bool = False) -> Outcome:
    """Send the event to its hub unless the hub already holds it as it is (or ``force``);
    the outcome is kept on ``link``."""
    document, keys = state(link.event)
    digest = state_digest(document, keys)
    if digest == link.acked_state and not force:
        return Outcome(outcomes.UNCHANGED, {"lines": link.acked_lines}, sent=False)
    try:
        address, slug = endpoint(link.url)
    except ValueError:
        return _keep(
            link, Outcome("unreachable", {"detail": f"not a public event address: {link.url}"}), ""
        )
    link.sequence += 1
    link.save(update_fields=["sequence"])
    body = receiving.compress(
        {
            "format": receiving.FORMAT,
            "version": receiving.VERSION,
            "event": slug,
            "sequence": link.sequence,
            "keys": keys,
            "state": document,
        }
    )
    outcome, answer = _send(address, signing.headers(link.key, slug, int(time.time()), body), body)
    if outcome.ok and isinstance(answer.get("lines"), int):
        link.acked_lines = answer["lines"]
        link.acked_head = str(answer.get("head", ""))
        if outcome.code != outcomes.STALE:
            link.acked_state = digest
    return _keep(link, outcome, digest)


def _keep(link: VenueLink, outcome: Outcome, digest: str) -> Outcome:
    now = timezone.now()
    link.last_attempt_at = now
    link.last_code = outcome.code
    link.last_params = outcome.params
    link.last_detail = outcome.detail[:2000]
    if outcome.ok:
        link.last_success_at = now
    link.save(
        update_fields=[
            "acked_lines",
            "acked_head",
            "acked_state",
            "last_attempt_at",
            "last_success_at",
            "last_code",
            "last_params",
            "last_detail",
        ]
    )
    return outcome


def post(address: str, headers: dict[str, str], body: bytes) -> tuple[int, bytes]:
    """POST ``body`` to the hub: its HTTP status and answer. ``OSError`` (``URLError``, a
    timeout, a refused or reset connection) or ``HTTPException`` when no answer came."""
    request = urllib.request.Request(
        address,
        data=body,
        method="POST",
        headers=headers | {"Content-Type": "application/gzip", "Content-Length": str(len(body))},
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _send(address: str, headers: dict[str, str], body: bytes) -> tuple[Outcome, dict[str, Any]]:
    try:
        status, raw = post(address, headers, body)
    except (OSError, http.client.HTTPException) as error:  # URLError, timeouts: OSErrors
        reason = str(getattr(error, "reason", error)) or type(error).__name__
        return Outcome("unreachable", {"detail": reason[:200]}, reason), {}
    try:
        answer = json.loads(raw)
        code = answer["code"]
        params = answer.get("params") or {}
        if not isinstance(code, str) or not isinstance(params, dict):
            raise TypeError(code)
    except (ValueError, KeyError, TypeError):
        detail = raw[:300].decode(errors="replace")
        return Outcome("hub_error", {"status": status}, detail), {}
    return Outcome(code, params, str(answer.get("message", ""))), answer
