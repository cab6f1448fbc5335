"""A team section's results: the standings on its tie-breaks, the board
rankings, team and board prizes, of the teams that play (``team_results``).
"""

from __future__ import annotations

import dataclasses

from crosstable.prizes import PrizeList, allocate_prizes
from crosstable.regulations.schema import BoardRanking, PrizeRules, TeamRankingMethod
from crosstable.standings import Standings, StandingsRules, compute_team_standings
from crosstable.teams.board_prizes import (
    BoardStanding,
    board_entrants,
    board_records,
    rank_board,
    team_entrants,
)
from crosstable.teams.match_scoring import (
    Rescoring,
    ScoredMatch,
    team_event,
)
from crosstable.tiebreaks.unplayed import UnplayedRule
from crosstable_web.events.models import Section
from crosstable_web.events.ranking import standings as ranking_standings
from crosstable_web.events.regulations import rules
from crosstable_web.teams import bridge, places


@dataclasses.dataclass(frozen=True, slots=True)
class TeamResults:
    matches: list[ScoredMatch]
    rescorings: list[Rescoring]
    standings: Standings
    team_prizes: list[PrizeList]
    boards: list[BoardStanding]
    board_prizes: list[tuple[BoardStanding, PrizeList]]
    prize_tables: list[TeamPrizeTable] = dataclasses.field(default_factory=list)
    """Every prize list above with the regulations' table it comes from, in the regulations'
    order (the prize list and certificates print them with their currency and names)."""
    unplayed_rule: UnplayedRule = UnplayedRule.FIDE_2026
    """The C.07 text the FIDE tie-breaks counted unplayed rounds by (in force when the event
    began)."""

    @property
    def fide_unplayed_edition(self) -> str:
        """The year of that text for the standings' footnote; "" when no tie-break of the
        list counts unplayed rounds by C.07's Art. 16."""
        return ranking_standings.fide_unplayed_edition(
            self.standings.tiebreaks, self.unplayed_rule, teams=True
        )


@dataclasses.dataclass(frozen=True, slots=True)
class TeamPrizeTable:
    """One prize list of a team section: the regulations' table, the board it ranks (None:
    the teams) and who won what."""

    rules: PrizeRules
    board: int | None
    prizes: PrizeList


def team_results(section: Section) -> TeamResults:
    """Standings on the section's tie-breaks, board rankings, team and board prizes, of the
    teams that play: where places go by payment date, a team on the waiting list (not in
    round 1's field, or not admitted before round 1) is in none of them
    (``places.field_teams``; the team section page lists it apart)."""
    matches, rescorings = bridge.scored_matches(section)
    regulations = rules.section_rules(section)
    rounds = section.team_rounds.count()
    field = places.field_teams(section)
    names = {
        number: name
        for number, name in section.teams.values_list("number", "name")
        if field is None or number in field
    }
    event = team_event(matches, names, bridge.match_rules(section), rounds, bridge.byes(section))
    tiebreaks = list(section.tiebreaks)
    if (
        regulations is not None
        and regulations.team_ranking is not None
        and regulations.team_ranking.method is TeamRankingMethod.MATCH_POINTS
    ):
        # a sum-of-places ranking's tie-breaks ("best_place") rank units, not matches
        tiebreaks = list(regulations.team_ranking.tiebreaks) or tiebreaks
    # FIDE tie-breaks count unplayed rounds by the C.07 text in force when the event began,
    # as an individual section's standings do
    unplayed = ranking_standings.unplayed_rule(section.event)
    standings = compute_team_standings(
        event, StandingsRules.from_text(tiebreaks, unplayed_rule=unplayed)
    )
    ranks = standings.ranks()
    rosters = [roster for roster in bridge.rosters(section) if roster.number in names]
    players = bridge.players(section)
    board_rules = (
        regulations.board_ranking
        if regulations is not None and regulations.board_ranking is not None
        else BoardRanking({}, ("percentage", "games", "team_place", "wins"))
    )
    # A player declared ineligible is in no board ranking and wins no board prize.
    ineligible = bridge.ineligible_from(section)
    records = {
        player: record
        for player, record in board_records(matches, rosters, board_rules.forfeits_count).items()
        if player not in ineligible
    }
    most = max((len(r.members) for r in rosters), default=0)
    boards = [rank_board(board, records, board_rules, ranks) for board in range(1, most + 1)]
    team_prizes: list[PrizeList] = []
    board_prizes: list[tuple[BoardStanding, PrizeList]] = []
    tables: list[TeamPrizeTable] = []
    for table in regulations.prizes if regulations is not None else ():
        if "team" in table.rankings:
            team_prizes.append(
                allocate_prizes(table, team_entrants(ranks, rosters, players, table))
            )
            tables.append(TeamPrizeTable(table, None, team_prizes[-1]))
        for standing in boards:
            if f"board:{standing.board}" in table.rankings:
                entrants = board_entrants(standing, players, table)
                board_prizes.append((standing, allocate_prizes(table, entrants)))
                tables.append(TeamPrizeTable(table, standing.board, board_prizes[-1][1]))
    return TeamResults(
        matches, rescorings, standings, team_prizes, boards, board_prizes, tables, unplayed
    )
