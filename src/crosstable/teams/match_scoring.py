"""Team match scoring: board results to match results, and re-scoring after the fact.

The first-named team of a match has White (Red in xiangqi) on the odd boards and Black on
the even ones. A board's game points follow the section's game scoring; a team with more
game points wins the match and takes the regulation's match points (2/1/0 by default).

* An empty board is forfeited: the player facing it wins by forfeit (both empty: nothing).
* A team fielding fewer than ``team.min_players_for_match`` players loses the whole match by
  ``team.short_team_result`` (e.g. ``"0-4"``): its players' games are forfeit losses, the
  opponents' forfeit wins; both short: a double forfeit (no points for either). A game of
  the match played over the board still makes it a played match (the teams have met, its
  colours count; docs/teams.md), lost by the regulation's score.
* A player found ineligible (:func:`rescore_ineligible`) has every game they played turned
  into a forfeit loss; with ``ineligible_player_penalty = "opponents_win_all_games"`` every
  match their team played with them is lost by the short-team score for the full board count
  (4–0 in the Fars league). Each changed match is returned as a :class:`Rescoring` so that
  the change can be audited.

:func:`team_event` turns scored matches into the ``TeamEvent`` that standings and the team
tie-breaks (:mod:`crosstable.tiebreaks.team`) read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from crosstable.model.colour import Colour
from crosstable.model.player import RoundEntry
from crosstable.model.results import ResultCode
from crosstable.model.scoring import ScoringSystem
from crosstable.model.team_records import (
    BoardOrder,
    ForfeitedMatch,
    MatchPointSystem,
    PointsAssignment,
    TeamEventRecords,
)
from crosstable.model.tournament import Tournament
from crosstable.regulations.schema import SectionRules, TeamByeValue
from crosstable.teams.lineups import LineUp
from crosstable.tiebreaks.team import BoardResult, TeamEvent, TeamMatch
from crosstable.typed.results import read_board_result

_MIRROR = {
    ResultCode.WIN: ResultCode.LOSS,
    ResultCode.LOSS: ResultCode.WIN,
    ResultCode.DRAW: ResultCode.DRAW,
    ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
    ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
    ResultCode.WIN_UNRATED: ResultCode.LOSS_UNRATED,
    ResultCode.LOSS_UNRATED: ResultCode.WIN_UNRATED,
    ResultCode.DRAW_UNRATED: ResultCode.DRAW_UNRATED,
    ResultCode.PENDING: ResultCode.PENDING,
}


@dataclasses.dataclass(frozen=True, slots=True)
class MatchRules:
    """What a team match needs from the regulations."""

    boards: int
    game_scoring: ScoringSystem = dataclasses.field(default_factory=ScoringSystem)
    match_points: ScoringSystem = dataclasses.field(
        default_factory=lambda: ScoringSystem(Fraction(2), Fraction(1), Fraction(0))
    )
    min_players: int | None = None
    short_team_score: tuple[Fraction, Fraction] | None = None
    """Game points of the short team and of its opponent, e.g. (0, 4); None: each board as
    it stands (the short team's empty boards forfeited)."""
    opponents_win_all_games: bool = False
    """Ineligible player: the whole match goes to the opponents by the short-team score."""
    bye: TeamByeValue = dataclasses.field(default_factory=TeamByeValue)
    """The pairing-allocated bye's value: C.04.6's drawn match unless ``team.bye`` says
    otherwise."""

    @classmethod
    def from_section(cls, section: SectionRules) -> MatchRules:
        """The match rules of a team section (ValueError naming the key if it has none)."""
        team = section.team
        if team is None or team.match_points is None:
            raise ValueError(f"sections.{section.key}.team.match_points: not a team event")
        short: tuple[Fraction, Fraction] | None = None
        if team.short_team_result:
            try:
                own, other = team.short_team_result.split("-")
                short = (Fraction(own.strip()), Fraction(other.strip()))
            except ValueError:
                raise ValueError(
                    f"sections.{section.key}.team.short_team_result: expected a score such as"
                    f" '0-4', got {team.short_team_result!r}"
                ) from None
        return cls(
            boards=team.boards,
            game_scoring=section.scoring,
            match_points=team.match_points,
            min_players=team.min_players_for_match,
            short_team_score=short,
            opponents_win_all_games=team.ineligible_player_penalty == "opponents_win_all_games",
            bye=team.bye,
        )

    def bye_points(self) -> tuple[Fraction, Fraction]:
        """The match points and game points of the pairing-allocated bye (the same for every
        bye of the event): a drawn match by default (C.04.6: 1 MP and 2 GP on four boards at
        2/1/0 and 1/½/0), a won or lost match on every board, or the regulation's points."""
        mp, gs = self.match_points, self.game_scoring
        if self.bye.result == "points":
            if self.bye.match_points is None or self.bye.game_points is None:
                raise ValueError("team.bye: both match_points and game_points are needed")
            return self.bye.match_points, self.bye.game_points
        by_result = {
            "draw": (mp.draw, gs.draw),
            "win": (mp.win, gs.win),
            "loss": (mp.loss, gs.loss),
        }
        if self.bye.result not in by_result:
            raise ValueError(f"team.bye: unknown value {self.bye.result!r}")
        match_points, per_board = by_result[self.bye.result]
        return match_points, per_board * self.boards

    def forfeit_score(self) -> tuple[Fraction, Fraction]:
        """The loser's and winner's game points of a match lost as a whole."""
        if self.short_team_score is not None:
            return self.short_team_score
        return (
            self.game_scoring.forfeit_loss_points * self.boards,
            self.game_scoring.forfeit_win_points * self.boards,
        )


def board_colour(board: int) -> Colour:
    """The first-named team's colour on ``board``: White (Red) on odd boards."""
    return Colour.WHITE if board % 2 == 1 else Colour.BLACK


@dataclasses.dataclass(frozen=True, slots=True)
class ScoredBoard:
    board: int
    first_player: int | None
    second_player: int | None
    first_result: ResultCode
    second_result: ResultCode
    first_points: Fraction
    second_points: Fraction

    @property
    def played(self) -> bool:
        return self.first_result.is_played and self.first_player is not None

    @property
    def first_colour(self) -> Colour:
        return board_colour(self.board)


@dataclasses.dataclass(frozen=True, slots=True)
class ScoredMatch:
    """A team match with its board results and the match result, first-named team first."""

    round_number: int
    first_team: int
    second_team: int
    boards: tuple[ScoredBoard, ...]
    first_game_points: Fraction
    second_game_points: Fraction
    first_match_points: Fraction
    second_match_points: Fraction
    first_result: ResultCode
    """WIN/DRAW/LOSS when any board was played, FORFEIT_WIN/FORFEIT_LOSS otherwise,
    PENDING while a board result is missing."""
    note: str = ""
    """Why the score is not the boards' sum: "short:<team>", "ineligible:<player>"."""

    @property
    def second_result(self) -> ResultCode:
        if self.first_result is ResultCode.FORFEIT_LOSS and self.second_match_points == 0:
            return ResultCode.FORFEIT_LOSS  # double forfeit
        return _MIRROR[self.first_result]

    def teams(self) -> tuple[int, int]:
        return (self.first_team, self.second_team)

    def games_of(self, player: int) -> list[tuple[ScoredBoard, bool]]:
        """The boards ``player`` sat at, with True when on the first-named team's side."""
        return [
            (board, board.first_player == player)
            for board in self.boards
            if player in (board.first_player, board.second_player)
        ]


def score_match(
    round_number: int,
    first: LineUp,
    second: LineUp,
    results: Mapping[int, tuple[ResultCode, ResultCode] | str],
    rules: MatchRules,
) -> ScoredMatch:
    """Score the match between ``first`` (White/Red on odd boards) and ``second`` from the
    board results (board -> the two players' codes, or a text such as ``"1-0"``); boards
    without a result are pending, empty boards are forfeited, and so are the boards a line-up
    has ``out_of_order`` (lost by that team whatever was played there).

    A team is short when fewer than ``rules.min_players`` of its players are there: those its
    line-up names minus those entered as absent (a forfeit loss on their board, ``-+`` /
    ``--``). Fars: "a match is valid with three players; a team with fewer than 3 loses 0–4" —
    a line-up of four with two absent is a team of two, and loses 0–4 whatever the two played,
    not 1–3 or 2–2 by its boards."""
    given = {
        board: read_board_result(result) if isinstance(result, str) else result
        for board, result in results.items()
    }
    first_short = _short(first, _absent(first, second, given, 0), rules)
    second_short = _short(second, _absent(second, first, given, 1), rules)
    boards: list[ScoredBoard] = []
    for board in range(1, rules.boards + 1):
        first_player, second_player = first.player_on(board), second.player_on(board)
        if first_short or second_short:
            codes = (
                _forfeit_side(first_player, first_short),
                _forfeit_side(second_player, second_short),
            )
        elif first_player is None or second_player is None:
            codes = (
                ResultCode.FORFEIT_WIN if first_player is not None else ResultCode.FORFEIT_LOSS,
                ResultCode.FORFEIT_WIN if second_player is not None else ResultCode.FORFEIT_LOSS,
            )
        elif board in first.out_of_order or board in second.out_of_order:
            # Fars: a board-order error loses only the game where it occurred.
            codes = (
                ResultCode.FORFEIT_LOSS if board in first.out_of_order else ResultCode.FORFEIT_WIN,
                ResultCode.FORFEIT_LOSS if board in second.out_of_order else ResultCode.FORFEIT_WIN,
            )
        else:
            codes = given.get(board, (ResultCode.PENDING, ResultCode.PENDING))
        boards.append(_board(board, first_player, second_player, codes, rules))
    note = ""
    override: tuple[Fraction, Fraction] | None = None
    played: bool | None = None
    if first_short or second_short:
        loser, winner = rules.forfeit_score()
        if first_short and second_short:
            override, note = (Fraction(0), Fraction(0)), "short:both"
        elif first_short:
            override, note = (loser, winner), f"short:{first.team}"
        else:
            override, note = (winner, loser), f"short:{second.team}"
        if not (first_short and second_short):
            # docs/teams.md, "When two teams have met": a game of the match played over the
            # board (both players there, not entered as a forfeit) means the teams have met,
            # even though the short team loses by the regulation's score.
            played = _played_over_the_board(first, second, given, rules.boards)
    return _match(
        round_number, first.team, second.team, tuple(boards), rules, override, note, played
    )


def _played_over_the_board(
    first: LineUp,
    second: LineUp,
    results: Mapping[int, tuple[ResultCode, ResultCode]],
    boards: int,
) -> bool:
    """Whether a board of the match was played over the board: both players seated and not
    entered as a forfeit (a result, or none yet: a short team's match is decided without
    its games' results, but the players who came sat down and played)."""
    pending = (ResultCode.PENDING, ResultCode.PENDING)
    return any(
        first.player_on(board) is not None
        and second.player_on(board) is not None
        and all(code.is_played for code in results.get(board, pending))
        for board in range(1, boards + 1)
    )


def _absent(
    lineup: LineUp,
    other: LineUp,
    results: Mapping[int, tuple[ResultCode, ResultCode]],
    side: int,
) -> int:
    """How many of ``lineup``'s players were entered as absent: a forfeit loss on their board
    (side 0: the first-named team's result, 1: the second's) where both boards had a player
    (an empty board's forfeit is not entered, it follows from the line-ups)."""
    return sum(
        1
        for board, player in enumerate(lineup.boards, start=1)
        if player is not None
        and other.player_on(board) is not None
        and board in results
        and results[board][side] is ResultCode.FORFEIT_LOSS
    )


def _short(lineup: LineUp, absent: int, rules: MatchRules) -> bool:
    return rules.min_players is not None and len(lineup.players) - absent < rules.min_players


def _forfeit_side(player: int | None, short: bool) -> ResultCode:
    return ResultCode.FORFEIT_LOSS if short or player is None else ResultCode.FORFEIT_WIN


def _board(
    board: int,
    first_player: int | None,
    second_player: int | None,
    codes: tuple[ResultCode, ResultCode],
    rules: MatchRules,
) -> ScoredBoard:
    colour = board_colour(board)
    return ScoredBoard(
        board,
        first_player,
        second_player,
        codes[0],
        codes[1],
        rules.game_scoring.points(codes[0], colour),
        rules.game_scoring.points(codes[1], colour.opposite),
    )


_PLAYED_RESULTS = frozenset({ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS})
"""A match's result when at least one of its boards was played."""


def _match(
    round_number: int,
    first_team: int,
    second_team: int,
    boards: tuple[ScoredBoard, ...],
    rules: MatchRules,
    override: tuple[Fraction, Fraction] | None = None,
    note: str = "",
    played: bool | None = None,
) -> ScoredMatch:
    """The match from its boards, or with the score ``override`` (a short team, an
    ineligible player's 4–0); ``played``: whether it was played over the board (default:
    any board played, and never with an override)."""
    if override is None:
        first_gp = sum((board.first_points for board in boards), Fraction(0))
        second_gp = sum((board.second_points for board in boards), Fraction(0))
    else:
        first_gp, second_gp = override
    mp = rules.match_points
    pending = override is None and any(b.first_result is ResultCode.PENDING for b in boards)
    if played is None:
        played = override is None and any(board.played for board in boards)
    if pending:
        result, first_mp, second_mp = ResultCode.PENDING, Fraction(0), Fraction(0)
    elif first_gp > second_gp:
        result = ResultCode.WIN if played else ResultCode.FORFEIT_WIN
        first_mp, second_mp = mp.win, mp.loss
    elif first_gp < second_gp:
        result = ResultCode.LOSS if played else ResultCode.FORFEIT_LOSS
        first_mp, second_mp = mp.loss, mp.win
    elif first_gp == 0 and not played:
        result, first_mp, second_mp = ResultCode.FORFEIT_LOSS, Fraction(0), Fraction(0)
    else:
        result, first_mp, second_mp = ResultCode.DRAW, mp.draw, mp.draw
    return ScoredMatch(
        round_number,
        first_team,
        second_team,
        boards,
        first_gp,
        second_gp,
        first_mp,
        second_mp,
        result,
        note,
    )


# -- ineligible players ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Rescoring:
    """One match changed because a player was ineligible: before and after, for the log."""

    player: int
    before: ScoredMatch
    after: ScoredMatch

    def describe(self) -> str:
        def score(match: ScoredMatch) -> str:
            return f"{match.first_game_points}-{match.second_game_points}"

        return (
            f"round {self.after.round_number}, team {self.after.first_team} v "
            f"{self.after.second_team}: {score(self.before)} -> {score(self.after)} "
            f"(player {self.player} ineligible)"
        )


def rescore_ineligible(
    matches: Iterable[ScoredMatch], player: int, rules: MatchRules
) -> tuple[list[ScoredMatch], list[Rescoring]]:
    """Every match re-scored with ``player`` ineligible: each game they sat at becomes a
    forfeit loss for them and a forfeit win for their opponent, and the match result follows
    the boards; with ``rules.opponents_win_all_games`` the whole match goes to the opponents
    by the short-team score. Returns all matches (unchanged ones as they were) and the
    changes, in the order given."""
    rescored: list[ScoredMatch] = []
    changes: list[Rescoring] = []
    for match in matches:
        seats = match.games_of(player)
        if not seats:
            rescored.append(match)
            continue
        on_first_side = seats[0][1]
        boards = []
        for board in match.boards:
            if board in (seat for seat, _ in seats):
                codes = (
                    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
                    if on_first_side
                    else (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
                )
                if (board.second_player if on_first_side else board.first_player) is None:
                    codes = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)
                board = _board(board.board, board.first_player, board.second_player, codes, rules)
            boards.append(board)
        override: tuple[Fraction, Fraction] | None = None
        if rules.opponents_win_all_games:
            loser, winner = rules.forfeit_score()
            override = (loser, winner) if on_first_side else (winner, loser)
        after = _match(
            match.round_number,
            match.first_team,
            match.second_team,
            tuple(boards),
            rules,
            override,
            f"ineligible:{player}",
            # Re-scored, the match was still played over the board: the teams have met
            # (C.04.6 2.1.1: never paired again) and its colours count.
            played=match.first_result in _PLAYED_RESULTS,
        )
        rescored.append(after)
        changes.append(Rescoring(player, match, after))
    return rescored, changes


def record_match(tournament: Tournament, match: ScoredMatch) -> None:
    """Write the match's board games into the players' round entries of ``tournament`` (the
    form the team Swiss engine pairs the next round from and a TRF file holds). A player
    facing an empty board gets a forfeit win (or, in a match lost as a whole, a forfeit loss)
    without opponent or colour (TRF ``0000 - +``), which
    :mod:`crosstable.model.team_match` counts as a board of the team's match."""
    for board in match.boards:
        colour = board.first_colour
        for player, opponent, result, own_colour in (
            (board.first_player, board.second_player, board.first_result, colour),
            (board.second_player, board.first_player, board.second_result, colour.opposite),
        ):
            if player is None or player not in tournament.players:
                continue
            tournament.players[player].set_entry(
                match.round_number,
                RoundEntry(opponent, own_colour if opponent is not None else None, result),
            )


def event_records(
    matches: Sequence[ScoredMatch],
    rules: MatchRules,
    byes: Sequence[TeamBye] = (),
    bye_match_points: Fraction | None = None,
    bye_game_points: Fraction | None = None,
    rosters: Mapping[int, Sequence[int]] | None = None,
) -> TeamEventRecords:
    """The team records of scored matches, for a file that a reader scores the same way
    (:func:`crosstable.model.team_match.team_rounds`): the board colours of the first-named team
    (odd boards White), the match points, the pairing-allocated bye at the value
    :func:`team_event` gives it (``rules.bye_points()`` unless given), absences, and a forfeited
    match (TRF 330) for every match lost as a whole whose score the boards alone do not give (a
    short team, an ineligible player's 4–0, a team that fielded nobody), and both teams' board
    order (TRF 300) in a match with an empty board, or a team's when its players do not sit in
    the order of its roster (``rosters``: team -> members; an arbiter's accepted board-order
    error), and the points of a match whose score neither the boards nor 330 give (TRF 299:
    Fars's 0–4 of a short team against opponents who won only three boards)."""
    mp = rules.match_points
    default_bye = rules.bye_points()
    forfeited: list[ForfeitedMatch] = []
    assignments: list[PointsAssignment] = []
    for match in matches:
        forfeit = _forfeited_match(match, rules)
        if forfeit is not None:
            forfeited.append(forfeit)
        assignments += _assignments(match)
    orders = tuple(order for match in matches for order in _board_orders(match, rosters or {}))
    absences: dict[int, dict[int, ResultCode]] = {}
    for bye in byes:
        if bye.result is not ResultCode.PAIRING_BYE:
            absences.setdefault(bye.round_number, {})[bye.team] = bye.result
    return TeamEventRecords(
        board_colours="".join(
            "W" if board_colour(board) is Colour.WHITE else "B"
            for board in range(1, rules.boards + 1)
        ),
        boards=rules.boards,
        match_points=MatchPointSystem(mp.win, mp.draw, mp.loss),
        bye_match_points=default_bye[0] if bye_match_points is None else bye_match_points,
        bye_game_points=default_bye[1] if bye_game_points is None else bye_game_points,
        bye_teams={
            bye.round_number: bye.team for bye in byes if bye.result is ResultCode.PAIRING_BYE
        },
        forfeited_matches=tuple(forfeited),
        absences=absences,
        board_orders=orders,
        assignments=tuple(assignments),
    )


_ASSIGNMENT_RESULT = {
    ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "-",
    ResultCode.WIN: "W",
    ResultCode.DRAW: "D",
    ResultCode.LOSS: "L",
}


def _assignments(match: ScoredMatch) -> list[PointsAssignment]:
    """Both teams' points (TRF 299) when the boards do not add up to the match's score: a
    short team's 0–4 when the opponents won only three boards by forfeit. (A 330 record says
    the same to crosstable's reader, but other programs, FIDE's reference among them, add up
    the boards of a forfeited match.)"""
    if match.first_result is ResultCode.PENDING:
        return []
    boards_say = (
        sum((board.first_points for board in match.boards), Fraction(0)),
        sum((board.second_points for board in match.boards), Fraction(0)),
    )
    # A match played over the board whose boards were all scored as forfeits (a short team
    # that played some of its games: docs/teams.md) needs the 299 too: its W/D/L says the
    # teams have met, which the forfeited boards alone do not.
    played_unseen = match.first_result in _PLAYED_RESULTS and not any(
        board.played for board in match.boards
    )
    if boards_say == (match.first_game_points, match.second_game_points) and not played_unseen:
        return []
    return [
        PointsAssignment(
            match.round_number,
            team,
            _ASSIGNMENT_RESULT[result],
            match_points,
            game_points,
        )
        for team, result, match_points, game_points in (
            (
                match.first_team,
                match.first_result,
                match.first_match_points,
                match.first_game_points,
            ),
            (
                match.second_team,
                match.second_result,
                match.second_match_points,
                match.second_game_points,
            ),
        )
    ]


def _board_orders(match: ScoredMatch, rosters: Mapping[int, Sequence[int]]) -> list[BoardOrder]:
    """The 300 records a match needs: both teams' when a board is empty (other programs pair
    the games board by board and find one missing), a team's whose players are out of roster
    order."""
    empty_seat = any(b.first_player is None or b.second_player is None for b in match.boards)
    orders = []
    for team, opponent, players in (
        (match.first_team, match.second_team, [b.first_player for b in match.boards]),
        (match.second_team, match.first_team, [b.second_player for b in match.boards]),
    ):
        roster = list(rosters.get(team, ()))
        seated = [player for player in players if player is not None]
        in_order = all(player in roster for player in seated) and seated == sorted(
            seated, key=roster.index
        )
        if empty_seat or (not in_order and roster):
            orders.append(
                BoardOrder(
                    match.round_number,
                    team,
                    opponent,
                    tuple(0 if player is None else player for player in players),
                )
            )
    return orders


def _forfeited_match(match: ScoredMatch, rules: MatchRules) -> ForfeitedMatch | None:
    if match.first_result not in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS):
        return None  # played (or pending): the boards give the score
    first_won = match.first_result is ResultCode.FORFEIT_WIN
    second_won = match.second_result is ResultCode.FORFEIT_WIN
    mark = ("+" if first_won else "-") + ("+" if second_won else "-")
    boards_say = (
        sum((board.first_points for board in match.boards), Fraction(0)),
        sum((board.second_points for board in match.boards), Fraction(0)),
    )
    met = any(b.first_player is not None and b.second_player is not None for b in match.boards)
    played = any(board.played for board in match.boards)
    if boards_say == (match.first_game_points, match.second_game_points) and met and not played:
        return None  # the forfeited boards say it all, and who met whom
    # 330 gives the whole match to the team marked '+', every board at the forfeit value (a
    # regulation's short-team score other than that is added as 299 points: _assignments).
    return ForfeitedMatch(match.round_number, match.first_team, match.second_team, mark)


