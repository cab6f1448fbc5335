"""``crosstable trf check|convert``: check TRF files, or rewrite one in another dialect.

``check FILE…`` reads each file and prints every problem with its line and column (errors
stop the reading; warnings such as a points field that does not add up are all listed).
``convert INPUT OUTPUT --dialect 2026|16|engines`` writes the tournament again (``-`` = standard
output). Exit status: 0 fine, 3 a file is malformed (or has warnings, with ``--strict``),
5 a file cannot be read or written. Errors are one line each, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_OK = 0
EXIT_INVALID_INPUT = 3
EXIT_FILE_ACCESS = 5


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "trf",
        help="check TRF files or convert them between TRF-2026 and TRF16",
        description=(
            "Check tournament report files (TRF16 / TRF-2026, with JaVaFo XX* and bbpPairings "
            "BB* lines), or write one again in the other dialect."
        ),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    check = actions.add_parser("check", help="list the problems of TRF files")
    check.add_argument("inputs", nargs="+", metavar="FILE.trf")
    check.add_argument("--strict", action="store_true", help="warnings also fail (exit 3)")
    check.set_defaults(handler=run_check)
    convert = actions.add_parser("convert", help="write a TRF file in a given dialect")
    convert.add_argument("input", metavar="INPUT.trf")
    convert.add_argument("output", metavar="OUTPUT.trf", help="output file, or - for stdout")
    convert.add_argument(
        "--dialect",
        choices=("2026", "16", "engines"),
        default="2026",
        help="2026: TRF-2026 records (default); 16: TRF16 with JaVaFo XX* and bbp BB* lines; "
        "engines: TRF-2026 with record 192 as the reference engines read it (FIDE_DUTCH); "
        "16 spells 192 that way too",
    )
    convert.set_defaults(handler=run_convert)


def run_check(args: argparse.Namespace) -> int:
    from crosstable.formats.trf import TrfError, load_trf_checked

    status = EXIT_OK
    for name in args.inputs:
        path = Path(name)
        if not path.is_file():
            print(f"{path}: no such file", file=sys.stderr)
            status = max(status, EXIT_FILE_ACCESS)
            continue
        try:
            tournament, problems = load_trf_checked(path)
        except TrfError as error:
            print(f"{error.location}: error: {error.problem}")
            status = max(status, EXIT_INVALID_INPUT)
            continue
        for problem in problems:
            print(problem)
        if problems and args.strict:
            status = max(status, EXIT_INVALID_INPUT)
        print(
            f"{path}: {len(tournament.players)} players, {tournament.rounds_recorded} rounds"
            f" recorded, {len(problems)} warning" + ("" if len(problems) == 1 else "s")
        )
    return status


def run_convert(args: argparse.Namespace) -> int:
    from crosstable.formats.trf import TrfError, load_trf, write_trf

    path = Path(args.input)
    if not path.is_file():
        print(f"{path}: no such file", file=sys.stderr)
        return EXIT_FILE_ACCESS
    try:
        tournament = load_trf(path)
    except TrfError as error:
        print(str(error), file=sys.stderr)
        return EXIT_INVALID_INPUT
    try:
        text = write_trf(tournament, args.dialect)
    except ValueError as error:
        print(f"{path}: cannot be written as TRF: {error}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    if args.output == "-":
        sys.stdout.write(text)
        return EXIT_OK
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"{args.output}: cannot write: {error.strerror or error}", file=sys.stderr)
        return EXIT_FILE_ACCESS
    return EXIT_OK
