"""``crosstable engine``: the command line of the FIDE reference pairing engines.

It follows the interface that JaVaFo (AUM) and bbpPairings share, so that scripts and
pairing checkers written for them can drive crosstable:

    crosstable engine --dutch INPUT -p [OUTPUT]     pair the next round
    crosstable engine --dutch INPUT -c              re-pair every round and compare
    … -p / -c --regulations FILE.toml [--section KEY]  under a section's pairing rules
    crosstable engine --dutch -g [CONFIG] -o OUTPUT [-s SEED]   random tournament

Exit statuses follow bbpPairings' contract (``EXIT_*`` below; docs/cli/engine.md). Every
failure is reported as one line on standard error, never as a traceback.

Without ``--regulations`` the engine is the reference engines' FIDE (Dutch) system and nothing
else. With it, the section's ``[pairing]`` options apply and so does its withdrawal after
forfeits (``crosstable.forfeit_withdrawal``, as in the web app): each player it withdraws is
named on standard error, never left out silently.
"""

from __future__ import annotations

import argparse
import dataclasses
import secrets
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO, TypeVar

if TYPE_CHECKING:
    from crosstable.model import Tournament
    from crosstable.pairing.base import RoundPairing
    from crosstable.regulations import SectionRules

    EnginePairFunction = Callable[[Tournament, int | None], RoundPairing]

_Result = TypeVar("_Result")

EXIT_OK = 0
EXIT_NO_VALID_PAIRING = 1
"""No pairing satisfies the absolute criteria (``-p``, ``-g``), or with ``-c``: some round
of the file is not the pairing the engine makes."""
EXIT_UNEXPECTED_ERROR = 2
EXIT_INVALID_INPUT = 3
"""Malformed TRF or generator configuration, or an invalid command line."""
EXIT_SIZE_LIMIT = 4
"""The request exceeds what the engine or the file format can hold."""
EXIT_FILE_ACCESS = 5
"""A file cannot be read or written."""

DUTCH_SYSTEM_CODE = "FIDE_DUTCH_2026"
"""``--dutch``: the registry's code of the Dutch system in force (written to record 192)."""

BURSTEIN_SYSTEM_CODE = "FIDE_BURSTEIN"
"""``--burstein``: the registry's code of the Burstein system (docs/pairing/burstein.md)."""

DOUBLE_SWISS_SYSTEM_CODE = "FIDE_DOUBLESWISS"
"""``--double-swiss``: the registry's code of the Double-Swiss system (C.04.5, 2026; a match
of two games is two rounds of the file, docs/pairing/double_swiss.md). No reference engine
has this option: it is crosstable's, spelled as bbpPairings spells its systems."""

SYSTEM_CODES = {
    "dutch": DUTCH_SYSTEM_CODE,
    "burstein": BURSTEIN_SYSTEM_CODE,
    "double_swiss": DOUBLE_SWISS_SYSTEM_CODE,
}
"""The engine's system options (as bbpPairings spells them) -> registry code."""

SYSTEM_OPTIONS = "--dutch, --burstein or --double-swiss"
"""The system options, as a usage error lists them."""

TRF_MAX_PLAYERS = 9999
"""A TRF pairing number has four digits."""

PROGRAM = "crosstable engine"

CHECK_FORMATS = ("bbp", "crosstable")
"""``-c --format``: the reference engine's check table (what scripts parse) or ours."""

GENERATOR_OPTIONS: tuple[tuple[str, str, type, str], ...] = (
    ("--players", "players", int, "number of players"),
    ("--rounds", "rounds", int, "number of rounds"),
    ("--draw-rate", "draw_rate", float, "draws between equally rated players"),
    ("--forfeit-rate", "forfeit_rate", float, "share of games forfeited"),
    ("--forfeits", "forfeits", int, "number of games forfeited"),
    ("--full-point-bye-rate", "full_point_bye_rate", float, "full-point byes per player-round"),
    ("--full-point-byes", "full_point_byes", int, "number of full-point byes"),
    ("--half-point-bye-rate", "half_point_bye_rate", float, "half-point byes per player-round"),
    ("--half-point-byes", "half_point_byes", int, "number of half-point byes"),
    ("--zero-point-bye-rate", "zero_point_bye_rate", float, "zero-point byes per player-round"),
    ("--zero-point-byes", "zero_point_byes", int, "number of zero-point byes"),
    ("--unusual-result-rate", "unusual_result_rate", float, "share of games ending ½-0, 0-½, 0-0"),
    ("--unusual-results", "unusual_results", int, "number of games ending ½-0, 0-½ or 0-0"),
    ("--withdrawal-rate", "withdrawal_rate", float, "players who withdraw"),
    ("--late-entry-rate", "late_entry_rate", float, "players who join late"),
)
"""``engine -g`` options: option, CONFIG key, value type, meaning (docs/cli/engine.md)."""


