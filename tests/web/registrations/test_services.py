"""Online registration's services on the seed events (values worked by hand from the
regulations, /work/shared/seeds/README.md): Futian grade (001: a player per registration,
three pictures, 260 yuan, closes 15 Dec 2019 24:00 Shanghai), Futian youth (004: units, at
most 4 per school in the children's groups), Fars (002: teams, 720,000 toman, women's share
free)."""

from __future__ import annotations

import datetime
import io
import re
import zoneinfo
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models as event_models
from crosstable_web.events import services as event_services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import ServiceError
from crosstable_web.registrations import documents, models
from crosstable_web.registrations.payments import Confirmation
from crosstable_web.registrations.services import amounts as registration_amounts
from crosstable_web.registrations.services import changing as registration_changing
from crosstable_web.registrations.services import deciding as registration_deciding
from crosstable_web.registrations.services import opening as registration_opening
from crosstable_web.registrations.services import paying as registration_paying
from crosstable_web.registrations.services import purging as registration_purging
from crosstable_web.registrations.services import sending as registration_sending
from crosstable_web.registrations.services.checking import PlayerForm, Refused, Sending

from .files import CERTIFICATE_JPEG, ID_PHOTO_PNG

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SHANGHAI = zoneinfo.ZoneInfo("Asia/Shanghai")
BEFORE_FUTIAN_CLOSES = datetime.datetime(2019, 12, 1, 10, 0, tzinfo=SHANGHAI)
BEFORE_YOUTH_CLOSES = datetime.datetime(2009, 11, 1, 10, 0, tzinfo=SHANGHAI)

pytestmark = pytest.mark.django_db


def make_event(name: str, slug: str, organiser: User) -> event_models.Event:
    spec = rules.load_event_spec(EXAMPLES / name)
    return event_services.create_event(spec, organiser, slug=slug)


@pytest.fixture
def futian(organiser: User) -> event_models.Event:
    return make_event("futian-chess-grade-2019.toml", "futian", organiser)


@pytest.fixture
def youth(organiser: User) -> event_models.Event:
    return make_event("futian-youth-xiangqi-chess-2009.toml", "youth", organiser)


def pictures() -> dict[str, documents.Upload]:
    return {
        "id_photo": documents.Upload("身份证.png", ID_PHOTO_PNG),
        "portrait": documents.Upload("一寸照.png", ID_PHOTO_PNG),
        "certificate": documents.Upload("证书.jpg", CERTIFICATE_JPEG),
    }


def child(name: str = "李小明", grade: str = "四级", **values: str) -> PlayerForm:
    return PlayerForm(
        {"name": name, "sex": "男", "birth_date": "2010-03-04", "national_grade": grade, **values},
        pictures(),
    )


def parent_sends(event: event_models.Event, player: PlayerForm) -> models.Registration:
    sending = Sending("player", "李爸爸", phone="13800000000", players=[player])
    return registration_sending.submit(event, sending, now=BEFORE_FUTIAN_CLOSES)


def test_a_fourth_grade_child_is_placed_in_a_and_owes_260(futian: event_models.Event) -> None:
    """五 / 十二.5: grades 4-5 play in A; 260 yuan a player."""
    registration = parent_sends(futian, child())
    player = registration.players.get()
    assert player.section.key == "A"
    assert registration.fee_due == Decimal("260.00")
    assert player.fee_due == Decimal("260.00")
    assert registration.status == models.Status.PENDING
    # the event, the registration and six random letters (no 0/O, 1/I/L)
    assert re.fullmatch(
        rf"CT{futian.pk}-{registration.pk:05d}-[A-HJKMNP-Z2-9]{{6}}",
        registration.payment_reference,
    )
    assert sorted(player.documents.values_list("key", flat=True)) == [
        "certificate",
        "id_photo",
        "portrait",
    ]
    stored = documents.path_of(player.documents.get(key="certificate").stored_name)
    assert stored is not None and stored.read_bytes() == CERTIFICATE_JPEG
    assert not event_models.Entry.objects.filter(section__event=futian).exists()


def test_the_certificate_is_asked_for_a_but_not_for_g(futian: event_models.Event) -> None:
    """十二.2, 五.3-4: the certificate is for graded players (A-F); G has none."""
    graded = child()
    del graded.uploads["certificate"]
    with pytest.raises(Refused) as refused:
        parent_sends(futian, graded)
    assert any("现有最高段级位证书" in problem for problem in refused.value.players[1])
    ungraded = child(name="王小红", grade="")
    del ungraded.uploads["certificate"]
    ungraded.values["section"] = "G"
    registration = parent_sends(futian, ungraded)
    assert registration.players.get().section.key == "G"


