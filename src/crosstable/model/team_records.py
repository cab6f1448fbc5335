"""The team-level records of a team tournament, as typed values: everything a team file holds
beyond rosters and games — the board colour sequence, the match-point system, the
pairing-allocated bye, matches forfeited as a whole, line-ups out of roster order and points
given by decision (TRF 352, 362, 320, 330, 300, 299; team absences are
``Tournament.absences``, TRF 240).

``Tournament.team_records`` holds them; the TRF reader fills it
(``crosstable.formats.trf.team_records``), the web app's bridge from its rows, and the pairing,
tie-break and match-scoring code reads it through :func:`team_event_records`: no layer above
the file formats reads text.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from crosstable.model.colour import Colour
from crosstable.model.results import ResultCode


@dataclasses.dataclass(frozen=True, slots=True)
class MatchPointSystem:
    """Match points for a won, drawn and lost match (TRF 362; FIDE's default 2/1/0)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)


@dataclasses.dataclass(frozen=True, slots=True)
class ForfeitedMatch:
    """A whole match not played (TRF 330): ``first`` was scheduled with White on board 1."""

    round_number: int
    first: int
    second: int
    result: str
    """Two characters, first team then second: ``+-``, ``-+`` or ``--``."""


@dataclasses.dataclass(frozen=True, slots=True)
class BoardOrder:
    """A team's players board by board in one match (TRF 300), where the roster order does
    not say it: a board left empty, a line-up the arbiter accepted out of roster order."""

    round_number: int
    team: int
    opponent: int
    players: tuple[int, ...]
    """Pairing numbers, board 1 first; 0 for an empty board."""


@dataclasses.dataclass(frozen=True, slots=True)
class PointsAssignment:
    """Match and game points a team is given in one round whatever its games add up to (TRF
    299), e.g. a short team's 0–4 when the opponents won only three boards by forfeit."""

    round_number: int
    team: int
    result: str
    """``+`` / ``-`` (won / lost without playing), ``W`` / ``D`` / ``L``."""
    match_points: Fraction
    game_points: Fraction


@dataclasses.dataclass(frozen=True, slots=True)
class TeamEventRecords:
    """The team-level records of a tournament (everything beyond rosters and games)."""

    board_colours: str = "WB"
    """Colours of the team having White, board by board (352); its length is the board count
    when given, otherwise the pattern repeats."""
    boards: int = 0
    """Number of boards of a match (0: unknown, taken from the widest match)."""
    match_points: MatchPointSystem = MatchPointSystem()
    bye_match_points: Fraction | None = None
    """Match points of the pairing-allocated bye (320); None: a drawn match."""
    bye_game_points: Fraction | None = None
    """Game points of the pairing-allocated bye (320); None: half the boards' win value."""
    bye_teams: dict[int, int] = dataclasses.field(default_factory=dict)
    """Round -> team that received the pairing-allocated bye (320)."""
    forfeited_matches: tuple[ForfeitedMatch, ...] = ()
    absences: dict[int, dict[int, ResultCode]] = dataclasses.field(default_factory=dict)
    """Round -> {team: ZERO_POINT_BYE / HALF_POINT_BYE / FULL_POINT_BYE} (240)."""
    board_orders: tuple[BoardOrder, ...] = ()
    """Line-ups the roster order does not give (300)."""
    assignments: tuple[PointsAssignment, ...] = ()
    """Points given whatever the games add up to (299)."""

    def board_colour(self, board: int) -> Colour:
        """The colour on ``board`` (1-based) of the team having White."""
        letter = self.board_colours[(board - 1) % len(self.board_colours)]
        return Colour.WHITE if letter.upper() == "W" else Colour.BLACK


def with_absences(
    records: TeamEventRecords | None, absences: dict[int, dict[int, ResultCode]]
) -> TeamEventRecords:
    """``records`` (None: the defaults) with the team absences ``absences`` (240) added."""
    records = records or TeamEventRecords()
    merged = {round_number: dict(teams) for round_number, teams in records.absences.items()}
    for round_number, teams in absences.items():
        merged.setdefault(round_number, {}).update(teams)
    return dataclasses.replace(records, absences=merged)
