"""The registration pages through Django's test client: the public form (no account) in
Chinese, the private link, paying through the fake provider, the organisers' queue and its
documents (organisers only), a change asked after approval."""

from __future__ import annotations

import datetime
import json
import re
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from crosstable.regulations import parse_regulations
from crosstable_web.events import models as event_models
from crosstable_web.events import services as event_services
from crosstable_web.events.regulations import rules
from crosstable_web.registrations import models

from .files import CERTIFICATE_JPEG, ID_PHOTO_PNG
from .seeds import EXAMPLES, fars_league, futian_grade, futian_youth, in_two_weeks

pytestmark = pytest.mark.django_db


def create(text: str, slug: str, organiser: User) -> event_models.Event:
    spec = rules.event_spec_from_regulations(parse_regulations(text), text)
    return event_services.create_event(spec, organiser, slug=slug)


@pytest.fixture
def futian(organiser: User) -> event_models.Event:
    return create(futian_grade(in_two_weeks()), "futian", organiser)


def chinese() -> Client:
    client = Client()
    client.cookies["django_language"] = "zh-hans"
    return client


def child_form(**more: object) -> dict[str, object]:
    return {
        "by": "player",
        "registrant": "李爸爸",
        "phone": "13800000000",
        "p1-name": "李小明",
        "p1-sex": "M",
        "p1-birth_date": "2016-03-04",
        "p1-national_grade": "四级",
        "p1-document_id_photo": SimpleUploadedFile("身份证.png", ID_PHOTO_PNG),
        "p1-document_portrait": SimpleUploadedFile("一寸照.png", ID_PHOTO_PNG),
        "p1-document_certificate": SimpleUploadedFile("证书.jpg", CERTIFICATE_JPEG),
        **more,
    }


def test_a_parent_registers_pays_and_reads_the_status_in_chinese(
    futian: event_models.Event,
) -> None:
    parent = chinese()
    page = parent.get("/r/futian/").content.decode()
    assert "现有最高段级位证书" in page and "身份证照片（带照片面）" in page
    response = parent.post("/r/futian/", child_form())
    assert response.status_code == 302, response.content.decode()
    link = response["Location"]
    assert re.fullmatch(r"/r/futian/mine/[^/]+/", link)
    mine = parent.get(link).content.decode()
    registration = models.Registration.objects.get()
    assert registration.payment_reference in mine and "260" in mine
    # paying through the fake provider: the checkout page, then its confirmation
    checkout = parent.post(link + "pay/", {"provider": "fake"})
    assert checkout.status_code == 302
    page = parent.get(checkout["Location"]).content.decode()
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', page))
    confirmed = parent.post("/r/pay/fake/confirm/", fields)
    assert confirmed.status_code == 302 and confirmed["Location"].endswith(link)
    assert registration.payments.get().amount == Decimal("260.00")
    # the same confirmation again changes nothing; a forged one is refused
    parent.post("/r/pay/fake/confirm/", fields)
    assert registration.payments.count() == 1
    forged = parent.post("/r/pay/fake/confirm/", {**fields, "amount": "2600"})
    assert forged.status_code == 400


def test_the_fake_provider_signs_nothing_for_a_guessed_reference(
    futian: event_models.Event,
) -> None:
    """Issue 31 item 6: the fake provider's page signed a payment for any reference, and the
    references counted up (``CT<event>-<registration>``, ``fake-<registration>-<n>``): a
    stranger could pay (with no money) for the next registration. Now the references hold
    random letters, and counting reaches nobody's."""
    parent = chinese()
    links = [
        parent.post("/r/futian/", child_form(**{"p1-name": name}))["Location"]
        for name in ("李小明", "王小红")
    ]
    first, second = models.Registration.objects.order_by("pk")
    assert second.payment_reference != first.payment_reference
    stranger = Client()
    for guessed in (
        f"CT{futian.pk}-{second.pk:05d}",
        f"CT{futian.pk}-{second.pk + 1:05d}",
        first.payment_reference[:-1] + ("A" if first.payment_reference[-1] != "A" else "B"),
    ):
        page = stranger.get("/r/pay/fake/", {"reference": guessed, "amount": "260"})
        assert 'id="fake-nothing"' in page.content.decode(), guessed
        assert "signature" not in page.content.decode()
    # two checkouts of one registration: two provider ids, neither counted
    ids = []
    for _ in range(2):
        checkout = parent.post(links[0] + "pay/", {"provider": "fake"})
        page = parent.get(checkout["Location"]).content.decode()
        ids.append(dict(re.findall(r'name="(\w+)" value="([^"]*)"', page))["id"])
    assert ids[0] != ids[1] and all(re.fullmatch(r"fake-[0-9a-f]{24}", i) for i in ids)


