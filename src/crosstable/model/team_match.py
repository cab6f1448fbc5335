"""Team matches: what each team did in each round, derived from its members' games.

A team tournament is stored like an individual one (every board game in the players' round
entries) plus the team-level facts of :class:`TeamEventRecords`: the board colour sequence,
the match-point system, the pairing-allocated bye, matches forfeited as a whole and team
absences. This module turns them into one :class:`TeamRound` per team and round: opponent
team, board-1 colour, whether the match was played, match points and game points. It holds
no file format: TRF's team records (310/320/330/352/362) are read and written by
:mod:`crosstable.formats.trf.team_records`.

How a match is read (the reading of FIDE's reference implementation, gacrux, plus empty
boards):

* the boards of a team are its members who have a game against the opponent team in that
  round, and its members who won or lost by forfeit without an opponent that round (a player
  facing an empty board: TRF ``0000 - +``), in roster order; only the first ``boards`` of
  them count;
* game points are those boards' points by the tournament's game scoring (162), so an empty
  board is a game point for the team that was there;
* a match forfeited as a whole (330) is not played; the team marked ``+`` takes the forfeit
  win on every board, the other the forfeit loss (``--``: both), whatever the boards say;
* otherwise the match was *played* when at least one board game was played, or when both
  teams scored (a match is only "not played" when one side did not turn up, C.04.6 art.
  1.6.1);
* the team with more game points wins the match; equal non-zero game points are a draw; a
  loss in a match not played, or a 0–0, is worth no match points;
* points given by decision (TRF 299: a team, a round, match and game points) replace what
  the games add up to; a 299 result W, D or L says the match was played over the board (a
  short team that played some of its games and lost by the regulation's score), so the
  teams have met whatever the boards say;
* a line-up the roster order does not give (TRF 300: an empty board, a line-up accepted out
  of roster order) puts each player on the board it names;
* the colour of a team is read from its first board with an opponent through the board
  colour sequence (with ``352 BWBW`` the team *having White* has Black on board 1).
"""

from __future__ import annotations

import dataclasses
import enum
from fractions import Fraction

from crosstable.model.colour import Colour
from crosstable.model.player import RoundEntry
from crosstable.model.results import ResultCode
from crosstable.model.team_records import TeamEventRecords, with_absences
from crosstable.model.tournament import Tournament


class TeamRoundKind(enum.Enum):
    """How a team's round went, seen from the pairing rules."""

    PLAYED = "played"
    """A match against an opponent team, played over the board (at least in part)."""
    NOT_PLAYED = "not played"
    """A scheduled match that was not played (forfeited by one side or both)."""
    PAIRING_BYE = "pairing bye"
    """The pairing-allocated bye (PAB)."""
    ABSENT = "absent"
    """No match: an announced absence (zero-, half- or full-point bye) or not paired."""


_ASSIGNED_RESULT = {
    "+": ResultCode.FORFEIT_WIN,
    "-": ResultCode.FORFEIT_LOSS,
    "W": ResultCode.WIN,
    "D": ResultCode.DRAW,
    "L": ResultCode.LOSS,
}
_PLAYED_MATCH = frozenset({ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS})


def team_event_records(tournament: Tournament) -> TeamEventRecords:
    """The tournament's team records (``Tournament.team_records``, the defaults when there are
    none) with its team absences (``Tournament.absences``, TRF 240)."""
    return with_absences(tournament.team_records, tournament.absences)


@dataclasses.dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's round."""

    round_number: int
    kind: TeamRoundKind
    opponent: int | None
    colour: Colour | None
    """The colour the team had (board 1, read through 352), also for a match not played."""
    match_points: Fraction
    game_points: Fraction
    result: ResultCode
    """The match result as a team result code: WIN/DRAW/LOSS for played matches,
    FORFEIT_WIN/FORFEIT_LOSS for matches not played, PAIRING_BYE, or the absence's code."""

    @property
    def is_played(self) -> bool:
        return self.kind is TeamRoundKind.PLAYED

    @property
    def played_colour(self) -> Colour | None:
        """The colour that counts for colour history (C.04.6 art. 1.6: played matches only)."""
        return self.colour if self.is_played else None


