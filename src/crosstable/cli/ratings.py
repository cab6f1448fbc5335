"""``crosstable ratings``: each rated player's FIDE rating change and performance
(B.02; :mod:`crosstable.ratings`), and with ``--report OUT`` the TRF a federation uploads to
FIDE's rating server, after the checks that server makes (docs/ratings.md).

Exit status: 0 done (warnings on standard error), 3 the file cannot be read or the report has
errors (each named; nothing written), 5 a file cannot be read or written.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import datetime
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from crosstable.model import Tournament

EXIT_OK = 0
EXIT_INVALID_INPUT = 3
EXIT_FILE_ACCESS = 5
PROGRAM = "crosstable ratings"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "ratings",
        help="FIDE rating changes and performances of a TRF file; the rating report",
        description=(
            "Each rated player's expected score, K, rating change and performance (FIDE B.02), "
            "and with --report the TRF for FIDE's rating server after its checks."
        ),
    )
    parser.add_argument("input", metavar="INPUT.trf", help="tournament report file")
    parser.add_argument("--format", choices=("text", "csv"), default="text")
    parser.add_argument(
        "--report",
        metavar="OUT.trf",
        help="write the rating report (TRF-2026, dates as YYYY/MM/DD); refused while the "
        "checks find an error",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from crosstable.formats.trf import TrfError, load_trf_checked
    from crosstable.ratings import rating_changes
    from crosstable.ratings.report import ERROR, report_problems

    path = Path(args.input)
    try:
        tournament, warnings = load_trf_checked(path)
    except TrfError as error:
        status = EXIT_FILE_ACCESS if "cannot read the file" in error.problem else EXIT_INVALID_INPUT
        return _fail(status, str(error))
    changes = rating_changes(tournament)
    if args.format == "csv":
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(
            ["number", "name", "rating", "k", "games", "score", "expected", "change", "performance"]
        )
        for row in changes:
            writer.writerow(
                [
                    row.number,
                    row.name,
                    row.rating,
                    row.k,
                    len(row.games),
                    _decimal(row.score),
                    _decimal(row.expected),
                    _decimal(row.change),
                    "" if row.performance is None else row.performance,
                ]
            )
    else:
        print(
            f"{'No':>4}  {'Name':<28} {'Rtg':>4}  {'K':>2}  {'G':>2}  {'W':>4}  {'We':>5}  "
            f"{'Rtg+/-':>7}  {'Rp':>4}"
        )
        for row in changes:
            performance = "" if row.performance is None else str(row.performance)
            print(
                f"{row.number:>4}  {row.name[:28]:<28} {row.rating:>4}  {row.k:>2}  "
                f"{len(row.games):>2}  {_decimal(row.score):>4}  {_decimal(row.expected):>5}  "
                f"{_signed(row.change):>7}  {performance:>4}"
            )
        reasons = sorted({row.k_reason for row in changes})
        for reason in reasons:
            print(f"K: {reason}")
    if args.report is None:
        return EXIT_OK
    problems = report_problems(tournament, [problem.message for problem in warnings])
    for problem in problems:
        print(f"{PROGRAM}: {path} {problem}", file=sys.stderr)
    errors = [problem for problem in problems if problem.severity == ERROR]
    if errors:
        return _fail(
            EXIT_INVALID_INPUT,
            f"{path}: {len(errors)} error{'' if len(errors) == 1 else 's'}: "
            f"the rating report is not written",
        )
    from crosstable.formats.trf import write_trf

    try:
        Path(args.report).write_text(write_trf(report_tournament(tournament)), encoding="utf-8")
    except OSError as error:
        return _fail(EXIT_FILE_ACCESS, f"{args.report}: cannot write: {error.strerror}")
    return EXIT_OK


def report_tournament(tournament: Tournament) -> Tournament:
    """The tournament as the report writes it: 042 and 052 as ``YYYY/MM/DD``, the 132 round
    dates as ``YY/MM/DD`` (TRF's forms, which the server reads), read from the file's own."""
    from crosstable.formats.trf.dates import read_event_dates

    dates = read_event_dates(tournament.start_date, tournament.end_date, tournament.round_dates)

    def written(day: datetime.date | None, original: str, form: str = "%Y/%m/%d") -> str:
        return day.strftime(form) if day is not None else original

    return dataclasses.replace(
        tournament,
        start_date=written(dates.start, tournament.start_date),
        end_date=written(dates.end, tournament.end_date),
        round_dates=[
            written(day, text, "%y/%m/%d")
            for day, text in zip(dates.rounds, tournament.round_dates, strict=True)
        ],
    )


def _decimal(value: Fraction) -> str:
    """Exact (every value here is in hundredths), without trailing zeros."""
    text = str(Decimal(value.numerator) / Decimal(value.denominator))
    return text.rstrip("0").rstrip(".") if "." in text else text


def _signed(value: Fraction) -> str:
    """One decimal with its sign, as chess-results shows a change (half up)."""
    tenths = (abs(value) * 10 + Fraction(1, 2)).__floor__()
    sign = "-" if value < 0 and tenths else "+" if value > 0 else ""
    return f"{sign}{tenths // 10}.{tenths % 10}"


def _fail(status: int, message: str) -> int:
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    return status
