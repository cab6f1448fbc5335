"""The Burstein system against bbpPairings ``--burstein``, both ways, on random tournaments.

    BBPPAIRINGS=/path/to/bbpPairings.exe .venv/bin/python -m bench.burstein_bbp --count 1000

For each seed (``--first`` to ``--first + --count - 1``) a configuration is drawn from the
seed (an even number of players, 6-40, 3-9 rounds, draw rates 0-60 %, forfeits at random
rates; no byes nor withdrawals: bbpPairings 16a000f aborts, "free(): invalid pointer", on
every Burstein round that needs a pairing-allocated bye, so a field must stay even), then:

* **bbp-generated, checked by crosstable**: ``bbpPairings --burstein -g CONFIG -o FILE -s
  SEED``, then ``crosstable engine --burstein FILE -c --format crosstable`` (exit 0: every
  round reproduced, 1: some round differs);
* **crosstable-generated, checked by bbp**: ``crosstable engine --burstein -g CONFIG.toml
  -o FILE -s SEED``, then ``bbpPairings --burstein FILE -c``, whose check table lists a
  round's own pairs under the round when they differ from the file's.

A file one side cannot generate (no valid pairing in a late round of a small field), or that
bbpPairings aborts on, is counted apart. Each disagreeing file is copied to ``--keep`` (default
``bench/cache/burstein``) with the checker's output. bbpPairings is not part of the
repository (Apache-2.0; build it from its public sources): the command stops with a message
when ``BBPPAIRINGS`` names no executable. docs/pairing/burstein.md records the last run.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

_ROUND_LINE = re.compile(r"^\S.*: Round #\d+$")


@dataclass(frozen=True)
class Settings:
    players: int
    rounds: int
    draw_percentage: int
    forfeit_rate: float
    half_point_bye_rate: float
    withdrawal_rate: float

    @classmethod
    def from_seed(cls, seed: int) -> Settings:
        draw = random.Random(seed)
        players = 2 * draw.randint(3, 20)
        rounds = draw.randint(3, min(9, max(3, players // 2)))
        return cls(players, rounds, draw.randint(0, 60), draw.choice((0.0, 0.0, 0.02, 0.05)), 0, 0)

    def bbp_config(self) -> str:
        lines = [
            f"PlayersNumber={self.players}",
            f"RoundsNumber={self.rounds}",
            f"DrawPercentage={self.draw_percentage}",
        ]
        # bbpPairings' rates are "one in N".
        if self.forfeit_rate:
            lines.append(f"ForfeitRate={round(1 / self.forfeit_rate)}")
        if self.half_point_bye_rate:
            lines.append(f"HalfPointByeRate={round(1 / self.half_point_bye_rate)}")
        if self.withdrawal_rate:
            lines.append(f"RetiredRate={round(1 / self.withdrawal_rate)}")
        return "\n".join(lines) + "\n"

    def crosstable_config(self) -> str:
        return (
            f"players = {self.players}\nrounds = {self.rounds}\n"
            f"draw_rate = {self.draw_percentage / 100}\n"
            f"forfeit_rate = {self.forfeit_rate}\n"
            f"half_point_bye_rate = {self.half_point_bye_rate}\n"
            f"withdrawal_rate = {self.withdrawal_rate}\n"
            'initial_colour = "random"\n'
        )


def _run(command: Sequence[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)


def bbp_discrepancies(check_output: str) -> list[str]:
    """The lines of bbpPairings' check table that are not a round's heading: empty when
    every round of the file is the round bbpPairings pairs."""
    return [
        line
        for line in check_output.splitlines()
        if line.strip() and not _ROUND_LINE.match(line.strip())
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.burstein_bbp", description=__doc__)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--keep", default="bench/cache/burstein")
    parser.add_argument(
        "--direction", choices=("both", "bbp-generated", "crosstable-generated"), default="both"
    )
    parser.add_argument(
        "--verbose", action="store_true", help="the running totals after every seed"
    )
    args = parser.parse_args(argv)
    bbp = os.environ.get("BBPPAIRINGS", "")
    if not bbp or shutil.which(bbp) is None:
        print(
            "bench.burstein_bbp: BBPPAIRINGS names no bbpPairings executable "
            "(build bbpPairings from its public sources and set BBPPAIRINGS=/path/to/it)",
            file=sys.stderr,
        )
        return 3
    engine = [sys.executable, "-m", "crosstable.cli.main", "engine", "--burstein"]
    keep = Path(args.keep)
    keep.mkdir(parents=True, exist_ok=True)
    totals = {
        "bbp-generated": [0, 0, 0, 0],  # files checked, rounds, differing, not generated/aborted
        "crosstable-generated": [0, 0, 0, 0],
    }
    started = time.monotonic()
    for seed in range(args.first, args.first + args.count):
        settings = Settings.from_seed(seed)
        with tempfile.TemporaryDirectory() as folder:
            work = Path(folder)
            if args.direction in ("both", "bbp-generated"):
                (work / "bbp.cfg").write_text(settings.bbp_config())
                made = _run(
                    [bbp, "--burstein", "-g", "bbp.cfg", "-o", "b.trf", "-s", str(seed)], work
                )
                row = totals["bbp-generated"]
                if made.returncode != 0:
                    row[3] += 1
                else:
                    check = _run([*engine, "b.trf", "-c", "--format", "crosstable"], work)
                    row[0] += 1
                    row[1] += settings.rounds
                    if check.returncode != 0:
                        row[2] += 1
                        shutil.copy(work / "b.trf", keep / f"bbp-generated-{seed}.trf")
                        (keep / f"bbp-generated-{seed}.txt").write_text(check.stdout + check.stderr)
            if args.direction in ("both", "crosstable-generated"):
                (work / "ct.toml").write_text(settings.crosstable_config())
                made = _run([*engine, "-g", "ct.toml", "-o", "c.trf", "-s", str(seed)], work)
                row = totals["crosstable-generated"]
                if made.returncode != 0:
                    row[3] += 1
                else:
                    check = _run([bbp, "--burstein", "c.trf", "-c"], work)
                    if check.returncode != 0:  # bbpPairings aborted: no verdict
                        row[3] += 1
                        continue
                    row[0] += 1
                    row[1] += settings.rounds
                    if bbp_discrepancies(check.stdout):
                        row[2] += 1
                        shutil.copy(work / "c.trf", keep / f"crosstable-generated-{seed}.trf")
                        (keep / f"crosstable-generated-{seed}.txt").write_text(
                            check.stdout + check.stderr
                        )
        if args.verbose:
            print(f"seed {seed}: {totals}", flush=True)
        done = seed - args.first + 1
        if done % 50 == 0:
            print(f"{done} seeds, {time.monotonic() - started:.0f} s: {totals}", flush=True)
    print(
        f"{'direction':<22} {'files':>6} {'rounds':>7} {'differ':>6} "
        f"{'not generated or aborted':>25}"
    )
    for direction, (files, rounds, differ, failed) in totals.items():
        print(f"{direction:<22} {files:>6} {rounds:>7} {differ:>6} {failed:>25}")
    print(f"seeds {args.first}-{args.first + args.count - 1}, {time.monotonic() - started:.0f} s")
    return 1 if any(row[2] for row in totals.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