class EngineFailure(Exception):
    """A failure with its exit status and the one-line message to print."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "engine",
        help="pair, check or generate TRF files like the FIDE reference engines",
        description=(
            "The command line of the FIDE reference pairing engines (JaVaFo, bbpPairings). "
            "Exit status: 0 ok, 1 no valid pairing (or -c found differences), 2 unexpected "
            "error, 3 invalid input, 4 size limit, 5 file access."
        ),
        usage=(
            "crosstable engine [-r]\n"
            "       crosstable engine [-r] --dutch INPUT -p [OUTPUT] [-l [CHECKLIST]]"
            " [--regulations FILE [--section KEY]]\n"
            "       crosstable engine [-r] --dutch INPUT -c [-l [CHECKLIST]] [--format FORMAT]"
            " [--regulations FILE [--section KEY]]\n"
            "       crosstable engine [-r] --dutch (MODEL -g | -g [CONFIG]) -o OUTPUT [-s SEED]"
            " [-l [CHECKLIST]]"
        ),
    )
    parser.add_argument(
        "-r",
        dest="print_info",
        action="store_true",
        help="print the program's name and version first (alone: only that)",
    )
    systems = parser.add_mutually_exclusive_group()
    systems.add_argument(
        "--dutch",
        dest="system",
        action="store_const",
        const="dutch",
        help="the FIDE (Dutch) system, C.04.3 as in force since 1 February 2026",
    )
    systems.add_argument(
        "--burstein",
        dest="system",
        action="store_const",
        const="burstein",
        help="the Burstein system, C.04.4.2 (the edition bbpPairings implements)",
    )
    systems.add_argument(
        "--double-swiss",
        dest="system",
        action="store_const",
        const="double_swiss",
        help="the FIDE Double-Swiss system, C.04.5 as in force since 1 February 2026 (a match "
        "of two games is two rounds of the file: an even round gives game 2)",
    )
    parser.add_argument("input", nargs="?", metavar="INPUT", help="TRF file to read")
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument(
        "-p",
        dest="pair_output",
        nargs="?",
        const="-",
        metavar="OUTPUT",
        help="pair the next round; write the pairs to OUTPUT (standard output if omitted)",
    )
    modes.add_argument(
        "-c",
        dest="check",
        action="store_true",
        help="re-pair every round of INPUT and report the rounds that differ (exit 0)",
    )
    modes.add_argument(
        "-g",
        dest="generate_config",
        nargs="?",
        const="",
        metavar="CONFIG",
        help="generate a random tournament (CONFIG: TOML file; random settings if omitted; "
        "after a MODEL TRF file: its players, ratings, rounds and rates of results)",
    )
    parser.add_argument(
        "-l",
        dest="checklist",
        nargs="?",
        const="",
        metavar="CHECKLIST",
        help="also write the check-list of every round paired (default name: INPUT, or the "
        "-g OUTPUT, with the extension .list; a bare name goes beside that file)",
    )
    parser.add_argument(
        "--format",
        dest="check_format",
        choices=CHECK_FORMATS,
        default="bbp",
        help="with -c: 'bbp' (default) the reference engine's table, exit 0 whatever it "
        "finds; 'crosstable' one line a differing round with notes and a summary, exit 1 "
        "when a round differs",
    )
    parser.add_argument(
        "--regulations",
        metavar="FILE",
        help="with -p or -c: pair under a regulations section's rules (its [pairing] options "
        "and its withdrawal after forfeits_to_withdraw forfeits, said on standard error)",
    )
    parser.add_argument(
        "--section",
        metavar="KEY",
        help="with --regulations: the section's key (needed when the file has several)",
    )
    parser.add_argument("-o", dest="output", metavar="OUTPUT", help="file written by -g")
    parser.add_argument("-s", dest="seed", type=int, metavar="SEED", help="seed for -g")
    generator = parser.add_argument_group(
        "generator options (-g)",
        "each sets the CONFIG key of the same name (dashes for underscores) and overrides the "
        "file; without CONFIG the other keys keep their defaults",
    )
    for option, key, kind, meaning in GENERATOR_OPTIONS:
        generator.add_argument(
            option, dest=f"set_{key}", type=kind, metavar=kind.__name__.upper(), help=meaning
        )
    generator.add_argument(
        "--baku",
        dest="set_acceleration",
        action="store_const",
        const="baku",
        help="Baku acceleration (C.04.7), written as records 250",
    )
    generator.add_argument(
        "--tiebreaks",
        dest="set_tiebreaks",
        metavar="LIST",
        help="tie-break list, e.g. BH/C1,BH,SB: record 202 and the ranks it gives",
    )
    generator.add_argument(
        "--points", dest="set_points", metavar="PRESET", help="standard, xiangqi or football"
    )

    def usage_error(message: str) -> NoReturn:
        parser.print_usage(sys.stderr)
        sys.stderr.write(f"{PROGRAM}: error: {message}\n")
        raise SystemExit(EXIT_INVALID_INPUT)

    # Command-line mistakes are invalid input (3) in the engines' contract, not argparse's 2.
    parser.error = usage_error  # type: ignore[method-assign]
    parser.set_defaults(handler=run_engine, usage_error=usage_error)


def run_engine(args: argparse.Namespace) -> int:
    """Run one engine request; print any failure as one line on standard error."""
    usage_error: Callable[[str], NoReturn] = args.usage_error
    if args.print_info:
        sys.stdout.write(program_info() + "\n")
    modes = (args.pair_output, args.generate_config, args.check or None)
    if args.system is None and args.input is None and all(mode is None for mode in modes):
        if args.print_info:
            return EXIT_OK
        usage_error(f"a pairing system is required: {SYSTEM_OPTIONS}")
    if args.system is None:
        usage_error(f"a pairing system is required: {SYSTEM_OPTIONS}")
    if all(mode is None for mode in modes):
        usage_error("one of -p, -c or -g is required")
    input_name: str | None = args.input
    output_name: str | None = args.output
    config_name: str | None = args.generate_config
    checklist_name: str | None = args.checklist
    try:
        if config_name is not None:
            if output_name is None:
                usage_error("-g needs -o OUTPUT")
            if input_name is not None and config_name:
                usage_error("-g takes a MODEL file before it or a CONFIG file after it, not both")
            if args.regulations is not None or args.section is not None:
                usage_error("--regulations and --section go with -p and -c")
            seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
            overrides = {
                name.removeprefix("set_"): value
                for name, value in vars(args).items()
                if name.startswith("set_") and value is not None
            }
            settings = Path(input_name or config_name) if (input_name or config_name) else None
            output = beside(settings, output_name) if settings is not None else Path(output_name)
            generate_file(
                Path(config_name) if config_name else None,
                output,
                seed,
                overrides,
                model_path=Path(input_name) if input_name is not None else None,
                checklist_path=checklist_path(checklist_name, output),
                system=args.system,
            )
            return EXIT_OK
        if input_name is None:
            usage_error("INPUT is required with -p and -c")
        if output_name is not None or args.seed is not None:
            usage_error("-o and -s go with -g")
        if any(name.startswith("set_") and value is not None for name, value in vars(args).items()):
            usage_error("the generator options go with -g")
        if args.section is not None and args.regulations is None:
            usage_error("--section goes with --regulations")
        input_path = Path(input_name)
        rules = None if args.regulations is None else SectionPairing.read(args, args.system)
        checklist = checklist_path(checklist_name, input_path)
        if args.check:
            return check_file(
                input_path,
                sys.stdout,
                rules,
                report=args.check_format,
                checklist_path=checklist,
                system=args.system,
            )
        pair_output: str = args.pair_output
        pair_file(
            input_path,
            None if pair_output == "-" else beside(input_path, pair_output),
            rules,
            checklist_path=checklist,
            system=args.system,
        )
        return EXIT_OK
    except EngineFailure as failure:
        sys.stderr.write(f"{PROGRAM}: {failure.message}\n")
        return failure.status
    except KeyboardInterrupt:
        raise
    except Exception as error:  # the contract's "unexpected error": one line, no traceback
        sys.stderr.write(f"{PROGRAM}: unexpected error: {type(error).__name__}: {error}\n")
        return EXIT_UNEXPECTED_ERROR


def program_info() -> str:
    """``-r``: the program's name and version, as the reference engines print theirs."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("crosstable")
    except PackageNotFoundError:
        release = "unknown version"
    return f"{PROGRAM} (crosstable {release}): FIDE (Dutch) system, C.04.3 (2026)"


