"""Writing a Tournament as TRF text, in the TRF-2026 dialect or the TRF16 + JaVaFo/bbp one.

``write_trf(t, "2026")`` writes the TRF-2026 records (142, 152, 162, 240, 250, 260, 310);
``write_trf(t, "16")`` writes their TRF16-era equivalents (XXR, XXC, BB* and XXS, XXZ, XXA,
XXP, 013). Records both dialects understand the same way (header, 001, 192, 202, 222) are
written in both, and so are crosstable's own XCP (club, national grade), XCH (house player)
and XCF (fouls) lines, which other programs skip. Reading the output gives back an equal
Tournament (see docs/formats/trf.md for the few things that are normalised).
"""

from __future__ import annotations

import datetime
import os
from collections import defaultdict
from fractions import Fraction

from crosstable.formats.trf import records
from crosstable.formats.trf.cells import format_cell
from crosstable.formats.trf.records import Field
from crosstable.formats.trf.scoring import (
    bb_items,
    format_points,
    record_162_items,
    xxs_items,
)
from crosstable.formats.trf.team_records import (
    fits_013,
    team_013_line,
    team_310_line,
    team_record_lines,
)
from crosstable.model import (
    Acceleration,
    Colour,
    Player,
    ProhibitedPairing,
    ResultCode,
    Team,
    Tournament,
)

DIALECTS = ("2026", "16", "engines")
"""``"2026"``: TRF-2026; ``"16"``: TRF16 with the JaVaFo / bbpPairings lines; ``"engines"``:
TRF-2026 records with the system line of record 192 spelt as the reference pairing engines
read it (bbpPairings refuses ``FIDE_DUTCH_2026``). ``"16"`` spells it that way too."""

ENGINE_SYSTEM_CODES = {
    "FIDE_DUTCH_2026": "FIDE_DUTCH",
    "FIDE_DUTCH_2026_BAKU": "FIDE_DUTCH_BAKU",
}
"""Record 192 for the reference engines: bbpPairings (v6) reads ``FIDE_DUTCH`` (or its own
``FIDE_DUTCH_2025``) for the 2026 Dutch rules, and gacrux reads ``FIDE_DUTCH`` as Dutch too.
ETT26's ``FIDE_DUTCH`` means the Dutch rules in force when the event starts: 2026 ones."""
_IDS_PER_LINE = 20


def write_trf(tournament: Tournament, dialect: str = "2026") -> str:
    """The TRF text of ``tournament`` (lines end with LF; the text ends with one).

    Raises ValueError for an unknown dialect or a value TRF cannot hold (a pairing number
    above 9999, points without an exact decimal form such as 1/3).
    """
    if dialect not in DIALECTS:
        raise ValueError(f"unknown TRF dialect {dialect!r}; use one of {', '.join(DIALECTS)}")
    lines = _header_lines(tournament, dialect)
    if dialect in ("2026", "engines"):
        lines += _records_2026(tournament)
    else:
        lines += _records_16(tournament)
    if tournament.team_records is not None:
        lines += team_record_lines(tournament.team_records)
    lines += tournament.extra_records
    lines += [_player_line_naming_player(tournament, player) for player in tournament]
    if dialect in ("2026", "engines"):
        lines += [team_310_line(team) for team in sorted(tournament.teams, key=_team_number)]
    else:
        teams = sorted(tournament.teams, key=_team_number)
        lines += [team_013_line(team) for team in teams]
        if any(not fits_013(index, team) for index, team in enumerate(teams, start=1)):
            # 013 holds only names and rosters (numbered in order): 310 keeps the rest
            lines += [team_310_line(team) for team in teams]
    lines += _extension_lines(tournament)
    return "".join(line.rstrip() + "\n" for line in lines)


def save_trf(tournament: Tournament, path: str | os.PathLike[str], dialect: str = "2026") -> None:
    """Write ``tournament`` to ``path`` as UTF-8 TRF text."""
    text = write_trf(tournament, dialect)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def _team_number(team: Team) -> int:
    return team.number


