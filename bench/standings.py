"""Standings benchmark: full standings with a tie-break list on the largest corpus files.

    .venv/bin/python -m bench.standings                # default list, every input
    .venv/bin/python -m bench.standings --tiebreaks BH/C1,BH,SB,PS,DE,WIN --repeat 5

Target (issue 3): 2,000 players × 11 rounds with 6 tie-breaks in under 0.5 s. The table gives,
per input, the time to read the TRF (not part of the target) and the best and median wall time
of ``compute_standings`` over ``--repeat`` runs (context, tie-breaks and ranking included),
and the best CPU time (steadier than wall time on a busy machine).
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench import CORPUS as SHARED_CORPUS
from crosstable.formats.trf import load_trf
from crosstable.standings import StandingsRules, compute_standings

INPUTS = (
    SHARED_CORPUS / "large/synthetic/n2000_r11_s2111_synthetic.trf",
    SHARED_CORPUS / "large/synthetic/n2000_r09_s2091_synthetic.trf",
    SHARED_CORPUS / "large/n1000_r09_s321283.trf",
    SHARED_CORPUS / "large/n500_r11_s525491.trf",
)
DEFAULT_TIEBREAKS = "BH/C1,BH,SB,PS,DE,WIN"
TARGET_SECONDS = 0.5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.standings")
    parser.add_argument("--tiebreaks", default=DEFAULT_TIEBREAKS)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    rules = StandingsRules.from_text(args.tiebreaks)
    print(f"tie-breaks: {args.tiebreaks}  (target: 2,000 × 11 under {TARGET_SECONDS} s)")
    print(
        f"{'input':40} {'players':>7} {'rounds':>6} {'read s':>7} {'best s':>7} "
        f"{'median s':>8} {'cpu s':>6}"
    )
    for path in INPUTS:
        if not path.exists():
            print(f"{path.name:40} missing")
            continue
        start = time.perf_counter()
        tournament = load_trf(path)
        read = time.perf_counter() - start
        times, cpu = [], []
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            compute_standings(tournament, rules)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        print(
            f"{path.name:40} {len(tournament.players):7} {tournament.rounds_recorded:6} "
            f"{read:7.3f} {min(times):7.3f} {statistics.median(times):8.3f} {min(cpu):6.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