# -- standings ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class TeamBye:
    """A round without a match for ``team``: the pairing-allocated bye, or an absence."""

    round_number: int
    team: int
    result: ResultCode = ResultCode.PAIRING_BYE


def team_event(
    matches: Sequence[ScoredMatch],
    names: Mapping[int, str],
    rules: MatchRules,
    rounds: int,
    byes: Sequence[TeamBye] = (),
    primary: str = "MP",
    bye_match_points: Fraction | None = None,
    bye_game_points: Fraction | None = None,
) -> TeamEvent:
    """The ``TeamEvent`` (what standings and team tie-breaks read) of rounds 1..``rounds``.

    The pairing-allocated bye is worth ``bye_match_points`` / ``bye_game_points`` when given,
    else ``rules.bye_points()`` (``team.bye``; C.04.6's default: a drawn match);
    a round with neither match nor bye is a zero-point absence. Pending matches count as
    not yet played (no points)."""
    mp, gs = rules.match_points, rules.game_scoring
    by_round: dict[tuple[int, int], TeamMatch] = {}
    for match in matches:
        if match.first_result is ResultCode.PENDING:
            continue
        for team, opponent, own_first in (
            (match.first_team, match.second_team, True),
            (match.second_team, match.first_team, False),
        ):
            by_round[(match.round_number, team)] = TeamMatch(
                opponent,
                match.first_match_points if own_first else match.second_match_points,
                match.first_game_points if own_first else match.second_game_points,
                match.first_result if own_first else match.second_result,
                tuple(
                    BoardResult(
                        board.board,
                        board.first_points if own_first else board.second_points,
                        board.played,
                        board.first_colour if own_first else board.first_colour.opposite,
                    )
                    for board in match.boards
                ),
                Colour.WHITE if own_first else Colour.BLACK,
            )
    for bye in byes:
        if bye.result is ResultCode.PAIRING_BYE:
            default_bye = rules.bye_points()
            points = (
                default_bye[0] if bye_match_points is None else bye_match_points,
                default_bye[1] if bye_game_points is None else bye_game_points,
            )
        elif bye.result is ResultCode.HALF_POINT_BYE:
            points = (mp.draw, gs.draw * rules.boards)
        elif bye.result is ResultCode.FULL_POINT_BYE:
            points = (mp.win, gs.win * rules.boards)
        else:
            points = (Fraction(0), Fraction(0))
        by_round[(bye.round_number, bye.team)] = TeamMatch(None, *points, bye.result)
    return TeamEvent(
        {
            team: [
                by_round.get(
                    (round_number, team),
                    TeamMatch(None, Fraction(0), Fraction(0), ResultCode.ZERO_POINT_BYE),
                )
                for round_number in range(1, rounds + 1)
            ]
            for team in names
        },
        rules.boards,
        match_win=mp.win,
        match_draw=mp.draw,
        match_loss=mp.loss,
        game_win=gs.win,
        game_draw=gs.draw,
        primary=primary,
        names=dict(names),
    )
