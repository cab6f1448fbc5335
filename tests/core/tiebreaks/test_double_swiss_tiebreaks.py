"""Tie-breaks and the cross-table of a Double-Swiss section count matches (C.04.5, C.07).

A Double-Swiss pairing is a match of two games, recorded as two rounds of the section
(docs/pairing/double_swiss.md). C.07 counts a *round*: the opponent's score enters a Buchholz
once per encounter (4.4), a cut drops one round (14.1), a progressive score adds the score
after each round (7.5) — in a Double-Swiss round, a match. WON, BPG, BWG and the rating
tie-breaks say *games* and count games.

The event, worked by hand (1/½/0; the pairing-allocated bye is a game won and a game drawn,
C.04.5 3.4: 1½ a match, ¾ each of its two rounds):

    match 1 (rounds 1-2): 1-3  1-0, ½-½ (3 White in game 2)  -> 1: 1½, 3: ½
                          2-4  ½-½, 0-1 (4 White in game 2)  -> 2: ½,  4: 1½
                          5    bye                             -> 5: 1½
    match 2 (rounds 3-4): 4-1  1-0, 0-1 (1 White in game 2)  -> 4: 1,  1: 1
                          5-2  1-0, ½-½                      -> 5: 1½, 2: ½
                          3    bye                             -> 3: 1½
    totals: 5: 3, 1: 2½, 4: 2½, 3: 2, 2: 1
"""

from __future__ import annotations

from fractions import Fraction

from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.model.scoring import ScoringSystem
from crosstable.pairing.double_swiss import pab_points_per_game
from crosstable.standings import StandingsRules, compute_standings, cross_table
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import parse_descriptor_list
from crosstable.tiebreaks.registry import evaluate

W, B = Colour.WHITE, Colour.BLACK
R = ResultCode
_OTHER = {R.WIN: R.LOSS, R.LOSS: R.WIN, R.DRAW: R.DRAW}


def _event() -> Tournament:
    scoring = ScoringSystem(pairing_bye=pab_points_per_game(Fraction(1), Fraction(1, 2)))
    tournament = Tournament(total_rounds=4, scoring=scoring, system_code="FIDE_DOUBLESWISS")
    for number in range(1, 6):
        tournament.add_player(Player(number, f"Player {number}", rating=2000 - 10 * number))
    games = {
        1: [(1, 3, R.WIN), (2, 4, R.DRAW)],
        2: [(3, 1, R.DRAW), (4, 2, R.WIN)],
        3: [(4, 1, R.WIN), (5, 2, R.WIN)],
        4: [(1, 4, R.WIN), (2, 5, R.DRAW)],
    }
    byes = {1: 5, 2: 5, 3: 3, 4: 3}
    for round_number, boards in games.items():
        for white, black, result in boards:
            tournament.players[white].set_entry(round_number, RoundEntry(black, W, result))
            tournament.players[black].set_entry(round_number, RoundEntry(white, B, _OTHER[result]))
        tournament.players[byes[round_number]].set_entry(
            round_number, RoundEntry.absent(R.PAIRING_BYE)
        )
    return tournament


def _values(code: str) -> dict[int, object]:
    ctx = IndividualContext.from_tournament(_event(), games_per_match=2)
    (spec,) = parse_descriptor_list(code)
    values = evaluate(spec, ctx).values
    assert values is not None
    return dict(values)


def test_the_context_has_a_round_per_match_and_the_scores_of_the_games() -> None:
    ctx = IndividualContext.from_tournament(_event(), games_per_match=2)
    assert ctx.rounds == 2 and ctx.games.rounds == 4
    points = {number: ctx.fraction(score) for number, score in ctx.score.items()}
    assert points == {1: Fraction(5, 2), 2: 1, 3: 2, 4: Fraction(5, 2), 5: 3}
    # 1-3 won 1½-½; 4-1 drawn 1-1 (a game each); the bye is a match without opponent
    assert [record.result for record in ctx.records[1]] == [R.WIN, R.DRAW]
    assert [record.colour for record in ctx.records[1]] == [W, B]
    assert ctx.records[5][0].result is R.PAIRING_BYE and ctx.records[5][0].opponent is None