def test_a_text_file_named_jpg_and_a_big_file_are_refused(
    futian: event_models.Event, settings: object
) -> None:
    player = child()
    player.uploads["certificate"] = documents.Upload("证书.jpg", b"just some text, not a picture")
    player.uploads["portrait"] = documents.Upload("big.png", ID_PHOTO_PNG + b"\0" * 5_000_001)
    with pytest.raises(Refused) as refused:
        parent_sends(futian, player)
    problems = " ".join(refused.value.players[1])
    assert "证书.jpg" in problems and "not a JPEG" in problems
    assert "big.png" in problems and "at most 5 MB" in problems
    assert not models.Registration.objects.exists()


def test_the_form_closes_at_midnight_of_15_december_in_shenzhen(
    futian: event_models.Event,
) -> None:
    """十二.4: 2019年12月15日24时 — 16 December 00:00 at the venue (UTC+8)."""
    last_minute = datetime.datetime(2019, 12, 15, 23, 59, tzinfo=SHANGHAI)
    closed = datetime.datetime(2019, 12, 15, 16, 0, tzinfo=datetime.UTC)  # 00:00 Shanghai
    assert registration_opening.form_state(futian, last_minute).is_open
    state = registration_opening.form_state(futian, closed)
    assert not state.is_open and "15 December 2019 24:00" in state.message  # as 十二.4 writes it
    with pytest.raises(Refused) as refused:
        registration_sending.submit(
            futian, Sending("player", "李爸爸", phone="1", players=[child()]), now=closed
        )
    assert refused.value.general == [state.message]


def test_an_ineligible_grade_is_refused_with_the_reason(futian: event_models.Event) -> None:
    """A 12th-grade child named for A: A is for grades 4-5."""
    with pytest.raises(Refused) as refused:
        parent_sends(futian, child(grade="十二级", section="A"))
    assert any("A组" in problem for problem in refused.value.players[1])


def school(players: list[PlayerForm]) -> Sending:
    return Sending(
        "unit",
        "陈老师",
        email="chen@example.cn",
        unit="福田小学",
        unit_kind="学校",
        players=players,
    )


def pupil(name: str, born: str = "2002-05-01") -> PlayerForm:
    uploads = {
        key: documents.Upload(f"{key}.png", ID_PHOTO_PNG)
        for key in ("student_record", "identity_card", "photo")
    }
    return PlayerForm({"name": name, "sex": "男", "birth_date": born, "section": "ch-CA"}, uploads)


def test_a_school_registers_four_and_a_fifth_waits_refused(youth: event_models.Event) -> None:
    """六: at most 4 players of a unit in 国际象棋儿童A组, counting those still waiting."""
    four = registration_sending.submit(
        youth, school([pupil(f"学生{n}") for n in "一二三四"]), now=BEFORE_YOUTH_CLOSES
    )
    assert four.players.count() == 4
    assert set(four.players.values_list("section__key", flat=True)) == {"ch-CA"}
    with pytest.raises(Refused) as refused:
        registration_sending.submit(youth, school([pupil("学生五")]), now=BEFORE_YOUTH_CLOSES)
    assert refused.value.players[1] == ["福田小学 already has 4 players in this section."]
    # another school may still enter the section
    other = school([pupil("学生六")])
    other.unit = "莲花小学"
    registration_sending.submit(youth, other, now=BEFORE_YOUTH_CLOSES)


def test_a_kindergarten_child_is_placed_by_age_and_game(youth: event_models.Event) -> None:
    """A child born 2004-01-01 playing xiangqi, no group named: the youngest group that
    takes them (幼儿组, born on or after 2003-09-01); the age proof is asked there."""
    player = PlayerForm(
        {"name": "小宝", "sex": "女", "birth_date": "2004-01-01", "game": "象棋"},
        {"age_proof": documents.Upload("户口本.jpg", CERTIFICATE_JPEG)},
    )
    registration = registration_sending.submit(youth, school([player]), now=BEFORE_YOUTH_CLOSES)
    assert registration.players.get().section.key == "xq-K"


def test_approval_makes_the_entry_as_an_import_would(
    futian: event_models.Event, organiser: User
) -> None:
    registration = parent_sends(futian, child())
    registration_paying.record_payment(
        registration, Decimal("260"), datetime.date(2019, 12, 2), organiser
    )
    registration_deciding.approve(registration, organiser)
    entry = event_models.Entry.objects.get(section__event=futian)
    assert (entry.section.key, entry.name, entry.sex, entry.national_grade) == (
        "A",
        "李小明",
        "M",
        "4",
    )
    assert entry.birth_date == datetime.date(2010, 3, 4)
    assert (entry.fee_due, entry.fee_paid) == (Decimal("260.00"), Decimal("260.00"))
    registration.refresh_from_db()
    assert registration.status == models.Status.APPROVED
    assert registration.players.get().entry == entry
    actions = list(
        event_models.AuditLog.objects.filter(event=futian).values_list("action", flat=True)
    )
    assert {
        "registration.submit",
        "registration.payment",
        "entry.import",
        "registration.approve",
    } <= set(actions)
    with pytest.raises(ServiceError):
        registration_deciding.approve(registration, organiser)


