"""The chief arbiter's last word in an individual section (issue 25), from the arbiter's
pages in Malay: a round paired by hand from scratch; when the engine finds no pairing the page
says why and offers the two ways out (pair by hand, or the engine's pairing with rematches
allowed for the players named); the pairing is saved only on the chief arbiter's
confirmation (a deputy proposes), named in the audit log and in the TRF file's ### MPA line;
bad input refused with its reason and nothing saved.

Four players of a Dutch section (FIDE_DUTCH_2026, five rounds), numbered by rating 1-4. Worked
by hand from C.04.3:

* Round 1 by hand, from scratch: 1-2, 3-4 (the engine pairs top half against bottom half,
  1-3 and 2-4: a level-4 warning, the chief's). White wins both: 1 and 3 on 1 point.
* Round 2 by the engine: 1 and 3 both had White (strong preference for Black): the higher
  ranked, 1, gets it: 3-1; 2 and 4 both had Black: 2-4. White wins both.
* Round 3 by the engine: {1,4}, {2,3} is the only pairing without a rematch; 3 (W W) must
  have Black and 4 (B B) White: 2-3 (board 1: 3 leads on 2), 4-1. Both drawn.
* Round 4: everyone has met everyone: no pairing. Rematches allowed for 1 and 2 leave
  {1,3}{2,4} and {1,4}{2,3} (3-4 names neither). After W B B, 1 must have White; after
  B W W, 2 Black; 3 (W W B) prefers Black, 4 (B B W) White: {1,3}{2,4} gives every player
  his colour (C12), {1,4}{2,3} fails 4 and 3. Boards by score: 1-3 (3 on 2½), 4-2.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from crosstable_web.events import models, rounds, services
from crosstable_web.events.files import exchange
from crosstable_web.events.regulations import rules
from crosstable_web.events.rounds import absences, hand_pairing, manual_pairing, rule_warnings
from crosstable_web.events.settings import event_settings
from web.teams.test_hand_pairing import _confirm_all

pytestmark = pytest.mark.django_db

REGULATIONS = """
[event]
name = "Kejohanan 2026"
game = "chess"
time_zone = "Asia/Kuala_Lumpur"
start_date = 2026-06-01
end_date = 2026-06-05

