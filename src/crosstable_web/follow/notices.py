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
    if instance.action not in ROUND_ACTIONS | RESULT_ACTIONS:
        return
    params = instance.params or {}
    section = Section.objects.filter(event_id=instance.event_id, key=params.get("section")).first()
    if section is None or not isinstance(params.get("round"), int):
        return
    if instance.action in ROUND_ACTIONS:
        notice = Notice.objects.create(
            section=section, kind=Notice.ROUND, round_number=params["round"]
        )
    elif isinstance(params.get("board"), int):
        notice = Notice.objects.create(
            section=section,
            kind=Notice.RESULT,
            round_number=params["round"],
            board_number=params["board"],
        )
    else:
        return
    if background.enabled():
        # the queue's workers send it (delivery.fan_out_notice); the outbox worker sweeps
        transaction.on_commit(lambda: delivery.queue_notice(notice.pk, otherwise=wake))
    else:
        transaction.on_commit(wake)


def connect() -> None:
    post_save.connect(_on_audit, sender=AuditLog, dispatch_uid="follow-notices")
