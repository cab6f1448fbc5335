"""The Fars team league (both tables) run end to end from examples/fars-team-league-1398.toml
(issue 6.9): registered and submitted line-ups, a short team, pairing every round with the
team Swiss engine named by the regulation, team standings on its tie-break list, board
rankings and prizes, team prizes with the county and average-rating conditions, and the
ineligible player of table B re-scored 4-0 with the standings recomputed.

The board results are seeded random (the league's real results are not published); every
assertion checks a rule against figures recomputed here, independently of the module under
test, never a copied output."""

from __future__ import annotations

import datetime
import random
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.model import Colour, Player, Team, Tournament
from crosstable.pairing.registry import team_pair_function
from crosstable.prizes import allocate_prizes
from crosstable.regulations import (
    RegulationsError,
    SectionRules,
    load_regulations,
    parse_regulations,
)
from crosstable.standings import Standings, StandingsRules, compute_team_standings
from crosstable.teams.board_prizes import board_entrants, board_records, rank_board, team_entrants
from crosstable.teams.lineups import LineUp, effective_lineup, is_short, validate_lineup
from crosstable.teams.match_scoring import (
    MatchRules,
    ScoredMatch,
    record_match,
    rescore_ineligible,
    score_match,
    team_event,
)
from crosstable.teams.roster import TeamRoster

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fars-team-league-1398.toml"
RESULTS = ("1-0", "1-0", "1/2", "0-1", "0-1", "1/2", "1-0")


def _teams(count: int, juniors: bool) -> tuple[list[TeamRoster], dict[int, Player]]:
    rng = random.Random(count)
    rosters, players = [], {}
    for number in range(1, count + 1):
        members = tuple(number * 10 + board for board in range(1, 7))
        county = number % 2 == 0  # 6 of 12 (A), 7 of 14 (B) county teams
        rosters.append(
            TeamRoster(
                number,
                f"Team {number}",
                members,
                captain=members[0],
                unit=f"Unit {number}",
                unit_kind="county" if county else "club",
                attributes={"introduction_letter": county, "local_players": 4 if county else 0},
            )
        )
        for board, member in enumerate(members, start=1):
            year = 2008 + rng.randrange(4) if juniors else 1950 + rng.randrange(50)
            players[member] = Player(
                member,
                f"Player {member}",
                sex="w" if member % 5 == 0 else "m",
                rating=0 if member % 7 == 0 else 2300 - 40 * number - 20 * board,
                birth_date=datetime.date(year, 1 + board, 10),
            )
    return rosters, players


def _play(
    section: SectionRules, rosters: list[TeamRoster], players: dict[int, Player]
) -> tuple[Tournament, list[ScoredMatch]]:
    assert section.team is not None and section.rounds is not None
    rules = MatchRules.from_section(section)
    tournament = Tournament(
        name=section.name,
        total_rounds=section.rounds,
        system_code=section.pairing.system,
        initial_colour=Colour.WHITE,
        teams=[Team(r.number, r.name, list(r.members)) for r in rosters],
    )
    for player in players.values():
        tournament.add_player(Player(player.pairing_number, player.name))
    by_number = {roster.number: roster for roster in rosters}
    rng = random.Random(section.key)
    pair = team_pair_function(section.pairing.system)
    matches: list[ScoredMatch] = []
    for round_number in range(1, section.rounds + 1):
        pairing = pair(tournament, round_number)
        assert pairing.bye is None
        for match in pairing.boards:
            lineups: list[LineUp] = []
            for team in (match.first, match.second):
                roster = by_number[team]
                submitted: list[int | None] | None = None
                if (round_number + team) % 3 == 0:  # the captain rests board 2
                    submitted = [roster.members[i] for i in (0, 2, 3, 4)]
                if round_number == 3 and team == pairing.boards[0].second:
                    submitted = [roster.members[0], roster.members[1], None, None]
                if submitted is not None:
                    assert validate_lineup(roster, submitted, section.team) == []
                lineups.append(effective_lineup(roster, round_number, section.team, submitted))
            results = {board: rng.choice(RESULTS) for board in range(1, 5)}
            scored = score_match(round_number, lineups[0], lineups[1], results, rules)
            record_match(tournament, scored)
            matches.append(scored)
    return tournament, matches


def _standings(
    section: SectionRules, rosters: list[TeamRoster], matches: list[ScoredMatch]
) -> Standings:
    assert section.team_ranking is not None and section.rounds is not None
    event = team_event(
        matches,
        {r.number: r.name for r in rosters},
        MatchRules.from_section(section),
        section.rounds,
    )
    return compute_team_standings(event, StandingsRules.from_text(section.team_ranking.tiebreaks))


def _match_points(matches: list[ScoredMatch]) -> dict[int, Fraction]:
    """Match points recomputed from the game points alone (2 / 1 / 0)."""
    totals: dict[int, Fraction] = {}
    for m in matches:
        first = (
            2
            if m.first_game_points > m.second_game_points
            else (1 if m.first_game_points == m.second_game_points and m.first_game_points else 0)
        )
        second = (
            2
            if m.second_game_points > m.first_game_points
            else (1 if m.first_game_points == m.second_game_points and m.first_game_points else 0)
        )
        totals[m.first_team] = totals.get(m.first_team, Fraction(0)) + first
        totals[m.second_team] = totals.get(m.second_team, Fraction(0)) + second
    return totals


