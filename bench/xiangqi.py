"""Xiangqi Swiss (积分编排制) benchmark: time to pair each round of a simulated event.

    .venv/bin/python -m bench.xiangqi                    # 200 players, 11 rounds
    .venv/bin/python -m bench.xiangqi --players 100,200,400 --rounds 9
    .venv/bin/python -m bench.xiangqi --rule hunan --profile 25

An event is simulated with the engine under test (``crosstable.pairing.xiangqi``): 2/1/0
scoring, round 1 adjacent by lot with the odd number on Red, never three Reds or Blacks in a
row (``--rule huayuan``, the Huayuan 2019 options, the default; ``--rule hunan`` adds a colour
difference of at most 2 and same-team avoidance in every round, the players in teams of
about six spread over the rating order); every round is paired from the rounds before it,
then given seeded random results (Red wins 35 %, draws 30 %, Black wins 35 %), with one
withdrawal to make the field odd. For each size the table gives the CPU and wall time of the
round-2 call and of the slowest call, and the mean over all rounds. Target: a 200-player
round in under 0.5 s (CPU time: on a shared machine wall time also counts waiting for a
processor). ``--profile N`` pairs each size's slowest round again under cProfile and prints
the N most expensive calls (cumulative time).
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import dataclasses
import pstats
import random
import time

from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.model import ScoringSystem, Tournament
from crosstable.pairing.base import RoundPairing
from crosstable.pairing.rules import ColourRule, RoundOnePairing
from crosstable.pairing.xiangqi import XiangqiOptions, pair_round

HUAYUAN_OPTIONS = XiangqiOptions(
    round_one=RoundOnePairing.LOT_ADJACENT,
    round_one_colour=ColourRule.ODD_NUMBER_FIRST,
    max_same_colour_in_row=2,
    lot_seed=2019,
)
TARGET_SECONDS = 0.5
TEAM_SIZE = 6


def options_for(rule: str, players: int) -> XiangqiOptions:
    """The Huayuan options, or (``hunan``) those with the colour difference at most 2 and
    same-team avoidance in all rounds; team of player n: n modulo the number of teams."""
    if rule == "huayuan":
        return HUAYUAN_OPTIONS
    teams = max(1, players // TEAM_SIZE)
    return dataclasses.replace(
        HUAYUAN_OPTIONS,
        max_colour_difference=2,
        avoid_same_unit_rounds=(1, 99),
        units={number: f"team {number % teams}" for number in range(1, players + 1)},
    )


def xiangqi_config(players: int, rounds: int) -> GeneratorConfig:
    """The simulated events: 2/1/0, 60 % draws between equals, a withdrawal or two."""
    return GeneratorConfig(
        players=players,
        rounds=rounds,
        draw_rate=0.6,
        withdrawal_rate=1.5 / players,
        scoring=ScoringSystem.xiangqi(),
    )


@dataclasses.dataclass
class Simulation:
    """The timings of one simulated event, and a copy of the slowest round's input."""

    timings: list[tuple[int, float, float]] = dataclasses.field(default_factory=list)
    """(round, CPU s, wall s) of each pairing call."""
    slowest_input: Tournament | None = None


def simulate(
    players: int, rounds: int, seed: int, options: XiangqiOptions, *, keep_slowest: bool = False
) -> Simulation:
    """Pair and play the event."""
    result = Simulation()

    def timed_pair(tournament: Tournament, round_number: int) -> RoundPairing:
        before = copy.deepcopy(tournament) if keep_slowest else None
        cpu, wall = time.process_time(), time.perf_counter()
        pairing = pair_round(tournament, round_number, options)
        timing = (round_number, time.process_time() - cpu, time.perf_counter() - wall)
        if before is not None and all(timing[1] >= other[1] for other in result.timings):
            result.slowest_input = before
        result.timings.append(timing)
        return pairing

    generate_tournament(
        xiangqi_config(players, rounds), seed, timed_pair, system_code="XIANGQI_SWISS"
    )
    return result


def print_profile(
    tournament: Tournament, round_number: int, options: XiangqiOptions, lines: int
) -> None:
    """Pair the round again under cProfile; the ``lines`` most expensive calls."""
    profiler = cProfile.Profile()
    profiler.enable()
    pair_round(tournament, round_number, options)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(lines)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.xiangqi", description=__doc__)
    parser.add_argument("--players", default="200", help="comma-separated sizes")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=random.Random(7).randrange(10**6))
    parser.add_argument("--rule", choices=["huayuan", "hunan"], default="huayuan")
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    args = parser.parse_args()
    sizes = [int(size) for size in args.players.split(",")]
    print(
        f"xiangqi Swiss, {args.rounds} rounds, seed {args.seed}, {args.rule} options; "
        f"target {TARGET_SECONDS} s"
    )
    print(
        "| players | round 2 CPU s | round 2 wall s | slowest CPU s (round) | mean CPU s | target |"
    )
    print("|---:|---:|---:|---:|---:|---|")
    profiles: list[tuple[int, int, Tournament, XiangqiOptions]] = []
    for players in sizes:
        options = options_for(args.rule, players)
        simulation = simulate(
            players, args.rounds, args.seed, options, keep_slowest=args.profile > 0
        )
        timings = simulation.timings
        round_two = next(t for t in timings if t[0] == 2)
        slowest = max(timings, key=lambda t: t[1])
        mean = sum(t[1] for t in timings) / len(timings)
        met = "met" if slowest[1] < TARGET_SECONDS else "missed"
        print(
            f"| {players} | {round_two[1]:.3f} | {round_two[2]:.3f} "
            f"| {slowest[1]:.3f} ({slowest[0]}) | {mean:.3f} | {met} |"
        )
        if simulation.slowest_input is not None:
            profiles.append((players, slowest[0], simulation.slowest_input, options))
    for players, round_number, tournament, options in profiles:
        print(f"\n{players} players, round {round_number} (the slowest), under cProfile:")
        print_profile(tournament, round_number, options, args.profile)


if __name__ == "__main__":
    main()
