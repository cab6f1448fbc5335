"""A team section's ``[team]`` table (boards, match points, the team bye) and its
``[team_ranking]`` and ``[board_ranking]`` tables."""

from __future__ import annotations

import re

from crosstable.message import Message, Quoted
from crosstable.model import ScoringSystem
from crosstable.regulations.limits import (
    MAX_BOARDS,
    SEXES,
    TEAM_PLACE_TIEBREAKS,
)
from crosstable.regulations.pairing_table import read_tiebreaks
from crosstable.regulations.reader import (
    TableReader,
    expected_one_of,
)
from crosstable.regulations.schema import (
    BOARD_CRITERIA,
    BoardRanking,
    TeamByeValue,
    TeamRanking,
    TeamRankingMethod,
    TeamRules,
)
from crosstable.regulations.scoring_table import read_scoring


def read_team(reader: TableReader) -> TeamRules | None:
    table = reader.table("team")
    if table is None:
        return None
    match_points = None
    if table.has("match_points"):
        match_points = read_scoring(table, "match_points", ScoringSystem.xiangqi())
        if match_points.pairing_bye is not None:
            raise table.error(
                "match_points.bye",
                Message(
                    'the team bye\'s value is team.bye ("draw", "win", "loss" or'
                    " a table of match_points and game_points)"
                ),
            )
    short_team_result = table.string("short_team_result", "")
    if short_team_result and not re.fullmatch(
        r"\s*\d+(\.\d+)?\s*-\s*\d+(\.\d+)?\s*", short_team_result
    ):
        raise table.error(
            "short_team_result",
            Message(
                "expected the short team's score then its opponent's, e.g. '0-4', got %(value)s",
                value=Quoted(short_team_result),
            ),
        )
    team = TeamRules(
        boards=table.integer("boards", 1, maximum=MAX_BOARDS),
        reserves=table.integer("reserves", 0, 0, maximum=MAX_BOARDS),
        min_players=table.optional_int("min_players", 1),
        min_players_for_match=table.optional_int("min_players_for_match", 1),
        short_team_result=short_team_result,
        fixed_roster=table.boolean("fixed_roster", True),
        lineup_minutes_before_round=table.optional_int("lineup_minutes_before_round"),
        keep_board_order=table.boolean("keep_board_order", True),
        match_points=match_points,
        ineligible_player_penalty=table.choice(
            "ineligible_player_penalty", ("", "opponents_win_all_games"), ""
        ),
        includes_leader=table.boolean("includes_leader", False),
        bye=read_team_bye(table),
    )
    table.finish()
    return team


def read_team_bye(table: TableReader) -> TeamByeValue:
    """``team.bye``: "draw" (C.04.6's default), "win", "loss", or the regulation's
    ``{ match_points = 1, game_points = 2 }``."""
    value = table.raw("bye")
    if value is None:
        return TeamByeValue()
    if isinstance(value, str):
        if value not in ("draw", "win", "loss"):
            raise table.error(
                "bye",
                Message(
                    'expected "draw", "win", "loss" or'
                    " a table of match_points and game_points, got %(value)s",
                    value=Quoted(value),
                ),
            )
        return TeamByeValue(value)
    points = table.table("bye")
    assert points is not None  # not a string and not absent: a table, or an error above
    bye = TeamByeValue(
        "points",
        match_points=points.fraction("match_points"),
        game_points=points.fraction("game_points"),
    )
    for name, given in (("match_points", bye.match_points), ("game_points", bye.game_points)):
        if given is None:
            raise points.error(name, Message("missing (the bye's value needs both points)"))
    points.finish()
    return bye


def read_team_ranking(reader: TableReader) -> TeamRanking | None:
    table = reader.table("team_ranking")
    if table is None:
        return None
    method = TeamRankingMethod(table.choice("method", tuple(m.value for m in TeamRankingMethod)))
    by_sex: dict[str, int] = {}
    by_sex_table = table.table("counted_by_sex")
    if by_sex_table is not None:
        for sex in list(by_sex_table.data):
            if sex not in SEXES:
                raise by_sex_table.error(sex, expected_one_of(SEXES, Quoted(sex)))
            by_sex[sex] = by_sex_table.integer(sex, 1)
        by_sex_table.finish()
    if method is TeamRankingMethod.SUM_OF_PLACES:
        tiebreaks = table.words("tiebreaks", TEAM_PLACE_TIEBREAKS)
    else:
        tiebreaks = read_tiebreaks(table, "tiebreaks", teams=True)
    ranking = TeamRanking(
        method=method,
        counted=table.optional_int("counted", 1),
        counted_by_sex=by_sex,
        tiebreaks=tiebreaks,
        unit_kinds=table.strings("unit_kinds"),
    )
    table.finish()
    return ranking


def read_board_ranking(reader: TableReader) -> BoardRanking | None:
    table = reader.table("board_ranking")
    if table is None:
        return None
    min_games: dict[int, int] = {}
    games = table.table("min_games")
    if games is not None:
        for board in list(games.data):
            if not (board.isascii() and board.isdigit()) or not 1 <= int(board) <= MAX_BOARDS:
                raise games.error(board, Message("expected a board number as the key"))
            min_games[int(board)] = games.integer(board, 0)
        games.finish()
    criteria = table.words("criteria", BOARD_CRITERIA)
    ranking = BoardRanking(min_games, criteria, table.boolean("forfeits_count", True))
    table.finish()
    return ranking
