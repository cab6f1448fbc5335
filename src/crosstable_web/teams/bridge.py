"""The team part of the bridge: team rows to the core's values and back.

Players are identified by their entry id throughout (a team section's players need no
pairing numbers); teams by their team number. ``crosstable_web.events.bridge`` does the same for
individual sections.
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from crosstable.model import Colour, Player, ResultCode, Team, Tournament
from crosstable.model.scoring import ScoringSystem
from crosstable.regulations.schema import TeamByeValue, TeamRules
from crosstable.teams.lineups import LineUp, effective_lineup
from crosstable.teams.match_scoring import (
    MatchRules,
    Rescoring,
    ScoredMatch,
    TeamBye,
    event_records,
    record_match,
    rescore_ineligible,
    score_match,
)
from crosstable.teams.roster import TeamRoster
from crosstable_web.events.models import Section
from crosstable_web.events.regulations import rules
from crosstable_web.teams import models

DEFAULT_TEAM_RULES = TeamRules(boards=4, match_points=ScoringSystem(Fraction(2), Fraction(1)))


def scoring_of(section: Section) -> ScoringSystem:
    stored = section.scoring or {}
    values = {key: Fraction(value) for key, value in stored.items() if value is not None}
    return ScoringSystem(**values) if values else ScoringSystem()


def team_rules(section: Section) -> TeamRules:
    """The section's team rules: from its regulations, else the stored ``settings["team"]``
    (keys of ``[team]`` in a regulations file), else 4 boards, 2/1/0."""
    regulations = rules.section_rules(section)
    if regulations is not None and regulations.team is not None:
        return regulations.team
    stored = dict(section.settings.get("team", {}))
    if not stored:
        return DEFAULT_TEAM_RULES
    match_points = stored.pop("match_points", None)
    bye = stored.pop("bye", None)
    return TeamRules(
        **stored,
        bye=_stored_bye(bye),
        match_points=ScoringSystem(*(Fraction(v) for v in match_points))
        if match_points
        else DEFAULT_TEAM_RULES.match_points,
    )


def _stored_bye(value: object) -> TeamByeValue:
    """``settings["team"]["bye"]`` as the regulations file writes it: "draw", "win", "loss"
    or {"match_points": .., "game_points": ..}; absent: C.04.6's drawn match."""
    if value is None:
        return TeamByeValue()
    if isinstance(value, dict):
        return TeamByeValue(
            "points", Fraction(value["match_points"]), Fraction(value["game_points"])
        )
    return TeamByeValue(str(value))


def match_rules(section: Section) -> MatchRules:
    team = team_rules(section)
    short: tuple[Fraction, Fraction] | None = None
    if team.short_team_result:
        own, other = team.short_team_result.split("-")
        short = (Fraction(own), Fraction(other))
    return MatchRules(
        boards=team.boards,
        game_scoring=scoring_of(section),
        match_points=team.match_points or DEFAULT_TEAM_RULES.match_points or ScoringSystem(),
        min_players=team.min_players_for_match,
        short_team_score=short,
        opponents_win_all_games=team.ineligible_player_penalty == "opponents_win_all_games",
        bye=team.bye,
    )


def roster(team: models.Team) -> TeamRoster:
    members = tuple(member.entry_id for member in team.members.all())
    return TeamRoster(
        team.number, team.name, members, None, team.unit, team.unit_kind, dict(team.attributes)
    )


def rosters(section: Section) -> list[TeamRoster]:
    return [roster(team) for team in section.teams.prefetch_related("members")]


def players(section: Section) -> dict[int, Player]:
    """The section's entries as core players, numbered by entry id."""
    return {
        entry.pk: Player(
            entry.pk,
            entry.name,
            sex=entry.sex,
            rating=entry.rating,
            birth_date=entry.birth_date,
            club=entry.unit,
        )
        for entry in section.entries.all()
    }


def ineligible_from(section: Section) -> dict[int, int]:
    """The players declared ineligible (entry id) and the first round each one is kept out
    of (``IneligiblePlayer.from_round``)."""
    return dict(
        models.IneligiblePlayer.objects.filter(entry__section=section).values_list(
            "entry_id", "from_round"
        )
    )


