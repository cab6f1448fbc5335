"""Team matches from a team tournament file: turns the players' games of a Tournament with
teams into a ``TeamEvent``.

Board order in a round is the roster order of the members who were paired that round (the
default line-up of TRF-2026). The team records that the TRF reader keeps verbatim are read
here: 352 (board colours: the number of boards), 362 (match points), 320 (pairing-allocated
bye values and the bye team of each round), 330 (forfeited matches) and 240 (absences).
"""

from __future__ import annotations

from fractions import Fraction

from crosstable.model.colour import Colour
from crosstable.model.results import ResultCode
from crosstable.model.tournament import Tournament
from crosstable.tiebreaks.team import BoardResult, TeamDataError, TeamEvent, TeamMatch

_BYE_CODES = {"H": ResultCode.HALF_POINT_BYE, "Z": ResultCode.ZERO_POINT_BYE,
              "F": ResultCode.FULL_POINT_BYE}


def _records(tournament: Tournament, code: str) -> list[str]:
    return [line for line in tournament.extra_records if line[:3] == code]


def _number(text: str, record: str) -> Fraction:
    try:
        return Fraction(text)
    except ValueError:
        raise TeamDataError(f"record {record!r}: {text!r} is not a number") from None


def team_event_from_tournament(tournament: Tournament) -> TeamEvent:
    """The team matches of a tournament with teams (raises TeamDataError if it has none)."""
    if not tournament.teams:
        raise TeamDataError("the tournament has no teams (no 310 or 013 records)")
    scoring = tournament.scoring
    match_values = {"TW": Fraction(2), "TD": Fraction(1), "TL": Fraction(0)}
    for line in _records(tournament, "362"):
        tokens = line[3:].split()
        for symbol, value in zip(tokens[::2], tokens[1::2], strict=False):
            match_values[symbol.upper()] = _number(value, line)
    colours = ""
    for line in _records(tournament, "352"):
        colours = line[3:].strip().upper()
    bye_mp, bye_gp = match_values["TD"], None
    bye_team: dict[int, int] = {}
    for line in _records(tournament, "320"):
        tokens = line[3:].split()
        if len(tokens) >= 2:
            bye_mp, bye_gp = _number(tokens[0], line), _number(tokens[1], line)
        for round_number, bye_text in enumerate(tokens[2:], start=1):
            if int(bye_text):
                bye_team[round_number] = int(bye_text)
    forfeited: dict[tuple[int, int], ResultCode] = {}
    for line in _records(tournament, "330"):
        tokens = line[3:].split()
        if len(tokens) != 4:
            raise TeamDataError(f"record {line!r}: expected '330 RR RRR WWW BBB'")
        codes, round_text, white, black = tokens
        for side, symbol in ((int(white), codes[0]), (int(black), codes[1])):
            forfeited[(int(round_text), side)] = (
                ResultCode.FORFEIT_WIN if symbol == "+" else ResultCode.FORFEIT_LOSS
            )
    absent: dict[tuple[int, int], ResultCode] = {}
    for line in _records(tournament, "240"):
        tokens = line[3:].split()
        if len(tokens) >= 3 and tokens[0] in _BYE_CODES:
            for absent_text in tokens[2:]:
                absent[(int(tokens[1]), int(absent_text))] = _BYE_CODES[tokens[0]]
    for round_number, requests in tournament.absences.items():
        for absent_team, request in requests.items():
            absent[(round_number, absent_team)] = request

    team_of = {member: team.number for team in tournament.teams for member in team.members}
    rounds = tournament.rounds_recorded
    boards = len(colours) or max(
        (len(team.members) for team in tournament.teams), default=0
    )
    board_colour = Colour.WHITE if not colours or colours[0] == "W" else Colour.BLACK
    lineups: dict[tuple[int, int], list[tuple[int, int | None, ResultCode, Colour | None]]] = {}
    for team in tournament.teams:
        for round_number in range(1, rounds + 1):
            lineup: list[tuple[int, int | None, ResultCode, Colour | None]] = []
            for member in team.members:
                player = tournament.players.get(member)
                entry = player.entry(round_number) if player else None
                if entry is None or entry.opponent is None:
                    continue
                lineup.append((member, entry.opponent, entry.result, entry.colour))
            lineups[(round_number, team.number)] = lineup

    matches: dict[int, list[TeamMatch]] = {}
    for team in tournament.teams:
        rows: list[TeamMatch] = []
        for round_number in range(1, rounds + 1):
            lineup = lineups[(round_number, team.number)]
            if not lineup:
                rows.append(_without_opponent(
                    team.number, round_number, bye_team, absent, bye_mp, bye_gp,
                    boards, scoring.win, scoring.draw, match_values,
                ))
                continue
            opponent = team_of.get(lineup[0][1] or 0)
            board_results = tuple(
                BoardResult(board, scoring.points(result, colour), result.is_played, colour)
                for board, (_, _, result, colour) in enumerate(lineup, start=1)
            )
            gp = sum((board.points for board in board_results), Fraction(0))
            rows.append(TeamMatch(
                opponent, Fraction(0), gp, ResultCode.PENDING, board_results,
                Colour.WHITE if lineup[0][3] is board_colour else Colour.BLACK,
            ))
        matches[team.number] = rows
    # Match results need both sides' game points.
    for team_number, rows in matches.items():
        for index, match in enumerate(rows):
            if match.opponent is None or match.result is not ResultCode.PENDING:
                continue
            round_number = index + 1
            other = matches.get(match.opponent)
            other_gp = other[index].game_points if other and len(other) > index else Fraction(0)
            result = forfeited.get((round_number, team_number))
            if result is None:
                result = (
                    ResultCode.WIN if match.game_points > other_gp
                    else ResultCode.DRAW if match.game_points == other_gp
                    else ResultCode.LOSS
                )
            mp = {
                ResultCode.WIN: match_values["TW"], ResultCode.FORFEIT_WIN: match_values["TW"],
                ResultCode.DRAW: match_values["TD"],
            }.get(result, match_values["TL"])
            rows[index] = TeamMatch(
                match.opponent, mp, match.game_points, result, match.boards, match.colour
            )
    # FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]: the first score named is primary.
    named = [token for token in tournament.system_code.upper().split("_") if token in ("MP", "GP")]
    primary = named[0] if named else "MP"
    return TeamEvent(
        matches,
        boards,
        match_win=match_values["TW"],
        match_draw=match_values["TD"],
        match_loss=match_values["TL"],
        game_win=scoring.win,
        game_draw=scoring.draw,
        primary=primary,
        names={team.number: team.name for team in tournament.teams},
    )


def _without_opponent(
    team: int,
    round_number: int,
    bye_team: dict[int, int],
    absent: dict[tuple[int, int], ResultCode],
    bye_mp: Fraction,
    bye_gp: Fraction | None,
    boards: int,
    game_win: Fraction,
    game_draw: Fraction,
    match_values: dict[str, Fraction],
) -> TeamMatch:
    if bye_team.get(round_number) == team:
        gp = bye_gp if bye_gp is not None else game_win * boards
        return TeamMatch(None, bye_mp, gp, ResultCode.PAIRING_BYE)
    code = absent.get((round_number, team), ResultCode.ZERO_POINT_BYE)
    if code is ResultCode.HALF_POINT_BYE:
        return TeamMatch(None, match_values["TD"], game_draw * boards, code)
    if code is ResultCode.FULL_POINT_BYE:
        return TeamMatch(None, match_values["TW"], game_win * boards, code)
    return TeamMatch(None, Fraction(0), Fraction(0), code)
