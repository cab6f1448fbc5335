"""Buchholz family and Art. 16 (unplayed rounds), on Example A worked by hand.

Example A (tiebreak_builders.EXAMPLE_A) final scores: 1: 2½, 2: ½, 3: 2, 4: 1½, 5: 1.
Adjusted scores seen by opponents (Art. 16.3): player 2's half-point bye (round 2) and
zero-point bye (round 3) are category 5 (followed only by VURs / in the last round) and count
as draws: 2 → 1; the others keep the points awarded: 1 → 2½, 3 → 2, 4 → 1½, 5 → 1.
"""

from __future__ import annotations

from fractions import Fraction as F

from tiebreak_builders import EXAMPLE_A, tournament

from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable.tiebreaks.registry import evaluate
from crosstable.tiebreaks.unplayed import UnplayedCategory, UnplayedRule


def values(code: str, rule: UnplayedRule = UnplayedRule.FIDE_2026, grid=EXAMPLE_A):
    ctx = IndividualContext.from_tournament(tournament(grid), unplayed_rule=rule)
    result = evaluate(parse_descriptor(code), ctx).values
    assert result is not None
    return dict(result)


def test_categories_of_art_16_2() -> None:
    ctx = IndividualContext.from_tournament(tournament(EXAMPLE_A))
    assert [r.category for r in ctx.records[5]] == [UnplayedCategory.BYE_WORTH_WIN, None, None]
    assert [r.category for r in ctx.records[2]] == [
        None,
        UnplayedCategory.REQUESTED_BYE_AT_END,
        UnplayedCategory.REQUESTED_BYE_AT_END,
    ]
    assert ctx.records[3][1].category is UnplayedCategory.FORFEIT_WIN
    assert ctx.records[4][1].category is UnplayedCategory.FORFEIT_LOSS
    assert {n: ctx.fraction(v) for n, v in ctx.adjusted.items()} == {
        1: F(5, 2),
        2: F(1),
        3: F(2),
        4: F(3, 2),
        5: F(1),
    }


def test_requested_bye_followed_by_a_game_is_category_3() -> None:
    grid = {1: ["H", "2w1"], 2: ["Z", "1b0"]}
    ctx = IndividualContext.from_tournament(tournament(grid))
    assert ctx.records[1][0].category is UnplayedCategory.REQUESTED_BYE_THEN_PLAYED
    # Category 3 keeps the points awarded: the half-point bye counts ½ for opponents.
    assert ctx.fraction(ctx.adjusted[1]) == F(3, 2)


def test_buchholz_2026_dummy_caps() -> None:
    # 2: opp 1 (2½) + dummy min(½, ½×3) twice = 3½
    # 3: opp 4 (1½) + forfeit win: dummy min(own 2, opponent 4's adjusted 1½) + opp 1 (2½) = 5½
    # 4: opp 3 (2) + forfeit loss: dummy min(1½, 3's adjusted 2) = 1½ + opp 5 (1) = 4½
    # 5: PAB dummy min(1, 1½) + opp 1 (2½) + opp 4 (1½) = 5
    assert values("BH") == {1: F(4), 2: F(7, 2), 3: F(11, 2), 4: F(9, 2), 5: F(5)}


def test_buchholz_2023_dummy_is_not_capped() -> None:
    # 3's forfeit win is evaluated against a dummy with 3's own score 2 instead of 1½.
    assert values("BH", UnplayedRule.FIDE_2023)[3] == F(6)


def test_buchholz_virtual_opponent_before_2023() -> None:
    # Opponents' unplayed rounds count as draws: 2 → 1, 3 → 1½, 4 → 2, 5 → ½.
    # 2's own round 2 (H): virtual opponent 0 + (1 − ½) + ½×1 = 1; round 3 (Z): ½ + 1 + 0 = 1½.
    # 3's forfeit win in round 2: ½ + 0 + ½ = 1.
    result = values("BH", UnplayedRule.VIRTUAL_OPPONENT)
    assert result[2] == F(5, 2) + F(1) + F(3, 2)
    assert result[3] == F(2) + F(1) + F(5, 2)
    assert result[1] == F(1) + F(1, 2) + F(3, 2)


def test_cut_1_prefers_a_voluntary_unplayed_round() -> None:
    # 4's values: 2 (opp 3), 1½ (forfeit loss = VUR), 1 (opp 5). Art. 16.5 cuts the VUR's
    # contribution (1½ ≥ the least value 1) instead of the lowest opponent: 2 + 1 = 3.
    result = values("BH/C1")
    assert result == {1: F(3), 2: F(3), 3: F(4), 4: F(3), 5: F(4)}
    # Before 2023 there was no such exception: with virtual-opponent values 1½ (opp 3, its
    # forfeit win counted as a draw), 2 (virtual opponent: ½ + 1 + ½) and ½ (opp 5), the
    # lowest value goes.
    assert values("BH/C1", UnplayedRule.VIRTUAL_OPPONENT)[4] == F(3, 2) + F(2)


def test_median_and_cut_2() -> None:
    assert values("BH/M1")[1] == F(1)  # 1, 1, 2 → drop 1 and 2
    assert values("BH-C2")[3] == F(5, 2)  # 1½, 1½, 2½ → keep 2½


def test_fore_buchholz_takes_final_round_games_as_draws() -> None:
    # Final round as draws: 1 → 2½ (already drew), 3 → 2, 4 → 1, 5 → 1½.
    # 1: opps 2 (adj 1), 5 (1½), 3 (2) = 4½.
    # 5: PAB dummy min(1½, 1½) + opp 1 (2½) + opp 4 (1) = 5.
    result = values("FB")
    assert result[1] == F(9, 2)
    assert result[5] == F(5)
    assert values("BH/F") == result


def test_average_of_opponents_buchholz_is_exact() -> None:
    # 1 met 2, 5, 3 over the board: (3½ + 5 + 5½) / 3 = 14/3.
    assert values("AOB")[1] == F(14, 3)
    # 2 met only 1 over the board.
    assert values("AOB")[2] == F(4)


def test_forfeits_as_played_modifier() -> None:
    # /P: 4's forfeit loss counts against 3's adjusted score 2 instead of the dummy's 1½.
    assert values("BH/P")[4] == F(2) + F(2) + F(1)
    # 3's forfeit win: against 4's 1½, which is also the dummy's cap.
    assert values("BH/P")[3] == values("BH")[3]
    # SB: 4 scored 0 in that round, so nothing changes.
    assert values("SB/P")[4] == values("SB")[4]
