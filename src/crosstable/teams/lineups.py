"""Line-ups: who plays on which board of a team match in one round.

A captain submits the line-up before the deadline (``team.lineup_minutes_before_round``
before the round starts, e.g. 30 minutes in the Fars league); a team that submits none, or
submits too late, plays its registered line-up (the first ``boards`` players of the roster).
A line-up is valid when:

* every player is on the team's roster, at most once;
* the players sit in roster order (``team.keep_board_order``): a reserve may replace a
  main-board player, but nobody moves above a player listed before them on the roster;
* empty boards, if any, are the last ones (players move up; an empty board is forfeited).

A team fielding fewer than ``team.min_players_for_match`` players still has a valid line-up:
the match is then lost by the regulation's score (see :mod:`crosstable.teams.match_scoring`).
The arbiter may enter or correct any line-up at any time (``LineUpSource.ARBITER``); the web
layer logs every change. Under the Fars rule "an error in the board order loses only the games
where the error occurred" the arbiter may also accept a line-up that breaks the roster order:
the boards flagged by :func:`boards_out_of_order` (every board whose player is not the one the
roster order puts there) are then marked, and :func:`crosstable.teams.match_scoring.score_match`
scores those games as forfeit losses for the offending team while the other games stand.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
from collections.abc import Mapping, Sequence

from crosstable.regulations.schema import TeamRules
from crosstable.regulations.sections import Problem
from crosstable.teams.roster import TeamRoster


class LineUpSource(enum.Enum):
    """Where a round's line-up came from."""

    SUBMITTED = "submitted"
    """The captain's line-up, submitted before the deadline."""
    REGISTERED = "registered"
    """No line-up (or a late one): the registered line-up is used."""
    ARBITER = "arbiter"
    """Entered or corrected by the arbiter."""


@dataclasses.dataclass(frozen=True, slots=True)
class LineUp:
    """The players of one team on boards 1..n of one round (None: an empty board)."""

    team: int
    round_number: int
    boards: tuple[int | None, ...]
    source: LineUpSource = LineUpSource.SUBMITTED
    out_of_order: frozenset[int] = frozenset()
    """Boards the arbiter accepted out of roster order: lost by forfeit by this team."""

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(player for player in self.boards if player is not None)

    def player_on(self, board: int) -> int | None:
        return self.boards[board - 1] if 1 <= board <= len(self.boards) else None


def lineup_deadline(round_start: datetime.datetime, rules: TeamRules) -> datetime.datetime | None:
    """When line-ups for a round starting at ``round_start`` are due (None: no deadline)."""
    if rules.lineup_minutes_before_round is None:
        return None
    return round_start - datetime.timedelta(minutes=rules.lineup_minutes_before_round)


@dataclasses.dataclass(frozen=True, slots=True)
class LineUpProblem(Problem):
    """What is wrong with a line-up, with the boards, players (ids) and roster places it
    concerns, so that a user interface can name the players and say it in its own language
    (``message`` is the English text, with player names when :func:`validate_lineup` was
    given them)."""

    board: int = 0
    """The board at fault (0: the line-up as a whole, ``lineup.board_count``)."""
    player: int | None = None
    roster_place: int | None = None
    """``player``'s place on the roster (1 = first)."""
    above_board: int | None = None
    """``lineup.order``: the board above whose player ``player`` may not sit;
    ``lineup.gap``: the empty board above ``board``."""
    above_player: int | None = None
    above_roster_place: int | None = None
    boards_expected: int | None = None
    boards_given: int | None = None


def validate_lineup(
    roster: TeamRoster,
    boards: Sequence[int | None],
    rules: TeamRules,
    names: Mapping[int, str] | None = None,
) -> list[LineUpProblem]:
    """Everything wrong with putting ``boards`` (player or None, board by board) up for
    ``roster`` under ``rules``; an empty list when the line-up is valid. ``names`` (player ->
    name) lets the English messages name the players rather than give their ids."""

    def called(player: int) -> str:
        return names.get(player, f"player {player}") if names else f"player {player}"

    problems: list[LineUpProblem] = []
    if len(boards) != rules.boards:
        problems.append(
            LineUpProblem(
                "lineup.board_count",
                f"a line-up has {rules.boards} boards, got {len(boards)}",
                boards_expected=rules.boards,
                boards_given=len(boards),
            )
        )
    seen: set[int] = set()
    previous_position = 0
    previous_board = 0
    previous_player: int | None = None
    empty_seen_at = 0
    for board, player in enumerate(boards, start=1):
        if player is None:
            empty_seen_at = empty_seen_at or board
            continue
        if empty_seen_at:
            problems.append(
                LineUpProblem(
                    "lineup.gap",
                    f"board {board} is filled but board {empty_seen_at} is empty: "
                    "players move up, empty boards are the last ones",
                    board=board,
                    player=player,
                    above_board=empty_seen_at,
                )
            )
            empty_seen_at = 0
        if player in seen:
            problems.append(
                LineUpProblem(
                    "lineup.duplicate",
                    f"board {board}: {called(player)} is already listed",
                    board=board,
                    player=player,
                )
            )
            continue
        seen.add(player)
        if player not in roster.members:
            problems.append(
                LineUpProblem(
                    "lineup.not_on_roster",
                    f"board {board}: {called(player)} is not on the roster of {roster.name}",
                    board=board,
                    player=player,
                )
            )
            continue
        position = roster.position(player)
        if rules.keep_board_order and position < previous_position:
            assert previous_player is not None  # a higher roster place was seen before
            problems.append(
                LineUpProblem(
                    "lineup.order",
                    f"board {board}: {called(player)} (roster place {position}) may not play"
                    f" below {called(previous_player)} (roster place {previous_position}) on"
                    f" board {previous_board}: the line-up keeps the roster order",
                    board=board,
                    player=player,
                    roster_place=position,
                    above_board=previous_board,
                    above_player=previous_player,
                    above_roster_place=previous_position,
                )
            )
        if position > previous_position:
            previous_position, previous_board, previous_player = position, board, player
    return problems