@dataclasses.dataclass(frozen=True, slots=True)
class _Side:
    """One team's half of a match, before the match result is known."""

    opponent: int
    colour: Colour | None
    game_points: Fraction
    any_game_played: bool


def team_rounds(
    tournament: Tournament,
    records: TeamEventRecords,
    up_to_round: int | None = None,
) -> dict[int, list[TeamRound]]:
    """Every team's rounds 1..``up_to_round`` (all recorded rounds by default).

    ``records``: the event's team records, e.g. :func:`team_event_records` of a tournament
    read from a TRF file."""
    team_of = {member: team.number for team in tournament.teams for member in team.members}
    last_round = tournament.rounds_recorded if up_to_round is None else up_to_round
    last_round = max(
        [last_round]
        if up_to_round is not None
        else [last_round, *records.bye_teams, *records.absences]
    )
    boards = records.boards or _widest_match(tournament, team_of, last_round)
    history: dict[int, list[TeamRound]] = {team.number: [] for team in tournament.teams}
    assigned = {(a.round_number, a.team): a for a in records.assignments}
    for round_number in range(1, last_round + 1):
        sides = _match_sides(tournament, team_of, records, boards, round_number)
        for team in tournament.teams:
            team_round = _team_round(team.number, round_number, sides, records, boards, tournament)
            assignment = assigned.get((round_number, team.number))
            if assignment is not None:
                result = _ASSIGNED_RESULT.get(assignment.result, team_round.result)
                kind = team_round.kind
                if result in _PLAYED_MATCH and team_round.opponent is not None:
                    # 299 W/D/L: a match played over the board whose points were decided
                    # (a short team that played some games): the teams have met.
                    kind = TeamRoundKind.PLAYED
                team_round = dataclasses.replace(
                    team_round,
                    kind=kind,
                    match_points=assignment.match_points,
                    game_points=assignment.game_points,
                    result=result,
                )
            history[team.number].append(team_round)
    return history


def _widest_match(tournament: Tournament, team_of: dict[int, int], last_round: int) -> int:
    widest = 1
    for round_number in range(1, last_round + 1):
        counts: dict[int, int] = {}
        for player in tournament.players.values():
            entry = player.entry(round_number)
            if (
                entry is not None
                and entry.opponent is not None
                and player.pairing_number in team_of
            ):
                team = team_of[player.pairing_number]
                counts[team] = counts.get(team, 0) + 1
        widest = max([widest, *counts.values()])
    return widest


