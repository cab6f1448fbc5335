"""Xiangqi Swiss: property tests over random events (hypothesis). Whatever the options and
the results, no rule of docs/pairing/xiangqi.md is broken: no rematch, the colour limits, the
bye (only for an odd count, never twice, lowest score then highest number among those who
leave a complete pairing), same-unit avoidance whenever a complete pairing allows it; and a
round is declared impossible only when it is.

The checks are in xiangqi_checks.py.
"""

from __future__ import annotations

import dataclasses
import itertools
from contextlib import suppress
from fractions import Fraction
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from xiangqi_checks import checked_pair_function

import sampling
from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.matching import max_cardinality_matching, max_weight_matching
from crosstable.model import ResultCode, ScoringSystem
from crosstable.pairing import xiangqi
from crosstable.pairing.base import PairingError
from crosstable.pairing.rules import ColourRule, RoundOnePairing
from crosstable.pairing.xiangqi import SegmentOrder, XiangqiOptions
from crosstable.pairing.xiangqi_near import NEAR_SPANS, RoundGraph, near_matching

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
    max_examples=sampling.examples(2000, "xiangqi pairing rules on random events"),
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


def _unpaired_above(edges: list[tuple[int, int, int]], first_below: int, bye: int) -> int:
    """Players ranked before ``first_below`` (the bye apart) that a maximum matching among
    themselves leaves unpaired, from the edge list alone."""
    adjacency: list[list[int]] = [[] for _ in range(first_below)]
    for u, v, _ in edges:
        if u < first_below and v < first_below and bye not in (u, v):
            adjacency[u].append(v)
            adjacency[v].append(u)
    mate = max_cardinality_matching(first_below, adjacency)
    return sum(1 for v in range(first_below) if mate[v] < 0 and v != bye)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(6, 70), st.integers(3, 11), st.integers(0, 2**32), st.booleans())
# A round where span 1 is rejected at a score boundary and span 2 is kept: giving up after
# span 1 there would be wrong.
@example(players=48, rounds=11, seed=107, hunan_colours=True)
def test_the_near_graph_shortcut_finds_the_optimum_over_all_pairs(
    players: int, rounds: int, seed: int, hunan_colours: bool
) -> None:
    # Whenever near_matching accepts its answer, the whole graph has no better matching; its
    # quick rejections are right: pairs_everyone agrees with the weighted matching, and when
    # it gives up on the wider spans, none of them would have been accepted, and no optimum
    # over all pairs crosses each score boundary as little as the players above it allow.
    original = near_matching

    def compare(graph: RoundGraph, span: int) -> list[int] | None:
        edges, vertex_count = graph.edges, graph.vertex_count
        near_edges = graph.near_edges(span)
        if len(near_edges) < len(edges):
            near_full = max_weight_matching(vertex_count, near_edges, max_cardinality=True)
            assert graph.pairs_everyone(span) == all(partner >= 0 for partner in near_full)
        near = original(graph, span)
        weights = {(min(u, v), max(u, v)): w for u, v, w in edges}
        full = max_weight_matching(vertex_count, edges, max_cardinality=True)

        def total(mate: list[int]) -> int:
            return sum(weights[(v, mate[v])] for v in range(vertex_count) if v < mate[v])

        if near is not None:
            assert total(near) == total(full)
        if graph.no_near_optimum:
            for wider in NEAR_SPANS[NEAR_SPANS.index(span) + 1 :]:
                assert original(dataclasses.replace(graph, no_near_optimum=False), wider) is None
            n, level = graph.player_count, graph.level
            bye = full[n] if n % 2 else -1
            crossings = [0] * len(graph.level_sizes)
            for i in range(n):
                if i < full[i] < n:
                    for boundary in range(level[i], level[full[i]]):
                        crossings[boundary] += 1
            boundaries = itertools.accumulate(graph.level_sizes[:-1])
            assert any(
                crossings[boundary] > _unpaired_above(edges, first_below, bye)
                for boundary, first_below in enumerate(boundaries)
            )
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
    with mock.patch.object(xiangqi, "near_matching", compare), suppress(PairingError):
        generate_tournament(config, seed, lambda t, r: xiangqi.pair_round(t, r, options))
