"""Issue 25 in a real browser (Debian's chromium), by the chief arbiter, in Malay (a Dutch
section) and in Chinese (a xiangqi Swiss section): a pair kept apart is set on the section page
before round 1 and is never paired; round 1 is paired by the engine and typed in without a
reload; round 2 is paired by hand from scratch — every round-1 winner (who had White/Red and
expects Black) given White/Red against a loser of another board (who expects White/Red): each
board draws the colour warning in the page's language, the pairing unlike the engine's is the
chief's level-4 decision, and the section's TRF file has the ``### MPA`` line.

Eight players by rating, 1-8. With 1-5 kept apart, neither engine pairs 1 with 5 in round 1
(the Dutch S1 1-4 against S2 5-8 takes the transposition 6 5 7 8: 1-6, 2-5, 3-7, 4-8)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, services
from crosstable_web.events.regulations import rules
from crosstable_web.events.settings import event_settings
from web.log_in import log_in
from web.teams.test_hand_pairing_browser import _confirm_every_step

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REGULATIONS = """
[event]
name = "{name}"
game = "{game}"
time_zone = "Asia/Kuala_Lumpur"
start_date = 2026-06-01
end_date = 2026-06-05

[[sections]]
key = "open"
name = "{section}"
rounds = 5
tiebreaks = ["BH"]
[sections.pairing]
system = "{system}"
"""

CASES = [
    # language, game, system, section name, the warning's words, "kept apart" saved
    ("ms", "chess", "FIDE_DUTCH_2026", "Terbuka", "bertentangan", "Pasangan larangan disimpan."),
    ("zh-hans", "xiangqi", "XIANGQI_SWISS", "公开组", "与期望相反", "禁止配对已保存。"),
]


def _answers(page: Any) -> int:
    return int(page.evaluate("Number(document.documentElement.dataset.answers || 0)"))


@pytest.mark.parametrize(("language", "game", "system", "name", "colour_word", "saved"), CASES)
def test_a_pair_kept_apart_and_a_hand_pairing_with_colour_warnings(
    chromium: Any,
    live_server: Any,
    organiser: User,
    language: str,
    game: str,
    system: str,
    name: str,
    colour_word: str,
    saved: str,
) -> None:
    text = REGULATIONS.format(name=f"{name} 2026", game=game, system=system, section=name)
    event = services.create_event(
        rules.event_spec_from_regulations(event_settings.read(text), text), organiser
    )
    section = event.sections.get(key="open")
    for index in range(8):
        services.add_entry(
            section,
            services.EntryData(name=f"Pemain {index + 1}", rating=2400 - 50 * index),
            organiser,
        )
    chief = User.objects.create_user("ketua", password="Ketua-2026", first_name="Siti")
    services.grant_role(event, chief, models.Role.CHIEF_ARBITER, organiser)
    services.assign_pairing_numbers(section, chief)

    context = chromium.new_context()
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    base = f"/e/{event.slug}/s/open/"
    log_in(page, live_server.url, "ketua", "Ketua-2026", base)

    # 1 and 5 kept apart for every round, before round 1
    page.fill("#prohibited-form input[name=first]", "1")
    page.fill("#prohibited-form input[name=second]", "5")
    with page.expect_navigation():
        page.click("#add-prohibited")
    assert saved in page.inner_text("ul.messages")
    with page.expect_navigation():
        page.click("#pair-next")
    page.wait_for_url(f"**{base}r/1/")
    round_one = section.rounds.get(number=1)
    boards = [
        (b.white.pairing_number, b.black.pairing_number)
        for b in round_one.boards.select_related("white", "black").order_by("number")
    ]
    assert len(boards) == 4 and {1, 5} not in [set(b) for b in boards], boards
    if system == "FIDE_DUTCH_2026":
        assert {frozenset(b) for b in boards} == {
            frozenset(p) for p in ((1, 6), (2, 5), (3, 7), (4, 8))
        }
    # White (Red) wins every board, typed without a reload
    for number in range(1, 5):
        answers = _answers(page)
        page.fill("#id_entry", f"{number} 1")
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => Number(document.documentElement.dataset.answers || 0) > {answers}"
        )

    # round 2 by hand from scratch: winner k (White/Red) against the loser of board k+1
    winners = [white for white, _black in boards]
    losers = [black for _white, black in boards]
    for shift in (1, 2, 3):
        chosen = [(winners[k], losers[(k + shift) % 4]) for k in range(4)]
        if {1, 5} not in [set(pair) for pair in chosen]:
            break
    page.click("#hand-pair")
    page.wait_for_url(f"**{base}hand/")
    # from the keyboard: each place's pairing number, Tab to the next (the page's one list
    # of the players offers them by number and name)
    assert page.locator("#hand-players option").count() == 8
    page.focus("input[name=white_1]")
    for white, black in chosen:
        page.keyboard.type(str(white))
        page.keyboard.press("Tab")
        page.keyboard.type(str(black))
        page.keyboard.press("Tab")
    with page.expect_navigation():
        page.click("#check-pairing")
    warnings = page.locator("#pairing-warnings li").all_inner_texts()
    assert len(warnings) == 4 and all(colour_word in w for w in warnings), warnings
    page.screenshot(path=f"/tmp/crosstable-hand-pairing-{language}.png", full_page=True)
    with page.expect_navigation():
        page.click("#save-pairing")
    codes = _confirm_every_step(page)
    assert set(codes) == {"manual.colours_reversed", "manual.hand_not_engine"}, codes
    page.wait_for_url(f"**{base}r/2/")
    stored = [
        (b.white.pairing_number, b.black.pairing_number)
        for b in section.rounds.get(number=2).boards.select_related("white", "black")
    ]
    assert sorted(stored) == sorted(chosen)
    line = models.AuditLog.objects.get(action="round.hand_pair")
    assert line.user == chief

    trf = context.request.get(f"{live_server.url}{base}trf/").text()
    mpa = [row for row in trf.splitlines() if row.startswith("### MPA @ Round 2: manual ")]
    assert len(mpa) == 1, trf
    for white, black in chosen:
        assert f"{white}-{black}" in mpa[0].split(";")[0]
    context.close()
