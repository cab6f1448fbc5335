"""What followers are told, taken from the audit log: every pairing and every result goes
through the services, which write one audit line each in their transaction (``round.pair``,
``result.enter`` / ``result.correct``). A ``post_save`` receiver on that line writes one
``Notice`` row in the same transaction — nothing else, so pairing is not slowed by followers
— and, once the transaction commits (``transaction.on_commit``), wakes the worker
(:mod:`crosstable_web.follow.delivery`), or with a queue (Redis) puts the notice on it. A
pairing rolled back leaves no notice."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save

from crosstable_web import background
from crosstable_web.events.models import AuditLog, Section
from crosstable_web.follow import delivery
from crosstable_web.follow.models import Notice

ROUND_ACTIONS = frozenset({"round.pair"})
RESULT_ACTIONS = frozenset({"result.enter", "result.correct"})


def wake_file() -> Path | None:
    """The file the worker watches: touched after each commit that made a notice."""
    configured = getattr(settings, "NOTIFICATIONS_WAKE_FILE", None)
    return None if configured is None else Path(configured)


def wake() -> None:
    path = wake_file()
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch()
    os.utime(path)


def _on_audit(sender: Any, instance: AuditLog, created: bool, **kwargs: Any) -> None:
    if not created or instance.event_id is None:
        return
    notice = notice_for(instance.event_id, instance.action, instance.params or {})
    if notice is not None:
        announce(notice)


def notice_for(event_id: int, action: str, params: dict[str, Any]) -> Notice | None:
    """The notice an audit line of ``event_id`` makes (a round paired, a board's result),
    written in the caller's transaction; None for a line followers are not told of. Also
    called by a hub for the lines a venue's publication brings (``crosstable_web.hub``)."""
    if action not in ROUND_ACTIONS | RESULT_ACTIONS:
        return None
    section = Section.objects.filter(event_id=event_id, key=params.get("section")).first()
    if section is None or not isinstance(params.get("round"), int):
        return None
    if action in ROUND_ACTIONS:
        return Notice.objects.create(
            section=section, kind=Notice.ROUND, round_number=params["round"]
        )
    if isinstance(params.get("board"), int):
        return Notice.objects.create(
            section=section,
            kind=Notice.RESULT,
            round_number=params["round"],
            board_number=params["board"],
        )
    return None


def announce(notice: Notice) -> None:
    """Once the caller's transaction commits: the notice to the queue's workers (with a queue:
    ``delivery.fan_out_notice``; the outbox worker sweeps), else the outbox worker woken."""
    if background.enabled():
        transaction.on_commit(lambda: delivery.queue_notice(notice.pk, otherwise=wake))
    else:
        transaction.on_commit(wake)


def connect() -> None:
    post_save.connect(_on_audit, sender=AuditLog, dispatch_uid="follow-notices")