def test_the_fake_provider_exists_only_under_the_demo_settings(
    futian: event_models.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Named under the production settings, the fake provider is left out (its pages are
    not found, the registrant is offered no way to pay online) and the deployment check
    that scripts/serve runs first fails."""
    from django.core.management import call_command
    from django.core.management.base import SystemCheckError

    link = chinese().post("/r/futian/", child_form())["Location"]
    registration = models.Registration.objects.get()
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", "crosstable_web.settings.prod")
    visitor = chinese()
    assert 'id="pay-fake"' not in visitor.get(link).content.decode()
    assert (
        visitor.get(
            "/r/pay/fake/", {"reference": registration.payment_reference, "amount": "260"}
        ).status_code
        == 404
    )
    assert visitor.post("/r/pay/fake/confirm/", {"reference": "x"}).status_code == 404
    with pytest.raises(SystemCheckError, match=r"registrations\.E001"):
        call_command("check", "--deploy", "--tag", "security")
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", "crosstable_web.settings.test")
    assert 'id="pay-fake"' in chinese().get(link).content.decode()


def test_the_private_link_is_mailed_in_the_registrants_language(
    futian: event_models.Event, mailoutbox: list[Any]
) -> None:
    response = chinese().post("/r/futian/", child_form(email="li@example.cn"))
    assert response.status_code == 302
    (mail,) = mailoutbox
    assert mail.to == ["li@example.cn"]
    assert mail.subject == "您的报名 — 2019年秋季福田区第三届国际象棋等级赛"
    assert f"http://testserver{response['Location']}" in mail.body
    assert models.Registration.objects.get().payment_reference in mail.body


def test_a_missing_certificate_is_refused_on_the_page(futian: event_models.Event) -> None:
    form = child_form()
    del form["p1-document_certificate"]
    page = chinese().post("/r/futian/", form).content.decode()
    assert "现有最高段级位证书" in page and not models.Registration.objects.exists()


def test_a_file_over_the_limit_is_refused_with_its_size(futian: event_models.Event) -> None:
    big = SimpleUploadedFile("scan.png", ID_PHOTO_PNG + b"\0" * 7_000_000)
    page = chinese().post("/r/futian/", child_form(**{"p1-document_portrait": big})).content
    assert "个人一寸照片：文件 scan.png 有 7.0 MB，最多 5 MB。" in page.decode()
    assert not models.Registration.objects.exists()


def test_the_check_button_saves_nothing(futian: event_models.Event) -> None:
    page = chinese().post("/r/futian/", child_form(check="1")).content.decode()
    assert 'id="check-ok"' in page
    assert not models.Registration.objects.exists()


def test_only_organisers_see_the_queue_and_the_documents(
    futian: event_models.Event, organiser: User, arbiter: User, outsider: User
) -> None:
    chinese().post("/r/futian/", child_form())
    document = models.Document.objects.get(key="certificate")
    url = f"/e/futian/registrations/document/{document.pk}/"
    assert Client().get(url).status_code == 302  # to sign in
    for account in (arbiter, outsider):
        client = Client()
        client.force_login(account)
        assert client.get(url).status_code == 403
        assert client.get("/e/futian/registrations/").status_code == 403
    client = Client()
    client.force_login(organiser)
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/jpeg"
    assert b"".join(response.streaming_content) == CERTIFICATE_JPEG
    assert "private" in response["Cache-Control"]
    queue = client.get("/e/futian/registrations/").content.decode()
    assert "李小明" in queue and "A组" in queue


def test_the_organiser_approves_from_the_queue_and_a_late_change_is_a_request(
    futian: event_models.Event, organiser: User
) -> None:
    parent = chinese()
    link = parent.post("/r/futian/", child_form())["Location"]
    registration = models.Registration.objects.get()
    client = Client()
    client.force_login(organiser)
    client.post("/e/futian/registrations/", {"action": "approve", "chosen": [str(registration.pk)]})
    entry = event_models.Entry.objects.get(section__event=futian)
    assert (entry.section.key, entry.name) == ("A", "李小明")
    player = registration.players.get()
    parent.post(link, {"player": str(player.pk), f"c{player.pk}-name": "李晓明"})
    change = models.ChangeRequest.objects.get()
    assert "李晓明" in parent.get(link).content.decode()
    client.post(
        f"/e/futian/registrations/{registration.pk}/",
        {"action": "change_approve", "change": str(change.pk)},
    )
    entry.refresh_from_db()
    assert entry.name == "李晓明"


def test_a_school_registers_four_and_the_fifth_is_refused_on_the_page(
    organiser: User,
) -> None:
    create(futian_youth(in_two_weeks()), "youth", organiser)

    def school(names: list[str]) -> dict[str, object]:
        form: dict[str, object] = {
            "by": "unit",
            "rows": str(len(names)),
            "registrant": "陈老师",
            "email": "chen@example.cn",
            "unit": "福田小学",
            "unit_kind": "学校",
        }
        for n, name in enumerate(names, start=1):
            form |= {
                f"p{n}-name": name,
                f"p{n}-sex": "F",
                f"p{n}-birth_date": "2002-05-01",
                f"p{n}-section": "ch-CA",
            }
            for key in ("student_record", "identity_card", "photo"):
                form[f"p{n}-document_{key}"] = SimpleUploadedFile(f"{key}.png", ID_PHOTO_PNG)
        return form

    teacher = chinese()
    assert teacher.post("/r/youth/", school(["甲", "乙", "丙", "丁"])).status_code == 302
    page = teacher.post("/r/youth/", school(["戊"])).content.decode()
    assert "福田小学在本组别已有4名棋手。" in page  # 六: at most 4 per unit, in Chinese
    assert models.RegisteredPlayer.objects.count() == 4


def test_a_school_of_three_sends_the_default_form_with_an_empty_fourth_block(
    organiser: User,
) -> None:
    """Issue 26.1: a unit's form has four blocks by default and says empty blocks are left
    out; a school with three children sends it with the fourth empty (before: the fourth
    block's name was required, in the browser and on the server, and the school was stuck).
    A block filled in part is still checked: a birth date without a name is refused."""
    create(futian_youth(in_two_weeks()), "youth", organiser)
    teacher = chinese()
    page = teacher.get("/r/youth/?by=unit").content.decode()
    assert "表格可填写 4 名棋手；空白栏会被忽略。" in page
    names = re.findall(r'<input[^>]*name="p(\d)-name"[^>]*>', page)
    assert names == ["1", "2", "3", "4"]
    required = [
        tag for tag in re.findall(r'<input[^>]*name="p\d-name"[^>]*>', page) if " required" in tag
    ]
    assert len(required) == 1 and 'name="p1-name"' in required[0]

    def three_children(**more: object) -> dict[str, object]:
        form: dict[str, object] = {
            "by": "unit",
            "rows": "4",
            "registrant": "林老师",
            "phone": "13900000000",
            "unit": "景田小学",
            "unit_kind": "学校",
        }
        for n, name in enumerate(["周一", "吴二", "郑三"], start=1):
            form |= {
                f"p{n}-name": name,
                f"p{n}-sex": "M",
                f"p{n}-birth_date": "2002-05-01",
                f"p{n}-section": "ch-CA",
            }
            for key in ("student_record", "identity_card", "photo"):
                form[f"p{n}-document_{key}"] = SimpleUploadedFile(f"{key}.png", ID_PHOTO_PNG)
        return form | more

    half = teacher.post("/r/youth/", three_children(**{"p4-birth_date": "2002-06-01"}))
    assert half.status_code == 200
    assert re.search(r'id="player-4".*这个字段是必填项。', half.content.decode(), re.S)
    assert not models.Registration.objects.exists()
    response = teacher.post("/r/youth/", three_children())
    assert response.status_code == 302, response.content.decode()[-3000:]
    registration = models.Registration.objects.get()
    assert sorted(registration.players.values_list("name", flat=True)) == ["吴二", "周一", "郑三"]


def test_teams_register_and_the_first_to_pay_gets_the_place(organiser: User) -> None:
    """Seed 002 (Fars), table A cut to one place: places go to the teams that pay first
    (2, 5). Two clubs register a team of six (a woman in each: 600,000 toman due, 5); the
    second pays first, so once both are teams it has the place and the first waits."""
    create(fars_league(in_two_weeks(), capacity=1), "league", organiser)

    def team(club: str, code: str) -> dict[str, object]:
        form: dict[str, object] = {
            "by": "team",
            "rows": "6",
            "registrant": "مدیر " + club,
            "phone": "09171234567",
            "unit": club,
            "team_name": club,
            "team_section": "A",
        }
        for n in range(1, 7):
            form |= {
                f"p{n}-name": f"{club} {n}",
                f"p{n}-sex": "F" if n == 1 else "M",
                f"p{n}-member_id": f"{code}{n}",
            }
        return form

    links = []
    for club, code in (("اندیشه", "11"), ("پارس", "22")):
        response = Client().post("/r/league/", team(club, code))
        assert response.status_code == 302, response.content.decode()[-3000:]
        links.append(response["Location"])
    first, second = models.Registration.objects.order_by("pk")
    assert first.fee_due == second.fee_due == Decimal("600000.00")
    client = Client()
    client.force_login(organiser)
    today = datetime.date.today()
    client.post(
        f"/e/league/registrations/{second.pk}/",
        {"action": "payment", "amount": "600000", "paid_on": today.isoformat()},
    )
    client.post(
        "/e/league/registrations/",
        {"action": "approve", "chosen": [str(first.pk), str(second.pk)]},
    )
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.team is not None and second.team is not None
    visitor = Client()
    visitor.cookies["django_language"] = "en"
    assert "The team has a place." in visitor.get(links[1]).content.decode()
    assert "waiting list (1)" in visitor.get(links[0]).content.decode()


def _list_state(client: Client, slug: str) -> str:
    page = client.get("/").content.decode()
    found = re.search(
        rf'<tr id="event-{slug}">.*?<td class="registration-state"[^>]*>(.*?)</td>', page, re.S
    )
    assert found is not None, page
    return found.group(1)


def test_registration_open_or_closed_is_said_the_same_on_every_page(organiser: User) -> None:
    """Issue 26.2: seed 001 as printed (deadline 2019-12-15 24:00, 十二.4) is closed on the
    event list, on the event's page, on the public page and on the form (before: the list
    and the event's page said open, the form closed); seed 003 takes no online registration
    and its deadline (2018-12-20, 七(三)) is past too: closed everywhere, the form saying it
    takes none; seed 001 with its deadline in two weeks is open everywhere."""
    create(
        (EXAMPLES / "futian-chess-grade-2019.toml").read_text(encoding="utf-8"),
        "futian19",
        organiser,
    )
    create(
        (EXAMPLES / "huayuan-xiangqi-invitational-2019.toml").read_text(encoding="utf-8"),
        "huayuan",
        organiser,
    )
    create(futian_grade(in_two_weeks()), "futian", organiser)
    client = chinese()
    client.force_login(organiser)
    closed_on = "报名已于 2019年12月15日 星期日 24:00（赛场当地时间）截止。"
    assert _list_state(client, "futian19") == "截止"
    event_page = client.get("/e/futian19/").content.decode()
    assert re.search(r'id="registration-state">' + closed_on, event_page)
    assert closed_on in client.get("/p/futian19/").content.decode()
    form = client.get("/r/futian19/").content.decode()
    assert closed_on in form and 'id="registration-form"' not in form

    assert _list_state(client, "huayuan") == "截止"
    assert "本赛事不接受网上报名。" in client.get("/r/huayuan/").content.decode()
    assert 'id="register-link"' not in client.get("/p/huayuan/").content.decode()

    assert _list_state(client, "futian") == "开放"
    assert 'id="registration-state">报名截止时间：' in client.get("/e/futian/").content.decode()
    assert 'href="/r/futian/"' in client.get("/p/futian/").content.decode()
    assert 'id="registration-form"' in client.get("/r/futian/").content.decode()


def test_a_deadline_after_the_last_day_is_warned(organiser: User) -> None:
    """Issue 26.2: seed 001 (played on 2019-12-22) uploaded with its deadline moved to two
    weeks from today — after the event's last day: the organiser is warned on creating it
    and on the event's page (before: accepted without a word)."""
    from django.contrib.auth.models import Permission

    organiser.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = chinese()
    client.force_login(organiser)
    text = futian_grade(in_two_weeks())
    response = client.post(
        "/events/new/",
        {
            "source": "upload",
            "regulations": SimpleUploadedFile("futian.toml", text.encode("utf-8")),
            "rounds": 5,
            "slug": "late",
        },
        follow=True,
    )
    warning = (
        "报名截止时间（{}）晚于赛事最后一天（2019年12月22日 星期日）：请检查竞赛规程中的日期。"
    )
    day = in_two_weeks()
    weekdays = "一二三四五六日"
    deadline = f"{day.year}年{day.month}月{day.day}日 星期{weekdays[day.weekday()]} 24:00"
    assert warning.format(deadline) in response.content.decode()
    assert warning.format(deadline) in client.get("/e/late/").content.decode()
    # a deadline before the first day: no warning
    create(futian_grade(datetime.date(2019, 12, 15)), "ontime", organiser)
    assert 'id="deadline-warning"' not in client.get("/e/ontime/").content.decode()


def test_a_deputy_arbiters_event_file_holds_no_registrants_contacts(
    futian: event_models.Event, organiser: User, arbiter: User
) -> None:
    """Issue 31 item 7: the event file a deputy arbiter downloads held the registrants'
    e-mail addresses, telephone numbers, private-link secrets and what they typed — more
    than the registration pages (organisers only) show a deputy. Left out now, and said so;
    the organisers' file (the backup) keeps them."""
    chinese().post("/r/futian/", child_form(email="li@example.cn"))
    registration = models.Registration.objects.get()
    event_models.EventRole.objects.create(
        event=futian, user=arbiter, role=event_models.Role.ARBITER
    )
    deputy = Client()
    deputy.force_login(arbiter)
    # the registration pages' rule: the queue is the organisers'
    assert deputy.get(f"/e/{futian.slug}/registrations/").status_code == 403
    answer = deputy.get(f"/e/{futian.slug}/export.json")
    assert answer.status_code == 200
    text = answer.content.decode()
    for secret in (
        "li@example.cn",
        "13800000000",
        registration.secret,
        registration.payment_reference,
        "身份证.png",
    ):
        assert secret not in text, secret
    document = json.loads(text)
    assert "email" in document["withheld"]["registrations.registration"]
    (row,) = document["tables"]["registrations.registration"]
    assert row["email"] == row["secret"] == row["phone"] == ""
    # the registrant's and players' names stay (the audit log, an arbiter's page, shows them)
    assert document["tables"]["registrations.registeredplayer"][0]["values"] == {}
    owner = Client()
    owner.force_login(organiser)
    full = owner.get(f"/e/{futian.slug}/export.json").content.decode()
    assert "li@example.cn" in full and registration.secret in full and "withheld" not in full


def test_an_event_paid_through_a_provider_is_imported_beside_its_original(
    futian: event_models.Event, organiser: User, tmp_path: Any
) -> None:
    """Issue 31 item 3: ``import_event`` of an event with a provider payment, beside the
    event it was exported from, failed (``UNIQUE constraint failed: registrations_payment.
    provider, provider_reference``). Now the copy's references are made unique (the file
    keeps them), and the import's audit line lists what it changed."""
    from django.core.management import call_command

    parent = chinese()
    link = parent.post("/r/futian/", child_form())["Location"]
    page = parent.get(parent.post(link + "pay/", {"provider": "fake"})["Location"])
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', page.content.decode()))
    assert parent.post("/r/pay/fake/confirm/", fields).status_code == 302
    original = models.Registration.objects.get()
    paid = original.payments.get()
    backup = tmp_path / "futian.json"
    call_command("export_event", "futian", "-o", str(backup))
    admin = User.objects.create_superuser("admin", password="admin-pass-2026")
    call_command("import_event", str(backup), "--slug", "futian-copy", "--as", admin.username)
    copy = models.Registration.objects.get(event__slug="futian-copy")
    copied = copy.payments.get()
    assert copied.provider_reference == f"{paid.provider_reference} copy futian-copy"
    assert copy.payment_reference == f"{original.payment_reference} copy futian-copy"
    assert copied.amount == paid.amount == Decimal("260.00")
    # the file keeps the original references; the audit line says what the copy changed
    assert paid.provider_reference in backup.read_text(encoding="utf-8")
    line = event_models.AuditLog.objects.get(event__slug="futian-copy", action="event.import")
    assert line.new is not None
    assert {(c["field"], c["in_file"]) for c in line.new["references_made_unique"]} == {
        ("payment_reference", original.payment_reference),
        ("provider_reference", paid.provider_reference),
    }
    # the provider's confirmation sent again still reaches the original, once
    assert parent.post("/r/pay/fake/confirm/", fields).status_code == 302
    assert original.payments.count() == 1 and copy.payments.count() == 1
    # a second copy: numbered
    call_command("import_event", str(backup), "--slug", "futian-copy2", "--as", admin.username)
    third = models.Registration.objects.get(event__slug="futian-copy2").payments.get()
    assert third.provider_reference == f"{paid.provider_reference} copy futian-copy2"


def test_the_registrants_language_is_named_not_coded(
    futian: event_models.Event, organiser: User
) -> None:
    """Issue 26.11: the organiser's registration page said "· fa" for a parent who wrote in
    Persian; it names the language in the reader's words (Chinese: 波斯语)."""
    parent = Client()
    parent.cookies["django_language"] = "fa"
    assert parent.post("/r/futian/", child_form()).status_code == 302
    registration = models.Registration.objects.get()
    assert registration.language == "fa"
    staff = chinese()
    staff.force_login(organiser)
    page = staff.get(f"/e/futian/registrations/{registration.pk}/").content.decode()
    status = page.split('id="status"')[1].split("</p>")[0]
    assert "· 波斯语" in status and "· fa" not in status


@pytest.mark.parametrize(("language", "due"), [("ms", "¥260"), ("zh-hans", "260 元")])
def test_the_fee_due_is_written_as_every_amount_of_the_pages(
    futian: event_models.Event, language: str, due: str
) -> None:
    """Issue 26.11: the registrant's page wrote the fee due as the amount then the symbol
    ("20 RM", "260 ¥") beside the pages' "RM 5" and "¥260": one way for every amount."""
    response = chinese().post("/r/futian/", child_form())
    assert response.status_code == 302
    reader = Client()
    reader.cookies["django_language"] = language
    page = reader.get(response["Location"]).content.decode()
    cell = re.search(r'<td class="num" id="fee-due">([^<]*)</td>', page)
    assert cell is not None and cell.group(1) == due  # 十二.5: 260 yuan a player
