"""``crosstable regulations FILE…``: check regulations files and summarise what they say.

For each file: its sections (game, rounds, pairing system, eligibility in short), the fee,
the grade ladder of a grade tournament, and every declared rule the engine does not apply
yet. Exit status 0 when every file is valid, 3 when one is not (the error names the file, the
key and the problem).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from crosstable.regulations import Regulations, RegulationsError, SectionRules, load_regulations

EXIT_OK = 0
EXIT_INVALID = 3


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
            f"{grades.grade(grades.highest).name}, {len(grades.promotions)} promotion rules"
            + valid,
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
