"""Reading TRF16 / TRF-2026 text (with JaVaFo XX* and bbpPairings BB* lines) into a Tournament.

Every problem in the text raises :class:`TrfError` naming the line and column; the reader
never lets a Python exception about the input escape. Lines it does not interpret are kept
verbatim in ``Tournament.extra_records``. See docs/formats/trf.md for the readings of
ambiguous points.
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import re
from collections.abc import Callable
from fractions import Fraction

from crosstable.formats.trf import records
from crosstable.formats.trf.cells import CellProblem, parse_cell
from crosstable.formats.trf.dates import read_event_dates
from crosstable.formats.trf.errors import TrfError, TrfProblem
from crosstable.formats.trf.lines import LineReader, is_number
from crosstable.formats.trf.scoring import (
    BB_CODES,
    XXS_CODES,
    PointValues,
    apply_162,
    apply_bb,
    apply_xxs,
)
from crosstable.formats.trf.team_records import (
    TEAM_EVENT_CODES,
    TeamRecordsReader,
    read_team_013,
    read_team_310,
)
from crosstable.formats.trf.validation import ERROR, WARNING, Locations, check_tournament
from crosstable.model import (
    Acceleration,
    Colour,
    Player,
    ProhibitedPairing,
    ResultCode,
    RoundEntry,
    Team,
    Tournament,
)

_SYSTEM_CODE = re.compile(r"(FIDE|CUSTOM|BERGER)_[A-Z0-9_]+")
_DATE = re.compile(r"([0-9]{4})/([0-9]{2})/([0-9]{2})")


def read_trf(text: str, source: str = "<string>") -> Tournament:
    """Read TRF text. Raises :class:`TrfError` (a ValueError) naming the place of a problem."""
    tournament, _problems = read_trf_checked(text, source)
    return tournament


def read_trf_checked(text: str, source: str = "<string>") -> tuple[Tournament, list[TrfProblem]]:
    """Read TRF text and also return the warnings (points that do not add up, …)."""
    _refuse_non_trf_text(text, source)
    reader = _Reader(text, source)
    tournament = reader.read()
    if not reader.records_read:
        first = next((line for line in reader.lines if line.strip()), "")
        raise TrfError(
            "this is not a TRF file: no line starts with a TRF record code such as 012 "
            "(tournament name) or 001 (a player)",
            source=source,
            line=reader.lines.index(first) + 1 if first else None,
            column=1 if first else None,
            text=first,
            expected="TRF records: '012 name', '001 ...' player lines",
        )
    problems = check_tournament(tournament, reader.locations)
    problems.extend(_read_dates(tournament, reader))
    for problem in problems:
        if problem.severity == ERROR:
            raise TrfError(
                problem.message,
                source=source,
                line=problem.line,
                column=problem.column,
                text=reader.line_text(problem.line),
            )
    return tournament, problems


def _read_dates(tournament: Tournament, reader: _Reader) -> list[TrfProblem]:
    """Set ``tournament.start_day`` from record 042 (formats/trf/dates.py) and return what
    the reading must say: a date that could not be read, an order not decidable."""
    dates = read_event_dates(tournament.start_date, tournament.end_date, tournament.round_dates)
    tournament.start_day = dates.start
    tournament.end_day = dates.end
    line = next(
        (number for number, text in enumerate(reader.lines, start=1) if text.startswith("042")),
        None,
    )
    return [TrfProblem(WARNING, note, reader.source, line) for note in dates.notes]


def read_trf_bytes(data: bytes, source: str = "<bytes>") -> tuple[Tournament, list[TrfProblem]]:
    """Read the bytes of a TRF file (UTF-8, else Latin-1) and return the warnings too.

    Whatever the bytes (an image, a spreadsheet, UTF-16 text, random data), the only
    exception is :class:`TrfError` naming the place: the entry point of the fuzz tests.
    """
    return read_trf_checked(decode_trf(data), source)


def load_trf(path: str | os.PathLike[str]) -> Tournament:
    """Read a TRF file (UTF-8; files that are not valid UTF-8 are read as Latin-1)."""
    tournament, _problems = load_trf_checked(path)
    return tournament


def load_trf_checked(path: str | os.PathLike[str]) -> tuple[Tournament, list[TrfProblem]]:
    return read_trf_bytes(_read_bytes(path), os.fspath(path))


def _read_bytes(path: str | os.PathLike[str]) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as error:
        raise TrfError(f"cannot read the file: {error.strerror}", source=os.fspath(path)) from None


def decode_trf(data: bytes) -> str:
    """TRF has no declared encoding: UTF-8 (with or without BOM) first, else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


