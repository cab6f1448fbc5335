"""FIDE's worked examples for unplayed rounds, reproduced on a "star" tournament: participant 1
meets a different opponent each round (the opponents' other rounds are empty).

* Before 2023 (C.02 13.15, virtual opponent Svon = SPR + (1 − SfPR) + ½·(n − R)):
  - Example 1: 9 rounds, 1 does not show up in round 3 with 1½ after two rounds:
    Svon at the end = 1½ + (1 − 0) + ½·6 = 5½.
  - Example 2: 9 rounds, 1's opponent does not show up in round 6, 1 has 3½ after five rounds:
    Svon = 3½ + (1 − 1) + ½·3 = 5.
  - 2009 Swiss programs committee: a player with 6 points including a default win in round 3
    (2 points after round 2) is worth 5½ to his opponents (the default win counts as a draw).
* 2026 (C.07 Art. 16.4 with caps; TEC exercise recomputed under the 2026 text):
  - 3½ points with a half-point bye in round 2 of 5: dummy capped at ½·5 = 2½ (2023: 3½);
  - 2½ points with a forfeit win against an opponent whose adjusted score is 1½: dummy 1½
    (2023: 2½). Both lower that player's Buchholz by 1 compared with the 2023 rules.
"""

from __future__ import annotations

from fractions import Fraction as F

from tiebreak_builders import tournament

from crosstable.tiebreaks.buchholz import buchholz
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import TiebreakSpec
from crosstable.tiebreaks.unplayed import UnplayedRule

_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def star(results: str) -> dict[int, list[str]]:
    """Participant 1's results, one character per round ('1', '0', '=', '+', '-', 'H', 'Z',
    'U'); every game or forfeit is against a new opponent."""
    rounds = len(results)
    grid: dict[int, list[str]] = {1: []}
    opponent = 2
    for round_number, result in enumerate(results, start=1):
        if result in "HZU":
            grid[1].append(result)
            continue
        grid[1].append(f"{opponent}w{result}")
        cells = [""] * rounds
        cells[round_number - 1] = f"1b{_MIRROR[result]}"
        grid[opponent] = cells
        opponent += 1
    return grid


def dummy(results: str, round_number: int, rule: UnplayedRule) -> F:
    ctx = IndividualContext.from_tournament(tournament(star(results)), unplayed_rule=rule)
    return ctx.fraction(ctx.dummy_score(1, round_number))


def test_virtual_opponent_example_1() -> None:
    assert dummy("1=-======", 3, UnplayedRule.VIRTUAL_OPPONENT) == F(11, 2)


def test_virtual_opponent_example_2() -> None:
    assert dummy("1=1==+===", 6, UnplayedRule.VIRTUAL_OPPONENT) == F(5)


def test_virtual_opponent_default_win_counts_as_a_draw_for_opponents() -> None:
    # 6 points: W W + W W = = L L → 2 after round 2; opponents see 6 − 1 + ½ = 5½.
    results = "11+11==00"
    ctx = IndividualContext.from_tournament(
        tournament(star(results)), unplayed_rule=UnplayedRule.VIRTUAL_OPPONENT
    )
    assert ctx.fraction(ctx.score[1]) == F(6)
    assert ctx.fraction(ctx.adjusted[1]) == F(11, 2)
    assert ctx.fraction(ctx.dummy_score(1, 3)) == 2 + 0 + F(6, 2)


def test_2026_cap_for_a_half_point_bye() -> None:
    # 3½ from 5 rounds with a half-point bye in round 2 (followed by games: category 3).
    results = "1H==1"
    assert dummy(results, 2, UnplayedRule.FIDE_2026) == F(5, 2)
    assert dummy(results, 2, UnplayedRule.FIDE_2023) == F(7, 2)
    ctx_2026 = IndividualContext.from_tournament(tournament(star(results)))
    ctx_2023 = IndividualContext.from_tournament(
        tournament(star(results)), unplayed_rule=UnplayedRule.FIDE_2023
    )
    difference = (
        buchholz(ctx_2023, TiebreakSpec("BH"))[1] - buchholz(ctx_2026, TiebreakSpec("BH"))[1]
    )
    assert difference == 1


def test_2026_cap_for_a_forfeit_win() -> None:
    # 2½ points; the forfeit opponent (round 1) finishes with 1½ (adjusted 1½).
    grid = {
        1: ["2w+", "3w=", "4b1", "5w0"],
        2: ["1b-", "5b1", "3b=", "4b0"],
        3: ["4w0", "1b=", "2w=", ""],
        4: ["3b1", "", "1w0", "2w1"],
        5: ["", "2w0", "", "1b1"],
    }
    for rule, expected in ((UnplayedRule.FIDE_2026, F(3, 2)), (UnplayedRule.FIDE_2023, F(5, 2))):
        ctx = IndividualContext.from_tournament(tournament(grid), unplayed_rule=rule)
        assert ctx.fraction(ctx.score[1]) == F(5, 2)
        assert ctx.fraction(ctx.adjusted[2]) == F(3, 2)
        assert ctx.fraction(ctx.dummy_score(1, 1)) == expected
