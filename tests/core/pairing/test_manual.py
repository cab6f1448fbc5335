"""What a hand-made pairing breaks (``crosstable.pairing.manual``), on tournaments built by
hand: rematches (forfeits are no meetings), prohibited pairs, the pairing-allocated bye to a
player who may not have it, colour rules (topscorers exempt in the last round), and both
players of a game getting the colour they do not expect."""

from __future__ import annotations

from crosstable.model import Colour, Player, ProhibitedPairing, ResultCode, RoundEntry, Tournament
from crosstable.pairing.manual import ManualProblem, manual_problems, may_receive_pairing_bye

W, B = Colour.WHITE, Colour.BLACK


def _tournament(total_rounds: int = 5) -> Tournament:
    tournament = Tournament(total_rounds=total_rounds)
    for number in range(1, 6):
        tournament.add_player(Player(number, f"P{number}"))
    # Rounds 1 and 2: 1 plays White both times (against 2 then 3); 4 plays Black twice;
    # 5 had the pairing-allocated bye in round 1 and a half-point bye in round 2.
    history = {
        1: [RoundEntry(2, W, ResultCode.WIN), RoundEntry(3, W, ResultCode.DRAW)],
        2: [RoundEntry(1, B, ResultCode.LOSS), RoundEntry(4, W, ResultCode.WIN)],
        3: [RoundEntry(4, W, ResultCode.DRAW), RoundEntry(1, B, ResultCode.DRAW)],
        4: [RoundEntry(3, B, ResultCode.DRAW), RoundEntry(2, B, ResultCode.LOSS)],
        5: [
            RoundEntry.absent(ResultCode.PAIRING_BYE),
            RoundEntry.absent(ResultCode.HALF_POINT_BYE),
        ],
    }
    for number, entries in history.items():
        tournament.players[number].rounds.extend(entries)
    return tournament


def test_rematch_and_third_colour_in_a_row() -> None:
    problems = manual_problems(_tournament(), 3, [(1, 2), (4, 3)], 5)
    assert ManualProblem("rematch", (1, 2)) in problems
    assert ManualProblem("colour_three", (1,)) in problems
    assert ManualProblem("colour_difference", (1,), 3) in problems
    # 4 had Black twice and now gets White: no colour problem (but 4 met 3 in round 1).
    assert not [p for p in problems if p.code.startswith("colour") and p.players == (4,)]
    assert ManualProblem("rematch", (4, 3)) in problems
    # 5 had the pairing-allocated bye already (C.04.1 Art. 4)
    assert ManualProblem("bye_ineligible", (5,)) in problems


def test_forfeits_are_not_meetings_and_prohibited_pairs() -> None:
    tournament = _tournament()
    tournament.players[1].rounds[0] = RoundEntry(2, W, ResultCode.FORFEIT_WIN)
    tournament.players[2].rounds[0] = RoundEntry(1, B, ResultCode.FORFEIT_LOSS)
    tournament.prohibited_pairings.append(ProhibitedPairing(1, 3, (3, 4)))
    problems = manual_problems(tournament, 3, [(2, 1), (3, 4)], None)
    assert not [p for p in problems if p.code == "rematch" and set(p.players) == {1, 2}]
    assert ManualProblem("prohibited", (3, 4)) in problems
    # the forfeit win blocks the bye (a win's points without playing); a half-point bye does not
    assert not may_receive_pairing_bye(tournament, 1, 3)
    assert may_receive_pairing_bye(tournament, 2, 3)


def test_colours_opposite_to_both_expectations_are_a_milder_problem() -> None:
    # 2 (W last, difference 0) expects Black, 3 (B last) expects White: 2 White, 3 Black
    # gives both the colour they do not expect.
    problems = manual_problems(_tournament(), 3, [(2, 3)], None)
    assert problems == [ManualProblem("colours_reversed", (2, 3))]
    assert manual_problems(_tournament(), 3, [(3, 2)], None) == []


def test_topscorers_may_break_the_colour_rules_in_the_last_round() -> None:
    """Round 3 of 3: player 1 (won both games: 2 points, more than half of 3) may get White a
    third time; player 4 (½) may not."""
    tournament = _tournament(total_rounds=3)
    tournament.players[1].rounds[1] = RoundEntry(3, W, ResultCode.WIN)
    tournament.players[3].rounds[1] = RoundEntry(1, B, ResultCode.LOSS)
    problems = manual_problems(tournament, 3, [(1, 5), (4, 3)], None)
    assert not [p for p in problems if p.players == (1,)]
    problems = manual_problems(tournament, 3, [(5, 4)], None)
    assert ManualProblem("colour_three", (4,)) in problems