def beside(reference: Path, name: str) -> Path:
    """A bare file name (no folder) goes beside ``reference``, as the reference engines
    place their output files; a name with a folder is taken as it is."""
    path = Path(name)
    if path.parent == Path(".") and not name.startswith("./"):
        return reference.parent / path
    return path


def checklist_path(name: str | None, reference: Path) -> Path | None:
    """``-l [CHECKLIST]``: None without ``-l``; ``reference`` with the extension ``.list``
    without a name; else the name, beside ``reference`` when it is bare."""
    if name is None:
        return None
    if name == "":
        return reference.with_suffix(".list")
    return beside(reference, name)


_FAMILY_NAMES = {
    "dutch": "FIDE (Dutch)",
    "burstein": "FIDE Burstein",
    "double_swiss": "FIDE Double-Swiss",
}
"""The engine option's system in words, as a refusal names it."""


class SectionPairing:
    """``--regulations FILE [--section KEY]``: the section whose pairing rules apply."""

    def __init__(self, source: Path, section: SectionRules) -> None:
        self.source = source
        self.section = section

    @classmethod
    def read(cls, args: argparse.Namespace, system: str = "dutch") -> SectionPairing:
        """The section the command line names; an unreadable file or an unknown key is one
        line naming it (exit 5 no such file, 3 otherwise, as ``crosstable standings``)."""
        from crosstable.cli.regulations import SectionNotRead, read_section

        source = Path(args.regulations)
        try:
            section = read_section(source, args.section)
        except SectionNotRead as error:
            raise EngineFailure(error.status, error.message) from None
        from crosstable.pairing.registry import any_system

        # --dutch (--burstein) promises that system: a section paired otherwise is refused,
        # not paired by another engine behind the option's back.
        if any_system(section.pairing.system).family != system:
            raise EngineFailure(
                EXIT_INVALID_INPUT,
                f"{source}: section {section.key} is paired with {section.pairing.system}, "
                f"not the {_FAMILY_NAMES.get(system, system)} system of "
                f"--{system.replace('_', '-')}",
            )
        return cls(source, section)

    def pair_function(self) -> EnginePairFunction:
        """The section's Dutch system under its ``[pairing]`` options (local rules,
        acceleration)."""
        from crosstable.pairing.registry import pair_function

        return pair_function(self.section.pairing.system, self.section.pairing)

    def withdraw_after_forfeits(self, tournament: Tournament, err: TextIO) -> None:
        """Withdraw the players the section's ``forfeits_to_withdraw`` withdraws, so that
        they are not paired after the round of the ``limit``-th forfeit, and name each on
        ``err`` with the rounds of those forfeits."""
        from crosstable.forfeit_withdrawal import ForfeitRule, apply_withdrawals, forfeit_rounds

        limit = self.section.forfeits_to_withdraw
        if not limit:
            return
        rule = ForfeitRule(limit, self.section.forfeits_cancel_results)
        for number, after in sorted(apply_withdrawals(tournament, rule).items()):
            player = tournament.players[number]
            rounds = ", ".join(str(round_number) for round_number in forfeit_rounds(player, after))
            err.write(
                f"{PROGRAM}: withdrew {number} {player.name}: forfeits in rounds {rounds}; "
                f"{self.source} section {self.section.key}: forfeits_to_withdraw = {limit}, "
                f"not paired after round {after}\n"
            )