def _match_sides(
    tournament: Tournament,
    team_of: dict[int, int],
    records: TeamEventRecords,
    boards: int,
    round_number: int,
) -> dict[int, _Side]:
    """Each team's side of its match in ``round_number``, from its members' games."""
    sides: dict[int, _Side] = {}
    forfeits = {
        team: (forfeit, own_first)
        for forfeit in records.forfeited_matches
        if forfeit.round_number == round_number
        for team, own_first in ((forfeit.first, True), (forfeit.second, False))
    }
    orders = {o.team: o for o in records.board_orders if o.round_number == round_number}
    scoring = tournament.scoring
    for team in tournament.teams:
        seated: dict[int, RoundEntry] = {}  # member -> entry, in roster order
        for member in team.members:
            player = tournament.players.get(member)
            entry = player.entry(round_number) if player is not None else None
            if entry is not None and (
                entry.opponent in team_of or (entry.opponent is None and entry.result.is_forfeit)
            ):
                seated[member] = entry
        order = orders.get(team.number)
        opponents: dict[int, int] = {}
        for entry in seated.values():
            if entry.opponent is not None:
                opponent_team = team_of[entry.opponent]
                opponents[opponent_team] = opponents.get(opponent_team, 0) + 1
        forfeit = forfeits.get(team.number)
        if forfeit is not None:
            match, own_first = forfeit
            opponent = match.second if own_first else match.first
        elif opponents:
            opponent = max(opponents, key=lambda number: (opponents[number], -number))
        elif order is not None:
            opponent = order.opponent
        else:
            continue  # no match (an announced absence, the bye, or not paired)

        # A player facing an empty board won (or lost) by forfeit without an opponent: that
        # board belongs to the team's match and its point counts.
        in_match = {
            member
            for member, entry in seated.items()
            if entry.opponent is None or team_of[entry.opponent] == opponent
        }
        if order is not None:  # 300: the boards as played
            boards_played = [
                (board, seated[player])
                for board, player in enumerate(order.players[:boards], start=1)
                if player in in_match
            ]
        else:  # the members in roster order
            boards_played = list(
                enumerate((seated[member] for member in seated if member in in_match), start=1)
            )[:boards]
        colour = _team_colour(boards_played, records)
        game_points = sum(
            (scoring.points(entry.result, entry.colour) for _board, entry in boards_played),
            Fraction(0),
        )
        any_game_played = any(entry.is_played for _board, entry in boards_played)
        if forfeit is not None:
            # Forfeited as a whole (330): every board to the team marked '+'.
            match, own_first = forfeit
            mark = match.result[0 if own_first else 1]
            if colour is None:
                colour = Colour.WHITE if own_first else Colour.BLACK
            per_board = scoring.forfeit_win_points if mark == "+" else scoring.forfeit_loss_points
            game_points, any_game_played = per_board * boards, False
        sides[team.number] = _Side(opponent, colour, game_points, any_game_played)
    return sides


def _team_colour(
    boards_played: list[tuple[int, RoundEntry]], records: TeamEventRecords
) -> Colour | None:
    """The colour of the team having White, read from its first board with a colour through
    the board colour sequence."""
    for board, entry in boards_played:
        if entry.colour is not None:
            board_colour = records.board_colour(board)
            return Colour.WHITE if entry.colour is board_colour else Colour.BLACK
    return None


def _team_round(
    team: int,
    round_number: int,
    sides: dict[int, _Side],
    records: TeamEventRecords,
    boards: int,
    tournament: Tournament,
) -> TeamRound:
    side = sides.get(team)
    if side is not None:
        other = sides.get(side.opponent)
        other_points = other.game_points if other is not None else Fraction(0)
        other_played = other.any_game_played if other is not None else False
        played = side.any_game_played or other_played or (side.game_points > 0 and other_points > 0)
        mps = records.match_points
        if side.game_points > other_points:
            result = ResultCode.WIN if played else ResultCode.FORFEIT_WIN
            points = mps.win
        elif side.game_points < other_points or side.game_points == 0:
            result = ResultCode.LOSS if played else ResultCode.FORFEIT_LOSS
            points = mps.loss if played else Fraction(0)
        else:
            result = ResultCode.DRAW
            points = mps.draw
        return TeamRound(
            round_number,
            TeamRoundKind.PLAYED if played else TeamRoundKind.NOT_PLAYED,
            side.opponent,
            side.colour,
            points,
            side.game_points,
            result,
        )
    game_scoring = tournament.scoring
    if records.bye_teams.get(round_number) == team:
        match_points = records.match_points.draw
        if records.bye_match_points is not None:
            match_points = records.bye_match_points
        game_points = game_scoring.draw * boards
        if records.bye_game_points is not None:
            game_points = records.bye_game_points
        return TeamRound(
            round_number,
            TeamRoundKind.PAIRING_BYE,
            None,
            None,
            match_points,
            game_points,
            ResultCode.PAIRING_BYE,
        )
    code = records.absences.get(round_number, {}).get(team, ResultCode.ZERO_POINT_BYE)
    if code is ResultCode.FULL_POINT_BYE:
        match_points, game_points = records.match_points.win, game_scoring.win * boards
    elif code is ResultCode.HALF_POINT_BYE:
        match_points, game_points = records.match_points.draw, game_scoring.draw * boards
    else:
        match_points, game_points = Fraction(0), Fraction(0)
    return TeamRound(
        round_number, TeamRoundKind.ABSENT, None, None, match_points, game_points, code
    )
