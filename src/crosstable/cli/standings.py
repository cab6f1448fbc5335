"""``crosstable standings INPUT.trf``: print the standings of a tournament file.

The tie-break list comes from ``--tiebreaks`` (TRF-2026 descriptors, e.g. ``BH/C1,BH,SB,DE,WIN``),
from ``--regulations FILE [--section KEY]`` (the section's list as written — none is points
alone —, its final tie rule, the prize places that may not be shared and the withdrawal after
forfeits: ``crosstable.standings.StandingsRules.from_regulations``), or from the file's 212/202
record, else the project default, which the text output then names. Team files (records
310/013) are ranked as teams. Output: an aligned text table, CSV (rank, pairing number, name,
points, one column per tie-break) or JSON. Errors are one line on standard error, never a
traceback.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import io
import json
import sys
from fractions import Fraction
from pathlib import Path

from crosstable.cli.regulations import SectionNotRead, read_section
from crosstable.model import Tournament
from crosstable.standings import (
    DEFAULT_INDIVIDUAL_TIEBREAKS,
    DEFAULT_TEAM_TIEBREAKS,
    PRESETS,
    Standings,
    StandingsRow,
    StandingsRules,
    compute_standings,
    compute_team_standings,
    cross_table,
)
from crosstable.tiebreaks.descriptor import DescriptorError, parse_descriptor_list
from crosstable.tiebreaks.registry import UnknownTiebreakError, definitions, lookup
from crosstable.tiebreaks.team import TeamDataError
from crosstable.tiebreaks.unplayed import UnplayedRule, rule_in_force
from crosstable.tiebreaks.value import TiebreakValue

EXIT_OK = 0
EXIT_INVALID_INPUT = 3
EXIT_FILE_ACCESS = 5


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "standings",
        help="rank a TRF file by points and tie-breaks",
        description=(
            "Print the standings of a TRF file. Tie-breaks (FIDE C.07 2026 codes, TRF-2026 "
            "descriptor syntax): " + ", ".join(d.code for d in definitions()) + "."
        ),
    )
    parser.add_argument("input", metavar="INPUT.trf", help="tournament report file")
    parser.add_argument(
        "--tiebreaks",
        metavar="CODES",
        help="comma-separated tie-break list, e.g. BH/C1,BH,SB,DE,WIN "
        "(default: the file's 212/202 record, else " + DEFAULT_INDIVIDUAL_TIEBREAKS + ")",
    )
    parser.add_argument(
        "--preset",
        choices=sorted(PRESETS),
        help="a named tie-break list: " + "; ".join(f"{k} = {v}" for k, v in PRESETS.items()),
    )
    parser.add_argument(
        "--regulations",
        metavar="FILE.toml",
        help="rank as a regulations file says (tie-breaks, final tie, unshared places, results "
        "cancelled after forfeits); not with --tiebreaks, --preset, --lots or --unshared",
    )
    parser.add_argument(
        "--section",
        metavar="KEY",
        help="with --regulations: the section's key (needed when the file has several)",
    )
    parser.add_argument("--format", choices=("text", "csv", "json"), default="text")
    parser.add_argument("--round", type=int, help="standings after this round (default: last)")
    parser.add_argument(
        "--unplayed-rule",
        choices=[rule.value for rule in UnplayedRule],
        default=None,
        help="unplayed rounds: 2026 (C.07 in force since 1 Mar 2026), 2023 (uncapped dummy), "
        "virtual (pre-2023); default: the rules in force on the file's start date (042), "
        "2026 when it has none",
    )
    parser.add_argument("--unrated-rating", type=int, help="rating of unrated players")
    parser.add_argument(
        "--round-robin", action="store_true", help="predetermined pairings (C.07 Art. 15.2)"
    )
    parser.add_argument(
        "--lots", metavar="SEED", help="break remaining ties by drawing lots with this seed"
    )
    parser.add_argument(
        "--unshared",
        metavar="PLACES",
        default="",
        help="places that may not be shared, e.g. 1 (ties there need a play-off)",
    )
    parser.add_argument(
        "--crosstable", action="store_true", help="text format: add the round-by-round cross-table"
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="refuse a file with warnings, such as points fields that differ from the results "
        "(exit 3); without it they are printed on standard error",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from crosstable.formats.trf import TrfError, load_trf_checked

    path = Path(args.input)
    if not path.is_file():
        return _fail(EXIT_FILE_ACCESS, f"{path}: no such file")
    try:
        tournament, warnings = load_trf_checked(path)
    except OSError as error:
        return _fail(EXIT_FILE_ACCESS, f"{path}: cannot read: {error.strerror or error}")
    except TrfError as error:
        return _fail(EXIT_INVALID_INPUT, str(error))
    # The standings are computed from the results; a points field that says otherwise (an
    # official score corrected by hand, a file edited after the fact) is reported, never
    # silently replaced.
    for warning in warnings:
        print(f"crosstable standings: {warning}", file=sys.stderr)
    if warnings and args.strict:
        count = len(warnings)
        return _fail(
            EXIT_INVALID_INPUT,
            f"{path}: {count} warning{'' if count == 1 else 's'}: refused with --strict",
        )
    teams = bool(tournament.teams)
    default_note = ""
    if args.regulations is not None:
        chosen = _rules_from_regulations(args)
        if isinstance(chosen, int):
            return chosen
        rules = chosen
    else:
        text = args.tiebreaks
        if text is None and args.preset is not None:
            text = PRESETS[args.preset]
        if text is None and tournament.tiebreaks:
            text = ",".join(tournament.tiebreaks)
        if text is None:
            text = DEFAULT_TEAM_TIEBREAKS if teams else DEFAULT_INDIVIDUAL_TIEBREAKS
            default_note = (
                f"Tie-breaks: none given (no --tiebreaks, --regulations or 212 record), "
                f"so the default {text} applies\n"
            )
        try:
            specs = parse_descriptor_list(text)
            for spec in specs:
                lookup(spec, teams=teams)
            unshared = frozenset(int(place) for place in args.unshared.split(",") if place.strip())
        except (DescriptorError, UnknownTiebreakError) as error:
            return _fail(EXIT_INVALID_INPUT, f"--tiebreaks: {error}")
        except ValueError:
            return _fail(
                EXIT_INVALID_INPUT, f"--unshared: {args.unshared!r} is not a list of places"
            )
        rules = StandingsRules(tuple(specs), lots_seed=args.lots, unshared_places=unshared)
    rules = dataclasses.replace(
        rules,
        unplayed_rule=_unplayed_rule(args.unplayed_rule, tournament),
        predetermined=args.round_robin,
        unrated_rating=args.unrated_rating,
        games_per_match=_games_per_match(tournament.system_code),
    )
    if args.round is not None and not 0 <= args.round <= tournament.rounds_paired:
        return _fail(
            EXIT_INVALID_INPUT, f"--round: the file has {tournament.rounds_paired} rounds played"
        )
    try:
        if teams:
            from crosstable.tiebreaks.team_matches import team_event_from_tournament

            standings = compute_team_standings(team_event_from_tournament(tournament), rules)
        else:
            standings = compute_standings(tournament, rules, args.round)
    except TeamDataError as error:
        return _fail(EXIT_INVALID_INPUT, f"{path}: {error}")
    if args.format == "csv":
        sys.stdout.write(render_csv(standings))
    elif args.format == "json":
        sys.stdout.write(render_json(standings) + "\n")
    else:
        sys.stdout.write(default_note + render_text(standings))
        if args.crosstable and not teams:
            sys.stdout.write("\n" + render_cross_table(tournament, standings))
    return EXIT_OK


def _games_per_match(code: str) -> int:
    """Games in each pairing of the system record 192 names (the Double-Swiss system: 2,
    a round each; C.04.5: a single forfeited game of a played match counts as played)."""
    from crosstable.pairing import registry

    try:
        return registry.any_system(code).games_per_pairing if code.strip() else 1
    except KeyError:
        return 1


def _rules_from_regulations(args: argparse.Namespace) -> StandingsRules | int:
    """The standings rules of ``--section`` in ``--regulations`` (an exit status on error)."""
    clashing = [
        option
        for option, value in (
            ("--tiebreaks", args.tiebreaks),
            ("--preset", args.preset),
            ("--lots", args.lots),
            ("--unshared", args.unshared or None),
        )
        if value is not None
    ]
    if clashing:
        return _fail(
            EXIT_INVALID_INPUT,
            f"--regulations decides the ranking rules: leave out {', '.join(clashing)}",
        )
    path = Path(args.regulations)
    try:
        section = read_section(path, args.section)
    except SectionNotRead as error:
        return _fail(error.status, error.message)
    # Drawing of lots, where the regulations say so, seeded by the file and section so a
    # second run draws the same order.
    return StandingsRules.from_regulations(section, lots_seed=f"{path.name}/{section.key}")


def _unplayed_rule(chosen: str | None, tournament: Tournament) -> UnplayedRule:
    """The rule asked for; else the one in force when the event started, else the current
    one. Unless asked for, the edition applied and why is said on standard error."""
    if chosen is not None:
        return UnplayedRule(chosen)
    start = tournament.start_day
    in_force = rule_in_force(start)
    written = tournament.start_date.strip()
    if in_force is None:
        print(
            "crosstable standings: note: unplayed rounds are evaluated as C.07 (2026) says, "
            "the edition in force today: the file gives no start date that can be read "
            + (f"(042 {written!r})" if written else "(no 042 record)")
            + "; --unplayed-rule 2023 or virtual for an event that started before 1 March 2026",
            file=sys.stderr,
        )
        return UnplayedRule.FIDE_2026
    if in_force is UnplayedRule.FIDE_2026:
        print(
            f"crosstable standings: note: unplayed rounds are evaluated as C.07 (2026) says: "
            f"the event started on {start} (042 {written!r}), when that edition was in force",
            file=sys.stderr,
        )
    else:
        print(
            f"crosstable standings: note: the event started on {start} (042 {written!r}), "
            "before C.07 (2026) came into force: unplayed rounds are evaluated as its 2023 "
            "text says, as FIDE's reference checker does (--unplayed-rule 2026 to change; "
            "--unplayed-rule virtual for the older virtual opponent)",
            file=sys.stderr,
        )
    return in_force


def _fail(status: int, message: str) -> int:
    print(f"crosstable standings: {message}", file=sys.stderr)
    return status


def format_value(value: TiebreakValue | Fraction) -> str:
    """Exact decimals where they exist (``7.5``, ``42.25``), else four decimals; tuples are
    joined with ``/``; a missing value is empty."""
    if value is None:
        return ""
    if isinstance(value, tuple):
        return "/".join(format_value(item) for item in value)
    if isinstance(value, int):
        return str(value)
    digits = _decimal_digits(value)
    if digits is None:
        return f"{float(value):.4f}"
    if digits == 0:
        return str(value.numerator)
    scaled = int(value * 10**digits)
    text = str(abs(scaled)).rjust(digits + 1, "0")
    return f"{'-' if scaled < 0 else ''}{text[:-digits]}.{text[-digits:]}"


def _decimal_digits(value: Fraction) -> int | None:
    """Digits after the point of an exact decimal, None if the decimal does not end."""
    denominator, twos, fives = value.denominator, 0, 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    return max(twos, fives) if denominator == 1 else None


def _header(standings: Standings) -> list[str]:
    return ["rank", "number", "name", "points", *(str(spec) for spec in standings.tiebreaks)]


HOUSE_PLACE = "house"
"""What the place column says for a house player (XCH line: paired, not ranked)."""
CANCELLED_PLACE = "cancelled"
"""What the place column says for a player withdrawn after forfeits whose results the
regulations cancel (``crosstable.forfeit_withdrawal``)."""


def _unranked_place(row: StandingsRow) -> str | None:
    """The place column of a line that has no rank (None: a ranked line)."""
    if row.house:
        return HOUSE_PLACE
    if row.cancelled:
        return CANCELLED_PLACE
    return None


def _cells(standings: Standings) -> list[list[str]]:
    rows = []
    for row in standings.rows + standings.unranked:
        rows.append(
            [
                _unranked_place(row) or row.place,
                str(row.number),
                row.name,
                format_value(row.points),
                *(format_value(value) for value in row.values),
            ]
        )
    return rows


def render_csv(standings: Standings) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(_header(standings))
    for cells, row in zip(_cells(standings), standings.rows + standings.unranked, strict=True):
        cells[0] = _unranked_place(row) or str(row.rank)
        writer.writerow(cells)
    return buffer.getvalue()


def _json_value(value: TiebreakValue | Fraction) -> object:
    """Integers stay numbers; fractions become exact decimal strings, or ``"a/b"``."""
    if value is None or isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    return format_value(value) if _decimal_digits(value) is not None else str(value)


def _unranked_json(row: StandingsRow) -> dict[str, object]:
    """A line without a rank (a house player, cancelled results): who, points, tie-breaks."""
    return {
        "number": row.number,
        "name": row.name,
        "points": _json_value(row.points),
        "tiebreaks": [_json_value(value) for value in row.values],
    }


def render_json(standings: Standings) -> str:
    document = {
        "rounds": standings.rounds,
        "tiebreaks": [str(spec) for spec in standings.tiebreaks],
        "standings": [
            {
                "rank": row.rank,
                "place": row.place,
                "number": row.number,
                "name": row.name,
                "points": _json_value(row.points),
                "tiebreaks": [_json_value(value) for value in row.values],
                "by_lot": row.by_lot,
                "playoff": row.playoff,
            }
            for row in standings.rows
        ],
        "house_players": [_unranked_json(row) for row in standings.unranked if row.house],
        "results_cancelled": [_unranked_json(row) for row in standings.unranked if row.cancelled],
        "playoffs": [list(group) for group in standings.playoffs],
        "lots": {"seed": standings.lots_seed, "groups": [list(g) for g in standings.lots]},
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def _align(table: list[list[str]]) -> str:
    widths = [max(len(row[column]) for row in table) for column in range(len(table[0]))]
    lines = []
    for row in table:
        cells = [
            cell.ljust(width) if column == 2 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def render_text(standings: Standings) -> str:
    text = _align(
        [["Place", "No", "Name", "Pts", *(str(s) for s in standings.tiebreaks)], *_cells(standings)]
    )
    if not standings.tiebreaks:
        text += "No tie-breaks: players on equal points share the place\n"
    for group in standings.playoffs:
        members = ", ".join(map(str, group))
        text += f"Play-off needed: {members} share a place that may not be shared\n"
    cancelled = [row for row in standings.unranked if row.cancelled]
    if cancelled:
        text += (
            "Results cancelled (withdrawn after forfeits; not ranked, no prize): "
            + ", ".join(f"{row.number} {row.name}" for row in cancelled)
            + "\n"
        )
    if standings.lots:
        text += (
            f"Ties broken by lot (seed {standings.lots_seed!r}): "
            + "; ".join(" > ".join(map(str, group)) for group in standings.lots)
            + "\n"
        )
    return text


def render_cross_table(tournament: object, standings: Standings) -> str:
    from crosstable.model.tournament import Tournament

    assert isinstance(tournament, Tournament)
    rows = cross_table(tournament, standings)
    header = ["Rk", "No", "Name", "Pts", *(str(r) for r in range(1, standings.matches + 1))]
    table = [header] + [
        [
            str(row.rank) if row.rank else row.place,
            str(row.number),
            row.name,
            format_value(row.points),
            *cells,
        ]
        for row, cells in rows
    ]
    return _align(table)
