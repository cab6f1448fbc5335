"""Benchmark of crosstable.formats.trf on the shared corpus; prints a table of timings.

Run as ``.venv/bin/python -m bench.trf`` (``--corpus DIR`` for another folder of .trf files,
``--repeat 3`` to take the best of several runs). For each group of files (the folder they are
in) it reports the players read, and the seconds to read (with the consistency checks), to
write in the "2026" dialect and to write in the "16" dialect.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from bench import CORPUS as SHARED_CORPUS

if __package__ in (None, ""):  # run as `python bench/trf.py`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from crosstable.formats.trf import decode_trf, read_trf, write_trf
from crosstable.model import Tournament

DEFAULT_CORPUS = SHARED_CORPUS


def best_of(repeat: int, action: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    groups: dict[str, list[Path]] = defaultdict(list)
    for path in sorted(args.corpus.glob("**/*.trf")):
        groups[str(path.parent.relative_to(args.corpus))].append(path)
    if not groups:
        print(f"no .trf files under {args.corpus}", file=sys.stderr)
        return 1
    print(
        f"{'group':<22} {'files':>6} {'players':>8} {'read s':>8} {'write 2026 s':>13} "
        f"{'write 16 s':>11} {'players/s read':>15}"
    )
    for name, paths in sorted(groups.items()):
        texts = [decode_trf(path.read_bytes()) for path in paths]
        tournaments: list[Tournament] = []

        def read_all(texts: list[str] = texts, out: list[Tournament] = tournaments) -> None:
            out[:] = [read_trf(text) for text in texts]

        read_seconds = best_of(args.repeat, read_all)
        players = sum(len(tournament.players) for tournament in tournaments)
        write_seconds = {
            dialect: best_of(
                args.repeat,
                lambda dialect=dialect, tournaments=tournaments: [  # type: ignore[misc]
                    write_trf(t, dialect) for t in tournaments
                ],
            )
            for dialect in ("2026", "16")
        }
        print(
            f"{name:<22} {len(paths):>6} {players:>8} {read_seconds:>8.2f} "
            f"{write_seconds['2026']:>13.2f} {write_seconds['16']:>11.2f} "
            f"{players / read_seconds:>15.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
