"""``crosstable grades INPUT.trf --regulations R.toml --section KEY``: the promotion report.

Each player's grade on entry (the TRF's ``XCP <number> grade=<grade>`` lines), games counted,
score rate and new grade under the regulations' ``[grades]`` table (``crosstable.grades``),
in the order of the section's standings (ranked as the regulations say), with the date the
results are valid until. Output: an aligned text table, CSV (the association's columns) or
JSON. Errors are one line on standard error, never a traceback; a file whose regulations
have no ``[grades]`` table is refused (exit 3).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

from crosstable.grades import (
    COLUMNS,
    SectionPromotions,
    english_note,
    format_points,
    format_rate,
    grade_on_entry,
    report_csv,
    report_table,
    section_promotions,
    validity_date,
)
from crosstable.standings import StandingsRules, compute_standings
from crosstable.typed.calendars import Calendar, write_date

EXIT_OK = 0
EXIT_INVALID_INPUT = 3
EXIT_FILE_ACCESS = 5


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "grades",
        help="grade promotion report of a section (grade tournaments)",
        description=(
            "Print who earned which national grade in a section, under the [grades] table of "
            "the regulations (docs/regulations.md)."
        ),
    )
    parser.add_argument("input", metavar="INPUT.trf", help="tournament report file")
    parser.add_argument(
        "--regulations", metavar="FILE.toml", required=True, help="regulations with [grades]"
    )
    parser.add_argument(
        "--section", metavar="KEY", help="the section's key (needed when the file has several)"
    )
    parser.add_argument("--format", choices=("text", "csv", "json"), default="text")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from crosstable.formats.trf import TrfError, load_trf_checked
    from crosstable.regulations import RegulationsError, load_regulations

    for path in (Path(args.input), Path(args.regulations)):
        if not path.is_file():
            return _fail(EXIT_FILE_ACCESS, f"{path}: no such file")
    try:
        regulations = load_regulations(args.regulations)
        tournament, _warnings = load_trf_checked(Path(args.input))
    except RegulationsError as error:
        return _fail(EXIT_INVALID_INPUT, str(error))
    except TrfError as error:
        return _fail(EXIT_INVALID_INPUT, str(error))
    except OSError as error:
        return _fail(EXIT_FILE_ACCESS, f"{args.input}: cannot read: {error.strerror or error}")
    grades = regulations.grades
    if grades is None:
        return _fail(
            EXIT_INVALID_INPUT, f"{args.regulations}: no [grades] table: no promotion report"
        )
    keys = [section.key for section in regulations.sections]
    key = args.section if args.section is not None or len(keys) != 1 else keys[0]
    if key not in keys:
        wanted = "--section: give one of" if key is None else f"--section {key}: not in the file:"
        return _fail(EXIT_INVALID_INPUT, f"{wanted} {', '.join(keys)}")
    section = regulations.section(key)
    rounds = section.rounds or tournament.total_rounds
    if rounds is None:
        return _fail(
            EXIT_INVALID_INPUT,
            f"section {key}: the regulations leave the number of rounds open and the file "
            "has no XXR record: the rounds each title needs cannot be checked",
        )
    standings = compute_standings(
        tournament,
        StandingsRules.from_regulations(section, lots_seed=f"{Path(args.regulations).name}/{key}"),
    )
    order = [row.number for row in standings.rows + standings.unranked]
    report = section_promotions(tournament, section, grades, rounds=rounds, order=order)
    until = validity_date(grades, regulations.end_date, regulations.calendar)
    rows = report_table([report], valid_until=until, calendar=regulations.calendar)
    if args.format == "csv":
        sys.stdout.write(report_csv([heading for _code, heading in COLUMNS], rows))
    elif args.format == "json":
        sys.stdout.write(_json(report, until, regulations.calendar) + "\n")
    else:
        sys.stdout.write(_text(report, until, regulations.calendar, rows))
    return EXIT_OK


def _json(report: SectionPromotions, until: datetime.date | None, calendar: Calendar) -> str:
    document = {
        "section": report.section.key,
        "rounds": report.rounds,
        "rounds_played": report.rounds_played,
        "provisional": report.provisional,
        "highest": report.grades.highest_name(),
        "valid_until": write_date(until, calendar) if until is not None else None,
        "source": report.grades.source,
        "lines": [
            {
                "number": line.number,
                "name": line.name,
                "grade_on_entry": grade_on_entry(line),
                "adult_rule": line.adult_rule,
                "games": line.games,
                "points": format_points(line.points),
                "score_rate": format_rate(line.rate),
                "outcome": line.outcome.value,
                "earned": line.earned.name if line.earned else None,
                "new_grade": line.awarded.name if line.awarded else None,
                "caps": [cap.value for cap in line.caps],
                "note": english_note(line, report),
            }
            for line in report.lines
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def _text(
    report: SectionPromotions,
    until: datetime.date | None,
    calendar: Calendar,
    rows: list[list[str]],
) -> str:
    grades = report.grades
    header = [
        f"Grade promotion report: {report.label} ({report.section.key})",
        f"After round {report.rounds_played} of {report.rounds}"
        + (" (provisional: results still to come)" if report.provisional else ""),
        f"Highest title awarded: {grades.highest_name()}",
    ]
    if report.minutes is not None:
        header.append(f"Playing time of a game, both players: {format_points(report.minutes)} min")
    if until is not None:
        header.append(f"Results valid until {write_date(until, calendar)}")
    if grades.source:
        header.append(f"Thresholds: {grades.source}")
    table = [[heading for _code, heading in COLUMNS[1:]], *(row[1:] for row in rows)]
    widths = [max(len(row[column]) for row in table) for column in range(len(table[0]))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in table
    ]
    return "\n".join(header) + "\n\n" + "\n".join(lines) + "\n"


def _fail(status: int, message: str) -> int:
    print(f"crosstable grades: {message}", file=sys.stderr)
    return status
