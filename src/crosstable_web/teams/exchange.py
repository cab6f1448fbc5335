"""A team section as TRF-2026 (records 310 with the standings' points and ranks, and the team
records 352, 362, 320, 330, 300); an individual section's file is ``events.exchange``."""

from __future__ import annotations

import dataclasses

from crosstable.model import Team, Tournament
from crosstable.model.team_match import team_event_records
from crosstable.teams.match_scoring import team_event
from crosstable_web.events.models import Section
from crosstable_web.events.oversight import arbiters
from crosstable_web.events.rounds import fide_mode
from crosstable_web.teams import bridge, hand_pairing, places
from crosstable_web.teams.services import ranking as team_ranking


def trf_tournament(section: Section, last_round: int | None = None) -> Tournament:
    """The section for a TRF-2026 export: players renumbered 1..n in team and roster order
    (the store numbers them by entry id), team rosters with their match and game points and
    rank (310, as the standings count them), the board colours (352), the match-point system
    (362), the pairing-allocated byes (320), the matches lost as a whole (330) and the board
    orders of matches with an empty board or a line-up out of roster order (300).

    ``last_round``: only rounds 1..``last_round`` (a visitor's export leaves out a round whose
    line-ups are not published yet: its board games would show them).

    Only the teams that play (``places.field_teams``) and their players: a team on the waiting
    list has no games and no rank, and is left out as the team standings leave it out."""
    source = bridge.tournament(section, places.field_teams(section))
    matches, _changes = bridge.scored_matches(section)
    names = {team.number: team.name for team in source.teams}
    event = team_event(
        matches,
        names,
        bridge.match_rules(section),
        section.team_rounds.count(),
        bridge.byes(section),
    )
    ranks = team_ranking.team_results(section).standings.ranks()
    numbers: dict[int, int] = {}
    for team in source.teams:
        for member in team.members:
            numbers.setdefault(member, len(numbers) + 1)
    result = Tournament(
        name=source.name,
        total_rounds=source.total_rounds,
        system_code=source.system_code,
        initial_colour=source.initial_colour,
        scoring=bridge.scoring_of(section),
        tiebreaks=list(section.tiebreaks),
        teams=[
            Team(
                team.number,
                team.name,
                [numbers[m] for m in team.members],
                declared_match_points=event.score(team.number, "MP"),
                declared_game_points=event.score(team.number, "GP"),
                rank=ranks.get(team.number),
            )
            for team in source.teams
        ],
    )
    arbiters.name_in_trf(result, section.event)
    # the chief arbiter's word (issue 25): prohibited pairs of teams (260, team numbers) and
    # the ### lines of rounds paired by hand
    result.prohibited_pairings.extend(hand_pairing.prohibitions(section))
    result.extra_records.extend(fide_mode.trf_comments(section))
    for old, new in numbers.items():
        player = source.players[old]
        player.pairing_number = new
        player.rounds = [
            dataclasses.replace(
                entry, opponent=None if entry.opponent is None else numbers[entry.opponent]
            )
            for entry in player.rounds
        ]
        result.add_player(player)
    if last_round is not None:
        for player in result:
            player.rounds = player.rounds[:last_round]
    # 352, 362, 320, 330 as they are; 300 (board orders) with the players renumbered
    records = team_event_records(source)
    if last_round is not None:
        records = dataclasses.replace(
            records,
            bye_teams={r: t for r, t in records.bye_teams.items() if r <= last_round},
            forfeited_matches=tuple(
                f for f in records.forfeited_matches if f.round_number <= last_round
            ),
            absences={r: a for r, a in records.absences.items() if r <= last_round},
            board_orders=tuple(o for o in records.board_orders if o.round_number <= last_round),
            assignments=tuple(a for a in records.assignments if a.round_number <= last_round),
        )
    result.team_records = dataclasses.replace(
        records,
        board_orders=tuple(
            dataclasses.replace(order, players=tuple(numbers.get(p, 0) for p in order.players))
            for order in records.board_orders
        ),
    )
    return result
