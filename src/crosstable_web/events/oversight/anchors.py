"""The audit chains' heads kept outside the database (issue 31 item 8): a second store that
someone able to rewrite the database alone cannot rewrite with it.

The chain of digests (``audit``) shows a line edited or deleted in the middle, but not lines
removed at the end, nor a log rewritten from some line on with fresh digests. Each committed
line of an event therefore appends ``{"event": id, "slug": …, "lines": N, "head": digest,
"at": …}`` to ``settings.AUDIT_ANCHORS_FILE`` (one JSON object a line, append only), and
``verify_audit`` checks that the log still holds, at place N, a line with that digest. The
other anchors — the hub's copy of a published event and the digest printed on the signed
prize list — are described in docs/audit.md.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
from pathlib import Path

from django.conf import settings


@dataclasses.dataclass(frozen=True, slots=True)
class Anchor:
    lines: int
    """How many lines the event's log held."""
    head: str
    """The digest of the last of them (a prefix of at least 12 hex digits, when typed from
    the printed prize list)."""
    source: str
    """Where the anchor comes from, for the message (the anchors file, the command line)."""


def anchors_file() -> Path | None:
    value = getattr(settings, "AUDIT_ANCHORS_FILE", None)
    return Path(value) if value else None


def append(event_id: int, slug: str, lines: int, head: str) -> None:
    """Append one anchor (after the line's transaction committed). A store that cannot be
    written must not undo the change already committed: the failure is left to
    ``verify_audit``, which then finds the anchors behind the log (no false alarm)."""
    path = anchors_file()
    if path is None:
        return
    record = {
        "event": event_id,
        "slug": slug,
        "lines": lines,
        "head": head,
        "at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    }
    text = json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # O_APPEND: each write lands at the end, whole, whatever other processes append
        descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o640)
        try:
            os.write(descriptor, text.encode())
        finally:
            os.close(descriptor)
    except OSError:
        pass


def latest(event_id: int) -> Anchor | None:
    """The furthest anchor the file holds for the event (None: none, or no file)."""
    path = anchors_file()
    if path is None or not path.is_file():
        return None
    found: Anchor | None = None
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number, text in enumerate(lines, start=1):
            try:
                record = json.loads(text)
            except json.JSONDecodeError:
                continue  # a line cut by a crash mid-write: the ones around it still count
            if not isinstance(record, dict) or record.get("event") != event_id:
                continue
            count, head = record.get("lines"), record.get("head")
            if (
                isinstance(count, int)
                and isinstance(head, str)
                and (found is None or count >= found.lines)
            ):
                found = Anchor(count, head, f"{path}:{number}")
    return found


def parse(text: str) -> Anchor:
    """An anchor typed as ``LINES:DIGEST`` (from the printed prize list)."""
    count, _, head = text.partition(":")
    head = head.strip().replace(" ", "").lower()
    if (
        not count.strip().isdigit()
        or len(head) < 12
        or any(c not in "0123456789abcdef" for c in head)
    ):
        raise ValueError(
            f"{text!r}: an anchor is LINES:DIGEST (the line count and at least 12 hex digits "
            "of the last digest, as the prize list prints them)"
        )
    return Anchor(int(count), head, "--anchor")
