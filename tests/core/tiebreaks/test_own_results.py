"""Sonneborn-Berger, Koya, progressive scores and the counting tie-breaks on Example A
(see test_buchholz.py for its adjusted scores), worked by hand."""

from __future__ import annotations

from fractions import Fraction as F

from tiebreak_builders import EXAMPLE_A, tournament

from crosstable.model import ScoringSystem
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable.tiebreaks.registry import evaluate


def values(code: str, grid=EXAMPLE_A, scoring: ScoringSystem | None = None):
    ctx = IndividualContext.from_tournament(tournament(grid, scoring=scoring))
    result = evaluate(parse_descriptor(code), ctx).values
    assert result is not None
    return dict(result)


def test_sonneborn_berger() -> None:
    # 1: 1×1 (opp 2) + 1×1 (opp 5) + 2×½ (opp 3) = 3
    # 2: 2½×0 + dummy ½ × ½ (half-point bye) + dummy ½ × 0 = ¼
    # 3: 1½×½ + forfeit win: dummy 1½ × 1 + 2½×½ = 3½
    # 4: 2×½ + forfeit loss: 1½ × 0 + 1×1 = 2
    # 5: PAB: dummy 1 × 1 + 0 + 0 = 1
    assert values("SB") == {1: F(3), 2: F(1, 4), 3: F(7, 2), 4: F(2), 5: F(1)}


def test_sonneborn_berger_cut_1() -> None:
    # 4: items (score, product): (2, 1), VUR (1½, 0), (1, 1). The least significant value is
    # the product with the lowest-scoring opponent (1); the VUR's product 0 is lower, so the
    # higher one — the least significant value — is cut (Art. 16.5): 1 + 0.
    # 3: (1½, ¾), (1½, 1½), (2½, 1¼): lowest score 1½ twice → drop the lower product ¾.
    result = values("SB/C1")
    assert result[4] == F(1)
    assert result[3] == F(3, 2) + F(5, 4)


def test_progressive_scores() -> None:
    # 1: 1, 2, 2½ → 5½; Cut-1 drops round 1: 4½.  5: 1, 1, 1 → 3.
    assert values("PS") == {1: F(11, 2), 2: F(1), 3: F(4), 4: F(5, 2), 5: F(3)}
    assert values("PS/C1")[1] == F(9, 2)


def test_koya_counts_points_against_the_top_half() -> None:
    # Limit 50 % of 3 = 1½: participants 1 (2½), 3 (2), 4 (1½).
    # 1: ½ against 3; 3: ½ (4) + 1 (forfeit win v 4) + ½ (1) = 2; 5: 0.
    result = values("KS")
    assert result[1] == F(1, 2)
    assert result[3] == F(2)
    assert result[5] == F(0)
    # /L+1 raises the limit by half a point to 2: participants 1 and 3 only.
    assert values("KS/L+1")[4] == F(1, 2)


def test_counts() -> None:
    assert values("WIN") == {1: 2, 2: 0, 3: 1, 4: 1, 5: 1}  # forfeit win and PAB count
    assert values("WON") == {1: 2, 2: 0, 3: 0, 4: 1, 5: 0}
    assert values("BPG") == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}  # 4's forfeited Black game is not
    assert values("BWG") == {1: 1, 2: 0, 3: 0, 4: 0, 5: 0}
    # REP: rounds − (half/zero-point byes + forfeit losses); the PAB counts.
    assert values("REP") == {1: 3, 2: 1, 3: 3, 4: 2, 5: 3}
    assert values("GE") == values("REP")
    assert values("TPN") == {n: n for n in EXAMPLE_A}


def test_standard_points_reads_any_point_system_as_1_half_0() -> None:
    football = ScoringSystem.football()
    assert values("STD", scoring=football) == values("STD")
    # 1: W W D = 2½; 2: L, H (a draw's points), Z = ½; 3: D, forfeit win, D = 2.
    assert values("STD")[1] == F(5, 2)
    assert values("STD")[2] == F(1, 2)
    assert values("STD")[3] == F(2)


def test_colour_dependent_draws_count_as_equal_scores_only_when_equal() -> None:
    # Xiangqi option: a draw is worth 1 for Red (first mover) and 2 for Black. STD compares
    # with the opponent, so Black's draw scores more and counts 1, Red's counts 0.
    scoring = ScoringSystem(win=F(3), draw=F(1), loss=F(0), draw_white=F(1), draw_black=F(2))
    grid = {1: ["2w="], 2: ["1b="]}
    assert values("STD", grid=grid, scoring=scoring) == {1: F(0), 2: F(1)}