def test_fars_table_a_end_to_end() -> None:
    section = load_regulations(EXAMPLE).section("A")
    assert section.team is not None and section.board_ranking is not None
    rosters, players = _teams(12, juniors=False)
    _, matches = _play(section, rosters, players)
    assert len(matches) == 6 * 11
    met = [frozenset(m.teams()) for m in matches]
    assert len(set(met)) == len(met)  # no two teams meet twice
    short = [m for m in matches if m.note.startswith("short:")]
    assert len(short) == 1
    assert sorted([short[0].first_game_points, short[0].second_game_points]) == [0, 4]
    standings = _standings(section, rosters, matches)
    expected = _match_points(matches)
    assert {row.number: row.points for row in standings.rows} == expected
    assert [row.points for row in standings.rows] == sorted(expected.values(), reverse=True)

    ranks = standings.ranks()
    team_prizes = section.prizes[0]
    awards = allocate_prizes(team_prizes, team_entrants(ranks, rosters, players, team_prizes))
    place_winners = [a.pairing_number for a in awards.awards if a.prize == "place"]
    assert [ranks[n] for n in place_winners] == sorted(ranks[n] for n in place_winners)
    assert len(place_winners) == 5
    county_awards = [a for a in awards.awards if a.prize == "county"]
    # Six county teams entered: the best county team prize (needs 5), not the second (8).
    assert len(county_awards) == 1 and [s.key for s in awards.skipped] == ["county:2"]
    assert county_awards[0].pairing_number % 2 == 0

    records = board_records(matches, rosters, section.board_ranking.forfeits_count)
    board_prizes = section.prizes[1]
    for board in range(1, 7):
        standing = rank_board(board, records, section.board_ranking, ranks)
        needed = section.board_ranking.min_games[board]
        assert all(place.record.games >= needed for place in standing.places)
        assert all(record.games < needed for record in standing.unranked)
        percentages = [place.record.percentage for place in standing.places]
        assert percentages == sorted(percentages, reverse=True)
        prizes = allocate_prizes(board_prizes, board_entrants(standing, players, board_prizes))
        for award in prizes.awards:
            assert records[award.pairing_number].board == board
            if award.prize == "best_woman":
                assert players[award.pairing_number].sex == "w"


def test_fars_table_b_ineligible_player_rescored_four_nil() -> None:
    section = load_regulations(EXAMPLE).section("B")
    assert section.team is not None
    rosters, players = _teams(14, juniors=True)
    _, matches = _play(section, rosters, players)
    before = _standings(section, rosters, matches)
    # Player 31 (team 3, board 1) is found over the age limit after the last round.
    rules = MatchRules.from_section(section)
    rescored, changes = rescore_ineligible(matches, 31, rules)
    played_by_31 = [m for m in matches if m.games_of(31)]
    assert [c.before for c in changes] == played_by_31 and played_by_31
    for change in changes:
        team3_first = change.after.first_team == 3
        assert (change.after.first_game_points, change.after.second_game_points) == (
            (0, 4) if team3_first else (4, 0)
        )
    after = _standings(section, rosters, rescored)
    assert {row.number: row.points for row in after.rows} == _match_points(rescored)
    assert after.row(3).points < before.row(3).points or before.row(3).points == 0
    lost_by_3 = sum(
        (m.first_match_points if m.first_team == 3 else m.second_match_points) for m in played_by_31
    )
    assert after.row(3).points == before.row(3).points - lost_by_3


def test_short_team_lineup_is_detected_from_the_regulation() -> None:
    section = load_regulations(EXAMPLE).section("A")
    assert section.team is not None
    roster = TeamRoster(1, "One", (1, 2, 3, 4, 5, 6))
    lineup = effective_lineup(roster, 1, section.team, [1, 2, None, None])
    assert is_short(lineup, section.team)
    assert not is_short(effective_lineup(roster, 1, section.team, [1, 2, 3, None]), section.team)


def test_a_bad_short_team_result_names_the_key() -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace('"0-4"', '"zero to four"')
    with pytest.raises(RegulationsError, match="short_team_result"):
        parse_regulations(text, "fars.toml")


def test_the_fars_bye_is_the_c046_drawn_match() -> None:
    # The Fars regulations state no bye value: C.04.6's default, a drawn match (1 MP of
    # 2/1/0 and 4 boards x 1/2 = 2 GP).
    section = load_regulations(EXAMPLE).section("A")
    assert MatchRules.from_section(section).bye_points() == (1, 2)


@pytest.mark.parametrize(
    ("bye", "expected"),
    [
        ('"win"', (2, 4)),
        ('"loss"', (0, 0)),
        ('"draw"', (1, 2)),
        ('{ match_points = 2, game_points = "5/2" }', (2, Fraction(5, 2))),
    ],
)
def test_team_bye_states_another_value(bye: str, expected: tuple[Fraction, Fraction]) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        'short_team_result = "0-4"', f'short_team_result = "0-4"\nbye = {bye}', 1
    )
    section = parse_regulations(text, "fars.toml").section("A")
    assert MatchRules.from_section(section).bye_points() == expected


@pytest.mark.parametrize(
    ("bye", "message"),
    [
        ('"half"', "team.bye: expected"),
        ("{ match_points = 1 }", "team.bye.game_points: missing"),
        ("{ match_points = 1, game_points = 2, extra = 3 }", "team.bye.extra: unknown key"),
    ],
)
def test_a_bad_team_bye_names_the_key(bye: str, message: str) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        'short_team_result = "0-4"', f'short_team_result = "0-4"\nbye = {bye}', 1
    )
    with pytest.raises(RegulationsError, match=message):
        parse_regulations(text, "fars.toml")


def test_a_bye_inside_match_points_is_refused_naming_team_bye() -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        "match_points = { win = 2, draw = 1, loss = 0 }",
        "match_points = { win = 2, draw = 1, loss = 0, bye = 2 }",
        1,
    )
    with pytest.raises(RegulationsError, match=r"team\.match_points\.bye: .*team\.bye"):
        parse_regulations(text, "fars.toml")
