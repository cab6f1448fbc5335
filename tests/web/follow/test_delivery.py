"""The notifications' outbox: written with the pairing (one row, no sending), sent by the
worker after the commit, in each follower's language, retried and logged on failure, never
dropped silently. Pairings by the tests' neighbour pairing (conftest.adjacent_pairing):
four players, 1-2 and 3-4, the first named White."""

from __future__ import annotations

import datetime
import io
import logging
import smtplib
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone, translation

from crosstable_web.events import models, rounds, services
from crosstable_web.follow import delivery, webpush
from crosstable_web.follow import services as follow_services
from crosstable_web.follow.models import Delivery, Follower, Notice
from web.follow.push_service import PushService

SITE = "http://testserver/"


@pytest.fixture
def numbered(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    simple_pairing: object,
) -> models.Section:
    section = event.sections.get(key="open")
    make_players(section, 4, organiser)
    services.assign_pairing_numbers(section, arbiter)
    return section


def _email_follower(entry: models.Entry, address: str, language: str) -> Follower:
    with translation.override(language):
        follower = follow_services.follow_by_email(entry, address, SITE)
    follow_services.confirm(follower)
    return follower


@pytest.mark.django_db(transaction=True)
def test_pairing_writes_one_notice_and_sends_nothing_until_the_worker_runs(
    numbered: models.Section, arbiter: User
) -> None:
    first = numbered.entries.get(pairing_number=1)
    for index in range(15):
        _email_follower(first, f"parent{index}@example.org", "en")
    mail.outbox.clear()
    rounds.pair_next_round(numbered, arbiter)
    assert Notice.objects.count() == 1
    assert Delivery.objects.count() == 0 and mail.outbox == []
    report = delivery.run_once()
    assert (report.notices, report.sent) == (1, 15)
    assert len(mail.outbox) == 15


@pytest.mark.django_db
def test_one_run_empties_a_backlog_larger_than_a_batch(
    numbered: models.Section, arbiter: User
) -> None:
    # a demo or venue started without its worker: 3 rounds' notices owed to 240 followers of
    # board 1's players (1 and 2): 3 notices x 240 = 720 deliveries, more than one batch (500)
    one, two = (numbered.entries.get(pairing_number=n) for n in (1, 2))
    Follower.objects.bulk_create(
        [
            Follower(
                entry=entry,
                email=f"p{entry.pairing_number}-{i}@example.org",
                site=SITE,
                language="en",
                confirmed=True,
            )
            for entry in (one, two)
            for i in range(120)
        ]
    )
    for _ in range(3):
        round_row = rounds.pair_next_round(numbered, arbiter)
        for board in round_row.boards.all():
            rounds.enter_result(round_row, board.number, "=", arbiter)
    notices = Notice.objects.count()
    assert notices >= 3
    mail.outbox.clear()
    report = delivery.run_once()
    assert report.notices == notices
    owed = Delivery.objects.count()
    assert owed > 500  # more than one batch of send_due
    assert report.sent == owed == len(mail.outbox)
    assert not Delivery.objects.filter(status=Delivery.PENDING).exists()


@pytest.mark.django_db(transaction=True)
def test_a_pairing_rolled_back_leaves_no_notice(numbered: models.Section, arbiter: User) -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        rounds.pair_next_round(numbered, arbiter)
        raise RuntimeError("the transaction fails after pairing")
    assert Notice.objects.count() == 0


@pytest.mark.django_db
def test_each_follower_in_their_language_and_unconfirmed_ones_get_nothing(
    numbered: models.Section, arbiter: User
) -> None:
    first, second = (numbered.entries.get(pairing_number=n) for n in (1, 2))
    _email_follower(first, "ibu@example.my", "ms")
    _email_follower(second, "madar@example.ir", "fa")
    with translation.override("en"):
        follow_services.follow_by_email(second, "unconfirmed@example.org", SITE)
    mail.outbox.clear()
    rounds.pair_next_round(numbered, arbiter)
    delivery.run_once()
    bodies = {letter.to[0]: letter.body for letter in mail.outbox}
    assert "توقف این پیام‌ها (یک کلیک)" in bodies["madar@example.ir"]
    assert "Hentikan mesej ini (satu klik)" in bodies["ibu@example.my"]
    # the links keep their Latin digits (a Persian digit in an address breaks it)
    assert "http://testserver/p/test-open-2026/open/player/2/" in bodies["madar@example.ir"]
    assert set(bodies) == {"ibu@example.my", "madar@example.ir"}
    # 1 White against 2 on board 1 (School 1, School 2: the players' units)
    assert bodies["ibu@example.my"].startswith(
        "Pusingan 1: papan 1, Putih, menentang Player 02 (School 2)."
    )
    assert bodies["madar@example.ir"].startswith(
        "دور ۱: میز ۱، سیاه، در برابر Player ۰۱ (School ۱)."
    )