def test_only_organisers_approve(futian: event_models.Event, arbiter: User) -> None:
    from django.core.exceptions import PermissionDenied

    registration = parent_sends(futian, child())
    with pytest.raises(PermissionDenied):
        registration_deciding.approve(registration, arbiter)
    with pytest.raises(PermissionDenied):
        registration_deciding.reject(registration, "no", arbiter)


def test_a_rejection_needs_a_reason(futian: event_models.Event, organiser: User) -> None:
    registration = parent_sends(futian, child())
    with pytest.raises(ServiceError):
        registration_deciding.reject(registration, "  ", organiser)
    # A reason longer than its column is refused whole, not cut short: the registrant would
    # read a sentence broken off (it was cut at 500 characters without a word).
    with pytest.raises(ServiceError, match=r"longer than 500 characters \(501\)"):
        registration_deciding.reject(registration, "照" * 501, organiser)
    registration.refresh_from_db()
    assert (registration.status, registration.reason) == (models.Status.PENDING, "")
    registration_deciding.reject(registration, "证书照片看不清", organiser)
    registration.refresh_from_db()
    assert (registration.status, registration.reason) == (models.Status.REJECTED, "证书照片看不清")


def test_a_provider_confirms_once_and_a_later_payment_reaches_the_entry(
    futian: event_models.Event, organiser: User
) -> None:
    registration = parent_sends(futian, child())
    registration_deciding.approve(registration, organiser)
    confirmation = Confirmation(
        registration.payment_reference, Decimal("260"), datetime.date(2019, 12, 3), "fake-1"
    )
    assert registration_paying.confirm_payment("fake", confirmation) is not None
    assert (
        registration_paying.confirm_payment("fake", confirmation) is None
    )  # sent twice: kept once
    assert registration_amounts.paid_total(registration) == Decimal("260.00")
    entry = event_models.Entry.objects.get(section__event=futian)
    assert entry.fee_paid == Decimal("260.00")
    with pytest.raises(ServiceError):
        registration_paying.confirm_payment(
            "fake", Confirmation("CT0-00000", Decimal(1), datetime.date(2019, 12, 3), "x")
        )


def test_the_private_link(futian: event_models.Event, organiser: User) -> None:
    registration = parent_sends(futian, child())
    link = registration_opening.token(registration)
    assert registration_opening.by_token(futian, link) == registration
    assert (
        registration_opening.by_token(futian, link[:-1] + ("A" if link[-1] != "A" else "B")) is None
    )
    other = make_event("futian-chess-grade-2019.toml", "futian-2", organiser)
    assert registration_opening.by_token(other, link) is None


def test_a_name_change_after_approval_is_a_request_the_organiser_approves(
    futian: event_models.Event, organiser: User
) -> None:
    registration = parent_sends(futian, child())
    registration_deciding.approve(registration, organiser)
    player = registration.players.get()
    request = registration_changing.change_player(
        registration, player, {"name": "李晓明"}, now=BEFORE_FUTIAN_CLOSES
    )
    assert request is not None and request.new_values == {"name": "李晓明"}
    assert event_models.Entry.objects.get(section__event=futian).name == "李小明"
    registration_changing.decide_change(request, True, "", organiser)
    assert event_models.Entry.objects.get(section__event=futian).name == "李晓明"
    player.refresh_from_db()
    assert player.name == "李晓明"


def test_a_change_while_waiting_and_open_is_made_at_once(futian: event_models.Event) -> None:
    registration = parent_sends(futian, child())
    player = registration.players.get()
    assert (
        registration_changing.change_player(
            registration, player, {"name": "李晓明"}, now=BEFORE_FUTIAN_CLOSES
        )
        is None
    )
    player.refresh_from_db()
    assert player.name == "李晓明"
    closed = datetime.datetime(2019, 12, 16, 9, 0, tzinfo=SHANGHAI)
    request = registration_changing.change_player(
        registration, player, {"name": "李明"}, now=closed
    )
    assert request is not None


