"""The Dutch system (C.04.3, 2026) rule by rule, on small hand-built tournaments.

Each ``cases/dutch/<article>_<what>.trf`` holds the rounds played so far; the matching
``.expected`` is the next round in the reference engines' output format (number of lines,
``WHITE BLACK`` per board in board order, ``N 0`` for the pairing-allocated bye), worked out by
hand from the article the file is named after (the reasoning is in the test docstrings).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crosstable.formats.trf.reader import load_trf
from crosstable.model import Colour, ProhibitedPairing
from crosstable.pairing import dutch
from crosstable.pairing.base import PairingError
from crosstable.pairing.checker import check_tournament
from crosstable.pairing.colours import Strength, colour_preference
from crosstable.pairing.registry import SYSTEMS, pair_function, pairing_system

CASES = Path(__file__).parent / "cases" / "dutch"
SAMPLE = Path(__file__).parent / "corpus_sample"
GOLDEN = sorted(CASES.glob("*.expected"))
W, B = Colour.WHITE, Colour.BLACK


@pytest.mark.parametrize("expected", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_case(expected: Path) -> None:
    """e3: both mild White, equal latest two colours, three rounds back 1 had White and 2
    Black, so 2 gets White (not 1 by E.4). The criteria's own cases are in ``golden/``
    (``test_dutch_golden.py``)."""
    tournament = load_trf(expected.with_suffix(".trf"))
    pairing = dutch.pair_round(tournament)
    assert pairing.as_engine_lines() == expected.read_text().split("\n")[:-1]


def test_no_legal_pairing_raises_pairing_error() -> None:
    """1 and 2 (absolute White, not topscorers since the round is not the last) may not meet
    (C3) and each has played 3 and 4, who may not meet either."""
    tournament = load_trf(CASES / "c1_c3_no_legal_pairing.trf")
    with pytest.raises(PairingError, match="round 3"):
        dutch.pair_round(tournament)


def test_rematches_the_chief_arbiter_allows_make_the_round_possible() -> None:
    """The case above has no pairing (1-2 barred by C3, every other pair by C1). The chief
    arbiter allows rematches for 1 and 2 (every pair naming one of them): 1 and 2 float down
    into the 0-point bracket, S1 = [1, 2] against S2 = [3, 4] (Art. 3.2: 1-3, 2-4), both
    absolute White (BB) get White. Allowing them for 1 alone still leaves 2 without an
    opponent (2-3 and 2-4 are rematches, 1-2 C3)."""
    tournament = load_trf(CASES / "c1_c3_no_legal_pairing.trf")
    tournament.rematches_allowed.extend(
        frozenset((player, other)) for player in (1, 2) for other in (3, 4)
    )
    assert dutch.pair_round(tournament).as_engine_lines() == ["2", "1 3", "2 4"]
    one = load_trf(CASES / "c1_c3_no_legal_pairing.trf")
    one.rematches_allowed.extend(frozenset((1, other)) for other in (2, 3, 4))
    with pytest.raises(PairingError, match="round 3"):
        dutch.pair_round(one)


def test_prohibited_pairing_applies_only_inside_its_window() -> None:
    """Forbidding 1-4 in round 3 leaves 1-2 (1's only other opponent): then 3 (the only
    eligible 1-point player left) gets the bye, 4-5 both want Black strongly, neither E.3
    nor anything above it decides, so E.4 gives 4 (higher ranked) Black."""
    path = Path(__file__).parent / "golden" / "c2_pab_eligibility_pab_and_full_point_bye_block.trf"
    tournament = load_trf(path)
    tournament.prohibited_pairings.append(ProhibitedPairing(3, 3, (1, 4)))
    assert dutch.pair_round(tournament).as_engine_lines() == ["3", "1 2", "5 4", "3 0"]
    outside = load_trf(path)
    outside.prohibited_pairings.append(ProhibitedPairing(1, 2, (1, 4)))
    assert dutch.pair_round(outside).as_engine_lines() == ["3", "1 4", "3 5", "2 0"]


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ((), (None, Strength.NONE)),
        ((W, B), (W, Strength.MILD)),
        ((B,), (W, Strength.STRONG)),
        ((W, W, B), (B, Strength.STRONG)),
        ((B, B), (W, Strength.ABSOLUTE)),
        ((W, W, W, B, B), (W, Strength.ABSOLUTE)),  # last two Black beats difference +1
        ((B, B, W, W), (B, Strength.ABSOLUTE)),  # difference 0 but same colour twice
        ((W, B, W, W, W), (B, Strength.ABSOLUTE)),
    ],
)
def test_colour_preferences_art_1_7(
    colours: tuple[Colour, ...], expected: tuple[Colour | None, Strength]
) -> None:
    preference = colour_preference(colours)
    assert (preference.colour, preference.strength) == expected


def test_registry_maps_dutch_codes() -> None:
    for code in ("FIDE_DUTCH_2026", "FIDE_DUTCH_2025", "FIDE_DUTCH", "FIDE_DUTCH_BAKU"):
        assert code in SYSTEMS
    assert pairing_system("fide_dutch_2026").code == "FIDE_DUTCH_2026"
    with pytest.raises(KeyError, match="unknown pairing system"):
        pair_function("FIDE_LIM")


def test_checker_reports_a_tampered_round() -> None:
    path = sorted((SAMPLE / "basic").glob("*.trf"))[0]
    tournament = load_trf(path)
    player = tournament.players[1]
    entry = player.rounds[2]
    assert entry.opponent is not None and entry.colour is not None
    opponent = tournament.players[entry.opponent]
    # Swap the colours of player 1's round-3 game on both sides.
    player.rounds[2] = type(entry)(entry.opponent, entry.colour.opposite, entry.result)
    other = opponent.rounds[2]
    assert other.colour is not None
    opponent.rounds[2] = type(other)(other.opponent, other.colour.opposite, other.result)
    differences = check_tournament(tournament, dutch.pair_round)
    assert differences and differences[0].round_number == 3
    assert differences[0].missing and differences[0].unexpected
