"""The chief arbiter and the deputies (issue 12.2, FIDE: the Chief Arbiter is responsible and
signs; deputies assist): one chief per event, given and taken like any role; the decisions
``permissions.require_chief`` lists are the chief's (and the organisers'), refused to a
deputy in the service with the chief named; while no chief is appointed every arbiter acts
as the chief."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.test import Client

from crosstable_web.events import models, rounds, services
from crosstable_web.events.files import exchange
from crosstable_web.events.oversight import permissions
from crosstable_web.events.rounds import fide_mode, rule_warnings

pytestmark = pytest.mark.django_db


@pytest.fixture
def chief(event: models.Event, organiser: User) -> User:
    carla = User.objects.create_user("carla", first_name="Carla", last_name="Chen")
    services.grant_role(event, carla, models.Role.CHIEF_ARBITER, organiser)
    return carla


def hats(event: models.Event) -> list[tuple[str, str]]:
    rows = event.roles.exclude(role=models.Role.ORGANISER)
    return sorted(rows.values_list("user__username", "role"))


def test_one_chief_per_event_a_new_chief_makes_the_old_one_a_deputy(
    event: models.Event, organiser: User, arbiter: User, chief: User
) -> None:
    assert hats(event) == [("arif", "arbiter"), ("carla", "chief_arbiter")]
    # the deputy becomes the chief: the chief's hat passes, the old chief stays a deputy
    assert services.grant_role(event, arbiter, models.Role.CHIEF_ARBITER, organiser)
    assert hats(event) == [("arif", "chief_arbiter"), ("carla", "arbiter")]
    assert not services.grant_role(event, arbiter, models.Role.CHIEF_ARBITER, organiser)
    # the chief made a deputy: one hat at a time
    assert services.grant_role(event, arbiter, models.Role.ARBITER, organiser)
    assert hats(event) == [("arif", "arbiter"), ("carla", "arbiter")]
    log = list(event.audit_log.values_list("action", "target", "old", "new").order_by("id"))
    assert log[-6:] == [
        ("role.revoke", "carla", "chief_arbiter", None),
        ("role.grant", "carla", None, "arbiter"),
        ("role.revoke", "arif", "arbiter", None),
        ("role.grant", "arif", None, "chief_arbiter"),
        ("role.revoke", "arif", "chief_arbiter", None),
        ("role.grant", "arif", None, "arbiter"),
    ]
    # the database itself keeps one chief per event
    services.grant_role(event, chief, models.Role.CHIEF_ARBITER, organiser)
    with pytest.raises(IntegrityError), transaction.atomic():
        models.EventRole.objects.create(event=event, user=organiser, role="chief_arbiter")


def test_only_an_organiser_appoints_the_chief(
    event: models.Event, arbiter: User, chief: User
) -> None:
    with pytest.raises(PermissionDenied):
        services.grant_role(event, arbiter, models.Role.CHIEF_ARBITER, chief)
    assert permissions.chief_arbiter(event) is not None
    assert permissions.chief_arbiter(event).user == chief  # type: ignore[union-attr]


def test_the_chiefs_decisions_are_refused_to_a_deputy_naming_the_chief(
    paired: models.Round, arbiter: User, chief: User, organiser: User
) -> None:
    section = paired.section
    with pytest.raises(PermissionDenied, match=r"chief arbiter \(Carla Chen\)"):
        rounds.unpair_round(paired, arbiter)
    # the deputy enters results and pairs the next round
    rounds.enter_result(paired, 1, "1-0", arbiter)
    rounds.enter_result(paired, 2, "1/2", arbiter)
    rounds.enter_result(paired, 1, "0-1", arbiter)  # a correction before round 2 is paired
    round_two = rounds.pair_next_round(section, arbiter)
    # once round 2 is paired on round 1's results, changing one is the chief's decision
    with pytest.raises(PermissionDenied, match="Carla Chen"):
        rounds.enter_result(paired, 1, "1-0", arbiter)
    with pytest.raises(PermissionDenied, match="Carla Chen"):
        rounds.correct_for_rating_report(paired, 1, "1-0", "scoresheet", arbiter)
    entry = section.entries.get(pairing_number=4)
    with pytest.raises(PermissionDenied, match="Carla Chen"):
        rounds.expel(entry, 1, arbiter)
    with pytest.raises(PermissionDenied, match="Carla Chen"):
        rounds.unpair_round(round_two, arbiter)
    board = paired.boards.get(number=1)
    assert (board.white_result, board.black_result) == ("0", "1")
    assert section.rounds.count() == 2
    # the chief takes them
    rounds.enter_result(paired, 1, "1-0", chief)
    rounds.unpair_round(round_two, chief)
    board.refresh_from_db()
    assert (board.white_result, board.black_result) == ("1", "0")
    assert section.rounds.count() == 1
    # an organiser who is no arbiter still may not run the rounds
    with pytest.raises(PermissionDenied):
        rounds.unpair_round(paired, organiser)


def test_fide_mode_and_level_four_confirmations_are_the_chiefs(
    event: models.Event, arbiter: User, chief: User, organiser: User
) -> None:
    section = event.sections.get(key="open")
    with pytest.raises(PermissionDenied, match="Carla Chen"):
        fide_mode.enter(section, arbiter)
    fide_mode.enter(section, chief)
    section.refresh_from_db()
    assert section.fide_mode
    with pytest.raises(PermissionDenied, match="Carla Chen"):
        fide_mode.leave(section, arbiter)
    level_four = [
        rule_warnings.RuleWarning(
            "manual.not_engine", {"round": 1, "differences": "1–2", "engine": "1–3"}
        )
    ]
    level_three = [rule_warnings.RuleWarning("manual.rematch", {"white": "A", "black": "B"})]
    # refused before the first confirmation page, not after the second
    with pytest.raises(PermissionDenied):
        rule_warnings.require(section, arbiter, "test", level_four, None)
    with pytest.raises(rule_warnings.NeedsConfirmation):
        rule_warnings.require(section, chief, "test", level_four, None)
    with pytest.raises(rule_warnings.NeedsConfirmation):
        rule_warnings.require(section, organiser, "test", level_four, None)
    with pytest.raises(rule_warnings.NeedsConfirmation):
        rule_warnings.require(section, arbiter, "test", level_three, None)


def test_without_a_chief_every_arbiter_acts_as_chief(paired: models.Round, arbiter: User) -> None:
    assert permissions.chief_arbiter(paired.section.event) is None
    rounds.unpair_round(paired, arbiter)
    assert not paired.section.rounds.exists()


def test_grant_role_command_appoints_the_chief(
    event: models.Event, arbiter: User, outsider: User
) -> None:
    out = io.StringIO()
    call_command("grant_role", event.slug, "otto", "chief_arbiter", "--as", "olga", stdout=out)
    call_command("grant_role", event.slug, "arif", "chief_arbiter", "--as", "olga", stdout=out)
    assert hats(event) == [("arif", "chief_arbiter"), ("otto", "arbiter")]
    call_command("revoke_role", event.slug, "arif", "chief_arbiter", "--as", "olga", stdout=out)
    assert hats(event) == [("otto", "arbiter")]
    assert "otto is now chief_arbiter" in out.getvalue()
    assert "arif is no longer chief_arbiter" in out.getvalue()


def printed(event: models.Event, kind: str, language: str) -> str:
    page = Client().get(f"/print/{event.slug}/open/{kind}/", {"lang": language})
    assert page.status_code == 200
    return page.content.decode()


def test_the_printouts_name_the_chief_and_the_deputies_in_chinese_and_persian(
    paired: models.Round, arbiter: User, organiser: User
) -> None:
    event = paired.section.event
    # no chief yet: said where the name goes, not a silent blank
    page = printed(event, "standings", "zh-hans")
    assert "裁判长: 尚未任命" in page
    # the name as the invitation's sign-up form takes it ("Name (as others should see it)")
    wang = User.objects.create_user("wang", first_name="王建国")
    services.grant_role(event, wang, models.Role.CHIEF_ARBITER, organiser)
    arbiter.first_name = "Arif"
    arbiter.save()
    for kind in ("standings", "crosstable", "pairings", "prizes"):
        page = printed(event, kind, "zh-hans")
        assert "裁判长: <b><bdi>王建国</bdi></b>" in page, kind
        assert "副裁判长: <bdi>Arif</bdi>" in page, kind
        assert "尚未任命" not in page
    page = printed(event, "standings", "fa")
    assert "سرداور: <b><bdi>王建国</bdi></b>" in page
    assert "معاون سرداور: <bdi>Arif</bdi>" in page


def test_the_trf_file_names_the_chief_in_102_and_each_deputy_in_112(
    paired: models.Round, arbiter: User, organiser: User, chief: User
) -> None:
    event = paired.section.event
    second = User.objects.create_user("zara")
    services.grant_role(event, second, models.Role.ARBITER, organiser)
    text = exchange.export_section_trf(paired.section, full_birth_dates=False)
    lines = text.splitlines()
    assert "102 Carla Chen" in lines
    assert [line for line in lines if line.startswith("112 ")] == ["112 arif", "112 zara"]


def test_the_audit_page_names_the_hats_in_words(
    event: models.Event, organiser: User, arbiter: User, chief: User
) -> None:
    """A new chief makes the old one a deputy: two lines each, the role given and the role
    taken away, both in the reader's words (the taken one was its code, 'chief_arbiter')."""
    services.grant_role(event, arbiter, models.Role.CHIEF_ARBITER, organiser)
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "zh-hans"
    page = client.get(f"/e/{event.slug}/audit/").content.decode()
    changes = [
        re.sub(r"<[^>]+>", "", cell)
        for cell in re.findall(
            r'<tr data-action="role\.revoke".*?<ul class="changes">(.*?)</ul>', page, re.S
        )
    ]
    # newest first: arif's deputy hat taken (he became the chief), carla's chief hat taken
    assert changes == ["副裁判长 → –", "裁判长 → –"]
