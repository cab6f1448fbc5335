"""Board rankings and board prizes of a team event, and the team entrants of team prizes.

Each player is ranked on the board of their roster position (board 5 and 6 are the reserves
of a 4-board team with two reserves), among the players of that board who played at least
the regulation's minimum number of games there (``board_ranking.min_games``, e.g. 7 on
boards 1–4 and 6 on boards 5–6). Whether forfeits count as games (and their points as
points) is ``board_ranking.forfeits_count``. The criteria, in the regulation's order:

* ``percentage`` — points ÷ games, higher first;
* ``games`` — more games first;
* ``direct_encounter`` — points scored against the other tied players, when all of them met;
* ``team_place`` — the higher final place of the player's team;
* ``wins`` — more wins.

Players still tied share the place. :func:`board_entrants` gives the ranking as prize
allocation reads it, with the attributes the category prizes test (sex, birth date, age at
the category's reference date, games); :func:`team_entrants` does the same for the teams
(unit kind, the team's own attributes, average rating with unrated players counted as the
category says).
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from crosstable.model.player import Player
from crosstable.model.results import ResultCode
from crosstable.prizes.allocation import RankedEntrant
from crosstable.prizes.average import team_average_rating
from crosstable.regulations.schema import BOARD_CRITERIA, AttributeValue, BoardRanking, PrizeRules
from crosstable.standings import age_on
from crosstable.teams.match_scoring import ScoredMatch
from crosstable.teams.roster import TeamRoster


@dataclasses.dataclass(frozen=True, slots=True)
class BoardRecord:
    """A player's record on their board."""

    player: int
    team: int
    board: int
    games: int
    points: Fraction
    wins: int
    opponents: Mapping[int, Fraction]
    """Points scored against each opponent met over the board."""

    @property
    def percentage(self) -> Fraction:
        return self.points / self.games if self.games else Fraction(0)


@dataclasses.dataclass(frozen=True, slots=True)
class BoardPlace:
    rank: int
    record: BoardRecord
    shared: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class BoardStanding:
    board: int
    places: tuple[BoardPlace, ...]
    unranked: tuple[BoardRecord, ...]
    """Players of this board with too few games."""


@dataclasses.dataclass(slots=True)
class _Tally:
    games: int = 0
    points: Fraction = Fraction(0)
    wins: int = 0
    met: dict[int, Fraction] = dataclasses.field(default_factory=dict)


_WINS = frozenset({ResultCode.WIN, ResultCode.FORFEIT_WIN, ResultCode.WIN_UNRATED})


def board_records(
    matches: Sequence[ScoredMatch],
    rosters: Sequence[TeamRoster],
    forfeits_count: bool,
) -> dict[int, BoardRecord]:
    """Every rostered player's record (player -> record), on their roster board."""
    team_of = {member: roster for roster in rosters for member in roster.members}
    tallies: dict[int, _Tally] = {}
    for match in matches:
        for board in match.boards:
            for player, result, points, opponent in (
                (board.first_player, board.first_result, board.first_points, board.second_player),
                (board.second_player, board.second_result, board.second_points, board.first_player),
            ):
                if player is None or player not in team_of or result is ResultCode.PENDING:
                    continue
                if result.is_forfeit and not forfeits_count:
                    continue
                tally = tallies.setdefault(player, _Tally())
                tally.games += 1
                tally.points += points
                tally.wins += result in _WINS
                if board.played and opponent is not None:
                    tally.met[opponent] = tally.met.get(opponent, Fraction(0)) + points
    records: dict[int, BoardRecord] = {}
    for player, roster in team_of.items():
        tally = tallies.get(player, _Tally())
        records[player] = BoardRecord(
            player,
            roster.number,
            roster.position(player),
            tally.games,
            tally.points,
            tally.wins,
            dict(tally.met),
        )
    return records


def rank_board(
    board: int,
    records: Mapping[int, BoardRecord],
    rules: BoardRanking,
    team_places: Mapping[int, int],
) -> BoardStanding:
    """The ranking of ``board`` by the regulation's criteria (unknown criteria: ValueError)."""
    unknown = [c for c in rules.criteria if c not in BOARD_CRITERIA]
    if unknown:
        raise ValueError(
            f"board_ranking.criteria: unknown {', '.join(unknown)} "
            f"(known: {', '.join(BOARD_CRITERIA)})"
        )
    on_board = sorted((r for r in records.values() if r.board == board), key=lambda r: r.player)
    needed = rules.min_games.get(board, 0)
    eligible = [r for r in on_board if r.games >= needed and r.games > 0]
    unranked = tuple(r for r in on_board if r not in eligible)
    groups = [eligible]
    for criterion in rules.criteria:
        groups = [part for group in groups for part in _split(group, criterion, team_places)]
    places: list[BoardPlace] = []
    position = 1
    for group in groups:
        for record in sorted(group, key=lambda r: r.player):
            places.append(BoardPlace(position, record, len(group) > 1))
        position += len(group)
    return BoardStanding(board, tuple(places), unranked)


