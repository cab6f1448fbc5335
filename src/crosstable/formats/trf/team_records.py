"""The team records of TRF, read and written: everything a team file holds beyond the players.

* ``310`` (TRF-2026) and ``013`` (TRF16) rosters: read by the reader into
  ``Tournament.teams`` (:func:`read_team_310`, :func:`read_team_013`), written by the writer
  (:func:`team_310_line`, :func:`team_013_line`).
* ``352`` board colour sequence, ``362`` match-point system, ``320`` pairing-allocated bye,
  ``330`` forfeited matches and ``300`` line-ups out of the default order (boards left empty,
  a line-up accepted out of roster order), ``299`` points given whatever the games add up to
  (one team in one round): the reader reads them (:class:`TeamRecordsReader`) into the
  model's :class:`~crosstable.model.team_records.TeamEventRecords`, kept as
  ``Tournament.team_records`` (team absences, ``240``, are ``Tournament.absences``), and the
  writer writes them back (:func:`team_record_lines`). A 299 form the model does not
  interpret stays verbatim in ``Tournament.extra_records``.

The model (:mod:`crosstable.model.team_match`) holds no file format: it derives each team's
rounds from the players' games and a ``TeamEventRecords``; no layer above this one reads
team records as text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from crosstable.formats.trf import records
from crosstable.formats.trf.lines import LineReader
from crosstable.formats.trf.records import Field
from crosstable.formats.trf.scoring import format_points
from crosstable.model import Team
from crosstable.model.team_records import (
    BoardOrder,
    ForfeitedMatch,
    MatchPointSystem,
    PointsAssignment,
    TeamEventRecords,
)

BOARD_COLOURS_CODE = "352"
MATCH_POINTS_CODE = "362"
PAIRING_BYE_CODE = "320"
FORFEITED_MATCH_CODE = "330"
BOARD_ORDER_CODE = "300"
ASSIGNMENT_CODE = "299"
TEAM_EVENT_CODES = (
    ASSIGNMENT_CODE,
    BOARD_COLOURS_CODE,
    MATCH_POINTS_CODE,
    PAIRING_BYE_CODE,
    FORFEITED_MATCH_CODE,
    BOARD_ORDER_CODE,
)
"""The records :class:`TeamRecordsReader` reads into ``Tournament.team_records``."""

_NUMBER = r"(\d+(?:\.\d+)?)"
_BYE_MATCH_POINTS = Field("320 match points", 5, 8, "right")
_BYE_GAME_POINTS = Field("320 game points", 10, 13, "right")
_BYE_FIRST_ROUND_COLUMN = 14
"""Each round's bye team is a 4-column field (a blank, then 3 digits) from column 14 on."""
_BYE_STEP = 4
_ORDER_ROUND = Field("300 round", 5, 7, "right")
_ORDER_TEAM = Field("300 team", 9, 11, "right")
_ORDER_OPPONENT = Field("300 opponent", 13, 15, "right")
_ASSIGNED_RESULT = Field("299 result", 5, 5)
_ASSIGNED_MATCH_POINTS = Field("299 match points", 8, 11, "right")
_ASSIGNED_GAME_POINTS = Field("299 game points", 14, 17, "right")
_ASSIGNED_ROUND = Field("299 round", 20, 22, "right")
_ASSIGNED_FIRST_TEAM = 24
_ORDER_FIRST_PLAYER = 17
"""300: the players of boards 1, 2, … in 4-column fields every 5 columns from column 17."""


# --- 310 and 013: rosters ---------------------------------------------------------------------


