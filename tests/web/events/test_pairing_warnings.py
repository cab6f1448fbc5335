"""Warnings for a hand-made pairing: rematch, colour rules, prohibited pair (on core
tournaments built by hand, no database)."""

from __future__ import annotations

from crosstable.model import Colour, Player, ProhibitedPairing, ResultCode, RoundEntry, Tournament
from crosstable_web.events.rounds import pairing_warnings


def _tournament() -> Tournament:
    tournament = Tournament(total_rounds=5)
    for number in range(1, 5):
        tournament.add_player(Player(number, f"P{number}"))
    # Rounds 1 and 2: 1 plays White both times (against 2 then 3); 4 plays Black twice.
    history = {
        1: [
            RoundEntry(2, Colour.WHITE, ResultCode.WIN),
            RoundEntry(3, Colour.WHITE, ResultCode.DRAW),
        ],
        2: [
            RoundEntry(1, Colour.BLACK, ResultCode.LOSS),
            RoundEntry(4, Colour.WHITE, ResultCode.WIN),
        ],
        3: [
            RoundEntry(4, Colour.WHITE, ResultCode.DRAW),
            RoundEntry(1, Colour.BLACK, ResultCode.DRAW),
        ],
        4: [
            RoundEntry(3, Colour.BLACK, ResultCode.DRAW),
            RoundEntry(2, Colour.BLACK, ResultCode.LOSS),
        ],
    }
    for number, entries in history.items():
        tournament.players[number].rounds.extend(entries)
    return tournament


def test_rematch_and_third_colour_in_a_row() -> None:
    warnings = pairing_warnings(_tournament(), 3, [(1, 2), (4, 3)])
    assert any("Rematch: P1 and P2" in warning for warning in warnings)
    assert any("P1 would get the same colour three times" in w for w in warnings)
    assert any("P1's colour difference would be +3" in w for w in warnings)
    # 4 had Black twice and now gets White: no colour warning (but 4 met 3 in round 1).
    assert not any("Colour: P4" in warning for warning in warnings)
    assert any("Rematch: P4 and P3" in warning for warning in warnings)


def test_forfeits_are_not_meetings_and_prohibited_pairs() -> None:
    tournament = _tournament()
    tournament.players[1].rounds[0] = RoundEntry(2, Colour.WHITE, ResultCode.FORFEIT_WIN)
    tournament.players[2].rounds[0] = RoundEntry(1, Colour.BLACK, ResultCode.FORFEIT_LOSS)
    tournament.prohibited_pairings.append(ProhibitedPairing(1, 3, (3, 4)))
    warnings = pairing_warnings(tournament, 3, [(2, 1), (3, 4)])
    assert not any("Rematch: P2 and P1" in warning for warning in warnings)
    assert any("Prohibited pair: P3 and P4" in warning for warning in warnings)
