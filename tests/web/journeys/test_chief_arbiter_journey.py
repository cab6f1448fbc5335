"""The chief arbiter and a deputy (issue 12.2; FIDE: the Chief Arbiter is responsible and signs,
deputies assist), from an EMPTY database, in Chinese, through the browser only, each person at
their own browser:

* the site administrator (made before the journey, with the site setting "any signed-in
  account may create events") invites the organiser, 陈横流, who is not staff;
* the organiser creates an event from the form (one section, five rounds), enters four
  players, and on the roles page invites the chief arbiter, 刘志强, by e-mail with the role
  裁判长, and finds 王芳's account by name and gives it 副裁判长;
* the deputy numbers the players and pairs round 1 (a deputy's job); asked to un-pair it, the
  page says in Chinese whose decision that is, naming the chief; the round stays;
* the chief un-pairs it (after the confirmation page) and the deputy pairs it again and types
  the results;
* the standings printed to PDF name the chief (裁判长: 刘志强) and the deputy where an arbiter
  signs.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.accounts.models import EventCreation, SiteSettings
from crosstable_web.events import models

from ..language_check import foreign_in_pdf_text, foreign_text
from .steps import (
    accept_invitation,
    invitation_link,
    organiser_invited,
    pdf_lines,
    person,
    round_boards,
    same_line,
    sign_in,
    type_result,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

JOURNEY = "chief-arbiter"
PLAYERS = [("田德胜", "1800"), ("舒文斌", "1750"), ("梁正权", "1700"), ("向红军", "1650")]
ACCOUNTS = ("chenhl", "liuzq", "wangfang", "chen@example.cn", "liu@example.cn")
"""User names and addresses: the users' own words on the roles page."""
REFUSAL = "只有本赛事的裁判长（刘志强）或组织者可以这样做：副裁判长请向裁判长请示。"


def test_a_chinese_organiser_appoints_a_chief_and_a_deputy_and_the_chief_decides(
    chromium: Any, live_server: Any
) -> None:
    base = live_server.url
    User.objects.create_superuser("root", "root@example.org", "root-pass")
    SiteSettings.objects.update_or_create(pk=1, defaults={"event_creation": EventCreation.ANYONE})
    # 王芳 already has an account on the site (she arbitrated another event)
    User.objects.create_user("wangfang", password="wang-pass", first_name="王芳")

    _admin, organiser = organiser_invited(
        chromium,
        base,
        JOURNEY,
        "zh-hans",
        ("root", "root-pass"),
        "chen@example.cn",
        ("chenhl", "陈横流", "Chen-Hengliu-2026"),
    )
    assert not User.objects.get(username="chenhl").is_staff

    # the event, from the form
    organiser.go("/events/new/")
    form = organiser.page.locator("#blank-form")
    form.locator("#id_name").fill("2026年花垣县象棋快棋赛")
    form.locator("#id_game").select_option("xiangqi")
    form.locator("#id_language").select_option("zh_Hans")
    form.locator("#id_time_zone").select_option("Asia/Shanghai")
    form.locator("#id_start_date").fill("2026-12-05")
    form.locator("#id_end_date").fill("2026-12-05")
    form.locator("#id_venue").fill("花垣")
    form.locator("#id_section_name").fill("公开组")
    form.locator("#id_rounds").fill("5")
    organiser.submit("#create-from-form")
    assert organiser.path().endswith("/settings/"), organiser.messages()
    event = models.Event.objects.get()
    section = event.sections.get()
    section_path = f"/e/{event.slug}/s/{section.key}/"
    organiser.go(section_path)
    for name, rating in PLAYERS:
        entry = organiser.page.locator("#entry-form")
        entry.locator("#id_name").fill(name)
        entry.locator("#id_rating").fill(rating)
        organiser.submit("#entry-form button[type=submit]")
    assert section.entries.count() == 4

    # the roles page: before any chief, it says what that means
    roles_path = f"/e/{event.slug}/roles/"
    organiser.go(roles_path)
    assert "尚未任命裁判长" in organiser.page.locator("#no-chief").inner_text()
    invite = organiser.page.locator("#invite-form")
    invite.locator("input[name=email]").fill("liu@example.cn")
    invite.locator("select[name=role]").select_option("chief_arbiter")
    assert invite.locator("select[name=role] option:checked").inner_text() == "裁判长"
    organiser.submit("#invite-form button")
    chief = person(chromium, base, JOURNEY, "chief", "zh-hans")
    accept_invitation(chief, invitation_link(organiser.messages()), "liuzq", "刘志强", "Liu-2026")
    organiser.page.fill("#id_q", "王芳")
    organiser.submit("#account-search button")
    found = organiser.page.locator('#found tr[data-user="wangfang"]')
    found.locator("select[name=role]").select_option("arbiter")
    assert found.locator("select[name=role] option:checked").inner_text() == "副裁判长"
    organiser.submit('#found tr[data-user="wangfang"] button')
    assert "wangfang" in organiser.messages()
    organiser.go(roles_path)
    roles = organiser.page.locator("#roles")
    assert roles.locator('tr[data-role="chief_arbiter"]').inner_text().startswith("裁判长")
    assert "刘志强" in roles.locator('tr[data-role="chief_arbiter"]').inner_text()
    assert roles.locator('tr[data-role="arbiter"]').inner_text().startswith("副裁判长")
    assert organiser.page.locator("#no-chief").count() == 0
    assert foreign_text(organiser.page.content(), "zh", ACCOUNTS) == []
    organiser.shot("roles")
    granted = list(
        event.audit_log.filter(action="role.grant").values_list("target", "new", "username")
    )
    assert ("liuzq", "chief_arbiter", "chenhl") in granted
    assert ("wangfang", "arbiter", "chenhl") in granted

    # the deputy pairs round 1; un-pairing it is the chief's decision
    deputy = person(chromium, base, JOURNEY, "deputy", "zh-hans")
    sign_in(deputy, "wangfang", "wang-pass")
    deputy.go(section_path)
    deputy.submit(f'form[action="/e/{event.slug}/s/{section.key}/numbers/"] button')
    deputy.submit("#pair-next")
    round_path = f"{section_path}r/1/"
    assert deputy.path() == round_path, deputy.messages()
    deputy.submit("#unpair")
    assert deputy.path() == round_path
    assert REFUSAL in deputy.messages()
    deputy.shot("unpair-refused")
    assert section.rounds.count() == 1
    assert event.audit_log.filter(action="round.unpair").count() == 0

    # the chief un-pairs it (a confirmation page first)
    chief.go(round_path)
    chief.submit("#unpair")
    chief.submit("#confirm-button")
    assert section.rounds.count() == 0
    assert event.audit_log.get(action="round.unpair").username == "liuzq"

    # the deputy pairs again and types the results
    deputy.go(section_path)
    deputy.submit("#pair-next")
    boards = round_boards(deputy)
    assert len(boards) == 2
    for board in boards:
        type_result(deputy, board.number, "2-0")

    # the printed standings name the chief where an arbiter signs
    lines = pdf_lines(
        "\n".join(
            organiser.pdf(
                f"/print/{event.slug}/{section.key}/standings/?format=pdf", "standings-zh"
            )
        )
    )
    assert same_line("裁判长: 刘志强") in lines, lines
    assert same_line("副裁判长: 王芳") in lines, lines
    assert foreign_in_pdf_text("\n".join(lines), "zh") == []
