"""The worker's part: notices become deliveries (one per confirmed follower of a player
concerned), deliveries are sent — e-mail through Django's mail backend, Web Push through
:mod:`crosstable_web.follow.webpush` — and a failed send is retried later: each failure is
logged (logger ``crosstable_web.follow``) and kept on the delivery; after the last attempt
the delivery is marked failed and logged as an error. Nothing is dropped silently.

Run by ``crosstable-web send_notifications`` (once, or ``--loop``), never inside a request
or a pairing. With a queue (Redis, :mod:`crosstable_web.background`), each notice is also put
on the ``notifications`` queue after its commit: a ``queue_worker`` fans it out
(:func:`fan_out_notice`) and queues its deliveries in batches of ``BATCH`` (:func:`send_batch`),
which the queue workers of every host send side by side — thousands of followers of a
national event are told in seconds, not one after another. The outbox stays the record:
a delivery is claimed before it is sent (never twice), and the ``--loop`` worker still sends
what the queue did not (retries after a failure, a job lost with its worker)."""

from __future__ import annotations

import dataclasses
import datetime
import logging
import smtplib
from collections.abc import Callable

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from redis.exceptions import RedisError

from crosstable_web import background
from crosstable_web.events import models as event_models
from crosstable_web.follow import texts, webpush
from crosstable_web.follow.models import Delivery, Follower, Notice

logger = logging.getLogger("crosstable_web.follow")

RETRY_MINUTES = (1, 5, 30, 120, 360)
"""The wait before each new attempt after a failure; a delivery that failed once more than
this lists is marked failed (after about 8½ hours)."""
LEASE = datetime.timedelta(minutes=2)
STATUSES = (Delivery.PENDING, Delivery.SENT, Delivery.FAILED, Delivery.CANCELLED)
"""A delivery taken by a worker is not taken by another for this long."""


@dataclasses.dataclass(slots=True)
class Report:
    notices: int = 0
    sent: int = 0
    retried: int = 0
    failed: int = 0
    cancelled: int = 0

    def __str__(self) -> str:
        return (
            f"{self.notices} notices, {self.sent} sent, {self.retried} to retry, "
            f"{self.failed} failed, {self.cancelled} no longer valid"
        )


def _players(notice: Notice) -> set[int]:
    """The entries a notice concerns: everyone in the round, or the board's two players."""
    round_row = event_models.Round.objects.filter(
        section_id=notice.section_id, number=notice.round_number
    ).first()
    if round_row is None:
        return set()
    boards = round_row.boards.all()
    if notice.kind == Notice.RESULT:
        boards = boards.filter(number=notice.board_number or 0)
    found = {entry for pair in boards.values_list("white_id", "black_id") for entry in pair}
    if notice.kind == Notice.ROUND:
        found |= set(round_row.byes.values_list("entry_id", flat=True))
    return found


BATCH = 100
"""Deliveries per queued job (:func:`send_batch`)."""


def _fan_out_one(notice: Notice) -> None:
    """The notice's deliveries, one per confirmed follower concerned, in one transaction."""
    with transaction.atomic():
        followers = Follower.objects.filter(entry_id__in=_players(notice), confirmed=True)
        Delivery.objects.bulk_create(
            [Delivery(notice=notice, follower=follower) for follower in followers],
            ignore_conflicts=True,
        )
        Notice.objects.filter(pk=notice.pk).update(fanned_out=True)


def fan_out(report: Report, limit: int = 200) -> int:
    """Deliveries for (at most ``limit`` of) the notices not yet handled, one transaction per
    notice; how many were handled."""
    handled = 0
    for notice in Notice.objects.filter(fanned_out=False).order_by("pk")[:limit]:
        _fan_out_one(notice)
        report.notices += 1
        handled += 1
    return handled


def queue_notice(notice_id: int, otherwise: Callable[[], None]) -> None:
    """After the commit that wrote the notice: its fan-out on the queue; ``otherwise()`` (wake
    the outbox worker) when the queue cannot be reached."""
    try:
        background.enqueue(
            background.NOTIFICATIONS, "crosstable_web.follow.delivery.fan_out_notice", notice_id
        )
    except (RedisError, OSError):
        logger.exception("notice %s not queued: the outbox worker sends it", notice_id)
        otherwise()


