"""Consistency checks of a tournament read from (or about to be written to) TRF.

:func:`check_tournament` lists every problem with its place. Problems of severity
``"error"`` make the data contradict itself (A lists B as opponent but B does not list A,
both players won, a bye for a player who does not exist); :func:`read_trf` raises the first
of them as a :class:`TrfError`. Warnings (a points field that does not add up, two
pairing-allocated byes in one round, rounds beyond the announced total) are left to the
caller.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction

from crosstable.formats.trf import records
from crosstable.formats.trf.errors import TrfProblem
from crosstable.formats.trf.scoring import format_points
from crosstable.model import Player, ResultCode, RoundEntry, Tournament

ERROR = "error"
WARNING = "warning"

R = ResultCode
COMPATIBLE_RESULTS = frozenset(
    {
        (R.WIN, R.LOSS),
        (R.LOSS, R.WIN),
        (R.DRAW, R.DRAW),
        (R.WIN_UNRATED, R.LOSS_UNRATED),
        (R.LOSS_UNRATED, R.WIN_UNRATED),
        (R.DRAW_UNRATED, R.DRAW_UNRATED),
        (R.FORFEIT_WIN, R.FORFEIT_LOSS),
        (R.FORFEIT_LOSS, R.FORFEIT_WIN),
        (R.FORFEIT_LOSS, R.FORFEIT_LOSS),
        (R.PENDING, R.PENDING),
        # Unusual results of a game played (an arbiter's decision: one side's flag fell
        # with insufficient material on the board for the other, both lost for a breach of
        # the rules...): ½–0, 0–½ and 0–0, written one side at a time as FIDE's reference
        # generator (gacrux) writes them.
        (R.DRAW, R.LOSS),
        (R.LOSS, R.DRAW),
        (R.LOSS, R.LOSS),
        (R.DRAW_UNRATED, R.LOSS_UNRATED),
        (R.LOSS_UNRATED, R.DRAW_UNRATED),
        (R.LOSS_UNRATED, R.LOSS_UNRATED),
    }
)
"""Result pairs that two opponents may have in the same game (a double forfeit is ``- -``;
the unusual results ½–0, 0–½ and 0–0 of a game played are ``= 0``, ``0 =`` and ``0 0``)."""


@dataclasses.dataclass(slots=True)
class Locations:
    """Where things were read from, so that problems can name a line and a column."""

    source: str = "<string>"
    players: dict[int, int] = dataclasses.field(default_factory=dict)
    """Pairing number -> line of its 001 record."""
    absences: dict[tuple[int, int], int] = dataclasses.field(default_factory=dict)
    """(round, id) -> line of the 240 / XXZ record."""
    prohibited_pairings: dict[int, int] = dataclasses.field(default_factory=dict)
    """Index in Tournament.prohibited_pairings -> line."""
    teams: dict[int, int] = dataclasses.field(default_factory=dict)
    """Index in Tournament.teams -> line."""


def check_tournament(
    tournament: Tournament, locations: Locations | None = None
) -> list[TrfProblem]:
    """Every inconsistency in ``tournament``, errors and warnings, in file order."""
    checker = _Checker(tournament, locations or Locations())
    checker.check_players()
    checker.check_round_totals()
    checker.check_absences()
    checker.check_prohibited_pairings()
    checker.check_teams()
    return sorted(
        checker.problems,
        key=lambda problem: (problem.line or 0, problem.column or 0),
    )


class _Checker:
    def __init__(self, tournament: Tournament, locations: Locations) -> None:
        self.tournament = tournament
        self.locations = locations
        self.problems: list[TrfProblem] = []

    def add(
        self, severity: str, message: str, line: int | None = None, column: int | None = None
    ) -> None:
        self.problems.append(TrfProblem(severity, message, self.locations.source, line, column))

    def check_players(self) -> None:
        for player in self.tournament:
            for round_number, entry in enumerate(player.rounds, start=1):
                if entry.opponent is not None:
                    self.check_game(player, round_number, entry)
            self.check_points(player)

    def check_game(self, player: Player, round_number: int, entry: RoundEntry) -> None:
        number = player.pairing_number
        line = self.locations.players.get(number)
        opponent_number = entry.opponent
        assert opponent_number is not None
        # the number is right-aligned in its 4 columns: point at its first digit
        opponent_column = records.round_opponent(round_number).last + 1 - len(str(opponent_number))
        if opponent_number == number:
            self.add(
                ERROR,
                f"player {number} is paired against themselves in round {round_number}",
                line,
                opponent_column,
            )
            return
        opponent = self.tournament.players.get(opponent_number)
        if opponent is None:
            self.add(
                ERROR,
                f"round {round_number} opponent {opponent_number} of player "
                f"{number} does not exist (no 001 record)",
                line,
                opponent_column,
            )
            return
        other = opponent.entry(round_number)
        if other is None or other.opponent != number:
            other_opponent = None if other is None else other.opponent
            # A forfeit against someone recorded as absent is one-sided but usable (bbpPairings
            # checks only played games); anything else is a contradiction.
            one_sided_forfeit = other_opponent is None and entry.result.is_forfeit
            severity = WARNING if one_sided_forfeit else ERROR
            listed = "nobody" if other_opponent is None else f"player {other_opponent}"
            self.add(
                severity,
                f"player {number} lists {opponent_number} as round {round_number} "
                f"opponent, but player {opponent_number} lists {listed}",
                line,
                opponent_column,
            )
            return
        if number > opponent_number:
            return  # each game is checked once, from the lower pairing number
        if entry.colour is not None and entry.colour is other.colour:
            colour = "white" if entry.colour.value == "w" else "black"
            self.add(
                ERROR,
                f"players {number} and {opponent_number} both have {colour} in "
                f"round {round_number}",
                line,
                records.round_colour(round_number).first,
            )
        if (entry.result, other.result) not in COMPATIBLE_RESULTS:
            self.add(
                ERROR,
                f"round {round_number} results do not match: player {number} "
                f"has '{entry.result.value}', opponent {opponent_number} has "
                f"'{other.result.value}'",
                line,
                records.round_result(round_number).first,
            )

    def check_points(self, player: Player) -> None:
        problem = points_problem(self.tournament, player)
        if problem is not None:
            self.add(
                WARNING,
                problem,
                self.locations.players.get(player.pairing_number),
                records.POINTS.first,
            )

    def check_round_totals(self) -> None:
        byes: Counter[int] = Counter()
        for player in self.tournament:
            for round_number, entry in enumerate(player.rounds, start=1):
                if entry.result is ResultCode.PAIRING_BYE:
                    byes[round_number] += 1
        for round_number, count in sorted(byes.items()):
            if count > 1:
                self.add(WARNING, f"{count} pairing-allocated byes (U) in round {round_number}")
        total = self.tournament.total_rounds
        recorded = self.tournament.rounds_recorded
        if total is not None and recorded > total:
            self.add(
                WARNING,
                f"results recorded for {recorded} rounds, but the tournament has {total} rounds",
            )

    def check_absences(self) -> None:
        team_numbers = {team.number for team in self.tournament.teams}
        for round_number, absent in sorted(self.tournament.absences.items()):
            for number in sorted(absent):
                line = self.locations.absences.get((round_number, number))
                player = self.tournament.players.get(number)
                entry = None if player is None or team_numbers else player.entry(round_number)
                if entry is not None and entry.opponent is not None:
                    self.add(
                        WARNING,
                        f"bye for round {round_number} names player {number}, who has an "
                        f"opponent in that round ({entry.opponent})",
                        line,
                    )
                if player is not None or number in team_numbers:
                    continue
                self.add(
                    ERROR,
                    f"bye for round {round_number} names {number}, who is not a "
                    f"player" + (" or a team" if team_numbers else ""),
                    line,
                )

    def check_prohibited_pairings(self) -> None:
        team_numbers = {team.number for team in self.tournament.teams}
        for index, rule in enumerate(self.tournament.prohibited_pairings):
            for number in rule.players:
                if number not in self.tournament.players and number not in team_numbers:
                    self.add(
                        ERROR,
                        f"prohibited pairing names {number}, who is not a player",
                        self.locations.prohibited_pairings.get(index),
                    )
            if rule.first_round > rule.last_round:
                self.add(
                    ERROR,
                    f"prohibited pairing from round {rule.first_round} to round {rule.last_round}",
                    self.locations.prohibited_pairings.get(index),
                )

    def check_teams(self) -> None:
        seen: dict[int, int] = {}
        for index, team in enumerate(self.tournament.teams):
            line = self.locations.teams.get(index)
            for member in team.members:
                if member not in self.tournament.players:
                    self.add(
                        ERROR,
                        f"team {team.number} lists member {member}, who is not a player",
                        line,
                    )
                elif member in seen:
                    self.add(
                        WARNING,
                        f"player {member} is in team {seen[member]} and in team {team.number}",
                        line,
                    )
                else:
                    seen[member] = team.number


def points_problem(tournament: Tournament, player: Player) -> str | None:
    """Why ``player``'s points field (as read) is not the score the results give (None: it
    is, or there is none). A field that includes the acceleration is accepted, as JaVaFo and
    bbpPairings accept it."""
    declared = player.declared_points
    if declared is None:
        return None
    computed = tournament.points(player)
    if declared == computed:
        return None
    acceleration = tournament.acceleration_points(player.pairing_number, len(player.rounds) + 1)
    if acceleration and declared == computed + acceleration:
        return None
    return (
        f"points field of player {player.pairing_number} says "
        f"{_show(declared)}, but the results add up to {_show(computed)}"
    )


def _show(points: Fraction) -> str:
    try:
        return format_points(points)
    except ValueError:
        return str(points)


def first_error(problems: list[TrfProblem]) -> TrfProblem | None:
    return next((problem for problem in problems if problem.severity == ERROR), None)
