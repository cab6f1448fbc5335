"""What the public team pages and team printouts show, built from public fields only.

A team round page lists each match (table, first-named team, second team, match score) with
its boards: who sat there for each side (the line-ups as played: the arbiter's, else the
captain's if in time, else the registered one), each player's colour (the first-named team
has White, or Red in xiangqi, on the odd boards) and the board result; empty boards and
forfeits are named. A team page lists the roster in board order and the matches so far.

Line-ups are secret until they are due (``teams.publishing.lineups_published``): a captain
must not see the other side's line-up while still able to change their own. So the players
of a round are published from the line-up deadline (``team.lineup_minutes_before_round``
before the round starts), from the start when the regulations set no deadline, at once when
the round has no start time, and in any case as soon as a board result of the round is in.
Until then the page shows the matches and colours only, says when the line-ups appear, and
is not cached (``cacheable`` False), so the first request after the deadline shows them.

As on the individual pages, players reach templates as :class:`TeamPlayer` values (entry id,
name, title, rating, roster position), never as rows: private fields cannot leak.
"""

from __future__ import annotations

import dataclasses
import datetime
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from crosstable.model import ResultCode
from crosstable.teams.match_scoring import ScoredMatch, board_colour
from crosstable_web.common.localisation import digits, name_sort_key
from crosstable_web.common.notation import points_text
from crosstable_web.events import models
from crosstable_web.events.ranking import standings
from crosstable_web.events.rounds import notation
from crosstable_web.public.pages import PUBLIC_ENTRY_FIELDS, RoundTimes, round_times
from crosstable_web.teams import bridge
from crosstable_web.teams import models as team_models
from crosstable_web.teams.publishing import lineups_published, team_standings_heading
from crosstable_web.teams.services.ranking import TeamResults, team_results
from crosstable_web.teams.wording import match_note


@dataclasses.dataclass(frozen=True, slots=True)
class TeamPlayer:
    entry_id: int
    name: str
    title: str
    rating: int
    position: int
    """Place on the roster (board order); above the board count: a reserve."""


@dataclasses.dataclass(frozen=True, slots=True)
class PublicTeam:
    number: int
    name: str
    unit: str
    entry_number: int
    """Its page's address (:func:`entry_numbers`): the pairing number changes at round 1."""


@dataclasses.dataclass(frozen=True, slots=True)
class TeamBoardLine:
    board: int
    first: TeamPlayer | None
    """None: an empty board (or line-ups not published yet)."""
    second: TeamPlayer | None
    first_colour: str
    """``w`` or ``b``: the first-named team's colour on this board."""
    second_colour: str
    first_points: str
    second_points: str
    """Points as printed (``1``, ``½``, ``0``); empty while pending."""
    forfeit: bool
    """The game was not played (empty board, absence, board-order error, short team)."""
    order_error: bool = False
    """Lost because the line-up broke the roster order here (Fars)."""

    @property
    def pending(self) -> bool:
        return self.first_points == ""


@dataclasses.dataclass(frozen=True, slots=True)
class TeamMatchLine:
    table: int
    first: PublicTeam
    second: PublicTeam
    first_points: str
    second_points: str
    """Game points of the match (empty while a board is pending)."""
    first_match_points: str
    second_match_points: str
    boards: tuple[TeamBoardLine, ...]
    note: str
    """Why the score is not the boards' sum (short team, ineligible player), in words."""

    @property
    def pending(self) -> bool:
        return self.first_points == ""


@dataclasses.dataclass(frozen=True, slots=True)
class TeamSeat:
    """Where one roster member is this round: table, board and colour, or why not playing."""

    player: TeamPlayer
    team: PublicTeam
    table: int | None
    board: int | None
    colour: str
    status: str = ""
    """Empty when playing; else e.g. "not in the line-up" or "bye"."""


@dataclasses.dataclass(slots=True)
class TeamRoundPage:
    section: models.Section
    number: int
    matches: list[TeamMatchLine]
    bye: PublicTeam | None
    seats: list[TeamSeat]
    """Every roster member of the round's teams, alphabetical; empty until published."""
    lineups_public: bool
    publish_at: datetime.datetime | None
    """When line-ups appear (only while they are not public)."""
    starts_at: datetime.datetime | None
    times: RoundTimes | None = None
    """The round's start, report time and forfeit rule, as an individual round gives them
    (the printouts say when the round is played)."""

    @property
    def cacheable(self) -> bool:
        """A page hiding line-ups changes when the deadline passes, with no new version."""
        return self.lineups_public


