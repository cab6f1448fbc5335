"""Team matches from a team tournament file: turns the players' games of a Tournament with
teams into the ``TeamEvent`` that team tie-breaks read.

There is one reading of a team file: :mod:`crosstable.formats.trf.team_records` reads the team
records (320 bye, 330 forfeited match, 352 board colours, 362 match points, 240 absences) and
:mod:`crosstable.model.team_match` derives each team's rounds (opponent, colour, match and
game points); the team Swiss engine pairs from the same
:func:`~crosstable.model.team_match.team_rounds`. This module only adds what tie-breaks need
beyond that: the board-by-board results of each match (the members who met the opponent team
that round, or faced an empty board, in roster order, as many as the match has boards).
"""

from __future__ import annotations

from crosstable.model.team_match import (
    TeamRound,
    TeamRoundKind,
    team_event_records,
    team_rounds,
)
from crosstable.model.team_records import TeamEventRecords
from crosstable.model.tournament import Tournament
from crosstable.tiebreaks.team import BoardResult, TeamDataError, TeamEvent, TeamMatch


def team_event_from_tournament(tournament: Tournament) -> TeamEvent:
    """The team matches of a tournament with teams (raises TeamDataError if it has none, or
    if a team record cannot be read)."""
    if not tournament.teams:
        raise TeamDataError("the tournament has no teams (no 310 or 013 records)")
    try:
        records = team_event_records(tournament)
    except ValueError as error:
        raise TeamDataError(str(error)) from None
    rounds = tournament.rounds_recorded
    history = team_rounds(tournament, records, up_to_round=rounds)
    boards = records.boards or max((len(team.members) for team in tournament.teams), default=0)
    team_of = {member: team.number for team in tournament.teams for member in team.members}
    matches: dict[int, list[TeamMatch]] = {}
    for team in tournament.teams:
        rows = []
        for team_round in history[team.number]:
            board_results = _boards(tournament, team.members, team_of, team_round, records)
            rows.append(
                TeamMatch(
                    team_round.opponent,
                    team_round.match_points,
                    team_round.game_points,
                    team_round.result,
                    board_results,
                    team_round.colour,
                )
            )
        matches[team.number] = rows
    # FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]: the first score named is primary.
    named = [token for token in tournament.system_code.upper().split("_") if token in ("MP", "GP")]
    points = records.match_points
    return TeamEvent(
        matches,
        boards,
        match_win=points.win,
        match_draw=points.draw,
        match_loss=points.loss,
        game_win=tournament.scoring.win,
        game_draw=tournament.scoring.draw,
        primary=named[0] if named else "MP",
        names={team.number: team.name for team in tournament.teams},
    )


def _boards(
    tournament: Tournament,
    members: list[int],
    team_of: dict[int, int],
    team_round: TeamRound,
    records: TeamEventRecords,
) -> tuple[BoardResult, ...]:
    """The team's boards in a match: its members who met the opponent team, or won or lost by
    forfeit without an opponent (an empty board), in roster order."""
    if team_round.opponent is None or team_round.kind is TeamRoundKind.ABSENT:
        return ()
    results: list[BoardResult] = []
    for member in members:
        player = tournament.players.get(member)
        entry = player.entry(team_round.round_number) if player is not None else None
        if entry is None:
            continue
        empty_board = entry.opponent is None and entry.result.is_forfeit
        if not empty_board and team_of.get(entry.opponent or 0) != team_round.opponent:
            continue
        results.append(
            BoardResult(
                len(results) + 1,
                tournament.scoring.points(entry.result, entry.colour),
                entry.result.is_played,
                entry.colour,
            )
        )
    limit = records.boards or len(results)
    return tuple(results[:limit]) if limit else tuple(results)