def fan_out_notice(notice_id: int) -> int:
    """Queue job: the notice's deliveries made (unless the outbox worker made them already),
    then queued in batches of ``BATCH``; the number of deliveries queued."""
    notice = Notice.objects.filter(pk=notice_id).first()
    if notice is None:
        return 0
    if not notice.fanned_out:
        _fan_out_one(notice)
    pending = list(
        Delivery.objects.filter(notice_id=notice_id, status=Delivery.PENDING, attempts=0)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    for start in range(0, len(pending), BATCH):
        background.enqueue(
            background.NOTIFICATIONS,
            "crosstable_web.follow.delivery.send_batch",
            pending[start : start + BATCH],
        )
    return len(pending)


def send_batch(delivery_ids: list[int]) -> str:
    """Queue job: these deliveries sent, each claimed first (another worker, or the outbox
    worker, may have sent it meanwhile); failures retried by the outbox worker later."""
    report = Report()
    now = timezone.now()
    due = (
        Delivery.objects.filter(
            pk__in=delivery_ids, status=Delivery.PENDING, next_attempt_at__lte=now
        )
        .select_related("notice", "follower__entry__section__event")
        .order_by("pk")
    )
    for delivery in list(due):
        if _claim(delivery, now):
            _send_one(delivery, now, report)
    return str(report)


def _email(follower: Follower, message: texts.Message) -> None:
    mail = EmailMessage(
        subject=message.subject,
        body=message.email_text(),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[follower.email],
        headers={
            # RFC 2369 and RFC 8058: the mail reader's own "unsubscribe" button, one click
            "List-Unsubscribe": f"<{message.unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Content-Language": message.language,
        },
    )
    mail.send(fail_silently=False)


def _claim(delivery: Delivery, now: datetime.datetime) -> bool:
    """Take ``delivery`` for this worker (another worker running at once leaves it)."""
    return bool(
        Delivery.objects.filter(
            pk=delivery.pk, status=Delivery.PENDING, next_attempt_at=delivery.next_attempt_at
        ).update(next_attempt_at=now + LEASE)
    )


def _failure(delivery: Delivery, error: str, now: datetime.datetime, report: Report) -> None:
    delivery.attempts += 1
    delivery.last_error = error[:2000]
    channel = "push" if delivery.follower.by_push else "e-mail"
    if delivery.attempts > len(RETRY_MINUTES):
        delivery.status = Delivery.FAILED
        report.failed += 1
        logger.error(
            "notification %s (%s, follower %s) failed after %s attempts: %s",
            delivery.pk,
            channel,
            delivery.follower_id,
            delivery.attempts,
            error,
        )
    else:
        wait = RETRY_MINUTES[delivery.attempts - 1]
        delivery.next_attempt_at = now + datetime.timedelta(minutes=wait)
        report.retried += 1
        logger.warning(
            "notification %s (%s, follower %s) attempt %s failed, retried in %s min: %s",
            delivery.pk,
            channel,
            delivery.follower_id,
            delivery.attempts,
            wait,
            error,
        )
    delivery.save(update_fields=["attempts", "last_error", "status", "next_attempt_at"])


def _send_one(delivery: Delivery, now: datetime.datetime, report: Report) -> None:
    follower = delivery.follower
    message = texts.compose(delivery.notice, follower)
    if message is None:
        delivery.status = Delivery.CANCELLED
        delivery.last_error = "no longer holds (round un-paired or result cleared)"
        delivery.save(update_fields=["status", "last_error"])
        report.cancelled += 1
        logger.info("notification %s no longer holds: not sent", delivery.pk)
        return
    try:
        if follower.by_push:
            webpush.send(follower, message.push_payload())
        else:
            _email(follower, message)
    except webpush.PushFailure as failure:
        if failure.gone:
            logger.info("push subscription of follower %s is gone: removed", follower.pk)
            report.cancelled += 1
            follower.delete()
            return
        _failure(delivery, str(failure), now, report)
        return
    except (smtplib.SMTPException, OSError) as error:
        _failure(delivery, f"{type(error).__name__}: {error}", now, report)
        return
    delivery.attempts += 1
    delivery.status = Delivery.SENT
    delivery.sent_at = now
    delivery.last_error = ""
    delivery.save(update_fields=["attempts", "status", "sent_at", "last_error"])
    report.sent += 1


def send_due(report: Report, now: datetime.datetime | None = None, limit: int = 500) -> int:
    """At most ``limit`` deliveries due at ``now`` sent (or rescheduled); how many were
    claimed (another worker may have claimed the others)."""
    now = now or timezone.now()
    due = (
        Delivery.objects.filter(status=Delivery.PENDING, next_attempt_at__lte=now)
        .filter(Q(follower__confirmed=True))
        .select_related("notice", "follower__entry__section__event")
        .order_by("next_attempt_at", "pk")[:limit]
    )
    claimed = 0
    for delivery in list(due):
        if _claim(delivery, now):
            _send_one(delivery, now, report)
            claimed += 1
    return claimed


FAN_OUT_BATCH = 200
SEND_BATCH = 500


def run_once(now: datetime.datetime | None = None) -> Report:
    """Everything due now, the whole backlog (issue 26.16: a demo or a venue that ran without
    its worker catches up in one run): every new notice fanned out, every pending delivery due
    sent, in batches (a failed one is rescheduled later, so the loop ends)."""
    report = Report()
    while fan_out(report, FAN_OUT_BATCH) == FAN_OUT_BATCH:
        pass
    while send_due(report, now, SEND_BATCH) == SEND_BATCH:
        pass
    return report


def status_lines() -> list[str]:
    """The outbox for the operator: deliveries by status, then each one being retried or
    failed with its attempts and last error (follower by number and channel, no address)."""
    counts = dict(
        Delivery.objects.values_list("status").annotate(count=Count("pk")).order_by("status")
    )
    lines = [
        ", ".join(f"{status}: {counts.get(status, 0)}" for status in STATUSES),
    ]
    troubled = (
        Delivery.objects.filter(
            Q(status=Delivery.FAILED) | Q(status=Delivery.PENDING, attempts__gt=0)
        )
        .select_related("follower", "notice__section__event")
        .order_by("pk")
    )
    for item in troubled:
        channel = "push" if item.follower.by_push else "e-mail"
        notice = item.notice
        lines.append(
            f"{item.status} #{item.pk} {notice.section.event.slug} {notice.section.key} "
            f"R{notice.round_number} {notice.kind} follower {item.follower_id} ({channel}), "
            f"{item.attempts} attempts, next {item.next_attempt_at:%Y-%m-%d %H:%M} UTC: "
            f"{item.last_error}"
        )
    return lines