@dataclasses.dataclass(frozen=True, slots=True)
class RosterLine:
    player: TeamPlayer
    reserve: bool
    games: int
    points: str


@dataclasses.dataclass(frozen=True, slots=True)
class TeamMatchRecord:
    """One round of a team, from its own side."""

    round: int
    table: int | None
    opponent: PublicTeam | None
    """None: the bye."""
    first_named: bool
    own_points: str
    opponent_points: str
    match_points: str
    outcome: str
    """``won``, ``drawn``, ``lost``, ``bye`` or ``pending`` (a CSS class and a word)."""


@dataclasses.dataclass(slots=True)
class TeamPage:
    team: PublicTeam
    roster: list[RosterLine]
    matches: list[TeamMatchRecord]
    place: str
    """Place in the team standings (empty before any result)."""
    match_points: str
    """Match points as the standings count them (byes included)."""


def team_standings_context(
    section: models.Section, results: TeamResults | None = None
) -> dict[str, object]:
    """What the public team standings page and its printout show: the heading's round and
    progress, team rows (place, points, tie-break values), the tie-break codes, and each
    board's ranking as (place, player, team, points, games); names only, as the public may
    see them."""
    results = results or team_results(section)
    names = dict(section.entries.values_list("id", "name"))
    team_names = dict(section.teams.values_list("number", "name"))
    addresses = entry_numbers(section)
    return {
        **team_standings_heading(section, results.matches),
        "team_rows": [
            {
                "row": row,
                "entry_number": addresses[row.number],
                "points": standings.format_value(row.points),
                "values": [standings.format_value(value) for value in row.values],
            }
            for row in results.standings.rows
        ],
        "tiebreaks": [str(spec) for spec in results.standings.tiebreaks],
        "fide_unplayed_edition": results.fide_unplayed_edition,
        "boards": [
            (
                standing.board,
                [
                    (
                        place.rank,
                        names.get(place.record.player, ""),
                        team_names.get(place.record.team, ""),
                        points_text(place.record.points),
                        place.record.games,
                    )
                    for place in standing.places
                ],
            )
            for standing in results.boards
        ],
        "ranked_boards": any(standing.places for standing in results.boards),
    }


def teams_by_number(section: models.Section) -> dict[int, PublicTeam]:
    addresses = entry_numbers(section)
    return {
        number: PublicTeam(number, name, unit, addresses[number])
        for number, name, unit in section.teams.values_list("number", "name", "unit")
    }


def entry_numbers(section: models.Section) -> dict[int, int]:
    """Team number → the number of the team's public page (``public:team``): its entry
    number, which round 1's renumbering by strength leaves alone, so that a page saved
    before round 1 still shows the same team after it. A team of a file written before
    entry numbers existed is addressed by its number (``rosters.create_team`` gives such
    teams theirs before a new team takes one)."""
    return {
        number: number if entry is None else entry
        for number, entry in section.teams.values_list("number", "entry_number")
    }


def team_number(section: models.Section, entry_number: int) -> int | None:
    """The number now of the team whose page is ``entry_number`` (None: no such team)."""
    found = [number for number, entry in entry_numbers(section).items() if entry == entry_number]
    return found[0] if found else None


def _players(section: models.Section) -> dict[int, TeamPlayer]:
    """Entry id → public view of every rostered player of the section."""
    positions = dict(
        team_models.TeamMember.objects.filter(team__section=section).values_list(
            "entry_id", "position"
        )
    )
    return {
        row["id"]: TeamPlayer(
            row["id"], row["name"], row["title"], row["rating"], positions[row["id"]]
        )
        for row in section.entries.filter(id__in=positions).values(*PUBLIC_ENTRY_FIELDS)
    }


def _colour_letter(board: int, first: bool) -> str:
    colour = board_colour(board)
    return colour.value if first else colour.opposite.value


