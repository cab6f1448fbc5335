"""Prohibited pairs for one round (issue 25), from the arbiter's section page in the user's
language, applied as an absolute criterion by the Dutch engine (Malay) and the xiangqi
Swiss (Chinese), and written to the section's TRF as 260 with that round's range.

Eight players by rating; round 1 played (White wins every board). The engine's round 2 is
read first, then un-paired; its board 1 pair is kept apart in round 2 only, and round 2 is
paired again: the pair is not on any board, and the file says ``260 002 002``."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse
from django.utils import translation

from crosstable_web.events import models, rounds, services
from crosstable_web.events.files import exchange
from crosstable_web.events.regulations import rules
from crosstable_web.events.rounds import absences, manual_pairing, rule_warnings
from crosstable_web.events.settings import event_settings

pytestmark = pytest.mark.django_db

REGULATIONS = """
[event]
name = "{name}"
game = "{game}"
time_zone = "Asia/Kuala_Lumpur"
start_date = 2026-06-01
end_date = 2026-06-05

[[sections]]
key = "open"
name = "Open"
rounds = 5
tiebreaks = ["BH"]
[sections.pairing]
system = "{system}"
"""


def _section(organiser: User, arbiter: User, game: str, system: str) -> models.Section:
    text = REGULATIONS.format(name=f"{system} 2026", game=game, system=system)
    spec = rules.event_spec_from_regulations(event_settings.read(text), text)
    event = services.create_event(spec, organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="open")
    for index in range(8):
        services.add_entry(
            section,
            services.EntryData(name=f"Player {index + 1}", rating=2400 - 50 * index),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter)
    return section


def _pairs(round_row: models.Round) -> set[frozenset[int]]:
    return {
        frozenset((b.white.pairing_number, b.black.pairing_number))
        for b in round_row.boards.select_related("white", "black")
    }


@pytest.mark.parametrize(
    ("language", "game", "system", "saved"),
    [
        ("ms", "chess", "FIDE_DUTCH_2026", "Pasangan larangan disimpan."),
        ("zh-hans", "xiangqi", "XIANGQI_SWISS", "禁止配对已保存。"),
    ],
)
def test_a_pair_kept_apart_in_one_round(
    organiser: User, arbiter: User, language: str, game: str, system: str, saved: str
) -> None:
    section = _section(organiser, arbiter, game, system)
    round_one = rounds.pair_next_round(section, arbiter)
    for board in round_one.boards.all():
        rounds.enter_result(round_one, board.number, "1", arbiter)
    engine_round_two = rounds.pair_next_round(section, arbiter)
    board_one = engine_round_two.boards.select_related("white", "black").get(number=1)
    kept_apart = frozenset((board_one.white.pairing_number, board_one.black.pairing_number))
    rounds.unpair_round(engine_round_two, arbiter)

    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = language
    low, high = sorted(kept_apart)
    response = client.post(
        reverse("events:section_prohibited", args=[section.event.slug, "open"]),
        {"action": "add", "first": low, "second": high, "round": 2},
        follow=True,
    )
    assert saved in [str(m) for m in response.context["messages"]]
    assert section.prohibited.get().round_number == 2

    round_two = rounds.pair_next_round(section, arbiter)
    assert kept_apart not in _pairs(round_two)
    assert len(_pairs(round_two)) == 4  # everyone paired all the same
    trf = exchange.export_section_trf(section, full_birth_dates=False)
    assert f"260 002 002 {low:4d} {high:4d}" in trf.splitlines()
    # round 2 is paired: a prohibition for it now is refused with the reason, nothing saved
    refused = client.post(
        reverse("events:section_prohibited", args=[section.event.slug, "open"]),
        {"action": "add", "first": 1, "second": 2, "round": 2},
        follow=True,
    )
    assert len([str(m) for m in refused.context["messages"]]) == 1
    assert section.prohibited.count() == 1


def test_a_withdrawn_player_cannot_be_paired_by_hand(organiser: User, arbiter: User) -> None:
    """Bad input of a hand pairing (issue 25): exchanging a paired player with one who
    withdrew after round 1 would pair the withdrawn player. Refused with the reason, in
    Malay; the round stays as it was and nothing is logged."""
    section = _section(organiser, arbiter, "chess", "FIDE_DUTCH_2026")
    round_one = rounds.pair_next_round(section, arbiter)
    for board in round_one.boards.all():
        rounds.enter_result(round_one, board.number, "1", arbiter)
    withdrawn = section.entries.get(pairing_number=8)
    absences.withdraw(withdrawn, 1, arbiter)
    round_two = rounds.pair_next_round(section, arbiter)
    before = _pairs(round_two)
    manual_pairing.start(round_two, arbiter)
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "ms"
    response = client.post(
        reverse("events:round_swap", args=[section.event.slug, "open", 2]),
        {"first": 1, "second": 8},
        follow=True,
    )
    said = [str(m) for m in response.context["messages"]]
    assert said == ["8 Player 8 telah menarik diri dan tidak boleh dipasangkan."], said
    assert _pairs(round_two) == before
    assert not models.AuditLog.objects.filter(action="round.manual_change").exists()


def test_a_deputy_proposes_a_colour_change_the_chief_saves_it_with_its_mpa_line(
    organiser: User, arbiter: User
) -> None:
    """Issue 25, Malay Dutch section: the deputy arbiter swaps the colours of round 2's
    board 1 but cannot end the changes — a pairing unlike the engine's is the chief
    arbiter's level-4 decision, and the refusal names her; the chief ends them, the
    audit line names her, and the exported TRF has the ``### MPA`` line."""
    section = _section(organiser, arbiter, "chess", "FIDE_DUTCH_2026")
    chief = User.objects.create_user("ketua", first_name="Siti", last_name="Aminah")
    services.grant_role(section.event, chief, models.Role.CHIEF_ARBITER, organiser)
    round_one = rounds.pair_next_round(section, arbiter)
    for board in round_one.boards.all():
        rounds.enter_result(round_one, board.number, "1", arbiter)
    round_two = rounds.pair_next_round(section, arbiter)
    manual_pairing.start(round_two, arbiter)
    # board 1's colours swapped (a colour rule it breaks would ask first: confirmed)
    number = 1
    try:
        manual_pairing.swap_colours(round_two, number, arbiter)
    except rule_warnings.NeedsConfirmation as asked:
        manual_pairing.swap_colours(round_two, number, arbiter, asked.value.token)
    board = round_two.boards.select_related("white", "black").get(number=number)
    white, black = board.white.pairing_number, board.black.pairing_number
    with translation.override("ms"), pytest.raises(PermissionDenied) as refused:
        manual_pairing.end(round_two, arbiter)
    assert "Siti Aminah" in str(refused.value)
    assert not section.report_notes.filter(kind=manual_pairing.MPA).exists()
    token = None
    for _step in range(2):
        try:
            text = manual_pairing.end(round_two, chief, token)
        except rule_warnings.NeedsConfirmation as pending:
            token = pending.token
    text = manual_pairing.end(round_two, chief, token)
    assert text.startswith(f"MPA @ Round 2: manual {white}-{black}; engine {black}-{white}")
    line = models.AuditLog.objects.get(action="round.manual_end")
    assert line.user == chief
    trf = exchange.export_section_trf(section, full_birth_dates=False)
    assert f"### {text}" in trf.splitlines()
