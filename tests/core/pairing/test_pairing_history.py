"""Facts a Swiss system reads from the rounds played: floats, bye eligibility, presence."""

from __future__ import annotations

from fractions import Fraction

from crosstable.model import Colour, Player, ResultCode, RoundEntry, ScoringSystem, Tournament
from crosstable.pairing.history import (
    Float,
    build_histories,
    infer_initial_colour,
    next_round,
    players_to_pair,
)


def _tournament(scoring: ScoringSystem) -> Tournament:
    """Round 1: 1 beats 2 (1 White), 3 gets the PAB, 4 a half-point bye, 5 a full-point bye,
    6 is absent. Round 2: 1-3 drawn (3 White), 2 beats 4 by forfeit, 5 and 6 absent."""
    t = Tournament(scoring=scoring, total_rounds=5)
    for n in range(1, 7):
        t.add_player(Player(n, f"P{n}"))
    p = t.players
    p[1].set_entry(1, RoundEntry(2, Colour.WHITE, ResultCode.WIN))
    p[2].set_entry(1, RoundEntry(1, Colour.BLACK, ResultCode.LOSS))
    p[3].set_entry(1, RoundEntry.absent(ResultCode.PAIRING_BYE))
    p[4].set_entry(1, RoundEntry.absent(ResultCode.HALF_POINT_BYE))
    p[5].set_entry(1, RoundEntry.absent(ResultCode.FULL_POINT_BYE))
    p[6].set_entry(1, RoundEntry.absent(ResultCode.ZERO_POINT_BYE))
    p[1].set_entry(2, RoundEntry(3, Colour.BLACK, ResultCode.DRAW))
    p[3].set_entry(2, RoundEntry(1, Colour.WHITE, ResultCode.DRAW))
    p[2].set_entry(2, RoundEntry(4, Colour.WHITE, ResultCode.FORFEIT_WIN))
    p[4].set_entry(2, RoundEntry(2, Colour.BLACK, ResultCode.FORFEIT_LOSS))
    p[5].set_entry(2, RoundEntry.absent(ResultCode.ZERO_POINT_BYE))
    p[6].set_entry(2, RoundEntry.absent(ResultCode.UNPLAYED))
    return t


def test_floats_by_tournament_round_art_1_4() -> None:
    h = build_histories(_tournament(ScoringSystem()), 3)
    assert h[1].floats == (Float.NONE, Float.NONE)  # equal scores in both games
    assert h[3].floats == (Float.DOWN, Float.NONE)  # the PAB, then 1 point against 1 point
    assert h[4].floats == (Float.DOWN, Float.NONE)  # half-point bye; a forfeit loss: nothing
    assert h[2].floats == (Float.NONE, Float.DOWN)  # a forfeit win scores without playing
    assert h[6].floats == (Float.NONE, Float.NONE)


def test_a_bye_worth_nothing_gives_no_downfloat() -> None:
    scoring = ScoringSystem(pairing_bye=Fraction(0))
    h = build_histories(_tournament(scoring), 3)
    assert h[3].floats[0] is Float.NONE
    assert not h[3].can_receive_bye  # still had the PAB (C.04.1 Art. 4)


def test_bye_eligibility_and_meetings() -> None:
    h = build_histories(_tournament(ScoringSystem()), 3)
    assert not h[3].can_receive_bye  # had the PAB
    assert not h[5].can_receive_bye  # a full-point bye scores a win without playing
    assert not h[2].can_receive_bye  # so does a forfeit win
    assert h[4].can_receive_bye  # a half-point bye does not block
    assert h[2].opponents == {1}  # the forfeited game against 4 is not a meeting
    assert h[4].unplayed_rounds == 2 and h[1].unplayed_rounds == 0
    assert h[3].colours == (Colour.WHITE,)


def test_presence_and_next_round() -> None:
    t = _tournament(ScoringSystem())
    assert next_round(t) == 3
    assert players_to_pair(t, 3) == [1, 2, 3, 4, 5, 6]
    t.players[5].set_entry(3, RoundEntry.absent(ResultCode.HALF_POINT_BYE))
    assert next_round(t) == 3  # a pre-entered bye does not make round 3 paired
    assert players_to_pair(t, 3) == [1, 2, 3, 4, 6]
    t.players[6].withdrawn_after_round = 2
    assert players_to_pair(t, 3) == [1, 2, 3, 4]
    assert players_to_pair(t, 2) == [1, 2, 3, 4]  # round 2: 5 had Z, 6 blank in a paired round
    assert infer_initial_colour(t) is Colour.WHITE
