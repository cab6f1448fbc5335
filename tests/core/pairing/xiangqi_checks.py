"""Rule checks for xiangqi Swiss pairings, shared by the property and event tests.

Everything is re-derived from the recorded games; "a complete pairing exists" is decided with
the maximum-cardinality matcher, not with the engine's weighted matching.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction

from crosstable.matching import max_cardinality_matching
from crosstable.model import Colour, ResultCode, Tournament
from crosstable.pairing.base import PairingError, RoundPairing
from crosstable.pairing.history import players_to_pair
from crosstable.pairing.xiangqi import XiangqiOptions, pair_round


@dataclasses.dataclass
class RoundState:
    """What the checks need to know about the players before a round is paired."""

    present: list[int]
    colours: dict[int, list[Colour]]
    met: dict[int, set[int]]
    had_bye: set[int]
    score: dict[int, Fraction]


def state_before(tournament: Tournament, round_number: int) -> RoundState:
    present = players_to_pair(tournament, round_number)
    colours: dict[int, list[Colour]] = {n: [] for n in tournament.players}
    met: dict[int, set[int]] = {n: set() for n in tournament.players}
    had_bye: set[int] = set()
    score: dict[int, Fraction] = dict.fromkeys(tournament.players, Fraction(0))
    for number, player in tournament.players.items():
        for entry in player.rounds[: round_number - 1]:
            score[number] += tournament.scoring.points(entry.result, entry.colour)
            if entry.result is ResultCode.PAIRING_BYE:
                had_bye.add(number)
            if entry.opponent is not None and entry.result.is_played:
                met[number].add(entry.opponent)
                assert entry.colour is not None
                colours[number].append(entry.colour)
    return RoundState(present, colours, met, had_bye, score)


def breaks_limit(colours: list[Colour], options: XiangqiOptions) -> bool:
    limit = options.max_same_colour_in_row
    if limit is not None and len(colours) > limit:
        tail = colours[-(limit + 1) :]
        if all(colour is tail[0] for colour in tail):
            return True
    most = options.max_colour_difference
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    return most is not None and abs(difference) > most


def allowed(state: RoundState, options: XiangqiOptions, last_round: bool, a: int, b: int) -> bool:
    """The absolute rules: no rematch, and some colour allocation keeping the limits."""
    if b in state.met[a]:
        return False
    if last_round and options.relax_colour_limits_in_last_round:
        return True
    return any(
        not breaks_limit([*state.colours[a], ca], options)
        and not breaks_limit([*state.colours[b], ca.opposite], options)
        for ca in (Colour.WHITE, Colour.BLACK)
    )


def complete_pairing_exists(
    state: RoundState,
    options: XiangqiOptions,
    last_round: bool,
    bye_candidates: list[int],
    edge_ok: Callable[[int, int], bool] = lambda a, b: True,
) -> bool:
    players = state.present
    index = {n: i for i, n in enumerate(players)}
    odd = len(players) % 2 == 1
    size = len(players) + odd
    adjacency: list[list[int]] = [[] for _ in range(size)]
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if allowed(state, options, last_round, a, b) and edge_ok(a, b):
                adjacency[i].append(index[b])
                adjacency[index[b]].append(i)
    if odd:
        for n in bye_candidates:
            adjacency[index[n]].append(size - 1)
            adjacency[size - 1].append(index[n])
    mate = max_cardinality_matching(size, adjacency)
    return all(partner >= 0 for partner in mate)


def check_round(
    tournament: Tournament,
    round_number: int,
    options: XiangqiOptions,
    pairing: RoundPairing | None,
) -> None:
    state = state_before(tournament, round_number)
    last_round = tournament.total_rounds == round_number
    eligible = [n for n in state.present if n not in state.had_bye]
    units = options.units or {}
    avoiding = options.avoids_units_in(round_number)

    def different_units(a: int, b: int) -> bool:
        return not (units.get(a) and units.get(a) == units.get(b))

    if pairing is None:  # the engine said no pairing exists: there must be none
        assert not complete_pairing_exists(state, options, last_round, eligible)
        return
    assert (pairing.bye is not None) == (len(state.present) % 2 == 1)
    for board in pairing.boards:
        white, black = board.white, board.black
        assert black not in state.met[white], f"round {round_number}: rematch {white}-{black}"
        if not (last_round and options.relax_colour_limits_in_last_round):
            assert not breaks_limit([*state.colours[white], Colour.WHITE], options), board
            assert not breaks_limit([*state.colours[black], Colour.BLACK], options), board
    if pairing.bye is not None:
        assert pairing.bye not in state.had_bye, "a second bye"
    same_unit_games = [
        board for board in pairing.boards if not different_units(board.white, board.black)
    ]
    if avoiding and same_unit_games:
        assert not complete_pairing_exists(state, options, last_round, eligible, different_units), (
            f"round {round_number}: avoidable same-unit games {same_unit_games}"
        )
    if pairing.bye is not None and not (avoiding and units):
        # X6: the lowest score, then the highest number, that leaves a complete pairing.
        for candidate in sorted(eligible, key=lambda n: (state.score[n], -n)):
            if complete_pairing_exists(state, options, last_round, [candidate]):
                assert pairing.bye == candidate, f"round {round_number}: bye"
                break


def checked_pair_function(
    options: XiangqiOptions, failures: list[int]
) -> Callable[[Tournament, int], RoundPairing]:
    def pair(tournament: Tournament, round_number: int) -> RoundPairing:
        try:
            pairing = pair_round(tournament, round_number, options)
        except PairingError:
            check_round(tournament, round_number, options, None)
            failures.append(round_number)
            raise
        check_round(tournament, round_number, options, pairing)
        return pairing

    return pair
