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
import secrets
import sys
from collections.abc import Callable
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

TRF_MAX_PLAYERS = 9999
"""A TRF pairing number has four digits."""

PROGRAM = "crosstable engine"

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
            "crosstable engine --dutch INPUT -p [OUTPUT] [--regulations FILE [--section KEY]]\n"
            "       crosstable engine --dutch INPUT -c [--regulations FILE [--section KEY]]\n"
            "       crosstable engine --dutch -g [CONFIG] -o OUTPUT [-s SEED]"
        ),
    )
    systems = parser.add_mutually_exclusive_group(required=True)
    systems.add_argument(
        "--dutch",
        dest="system",
        action="store_const",
        const="dutch",
        help="the FIDE (Dutch) system, C.04.3 as in force since 1 February 2026",
    )
    parser.add_argument("input", nargs="?", metavar="INPUT", help="TRF file to read")
    modes = parser.add_mutually_exclusive_group(required=True)
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
        help="re-pair every round of INPUT and report the rounds that differ",
    )
    modes.add_argument(
        "-g",
        dest="generate_config",
        nargs="?",
        const="",
        metavar="CONFIG",
        help="generate a random tournament (CONFIG: TOML file; random settings if omitted)",
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
    input_name: str | None = args.input
    output_name: str | None = args.output
    config_name: str | None = args.generate_config
    try:
        if config_name is not None:
            if input_name is not None or output_name is None:
                usage_error("-g takes no INPUT and needs -o OUTPUT")
            if args.regulations is not None or args.section is not None:
                usage_error("--regulations and --section go with -p and -c")
            seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
            overrides = {
                name.removeprefix("set_"): value
                for name, value in vars(args).items()
                if name.startswith("set_") and value is not None
            }
            generate_file(
                Path(config_name) if config_name else None, Path(output_name), seed, overrides
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
        rules = None if args.regulations is None else SectionPairing.read(args)
        if args.check:
            return check_file(Path(input_name), sys.stdout, rules)
        pair_output: str = args.pair_output
        pair_file(Path(input_name), None if pair_output == "-" else Path(pair_output), rules)
        return EXIT_OK
    except EngineFailure as failure:
        sys.stderr.write(f"{PROGRAM}: {failure.message}\n")
        return failure.status
    except KeyboardInterrupt:
        raise
    except Exception as error:  # the contract's "unexpected error": one line, no traceback
        sys.stderr.write(f"{PROGRAM}: unexpected error: {type(error).__name__}: {error}\n")
        return EXIT_UNEXPECTED_ERROR


class SectionPairing:
    """``--regulations FILE [--section KEY]``: the section whose pairing rules apply."""

    def __init__(self, source: Path, section: SectionRules) -> None:
        self.source = source
        self.section = section

    @classmethod
    def read(cls, args: argparse.Namespace) -> SectionPairing:
        """The section the command line names; an unreadable file or an unknown key is one
        line naming it (exit 5 no such file, 3 otherwise, as ``crosstable standings``)."""
        from crosstable.cli.regulations import SectionNotRead, read_section

        source = Path(args.regulations)
        try:
            section = read_section(source, args.section)
        except SectionNotRead as error:
            raise EngineFailure(error.status, error.message) from None
        code = section.pairing.system.strip().upper()
        # --dutch promises the Dutch system: a section paired otherwise is refused, not paired
        # by another engine behind the option's back.
        if not code.startswith("FIDE_DUTCH"):
            raise EngineFailure(
                EXIT_INVALID_INPUT,
                f"{source}: section {section.key} is paired with {section.pairing.system}, "
                "not the FIDE (Dutch) system of --dutch",
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
    input_path: Path, output_path: Path | None, rules: SectionPairing | None = None
) -> None:
    """Pair the round after the last one recorded in ``input_path`` and write the
    reference engines' output (number of pairs, then ``WHITE BLACK`` lines); under a
    section's pairing rules when ``rules`` is given."""
    from crosstable.pairing.acceleration import AccelerationError
    from crosstable.pairing.base import PairingError

    tournament = read_tournament(input_path)
    if tournament.total_rounds is None:
        # JaVaFo and bbpPairings refuse too: whether the round is the last one changes it.
        raise EngineFailure(
            EXIT_INVALID_INPUT,
            f"{input_path}: the file does not give the number of rounds (142 or XXR), which "
            "the pairing of the next round needs (final-round rules)",
        )
    if rules is None:
        pair_round = dutch_pair_function()
    else:
        pair_round = rules.pair_function()
        rules.withdraw_after_forfeits(tournament, sys.stderr)
    try:
        pairing = guarded(lambda: pair_round(tournament, None))
    except PairingError as error:
        raise EngineFailure(
            EXIT_NO_VALID_PAIRING, f"{input_path}: no valid pairing: {error}"
        ) from None
    except AccelerationError as error:  # 192 *_BAKU on a file that cannot take it
        raise EngineFailure(EXIT_INVALID_INPUT, f"{input_path}: {error}") from None
    text = "\n".join(pairing.as_engine_lines()) + "\n"
    if output_path is None:
        sys.stdout.write(text)
    else:
        write_text(output_path, text)


def check_file(input_path: Path, out: TextIO, rules: SectionPairing | None = None) -> int:
    """Re-pair every round of ``input_path``; print each round that differs from the file.
    Returns EXIT_OK when all rounds are reproduced, EXIT_NO_VALID_PAIRING otherwise. Under a
    section's pairing rules when ``rules`` is given: a player its forfeit rule withdraws is
    not re-paired after that round."""
    from crosstable.pairing.acceleration import AccelerationError
    from crosstable.pairing.checker import as_complete, check_tournament, rounds_to_check

    recorded = read_tournament(input_path)
    tournament = as_complete(recorded)
    if rules is None:
        pair_round = dutch_pair_function()
    else:
        pair_round = rules.pair_function()
        rules.withdraw_after_forfeits(tournament, sys.stderr)
    try:
        differences = guarded(lambda: list(check_tournament(tournament, pair_round)))
    except AccelerationError as error:
        raise EngineFailure(EXIT_INVALID_INPUT, f"{input_path}: {error}") from None
    rounds = rounds_to_check(tournament)
    if recorded.total_rounds is None:
        out.write(
            f"note: {input_path} gives no number of rounds (142 / XXR): round {rounds} is "
            "taken as the final round, as the reference engines do\n"
        )
    if tournament.rounds_recorded > rounds:
        out.write(
            f"note: the rounds after round {rounds} hold only byes entered in advance: "
            "not checked\n"
        )
    for difference in differences:
        out.write(f"{difference.describe()}\n")
    if differences:
        out.write(f"{input_path}: {len(differences)} of {rounds} rounds differ\n")
        return EXIT_NO_VALID_PAIRING
    out.write(f"{input_path}: all {rounds} rounds reproduced\n")
    return EXIT_OK


def generate_file(
    config_path: Path | None,
    output_path: Path,
    seed: int,
    overrides: dict[str, object] | None = None,
) -> None:
    """Generate a random tournament paired by the Dutch engine and save it as TRF-2026.
    ``overrides``: CONFIG keys set on the command line (they win over the file's)."""
    from crosstable.generate import (
        GeneratorConfigError,
        GeneratorError,
        generate_tournament,
        load_generator_config,
        random_config,
        with_overrides,
    )
    from crosstable.pairing.base import PairingError

    try:
        if config_path:
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
    if config.players > TRF_MAX_PLAYERS:
        raise EngineFailure(
            EXIT_SIZE_LIMIT,
            f"{config_path}: players: {config.players} exceeds the {TRF_MAX_PLAYERS} "
            "players a TRF file can hold",
        )
    pair_round = dutch_pair_function()
    from crosstable.formats.trf import write_trf

    # Open OUTPUT first: an unwritable path fails at once, not after pairing every round.
    try:
        handle = output_path.open("w", encoding="utf-8", newline="\n")
    except OSError as error:
        raise EngineFailure(EXIT_FILE_ACCESS, _file_error(output_path, error)) from None
    with handle:
        try:
            tournament = guarded(
                lambda: generate_tournament(config, seed, pair_round, system_code=DUTCH_SYSTEM_CODE)
            )
            tournament.extra_records.append(
                f"### generated by crosstable engine -g, seed {seed}"
                + (f", configuration {config_path.name}" if config_path else "")
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


def dutch_pair_function() -> EnginePairFunction:
    """The FIDE Dutch engine, as the pairing-system registry names it."""
    from crosstable.pairing.registry import pair_function

    return pair_function(DUTCH_SYSTEM_CODE)


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
