"""Local rules on top of the Dutch system (issue 7; the Kinabatangan school rules, seed 000):
same-school avoidance in given rounds and "a player downfloats at most once"."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from crosstable.generate import generate_tournament, random_config
from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.pairing import dutch
from crosstable.pairing.base import PairingError, RoundPairing
from crosstable.pairing.dutch import LocalRules, local_rules_from
from crosstable.pairing.history import Float, build_histories
from crosstable.regulations.loader import load_regulations

EXAMPLE = Path(__file__).parents[3] / "examples" / "kinabatangan-school-2024.toml"

W, B = Colour.WHITE, Colour.BLACK
SCHOOL_ROUND_ONE = LocalRules(avoid_same_unit_rounds=frozenset({1}))
FLOAT_ONCE = LocalRules(float_once=True)


def _event(clubs: list[str], rounds: int = 5) -> Tournament:
    tournament = Tournament(name="Kinabatangan test", total_rounds=rounds, initial_colour=W)
    for number, club in enumerate(clubs, start=1):
        tournament.add_player(
            Player(pairing_number=number, name=f"P{number}", rating=2000 - number, club=club)
        )
    return tournament


def _play(tournament: Tournament, pairing: RoundPairing, winners: set[int]) -> None:
    """Record ``pairing``: the listed players win, other games are drawn."""
    r = pairing.round_number
    for board in pairing.boards:
        for me, other, colour in ((board.white, board.black, W), (board.black, board.white, B)):
            if me in winners:
                result = ResultCode.WIN
            elif other in winners:
                result = ResultCode.LOSS
            else:
                result = ResultCode.DRAW
            tournament.players[me].set_entry(r, RoundEntry(other, colour, result))
    if pairing.bye is not None:
        tournament.players[pairing.bye].set_entry(r, RoundEntry(None, None, ResultCode.PAIRING_BYE))


def _pairs(pairing: RoundPairing) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in pairing.boards}


def test_same_school_players_do_not_meet_in_round_one() -> None:
    """FIDE pairs 1-3 and 2-4 in round 1; 1 and 3 are from the same school, so the next
    transposition (1-4, 2-3) is taken."""
    tournament = _event(["SK Bukit Garam", "SK Lamag", "SK Bukit Garam", "SK Sukau"])
    assert _pairs(dutch.pair_round(tournament, 1)) == {frozenset({1, 3}), frozenset({2, 4})}
    local = dutch.pair_round(tournament, 1, local_rules=SCHOOL_ROUND_ONE)
    assert _pairs(local) == {frozenset({1, 4}), frozenset({2, 3})}


def test_same_school_rule_is_for_round_one_only() -> None:
    """In round 2 the school rule no longer applies: the pairing equals the FIDE one even
    for schoolmates."""
    tournament = _event(["A", "B", "A", "C"])
    first = dutch.pair_round(tournament, 1, local_rules=SCHOOL_ROUND_ONE)
    _play(tournament, first, {1, 2})
    assert dutch.pair_round(tournament, 2, local_rules=SCHOOL_ROUND_ONE) == dutch.pair_round(
        tournament, 2
    )


def test_player_who_downfloated_does_not_float_again() -> None:
    """Five players. Round 1: 1-3, 4-2, 5 bye; 3 and 4 win. Round 2: 3-5, 1-4, 2 bye; 1 and
    3 win. Before round 3: 3 has 2 points, 1, 2, 4, 5 one point each; 2 (bye), 4 (met 1 on
    0 points) and 5 (bye) have downfloated. FIDE pairs 2-3, 5-1 and gives 4 the bye: a second
    downfloat for 4. With the float-once rule 4 may neither have the bye nor meet a lower
    score, 2 and 5 may not have the bye either: 1 gets it, 5-4 and 2-3 are paired."""
    tournament = _event(["", "", "", "", ""])
    for round_number, winners in ((1, {3, 4}), (2, {1, 3})):
        _play(tournament, dutch.pair_round(tournament, round_number), winners)
    fide = dutch.pair_round(tournament, 3)
    assert fide.bye == 4
    local = dutch.pair_round(tournament, 3, local_rules=FLOAT_ONCE)
    _assert_no_second_downfloat(tournament, local)
    assert local.bye == 1
    assert _pairs(local) == {frozenset({2, 3}), frozenset({4, 5})}


def _assert_no_second_downfloat(tournament: Tournament, pairing: RoundPairing) -> None:
    histories = build_histories(tournament, pairing.round_number)
    floated = {n for n, h in histories.items() if Float.DOWN in h.floats}
    assert pairing.bye not in floated
    for board in pairing.boards:
        for me, other in ((board.white, board.black), (board.black, board.white)):
            if me in floated:
                assert histories[other].score >= histories[me].score, (me, other)


def _small_config(seed: int) -> object:
    rng = random.Random(seed)
    players = 6 + rng.randrange(15)
    rounds = min(3 + rng.randrange(3), players // 2)
    return dataclasses.replace(random_config(seed), players=players, rounds=rounds)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_no_schoolmates_in_round_one(seed: int) -> None:
    tournament = generate_tournament(_small_config(seed), seed, dutch.pair_round, played_rounds=0)  # type: ignore[arg-type]
    rng = random.Random(seed)
    schools = [f"S{k}" for k in range(2 + rng.randrange(4))]
    for player in tournament.players.values():
        player.club = rng.choice(schools)
    try:
        pairing = dutch.pair_round(tournament, 1, local_rules=SCHOOL_ROUND_ONE)
    except PairingError:
        assume(False)
        return
    for board in pairing.boards:
        assert tournament.players[board.white].club != tournament.players[board.black].club


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_nobody_downfloats_twice(seed: int) -> None:
    def pair(tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        assert round_number is not None
        pairing = dutch.pair_round(tournament, round_number, local_rules=FLOAT_ONCE)
        _assert_no_second_downfloat(tournament, pairing)
        return pairing

    try:
        generate_tournament(_small_config(seed), seed, pair)  # type: ignore[arg-type]
    except PairingError:
        assume(False)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_without_local_rules_the_pairing_is_fide(seed: int) -> None:
    try:
        tournament = generate_tournament(_small_config(seed), seed, dutch.pair_round)  # type: ignore[arg-type]
    except PairingError:
        assume(False)
        return
    for player in tournament.players.values():
        player.club = "same school"
    for r in range(1, tournament.total_rounds + 1):
        fide = dutch.pair_round(tournament, r)
        assert dutch.pair_round(tournament, r, local_rules=None) == fide
        assert dutch.pair_round(tournament, r, local_rules=LocalRules()) == fide


def test_scores_are_exact() -> None:
    """The float-once rule compares exact pairing scores (half points included)."""
    tournament = _event(["", "", "", ""])
    first = dutch.pair_round(tournament, 1)
    _play(tournament, first, set())
    histories = build_histories(tournament, 2)
    assert all(h.score == Fraction(1, 2) for h in histories.values())
    assert dutch.pair_round(tournament, 2, local_rules=FLOAT_ONCE) == dutch.pair_round(
        tournament, 2
    )


def test_kinabatangan_regulations_give_the_local_rules() -> None:
    """The example declares avoid_same_unit_rounds = [1, 1] and the float_once local rule."""
    regulations = load_regulations(EXAMPLE)
    for section in regulations.sections:
        assert local_rules_from(section.pairing) == LocalRules(
            avoid_same_unit_rounds=frozenset({1}), float_once=True
        )


def test_the_registry_applies_a_sections_pairing_options() -> None:
    """Callers that pair through the registry (web app, event commands) get the regulations'
    local rules: the Kinabatangan section keeps schoolmates apart in round 1."""
    from crosstable.pairing.registry import pair_function

    section = load_regulations(EXAMPLE).sections[0]
    tournament = _event(["SK Bukit Garam", "SK Lamag", "SK Bukit Garam", "SK Sukau"])
    assert _pairs(pair_function("FIDE_DUTCH_2026")(tournament, 1)) == {
        frozenset({1, 3}),
        frozenset({2, 4}),
    }
    assert _pairs(pair_function("FIDE_DUTCH_2026", section.pairing)(tournament, 1)) == {
        frozenset({1, 4}),
        frozenset({2, 3}),
    }
