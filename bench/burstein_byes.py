"""An independent check of the Burstein rounds bbpPairings cannot pair: odd fields, byes.

    .venv/bin/python -m bench.burstein_byes --count 500 [--first 1]

bbpPairings 16a000f aborts on every Burstein round that needs a pairing-allocated bye
(docs/pairing/burstein.md), so those rounds have no reference engine. This command generates
random Burstein tournaments with an odd number of players (and requested byes, forfeits,
withdrawals and late entries) with ``crosstable engine --burstein -g``, reads the files back
and audits every round against the rule text (:mod:`crosstable.pairing.burstein_audit`,
written again from the text and not from ``crosstable.pairing.burstein``):

the bye's eligibility and lowest score, round 1's last player, and the absolute criteria of
the rest of each round (that module's docstring says each rule).
Exit 1 when a round breaks a rule (each named on standard error), 0 otherwise.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from crosstable.formats.trf import read_trf
from crosstable.model import ResultCode
from crosstable.pairing.burstein_audit import check_rounds


def config_for(seed: int) -> str:
    """An odd field of 5-39 players, 3-9 rounds, requested byes, forfeits, withdrawals and
    late entries at random rates."""
    draw = random.Random(f"burstein-byes-{seed}")
    players = 2 * draw.randint(2, 19) + 1
    rounds = draw.randint(3, min(9, max(3, players // 2)))
    return (
        f"players = {players}\nrounds = {rounds}\n"
        f"draw_rate = {draw.randint(0, 60) / 100}\n"
        f"forfeit_rate = {draw.choice((0.0, 0.02, 0.05))}\n"
        f"half_point_bye_rate = {draw.choice((0.0, 0.0, 0.03))}\n"
        f"full_point_bye_rate = {draw.choice((0.0, 0.0, 0.01))}\n"
        f"withdrawal_rate = {draw.choice((0.0, 0.05))}\n"
        f"late_entry_rate = {draw.choice((0.0, 0.05))}\n"
        'initial_colour = "random"\n'
    )


def main(argv: Sequence[str] | None = None) -> int:
    from crosstable.cli.main import main as crosstable

    parser = argparse.ArgumentParser(prog="bench.burstein_byes", description=__doc__)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--first", type=int, default=1)
    args = parser.parse_args(argv)
    files = rounds = byes = not_generated = 0
    bad: list[str] = []
    started = time.monotonic()
    for seed in range(args.first, args.first + args.count):
        with tempfile.TemporaryDirectory() as folder:
            config = Path(folder) / "odd.toml"
            config.write_text(config_for(seed), encoding="utf-8")
            output = Path(folder) / "odd.trf"
            status = crosstable(
                ["engine", "--burstein", "-g", str(config), "-o", str(output), "-s", str(seed)]
            )
            if status != 0:
                not_generated += 1
                continue
            tournament = read_trf(output.read_text(encoding="utf-8"), str(output))
        files += 1
        rounds += tournament.rounds_recorded
        byes += sum(
            entry.result is ResultCode.PAIRING_BYE
            for player in tournament.players.values()
            for entry in player.rounds
        )
        for violation in check_rounds(tournament):
            bad.append(f"seed {seed}: {violation}")
            print(f"seed {seed}: {violation}", file=sys.stderr)
    print(
        f"seeds {args.first}-{args.first + args.count - 1}: {files} files, {rounds} rounds, "
        f"{byes} pairing-allocated byes, {len(bad)} rounds breaking a rule, "
        f"{not_generated} not generated; {time.monotonic() - started:.0f} s"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
