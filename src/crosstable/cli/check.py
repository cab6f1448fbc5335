"""``crosstable check FILE.trf``: the Pairings and Tie-breaks Checker (PTC) of FIDE C.02.03 §7.

Every paired round of the file is paired again from the rounds before it and compared with
the file, as ``crosstable engine -c`` does (:mod:`crosstable.pairing.checker`); then the
file's standings — each player's points field and rank — are compared with the standings
the file's own tie-break list (record 202 / 212) gives (:mod:`crosstable.rank_check`). Each
round that differs and each standings line that differs is printed, then a summary line.
Exit status as ``engine -c``: 0 when everything agrees, 1 when something differs, 3 for
invalid input, 5 when the file cannot be read (docs/cli/check.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from crosstable.cli.engine import (
    EXIT_INVALID_INPUT,
    EXIT_NO_VALID_PAIRING,
    EXIT_OK,
    EXIT_UNEXPECTED_ERROR,
    EngineFailure,
    guarded,
    read_tournament,
    system_pair_function,
)

PROGRAM = "crosstable check"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check",
        help="check a TRF file's pairings and standings (FIDE's pairings and tie-breaks checker)",
        description=(
            "Re-pair every round of a TRF file with the FIDE (Dutch) system and rank it with "
            "the file's tie-break list (record 202/212); report each round and each standings "
            "line that differs. Exit status: 0 all agree, 1 differences, 3 invalid input, 5 "
            "file access."
        ),
    )
    parser.add_argument("input", metavar="FILE.trf", help="tournament report file")
    parser.add_argument(
        "--unrated-rating",
        type=int,
        metavar="RATING",
        help="the rating unrated players count as in rating tie-breaks (default: those "
        "tie-breaks are dropped when a player is unrated, C.07)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        return check_file(Path(args.input), sys.stdout, unrated_rating=args.unrated_rating)
    except EngineFailure as failure:
        sys.stderr.write(f"{PROGRAM}: {failure.message}\n")
        return failure.status
    except KeyboardInterrupt:
        raise
    except Exception as error:  # the contract's "unexpected error": one line, no traceback
        sys.stderr.write(f"{PROGRAM}: unexpected error: {type(error).__name__}: {error}\n")
        return EXIT_UNEXPECTED_ERROR


def _family(code: str) -> str:
    """The engine a file's record 192 names: ``burstein`` for a Burstein code, else the
    Dutch system (a file without 192, or naming the Dutch rules)."""
    from crosstable.pairing.registry import SYSTEMS

    system = SYSTEMS.get(code.strip().upper())
    return "burstein" if system is not None and system.family == "burstein" else "dutch"


def check_file(path: Path, out: TextIO, *, unrated_rating: int | None = None) -> int:
    """Check the pairings and the standings of ``path``; print what differs."""
    from crosstable.pairing.acceleration import AccelerationError
    from crosstable.pairing.checker import as_complete, check_tournament, rounds_to_check
    from crosstable.rank_check import check_ranks

    recorded = read_tournament(path)
    if recorded.teams:
        raise EngineFailure(
            EXIT_INVALID_INPUT,
            f"{path}: a team file (records 310/013): only individual tournaments are checked",
        )
    tournament = as_complete(recorded)
    pair_round = system_pair_function(_family(recorded.system_code))
    try:
        differences = guarded(lambda: list(check_tournament(tournament, pair_round)))
    except AccelerationError as error:
        raise EngineFailure(EXIT_INVALID_INPUT, f"{path}: {error}") from None
    rounds = rounds_to_check(tournament)
    if recorded.total_rounds is None:
        out.write(
            f"note: {path} gives no number of rounds (142 / XXR): round {rounds} is taken as "
            "the final round, as the reference engines do\n"
        )
    for difference in differences:
        out.write(f"{difference.describe()}\n")
    ranks = guarded(lambda: check_ranks(recorded, unrated_rating=unrated_rating))
    listed = ", ".join(ranks.codes)
    if ranks.standings is None:
        out.write(f"note: {path} records no rank (001 columns 86-89): standings not checked\n")
    elif not ranks.codes:
        out.write(f"note: {path} names no tie-break (202 / 212): ranked by points alone\n")
    for line in ranks.lines():
        out.write(f"{line}\n")
    summary = (
        f"{len(differences)} of {rounds} rounds differ"
        if differences
        else f"all {rounds} rounds reproduced"
    )
    players = len(recorded.players)
    if ranks.differences:
        summary += f"; {len(ranks.differences)} of {players} standings lines differ" + (
            f" (tie-breaks {listed})" if listed else ""
        )
    elif ranks.standings is not None:
        summary += "; standings follow " + (f"the tie-breaks {listed}" if listed else "the points")
    out.write(f"{path}: {summary}\n")
    return EXIT_NO_VALID_PAIRING if differences or ranks.differences else EXIT_OK