def pair_file(
    input_path: Path,
    output_path: Path | None,
    rules: SectionPairing | None = None,
    *,
    checklist_path: Path | None = None,
    system: str = "dutch",
) -> None:
    """Pair the round after the last one recorded in ``input_path`` and write the
    reference engines' output (number of pairs, then ``WHITE BLACK`` lines); under a
    section's pairing rules when ``rules`` is given; the round's check-list to
    ``checklist_path`` when given."""
    from crosstable.pairing.acceleration import AccelerationError
    from crosstable.pairing.base import PairingError
    from crosstable.pairing.history import infer_initial_colour, next_round

    tournament = read_tournament(input_path)
    if tournament.total_rounds is None:
        # JaVaFo and bbpPairings refuse too: whether the round is the last one changes it.
        raise EngineFailure(
            EXIT_INVALID_INPUT,
            f"{input_path}: the file does not give the number of rounds (142 or XXR), which "
            "the pairing of the next round needs (final-round rules)",
        )
    round_number = next_round(tournament)
    if round_number > tournament.total_rounds:
        raise EngineFailure(
            EXIT_INVALID_INPUT,
            f"{input_path}: all {tournament.total_rounds} rounds the file gives (142 or XXR) "
            "are paired: there is no next round to pair",
        )
    if tournament.initial_colour is None and infer_initial_colour(tournament) is None:
        # The reference engines refuse to draw the colour themselves: the arbiter draws it.
        raise EngineFailure(
            EXIT_INVALID_INPUT,
            f"{input_path}: no initial colour: give it (152 w or b, or XXC white1 / black1) "
            "before pairing a round in which nobody has played a colour yet",
        )
    if rules is None:
        pair_round = system_pair_function(system)
    else:
        pair_round = rules.pair_function()
        rules.withdraw_after_forfeits(tournament, sys.stderr)
    try:
        pairing = guarded(lambda: pair_round(tournament, None))
    except PairingError as error:
        if checklist_path is not None:
            _write_checklist(checklist_path, [(round_number, tournament, None)])
        raise EngineFailure(
            EXIT_NO_VALID_PAIRING, f"{input_path}: no valid pairing: {error}"
        ) from None
    except AccelerationError as error:  # 192 *_BAKU on a file that cannot take it
        raise EngineFailure(EXIT_INVALID_INPUT, f"{input_path}: {error}") from None
    if checklist_path is not None:
        _write_checklist(checklist_path, [(round_number, tournament, pairing)])
    text = "\n".join(pairing.as_engine_lines()) + "\n"
    if output_path is None:
        sys.stdout.write(text)
    else:
        write_text(output_path, text)


