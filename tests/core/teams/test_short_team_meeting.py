"""When two teams "have met" (issue 25, docs/teams.md): at least one game of their match
played over the board, even when a short team loses by the regulation's score; a match
forfeited as a whole is no meeting.

Fars league, table B (examples/fars-team-league-1398.toml): 4 boards, a match is official
with 3 players, a team with fewer loses 0–4; 2/1/0 match points. Six teams, the first-named
team White on board 1; rounds 1 and 2 as recorded:

* round 1: 1–2: team 2 comes with two players, who play boards 1 and 2 (1-0 and 0-1);
  boards 3 and 4 are entered as absences (+-). Team 2 is short: 4–0 for team 1.
  3–4: 1-0, 1-0, ½, ½ (3–1, team 3 wins); 5–6: 1-0, ½, ½, 1-0 (3–1, team 5 wins);
* round 2: 3–1: 1-0, 1-0, ½, ½ (team 3 wins); 2–6: 1-0, 1-0, 1-0, 0-1 (team 2 wins);
  4–5: ½ on every board (a drawn match).

Match points after round 2: 3: 4, 5: 3, 1: 2, 2: 2, 4: 1, 6: 0. Round 3 worked by hand
from C.04.6 (no team has a Type A colour preference: 1 and 2 had White once and Black once,
the others too or a single colour once):

* The teams have met (our reading). Top scoregroup {3}: one upfloater, the highest score
  first ([C5]): 5; 3–5 have not met. Next scoregroup {1, 2}: 1–2 is barred by [C1], so two
  upfloaters join it, 4 and 6 (the only teams left): the first pairing in identifier order
  with no rematch is 1–6, 2–4 (1–4 would leave 2–6, played in round 2). Round 3: 3–5, 1–6,
  2–4 — no rematch.
* A match not played (team 2 fielded nobody; also the old reading of a short team's
  match, before issue 25): {1, 2} pairs 1–2, and 4–6 is left. Round 3: 3–5, 1–2, 4–6 —
  team 1 meets team 2 again, the rematch the Fars journey met (اندیشه–جهرم).
"""

from __future__ import annotations

from pathlib import Path

from crosstable.model import Colour, Player, ProhibitedPairing, Team, Tournament
from crosstable.model.team_match import TeamRoundKind, team_event_records, team_rounds
from crosstable.pairing.base import TeamMatch
from crosstable.pairing.manual import ManualProblem
from crosstable.pairing.registry import team_pair_function
from crosstable.pairing.team_swiss import pair_team_round, team_manual_problems
from crosstable.regulations import load_regulations
from crosstable.teams.lineups import LineUp
from crosstable.teams.match_scoring import (
    MatchRules,
    ScoredMatch,
    event_records,
    record_match,
    score_match,
)

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fars-team-league-1398.toml"


def _round_three(
    team_two: tuple[int | None, ...],
    results: dict[int, str],
    prohibited: tuple[ProhibitedPairing, ...] = (),
    rematches_allowed: tuple[frozenset[int], ...] = (),
    check: list[ManualProblem] | None = None,
) -> set[frozenset[int]]:
    """Round 3 as the Fars regulation's engine pairs it after the rounds above, team 2's
    round-1 line-up and results given."""
    section = load_regulations(EXAMPLE).section("B")
    rules = MatchRules.from_section(section)
    assert (rules.min_players, rules.short_team_score) == (3, (0, 4))
    tournament = Tournament(
        name="Fars B",
        total_rounds=section.rounds,
        system_code=section.pairing.system,
        initial_colour=Colour.WHITE,
        teams=[Team(t, f"Team {t}", [t * 10 + b for b in range(1, 7)]) for t in range(1, 7)],
    )
    for team in tournament.teams:
        for member in team.members:
            tournament.add_player(Player(member, f"Player {member}"))

    def lineup(team: int) -> LineUp:
        return LineUp(team, 1, tuple(team * 10 + board for board in range(1, 5)))

    def match(round_number: int, first: int, second: int, boards: str) -> ScoredMatch:
        given = dict(enumerate(boards.split(), start=1))
        return score_match(round_number, lineup(first), lineup(second), given, rules)

    matches: list[ScoredMatch] = [
        score_match(1, lineup(1), LineUp(2, 1, team_two), results, rules),
        match(1, 3, 4, "1-0 1-0 1/2 1/2"),
        match(1, 5, 6, "1-0 1/2 1/2 1-0"),
        match(2, 3, 1, "1-0 1-0 1/2 1/2"),
        match(2, 2, 6, "1-0 1-0 1-0 0-1"),
        match(2, 4, 5, "1/2 1/2 1/2 1/2"),
    ]
    assert [(m.first_game_points, m.second_game_points) for m in matches] == [
        (4, 0),
        (3, 1),
        (3, 1),
        (3, 1),
        (3, 1),
        (2, 2),
    ]
    for scored in matches:
        record_match(tournament, scored)
    tournament.team_records = event_records(matches, rules)
    tournament.prohibited_pairings.extend(prohibited)
    if check is not None:
        check.extend(
            team_manual_problems(
                tournament,
                3,
                [TeamMatch(1, 2), TeamMatch(3, 5), TeamMatch(4, 6)],
                None,
                {1: "Shiraz", 2: "Shiraz", 3: "Fasa"},
            )
        )
    if rematches_allowed:
        pairing = pair_team_round(tournament, 3, rematches_allowed=rematches_allowed)
    else:  # the engine the regulation names, as the web pairs
        pairing = team_pair_function(section.pairing.system)(tournament, 3)
    return {frozenset((paired.first, paired.second)) for paired in pairing.boards}