def read_team_310(reader: LineReader) -> Team:
    """The team of the 310 line ``reader`` is on (TrfError naming the column otherwise)."""
    line = reader.line
    team = Team(
        number=reader.integer(records.TEAM_NUMBER, "310 team number", maximum=999),
        name=records.TEAM_NAME.cut(line).strip(),
        members=reader.id_list(records.TEAM_MEMBER_FIRST, "310 member"),
        nickname=records.TEAM_NICKNAME.cut(line).strip(),
        strength_factor=records.TEAM_STRENGTH.cut(line).strip(),
        declared_match_points=reader.optional_points(records.TEAM_MATCH_POINTS),
        declared_game_points=reader.optional_points(records.TEAM_GAME_POINTS),
        rank=(
            reader.integer(records.TEAM_RANK, "310 rank", maximum=999)
            if records.TEAM_RANK.cut(line).strip()
            else None
        ),
    )
    gap = line[records.TEAM_RANK.last : records.TEAM_MEMBER_FIRST - 1]
    if gap.strip():
        reader.fail(
            f"unexpected '{gap.strip()}' between the team rank and the members",
            column=records.TEAM_RANK.last + 1,
            expected=f"members from column {records.TEAM_MEMBER_FIRST}",
        )
    return team


def read_team_013(reader: LineReader, number: int) -> Team:
    """The team of the 013 line ``reader`` is on; 013 has no team number: the caller numbers
    the teams in file order."""
    return Team(
        number=number,
        name=records.TEAM16_NAME.cut(reader.line).strip(),
        members=reader.id_list(records.TEAM16_MEMBER_FIRST, "013 member"),
    )


def _id_fields(buffer: list[str], first_column: int, numbers: list[int] | tuple[int, ...]) -> None:
    for index, number in enumerate(numbers):
        column = first_column + index * records.MEMBER_STEP
        Field("id", column, column + records.MEMBER_WIDTH - 1, "right").put(buffer, str(number))


def team_310_line(team: Team) -> str:
    """The 310 line of ``team`` (name cut to 32 characters)."""
    buffer = list(records.TEAM_CODE)
    records.TEAM_NUMBER.put(buffer, str(team.number))
    records.TEAM_NAME.put(buffer, team.name[: records.TEAM_NAME.width])
    records.TEAM_NICKNAME.put(buffer, team.nickname[: records.TEAM_NICKNAME.width])
    records.TEAM_STRENGTH.put(buffer, team.strength_factor)
    if team.declared_match_points is not None:
        records.TEAM_MATCH_POINTS.put(buffer, format_points(team.declared_match_points))
    if team.declared_game_points is not None:
        records.TEAM_GAME_POINTS.put(buffer, format_points(team.declared_game_points))
    if team.rank is not None:
        records.TEAM_RANK.put(buffer, str(team.rank))
    _id_fields(buffer, records.TEAM_MEMBER_FIRST, team.members)
    return "".join(buffer)


def fits_013(number: int, team: Team) -> bool:
    """Whether the 013 line of ``team``, read back as team ``number``, is the same team (013
    holds only a name and the roster)."""
    return team == Team(number, team.name[: records.TEAM16_NAME.width], team.members)


def team_013_line(team: Team) -> str:
    buffer = list(records.TEAM16_CODE)
    records.TEAM16_NAME.put(buffer, team.name[: records.TEAM16_NAME.width])
    _id_fields(buffer, records.TEAM16_MEMBER_FIRST, team.members)
    return "".join(buffer)


# --- 352, 362, 320, 330: the team event records ---------------------------------------------


