"""Xiangqi Swiss (积分编排制): hand-worked pairings for each round-1 option, the score-segment
rule, the colour rules, the bye and same-unit avoidance (docs/pairing/xiangqi.md)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.model import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
    colour_name,
)
from crosstable.pairing.base import Board, PairingError
from crosstable.pairing.registry import pairing_system
from crosstable.pairing.rules import ColourRule, RoundOnePairing
from crosstable.pairing.xiangqi import (
    SegmentOrder,
    XiangqiOptions,
    forced_colour,
    lot_seed,
    options_from_rules,
    pair_round,
)
from crosstable.regulations import load_regulations

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
R, B = Colour.WHITE, Colour.BLACK  # Red moves first: the model's WHITE


def event(
    players: int, scoring: ScoringSystem | None = None, initial_colour: Colour | None = None
) -> Tournament:
    tournament = Tournament(
        name="test", scoring=scoring or ScoringSystem.xiangqi(), initial_colour=initial_colour
    )
    for number in range(1, players + 1):
        tournament.add_player(Player(number, f"Player {number}", rating=2000 - number))
    return tournament


def play(tournament: Tournament, round_number: int, *games: tuple[int, int, str]) -> None:
    """Record ``(red, black, result)`` games: result "1" Red wins, "0" Black wins, "=" draw."""
    other = {"1": ResultCode.LOSS, "0": ResultCode.WIN, "=": ResultCode.DRAW}
    for red, black, result in games:
        tournament.players[red].set_entry(round_number, RoundEntry(black, R, ResultCode(result)))
        tournament.players[black].set_entry(round_number, RoundEntry(red, B, other[result]))


def pairs(boards: tuple[Board, ...]) -> list[tuple[int, int]]:
    return [(board.white, board.black) for board in boards]


# --- round 1 ------------------------------------------------------------------------------


def test_round_one_halves_in_rating_order_colours_alternate_from_the_lot() -> None:
    tournament = event(8, initial_colour=R)
    options = XiangqiOptions(round_one=RoundOnePairing.RATING)
    pairing = pair_round(tournament, 1, options)
    # 1-5, 2-6, 3-7, 4-8; board 1's top player has the drawn colour (Red), then alternate.
    assert pairs(pairing.boards) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert pairing.bye is None


def test_round_one_halves_by_lot_pairs_each_top_half_player_with_a_drawn_bottom_player() -> None:
    tournament = event(10)
    opponents_of_1 = set()
    for seed in range(40):
        options = XiangqiOptions(lot_seed=seed)
        pairing = pair_round(tournament, 1, options)
        assert pair_round(tournament, 1, options) == pairing  # the seed repeats the draw
        games = {frozenset((board.white, board.black)) for board in pairing.boards}
        assert len(games) == 5
        for game in games:
            low, high = sorted(game)
            assert low <= 5 < high  # top half against bottom half
        opponents_of_1 |= {max(game) for game in games if 1 in game}
    assert opponents_of_1 == {6, 7, 8, 9, 10}  # any bottom-half player may be drawn


def test_lot_seed_defaults_to_one_derived_from_the_entries() -> None:
    assert lot_seed(event(6)) == lot_seed(event(6))
    assert lot_seed(event(6), XiangqiOptions(lot_seed=7)) == 7
    renamed = event(6)
    renamed.players[3].name = "Someone else"
    assert lot_seed(renamed) != lot_seed(event(6))


def test_round_one_adjacent_with_drawn_numbers_odd_number_on_red_and_bye_to_the_last() -> None:
    # The Huayuan event: every player draws a number; 1-2, 3-4, …; the odd number is Red.
    tournament = event(7)
    options = XiangqiOptions(
        round_one=RoundOnePairing.LOT_ADJACENT,
        round_one_colour=ColourRule.ODD_NUMBER_FIRST,
        numbers_are_drawn=True,
    )
    pairing = pair_round(tournament, 1, options)
    assert pairs(pairing.boards) == [(1, 2), (3, 4), (5, 6)]
    assert pairing.bye == 7


def test_round_one_adjacent_by_lot_pairs_neighbours_of_a_drawn_order() -> None:
    tournament = event(12)
    options = XiangqiOptions(
        round_one=RoundOnePairing.LOT_ADJACENT,
        round_one_colour=ColourRule.ODD_NUMBER_FIRST,
        lot_seed=2019,
    )
    first = pair_round(tournament, 1, options)
    assert first == pair_round(tournament, 1, options)
    assert sorted(n for board in first.boards for n in (board.white, board.black)) == list(
        range(1, 13)
    )
    other_seeds = {
        pair_round(
            tournament, 1, XiangqiOptions(round_one=RoundOnePairing.LOT_ADJACENT, lot_seed=seed)
        ).boards
        for seed in range(5)
    }
    assert len(other_seeds) > 1  # the draw depends on the seed


def test_round_one_same_unit_avoidance_moves_the_lot_as_little_as_possible() -> None:
    # 1 and 5 are team-mates: 1-5 would be the pairing; swapping the partners of 1 and 2
    # (distance 1 each) is the smallest change, 3-7 and 4-8 stay.
    tournament = event(8, initial_colour=R)
    options = XiangqiOptions(
        round_one=RoundOnePairing.RATING,
        avoid_same_unit_rounds=(1, 1),
        units={1: "A", 5: "A", 2: "B", 3: "C", 4: "D", 6: "E", 7: "F", 8: "G"},
    )
    games = {frozenset((b.white, b.black)) for b in pair_round(tournament, 1, options).boards}
    assert games == {frozenset(p) for p in ((1, 6), (2, 5), (3, 7), (4, 8))}


def test_round_one_unit_avoidance_comes_from_clubs_when_no_units_are_given() -> None:
    tournament = event(4, initial_colour=R)
    tournament.players[1].club = "Jishou"
    tournament.players[3].club = "Jishou"
    options = XiangqiOptions(round_one=RoundOnePairing.RATING, avoid_same_unit_rounds=(1, 9))
    games = {frozenset((b.white, b.black)) for b in pair_round(tournament, 1, options).boards}
    assert frozenset((1, 3)) not in games


# --- later rounds -------------------------------------------------------------------------


def test_round_two_scores_segments_floats_and_colours_by_hand() -> None:
    # After round 1: 1 and 2 have 2 points, 3 and 6 drew (1 point each) and have met,
    # 4 and 5 have 0. 1-2 stays in the top segment; 3 and 6 cannot meet, so both float
    # down; of the two ways, 3-4 / 6-5 gives everyone the colour due (3-5 would give two
    # players due Black). Colours: more Blacks takes Red.
    tournament = event(6)
    play(tournament, 1, (1, 4, "1"), (5, 2, "0"), (3, 6, "="))
    pairing = pair_round(tournament, 2)
    assert pairs(pairing.boards) == [(2, 1), (4, 3), (6, 5)]


def test_a_floater_goes_to_the_nearest_score() -> None:
    # Round 1, all drawn: Reds 2, 3, 4, 8; Blacks 1, 5, 6, 7. Round 2 byes (F/H/Z) make the
    # scores 3, 3, 3 | 2, 2 | 1, 1, 1. 1-2 stays; 3 must float. To the 2-point segment
    # (3-5, whose other player 4 floats on: 4-6), not straight to the bottom (3-6 with 4-5),
    # though both cross each boundary once and the second would follow the segment order
    # better: the nearest score comes first (X7).
    tournament = event(8)
    play(tournament, 1, (3, 1, "="), (2, 5, "="), (4, 7, "="), (8, 6, "="))
    for number, code in zip(range(1, 9), "FFFHHZZZ", strict=True):
        tournament.players[number].set_entry(2, RoundEntry.absent(ResultCode(code)))
    pairing = pair_round(tournament, 3)
    assert pairs(pairing.boards) == [(1, 2), (5, 3), (6, 4), (7, 8)]


def test_colour_limit_two_in_a_row_is_absolute() -> None:
    # 1 and 2 lead with Red twice each: they cannot meet (both must have Black); 3 has the
    # same score. The only pairing keeping the limit: 3-1, 6-2, 4-5.
    tournament = event(6)
    play(tournament, 1, (1, 4, "1"), (2, 5, "1"), (3, 6, "1"))
    play(tournament, 2, (1, 6, "1"), (2, 4, "1"), (5, 3, "0"))
    options = XiangqiOptions(max_same_colour_in_row=2)
    pairing = pair_round(tournament, 3, options)
    assert pairs(pairing.boards) == [(3, 1), (6, 2), (4, 5)]


def test_colour_limit_can_make_a_round_impossible() -> None:
    tournament = event(2)
    play(tournament, 1, (1, 2, "1"))
    with pytest.raises(PairingError, match="round 2"):
        pair_round(tournament, 2, XiangqiOptions())  # the only pairing is a rematch


def test_a_rematch_the_chief_arbiter_allows_is_paired() -> None:
    # the case above with the rematch allowed (X1 relaxed for 1-2 alone): 1 had Red, so 2
    # gets Red (alternation)
    tournament = event(2)
    play(tournament, 1, (1, 2, "1"))
    tournament.rematches_allowed.append(frozenset((1, 2)))
    assert pairs(pair_round(tournament, 2, XiangqiOptions()).boards) == [(2, 1)]


def test_forced_colour_readings() -> None:
    limit = XiangqiOptions(max_same_colour_in_row=2)
    assert forced_colour([R, R], limit, last_round=False) is B
    assert forced_colour([B, R, R], limit, last_round=False) is B
    assert forced_colour([R, B], limit, last_round=False) is None
    assert forced_colour([B], limit, last_round=False) is None
    relaxed = XiangqiOptions(max_same_colour_in_row=2, relax_colour_limits_in_last_round=True)
    assert forced_colour([R, R], relaxed, last_round=True) is None
    assert forced_colour([R, R], relaxed, last_round=False) is B
    difference = XiangqiOptions(max_colour_difference=1)
    assert forced_colour([R, B, R], difference, last_round=False) is B
    assert forced_colour([B], difference, last_round=False) is R
    assert forced_colour([R, B], difference, last_round=False) is None


def test_the_bye_goes_to_the_lowest_score_highest_number_and_is_worth_a_win() -> None:
    tournament = event(5, initial_colour=R)
    options = XiangqiOptions(round_one=RoundOnePairing.RATING)
    first = pair_round(tournament, 1, options)
    assert first.bye == 5  # all on 0: the highest number
    assert pairs(first.boards) == [(1, 3), (4, 2)]
    play(tournament, 1, (1, 3, "1"), (4, 2, "1"))
    tournament.players[5].set_entry(1, RoundEntry.absent(ResultCode.PAIRING_BYE))
    assert tournament.points(tournament.players[5]) == 2  # the bye scores as a win
    second = pair_round(tournament, 2, options)
    assert second.bye == 3  # 2 and 3 have 0 points: the higher number


def test_no_second_bye() -> None:
    tournament = event(3)
    play(tournament, 1, (1, 2, "1"))
    tournament.players[3].set_entry(1, RoundEntry.absent(ResultCode.PAIRING_BYE))
    play(tournament, 2, (3, 1, "="))
    tournament.players[2].set_entry(2, RoundEntry.absent(ResultCode.PAIRING_BYE))
    # 3 and 2 have had the bye: it goes to 1 although 1 has the most points; 2-3 have not met.
    pairing = pair_round(tournament, 3)
    assert pairing.bye == 1
    assert {pairing.boards[0].white, pairing.boards[0].black} == {2, 3}


def test_colour_dependent_draw_points_change_the_score_segments() -> None:
    # Win 3, draw 1 for Red and 2 for Black (the rules' option): after four draws the
    # Black players lead on 2 and meet each other, the Red players meet each other.
    asymmetric = ScoringSystem(
        win=Fraction(3), draw=Fraction(1), loss=Fraction(0),
        draw_white=Fraction(1), draw_black=Fraction(2),
    )  # fmt: skip
    tournament = event(4, scoring=asymmetric)
    play(tournament, 1, (1, 3, "="), (4, 2, "="))
    games = {frozenset((b.white, b.black)) for b in pair_round(tournament, 2).boards}
    assert games == {frozenset((2, 3)), frozenset((1, 4))}
    symmetric = event(4)
    play(symmetric, 1, (1, 3, "="), (4, 2, "="))
    games = {frozenset((b.white, b.black)) for b in pair_round(symmetric, 2).boards}
    # One segment of four: the halves 1-3 and 2-4 are rematches; 1-2 / 3-4 and 1-4 / 2-3
    # are equally far from the halves, but only the first gives everyone the colour due.
    assert games == {frozenset((1, 2)), frozenset((3, 4))}


def test_same_unit_avoidance_in_all_rounds_goes_before_the_score() -> None:
    tournament = event(4)
    play(tournament, 1, (1, 3, "1"), (4, 2, "0"))  # 1 and 2 lead
    units = {1: "A", 2: "A", 3: "B", 4: "C"}
    always = XiangqiOptions(avoid_same_unit_rounds=(1, 99), units=units)
    games = {frozenset((b.white, b.black)) for b in pair_round(tournament, 2, always).boards}
    assert frozenset((1, 2)) not in games
    first_only = XiangqiOptions(avoid_same_unit_rounds=(1, 1), units=units)
    games = {frozenset((b.white, b.black)) for b in pair_round(tournament, 2, first_only).boards}
    assert frozenset((1, 2)) in games


def test_segment_order_halves_or_adjacent() -> None:
    # Round 1: winners 1 (Red), 2 (Black), 3 (Black), 4 (Red); losers 5 (Black), 6 (Red),
    # 7 (Red), 8 (Black). Both ways below give every player the colour due, so the segment
    # order decides: halves 1-3, 2-4 / 5-7, 6-8; adjacent 1-2, 3-4 / 5-6, 7-8.
    tournament = event(8)
    play(tournament, 1, (1, 5, "1"), (6, 2, "0"), (7, 3, "0"), (4, 8, "1"))
    halves = pair_round(tournament, 2, XiangqiOptions(segment_order=SegmentOrder.HALVES))
    assert pairs(halves.boards) == [(3, 1), (2, 4), (5, 7), (8, 6)]
    adjacent = pair_round(tournament, 2, XiangqiOptions(segment_order=SegmentOrder.ADJACENT))
    assert pairs(adjacent.boards) == [(2, 1), (3, 4), (5, 6), (8, 7)]


# --- glue ---------------------------------------------------------------------------------


def test_registry_and_regulation_options() -> None:
    system = pairing_system("xiangqi_swiss")
    assert system.code == "XIANGQI_SWISS"
    assert len(system.pair_round(event(4), 1).boards) == 2
    regulations = load_regulations(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    options = options_from_rules(regulations.sections[0].pairing, lot_seed=1)
    assert options.round_one is RoundOnePairing.LOT_ADJACENT
    assert options.round_one_colour is ColourRule.ODD_NUMBER_FIRST
    assert options.max_same_colour_in_row == 2
    assert options.avoid_same_unit_rounds is None


def test_colour_names_by_game() -> None:
    assert colour_name(Colour.WHITE, "xiangqi") == "Red"
    assert colour_name(Colour.BLACK, "xiangqi") == "Black"
    assert colour_name(Colour.WHITE) == "White"
    with pytest.raises(ValueError, match="go"):
        colour_name(Colour.WHITE, "go")
