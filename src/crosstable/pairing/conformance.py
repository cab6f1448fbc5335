"""Conformance run over a corpus of TRF files: re-pair every round of every file and count the
rounds that differ from the record (``python -m crosstable.pairing.conformance DIR... -j 2``).

A directory holding ``.trf`` files is checked as one family (its name); a directory holding
none is searched one level down (the Dutch corpus keeps one folder per family). The last line
printed is the release-note figure ``N rounds checked, M differ``.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from crosstable.pairing import registry
from crosstable.pairing.checker import as_complete, check_tournament, rounds_to_check
from crosstable.pairing.registry import pair_function


@dataclasses.dataclass(frozen=True, slots=True)
class FileResult:
    path: str
    family: str
    rounds: int
    differences: tuple[str, ...]
    seconds: float
    error: str = ""


def corpus_files(paths: Sequence[str]) -> Iterator[tuple[str, Path]]:
    """(family, file) for every TRF file under ``paths``."""
    for name in paths:
        path = Path(name)
        if path.is_file():
            yield path.parent.name, path
            continue
        if not path.is_dir():
            print(f"{name}: no such file or directory", file=sys.stderr)
            continue
        files = sorted(path.glob("*.trf"))
        if files:
            yield from ((path.name, f) for f in files)
            continue
        for sub in sorted(p for p in path.iterdir() if p.is_dir()):
            yield from ((sub.name, f) for f in sorted(sub.glob("*.trf")))


def check_file(family: str, path: Path, system: str) -> FileResult:
    """Re-pair every round of one file."""
    from crosstable.formats.trf.reader import load_trf

    started = time.perf_counter()
    try:
        tournament = as_complete(load_trf(path))
        code = system or tournament.system_code or registry.DEFAULT_SYSTEM
        pair = pair_function(code)
        differences = check_tournament(tournament, pair)
    except Exception as error:  # a crash is reported as a failing file, not a traceback
        return FileResult(str(path), family, 0, (), time.perf_counter() - started, repr(error))
    return FileResult(
        str(path),
        family,
        rounds_to_check(tournament),
        tuple(d.describe() for d in differences),
        time.perf_counter() - started,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m crosstable.pairing.conformance",
        description="Re-pair every round of every TRF file and count the rounds that differ.",
    )
    parser.add_argument("paths", nargs="+", help="TRF files or corpus directories")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="parallel processes")
    parser.add_argument(
        "--system", default="", help="pairing system code (default: the file's own, else Dutch)"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="only the summary")
    args = parser.parse_args(argv)

    work = list(corpus_files(args.paths))
    if not work:
        print("no TRF files found", file=sys.stderr)
        return 2
    totals: dict[str, list[int]] = {}
    slowest: list[tuple[float, str]] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(check_file, family, path, args.system) for family, path in work]
        for future in futures:
            result = future.result()
            files, rounds, differ, errors = totals.setdefault(result.family, [0, 0, 0, 0])
            totals[result.family] = [
                files + 1,
                rounds + result.rounds,
                differ + len(result.differences),
                errors + (1 if result.error else 0),
            ]
            slowest.append((result.seconds, result.path))
            if (result.differences or result.error) and not args.quiet:
                print(f"{result.path}: {result.error or ''}")
                for line in result.differences:
                    print(f"    {line}")
    print(f"{'family':<12} {'files':>5} {'rounds':>7} {'differ':>6} {'errors':>6}")
    all_rounds = all_differ = all_errors = 0
    for family, (files, rounds, differ, errors) in sorted(totals.items()):
        print(f"{family:<12} {files:>5} {rounds:>7} {differ:>6} {errors:>6}")
        all_rounds += rounds
        all_differ += differ
        all_errors += errors
    if not args.quiet:
        for seconds, path in sorted(slowest, reverse=True)[:3]:
            print(f"slowest: {seconds:.1f} s {path}")
    if all_errors:
        print(f"{all_errors} files could not be checked")
    print(f"{all_rounds} rounds checked, {all_differ} differ")
    return 0 if all_differ == 0 and all_errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