class TeamRecordsReader:
    """Reads 352/362/320/330/300/299 lines, one at a time, into a :class:`TeamEventRecords`
    (the TRF reader feeds it every such line; :func:`read_team_records` a list of them)."""

    def __init__(self) -> None:
        self.seen = False
        self.board_colours = ""
        self.match_points = MatchPointSystem()
        self.bye_match_points: Fraction | None = None
        self.bye_game_points: Fraction | None = None
        self.bye_teams: dict[int, int] = {}
        self.forfeited: list[ForfeitedMatch] = []
        self.orders: list[BoardOrder] = []
        self.assignments: list[PointsAssignment] = []

    def add(self, line: str) -> bool:
        """Read one line; False for a 299 form this model does not interpret (default values
        for a kind of unplayed round, adjustments without a result: the caller keeps the
        line as it is). Raises ValueError naming the record when the line cannot be read."""
        code = line[:3]
        try:
            return self._add(code, line)
        except (ValueError, IndexError) as error:
            raise ValueError(
                f"TRF record {code} cannot be read: {line.strip()!r} ({error})"
            ) from None

    def _add(self, code: str, line: str) -> bool:
        if code == BOARD_COLOURS_CODE:
            self.board_colours = line[4:].strip().upper()
            if not self.board_colours or set(self.board_colours) - {"W", "B"}:
                raise ValueError("the board colour sequence must be W and B letters")
        elif code == MATCH_POINTS_CODE:
            content = line[4:].strip()
            if not re.fullmatch(r"(T[WDL]\s*" + _NUMBER + r"\s*)+", content):
                raise ValueError("expected TW, TD and TL each followed by a number")
            values = dict(re.findall(r"T([WDL])\s*" + _NUMBER, content))
            self.match_points = MatchPointSystem(
                win=Fraction(values.get("W", "2")),
                draw=Fraction(values.get("D", "1")),
                loss=Fraction(values.get("L", "0")),
            )
        elif code == PAIRING_BYE_CODE:
            if _BYE_MATCH_POINTS.cut(line).strip():
                self.bye_match_points = Fraction(_BYE_MATCH_POINTS.cut(line).strip())
            if _BYE_GAME_POINTS.cut(line).strip():
                self.bye_game_points = Fraction(_BYE_GAME_POINTS.cut(line).strip())
            first = _BYE_FIRST_ROUND_COLUMN - 1
            for index, start in enumerate(range(first, len(line), _BYE_STEP), start=1):
                field = line[start : start + _BYE_STEP].strip()
                if field and int(field) > 0:
                    self.bye_teams[index] = int(field)
        elif code == FORFEITED_MATCH_CODE:
            fields = line[4:].split()
            if len(fields) < 4 or fields[0] not in ("+-", "-+", "--"):
                raise ValueError("expected +-, -+ or --, the round and the two teams")
            self.forfeited.append(
                ForfeitedMatch(int(fields[1]), int(fields[2]), int(fields[3]), fields[0])
            )
        elif code == ASSIGNMENT_CODE:
            assigned = _assignments_299(line)
            if not assigned:
                return False
            self.assignments.extend(assigned)
        elif code == BOARD_ORDER_CODE:
            players = tuple(
                int(line[start : start + records.MEMBER_WIDTH].strip() or "0")
                for start in range(_ORDER_FIRST_PLAYER - 1, len(line), records.MEMBER_STEP)
            )
            if not players or any(player < 0 for player in players):
                raise ValueError("expected the players board by board from column 17")
            self.orders.append(
                BoardOrder(
                    int(_ORDER_ROUND.cut(line)),
                    int(_ORDER_TEAM.cut(line)),
                    int(_ORDER_OPPONENT.cut(line)),
                    players,
                )
            )
        else:
            raise ValueError("not a team event record")
        self.seen = True
        return True

    def records(self) -> TeamEventRecords:
        return TeamEventRecords(
            board_colours=self.board_colours or "WB",
            boards=len(self.board_colours),
            match_points=self.match_points,
            bye_match_points=self.bye_match_points,
            bye_game_points=self.bye_game_points,
            bye_teams=dict(self.bye_teams),
            # in the order the writer writes them, so that a file reads back equal
            forfeited_matches=tuple(sorted(self.forfeited, key=_forfeit_order)),
            board_orders=tuple(sorted(self.orders, key=_round_and_team)),
            assignments=tuple(sorted(self.assignments, key=_round_and_team)),
        )


def _forfeit_order(forfeit: ForfeitedMatch) -> tuple[int, int, int]:
    return (forfeit.round_number, forfeit.first, forfeit.second)


def _round_and_team(record: BoardOrder | PointsAssignment) -> tuple[int, int]:
    return (record.round_number, record.team)


def read_team_records(lines: Iterable[str]) -> TeamEventRecords:
    """The team event records of ``lines`` (352/362/320/330/300/299 lines, e.g. written by
    :func:`team_record_lines`). Raises ValueError naming the record that cannot be read."""
    reader = TeamRecordsReader()
    for line in lines:
        reader.add(line)
    return reader.records()