def boards_out_of_order(
    roster: TeamRoster, boards: Sequence[int | None], rules: TeamRules
) -> frozenset[int]:
    """The boards of ``boards`` where the roster order is broken: every board whose player
    is not the one the roster order puts there, i.e. not the player the same fielded players
    sorted by roster place would seat on it. Fars: "an error in the board order loses only the
    games where the error occurred" — two players swapped are both on a wrong board (roster
    11–14 as 12, 11, 13, 14: boards 1 and 2); a reserve moved up pushes everyone he jumped
    down a board (11, 15, 13, 14: 15 belongs on board 4, 13 and 14 on boards 2 and 3: boards
    2, 3 and 4). Empty when the order need not be kept; players not on the roster (refused by
    :func:`validate_lineup`) are left out."""
    if not rules.keep_board_order:
        return frozenset()
    seated: list[tuple[int, int]] = []
    seen: set[int] = set()
    for board, player in enumerate(boards, start=1):
        if player is None or player in seen or player not in roster.members:
            continue
        seen.add(player)
        seated.append((board, player))
    rightful = sorted((player for _board, player in seated), key=roster.position)
    return frozenset(
        board for (board, player), right in zip(seated, rightful, strict=True) if player != right
    )


def is_short(lineup: LineUp, rules: TeamRules) -> bool:
    """The team fields fewer players than a match needs (it loses by the regulation's score)."""
    needed = rules.min_players_for_match
    return needed is not None and len(lineup.players) < needed


def effective_lineup(
    roster: TeamRoster,
    round_number: int,
    rules: TeamRules,
    submitted: Sequence[int | None] | None = None,
    submitted_at: datetime.datetime | None = None,
    round_start: datetime.datetime | None = None,
    arbiter: Sequence[int | None] | None = None,
    arbiter_out_of_order: frozenset[int] = frozenset(),
    unavailable: frozenset[int] = frozenset(),
) -> LineUp:
    """The line-up a team plays in ``round_number``: the arbiter's if they entered one,
    else the captain's if it was submitted in time, else the registered line-up.

    A submitted line-up must be valid (:func:`validate_lineup`); callers check it when it
    is submitted, so an invalid one here is a programming error (ValueError).
    ``arbiter_out_of_order``: the boards of the arbiter's line-up accepted out of order.
    ``unavailable``: players who may not play this round (declared ineligible before it):
    the registered line-up takes the next players of the roster instead, and a submitted or
    arbiter's line-up that still names one plays without them (the players below move up, the
    last board stays empty)."""
    if arbiter is not None:
        boards = _without(arbiter, unavailable)
        out_of_order = frozenset(arbiter_out_of_order)
        if out_of_order and boards != tuple(arbiter):
            out_of_order = boards_out_of_order(roster, boards, rules)
        return LineUp(roster.number, round_number, boards, LineUpSource.ARBITER, out_of_order)
    deadline = lineup_deadline(round_start, rules) if round_start is not None else None
    on_time = submitted is not None and (
        deadline is None or submitted_at is None or submitted_at <= deadline
    )
    if submitted is not None and on_time:
        problems = validate_lineup(roster, submitted, rules)
        if problems:
            raise ValueError("; ".join(problem.message for problem in problems))
        return LineUp(
            roster.number,
            round_number,
            _without(submitted, unavailable),
            LineUpSource.SUBMITTED,
        )
    available = dataclasses.replace(
        roster, members=tuple(m for m in roster.members if m not in unavailable)
    )
    return LineUp(
        roster.number,
        round_number,
        available.registered_lineup(rules.boards),
        LineUpSource.REGISTERED,
    )


def _without(boards: Sequence[int | None], unavailable: frozenset[int]) -> tuple[int | None, ...]:
    """``boards`` without the ``unavailable`` players, the others moved up, empty boards last."""
    if not unavailable.intersection(player for player in boards if player is not None):
        return tuple(boards)
    kept = [player for player in boards if player is not None and player not in unavailable]
    return tuple(kept + [None] * (len(boards) - len(kept)))