def _note(match: ScoredMatch, teams: dict[int, PublicTeam], players: dict[int, TeamPlayer]) -> str:
    return match_note(
        match.note,
        {number: team.name for number, team in teams.items()},
        {key: player.name for key, player in players.items()},
    )


def _scored_by_table(
    section: models.Section, number: int
) -> list[tuple[team_models.TeamMatch, ScoredMatch]]:
    """The round's match rows paired with their scored matches (both in table order)."""
    scored, _changes = bridge.scored_matches(section)
    of_round = [match for match in scored if match.round_number == number]
    rows = list(
        team_models.TeamMatch.objects.filter(round__section=section, round__number=number)
        .select_related("first", "second")
        .order_by("number")
    )
    paired = []
    for row, match in zip(rows, of_round, strict=True):
        if (row.first.number, row.second.number) != match.teams():
            raise ValueError(f"round {number} table {row.number}: matches out of step")
        paired.append((row, match))
    return paired


def team_round_page(
    section: models.Section, number: int, now: datetime.datetime | None = None
) -> TeamRoundPage | None:
    """Round ``number`` of a team section (None if it is not paired)."""
    round_row = (
        team_models.TeamRound.objects.filter(section=section, number=number)
        .select_related("bye_team")
        .first()
    )
    if round_row is None:
        return None
    public, publish_at = lineups_published(round_row, section, now)
    teams, players = teams_by_number(section), _players(section)
    order_errors = {
        team: set(boards)
        for team, boards in team_models.LineUp.objects.filter(
            team__section=section, round_number=number
        ).values_list("team__number", "out_of_order")
    }
    matches: list[TeamMatchLine] = []
    seats: list[TeamSeat] = []
    seated: set[int] = set()
    for row, match in _scored_by_table(section, number):
        first, second = teams[match.first_team], teams[match.second_team]
        boards = []
        for board in match.boards:
            # Before publication nothing is decided yet (a short team shows in its line-up).
            pending = board.first_result is ResultCode.PENDING or not public
            first_player = players.get(board.first_player or 0) if public else None
            second_player = players.get(board.second_player or 0) if public else None
            order_error = board.board in order_errors.get(
                match.first_team, ()
            ) or board.board in order_errors.get(match.second_team, ())
            boards.append(
                TeamBoardLine(
                    board.board,
                    first_player,
                    second_player,
                    _colour_letter(board.board, True),
                    _colour_letter(board.board, False),
                    "" if pending else points_text(board.first_points),
                    "" if pending else points_text(board.second_points),
                    not pending
                    and (
                        board.first_result.is_forfeit
                        or board.first_player is None
                        or board.second_player is None
                    ),
                    order_error and not pending,
                )
            )
            for player, team, first_side in (
                (first_player, first, True),
                (second_player, second, False),
            ):
                if player is not None:
                    seated.add(player.entry_id)
                    seats.append(
                        TeamSeat(
                            player,
                            team,
                            row.number,
                            board.board,
                            _colour_letter(board.board, first_side),
                        )
                    )
        pending = match.first_result is ResultCode.PENDING or not public
        matches.append(
            TeamMatchLine(
                row.number,
                first,
                second,
                "" if pending else points_text(match.first_game_points),
                "" if pending else points_text(match.second_game_points),
                "" if pending else points_text(match.first_match_points),
                "" if pending else points_text(match.second_match_points),
                tuple(boards),
                "" if pending else _note(match, teams, players),
            )
        )
    bye = teams[round_row.bye_team.number] if round_row.bye_team is not None else None
    if public:
        playing: dict[int, tuple[PublicTeam, int | None]] = {
            team.number: (team, table)
            for line in matches
            for team, table in ((line.first, line.table), (line.second, line.table))
        }
        if bye is not None:
            playing[bye.number] = (bye, None)
        for member in team_models.TeamMember.objects.filter(
            team__section=section, team__number__in=playing
        ).values_list("entry_id", "team__number"):
            entry_id, team_number = member
            if entry_id in seated or entry_id not in players:
                continue
            team, table = playing[team_number]
            status = _("bye (no match this round)") if table is None else _("not in the line-up")
            seats.append(TeamSeat(players[entry_id], team, None, None, "", status))
        seats.sort(key=lambda seat: name_sort_key(seat.player.name))
    return TeamRoundPage(
        section,
        number,
        matches,
        bye,
        seats,
        public,
        publish_at,
        round_row.starts_at,
        round_times(section, round_row),
    )


