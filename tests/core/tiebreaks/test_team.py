"""Team tie-breaks (C.07 Arts 12–13) on a team event written by hand as TeamMatch data — the
structure the team Swiss engine fills.

Three teams, two boards, MP 2/1/0, game points 1/½/0, MP primary; a pairing-allocated bye is
worth 2 MP and 2 GP.
  R1: T1–T2 1½–½ (board 1 1–0, board 2 ½–½), T3 bye.
  R2: T1–T3 ½–1½ (board 1 0–1, board 2 ½–½), T2 bye.
Totals: T1 2 MP / 2 GP, T2 2 MP / 2½ GP, T3 4 MP / 3½ GP.
"""

from __future__ import annotations

from fractions import Fraction as F

from crosstable.model import ResultCode
from crosstable.standings import StandingsRules, compute_team_standings
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable.tiebreaks.registry import evaluate
from crosstable.tiebreaks.team import BoardResult, TeamContext, TeamEvent, TeamMatch

W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS


def boards(*points: F) -> tuple[BoardResult, ...]:
    return tuple(BoardResult(board, value) for board, value in enumerate(points, start=1))


BYE = TeamMatch(None, F(2), F(2), ResultCode.PAIRING_BYE)
EVENT = TeamEvent(
    {
        1: [
            TeamMatch(2, F(2), F(3, 2), W, boards(F(1), F(1, 2))),
            TeamMatch(3, F(0), F(1, 2), L, boards(F(0), F(1, 2))),
        ],
        2: [TeamMatch(1, F(0), F(1, 2), L, boards(F(0), F(1, 2))), BYE],
        3: [BYE, TeamMatch(1, F(2), F(3, 2), W, boards(F(1), F(1, 2)))],
    },
    boards=2,
    names={1: "T1", 2: "T2", 3: "T3"},
)


def values(code: str):
    result = evaluate(parse_descriptor(code), TeamContext(EVENT)).values
    assert result is not None
    return dict(result)


def test_scores() -> None:
    assert values("MP") == {1: F(2), 2: F(2), 3: F(4)}
    assert values("GP") == {1: F(2), 2: F(5, 2), 3: F(7, 2)}
    assert values("MPVGP") == values("GP")


def test_board_tiebreaks_count_a_bye_as_wins_on_every_board() -> None:
    # Board points: T1 (1, 1), T2 (0 + 1, ½ + 1), T3 (1 + 1, 1 + ½).
    assert values("BC") == {1: F(3), 2: F(4), 3: F(5)}
    assert values("TBR") == {1: (F(1), F(1)), 2: (F(1), F(3, 2)), 3: (F(2), F(3, 2))}
    assert values("BBE") == {1: (F(1),), 2: (F(1),), 3: (F(2),)}


def test_extended_sonneborn_berger_with_dummy_for_the_bye() -> None:
    # Opponents' MP: T1 2, T2 2, T3 4. A bye is a dummy with the team's own MP capped at
    # draw MP × rounds = 2.
    # T1: 2 × 1½ + 4 × ½ = 5; T2: 2 × ½ + 2 × 2 = 5; T3: 2 × 2 + 2 × 1½ = 7.
    assert values("EMGSB") == {1: F(5), 2: F(5), 3: F(7)}
    assert values("ESB") == values("EMGSB")  # MP primary: opponents' MP × own GP
    # EMMSB: T1: 2 × 2 + 4 × 0 = 4; T2: 2 × 0 + 2 × 2 = 4; T3: 2 × 2 + 2 × 2 = 8.
    assert values("EMMSB") == {1: F(4), 2: F(4), 3: F(8)}


def test_schedule_strength_combination() -> None:
    # K = ⌊(2 MP × 2 rounds) / (1 × 2 boards)⌋ = 2; BH on MP: T1 6, T2 4, T3 4.
    assert values("SSSC") == {1: F(2) + 3, 2: F(5, 2) + 2, 3: F(7, 2) + 2}
    assert values("SSSC/K4")[1] == F(2) + F(6, 4)


def test_individual_tiebreaks_on_either_score() -> None:
    assert values("BH") == {1: F(6), 2: F(4), 3: F(4)}
    # WIN on game points counts board games won (the bye: every board).
    assert values("WIN:GP") == {1: 1, 2: 2, 3: 3}
    assert values("WIN") == {1: 1, 2: 1, 3: 2}


def test_team_standings() -> None:
    secondary = compute_team_standings(EVENT, StandingsRules.from_text("MPVGP"))
    assert [row.number for row in secondary.rows] == [3, 2, 1]
    direct = compute_team_standings(EVENT, StandingsRules.from_text("EDE,MPVGP"))
    assert [row.number for row in direct.rows] == [3, 1, 2]
    assert direct.row(1).values[0] == 1 and direct.row(2).values[0] == 2
