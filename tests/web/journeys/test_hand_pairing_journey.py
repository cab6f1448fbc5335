"""The chief arbiter's last word in an individual section (issue 25 Done-when), from an EMPTY
database, through the browser only, each person at their own browser: a Dutch section in
Malay and a xiangqi Swiss section in Chinese.

* the site administrator (with the site setting "any signed-in account may create events")
  invites the organiser, who is not staff; the organiser creates the event from the blank
  form (one section, five rounds, the pairing system chosen), enters eight players on the
  section page and invites the chief arbiter by e-mail on the roles page;
* the chief arbiter numbers the players (by rating: 1-8 in the order below) and, before
  round 1, keeps 1 and 5 apart for every round (the section page's prohibited pairs); the
  engine pairs round 1 without them together (the Dutch S1 1-4 against S2 5-8 takes the
  transposition 6 5 7 8: 1-6, 2-5, 3-7, 4-8), and White (Red) wins every board, typed
  without a reload;
* round 2 is paired by hand from the keyboard (pairing numbers, Tab): each round-1 winner
  (White/Red, who expects Black) given White/Red again against a loser of another board (who
  had Black and expects White/Red): every board draws the colour warning in the page's
  language, the pairing unlike the engine's is the chief's level-4 decision; the round is
  saved, the audit log names him and the section's TRF file has the ``### MPA`` line naming
  the four boards.
"""

from __future__ import annotations

from typing import Any

import pytest

from crosstable_web.events import models