def round_numbers(section: models.Section) -> list[int]:
    return list(
        team_models.TeamRound.objects.filter(section=section)
        .order_by("number")
        .values_list("number", flat=True)
    )


def team_page(section: models.Section, number: int) -> TeamPage | None:
    """Team ``number``: roster in board order with each player's score, and its matches."""
    teams = teams_by_number(section)
    team = teams.get(number)
    if team is None:
        return None
    players = _players(section)
    boards = bridge.team_rules(section).boards
    results = team_results(section)  # scores every match once, with the standings
    scored = results.matches
    published = {
        round_row.number: lineups_published(round_row, section)[0]
        for round_row in team_models.TeamRound.objects.filter(section=section)
    }
    tables = {
        (round_number, first): table
        for round_number, first, table in team_models.TeamMatch.objects.filter(
            round__section=section
        ).values_list("round__number", "first__number", "number")
    }
    tallies: dict[int, tuple[int, Fraction]] = {}
    records: list[TeamMatchRecord] = []
    for match in scored:
        if number not in match.teams():
            continue
        own_first = match.first_team == number
        opponent = teams[match.second_team if own_first else match.first_team]
        pending = match.first_result is ResultCode.PENDING
        own, other = (
            (match.first_game_points, match.second_game_points)
            if own_first
            else (match.second_game_points, match.first_game_points)
        )
        earned = match.first_match_points if own_first else match.second_match_points
        outcome = (
            "pending" if pending else "won" if own > other else "lost" if own < other else "drawn"
        )
        records.append(
            TeamMatchRecord(
                match.round_number,
                tables.get((match.round_number, match.first_team)),
                opponent,
                own_first,
                "" if pending else points_text(own),
                "" if pending else points_text(other),
                "" if pending else points_text(earned),
                outcome,
            )
        )
        if pending or not published.get(match.round_number, True):
            continue
        for board in match.boards:
            seated = board.first_player if own_first else board.second_player
            if seated is None:
                continue
            played, so_far = tallies.get(seated, (0, Fraction(0)))
            tallies[seated] = (
                played + 1,
                so_far + (board.first_points if own_first else board.second_points),
            )
    for round_number in team_models.TeamRound.objects.filter(
        section=section, bye_team__number=number
    ).values_list("number", flat=True):
        records.append(TeamMatchRecord(round_number, None, None, False, "", "", "", "bye"))
    records.sort(key=lambda record: record.round)
    members = _members(section, number)
    roster_rows = sorted(
        (player for player in players.values() if player.entry_id in members),
        key=lambda player: player.position,
    )
    roster = []
    for player in roster_rows:
        games, scored_points = tallies.get(player.entry_id, (0, Fraction(0)))
        roster.append(
            RosterLine(player, player.position > boards, games, points_text(scored_points))
        )
    place, total = "", ""
    if any(record.outcome not in ("pending", "bye") for record in records):
        row = results.standings.row(number)
        place, total = row.place, points_text(row.points)
    return TeamPage(team, roster, records, place, total)


def _members(section: models.Section, number: int) -> set[int]:
    return set(
        team_models.TeamMember.objects.filter(
            team__section=section, team__number=number
        ).values_list("entry_id", flat=True)
    )


# -- cross-table, wall chart, prize list and certificates of a team section ------------------


@dataclasses.dataclass(frozen=True, slots=True)
class TeamCrossCell:
    """One team's round in the team cross-table or wall chart."""

    opponent: str
    """The opponent's place (cross-table) or team number (wall chart); empty without a
    match (the bye, or not paired)."""
    colour: str
    """The team's colour on board 1 as the cross-table letter of the reader's language and
    the section's game (``w``/``b``, 白/黑, 红/黑: ``notation.colour_letters``; the
    first-named team has White there)."""
    points: str
    """The team's game points in the match (or the bye) as printed; empty while pending."""
    outcome: str
    """``won``, ``drawn``, ``lost``, ``bye``, ``pending`` or empty (no match)."""
    running: str
    """Match points after this round (the wall chart's running score)."""