@pytest.mark.django_db
def test_a_failing_mail_server_is_retried_then_the_failure_kept_and_logged(
    numbered: models.Section,
    arbiter: User,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    _email_follower(numbered.entries.get(pairing_number=3), "parent@example.org", "en")
    rounds.pair_next_round(numbered, arbiter)

    def refuse(*args: Any, **kwargs: Any) -> int:
        raise smtplib.SMTPServerDisconnected("connection unexpectedly closed")

    monkeypatch.setattr("django.core.mail.EmailMessage.send", refuse)
    now = timezone.now()
    with caplog.at_level(logging.WARNING, logger="crosstable_web.follow"):
        for minutes in (0, 1, 5, 30, 120, 360):
            now += datetime.timedelta(minutes=minutes, seconds=1)
            delivery.run_once(now)
            # not due before its time: nothing is tried early
            assert delivery.run_once(now).retried + delivery.run_once(now).failed == 0
    kept = Delivery.objects.get()
    assert (kept.status, kept.attempts) == ("failed", 6)
    out = io.StringIO()
    call_command("send_notifications", "--status", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "pending: 0, sent: 0, failed: 1, cancelled: 0"
    assert lines[1].startswith(f"failed #{kept.pk} test-open-2026 open R1 round follower ")
    assert "(e-mail), 6 attempts" in lines[1] and "SMTPServerDisconnected" in lines[1]
    assert "parent@example.org" not in out.getvalue()
    assert "SMTPServerDisconnected" in kept.last_error
    levels = [record.levelname for record in caplog.records]
    assert levels == ["WARNING"] * 5 + ["ERROR"]
    assert "failed after 6 attempts" in caplog.records[-1].getMessage()


@pytest.mark.django_db(transaction=True)
def test_a_gone_subscription_is_removed_and_an_unpaired_round_not_sent(
    numbered: models.Section, arbiter: User, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.WEBPUSH_VAPID_PRIVATE_KEY = webpush.new_private_key()
    with PushService(webpush.public_key()) as push:
        phone = push.subscribe("phone")
        follower = follow_services.follow_by_push(
            numbered.entries.get(pairing_number=1), phone.as_json(), SITE
        )
        round_one = rounds.pair_next_round(numbered, arbiter)
        rounds.unpair_round(round_one, arbiter)  # before the worker ran: nobody to tell
        report = delivery.run_once()
        assert (report.notices, report.sent, Delivery.objects.count()) == (1, 0, 0)
        assert phone.received == []
        del push.subscriptions["phone"]  # the browser unsubscribed: 410 Gone
        rounds.pair_next_round(numbered, arbiter)
        with caplog.at_level(logging.INFO, logger="crosstable_web.follow"):
            delivery.run_once()
        assert not Follower.objects.filter(pk=follower.pk).exists()
        assert any("gone: removed" in record.getMessage() for record in caplog.records)


@pytest.mark.django_db
def test_a_subscription_without_its_keys_and_a_bad_address_are_refused(
    numbered: models.Section,
) -> None:
    entry = numbered.entries.get(pairing_number=1)
    with pytest.raises(services.ServiceError):
        follow_services.follow_by_push(entry, {"endpoint": "https://push.example.org/x"}, SITE)
    with pytest.raises(services.ServiceError):
        follow_services.follow_by_email(entry, "not an address", SITE)
    assert not Follower.objects.exists()


@pytest.mark.django_db
def test_the_confirmation_is_not_mailed_again_and_again(numbered: models.Section) -> None:
    entry = numbered.entries.get(pairing_number=1)
    for _ in range(3):
        follow_services.follow_by_email(entry, "parent@example.org", SITE)
    assert len(mail.outbox) == 1  # one mail for three submissions within ten minutes
    follower = Follower.objects.get()
    follower.created_at -= datetime.timedelta(minutes=11)
    follower.save()
    follow_services.follow_by_email(entry, "Parent@Example.org", SITE)
    assert len(mail.outbox) == 2 and Follower.objects.count() == 1
    follow_services.confirm(Follower.objects.get())
    follow_services.follow_by_email(entry, "parent@example.org", SITE)
    assert len(mail.outbox) == 2  # already following


@pytest.mark.django_db
def test_a_team_section_offers_no_follow(numbered: models.Section, client: Any) -> None:
    url = f"/p/{numbered.event.slug}/open/player/1/follow/"
    assert client.get(url).status_code == 200
    numbered.system_code = "FIDE_TEAM"  # paired by team (the public pages' team section)
    numbered.save()
    assert client.get(url).status_code == 404
    assert (
        'id="follow-player"'
        not in client.get(f"/p/{numbered.event.slug}/open/player/1/").content.decode()
    )
