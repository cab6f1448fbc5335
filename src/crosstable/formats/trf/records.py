"""The fixed-column layout of TRF records, defined once for the reader and the writer.

Columns are 1-based and inclusive, as in the FIDE TRF16 / TRF-2026 texts.
"""

from __future__ import annotations

import dataclasses
import functools

from crosstable.model import ResultCode


@dataclasses.dataclass(frozen=True, slots=True)
class Field:
    """A fixed-width field at columns ``first..last`` (1-based, inclusive)."""

    name: str
    first: int
    last: int
    align: str = "left"
    """How the writer pads: ``"left"`` for text, ``"right"`` for numbers."""

    @property
    def width(self) -> int:
        return self.last - self.first + 1

    def cut(self, line: str) -> str:
        """The raw text of this field in ``line`` (shorter lines count as blank)."""
        return line[self.first - 1 : self.last]

    def put(self, buffer: list[str], value: str) -> None:
        """Write ``value`` into ``buffer`` (a list of characters) at this field's columns."""
        if len(value) > self.width:
            raise ValueError(f"{self.name} {value!r} is wider than {self.width} columns")
        text = value.rjust(self.width) if self.align == "right" else value.ljust(self.width)
        needed = self.last - len(buffer)
        if needed > 0:
            buffer.extend(" " * needed)
        buffer[self.first - 1 : self.last] = list(text)


# --- Record 001: a player -------------------------------------------------------------------

PLAYER_CODE = "001"
PAIRING_NUMBER = Field("pairing number", 5, 8, "right")
SEX = Field("sex", 10, 10)
TITLE = Field("title", 11, 13, "right")
NAME = Field("name", 15, 47)
RATING = Field("rating", 49, 52, "right")
FEDERATION = Field("federation", 54, 56)
FIDE_ID = Field("FIDE ID", 58, 68, "right")
BIRTH_DATE = Field("birth date", 70, 79)
POINTS = Field("points", 81, 84, "right")
POINTS_WIDE = Field("points", 80, 84, "right")
"""Points of 100 or more (or with two decimals) spill one column left, into the separator."""
RANK = Field("rank", 86, 89, "right")
PLAYER_FIELDS = (PAIRING_NUMBER, SEX, TITLE, NAME, RATING, FEDERATION, FIDE_ID, BIRTH_DATE, RANK)

ROUND_FIRST_COLUMN = 92
ROUND_STEP = 10


@functools.cache
def round_opponent(round_number: int) -> Field:
    start = ROUND_FIRST_COLUMN + ROUND_STEP * (round_number - 1)
    return Field(f"round {round_number} opponent", start, start + 3, "right")


@functools.cache
def round_colour(round_number: int) -> Field:
    column = ROUND_FIRST_COLUMN + ROUND_STEP * (round_number - 1) + 5
    return Field(f"round {round_number} colour", column, column)


@functools.cache
def round_result(round_number: int) -> Field:
    column = ROUND_FIRST_COLUMN + ROUND_STEP * (round_number - 1) + 7
    return Field(f"round {round_number} result", column, column)


@functools.cache
def round_cell(round_number: int) -> Field:
    """The whole ``OOOO C R`` cell of a round (8 columns)."""
    start = ROUND_FIRST_COLUMN + ROUND_STEP * (round_number - 1)
    return Field(f"round {round_number}", start, start + 7)


RESULT_CODES = "1 = 0 + - W D L H F U Z"
"""The result characters of the TRF texts, in the order error messages list them."""
RESULT_BY_CHARACTER: dict[str, ResultCode] = {code.value: code for code in ResultCode}

# --- Record 132: dates of the rounds (aligned with the round cells of 001) -------------------


@functools.cache
def round_date(round_number: int) -> Field:
    start = ROUND_FIRST_COLUMN + ROUND_STEP * (round_number - 1)
    return Field(f"round {round_number} date", start, start + 7)


# --- Record 013 (TRF16 team) ------------------------------------------------------------------