# --- header ---------------------------------------------------------------------------------


def _header_lines(tournament: Tournament, dialect: str) -> list[str]:
    lines = [f"012 {tournament.name}"]
    text_records = [
        ("022", tournament.city),
        ("032", tournament.federation),
        ("042", tournament.start_date),
        ("052", tournament.end_date),
    ]
    lines += [f"{code} {value}" for code, value in text_records if value]
    lines.append(f"062 {len(tournament.players)}")
    lines.append(f"072 {sum(1 for player in tournament if player.rating)}")
    if tournament.teams:
        lines.append(f"082 {len(tournament.teams)}")
    text_records = [
        ("092", tournament.tournament_type),
        ("102", tournament.chief_arbiter),
    ]
    lines += [f"{code} {value}" for code, value in text_records if value]
    lines += [f"112 {deputy}" for deputy in tournament.deputy_arbiters]
    if tournament.time_control:
        lines.append(f"122 {tournament.time_control}")
    if tournament.round_dates:
        buffer = list("132")
        for round_number, date in enumerate(tournament.round_dates, start=1):
            records.round_date(round_number).put(buffer, date)
        lines.append("".join(buffer))
    # 192, 202 and 222 are TRF-2026 records, but TRF16 programs skip unknown lines, so
    # they are written in both dialects rather than lost.
    if tournament.system_code:
        code = tournament.system_code
        if dialect != "2026":
            code = ENGINE_SYSTEM_CODES.get(code, code)
        lines.append(f"192 {code}")
    if tournament.tiebreaks:
        lines.append("202 " + ",".join(tournament.tiebreaks))
    if tournament.encoded_time_control:
        lines.append(f"222 {tournament.encoded_time_control}")
    return lines


# --- TRF-2026 records -----------------------------------------------------------------------


def _records_2026(tournament: Tournament) -> list[str]:
    lines = []
    if tournament.total_rounds is not None:
        lines.append(f"142 {tournament.total_rounds}")
    if tournament.initial_colour is not None:
        lines.append("152 " + ("W" if tournament.initial_colour is Colour.WHITE else "B"))
    if not tournament.scoring.is_standard:
        items = record_162_items(tournament.scoring)
        if items:
            lines.append(_line_162(items))
        if items is None:
            # 162 cannot say it (e.g. a forfeit win worth less than a win, colour draws):
            # the complete JaVaFo XXS statement, which the reader applies after 162.
            lines.append(_line_xxs(tournament))
    lines += _byes_240(tournament.absences)
    lines += [_acceleration_250(acceleration) for acceleration in tournament.accelerations]
    lines += [_prohibited_260(rule) for rule in tournament.prohibited_pairings]
    return lines


def _line_162(items: list[tuple[str, Fraction]]) -> str:
    buffer = list("162")
    for index, (symbol, points) in enumerate(items):
        column = records.SCORING_FIRST_SYMBOL + index * records.SCORING_STEP
        Field(symbol, column, column).put(buffer, symbol)
        Field(symbol, column + 1, column + 4, "right").put(buffer, format_points(points))
    return "".join(buffer)


def _line_xxs(tournament: Tournament) -> str:
    items = xxs_items(tournament.scoring)
    return "XXS " + " ".join(f"{code}={format_points(points)}" for code, points in items)


def _id_fields(buffer: list[str], first_column: int, numbers: list[int] | tuple[int, ...]) -> None:
    for index, number in enumerate(numbers):
        column = first_column + index * records.MEMBER_STEP
        Field("id", column, column + records.MEMBER_WIDTH - 1, "right").put(buffer, str(number))