def _assignments_299(line: str) -> list[PointsAssignment]:
    """The teams' points of a 299 line that names a result, a round and teams. The other
    forms (default values for a kind of unplayed round, adjustments without a result) are
    not interpreted (an empty list): they stay in ``extra_records`` as they are."""
    result = _ASSIGNED_RESULT.cut(line).strip().upper()
    round_text = _ASSIGNED_ROUND.cut(line).strip()
    teams = [
        int(line[start : start + records.MEMBER_WIDTH])
        for start in range(_ASSIGNED_FIRST_TEAM - 1, len(line), records.MEMBER_STEP)
        if line[start : start + records.MEMBER_WIDTH].strip()
    ]
    if not result or not round_text or int(round_text) in (0, 999) or not teams:
        return []
    if result not in ("+", "-", "W", "D", "L"):
        raise ValueError("the result must be +, -, W, D or L")
    return [
        PointsAssignment(
            int(round_text),
            team,
            result,
            Fraction(_ASSIGNED_MATCH_POINTS.cut(line).strip()),
            Fraction(_ASSIGNED_GAME_POINTS.cut(line).strip()),
        )
        for team in teams
    ]


def team_record_lines(team_records: TeamEventRecords) -> list[str]:
    """``team_records`` as 352 (when the board count is known), 362, 320 (when a team had the
    pairing-allocated bye or its value is set), 330, 300 and 299 lines. Absences are not
    written here: they are ``Tournament.absences`` (240), which the writer writes."""
    lines = []
    if team_records.boards:
        colours = team_records.board_colours * team_records.boards
        lines.append(f"{BOARD_COLOURS_CODE} {colours[: team_records.boards]}")
    points = team_records.match_points
    lines.append(
        f"{MATCH_POINTS_CODE} "
        + "   ".join(
            f"T{symbol}{format_points(value):>4}"
            for symbol, value in (("W", points.win), ("D", points.draw), ("L", points.loss))
        )
    )
    if (
        team_records.bye_teams
        or team_records.bye_match_points is not None
        or team_records.bye_game_points is not None
    ):
        buffer = list(PAIRING_BYE_CODE)
        for field, value in (
            (_BYE_MATCH_POINTS, team_records.bye_match_points),
            (_BYE_GAME_POINTS, team_records.bye_game_points),
        ):
            if value is not None:
                field.put(buffer, format_points(value))
        last = max(team_records.bye_teams, default=0)
        byes = "".join(f" {team_records.bye_teams.get(r, 0):03d}" for r in range(1, last + 1))
        lines.append("".join(buffer).ljust(_BYE_FIRST_ROUND_COLUMN - 1) + byes)
    for forfeit in sorted(team_records.forfeited_matches, key=_forfeit_order):
        lines.append(
            f"{FORFEITED_MATCH_CODE} {forfeit.result} {forfeit.round_number:03d} "
            f"{forfeit.first:03d} {forfeit.second:03d}"
        )
    for order in sorted(team_records.board_orders, key=_round_and_team):
        buffer = list(BOARD_ORDER_CODE)
        _ORDER_ROUND.put(buffer, f"{order.round_number:03d}")
        _ORDER_TEAM.put(buffer, f"{order.team:03d}")
        _ORDER_OPPONENT.put(buffer, f"{order.opponent:03d}")
        _id_fields(buffer, _ORDER_FIRST_PLAYER, order.players)
        lines.append("".join(buffer))
    for assignment in sorted(team_records.assignments, key=_round_and_team):
        buffer = list(ASSIGNMENT_CODE)
        _ASSIGNED_RESULT.put(buffer, assignment.result)
        _ASSIGNED_MATCH_POINTS.put(buffer, format_points(assignment.match_points))
        _ASSIGNED_GAME_POINTS.put(buffer, format_points(assignment.game_points))
        _ASSIGNED_ROUND.put(buffer, str(assignment.round_number))
        _id_fields(buffer, _ASSIGNED_FIRST_TEAM, (assignment.team,))
        lines.append("".join(buffer))
    return lines
