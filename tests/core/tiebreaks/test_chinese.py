"""The Chinese tie-breaks: 对手分 with the xiangqi bye rule, 累进分 逐轮递减, 犯规, 前一轮名次."""

from __future__ import annotations

from fractions import Fraction as F

from tiebreak_builders import EXAMPLE_A, tournament

from crosstable.model import ScoringSystem
from crosstable.standings import StandingsRules, compute_standings
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable.tiebreaks.registry import evaluate


def values(code, grid=EXAMPLE_A, **options):
    ctx = IndividualContext.from_tournament(tournament(grid, **options))
    result = evaluate(parse_descriptor(code), ctx).values
    assert result is not None
    return dict(result)


def test_opponents_score_with_the_xiangqi_bye_rule() -> None:
    # Final scores 2½, ½, 2, 1½, 1: the lowest score among players who scored is ½.
    # 5: bye → ½, then 1 (2½) and 4 (1½) = 4½. 2: 1 (2½); its own H and Z count nothing.
    # 3: 4 (1½), forfeit against 4 (1½), 1 (2½) = 5½.
    result = values("对手分")
    assert result[5] == F(9, 2)
    assert result[2] == F(5, 2)
    assert result[3] == F(11, 2)


def test_opponents_score_in_xiangqi_points() -> None:
    result = values("OTHER_DSF", scoring=ScoringSystem.xiangqi())
    assert result[5] == 2 * F(9, 2)


def test_opponents_score_plain_sum_as_chess_regulations_write_it() -> None:
    """Issue 26.6: 对手分 of Futian 2019 (九.3 ②), "the sum of the opponents' points": the
    same example as above without the xiangqi bye rule and without FIDE's Art. 16 — 5's bye
    adds nothing: 1 (2½) + 4 (1½) = 4; 2: 1 (2½), its own H and Z nothing = 2½; 3: 4 (1½)
    + the forfeit's scheduled opponent 4 (1½) + 1 (2½) = 5½."""
    result = values("OTHER_OS")
    assert (result[5], result[2], result[3]) == (F(4), F(5, 2), F(11, 2))
    assert result[5] != values("BH")[5]  # FIDE counts a dummy for the bye


def test_progressive_dropping_rounds() -> None:
    # 1: cumulative 1, 2, 2½ → (5½, 4½, 2½); 5: 1, 1, 1 → (3, 2, 1).
    result = values("累进分")
    assert result[1] == (F(11, 2), F(9, 2), F(5, 2))
    assert result[5] == (F(3), F(2), F(1))


def test_progressive_dropping_rounds_separates_after_the_first_round() -> None:
    # 1: W L W → cumulative 1, 1, 2 → PS 4; 2: D W D → ½, 1½, 2 → PS 4. Tied on points and
    # PS; without round 1: 3 for 1, 3½ for 2 → 2 ranks ahead.
    grid = {
        1: ["3w1", "2w0", "4w1"],
        2: ["4w=", "1b1", "3b="],
        3: ["1b0", "4w0", "2w="],
        4: ["2b=", "3b1", "1b0"],
    }
    result = values("OTHER_LJF", grid=grid)
    assert result[1] == (F(4), F(3), F(2))
    assert result[2] == (F(4), F(7, 2), F(2))
    standings = compute_standings(tournament(grid), StandingsRules.from_text("OTHER_LJF"))
    assert [row.number for row in standings.rows][:2] == [2, 1]
    plain = compute_standings(tournament(grid), StandingsRules.from_text("PS"))
    assert plain.row(1).place == plain.row(2).place == "1-2"


def test_fouls_fewer_first() -> None:
    grid = {1: ["2w="], 2: ["1b="]}
    event = tournament(grid, fouls={(1, 1): 2})
    standings = compute_standings(event, StandingsRules.from_text("犯规"))
    assert [row.number for row in standings.rows] == [2, 1]
    assert standings.row(1).values == (2,)


def test_previous_round_standing() -> None:
    # 1 and 2 finish on 1 point; after round 1, 1 had 1 point (shared 1st with 4) and 2 had
    # 0 (shared 3rd with 3): 1 ranks ahead.
    grid = {
        1: ["3w1", "4b0"],
        2: ["4b0", "3w1"],
        3: ["1b0", "2b0"],
        4: ["2w1", "1w1"],
    }
    standings = compute_standings(tournament(grid), StandingsRules.from_text("前一轮名次"))
    assert [row.number for row in standings.rows] == [4, 1, 2, 3]
    assert standings.row(1).values == ((1,),)
    assert standings.row(2).values == ((3,),)
