"""Xiangqi round 1 at national size (``crosstable.pairing.xiangqi_round_one``, issue 32): the
pairing nearest the lot without listing every pair has the listed solve's optimum (X5 count,
then sum of squared shifts), its tie rule by hand, and the bye chosen without pairing every
bye is the one the old loop (every bye from the highest number down) chose."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from crosstable.matching import max_weight_matching
from crosstable.model import Colour, Player, ProhibitedPairing, Tournament
from crosstable.pairing import xiangqi, xiangqi_round_one
from crosstable.pairing.base import PairingError, RoundPairing
from crosstable.pairing.rules import ColourRule, RoundOnePairing
from crosstable.pairing.xiangqi import XiangqiOptions, pair_round
from crosstable.pairing.xiangqi_round_one import LotRepair, nearest_to_lot


def adjacent(n: int) -> list[int]:
    return [i ^ 1 for i in range(n)]


def halves(n: int) -> list[int]:
    half = n // 2
    return [i + half if i < half else i - half for i in range(n)]


def listed_optimum(repair: LotRepair) -> list[int]:
    """The general matcher over every allowed pair (what ``_listed_repair`` solves)."""
    edges = []
    for i in range(repair.n):
        for j in range(i + 1, repair.n):
            weight = repair.weight(i, j)
            if weight is not None:
                edges.append((i, j, weight))
    return max_weight_matching(repair.n, edges, max_cardinality=True)


def total(repair: LotRepair, mate: list[int]) -> int:
    weights = [repair.weight(i, mate[i]) for i in range(repair.n) if i < mate[i]]
    assert None not in weights
    return sum(w for w in weights if w is not None)


def test_a_tie_keeps_the_earlier_lot_pair() -> None:
    # Adjacent lot 0-1, 2-3, 4-5, 6-7; 2 and 3 are team-mates. 0-3 + 1-2 and 2-5 + 3-4 both
    # shift two pairs by 2 (sum of squares 8); every other repair costs more. The tie rule:
    # position 0 keeps its lot partner 1 (some optimum allows it), so 2-5 and 3-4.
    mate = nearest_to_lot(adjacent(8), lambda i, j: False, lambda i, j: {i, j} == {2, 3})
    assert mate == [1, 0, 5, 4, 3, 2, 7, 6]


def test_a_tie_in_the_halves() -> None:
    # Halves 0-4, 1-5, 2-6, 3-7; 1-5 prohibited. 0-5 + 1-4 and 1-6 + 2-5 both shift 1 + 1;
    # position 0 keeps 4, then 1 takes the nearest it can: 6.
    mate = nearest_to_lot(halves(8), lambda i, j: {i, j} == {1, 5}, lambda i, j: False)
    assert mate == [4, 6, 5, 7, 0, 2, 1, 3]


def test_same_unit_games_go_before_the_shifts() -> None:
    # Positions 0-3 are one unit, so the lot pairs 0-1 and 2-3 are team-mates: four players
    # among eight can all meet outsiders, and do, however far that moves them.
    unit = [0, 0, 0, 0, 1, 2, 3, 4]
    mate = nearest_to_lot(adjacent(8), lambda i, j: False, lambda i, j: unit[i] == unit[j])
    assert mate is not None
    assert all(unit[i] != unit[mate[i]] for i in range(8))


def random_repair(rng: random.Random) -> LotRepair:
    """A lot (adjacent or halves) of up to 90 positions, units of every size, barred pairs."""
    n = 2 * rng.randint(1, 45)
    partner = adjacent(n) if rng.random() < 0.5 else halves(n)
    teams = rng.choice([1, 2, 3, max(1, n // 6), max(1, n // 3), n])
    unit = [rng.randrange(teams) if rng.random() < 0.9 else -1 - i for i in range(n)]
    barred = set()
    for _ in range(rng.choice([0, 0, 1, 3, n])):
        a, b = rng.sample(range(n), 2)
        barred.add(frozenset((a, b)))
    return LotRepair(
        partner, lambda i, j: frozenset((i, j)) in barred, lambda i, j: unit[i] == unit[j]
    )


@pytest.mark.parametrize("seed", range(4))
def test_the_window_solve_has_the_listed_optimum(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(80):
        repair = random_repair(rng)
        n = repair.n
        mate = repair.solve()
        listed = listed_optimum(repair)
        if -1 in listed:
            assert mate is None
            continue
        assert mate is not None
        assert all(mate[mate[i]] == i != mate[i] for i in range(n))
        assert total(repair, mate) == total(repair, listed)


# --- through pair_round --------------------------------------------------------------------


def random_event(rng: random.Random) -> tuple[Tournament, XiangqiOptions]:
    players = rng.randint(10, 90)
    tournament = Tournament(name=f"event {rng.random()}", initial_colour=Colour.WHITE)
    for number in range(1, players + 1):
        tournament.add_player(Player(number, f"Player {number}", rating=3000 - number))
    teams = rng.choice([2, 3, max(1, players // 6), max(1, players // 3)])
    if rng.random() < 0.2:  # a unit of more than half the players: X5 decides the bye
        units = {n: "big" if n % 5 < 3 else f"team {n % teams}" for n in range(1, players + 1)}
    else:
        units = {n: f"team {rng.randrange(teams)}" for n in range(1, players + 1)}
    for _ in range(rng.choice([0, 1, 4])):
        pair = tuple(rng.sample(range(1, players + 1), 2))
        tournament.prohibited_pairings.append(ProhibitedPairing(1, 1, pair))
    options = XiangqiOptions(
        round_one=rng.choice(list(RoundOnePairing)),
        round_one_colour=rng.choice(list(ColourRule)),
        lot_seed=rng.randrange(10**6),
        numbers_are_drawn=rng.random() < 0.2,
        avoid_same_unit_rounds=(1, 1),
        units=units,
    )
    return tournament, options


def old_bye_loop(tournament: Tournament, options: XiangqiOptions) -> RoundPairing:
    """Round 1 as paired before issue 32 for an odd count: every bye from the highest number
    down, one solve each, until none can have fewer same-unit games."""
    present = sorted(tournament.players)
    round_one = xiangqi._RoundOne(tournament, 1, present, options)
    sizes: dict[str, int] = {}
    for number in present:
        unit = round_one.units.get(number, "")
        if unit:
            sizes[unit] = sizes.get(unit, 0) + 1
    largest = max(sizes.values(), default=0)
    floor = max(0, -(-(2 * largest - len(present) - 1) // 2))
    best: tuple[RoundPairing, int] | None = None
    for bye in reversed(present):
        try:
            candidate = round_one._pair_without([n for n in present if n != bye], bye)
        except PairingError:
            continue
        if best is None or candidate[1] < best[1]:
            best = candidate
        if best[1] <= floor:
            break
    assert best is not None
    return best[0]


def test_the_bye_is_the_one_every_bye_tried_would_give() -> None:
    rng = random.Random(32)
    checked = 0
    while checked < 60:
        tournament, options = random_event(rng)
        if len(tournament.players) % 2 == 0:
            continue
        assert pair_round(tournament, 1, options) == old_bye_loop(tournament, options)
        checked += 1


def criteria(
    tournament: Tournament, options: XiangqiOptions, monkeypatch: pytest.MonkeyPatch
) -> tuple[int | None, int, int]:
    """(bye, X5 count, sum of squared lot shifts) of round 1 as ``pair_round`` pairs it."""
    seen: dict[frozenset[int], tuple[list[int], Callable[[int], int]]] = {}
    original = xiangqi._RoundOne._repaired

    def spy(
        self: xiangqi._RoundOne, sequence: list[int], target: Callable[[int], int]
    ) -> list[tuple[int, int]]:
        seen[frozenset(sequence)] = (sequence, target)
        return original(self, sequence, target)

    with monkeypatch.context() as patch:
        patch.setattr(xiangqi._RoundOne, "_repaired", spy)
        pairing = pair_round(tournament, 1, options)
    assert not any(tournament.is_prohibited(b.white, b.black, 1) for b in pairing.boards)
    units = options.units or {}
    same = sum(
        bool(units.get(b.white)) and units.get(b.white) == units.get(b.black)
        for b in pairing.boards
    )
    shifts = 0
    paired = frozenset(n for board in pairing.boards for n in (board.white, board.black))
    if paired in seen:  # the lot was repaired
        sequence, target = seen[paired]
        position = {number: index for index, number in enumerate(sequence)}
        for board in pairing.boards:
            i, j = sorted((position[board.white], position[board.black]))
            shift = max(abs(j - target(i)), abs(i - target(j)))
            shifts += shift * shift
    return pairing.bye, same, shifts


def test_pair_round_below_and_above_the_threshold_is_equally_near_the_lot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(2026)
    for _ in range(60):
        tournament, options = random_event(rng)
        monkeypatch.setattr(xiangqi_round_one, "FROM_PLAYERS", None)
        listed = criteria(tournament, options, monkeypatch)
        monkeypatch.setattr(xiangqi_round_one, "FROM_PLAYERS", 2)
        windowed = criteria(tournament, options, monkeypatch)
        assert windowed == listed