[[sections]]
key = "open"
name = "Terbuka"
rounds = 5
tiebreaks = ["BH"]
[sections.pairing]
system = "FIDE_DUTCH_2026"
"""


@pytest.fixture
def section(organiser: User, arbiter: User) -> models.Section:
    spec = rules.event_spec_from_regulations(event_settings.read(REGULATIONS), REGULATIONS)
    event = services.create_event(spec, organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="open")
    for index, name in enumerate(("Aminah", "Badrul", "Chandran", "Dewi")):
        services.add_entry(
            section, services.EntryData(name=name, rating=2400 - 50 * index), organiser
        )
    services.assign_pairing_numbers(section, arbiter)
    return section


@pytest.fixture
def chief(section: models.Section, organiser: User) -> User:
    user = User.objects.create_user("ketua", first_name="Siti", last_name="Aminah")
    services.grant_role(section.event, user, models.Role.CHIEF_ARBITER, organiser)
    return user


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "ms"
    return client


def _url(section: models.Section) -> str:
    return reverse("events:hand_pair", args=[section.event.slug, section.key])


def _pk(section: models.Section, number: int) -> str:
    return str(section.entries.get(pairing_number=number).pk)


def _form(section: models.Section, *boards: tuple[int, int]) -> dict[str, str]:
    """The boards as typed on the page: each place a pairing number."""
    form = {}
    for board, (white, black) in enumerate(boards, start=1):
        form[f"white_{board}"] = str(white)
        form[f"black_{board}"] = str(black)
    return form


def _boards(round_row: models.Round) -> list[tuple[int, int]]:
    return [
        (b.white.pairing_number, b.black.pairing_number)
        for b in round_row.boards.select_related("white", "black").order_by("number")
    ]


def _messages(response: Any) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def _results(round_row: models.Round, result: str, arbiter: User) -> None:
    for board in round_row.boards.all():
        rounds.enter_result(round_row, board.number, result, arbiter)


def test_round_one_from_scratch_then_no_pairing_and_a_warned_way_out(
    section: models.Section, arbiter: User, chief: User
) -> None:
    deputy, head = _client(arbiter), _client(chief)
    # the page starts empty (from scratch), offering the engine's pairing as a start
    empty = deputy.get(_url(section)).content.decode()
    assert 'id="propose"' in empty
    places = empty.split('id="hand-boards"')[1].split("</table>")[0]
    assert re.findall(r'name="(?:white|black)_\d+" value="([^"]*)"', places) == [""] * 4
    # bad input: refused with the reason, nothing saved
    twice = deputy.post(_url(section), {**_form(section, (1, 2), (1, 4)), "action": "check"})
    assert _messages(twice) == ["1 Aminah dipasangkan dua kali: papan 1 dan papan 2."]
    alone = _form(section, (1, 2), (3, 4))
    alone["black_2"] = ""
    one = deputy.post(_url(section), {**alone, "action": "save"})
    assert _messages(one) == [
        "Papan 2 hanya ada seorang pemain: pilih lawannya atau biarkan kosong."
    ]
    # round 1 by hand (1-2, 3-4): a deputy proposes, the chief decides (level 4)
    form = {**_form(section, (1, 2), (3, 4)), "action": "save"}
    proposed = deputy.post(_url(section), form)
    assert any("Siti Aminah" in message for message in _messages(proposed))
    assert not section.rounds.exists()
    codes, done = _confirm_all(head, _url(section), form)
    assert set(codes) == {"manual.hand_not_engine"}  # level 4: asked on two pages
    assert done.status_code == 302
    round_one = section.rounds.get(number=1)
    assert _boards(round_one) == [(1, 2), (3, 4)]
    _results(round_one, "1", arbiter)
    round_two = rounds.pair_next_round(section, arbiter)
    assert _boards(round_two) == [(3, 1), (2, 4)]
    _results(round_two, "1", arbiter)
    round_three = rounds.pair_next_round(section, arbiter)
    assert _boards(round_three) == [(2, 3), (4, 1)]
    _results(round_three, "=", arbiter)

    # round 4: no pairing; the page says why and offers the ways out
    with pytest.raises(services.ServiceError) as failed:
        rounds.pair_next_round(section, arbiter)
    # on the site "Pair next round" runs as a job: its failure, on the round page, names the
    # engine's reason and leads to the ways out (the job itself: tests/web/test_pairing_jobs)
    models.PairingRun.objects.create(
        section=section,
        round_number=4,
        state=models.PairingRun.State.FAILED,
        message=str(failed.value),
    )
    round_page = deputy.get(
        reverse("events:round_detail", args=[section.event.slug, section.key, 3])
    ).content.decode()
    stopped = round_page.split('id="pairing-stopped"')[1].split("</p>")[0]
    assert "pusingan 4" in stopped and 'id="hand-pair-way-out"' in stopped
    assert f"{_url(section)}?propose=1" in stopped
    page = deputy.get(_url(section), {"propose": "1"}).content.decode()
    assert 'id="no-pairing-reason"' in page and 'id="relax-form"' in page
    assert "pusingan 4" in page.split('id="no-pairing-reason"')[1].split("</p>")[0]
    relaxed = deputy.get(
        _url(section), {"relax": [_pk(section, 1), _pk(section, 2)]}
    ).content.decode()
    assert 'id="relaxed-proposal"' in relaxed
    for name, number in (("white_1", 1), ("black_1", 3), ("white_2", 4), ("black_2", 2)):
        chosen = relaxed.split(f'name="{name}" value="')[1].split('"')[0]
        assert chosen == str(number), name
    checked = deputy.post(_url(section), {**_form(section, (1, 3), (4, 2)), "action": "check"})
    said = checked.content.decode().split('id="pairing-warnings"')[1].split("</section>")[0]
    assert "Aminah" in said and "Chandran" in said and "Dewi" in said
    assert said.count("<li>") == 2  # two rematches, no colour rule broken
    codes, done = _confirm_all(
        head, _url(section), {**_form(section, (1, 3), (4, 2)), "action": "save"}
    )
    first_page = ["manual.rematch", "manual.rematch", "manual.no_engine"]
    assert codes[:3] == first_page
    assert _boards(section.rounds.get(number=4)) == [(1, 3), (4, 2)]
    line = models.AuditLog.objects.filter(action="round.hand_pair").order_by("-pk").first()
    assert line is not None and line.user == chief
    assert [w["code"] for w in line.warnings] == first_page
    trf = exchange.export_section_trf(section, full_birth_dates=False).splitlines()
    assert "### MPA @ Round 4: manual 1-3 4-2; engine: no pairing" in trf
    assert any(row.startswith("### MPA @ Round 1: manual 1-2 3-4; engine ") for row in trf)

    # changed again (board 1's colours swapped: 1 would have Black a third time) and the
    # changes ended: the engine still has no pairing, which the end says (no traceback)
    round_four = section.rounds.get(number=4)
    manual_pairing.start(round_four, chief)
    try:
        manual_pairing.swap_colours(round_four, 1, chief)
    except rule_warnings.NeedsConfirmation as asked:
        manual_pairing.swap_colours(round_four, 1, chief, asked.token)
    token = None
    for _step in range(2):
        try:
            manual_pairing.end(round_four, chief, token)
        except rule_warnings.NeedsConfirmation as pending:
            assert [w.code for w in pending.warnings] == ["manual.no_engine"]
            token = pending.token
    text = manual_pairing.end(round_four, chief, token)
    assert text == "MPA @ Round 4: manual 3-1 4-2; engine: no pairing"
    trf = exchange.export_section_trf(section, full_birth_dates=False).splitlines()
    assert [row for row in trf if row.startswith("### MPA @ Round 4")] == [f"### {text}"]


def test_a_number_of_no_player_or_a_withdrawn_player_is_refused(
    section: models.Section, arbiter: User, organiser: User
) -> None:
    # the places are the section's pairing numbers, typed in any digits (Persian ones too)
    # or as the page's list offers them ("3. Chandran")
    assert hand_pairing.read_pairing(section, [("۱", "2"), ("3. Chandran", " 4 ")], "") == (
        [(1, 2), (3, 4)],
        None,
    )
    with translation.override("ms"):
        for places, said in (
            ([("1", "9"), ("3", "4")], "papan 1: 9 "),
            ([("1", "2"), ("3", "Dewi")], "papan 2: Dewi "),
        ):
            with pytest.raises(services.ServiceError) as refused:
                hand_pairing.read_pairing(section, places, "")
            assert str(refused.value).startswith(said), refused.value
    round_one = rounds.pair_next_round(section, arbiter)
    _results(round_one, "1", arbiter)
    absences.withdraw(section.entries.get(pairing_number=4), 1, arbiter)
    client = _client(arbiter)
    # three play round 2: one board and the bye; Dewi put on it all the same
    form = {**_form(section, (1, 4)), "bye": "3", "action": "save"}
    response = client.post(_url(section), form)
    assert _messages(response) == [
        "papan 1: 4 Dewi telah menarik diri dan tidak boleh dipasangkan."
    ]
    assert section.rounds.count() == 1
    assert not models.AuditLog.objects.filter(action="round.hand_pair").exists()
