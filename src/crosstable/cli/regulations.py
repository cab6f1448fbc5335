"""``crosstable regulations FILE…``: check regulations files and summarise what they say.

For each file: its sections (game, rounds, pairing system, eligibility in short), the fee,
the grade ladder of a grade tournament, and every declared rule the engine does not apply
yet. Exit status 0 when every file is valid, 3 when one is not (the error names the file, the
key and the problem).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from crosstable.regulations import Regulations, RegulationsError, SectionRules, load_regulations

EXIT_OK = 0
EXIT_INVALID = 3
EXIT_FILE_ACCESS = 5


class SectionNotRead(Exception):
    """``--regulations FILE [--section KEY]`` gave no section: the exit status (3 invalid,
    5 no such file, as ``standings`` and ``engine`` both exit) and the one-line message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def read_section(path: Path, key: str | None) -> SectionRules:
    """The section ``key`` of the regulations file at ``path`` (``key`` may be left out
    when the file has one section), for the commands that take ``--regulations`` and
    ``--section``; :class:`SectionNotRead` naming the file or the key otherwise."""
    if not path.is_file():
        raise SectionNotRead(EXIT_FILE_ACCESS, f"{path}: no such file")
    try:
        regulations = load_regulations(path)
    except RegulationsError as error:
        raise SectionNotRead(EXIT_INVALID, str(error)) from None
    keys = [section.key for section in regulations.sections]
    if key is None and len(keys) == 1:
        key = keys[0]
    if key not in keys:
        wanted = "--section: give one of" if key is None else f"--section {key}: not in the file:"
        raise SectionNotRead(EXIT_INVALID, f"{path}: {wanted} {', '.join(keys)}")
    return regulations.section(key)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "regulations",
        help="check regulations files (TOML) and summarise them",
        description="Check regulations files and list the rules the engine does not apply yet.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="regulations file (.toml)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for path in args.files:
        try:
            regulations = load_regulations(path)
        except RegulationsError as error:
            print(f"error: {error}", file=sys.stderr)
            status = EXIT_INVALID
            continue
        summarise(regulations, sys.stdout)
    return status


def summarise(regulations: Regulations, out: TextIO) -> None:
    dates = ""
    if regulations.start_date:
        dates = f", {regulations.start_date.isoformat()}"
        if regulations.end_date and regulations.end_date != regulations.start_date:
            dates += f" to {regulations.end_date.isoformat()}"
    print(f"{regulations.source}: {regulations.name} ({regulations.game.value}{dates})", file=out)
    for section in regulations.sections:
        print(f"  {section.key}: {section_line(section)}", file=out)
    fees = regulations.fees
    if fees is not None:
        discounts = ", ".join(f"{d.key} {d.percent}%" for d in fees.discounts)
        print(
            f"  fee: {fees.amount} {fees.currency} per {fees.per}"
            + (f"; discounts: {discounts}" if discounts else ""),
            file=out,
        )
    grades = regulations.grades
    if grades is not None:
        period = grades.valid_for
        valid = ""
        if period is not None:
            valid = "; results valid " + " ".join(
                f"{count} {unit}"
                for count, unit in ((period.months, "months"), (period.days, "days"))
                if count
            )
        print(
            f"  grades: {len(grades.ladder)} on the ladder, highest awarded "
            f"{grades.highest_name()}, {len(grades.promotions)} promotion rules" + valid,
            file=out,
        )
    if regulations.unsupported:
        print("  not yet supported by the engine:", file=out)
        for gap in regulations.unsupported:
            print(f"    {gap}", file=out)


def section_line(section: SectionRules) -> str:
    rounds = f"{section.rounds} rounds" if section.rounds else "rounds not set"
    parts = [section.name, section.game.value, rounds, section.pairing.system]
    if section.is_team_event and section.team is not None:
        parts.append(f"teams of {section.team.boards}+{section.team.reserves}")
    if section.tiebreaks:
        parts.append("tie-breaks " + ", ".join(section.tiebreaks))
    return "; ".join(parts)