def test_buchholz_adds_each_opponent_once_per_match() -> None:
    # 1: opponents 3 (2) and 4 (2½) = 4½ (counted per game it was 9).
    # 5: the bye (Art. 16.4.2: a dummy of min(own 3, a drawn match's 1 × 2 matches) = 2)
    #    and 2 (1) = 3.  3: 1 (2½) and the bye (min(2, 2) = 2) = 4½.
    # 4: 2 (1) and 1 (2½) = 3½.  2: 4 (2½) and 5 (3) = 5½.
    half = Fraction(1, 2)
    assert _values("BH") == {1: 4 + half, 2: 5 + half, 3: 4 + half, 4: 3 + half, 5: 3}


def test_a_cut_drops_one_match() -> None:
    # BH-C1 drops the lowest opponent (a whole match): 1 keeps 2½, 2 keeps 3, 3 keeps 2½
    # (the bye's dummy 2 is cut, a PAB is no VUR), 4 keeps 2½, 5 keeps the dummy's 2.
    # Cutting one game instead would have left 1 with 2 + 2½ + 2½ = 7.
    half = Fraction(1, 2)
    assert _values("BH/C1") == {1: 2 + half, 2: 3, 3: 2 + half, 4: 2 + half, 5: 2}


def test_sonneborn_berger_is_the_match_points_times_the_opponents_score() -> None:
    # 1: 1½ × 2 (3) + 1 × 2½ (4) = 5½. 4: 1½ × 1 (2) + 1 × 2½ (1) = 4.
    # 5: 1½ × 2 (the bye's dummy) + 1½ × 1 (2) = 4½.
    values = _values("SB")
    assert values[1] == Fraction(11, 2) and values[4] == 4 and values[5] == Fraction(9, 2)


def test_progressive_scores_add_the_score_after_each_match() -> None:
    # 1: 1½ then 2½ = 4 (after each game it was 1, 1½, 1½, 2½ = 6½). 5: 1½, 3 = 4½.
    # 2: ½, 1 = 1½.
    values = _values("PS")
    assert values[1] == 4 and values[5] == Fraction(9, 2) and values[2] == Fraction(3, 2)


def test_wins_and_standard_points_count_matches_won() -> None:
    # WIN: 1 won match 1 (1½-½), drew match 2: 1. 5: the bye (1½, more than a drawn match)
    # and match 2 (1½-½): 2. 3: lost match 1, the bye: 1. 2: none.
    assert _values("WIN") == {1: 1, 2: 0, 3: 1, 4: 1, 5: 2}
    # STD: 1 a match won, ½ a match drawn; a bye above a draw's points is 1.
    half = Fraction(1, 2)
    assert _values("STD") == {1: 1 + half, 2: 0, 3: 1, 4: 1 + half, 5: 2}


def test_games_won_and_games_with_black_count_games() -> None:
    # WON: 1 won games 1 and 4, 4 games 2 and 3, 5 game 3, 3 none, 2 none.
    assert _values("WON") == {1: 2, 2: 0, 3: 0, 4: 2, 5: 1}
    # BPG: 1 Black in rounds 2 and 3; 2 in rounds 2 and 3; 3 in round 1; 4 in rounds 1, 4;
    # 5 in round 4.
    assert _values("BPG") == {1: 2, 2: 2, 3: 1, 4: 2, 5: 1}
    # ARO counts games: 1 met 3 (1970) twice and 4 (1960) twice: 1965.
    assert _values("ARO")[1] == 1965


def test_standings_and_the_cross_table_have_a_column_per_match() -> None:
    tournament = _event()
    rules = StandingsRules.from_text("BH,SB")
    rules = StandingsRules(rules.tiebreaks, games_per_match=2)
    standings = compute_standings(tournament, rules)
    # 1 and 4 on 2½: BH 4½ against 3½ puts 1 second.
    assert [row.number for row in standings.rows] == [5, 1, 4, 3, 2]
    assert standings.rounds == 4 and standings.matches == 2
    cells = {row.number: row_cells for row, row_cells in cross_table(tournament, standings)}
    # lines: 5 → 1, 1 → 2, 4 → 3, 3 → 4, 2 → 5; a cell: the opponent's line, game 1's
    # colour, the two games' codes
    assert cells[1] == ["4w1=", "3b01"]
    assert cells[5] == ["UU", "5w1="]
    assert cells[2] == ["3w=0", "1b0="]
