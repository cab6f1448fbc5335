"""The simulated xiangqi events of ``bench.xiangqi`` / ``bench.rules``, for the tests that pair
them (the recorded golden events, the split against the whole round): the Huayuan options, or
the Hunan ones (colour difference at most 2, team-mates apart in every round, teams of about
six: player n in team n modulo the number of teams); 2/1/0 scoring, 60 % draws, a withdrawal
or two. Kept equal to ``bench.xiangqi.options_for`` and ``xiangqi_config`` so that the tests
pair the events the benchmark measures."""

from __future__ import annotations

import dataclasses

from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.model import ScoringSystem, Tournament
from crosstable.pairing import xiangqi
from crosstable.pairing.base import RoundPairing
from crosstable.pairing.history import build_histories, players_to_pair
from crosstable.pairing.rules import ColourRule, RoundOnePairing
from crosstable.pairing.xiangqi import XiangqiOptions, pair_round

HUAYUAN = XiangqiOptions(
    round_one=RoundOnePairing.LOT_ADJACENT,
    round_one_colour=ColourRule.ODD_NUMBER_FIRST,
    max_same_colour_in_row=2,
    lot_seed=2019,
)


def options(rule: str, players: int) -> XiangqiOptions:
    """``huayuan`` or ``hunan`` options for an event of ``players``."""
    if rule == "huayuan":
        return HUAYUAN
    teams = max(1, players // 6)
    return dataclasses.replace(
        HUAYUAN,
        max_colour_difference=2,
        avoid_same_unit_rounds=(1, 99),
        units={number: f"team {number % teams}" for number in range(1, players + 1)},
    )


def config(players: int, rounds: int) -> GeneratorConfig:
    """The generator's settings for a simulated event."""
    return GeneratorConfig(
        players=players,
        rounds=rounds,
        draw_rate=0.6,
        withdrawal_rate=1.5 / players,
        scoring=ScoringSystem.xiangqi(),
    )


def event(rule: str, players: int, seed: int, rounds: int) -> tuple[Tournament, XiangqiOptions]:
    """A simulated event of ``rounds`` rounds, each paired by the engine as it stands, and
    its options."""
    chosen = options(rule, players)

    def pair(tournament: Tournament, round_number: int) -> RoundPairing:
        return pair_round(tournament, round_number, chosen)

    return generate_tournament(
        config(players, rounds), seed, pair, system_code="XIANGQI_SWISS"
    ), chosen


def later_round(
    tournament: Tournament, round_number: int, chosen: XiangqiOptions
) -> xiangqi._LaterRound:
    """The engine's view of a later round of ``tournament`` (its graph and weights)."""
    present = players_to_pair(tournament, round_number)
    histories = build_histories(tournament, round_number)
    return xiangqi._LaterRound(tournament, round_number, present, histories, chosen)
