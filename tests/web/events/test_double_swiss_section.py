"""A Double-Swiss section in the web app (issue 34 items 2 and 4): offered among the
individual systems, match 1 paired as rounds 1 and 2 (game 2 reverses game 1's colours and
keeps the bye), the bye worth 1½ over the match, and written to TRF with its system code.
Expected boards worked by hand from C.04.5 (docs/pairing/double_swiss.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.auth.models import User

from crosstable.formats.trf import write_trf
from crosstable.model import ResultCode
from crosstable_web.events import bridge, models, rounds, services

from .conftest import OneSection


@pytest.fixture
def double_swiss(one_section: OneSection) -> models.Section:
    return one_section(
        "FIDE_DOUBLESWISS", players=5, rounds=4, key="ds", name="Terbuka", event_name="Double-Swiss"
    )


def _boards(round_row: models.Round) -> list[tuple[int, int]]:
    return [
        (b.white.pairing_number, b.black.pairing_number)
        for b in round_row.boards.order_by("number").select_related("white", "black")
    ]


@pytest.mark.django_db
def test_a_match_is_two_rounds_and_the_bye_is_worth_one_and_a_half(
    double_swiss: models.Section, arbiter: User
) -> None:
    # C.04.5 3.4: the bye to the largest TPN, 5; 3.6: 1-3, 2-4 folded; 4.3.1: 1 (odd TPN)
    # has the initial colour, 2 (even) the other one.
    first = rounds.pair_next_round(double_swiss, arbiter)
    boards = _boards(first)
    assert sorted(frozenset(b) for b in boards) == sorted([frozenset((1, 3)), frozenset((2, 4))])
    assert first.byes.get().entry.pairing_number == 5
    rounds.enter_result(first, 1, "1-0", arbiter)
    rounds.enter_result(first, 2, "=", arbiter)
    second = rounds.pair_next_round(double_swiss, arbiter)
    assert _boards(second) == [(black, white) for white, black in boards]
    assert second.byes.get().entry.pairing_number == 5
    rounds.enter_result(second, 1, "=", arbiter)
    rounds.enter_result(second, 2, "=", arbiter)
    tournament = bridge.section_tournament(double_swiss)
    assert tournament.points(tournament.players[5]) == Fraction(3, 2)
    bye = tournament.players[5].rounds
    assert [entry.result for entry in bye] == [ResultCode.PAIRING_BYE] * 2
    text = write_trf(tournament)
    assert "192 FIDE_DOUBLESWISS" in text


def test_forms_offer_the_double_swiss_to_individual_sections_only(
    offered_systems: tuple[list[str], list[str]],
) -> None:
    individual, team = offered_systems
    assert "FIDE_DOUBLESWISS" in individual
    assert "FIDE_DOUBLESWISS" not in team


@pytest.mark.django_db
def test_a_requested_bye_is_for_the_whole_match(
    double_swiss: models.Section, arbiter: User
) -> None:
    # C.04.5 Preface: byes apply only to matches. A half-point bye asked for round 1 is the
    # bye of match 1, rounds 1 and 2: ½ + ½, the points of a drawn match.
    three = double_swiss.entries.get(pairing_number=3)
    rounds.request_bye(three, 1, "H", arbiter)
    asked = models.RequestedBye.objects.filter(entry=three).order_by("round_number")
    assert [(b.round_number, b.result) for b in asked] == [(1, "H"), (2, "H")]
    first = rounds.pair_next_round(double_swiss, arbiter)
    # Four players left: 1-4, 2-5 (the first identifier of 1 2 4 5), no pairing bye.
    assert sorted(frozenset(b) for b in _boards(first)) == sorted(
        [frozenset((1, 4)), frozenset((2, 5))]
    )
    for board in (1, 2):
        rounds.enter_result(first, board, "=", arbiter)
    second = rounds.pair_next_round(double_swiss, arbiter)
    assert second.byes.get().entry.pairing_number == 3
    for board in (1, 2):
        rounds.enter_result(second, board, "=", arbiter)
    tournament = bridge.section_tournament(double_swiss)
    assert tournament.points(tournament.players[3]) == 1
    # Game 2 of match 2 alone cannot be a bye once game 1 is paired.
    rounds.pair_next_round(double_swiss, arbiter)
    with pytest.raises(services.ServiceError, match="whole match"):
        rounds.request_bye(three, 4, "H", arbiter)


@pytest.mark.django_db
def test_the_cross_table_has_a_column_per_match(
    double_swiss: models.Section, arbiter: User
) -> None:
    # Match 1: 1-3 won 1-0 by 1 then drawn (1½-½), 2-4 drawn twice (1-1), 5 the bye (1½).
    # The cross-table's one column for the match: the opponent's line, game 1's colour, the
    # match's points (C.04.5: points per game, summed); the bye as "1½ bye".
    from crosstable_web.events.ranking import standings
    from crosstable_web.public import pages

    first = rounds.pair_next_round(double_swiss, arbiter)
    one_three = 1 if _boards(first)[0] in ((1, 3), (3, 1)) else 2
    other = 3 - one_three
    white_of_one_three = _boards(first)[one_three - 1][0]
    rounds.enter_result(first, one_three, "1-0" if white_of_one_three == 1 else "0-1", arbiter)
    rounds.enter_result(first, other, "=", arbiter)
    second = rounds.pair_next_round(double_swiss, arbiter)
    rounds.enter_result(second, 1, "=", arbiter)
    rounds.enter_result(second, 2, "=", arbiter)
    results = standings.section_results(double_swiss)
    assert list(results.column_numbers) == [1]
    rows = {
        row["row"].number: row["cells"]  # type: ignore[attr-defined]
        for row in pages.standing_rows(double_swiss, results, with_cells=True)
    }
    lines = {number: line for line, number in enumerate(rows, start=1)}
    assert rows[5] == ["1½ bye"]
    colour_of_one = "w" if white_of_one_three == 1 else "b"
    assert rows[1] == [f"{lines[3]}{colour_of_one}1½"]
    assert rows[3] == [f"{lines[1]}{'b' if colour_of_one == 'w' else 'w'}½"]
    assert rows[2][0].endswith("1") and rows[4][0].endswith("1")