TEAM16_CODE = "013"
TEAM16_NAME = Field("team name", 5, 36)
TEAM16_MEMBER_FIRST = 37
MEMBER_STEP = 5
MEMBER_WIDTH = 4

# --- Record 310 (TRF-2026 team) -------------------------------------------------------------

TEAM_CODE = "310"
TEAM_NUMBER = Field("team number", 5, 7, "right")
TEAM_NAME = Field("team name", 9, 40)
TEAM_NICKNAME = Field("team nickname", 42, 46)
TEAM_STRENGTH = Field("strength factor", 48, 53, "right")
TEAM_MATCH_POINTS = Field("match points", 55, 60, "right")
TEAM_GAME_POINTS = Field("game points", 62, 67, "right")
TEAM_RANK = Field("team rank", 69, 71, "right")
TEAM_MEMBER_FIRST = 74

# --- Record 162 (points per result) and 362 (team match points) --------------------------------

SCORING_CODE = "162"
SCORING_FIRST_SYMBOL = 6
SCORING_STEP = 9
"""162: symbol at 6, value at 7–10; the next pair 9 columns on (15/16–19, 24/25–28, …)."""
SCORING_SYMBOLS = "WDLAPX"

# --- Record 240 (byes for a round) ----------------------------------------------------------

BYES_CODE = "240"
BYE_TYPE = Field("bye type", 5, 5)
BYE_ROUND = Field("round", 7, 9, "right")
BYE_PLAYERS_FIRST = 11
BYE_TYPES = "FHZ"

# --- Record 250 (acceleration) --------------------------------------------------------------

ACCELERATION_CODE = "250"
ACCELERATION_MATCH_POINTS = Field("match points", 5, 8, "right")
ACCELERATION_POINTS = Field("points", 10, 13, "right")
ACCELERATION_FIRST_ROUND = Field("first round", 15, 17, "right")
ACCELERATION_LAST_ROUND = Field("last round", 19, 21, "right")
ACCELERATION_FIRST_PLAYER = Field("first player", 23, 26, "right")
ACCELERATION_LAST_PLAYER = Field("last player", 28, 31, "right")

# --- Record 260 (prohibited pairings) -------------------------------------------------------

PROHIBITED_CODE = "260"
PROHIBITED_FIRST_ROUND = Field("first round", 5, 7, "right")
PROHIBITED_LAST_ROUND = Field("last round", 9, 11, "right")
PROHIBITED_PLAYERS_FIRST = 13

# --- JaVaFo XXA (accelerated points per round) ----------------------------------------------

XXA_PLAYER = Field("player", 5, 8, "right")
XXA_FIRST_ROUND_COLUMN = 10
XXA_STEP = 5
XXA_WIDTH = 4

ALL_ROUNDS_LAST = 999
"""Last round given to an ``XXP`` prohibition (JaVaFo's XXP holds for every round)."""

HEADER_TEXT_CODES = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "192": "system_code",
    "222": "encoded_time_control",
}
"""Header records whose whole value (from column 5) is one text attribute of Tournament."""

DERIVED_COUNT_CODES = ("062", "072", "082")
"""Numbers of players, rated players and teams: recomputed on writing, not stored."""

# --- crosstable extension records (whitespace-separated, no columns) --------------------------

FOULS_CODE = "XCF"
"""``XCF <round> <pairing number> <fouls>``: fouls (犯规) against a player in one round."""
PLAYER_EXTRA_CODE = "XCP"
"""``XCP <pairing number> <field>=<value>``: a player attribute TRF has no column for."""
PLAYER_EXTRA_FIELDS = {"club": "club", "grade": "national_grade"}
"""XCP field names and the Player attribute each one holds (the value runs to end of line)."""
HOUSE_CODE = "XCH"
"""``XCH <pairing number>``: a house player (paired, not ranked, no prize; Kinabatangan 4.6)."""
EXTENSION_NUMBER_DIGITS = 4
"""Rounds, pairing numbers and fouls in XCF / XCP lines have at most this many digits."""