def check_file(
    input_path: Path,
    out: TextIO,
    rules: SectionPairing | None = None,
    *,
    report: str = "crosstable",
    checklist_path: Path | None = None,
    system: str = "dutch",
) -> int:
    """Re-pair every round of ``input_path`` and report the rounds that differ from the file.

    ``report`` ``"bbp"``: the reference engine's check table on ``out``, notes on standard
    error, EXIT_OK whatever was found ("not an error when checking"). ``"crosstable"``: a line
    a differing round, notes and a summary line on ``out``; EXIT_OK when every round is
    reproduced, EXIT_NO_VALID_PAIRING otherwise. Under a section's pairing rules when
    ``rules`` is given: a player its forfeit rule withdraws is not re-paired after that round.
    ``checklist_path``: every round's check-list, after a ``Round #N`` line."""
    from crosstable.pairing.acceleration import AccelerationError
    from crosstable.pairing.checker import as_complete, check_round, rounds_to_check

    from .engine_reports import check_table

    recorded = read_tournament(input_path)
    tournament = as_complete(recorded)
    if rules is None:
        pair_round = system_pair_function(system)
    else:
        pair_round = rules.pair_function()
        rules.withdraw_after_forfeits(tournament, sys.stderr)
    produced: dict[int, RoundPairing] = {}

    def pair_and_keep(state: Tournament, round_number: int | None) -> RoundPairing:
        pairing = pair_round(state, round_number)
        produced[pairing.round_number] = pairing
        return pairing

    rounds = rounds_to_check(tournament)
    notes = out if report == "crosstable" else sys.stderr
    prefix = "note: " if report == "crosstable" else f"{PROGRAM}: note: "
    if recorded.total_rounds is None:
        notes.write(
            f"{prefix}{input_path} gives no number of rounds (142 / XXR): round {rounds} is "
            "taken as the final round, as the reference engines do\n"
        )
    if tournament.rounds_recorded > rounds:
        notes.write(
            f"{prefix}the rounds after round {rounds} hold only byes entered in advance: "
            "not checked\n"
        )
    differences = []
    for round_number in range(1, rounds + 1):
        try:
            difference = guarded(partial(check_round, tournament, round_number, pair_and_keep))
        except AccelerationError as error:
            raise EngineFailure(EXIT_INVALID_INPUT, f"{input_path}: {error}") from None
        if difference is not None:
            differences.append(difference)
        if report == "bbp":
            out.write(check_table(input_path.stem, round_number, difference, tournament))
        elif difference is not None:
            out.write(f"{difference.describe()}\n")
    if checklist_path is not None:
        _write_checklist(
            checklist_path,
            [(number, tournament, produced.get(number)) for number in range(1, rounds + 1)],
            heading="Round #{round}",
        )
    if report == "bbp":
        out.write("\n")
        return EXIT_OK
    if differences:
        out.write(f"{input_path}: {len(differences)} of {rounds} rounds differ\n")
        return EXIT_NO_VALID_PAIRING
    out.write(f"{input_path}: all {rounds} rounds reproduced\n")
    return EXIT_OK


