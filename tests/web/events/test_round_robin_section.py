"""A round-robin section in the web app (issue 34 item 1): chosen in the forms among the
individual systems only, paired from the Berger table round by round, the free round of an
odd field stored as a rest (``Z``, no points), a withdrawn player's remaining games stored
as forfeits on their boards, ranked with forfeits counted as results (C.07 Art. 15.2) on
the round-robin tie-breaks when none are set, and written to TRF with its system code."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from crosstable.formats.trf import read_trf, write_trf
from crosstable.model import ResultCode
from crosstable.pairing.checker import check_tournament
from crosstable.pairing.registry import pair_function
from crosstable_web.events import bridge, forms, models, rounds, services
from crosstable_web.events.ranking import standings
from crosstable_web.events.rounds import round_facts
from crosstable_web.events.rounds.notation import of_section

from ..language_check import foreign_text
from .conftest import OneSection


@pytest.fixture
def round_robin(one_section: OneSection) -> models.Section:
    return one_section(
        "FIDE_ROUNDROBIN", players=5, rounds=5, key="rr", name="Masters", event_name="Round robin"
    )


def _boards(round_row: models.Round) -> list[tuple[int, int, str, str]]:
    return [
        (b.white.pairing_number, b.black.pairing_number, b.white_result, b.black_result)
        for b in round_row.boards.order_by("number").select_related("white", "black")
    ]


@pytest.mark.django_db
def test_five_players_rest_in_turn_and_a_withdrawn_player_forfeits(
    round_robin: models.Section, organiser: User, arbiter: User
) -> None:
    # 5 players on the 6-player table: Rd 1: 1-6, 2-5, 3-4 (1 rests); Rd 2: 6-4, 5-3, 1-2
    # (4 rests); Rd 3: 2-6, 3-1, 4-5 (2 rests).
    first = rounds.pair_next_round(round_robin, arbiter)
    assert _boards(first) == [(2, 5, "*", "*"), (3, 4, "*", "*")]
    rest = first.byes.get()
    assert (rest.entry.pairing_number, rest.result) == (1, ResultCode.ZERO_POINT_BYE.value)
    rounds.enter_result(first, 1, "1-0", arbiter)
    rounds.enter_result(first, 2, "=", arbiter)
    player_five = round_robin.entries.get(pairing_number=5)
    rounds.withdraw(player_five, 1, arbiter)
    second = rounds.pair_next_round(round_robin, arbiter)
    # 5 withdrew after round 1: board 5-3 is stored, lost by forfeit by 5, won by 3
    assert _boards(second) == [(5, 3, "-", "+"), (1, 2, "*", "*")]
    assert second.byes.get().entry.pairing_number == 4
    rounds.enter_result(second, 2, "1-0", arbiter)
    third = rounds.pair_next_round(round_robin, arbiter)
    assert _boards(third) == [(3, 1, "*", "*"), (4, 5, "+", "-")]
    # the round page shows no Swiss float marks (1 rested, then met 2: a "float" by the
    # Swiss definition, meaningless in a table fixed before round 1)
    facts = round_facts.player_facts(round_robin, 3, of_section(round_robin))
    assert facts and all(fact.floats == "" for fact in facts.values())

    tournament = bridge.section_tournament(round_robin)
    # player 3: ½ (drew 4) + 1 (forfeit win against 5) = 1½; player 1 rested, then beat 2
    assert tournament.points(tournament.players[3]) == 1 + 0.5
    assert tournament.points(tournament.players[1]) == 1

    # its TRF file names the system (192) and re-pairs as it was paired, round by round, by
    # the conformance checker (the rests and the forfeited board included)
    written = write_trf(tournament)
    assert "192 FIDE_ROUNDROBIN" in written
    read_back = read_trf(written)
    assert check_tournament(read_back, pair_function(read_back.system_code)) == []

    ranking = standings.standings_rules(round_robin)
    assert [spec.code for spec in ranking.tiebreaks] == ["DE", "WIN", "SB", "KS"]
    assert ranking.predetermined
    assert standings.section_results(round_robin).default_tiebreaks


@pytest.mark.django_db
def test_the_trf_names_the_round_robin_and_the_rest_round(
    round_robin: models.Section, organiser: User, arbiter: User
) -> None:
    rounds.pair_next_round(round_robin, arbiter)
    text = write_trf(bridge.section_tournament(round_robin))
    assert "192 FIDE_ROUNDROBIN" in text
    player_one = next(line for line in text.splitlines() if line.startswith("001    1"))
    assert "0000 - Z" in player_one


@pytest.mark.django_db
def test_a_section_whose_rounds_are_not_the_tables_is_refused_in_the_readers_words(
    round_robin: models.Section, organiser: User, arbiter: User
) -> None:
    round_robin.total_rounds = 7
    round_robin.save(update_fields=["total_rounds"])
    with translation.override("zh-hans"), pytest.raises(services.ServiceError) as refused:
        rounds.pair_next_round(round_robin, arbiter)
    assert "5名棋手的循环赛共5轮，但该组别设为7轮" in str(refused.value)
    assert not round_robin.rounds.exists()


@pytest.mark.django_db
def test_forms_offer_individual_systems_to_individual_sections_and_team_ones_to_teams(
    offered_systems: tuple[list[str], list[str]],
) -> None:
    individual, team = offered_systems
    assert "FIDE_ROUNDROBIN" in individual and "FIDE_DOUBLEROUNDROBIN" in individual
    assert not any(code.startswith("FIDE_TEAM") for code in individual)
    assert "FIDE_ROUNDROBIN" not in team and "FIDE_TEAM" in team
    with translation.override("zh-hans"):
        new_event = forms.BlankEventForm()
        groups = new_event.fields["system"].choices  # type: ignore[attr-defined]
        assert [str(label) for label, _ in groups] == ["个人赛编排制度", "团体赛编排制度"]
        assert ("FIDE_ROUNDROBIN", "单循环（贝格尔编排表）") in groups[0][1]


@pytest.mark.django_db
def test_the_printed_cross_table_is_the_classic_table_with_sb_and_places(
    one_section: OneSection, arbiter: User, client: Client
) -> None:
    section = one_section(
        "FIDE_ROUNDROBIN", players=4, rounds=3, key="q", name="Quad", event_name="Quad"
    )
    # Rd 1: 1-4 1-0, 2-3 ½; Rd 2: 4-3 0-1, 1-2 ½; Rd 3: 2-4 1-0, 3-1 0-1.
    for results in (("1-0", "="), ("0-1", "="), ("1-0", "0-1")):
        round_row = rounds.pair_next_round(section, arbiter)
        for board, result in enumerate(results, start=1):
            rounds.enter_result(round_row, board, result, arbiter)
    # By hand: 1 scores 1 + ½ + 1 = 2½, 2 ½ + ½ + 1 = 2, 3 ½ + 1 + 0 = 1½, 4 0.
    # SB (C.07 9.1: beaten opponents' scores + half the drawn ones'):
    # 1: 0 (4) + 1½ (3) + ½ × 2 (2) = 2½; 2: ½ × 1½ + ½ × 2½ + 0 = 2; 3: ½ × 2 + 0 = 1; 4: 0.
    page = client.get("/print/quad/q/crosstable/?lang=en").content.decode()
    grid = page[
        page.index('id="round-robin-grid"') : page.index("</table>", page.index("round-robin-grid"))
    ]
    lines = [re.sub(r"<[^>]+>", "|", line).replace("||", "|") for line in grid.split("<tr>")[2:]]
    cells = [[cell for cell in line.split("|") if cell.strip() != ""] for line in lines]
    # Koya (9.2): points against the opponents with at least half the maximum (1½ of 3):
    # 1: ½ (2) + 1 (3) = 1½; 2: ½ (1) + ½ (3) = 1; 3: 0 (1) + ½ (2) = ½; 4: 0.
    # No. and name, the four columns (the diagonal blank), points, DE, WIN, SB, KS, place
    assert cells[0][2:] == ["½", "1", "1", "2.5", "0", "2", "2.5", "1.5", "1"]
    assert cells[1][2:] == ["½", "½", "1", "2", "0", "1", "2", "1", "2"]
    assert cells[2][2:] == ["0", "½", "1", "1.5", "0", "1", "1", "0.5", "3"]
    assert cells[3][2:] == ["0", "0", "0", "0", "0", "0", "0", "0", "4"]
    # the same table in Malay, Persian (its digits) and Chinese, with no English left
    names = [f"Player {index:02d}" for index in range(1, 5)]
    for language, code in (("ms", "ms"), ("fa", "fa"), ("zh-hans", "zh")):
        printed = client.get(f"/print/quad/q/crosstable/?lang={language}").content.decode()
        assert 'id="round-robin-grid"' in printed
        assert foreign_text(printed, code, [*names, "Quad", "arif"]) == [], language
        if code == "fa":  # Persian digits in every cell: 2½ points, SB 2½, Koya 1½
            assert "۲٫۵" in printed and "۱٫۵" in printed and "2.5" not in printed
    # the public page (no login) shows the same table, on a phone too (it scrolls)
    reader = Client()
    reader.get("/p/language/zh-hans/")
    body = reader.get("/p/quad/q/crosstable/").content.decode()
    assert 'id="round-robin-grid"' in body
    assert "每格：对该列棋手所得的分数" in body
    assert foreign_text(body, "zh", [*names, "Quad"]) == []


@pytest.mark.django_db
def test_the_chief_arbiter_may_still_pair_a_round_by_hand(
    one_section: OneSection, arbiter: User
) -> None:
    from crosstable_web.events.rounds import manual_pairing
    from crosstable_web.events.rounds.rule_warnings import NeedsConfirmation

    section = one_section(
        "FIDE_ROUNDROBIN", players=4, rounds=3, key="h", name="H", event_name="By hand"
    )
    first = rounds.pair_next_round(section, arbiter)  # the table: 1-4, 2-3
    manual_pairing.start(first, arbiter)
    three, four = (section.entries.get(pairing_number=n) for n in (3, 4))
    manual_pairing.swap_players(first, three, four, arbiter)
    token = None
    for _step in range(3):  # a level-4 warning: the round is not the table's, confirmed twice
        try:
            text = manual_pairing.end(first, arbiter, token)
            break
        except NeedsConfirmation as pending:
            token = pending.token
    assert text == "MPA @ Round 1: manual 1-3 2-4; engine 1-4 2-3"
    assert _boards(first) == [(1, 3, "*", "*"), (2, 4, "*", "*")]