_UTF16_MARKS = ("\xff\xfe", "\xfe\xff")
"""A UTF-16 byte order mark as decode_trf's Latin-1 fallback shows it."""


def _refuse_non_trf_text(text: str, source: str) -> None:
    """Empty files, binary data and UTF-16 text are not TRF: say so rather than read 0
    players (FIDE's TRF is plain text; JaVaFo and bbpPairings read UTF-8 or ASCII)."""
    if not text.strip("\ufeff \t\r\n"):
        raise TrfError(
            "the file is empty: a TRF file has a 012 line and one 001 line per player",
            source=source,
        )
    if text.startswith(_UTF16_MARKS):
        raise TrfError(
            "the file is UTF-16 text; TRF files are UTF-8 (or Latin-1): save it again as UTF-8",
            source=source,
            line=1,
            column=1,
        )
    if "\x00" in text:
        raise TrfError(
            "this is not a TRF file: it holds binary data (NUL bytes), not lines of text",
            source=source,
        )


class _Reader(LineReader):
    def __init__(self, text: str, source: str) -> None:
        super().__init__(text, source)
        self.tournament = Tournament()
        self.locations = Locations(source=source)
        self.points = PointValues()
        self.xxz: list[tuple[int, int]] = []  # (line, player) absent from the next round
        self.xxa: dict[int, tuple[int, list[Fraction]]] = {}
        self.teams16: list[tuple[int, Team]] = []
        self.rounds_declared: tuple[int, int] | None = None  # (line, rounds) of 142/XXR
        self.colour_declared: tuple[int, Colour] | None = None
        self.tiebreaks_declared: tuple[int, list[str]] | None = None
        # crosstable's XCF / XCP lines, applied once every 001 record is read
        self.fouls: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self.player_fields: dict[tuple[int, str], tuple[int, int, str]] = {}
        self.house: dict[int, tuple[int, int]] = {}  # XCH: player -> (line, column)
        self.records_read = 0
        """Lines that were TRF records the reader knows (not kept verbatim as unknown)."""
        self.handlers: dict[str, Callable[[], None]] = {
            records.PLAYER_CODE: self.read_player,
            "112": self.read_deputy_arbiter,
            "132": self.read_round_dates,
            "142": self.read_rounds,
            "XXR": self.read_rounds,
            "152": self.read_initial_colour_152,
            "XXC": self.read_xxc,
            "162": self.read_162,
            "XXS": self.read_xxs,
            "202": self.read_tiebreaks,
            "212": self.read_standings_definition,
            records.BYES_CODE: self.read_byes,
            "XXZ": self.read_xxz,
            records.ACCELERATION_CODE: self.read_acceleration,
            "XXA": self.read_xxa,
            records.PROHIBITED_CODE: self.read_prohibited,
            "XXP": self.read_xxp,
            records.TEAM16_CODE: self.read_team16,
            records.TEAM_CODE: self.read_team,
            records.FOULS_CODE: self.read_fouls,
            records.PLAYER_EXTRA_CODE: self.read_player_field,
            records.HOUSE_CODE: self.read_house,
        }
        for code in BB_CODES:
            self.handlers[code] = self.read_bb
        self.team_records = TeamRecordsReader()
        for code in TEAM_EVENT_CODES:
            self.handlers[code] = self.read_team_event_record

    # --- driving --------------------------------------------------------------------------

    def read(self) -> Tournament:
        for line_number, raw in enumerate(self.lines, start=1):
            self.line_number = line_number
            self.line = raw.rstrip()
            if not self.line:
                continue
            code = self.line[:3]
            handler = self.handlers.get(code)
            if handler is not None:
                handler()
            elif code in records.HEADER_TEXT_CODES:
                self.read_header_text(code)
            elif code in records.DERIVED_COUNT_CODES:
                pass  # recomputed when writing
            else:
                self.tournament.extra_records.append(self.line)  # trailing blanks dropped
                continue
            self.records_read += 1
        self.finish()
        return self.tournament

    def finish(self) -> None:
        tournament = self.tournament
        if self.team_records.seen:
            tournament.team_records = self.team_records.records()
        if not tournament.system_code and _SYSTEM_CODE.fullmatch(tournament.tournament_type):
            tournament.system_code = tournament.tournament_type
        self.apply_extensions()
        rounds = tournament.rounds_recorded
        for player in tournament.players.values():
            while len(player.rounds) < rounds:
                player.rounds.append(RoundEntry.absent(ResultCode.UNPLAYED))
        next_round = tournament.rounds_paired + 1
        for line_number, number in self.xxz:
            tournament.absences.setdefault(next_round, {})[number] = ResultCode.ZERO_POINT_BYE
            self.locations.absences.setdefault((next_round, number), line_number)
        for number, (line_number, per_round) in sorted(self.xxa.items()):
            if number not in tournament.players:
                self.fail(
                    f"XXA line for player {number}, who has no 001 record",
                    column=records.XXA_PLAYER.first,
                    line_number=line_number,
                )
            tournament.accelerations.extend(_accelerations_of(number, per_round))
        if not tournament.teams:
            # 310 says all 013 says and more: when both are present, 013 is the TRF16 copy
            for line_number, team in self.teams16:
                self.add_team(team, line_number)
        self.tournament.scoring = self.points.to_scoring()

    # --- header records -------------------------------------------------------------------

    def read_header_text(self, code: str) -> None:
        setattr(self.tournament, records.HEADER_TEXT_CODES[code], self.value())

    def read_deputy_arbiter(self) -> None:
        self.tournament.deputy_arbiters.append(self.value())

    def read_round_dates(self) -> None:
        dates = []
        round_number = 1
        while records.round_date(round_number).first <= len(self.line):
            dates.append(records.round_date(round_number).cut(self.line).strip())
            round_number += 1
        self.tournament.round_dates = dates

    def read_rounds(self) -> None:
        tokens = self.tokens(4)
        if len(tokens) != 1:
            self.fail(
                f"{self.line[:3]} needs one number of rounds",
                column=5,
                expected="the total number of rounds",
            )
        column, token = tokens[0]
        rounds = self.token_integer(token, "number of rounds", column)
        if self.rounds_declared is not None and self.rounds_declared[1] != rounds:
            earlier_line, earlier = self.rounds_declared
            self.fail(
                f"{rounds} rounds contradicts line {earlier_line}, which says {earlier}",
                column=column,
                expected=str(earlier),
            )
        self.rounds_declared = (self.line_number, rounds)
        self.tournament.total_rounds = rounds

    def set_initial_colour(self, colour: Colour, column: int) -> None:
        if self.colour_declared is not None and self.colour_declared[1] is not colour:
            self.fail(
                f"initial colour contradicts line {self.colour_declared[0]}",
                column=column,
                expected=self.colour_declared[1].name.lower(),
            )
        self.colour_declared = (self.line_number, colour)
        self.tournament.initial_colour = colour

    def read_initial_colour_152(self) -> None:
        text = self.value().upper()
        if text not in ("W", "B"):
            self.fail(f"initial colour '{self.value()}' is not W or B", column=5, expected="W or B")
        self.set_initial_colour(Colour.WHITE if text == "W" else Colour.BLACK, 5)

    def read_xxc(self) -> None:
        keep = False
        for column, token in self.tokens(4):
            lowered = token.lower()
            if lowered == "white1":
                self.set_initial_colour(Colour.WHITE, column)
            elif lowered == "black1":
                self.set_initial_colour(Colour.BLACK, column)
            elif lowered == "rank":
                keep = True
            else:
                self.fail(
                    f"XXC option '{token}' is not one of rank, white1, black1",
                    column=column,
                    expected="rank, white1 or black1",
                )
        if keep:
            self.tournament.extra_records.append("XXC rank")

    def read_tiebreaks(self) -> None:
        self.set_tiebreaks([item.strip() for item in self.value().split(",") if item.strip()])

    def read_standings_definition(self) -> None:
        items = [item.strip() for item in self.value().split(",") if item.strip()]
        if not items or items[0].upper() != "PTS":
            # a standings definition on another primary score (MP, GP): kept as it is
            self.tournament.extra_records.append(self.line)
            return
        self.set_tiebreaks(items[1:])

    def set_tiebreaks(self, items: list[str]) -> None:
        if self.tiebreaks_declared is not None and self.tiebreaks_declared[1] != items:
            self.fail(
                f"tie-breaks contradict line {self.tiebreaks_declared[0]}",
                column=5,
                expected=",".join(self.tiebreaks_declared[1]),
            )
        self.tiebreaks_declared = (self.line_number, items)
        self.tournament.tiebreaks = items

    # --- point systems ----------------------------------------------------------------------

    def read_162(self) -> None:
        column = records.SCORING_FIRST_SYMBOL
        if len(self.line) < column:
            self.fail("162 has no points", column=column, expected="a symbol and points")
        while column <= len(self.line):
            symbol = self.line[column - 1].upper()
            value_text = self.line[column : column + 4]
            if symbol not in records.SCORING_SYMBOLS:
                self.fail(
                    f"162 symbol '{self.line[column - 1]}' is not one of "
                    f"{' '.join(records.SCORING_SYMBOLS)}",
                    column=column,
                    expected=" ".join(records.SCORING_SYMBOLS),
                )
            value = self.points_value(value_text, f"162 points for {symbol}", column + 1)
            apply_162(self.points, symbol, value)
            gap = self.line[column + 4 : column + records.SCORING_STEP - 1]
            if gap.strip():
                self.fail(
                    f"162 fields must be {records.SCORING_STEP} columns apart; found "
                    f"'{gap.strip()}' at the wrong place",
                    column=column + 5,
                    expected="blank columns",
                )
            column += records.SCORING_STEP

    def read_bb(self) -> None:
        tokens = self.tokens(4)
        if len(tokens) != 1:
            self.fail(
                f"{self.line[:3]} needs one points value", column=5, expected="points like 1.0"
            )
        column, token = tokens[0]
        apply_bb(self.points, self.line[:3], self.points_value(token, self.line[:3], column))

    def read_xxs(self) -> None:
        by_colour: dict[str, Fraction] = {}
        for column, token in self.tokens(4):
            code, equals, value = token.partition("=")
            code = code.upper()
            if not equals or code not in XXS_CODES:
                self.fail(
                    f"XXS item '{token}' is not CODE=VALUE with CODE one of {' '.join(XXS_CODES)}",
                    column=column,
                    expected="CODE=VALUE, e.g. W=3.0",
                )
            points = self.points_value(value, f"XXS {code}", column + len(code) + 1)
            apply_xxs(self.points, code, points, by_colour)
        # the model has one value for a win and one for a loss, whatever the colour
        for white, black, name in (("WW", "BW", "win"), ("WL", "BL", "loss")):
            if white in by_colour or black in by_colour:
                value_white = by_colour.get(white, getattr(self.points, name))
                value_black = by_colour.get(black, getattr(self.points, name))
                if value_white != value_black:
                    self.fail(
                        f"XXS gives a {name} different points with White ({value_white}) and "
                        f"Black ({value_black}); only draws may depend on the colour",
                        column=5,
                        expected=f"the same points for a {name} with either colour",
                    )
                setattr(self.points, name, value_white)

    # --- players --------------------------------------------------------------------------

    def read_player(self) -> None:
        line = self.line
        number = self.integer(records.PAIRING_NUMBER, "pairing number")
        if number in self.tournament.players:
            self.fail(
                f"pairing number {number} is used twice (first on line "
                f"{self.locations.players[number]})",
                records.PAIRING_NUMBER,
                expected="a pairing number not used before",
            )
        rating_text = records.RATING.cut(line).strip()
        rating = self.integer(records.RATING, "rating", minimum=0) if rating_text else 0
        points_text = records.POINTS_WIDE.cut(line)
        declared = None
        if points_text.strip():
            declared = self.points_value(
                points_text,
                "points",
                records.POINTS_WIDE.first + len(points_text) - len(points_text.lstrip()),
            )
        rank_text = records.RANK.cut(line).strip()
        rank = self.integer(records.RANK, "rank", minimum=0) if rank_text else None
        if rank == 0:
            rank = None  # "0": not ranked yet (other programs write it; bbpPairings ignores it)
        between = line[records.RANK.last : records.ROUND_FIRST_COLUMN - 1]
        if between.strip():
            self.fail(
                f"unexpected '{between.strip()}' between the rank and round 1",
                column=records.RANK.last + 1 + len(between) - len(between.lstrip()),
                expected=f"round 1 to start at column {records.ROUND_FIRST_COLUMN}",
            )
        player = Player(
            pairing_number=number,
            name=records.NAME.cut(line).strip(),
            sex=records.SEX.cut(line).strip(),
            title=records.TITLE.cut(line).strip(),
            rating=rating,
            federation=records.FEDERATION.cut(line).strip(),
            fide_id=records.FIDE_ID.cut(line).strip(),
            birth_date=_birth_date(records.BIRTH_DATE.cut(line).strip()),
            declared_points=declared,
            rank=rank,
            rounds=self.read_rounds_of(number),
        )
        self.tournament.players[number] = player
        self.locations.players[number] = self.line_number

    def read_rounds_of(self, number: int) -> list[RoundEntry]:
        entries: list[RoundEntry] = []
        line = self.line
        last_filled = 0
        round_number = 1
        start = records.ROUND_FIRST_COLUMN - 1
        while start < len(line):
            text = line[start : start + records.ROUND_STEP]
            parsed = parse_cell(text)
            if isinstance(parsed, CellProblem):
                places = {
                    "round": round_number,
                    "next": round_number + 1,
                    "column": start + 1 + parsed.offset,
                }
                self.fail(
                    parsed.problem.format(**places),
                    column=start + 1 + parsed.offset,
                    expected=parsed.expected.format(**places),
                )
            if parsed.opponent == number:
                self.fail(
                    f"player {number} is paired against themselves in round {round_number}",
                    records.round_opponent(round_number),
                )
            entries.append(parsed)
            if parsed.result is not ResultCode.UNPLAYED:
                last_filled = round_number
            round_number += 1
            start += records.ROUND_STEP
        return entries[:last_filled]

    # --- absences, accelerations, prohibited pairings ---------------------------------------

    def read_byes(self) -> None:
        bye_type = records.BYE_TYPE.cut(self.line).upper()
        if bye_type not in records.BYE_TYPES:
            self.fail(
                f"240 bye type '{records.BYE_TYPE.cut(self.line)}' is not one of F H Z",
                records.BYE_TYPE,
                expected="F, H or Z",
            )
        round_number = self.integer(records.BYE_ROUND, "240 round", maximum=999)
        numbers = self.id_list(records.BYE_PLAYERS_FIRST, "240 player")
        result = records.RESULT_BY_CHARACTER[bye_type]
        absent = self.tournament.absences.setdefault(round_number, {})
        for number in numbers:
            absent[number] = result
            self.locations.absences.setdefault((round_number, number), self.line_number)

    def read_xxz(self) -> None:
        for column, token in self.tokens(4):
            self.xxz.append((self.line_number, self.token_integer(token, "XXZ player", column)))

    def read_acceleration(self) -> None:
        match_text = records.ACCELERATION_MATCH_POINTS.cut(self.line)
        match_points = Fraction(0)
        if match_text.strip():
            match_points = self.points_value(
                match_text, "250 match points", records.ACCELERATION_MATCH_POINTS.first
            )
        points = self.points_value(
            records.ACCELERATION_POINTS.cut(self.line),
            "250 points",
            records.ACCELERATION_POINTS.first,
        )
        first_round = self.integer(records.ACCELERATION_FIRST_ROUND, "250 first round", maximum=999)
        last_round = self.integer(records.ACCELERATION_LAST_ROUND, "250 last round", maximum=999)
        first_player = self.integer(records.ACCELERATION_FIRST_PLAYER, "250 first player")
        last_player = self.integer(records.ACCELERATION_LAST_PLAYER, "250 last player")
        if last_round < first_round:
            self.fail(
                f"250 last round {last_round} is before first round {first_round}",
                records.ACCELERATION_LAST_ROUND,
                expected=f"at least {first_round}",
            )
        if last_player < first_player:
            self.fail(
                f"250 last player {last_player} is before first player {first_player}",
                records.ACCELERATION_LAST_PLAYER,
                expected=f"at least {first_player}",
            )
        rest = self.line[records.ACCELERATION_LAST_PLAYER.last :]
        if rest.strip():
            self.fail(
                f"unexpected '{rest.strip()}' after the 250 record",
                column=records.ACCELERATION_LAST_PLAYER.last + 1,
                expected="nothing",
            )
        self.tournament.accelerations.append(
            Acceleration(points, first_round, last_round, first_player, last_player, match_points)
        )

    def read_xxa(self) -> None:
        number = self.integer(records.XXA_PLAYER, "XXA player")
        if number in self.xxa:
            self.fail(
                f"second XXA line for player {number} (first on line {self.xxa[number][0]})",
                records.XXA_PLAYER,
            )
        per_round: list[Fraction] = []
        column = records.XXA_FIRST_ROUND_COLUMN
        while column <= len(self.line):
            text = self.line[column - 1 : column - 1 + records.XXA_WIDTH]
            round_number = len(per_round) + 1
            per_round.append(
                self.points_value(text, f"XXA round {round_number} points", column)
                if text.strip()
                else Fraction(0)
            )
            column += records.XXA_STEP
        self.xxa[number] = (self.line_number, per_round)

    def read_prohibited(self) -> None:
        first_round = self.integer(records.PROHIBITED_FIRST_ROUND, "260 first round", maximum=999)
        last_round = self.integer(records.PROHIBITED_LAST_ROUND, "260 last round", maximum=999)
        numbers = self.id_list(records.PROHIBITED_PLAYERS_FIRST, "260 player")
        if len(numbers) < 2:
            self.fail(
                "260 needs at least two players",
                column=records.PROHIBITED_PLAYERS_FIRST,
                expected="two or more player numbers",
            )
        index = len(self.tournament.prohibited_pairings)
        self.locations.prohibited_pairings[index] = self.line_number
        self.tournament.prohibited_pairings.append(
            ProhibitedPairing(first_round, last_round, tuple(numbers))
        )

    def read_xxp(self) -> None:
        numbers = tuple(
            self.token_integer(token, "XXP player", column) for column, token in self.tokens(4)
        )
        if len(numbers) < 2:
            self.fail(
                "XXP needs at least two players", column=5, expected="two or more player numbers"
            )
        index = len(self.tournament.prohibited_pairings)
        self.locations.prohibited_pairings[index] = self.line_number
        self.tournament.prohibited_pairings.append(
            ProhibitedPairing(1, records.ALL_ROUNDS_LAST, numbers)
        )

    # --- crosstable extension records XCF, XCP and XCH ---------------------------------------

    def extension_tokens(
        self, what: str, minimum: int, expected: str, *, last: str | None = None
    ) -> list[tuple[int, str]]:
        """The tokens after an XCF / XCP / XCH code, which must be followed by a blank; with
        ``last`` (the name of the last item) no more than ``minimum`` tokens."""
        if len(self.line) > 3 and self.line[3] != " ":
            self.fail(f"{self.line[:3]} must be followed by a blank", column=4, expected=expected)
        tokens = self.tokens(5)
        if len(tokens) < minimum:
            self.fail(
                f"{self.line[:3]} needs {what}",
                column=len(self.line) + 1 if tokens else 5,
                expected=expected,
            )
        if last is not None and len(tokens) > minimum:
            column, extra = tokens[minimum]
            self.fail(f"unexpected '{extra}' after the {last}", column=column, expected=expected)
        return tokens

    def extension_integer(self, token: str, what: str, column: int, *, minimum: int = 1) -> int:
        if (
            not is_number(token)
            or len(token) > records.EXTENSION_NUMBER_DIGITS
            or int(token) < minimum
        ):
            largest = "9" * records.EXTENSION_NUMBER_DIGITS
            self.fail(
                f"{what} '{token}' is not a number from {minimum} to {largest}",
                column=column,
                expected=f"a number from {minimum} to {largest}",
            )
        return int(token)

    def read_fouls(self) -> None:
        expected = "XCF <round> <pairing number> <fouls>"
        tokens = self.extension_tokens(
            "a round, a pairing number and fouls", 3, expected, last="number of fouls"
        )
        (round_column, round_text), (player_column, player_text), (fouls_column, fouls_text) = (
            tokens
        )
        round_number = self.extension_integer(round_text, "XCF round", round_column)
        number = self.extension_integer(player_text, "XCF pairing number", player_column)
        fouls = self.extension_integer(fouls_text, "XCF fouls", fouls_column)
        earlier = self.fouls.get((round_number, number))
        if earlier is not None:
            self.fail(
                f"second XCF line for player {number} in round {round_number} (first on line "
                f"{earlier[0]})",
                column=round_column,
                expected="one XCF line per player and round",
            )
        self.fouls[round_number, number] = (self.line_number, round_column, player_column, fouls)

    def read_player_field(self) -> None:
        names = " ".join(records.PLAYER_EXTRA_FIELDS)
        expected = f"XCP <pairing number> <field>=<value>, field one of {names}"
        tokens = self.extension_tokens("a pairing number and field=value", 2, expected)
        (player_column, player_text), (field_column, field_text) = tokens[:2]
        number = self.extension_integer(player_text, "XCP pairing number", player_column)
        name, equals, _ = field_text.partition("=")
        if not equals or name not in records.PLAYER_EXTRA_FIELDS:
            self.fail(
                f"XCP item '{field_text}' is not FIELD=VALUE with FIELD one of {names}",
                column=field_column,
                expected=expected,
            )
        earlier = self.player_fields.get((number, name))
        if earlier is not None:
            self.fail(
                f"second XCP {name} line for player {number} (first on line {earlier[0]})",
                column=field_column,
                expected=f"one XCP {name} line per player",
            )
        value = self.line[field_column + len(name) :].strip()
        self.player_fields[number, name] = (self.line_number, player_column, value)

    def read_house(self) -> None:
        expected = "XCH <pairing number>"
        tokens = self.extension_tokens("a pairing number", 1, expected, last="pairing number")
        column, text = tokens[0]
        number = self.extension_integer(text, "XCH pairing number", column)
        earlier = self.house.get(number)
        if earlier is not None:
            self.fail(
                f"second XCH line for player {number} (first on line {earlier[0]})",
                column=column,
                expected="one XCH line per house player",
            )
        self.house[number] = (self.line_number, column)

    def apply_extensions(self) -> None:
        """XCF / XCP / XCH into the players (after the 001 records, wherever the lines were)."""
        players = self.tournament.players
        for number, (line_number, column) in self.house.items():
            if number not in players:
                self.fail(
                    f"XCH line for player {number}, who has no 001 record",
                    column=column,
                    line_number=line_number,
                    expected="the pairing number of a 001 record",
                )
            players[number].house = True
        # fouls on a blank round after the last written cell (the writer drops blank cells)
        # still belong to a round of the tournament
        rounds = max(self.tournament.rounds_recorded, self.tournament.total_rounds or 0)
        for (number, name), (line_number, column, value) in self.player_fields.items():
            if number not in players:
                self.fail(
                    f"XCP line for player {number}, who has no 001 record",
                    column=column,
                    line_number=line_number,
                    expected="the pairing number of a 001 record",
                )
            setattr(players[number], records.PLAYER_EXTRA_FIELDS[name], value)
        for (round_number, number), place in self.fouls.items():
            line_number, round_column, player_column, fouls = place
            if number not in players:
                self.fail(
                    f"XCF line for player {number}, who has no 001 record",
                    column=player_column,
                    line_number=line_number,
                    expected="the pairing number of a 001 record",
                )
            if round_number > rounds:
                self.fail(
                    f"XCF line for round {round_number}, but the tournament has {rounds} round(s)",
                    column=round_column,
                    line_number=line_number,
                    expected=f"a round from 1 to {rounds}" if rounds else "no XCF line",
                )
            entry = players[number].entry(round_number) or RoundEntry.absent(ResultCode.UNPLAYED)
            players[number].set_entry(round_number, dataclasses.replace(entry, fouls=fouls))

    # --- teams ----------------------------------------------------------------------------

    def read_team16(self) -> None:
        # 013 has no team number: teams are numbered in file order
        self.teams16.append((self.line_number, read_team_013(self, len(self.teams16) + 1)))

    def read_team_event_record(self) -> None:
        """352/362/320/330/300/299: typed into ``Tournament.team_records`` (a 299 form the
        model does not interpret is kept verbatim)."""
        try:
            interpreted = self.team_records.add(self.line)
        except ValueError as error:
            self.fail(str(error), column=1)
        if not interpreted:
            self.tournament.extra_records.append(self.line)

    def read_team(self) -> None:
        team = read_team_310(self)
        if any(existing.number == team.number for existing in self.tournament.teams):
            self.fail(f"team number {team.number} is used twice", records.TEAM_NUMBER)
        self.add_team(team, self.line_number)

    def add_team(self, team: Team, line_number: int) -> None:
        self.locations.teams[len(self.tournament.teams)] = line_number
        self.tournament.teams.append(team)


def _birth_date(text: str) -> datetime.date | str | None:
    if not text:
        return None
    match = _DATE.fullmatch(text)
    if match:
        try:
            return datetime.date(*(int(part) for part in match.groups()))
        except ValueError:
            pass  # e.g. 1990/00/00, used for "year only": kept as text
    return text


def _accelerations_of(number: int, per_round: list[Fraction]) -> list[Acceleration]:
    """XXA's per-round values as ranges of rounds with equal non-zero points."""
    result: list[Acceleration] = []
    for round_number, points in enumerate(per_round, start=1):
        if not points:
            continue
        previous = result[-1] if result else None
        if previous and previous.points == points and previous.last_round == round_number - 1:
            result[-1] = Acceleration(points, previous.first_round, round_number, number, number)
        else:
            result.append(Acceleration(points, round_number, round_number, number, number))
    return result