def unavailable_in(ineligible: dict[int, int], round_number: int) -> frozenset[int]:
    """The players of ``ineligible`` (:func:`ineligible_from`) kept out of ``round_number``."""
    return frozenset(player for player, first in ineligible.items() if round_number >= first)


def effective(
    team_roster: TeamRoster,
    round_row: models.TeamRound,
    team_rules: TeamRules,
    stored: models.LineUp | None,
    unavailable: frozenset[int] = frozenset(),
) -> LineUp:
    """The line-up ``team_roster`` plays in ``round_row`` from its stored line-up (None: the
    registered one), without the ``unavailable`` players (declared ineligible before it)."""
    boards = None if stored is None else [b if b is None else int(b) for b in stored.boards]
    return effective_lineup(
        team_roster,
        round_row.number,
        team_rules,
        submitted=boards if stored is not None and stored.source == "submitted" else None,
        submitted_at=stored.submitted_at if stored is not None else None,
        round_start=round_row.starts_at,
        arbiter=boards if stored is not None and stored.source == "arbiter" else None,
        arbiter_out_of_order=frozenset(
            int(board) for board in (stored.out_of_order if stored is not None else [])
        ),
        unavailable=unavailable,
    )


def scored_matches(section: Section) -> tuple[list[ScoredMatch], list[Rescoring]]:
    """Every match of the section scored from its line-ups and board results, with the
    ineligible players' re-scoring applied (the changes are returned for display).

    A player declared ineligible is in no line-up from the declaration's ``from_round`` on.

    A fixed number of queries whatever the number of teams and rounds: rosters, line-ups,
    rounds, matches, board games and ineligible players are each read once."""
    team = team_rules(section)
    rules_of_match = match_rules(section)
    by_team = {row.pk: roster(row) for row in section.teams.prefetch_related("members")}
    stored_lineups = {
        (lineup.team_id, lineup.round_number): lineup
        for lineup in models.LineUp.objects.filter(team__section=section)
    }
    ineligible = ineligible_from(section)
    empty = TeamRoster(0, "", ())

    def lineup(team_id: int, round_row: models.TeamRound) -> LineUp:
        return effective(
            by_team.get(team_id, empty),
            round_row,
            team,
            stored_lineups.get((team_id, round_row.number)),
            unavailable_in(ineligible, round_row.number),
        )

    scored: list[ScoredMatch] = []
    for round_row in section.team_rounds.prefetch_related("matches__games"):
        for match in round_row.matches.all():
            results = {
                game.board: (ResultCode(game.first_result), ResultCode(game.second_result))
                for game in match.games.all()
            }
            scored.append(
                score_match(
                    round_row.number,
                    lineup(match.first_id, round_row),
                    lineup(match.second_id, round_row),
                    results,
                    rules_of_match,
                )
            )
    changes: list[Rescoring] = []
    for entry_id in ineligible:
        scored, changed = rescore_ineligible(scored, entry_id, rules_of_match)
        changes.extend(changed)
    return scored, changes


def byes(section: Section) -> list[TeamBye]:
    return [
        TeamBye(round_row.number, round_row.bye_team.number)
        for round_row in section.team_rounds.select_related("bye_team")
        if round_row.bye_team is not None
    ]


def tournament(section: Section, playing: Collection[int] | None = None) -> Tournament:
    """The section as the team Swiss engine pairs it: teams (only those numbered in
    ``playing`` when given: the admitted ones), their players' board games, and the
    pairing-allocated byes (TRF 320)."""
    teams = [
        team
        for team in section.teams.prefetch_related("members")
        if playing is None or team.number in playing
    ]
    result = Tournament(
        name=section.name,
        total_rounds=section.total_rounds,
        system_code=section.system_code,
        initial_colour=Colour.WHITE,
        teams=[Team(t.number, t.name, [m.entry_id for m in t.members.all()]) for t in teams],
    )
    for number, player in players(section).items():
        if any(number in team.members for team in result.teams):
            result.add_player(player)
    matches, _changes = scored_matches(section)
    for match in matches:
        record_match(result, match)
    rosters = {team.number: team.members for team in result.teams}
    result.team_records = event_records(
        matches, match_rules(section), byes(section), rosters=rosters
    )
    return result