def test_a_rejected_change_keeps_the_entry(futian: event_models.Event, organiser: User) -> None:
    registration = parent_sends(futian, child())
    registration_deciding.approve(registration, organiser)
    request = registration_changing.change_player(
        registration, registration.players.get(), {"name": "张三"}, now=BEFORE_FUTIAN_CLOSES
    )
    assert request is not None
    with pytest.raises(ServiceError):
        registration_changing.decide_change(request, False, "", organiser)
    registration_changing.decide_change(request, False, "请提交更名证明", organiser)
    request.refresh_from_db()
    assert (request.status, request.reason) == (models.Status.REJECTED, "请提交更名证明")
    assert event_models.Entry.objects.get(section__event=futian).name == "李小明"


def test_a_team_registration_becomes_a_team_with_its_payments(organiser: User) -> None:
    """Fars (002) table A: 720,000 toman a team; one woman of six: her share (120,000) is
    waived (5, women free): 600,000 due."""
    league = make_event("fars-team-league-1398.toml", "league", organiser)
    players = [
        PlayerForm({"name": f"بازیکن {n}", "sex": "F" if n == 1 else "M", "member_id": f"10{n}"})
        for n in range(1, 7)
    ]
    sending = Sending(
        "team",
        "مدیر تیم",
        phone="09170000000",
        unit="باشگاه اندیشه",
        team_name="اندیشه",
        team_section="A",
        players=players,
    )
    before = datetime.datetime(2019, 11, 1, 9, 0, tzinfo=zoneinfo.ZoneInfo("Asia/Tehran"))
    registration = registration_sending.submit(league, sending, now=before)
    assert registration.fee_due == Decimal("600000.00")
    registration_paying.record_payment(
        registration, Decimal("600000"), datetime.date(2019, 11, 2), organiser
    )
    registration_deciding.approve(registration, organiser)
    registration.refresh_from_db()
    team = registration.team
    assert team is not None and team.name == "اندیشه"
    assert [m.entry.name for m in team.members.order_by("position")] == [
        p.values["name"] for p in players
    ]
    assert team.fee_due == Decimal("600000.00")
    assert [(p.amount, p.paid_on) for p in team.payments.all()] == [
        (Decimal("600000.00"), datetime.date(2019, 11, 2))
    ]


def test_documents_are_purged_after_the_event(futian: event_models.Event, organiser: User) -> None:
    registration = parent_sends(futian, child())
    stored = [d.stored_name for d in models.Document.objects.all()]
    assert all(documents.path_of(name) for name in stored)
    with pytest.raises(ServiceError):
        registration_purging.purge_documents(futian, organiser, today=datetime.date(2019, 12, 22))
    assert (
        registration_purging.purge_documents(futian, organiser, today=datetime.date(2019, 12, 23))
        == 3
    )
    assert not any(documents.path_of(name) for name in stored)
    assert registration.players.get().documents.filter(stored_name="").count() == 3


def test_the_purge_command_acts_as_an_organiser(
    futian: event_models.Event, organiser: User, outsider: User
) -> None:
    from django.core.management import CommandError, call_command

    parent_sends(futian, child())
    with pytest.raises(CommandError, match="otto"):
        call_command("purge_documents", "futian", "--as", "otto")
    out = io.StringIO()
    call_command("purge_documents", "futian", "--as", "olga", stdout=out)
    assert out.getvalue().strip() == "futian: 3 documents deleted"
    assert not models.Document.objects.exclude(stored_name="").exists()


def test_without_approval_a_paid_registration_becomes_the_entry(organiser: User) -> None:
    """``approval = false``: a registration that owes a fee becomes the entry once paid in
    full (by the site, "system" in the audit log), not before."""
    from crosstable.regulations import parse_regulations

    text = (EXAMPLES / "futian-chess-grade-2019.toml").read_text(encoding="utf-8")
    assert "approval = true " in text
    text = text.replace("approval = true ", "approval = false", 1)
    spec = rules.event_spec_from_regulations(parse_regulations(text), text)
    event = event_services.create_event(spec, organiser, slug="no-approval")
    registration = parent_sends(event, child())
    registration_paying.record_payment(
        registration, Decimal("100"), datetime.date(2019, 12, 2), organiser
    )
    registration.refresh_from_db()
    assert registration.status == models.Status.PENDING
    registration_paying.record_payment(
        registration, Decimal("160"), datetime.date(2019, 12, 3), organiser
    )
    registration.refresh_from_db()
    assert registration.status == models.Status.APPROVED
    entry = event_models.Entry.objects.get(section__event=event)
    assert (entry.section.key, entry.fee_paid) == ("A", Decimal("260.00"))
    approval = event_models.AuditLog.objects.get(event=event, action="registration.approve")
    assert approval.username == "system"