def _write_checklist(
    path: Path,
    rounds: list[tuple[int, Tournament, RoundPairing | None]],
    *,
    heading: str = "",
) -> None:
    """Write the check-lists of ``rounds``, each after ``heading`` with ``{round}`` filled in
    when given (the reference engine heads them ``Round #N`` when checking, ``Round #N.``
    when generating). As in the reference engine, a check-list that cannot be written is said
    on standard error and does not change the exit status."""
    from .engine_reports import checklist

    parts = []
    for round_number, tournament, pairing in rounds:
        if heading:
            parts.append(heading.format(round=round_number) + "\n")
        parts.append(checklist(tournament, round_number, pairing))
    parts.append(f"\n{program_info()}\n")
    try:
        path.write_text("".join(parts), encoding="utf-8")
    except OSError as error:
        sys.stderr.write(f"{PROGRAM}: the check-list {_file_error(path, error)}\n")


def generate_file(
    config_path: Path | None,
    output_path: Path,
    seed: int,
    overrides: dict[str, object] | None = None,
    *,
    model_path: Path | None = None,
    checklist_path: Path | None = None,
    system: str = "dutch",
) -> None:
    """Generate a random tournament paired by the Dutch engine and save it as TRF-2026.
    ``overrides``: CONFIG keys set on the command line (they win over the file's).
    ``model_path``: a TRF file whose players, rounds and rates the tournament takes
    (:func:`crosstable.generate.config_from_model`). ``checklist_path``: every round's
    check-list."""
    from crosstable.generate import (
        GeneratorConfigError,
        GeneratorError,
        config_from_model,
        generate_tournament,
        load_generator_config,
        random_config,
        with_overrides,
    )
    from crosstable.pairing.base import PairingError

    try:
        if model_path is not None:
            config = config_from_model(read_tournament(model_path), str(model_path))
        elif config_path:
            config = load_generator_config(config_path)
        elif overrides:
            config = with_overrides(None, {})
        else:
            config = random_config(seed)
        if overrides:
            config = with_overrides(config, overrides)
    except GeneratorConfigError as error:
        raise EngineFailure(EXIT_INVALID_INPUT, str(error)) from None
    except OSError as error:
        raise EngineFailure(EXIT_FILE_ACCESS, _file_error(config_path, error)) from None
    from crosstable.pairing.registry import pairing_system, scoring_for

    # A Double-Swiss round is a game: its bye is the match's shared by the two rounds (¾ each
    # under 1/½/0, C.04.5 3.4), written to record 162 so that -c and -p read it back.
    config = dataclasses.replace(config, scoring=scoring_for(SYSTEM_CODES[system], config.scoring))
    games = pairing_system(SYSTEM_CODES[system]).games_per_pairing
    if config.rounds % games:
        raise EngineFailure(
            EXIT_INVALID_INPUT,
            f"{f'{config_path}: ' if config_path else ''}rounds: {config.rounds} rounds do "
            "not make whole "
            f"matches of {games} games (the {_FAMILY_NAMES[system]} system plays a match "
            f"of {games} games, a round each)",
        )
    if config.players > TRF_MAX_PLAYERS:
        raise EngineFailure(
            EXIT_SIZE_LIMIT,
            f"{config_path}: players: {config.players} exceeds the {TRF_MAX_PLAYERS} "
            "players a TRF file can hold",
        )
    engine = system_pair_function(system)
    produced: dict[int, RoundPairing] = {}

    def pair_round(state: Tournament, round_number: int | None) -> RoundPairing:
        pairing = engine(state, round_number)
        produced[pairing.round_number] = pairing
        return pairing

    from crosstable.formats.trf import write_trf

    # Open OUTPUT first: an unwritable path fails at once, not after pairing every round.
    try:
        handle = output_path.open("w", encoding="utf-8", newline="\n")
    except OSError as error:
        raise EngineFailure(EXIT_FILE_ACCESS, _file_error(output_path, error)) from None
    with handle:
        try:
            tournament = guarded(
                lambda: generate_tournament(
                    config,
                    seed,
                    pair_round,
                    system_code=SYSTEM_CODES[system],
                    games_per_pairing=games,
                )
            )
            tournament.extra_records.append(
                f"### generated by crosstable engine -g, seed {seed}"
                + (f", configuration {config_path.name}" if config_path else "")
                + (f", model {model_path.name}" if model_path else "")
            )
            handle.write(write_trf(tournament, "engines"))
        except PairingError as error:
            _discard(handle, output_path)
            raise EngineFailure(
                EXIT_NO_VALID_PAIRING, f"seed {seed}: no valid pairing: {error}"
            ) from None
        except GeneratorError as error:
            _discard(handle, output_path)
            raise EngineFailure(EXIT_UNEXPECTED_ERROR, f"seed {seed}: {error}") from None
        except OSError as error:
            _discard(handle, output_path)
            raise EngineFailure(EXIT_FILE_ACCESS, _file_error(output_path, error)) from None
        except BaseException:
            _discard(handle, output_path)
            raise
    if checklist_path is not None:
        _write_checklist(
            checklist_path,
            [(number, tournament, pairing) for number, pairing in sorted(produced.items())],
            heading="Round #{round}.",
        )


