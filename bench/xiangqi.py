"""Xiangqi Swiss (积分编排制) benchmark: time to pair each round of a simulated event.

    .venv/bin/python -m bench.xiangqi                    # 200 players, 11 rounds
    .venv/bin/python -m bench.xiangqi --players 100,200,400 --rounds 9

An event is simulated with the engine under test (``crosstable.pairing.xiangqi``): 2/1/0
scoring, round 1 adjacent by lot with the odd number on Red, never three Reds or Blacks in a
row (the Huayuan 2019 options); every round is paired from the rounds before it, then given
seeded random results (Red wins 35 %, draws 30 %, Black wins 35 %), with one withdrawal to
make the field odd. For each size the table gives the CPU and wall time of the round-2 call
and of the slowest call, and the mean over all rounds. Target: a 200-player round in under
0.5 s (CPU time: on a shared machine wall time also counts waiting for a processor).
"""

from __future__ import annotations

import argparse
import random
import time

from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.model import ScoringSystem, Tournament
from crosstable.pairing.base import RoundPairing
from crosstable.pairing.xiangqi import XiangqiOptions, pair_round
from crosstable.regulations.schema import ColourRule, RoundOnePairing

HUAYUAN_OPTIONS = XiangqiOptions(
    round_one=RoundOnePairing.LOT_ADJACENT,
    round_one_colour=ColourRule.ODD_NUMBER_FIRST,
    max_same_colour_in_row=2,
    lot_seed=2019,
)
TARGET_SECONDS = 0.5


def simulate(players: int, rounds: int, seed: int) -> list[tuple[int, float, float]]:
    """Pair and play the event; (round, CPU s, wall s) of each pairing call."""
    timings: list[tuple[int, float, float]] = []

    def timed_pair(tournament: Tournament, round_number: int) -> RoundPairing:
        cpu, wall = time.process_time(), time.perf_counter()
        pairing = pair_round(tournament, round_number, HUAYUAN_OPTIONS)
        timings.append((round_number, time.process_time() - cpu, time.perf_counter() - wall))
        return pairing

    config = GeneratorConfig(
        players=players,
        rounds=rounds,
        draw_rate=0.6,
        withdrawal_rate=1.5 / players,
        scoring=ScoringSystem.xiangqi(),
    )
    generate_tournament(config, seed, timed_pair, system_code="XIANGQI_SWISS")
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.xiangqi", description=__doc__)
    parser.add_argument("--players", default="200", help="comma-separated sizes")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=random.Random(7).randrange(10**6))
    args = parser.parse_args()
    sizes = [int(size) for size in args.players.split(",")]
    print(f"xiangqi Swiss, {args.rounds} rounds, seed {args.seed}; target {TARGET_SECONDS} s")
    print(
        "| players | round 2 CPU s | round 2 wall s | slowest CPU s (round) | mean CPU s | target |"
    )
    print("|---:|---:|---:|---:|---:|---|")
    for players in sizes:
        timings = simulate(players, args.rounds, args.seed)
        round_two = next(t for t in timings if t[0] == 2)
        slowest = max(timings, key=lambda t: t[1])
        mean = sum(t[1] for t in timings) / len(timings)
        met = "met" if slowest[1] < TARGET_SECONDS else "missed"
        print(
            f"| {players} | {round_two[1]:.3f} | {round_two[2]:.3f} "
            f"| {slowest[1]:.3f} ({slowest[0]}) | {mean:.3f} | {met} |"
        )


if __name__ == "__main__":
    main()