def _split(
    group: list[BoardRecord], criterion: str, team_places: Mapping[int, int]
) -> list[list[BoardRecord]]:
    if len(group) < 2:
        return [group]
    key: Callable[[BoardRecord], Fraction | int]
    if criterion == "percentage":
        key = lambda r: -r.percentage  # noqa: E731
    elif criterion == "games":
        key = lambda r: -r.games  # noqa: E731
    elif criterion == "wins":
        key = lambda r: -r.wins  # noqa: E731
    elif criterion == "team_place":
        key = lambda r: team_places.get(r.team, 10**9)  # noqa: E731
    elif criterion == "direct_encounter":
        members = {r.player for r in group}
        if any(other not in r.opponents for r in group for other in members if other != r.player):
            return [group]  # not all of them met: direct encounter separates nothing
        key = lambda r: (  # noqa: E731
            -sum(
                (points for opponent, points in r.opponents.items() if opponent in members),
                Fraction(0),
            )
        )
    else:
        raise ValueError(f"board_ranking.criteria: unknown {criterion}")
    values = sorted({key(r) for r in group})
    return [[r for r in group if key(r) == value] for value in values]


def _age_reference(prizes: PrizeRules) -> datetime.date | None:
    dates = [category.age_on for category in prizes.categories if category.age_on is not None]
    return dates[0] if dates else None


def board_entrants(
    standing: BoardStanding, players: Mapping[int, Player], prizes: PrizeRules
) -> list[RankedEntrant]:
    """The board's ranking as :func:`crosstable.prizes.allocate_prizes` reads it; ``age`` is
    counted at the reference date of the table's categories (their first ``age_on``)."""
    reference = _age_reference(prizes)
    entrants = []
    for place in standing.places:
        player = players[place.record.player]
        attributes: dict[str, AttributeValue] = {
            "sex": _sex(player.sex),
            "birth_date": player.birth_date
            if isinstance(player.birth_date, datetime.date)
            else None,
            "rating": player.rating,
            "games": place.record.games,
        }
        if reference is not None:
            attributes["age"] = age_on(player.birth_date, reference)
        entrants.append(
            RankedEntrant(
                place.rank,
                place.record.player,
                (standing.board, place.rank) if place.shared else None,
                attributes,
            )
        )
    return entrants


def _sex(letter: str) -> str | None:
    """Regulations write "M" / "F"; TRF writes "m" / "w" (or "f")."""
    upper = letter.strip().upper()
    return {"W": "F"}.get(upper, upper) or None


def team_entrants(
    ranks: Mapping[int, int],
    rosters: Sequence[TeamRoster],
    players: Mapping[int, Player],
    prizes: PrizeRules,
    tied: Callable[[int], object | None] = lambda team: None,
) -> list[RankedEntrant]:
    """The teams' final ranking (team -> rank) as prize allocation reads it, with the
    attributes team categories test: unit, unit kind, the team's own attributes and
    ``average_rating`` over the roster (unrated counted as the first category's
    ``unrated_rating``, else left out)."""
    unrated = next(
        (c.unrated_rating for c in prizes.categories if c.unrated_rating is not None), None
    )
    entrants = []
    for roster in rosters:
        if roster.number not in ranks:
            continue
        attributes: dict[str, AttributeValue] = {
            "unit": roster.unit or None,
            "unit_kind": roster.unit_kind or None,
        }
        ratings = [players[m].rating for m in roster.members if m in players]
        if unrated is not None and ratings:
            attributes["average_rating"] = team_average_rating(ratings, unrated)
        attributes.update(roster.attributes)
        entrants.append(
            RankedEntrant(ranks[roster.number], roster.number, tied(roster.number), attributes)
        )
    return entrants


DERIVED_TEAM_ATTRIBUTES = frozenset({"unit", "unit_kind", "average_rating"})
"""Team attributes :func:`team_entrants` computes (from the unit and the roster's ratings)."""


def team_prize_attributes(tables: Sequence[PrizeRules]) -> dict[str, type]:
    """The team attributes the team prize tables (ranking ``"team"``) test beyond those
    :func:`team_entrants` derives, with the kind of value each takes: ``bool`` (tested for
    ``true``/``false``), ``int`` (compared: ``local_players`` at least 3) or ``str``. In
    the order they first appear. What an organiser has to enter for each team."""
    found: dict[str, type] = {}
    for table in tables:
        if "team" not in table.rankings:
            continue
        wheres = [table.where]
        for places, category_where in [
            (table.places, ()),
            *((category.places, category.where) for category in table.categories),
        ]:
            wheres.append(category_where)
            wheres.extend(requirement.where for place in places for requirement in place.requires)
        wheres.extend(
            requirement.where for category in table.categories for requirement in category.requires
        )
        for condition in (condition for where in wheres for condition in where):
            if condition.attribute in DERIVED_TEAM_ATTRIBUTES or condition.attribute in found:
                continue
            value = condition.value
            if isinstance(value, bool):
                found[condition.attribute] = bool
            elif isinstance(value, int) or (
                isinstance(value, tuple) and value and isinstance(value[0], int)
            ):
                found[condition.attribute] = int
            else:
                found[condition.attribute] = str
    return found