def _byes_240(absences: dict[int, dict[int, ResultCode]]) -> list[str]:
    lines = []
    for round_number in sorted(absences):
        by_type: dict[str, list[int]] = defaultdict(list)
        for number, result in sorted(absences[round_number].items()):
            by_type[result.value].append(number)
        for bye_type in sorted(by_type):
            numbers = by_type[bye_type]
            for start in range(0, len(numbers), _IDS_PER_LINE):
                buffer = list(records.BYES_CODE)
                records.BYE_TYPE.put(buffer, bye_type)
                records.BYE_ROUND.put(buffer, f"{round_number:03d}")
                _id_fields(
                    buffer, records.BYE_PLAYERS_FIRST, numbers[start : start + _IDS_PER_LINE]
                )
                lines.append("".join(buffer))
    return lines


def _acceleration_250(acceleration: Acceleration) -> str:
    buffer = list(records.ACCELERATION_CODE)
    if acceleration.match_points:
        records.ACCELERATION_MATCH_POINTS.put(buffer, format_points(acceleration.match_points))
    records.ACCELERATION_POINTS.put(buffer, format_points(acceleration.points))
    records.ACCELERATION_FIRST_ROUND.put(buffer, f"{acceleration.first_round:03d}")
    records.ACCELERATION_LAST_ROUND.put(buffer, f"{acceleration.last_round:03d}")
    records.ACCELERATION_FIRST_PLAYER.put(buffer, str(acceleration.first_player))
    records.ACCELERATION_LAST_PLAYER.put(buffer, str(acceleration.last_player))
    return "".join(buffer)


def _prohibited_260(rule: ProhibitedPairing) -> str:
    buffer = list(records.PROHIBITED_CODE)
    records.PROHIBITED_FIRST_ROUND.put(buffer, f"{rule.first_round:03d}")
    records.PROHIBITED_LAST_ROUND.put(buffer, f"{rule.last_round:03d}")
    _id_fields(buffer, records.PROHIBITED_PLAYERS_FIRST, rule.players)
    return "".join(buffer)


# --- TRF16 + JaVaFo + bbpPairings records -----------------------------------------------------


def _records_16(tournament: Tournament) -> list[str]:
    lines = []
    if tournament.total_rounds is not None:
        lines.append(f"XXR {tournament.total_rounds}")
    if tournament.initial_colour is not None:
        lines.append("XXC " + ("white1" if tournament.initial_colour is Colour.WHITE else "black1"))
    if not tournament.scoring.is_standard:
        lines += [
            f"{code} {format_points(points)}" for code, points in bb_items(tournament.scoring)
        ]
        lines.append(_line_xxs(tournament))
    lines += _absences_16(tournament)
    lines += _accelerations_xxa(tournament)
    last_round = tournament.total_rounds or records.ALL_ROUNDS_LAST
    for rule in tournament.prohibited_pairings:
        if rule.first_round == 1 and rule.last_round >= last_round:
            lines.append("XXP " + " ".join(str(number) for number in rule.players))
        else:
            # XXP holds for every round; a limited prohibition needs 260 (read by bbpPairings)
            lines.append(_prohibited_260(rule))
    return lines


def _absences_16(tournament: Tournament) -> list[str]:
    """XXZ for zero-point absences from the next round (JaVaFo); 240 for the rest."""
    next_round = tournament.rounds_paired + 1
    absent_next = tournament.absences.get(next_round, {})
    xxz = sorted(n for n, result in absent_next.items() if result is ResultCode.ZERO_POINT_BYE)
    rest = {
        round_number: {
            number: result
            for number, result in absent.items()
            if not (round_number == next_round and number in xxz)
        }
        for round_number, absent in tournament.absences.items()
    }
    lines = []
    if xxz:
        lines.append("XXZ " + " ".join(str(number) for number in xxz))
    return lines + _byes_240({r: absent for r, absent in rest.items() if absent})