from ..language_check import foreign_text
from .steps import (
    Person,
    accept_invitation,
    invitation_link,
    organiser_invited,
    person,
    round_boards,
    site_before_the_journey,
    type_result,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

CASES = [
    pytest.param(
        {
            "language": "ms",
            "game": "chess",
            "event_language": "ms",
            "zone": "Asia/Kuala_Lumpur",
            "system": "FIDE_DUTCH_2026",
            "event": "Kejohanan Catur Terbuka Sandakan 2026",
            "section": "Terbuka",
            "players": ["Ahmad Danish", "Kenny Lo", "Nurul Aina", "Alvin Gomez", "Jefri Jainal",
                        "Grace Lim", "Eddy Juanis", "Melissa Jimmy"],
            "organiser": ("rosli", "Rosli Amin", "Rosli-Sandakan-26"),
            "chief": ("ketua", "Siti Aminah", "Ketua-Sandakan-26"),
            "colour_word": "bertentangan",
            "kept_apart": "Pasangan larangan disimpan.",
        },
        id="ms-dutch",
    ),
    pytest.param(
        {
            "language": "zh-hans",
            "game": "xiangqi",
            "event_language": "zh_Hans",
            "zone": "Asia/Shanghai",
            "system": "XIANGQI_SWISS",
            "event": "2026年福田区象棋公开赛",
            "section": "公开组",
            "players": ["石光明", "龙建华", "麻文军", "吴志刚", "杨永强", "田德胜", "向国庆",
                        "彭立新"],
            "organiser": ("chenhl", "陈横流", "Chen-Futian-2026"),
            "chief": ("liuzq", "刘志强", "Liu-Futian-2026"),
            "colour_word": "与期望相反",
            "kept_apart": "禁止配对已保存。",
        },
        id="zh-xiangqi",
    ),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES)
def test_a_pair_kept_apart_and_a_hand_pairing_from_an_empty_database(
    chromium: Any, live_server: Any, case: dict[str, Any]
) -> None:
    base = live_server.url
    language = case["language"]
    journey = f"hand-pairing-{language}"
    site_before_the_journey(
        ("admin", "admin@example.org", "Admin-Site-2026"), anyone_creates_events=True
    )
    email = f"{case['organiser'][0]}@example.org"
    _admin, organiser = organiser_invited(
        chromium, base, journey, language, ("admin", "Admin-Site-2026"), email, case["organiser"]
    )

    organiser.go("/events/new/")
    form = organiser.page.locator("#blank-form")
    form.locator("#id_name").fill(case["event"])
    form.locator("#id_game").select_option(case["game"])
    form.locator("#id_language").select_option(case["event_language"])
    form.locator("#id_time_zone").select_option(case["zone"])
    form.locator("#id_start_date").fill("2026-12-05")
    form.locator("#id_end_date").fill("2026-12-06")
    form.locator("#id_venue").fill("Sandakan" if language == "ms" else "福田")
    form.locator("#id_section_name").fill(case["section"])
    form.locator("#id_rounds").fill("5")
    form.locator("#id_system").select_option(case["system"])
    organiser.submit("#create-from-form")
    assert organiser.path().endswith("/settings/"), organiser.messages()
    slug = organiser.path().split("/")[2]
    organiser.go(f"/e/{slug}/")
    section_path = organiser.page.locator(f"a[href^='/e/{slug}/s/']").first.get_attribute("href")
    assert section_path
    organiser.go(section_path)
    for index, name in enumerate(case["players"]):
        entry = organiser.page.locator("#entry-form")
        entry.locator("#id_name").fill(name)
        entry.locator("#id_rating").fill(str(2200 - 50 * index))
        organiser.submit("#entry-form button[type=submit]")
    organiser.go(f"/e/{slug}/roles/")
    invite = organiser.page.locator("#invite-form")
    invite.locator("input[name=email]").fill(f"{case['chief'][0]}@example.org")
    invite.locator("select[name=role]").select_option("chief_arbiter")
    organiser.submit("#invite-form button")
    chief = person(chromium, base, journey, "chief", language)
    accept_invitation(chief, invitation_link(organiser.messages()), *case["chief"])

    # --- before round 1: numbered by rating, 1 and 5 kept apart ------------------------
    number = {name: index for index, name in enumerate(case["players"], start=1)}
    chief.go(section_path)
    chief.submit(f'form[action="{section_path}numbers/"] button')
    chief.page.fill("#prohibited-form input[name=first]", "1")
    chief.page.fill("#prohibited-form input[name=second]", "5")
    chief.submit("#add-prohibited")
    assert case["kept_apart"] in chief.messages()
    chief.submit("#pair-next")
    chief.page.wait_for_url(f"**{section_path}r/1/")
    boards = [(number[b.white], number[b.black]) for b in round_boards(chief)]
    assert len(boards) == 4 and {1, 5} not in [set(b) for b in boards], boards
    if case["system"] == "FIDE_DUTCH_2026":
        assert {frozenset(b) for b in boards} == {
            frozenset(p) for p in ((1, 6), (2, 5), (3, 7), (4, 8))
        }
    for board in range(1, 5):
        type_result(chief, board, "1")  # White (Red) wins
    chief.shot("round-1")

    # --- round 2 by hand, from the keyboard ---------------------------------------------
    winners = [white for white, _black in boards]
    losers = [black for _white, black in boards]
    candidates = [[(winners[k], losers[(k + shift) % 4]) for k in range(4)] for shift in (1, 2, 3)]
    chosen = next(c for c in candidates if {1, 5} not in [set(pair) for pair in c])
    chief.page.click("#hand-pair")
    chief.page.wait_for_url(f"**{section_path}hand/")
    assert chief.page.locator("#hand-players option").count() == 8
    chief.page.focus("input[name=white_1]")
    for white, black in chosen:
        for typed in (white, black):
            chief.page.keyboard.type(str(typed))
            chief.page.keyboard.press("Tab")
    chief.submit("#check-pairing")
    warnings = chief.page.locator("#pairing-warnings li").all_inner_texts()
    assert len(warnings) == 4 and all(case["colour_word"] in w for w in warnings), warnings
    # the names beside the numbers typed, once checked
    assert chief.page.locator("#hand-boards .name").all_inner_texts() == [
        case["players"][n - 1] for pair in chosen for n in pair
    ]
    assert (
        foreign_text(chief.page.content(), language[:2], [*case["players"], case["chief"][0]]) == []
    )
    chief.shot("round-2-checked")
    chief.submit("#save-pairing")
    codes = _confirm_every_step(chief)
    assert set(codes) == {"manual.colours_reversed", "manual.hand_not_engine"}, codes
    assert chief.path() == f"{section_path}r/2/"
    assert sorted((number[b.white], number[b.black]) for b in round_boards(chief)) == sorted(chosen)
    line = models.AuditLog.objects.get(action="round.hand_pair")
    assert line.username == case["chief"][0]
    trf = chief.context.request.get(f"{base}{section_path}trf/").text()
    mpa = [row for row in trf.splitlines() if row.startswith("### MPA @ Round 2: manual ")]
    assert len(mpa) == 1, trf
    assert sorted(
        mpa[0].split(";")[0].removeprefix("### MPA @ Round 2: manual ").split()
    ) == sorted(f"{white}-{black}" for white, black in chosen)


def _confirm_every_step(someone: Person) -> list[str]:
    codes: list[str] = []
    while someone.page.locator("#rule-warnings-confirm").count():
        codes += someone.page.locator("#rule-warning-list li").evaluate_all(
            "items => items.map(item => item.dataset.code)"
        )
        someone.submit("#rule-warnings-confirm")
    return codes
