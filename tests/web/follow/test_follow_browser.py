"""A parent on a 390-px phone, in Chinese, follows her child in Futian A (seed 001, the 2019
grade tournament) by e-mail and by Web Push; round 1 is paired and the child's result
entered; the worker sends both to a push service on loopback (which checks VAPID and
decrypts the RFC 8291 message with the subscription's own keys) and by e-mail; the parent
unsubscribes with one click; a push service answering 500 is retried and logged.

By hand: A's six players numbered by rating (1 李明轩 … 6 孙嘉怡); the Dutch round 1 pairs
the top half against the bottom half: 1-4, 2-5, 3-6, so 陈思远 (2) plays 赵子涵 (5) on board 2.
Round 1 of A (seven rounds, ``seven_rounds``) starts 2019-12-22 08:00 in Shenzhen
(Asia/Shanghai)."""

from __future__ import annotations

import datetime
import io
import json
import logging
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.utils import timezone, translation

from crosstable_web.events import models, rounds, services
from crosstable_web.follow import delivery, webpush
from crosstable_web.follow import services as follow_services
from crosstable_web.follow.models import Delivery, Follower
from web.follow.push_service import PushService
from web.public.futian_parents import enter_players, futian_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
PLAYERS = [
    ("李明轩", "M", "4", 1600, "福田小学"),
    ("陈思远", "F", "5", 1550, "景田小学"),
    ("王浩然", "M", "4", 1500, "荔园小学"),
    ("周雨桐", "F", "5", 1450, "福田小学"),
    ("赵子涵", "M", "4", 1400, "荔园小学"),
    ("孙嘉怡", "F", "5", 1350, "景田小学"),
]
STUB = """
const subscription = %s;
PushManager.prototype.subscribe = async function (options) {
  window.subscribedWith = options;
  return {endpoint: subscription.endpoint, toJSON: () => subscription};
};
"""


def _futian(organiser: User, arbiter: User) -> models.Section:
    section = futian_event(organiser, arbiter).sections.get(key="A")
    enter_players(section, PLAYERS, organiser)
    services.assign_pairing_numbers(section, arbiter)
    return section


def test_a_parent_follows_her_child_by_push_and_e_mail(
    chromium: Any, live_server: Any, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.WEBPUSH_VAPID_PRIVATE_KEY = webpush.new_private_key()
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_user("arif", password="arbiter-pass")
    section = _futian(organiser, arbiter)
    child = section.entries.get(name="陈思远")
    assert child.pairing_number == 2
    base = live_server.url

    with PushService(webpush.public_key()) as push:
        phone = push.subscribe("mama-phone")
        context = chromium.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, locale="zh-CN"
        )
        context.grant_permissions(["notifications"], origin=base)
        context.add_init_script(STUB % json.dumps(phone.as_json()))
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto(f"{base}/p/language/zh-hans/?next=/p/futian/A/player/2/")
        assert page.locator("h1").inner_text() == "陈思远"
        page.tap("#follow-player")
        page.wait_for_url("**/p/futian/A/player/2/follow/")
        assert page.locator("h1").inner_text() == "关注陈思远"
        page.fill("#follow-address", "mama@example.cn")
        with page.expect_navigation():
            page.tap("#follow-email button")
        assert "陈思远" in page.locator("#follow-done").inner_text()
        assert len(mail.outbox) == 1 and mail.outbox[0].to == ["mama@example.cn"]
        link = re.search(r"http://\S+/p/follow/confirm/\S+/", mail.outbox[0].body)
        assert link is not None, mail.outbox[0].body
        page.goto(link.group(0))
        assert page.locator("#follow-title").inner_text() == "已关注陈思远"
        # the same phone: notifications (the browser's push service is the loopback one)
        page.goto(f"{base}/p/futian/A/player/2/follow/")
        page.tap("#follow-push")
        page.wait_for_function("() => document.getElementById('follow-push-answer').textContent")
        assert "陈思远" in page.locator("#follow-push-answer").inner_text()
        assert (
            page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            <= 0
        )
        page.screenshot(path="/tmp/follow-phone.png", full_page=True)
        followers = Follower.objects.filter(entry=child).order_by("pk")
        assert [(f.email, f.by_push, f.language, f.confirmed) for f in followers] == [
            ("mama@example.cn", False, "zh-hans", True),
            ("", True, "zh-hans", True),
        ]
        # grandfather's phone; its push service fails twice before taking the message
        grandpa = push.subscribe("grandpa-phone", fail_first=2)
        with translation.override("zh-hans"):
            follow_services.follow_by_push(child, grandpa.as_json(), f"{base}/")

        # round 1 is paired: one notice; the worker sends it
        mail.outbox.clear()
        round_one = rounds.pair_next_round(section, arbiter)
        board = round_one.boards.select_related("white", "black").get(number=2)
        assert {board.white.name, board.black.name} == {"陈思远", "赵子涵"}  # by hand
        colour = "白方" if board.white_id == child.pk else "黑方"
        with caplog.at_level(logging.WARNING, logger="crosstable_web.follow"):
            call_command("send_notifications", stdout=io.StringIO())
        expected = (
            f"第1轮：第2台，{colour}，对手赵子涵（荔园小学）。"
            "本轮开始时间：2019年12月22日 星期日 08:00（中国（上海）时间）。"
        )
        assert push.errors == []
        assert len(phone.received) == 1
        message = phone.received[0]["message"]
        assert message["body"] == expected
        assert message["title"] == "陈思远，第1轮 — 2019年秋季福田区第三届国际象棋等级赛"
        assert message["url"] == f"{base}/p/futian/A/player/2/"
        assert phone.received[0]["claims"]["sub"].startswith("mailto:")
        [letter] = mail.outbox
        assert letter.to == ["mama@example.cn"] and letter.subject == message["title"]
        assert letter.body.startswith(expected)
        assert letter.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        # the failing push service: kept, logged, retried later
        failing = Delivery.objects.get(follower__push_endpoint=grandpa.endpoint)
        assert (failing.status, failing.attempts) == ("pending", 1)
        assert "500" in failing.last_error
        assert any("retried in 1 min" in r.getMessage() for r in caplog.records)
        assert grandpa.received == []
        later = timezone.now() + datetime.timedelta(minutes=2)
        assert delivery.run_once(later).retried == 1  # second failure: 5 minutes
        assert delivery.run_once(later + datetime.timedelta(minutes=6)).sent == 1
        assert grandpa.received[0]["message"]["body"] == expected

        # the child's result: 0-1 on board 2
        mail.outbox.clear()
        rounds.enter_result(round_one, 2, "0", arbiter)
        call_command("send_notifications", stdout=io.StringIO())
        result = f"第1轮，第2台：{board.white.name} 0-1 {board.black.name}。"
        assert phone.received[1]["message"]["body"] == result
        assert mail.outbox[0].body.startswith(result)

        # one click in the e-mail stops the e-mails and deletes the address
        stop = re.search(r"http://\S+/p/follow/stop/\S+/", mail.outbox[0].body)
        assert stop is not None
        page.goto(stop.group(0))
        assert page.locator("#follow-title").inner_text() == "已取消关注陈思远"
        assert not Follower.objects.filter(email="mama@example.cn").exists()
        # and the one in the push message stops this phone's
        page.goto(message["unsubscribe"])
        assert not Follower.objects.filter(push_endpoint=phone.endpoint).exists()
        mail.outbox.clear()
        rounds.enter_result(round_one, 1, "1", arbiter)
        call_command("send_notifications", stdout=io.StringIO())
        assert mail.outbox == [] and len(phone.received) == 2
        context.close()