def _discard(handle: TextIO, path: Path) -> None:
    """Remove a partly written output file."""
    handle.close()
    path.unlink(missing_ok=True)


def read_tournament(path: Path) -> Tournament:
    """Read a TRF file; file errors exit 5, malformed TRF exits 3 naming line and column."""
    from crosstable.formats.trf import TrfError, read_trf_bytes

    try:
        data = path.read_bytes()
    except OSError as error:
        raise EngineFailure(EXIT_FILE_ACCESS, _file_error(path, error)) from None
    try:
        tournament, _warnings = read_trf_bytes(data, str(path))
    except TrfError as error:
        raise EngineFailure(EXIT_INVALID_INPUT, str(error)) from None
    if len(tournament.players) > TRF_MAX_PLAYERS:
        raise EngineFailure(EXIT_SIZE_LIMIT, f"{path}: more than {TRF_MAX_PLAYERS} players")
    return tournament


def system_pair_function(system: str = "dutch") -> EnginePairFunction:
    """The engine of ``--dutch``, ``--burstein`` or ``--double-swiss``, as the pairing-system
    registry names it."""
    from crosstable.pairing.registry import pair_function

    return pair_function(SYSTEM_CODES[system])


def write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise EngineFailure(EXIT_FILE_ACCESS, _file_error(path, error)) from None


def guarded(work: Callable[[], _Result]) -> _Result:
    """Run ``work``; running out of memory or stack is the contract's size limit."""
    try:
        return work()
    except (MemoryError, RecursionError) as error:
        raise EngineFailure(
            EXIT_SIZE_LIMIT, f"size limit: {type(error).__name__} while pairing"
        ) from None


def _file_error(path: Path | None, error: OSError) -> str:
    reason = error.strerror or str(error)
    return f"{path}: cannot access the file: {reason}"
