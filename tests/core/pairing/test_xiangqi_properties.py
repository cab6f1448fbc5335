"""Xiangqi Swiss: property tests over random events (hypothesis). Whatever the options and
the results, no rule of docs/pairing/xiangqi.md is broken: no rematch, the colour limits, the
bye (only for an odd count, never twice, lowest score then highest number among those who
leave a complete pairing), same-unit avoidance whenever a complete pairing allows it; and a
round is declared impossible only when it is.

The checks are in xiangqi_checks.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xiangqi_checks import checked_pair_function

from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.matching import max_weight_matching
from crosstable.model import ResultCode, ScoringSystem
from crosstable.pairing import xiangqi
from crosstable.pairing.base import PairingError
from crosstable.pairing.xiangqi import SegmentOrder, XiangqiOptions
from crosstable.regulations.schema import ColourRule, RoundOnePairing

ASYMMETRIC_DRAW = ScoringSystem(
    win=Fraction(3),
    draw=Fraction(1),
    loss=Fraction(0),
    draw_white=Fraction(1),
    draw_black=Fraction(2),
)


@st.composite
def events(draw: st.DrawFn) -> tuple[GeneratorConfig, XiangqiOptions, int]:
    players = draw(st.integers(2, 24))
    rounds = draw(st.integers(1, 9))
    unit_count = draw(st.integers(1, 6))
    units = {n: f"unit {draw(st.integers(1, unit_count))}" for n in range(1, players + 1)}
    options = XiangqiOptions(
        round_one=draw(st.sampled_from(list(RoundOnePairing))),
        round_one_colour=draw(st.sampled_from(list(ColourRule))),
        lot_seed=draw(st.integers(0, 2**32)),
        numbers_are_drawn=draw(st.booleans()),
        avoid_same_unit_rounds=draw(st.sampled_from([None, (1, 1), (1, 99), (2, 4)])),
        units=units,
        max_same_colour_in_row=draw(st.sampled_from([None, 2, 3])),
        max_colour_difference=draw(st.sampled_from([None, 2, 3])),
        relax_colour_limits_in_last_round=draw(st.booleans()),
        segment_order=draw(st.sampled_from(list(SegmentOrder))),
    )
    config = GeneratorConfig(
        players=players,
        rounds=rounds,
        draw_rate=draw(st.sampled_from([0.0, 0.3, 0.8])),
        forfeit_rate=draw(st.sampled_from([0.0, 0.05])),
        half_point_bye_rate=draw(st.sampled_from([0.0, 0.05])),
        zero_point_bye_rate=draw(st.sampled_from([0.0, 0.05])),
        withdrawal_rate=draw(st.sampled_from([0.0, 0.1])),
        late_entry_rate=draw(st.sampled_from([0.0, 0.1])),
        scoring=draw(st.sampled_from([ScoringSystem.xiangqi(), ASYMMETRIC_DRAW])),
    )
    return config, options, draw(st.integers(0, 2**32))


@pytest.mark.slow
@settings(
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(events())
def test_random_events_never_break_a_rule(
    event: tuple[GeneratorConfig, XiangqiOptions, int],
) -> None:
    config, options, seed = event
    failures: list[int] = []
    pair = checked_pair_function(options, failures)
    try:
        tournament = generate_tournament(config, seed, pair, system_code="XIANGQI_SWISS")
    except PairingError:
        assert failures  # raised by the engine, and checked impossible above
        return
    # The bye scores as a win (2 points in 2/1/0).
    for player in tournament:
        for entry in player.rounds:
            if entry.result is ResultCode.PAIRING_BYE:
                assert tournament.scoring.points(entry.result) == tournament.scoring.win


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.integers(16, 40), st.integers(0, 2**32))
def test_big_fields_with_the_hunan_colour_rule_always_pair(players: int, seed: int) -> None:
    # Never three of a colour in a row, 2/1/0, 7 rounds: with 16+ players a pairing exists.
    options = XiangqiOptions(
        round_one=RoundOnePairing.LOT_ADJACENT,
        round_one_colour=ColourRule.ODD_NUMBER_FIRST,
        max_same_colour_in_row=2,
        lot_seed=seed,
    )
    config = GeneratorConfig(players=players, rounds=7, scoring=ScoringSystem.xiangqi())
    failures: list[int] = []
    generate_tournament(config, seed, checked_pair_function(options, failures))
    assert not failures


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(6, 70), st.integers(3, 11), st.integers(0, 2**32), st.booleans())
def test_the_near_graph_shortcut_finds_the_optimum_over_all_pairs(
    players: int, rounds: int, seed: int, hunan_colours: bool
) -> None:
    # Whenever _near_matching accepts its answer, the whole graph has no better matching.
    original = xiangqi._LaterRound._near_matching

    def compare(
        self: xiangqi._LaterRound,
        vertex_count: int,
        edges: list[tuple[int, int, int]],
        level: list[int],
        bye_vertex: int,
        span: int,
    ) -> list[int] | None:
        near = original(self, vertex_count, edges, level, bye_vertex, span)
        if near is not None:
            weights = {(min(u, v), max(u, v)): w for u, v, w in edges}
            full = max_weight_matching(vertex_count, edges, max_cardinality=True)

            def total(mate: list[int]) -> int:
                return sum(weights[(v, mate[v])] for v in range(vertex_count) if v < mate[v])

            assert total(near) == total(full)
        return near

    options = XiangqiOptions(max_same_colour_in_row=2 if hunan_colours else None, lot_seed=seed)
    config = GeneratorConfig(
        players=players,
        rounds=rounds,
        draw_rate=0.4,
        forfeit_rate=0.02,
        half_point_bye_rate=0.02,
        withdrawal_rate=0.05,
        scoring=ScoringSystem.xiangqi(),
    )
    xiangqi._LaterRound._near_matching = compare  # type: ignore[method-assign]
    try:
        generate_tournament(config, seed, lambda t, r: xiangqi.pair_round(t, r, options))
    except PairingError:
        pass
    finally:
        xiangqi._LaterRound._near_matching = original  # type: ignore[method-assign]