def team_cross_rows(
    section: models.Section, by_number: bool = False, results: TeamResults | None = None
) -> list[dict[str, object]]:
    """The team cross-table (teams in standings order, each round's opponent by place) or,
    ``by_number``, the wall chart (teams by number, opponents by number): each row's team,
    place, match points, game points and one :class:`TeamCrossCell` per paired round."""
    results = results or team_results(section)
    rows = list(results.standings.rows)
    places = {row.number: row.place for row in rows}
    addresses = entry_numbers(section)
    rules = bridge.match_rules(section)
    bye_points = rules.bye_points()
    rounds = section.team_rounds.count()
    first_letter, second_letter = notation.of_section(section).colour_letters
    cells: dict[tuple[int, int], tuple[str, str, Fraction | None, str, Fraction]] = {}
    for match in results.matches:
        pending = match.first_result is ResultCode.PENDING
        for team, opponent, first in (
            (match.first_team, match.second_team, True),
            (match.second_team, match.first_team, False),
        ):
            own = match.first_game_points if first else match.second_game_points
            other = match.second_game_points if first else match.first_game_points
            earned = match.first_match_points if first else match.second_match_points
            if pending:
                outcome = "pending"
            else:
                outcome = "won" if own > other else "lost" if own < other else "drawn"
            shown = str(opponent) if by_number else str(places.get(opponent, opponent))
            cells[(match.round_number, team)] = (
                shown,
                first_letter if first else second_letter,
                None if pending else own,
                outcome,
                Fraction(0) if pending else earned,
            )
    for bye in bridge.byes(section):
        cells[(bye.round_number, bye.team)] = ("", "", bye_points[1], "bye", bye_points[0])
    if by_number:
        rows.sort(key=lambda row: row.number)
    lines: list[dict[str, object]] = []
    for row in rows:
        running = game_points = Fraction(0)
        line_cells: list[TeamCrossCell] = []
        for round_number in range(1, rounds + 1):
            shown_opponent, colour, points, outcome, earned = cells.get(
                (round_number, row.number), ("", "", None, "", Fraction(0))
            )
            running += earned
            game_points += points or 0
            line_cells.append(
                TeamCrossCell(
                    shown_opponent,
                    colour,
                    "" if points is None else points_text(points),
                    outcome,
                    points_text(running),
                )
            )
        lines.append(
            {
                "row": row,
                "entry_number": addresses[row.number],
                "points": points_text(row.points),
                "game_points": points_text(game_points),
                "cells": line_cells,
            }
        )
    return lines


def team_prize_rows(
    section: models.Section, results: TeamResults | None = None
) -> list[dict[str, Any]]:
    """Every prize list of a team section — the team prizes, then each board's — shaped as
    :func:`crosstable_web.events.ranking.standings.prize_rows` shapes an individual section's,
    so that the prize list and the certificates print both: each table's heading ("Teams", "Board
    2"), currency and awards (prize named by its category, winner's name; a board winner's
    team beside it)."""
    results = results or team_results(section)
    team_names = dict(section.teams.values_list("number", "name"))
    entries = dict(section.entries.values_list("id", "name"))
    team_of = dict(
        team_models.TeamMember.objects.filter(team__section=section).values_list(
            "entry_id", "team__name"
        )
    )
    rows: list[dict[str, Any]] = []
    for table in results.prize_tables:
        categories = {category.key: category.name for category in table.rules.categories}
        categories["place"] = ""
        if table.board is None:
            title = _("Teams")
        else:
            title = pgettext("chess", "Board %(board)s") % {"board": digits(table.board)}
        rows.append(
            {
                "table": {"currency": table.rules.currency},
                "title": title,
                "certificate": pgettext("certificate", "Team") if table.board is None else title,
                "board": table.board,
                "awards": [
                    {
                        "award": award,
                        "prize": categories.get(award.prize, award.prize),
                        "name": team_names.get(award.pairing_number, "")
                        if table.board is None
                        else entries.get(award.pairing_number, ""),
                        "team": ""
                        if table.board is None
                        else team_of.get(award.pairing_number, ""),
                    }
                    for award in table.prizes.awards
                ],
            }
        )
    return rows