def _accelerations_xxa(tournament: Tournament) -> list[str]:
    lines = []
    for player in tournament:
        number = player.pairing_number
        last_round = max(
            (
                a.last_round
                for a in tournament.accelerations
                if a.first_player <= number <= a.last_player
            ),
            default=0,
        )
        if tournament.total_rounds is not None:
            last_round = min(last_round, tournament.total_rounds)
        if not last_round:
            continue
        buffer = list("XXA")
        records.XXA_PLAYER.put(buffer, str(number))
        for round_number in range(1, last_round + 1):
            column = records.XXA_FIRST_ROUND_COLUMN + (round_number - 1) * records.XXA_STEP
            points = tournament.acceleration_points(number, round_number)
            Field("points", column, column + records.XXA_WIDTH - 1, "right").put(
                buffer, format_points(points)
            )
        lines.append("".join(buffer))
    return lines


# --- players and teams ------------------------------------------------------------------------


def _player_line_naming_player(tournament: Tournament, player: Player) -> str:
    try:
        return _player_line(tournament, player)
    except ValueError as error:
        raise ValueError(f"player {player.pairing_number} ({player.name}): {error}") from None


def _player_line(tournament: Tournament, player: Player) -> str:
    if not 1 <= player.pairing_number <= 9999:
        raise ValueError(f"pairing number {player.pairing_number} does not fit TRF (1–9999)")
    buffer = list(records.PLAYER_CODE)
    records.PAIRING_NUMBER.put(buffer, str(player.pairing_number))
    records.SEX.put(buffer, player.sex[:1])
    records.TITLE.put(buffer, player.title[: records.TITLE.width])
    records.NAME.put(buffer, player.name[: records.NAME.width])
    if player.rating:
        records.RATING.put(buffer, str(player.rating))
    records.FEDERATION.put(buffer, player.federation[: records.FEDERATION.width])
    records.FIDE_ID.put(buffer, player.fide_id)
    records.BIRTH_DATE.put(buffer, _birth_date_text(player.birth_date))
    points = format_points(tournament.points(player))
    (records.POINTS if len(points) <= records.POINTS.width else records.POINTS_WIDE).put(
        buffer, points
    )
    if player.rank is not None:
        records.RANK.put(buffer, str(player.rank))
    head = "".join(buffer).ljust(records.ROUND_FIRST_COLUMN - 1)
    # the round cells, 8 columns each, records.ROUND_STEP apart from column 92 on
    width = records.round_cell(1).width
    separator = " " * (records.ROUND_STEP - width)
    return head + separator.join(format_cell(entry).ljust(width) for entry in player.rounds)


def _birth_date_text(birth_date: datetime.date | str | None) -> str:
    if birth_date is None:
        return ""
    if isinstance(birth_date, datetime.date):
        return f"{birth_date.year:04d}/{birth_date.month:02d}/{birth_date.day:02d}"
    return birth_date[: records.BIRTH_DATE.width]


# --- crosstable extension records -------------------------------------------------------------


def _extension_lines(tournament: Tournament) -> list[str]:
    """XCP lines for clubs and national grades, XCH lines for house players, then XCF lines
    for non-zero fouls."""
    lines = []
    for player in tournament:
        for name, attribute in records.PLAYER_EXTRA_FIELDS.items():
            value = getattr(player, attribute).strip()
            if not value:
                continue
            if len(value.splitlines()) != 1:
                raise ValueError(
                    f"player {player.pairing_number} ({player.name}): {attribute} {value!r} "
                    "has a line break, which TRF cannot hold"
                )
            lines.append(f"{records.PLAYER_EXTRA_CODE} {player.pairing_number} {name}={value}")
    lines += [
        f"{records.HOUSE_CODE} {player.pairing_number}" for player in tournament if player.house
    ]
    fouls = sorted(
        (round_number, player.pairing_number, entry.fouls)
        for player in tournament
        for round_number, entry in enumerate(player.rounds, start=1)
        if entry.fouls
    )
    for round_number, number, count in fouls:
        if not 1 <= count <= int("9" * records.EXTENSION_NUMBER_DIGITS):
            raise ValueError(f"player {number}: {count} fouls in round {round_number} do not fit")
        lines.append(f"{records.FOULS_CODE} {round_number} {number} {count}")
    return lines