def test_a_short_team_that_played_a_game_has_met() -> None:
    two_came = (21, 22, 23, 24)
    pairs = _round_three(two_came, {1: "1-0", 2: "0-1", 3: "+-", 4: "+-"})
    assert pairs == {frozenset({3, 5}), frozenset({1, 6}), frozenset({2, 4})}


def test_a_whole_team_forfeit_is_no_meeting() -> None:
    nobody = (None, None, None, None)
    pairs = _round_three(nobody, {})
    assert pairs == {frozenset({3, 5}), frozenset({1, 2}), frozenset({4, 6})}


TWO_CAME = ((21, 22, 23, 24), {1: "1-0", 2: "0-1", 3: "+-", 4: "+-"})


def test_a_prohibited_pair_is_never_paired() -> None:
    """Issue 25: the arbiter keeps 3 and 5 apart in round 3 (TRF 260 with team numbers).
    By hand: the top scoregroup {3} cannot take 5 ([C1] now barring the pair), so its
    upfloater comes from the 2-point group {1, 2}: 1 met 3 in round 2, so 2: 3–2. Then {5}
    takes 1 (5 has met 6 and 4): 5–1; 4–6 is left. In round 4 the prohibition no longer
    holds (it names round 3 only)."""
    rule = ProhibitedPairing(3, 3, (3, 5))
    pairs = _round_three(*TWO_CAME, prohibited=(rule,))
    assert pairs == {frozenset({2, 3}), frozenset({1, 5}), frozenset({4, 6})}
    assert not rule.applies_to(4)


def test_a_rematch_allowed_by_the_chief_arbiter() -> None:
    """The way out when no pairing exists (C.04.6 3.3.3): the chief arbiter lets 1 and 2
    meet again; [C1] is relaxed for them alone, so round 3 is paired as if they had not met
    (3–5, 1–2, 4–6), while every other rematch stays barred."""
    pairs = _round_three(*TWO_CAME, rematches_allowed=(frozenset({1, 2}),))
    assert pairs == {frozenset({3, 5}), frozenset({1, 2}), frozenset({4, 6})}


def test_a_hand_pairing_is_checked_before_it_is_saved() -> None:
    """Round 3 paired by hand as 1–2, 3–5, 4–6 (the pairing the old reading gave), with 1
    and 2 both from Shiraz and 3–5 prohibited in round 3. By hand: 1–2 is a rematch (the
    short team played two games) of two Shiraz teams; 3 (4 MP) meets 5 (3 MP) and 4 (1 MP)
    meets 6 (0 MP): two floats; 3–5 is prohibited. Colours (art. 1.7, Type A): 3 had White
    twice (3–4, 3–1) and must have Black, but is named first (White on board 1); 6 had Black
    twice (5–6, 2–6) and must have White, but is named second: two colour warnings. 1 and 2
    (W then B, B then W), 4 and 5 have no strong preference."""
    problems: list[ManualProblem] = []
    _round_three(*TWO_CAME, prohibited=(ProhibitedPairing(3, 3, (3, 5)),), check=problems)
    assert [(p.code, p.players) for p in problems] == [
        ("rematch", (1, 2)),
        ("same_unit", (1, 2)),
        ("prohibited", (3, 5)),
        ("colour", (3,)),
        ("float", (3, 5)),
        ("colour", (6,)),
        ("float", (4, 6)),
    ]


def test_the_meeting_is_read_back_from_the_records() -> None:
    """The same reading through the team history the engine reads (record 299 L / W)."""
    section = load_regulations(EXAMPLE).section("B")
    rules = MatchRules.from_section(section)
    tournament = Tournament(
        name="Fars B",
        total_rounds=9,
        initial_colour=Colour.WHITE,
        teams=[Team(1, "Shiraz", [11, 12, 13, 14]), Team(2, "Jahrom", [21, 22, 23, 24])],
    )
    for member in (11, 12, 13, 14, 21, 22, 23, 24):
        tournament.add_player(Player(member, f"Player {member}"))
    match = score_match(
        1,
        LineUp(1, 1, (11, 12, 13, 14)),
        LineUp(2, 1, (21, 22, 23, 24)),
        {1: "1-0", 2: "0-1", 3: "+-", 4: "+-"},
        rules,
    )
    record_match(tournament, match)
    tournament.team_records = event_records([match], rules)
    rounds = team_rounds(tournament, team_event_records(tournament))
    shiraz, jahrom = rounds[1][0], rounds[2][0]
    assert shiraz.kind is jahrom.kind is TeamRoundKind.PLAYED
    assert (shiraz.match_points, shiraz.game_points) == (2, 4)
    assert (jahrom.match_points, jahrom.game_points) == (0, 0)
    assert (shiraz.played_colour, jahrom.played_colour) == (Colour.WHITE, Colour.BLACK)
