"""The Burstein system (C.04.4.2), the text before 2017: score groups ordered by the
opposition index, the top of each group paired with the bottom.

How a round is paired (docs/pairing/burstein.md has every reading):

1. Players are ordered by pairing score, then, inside a score group, by their opposition
   index (:mod:`crosstable.pairing.burstein_index`: Sonneborn-Berger, Buchholz, Median,
   pairing number).
2. With an odd number of players, the pairing-allocated bye goes first, to the lowest player
   in that order who has had no bye and no forfeit win (the rules before 2025, C.04.1.d).
3. Score groups are formed from the top: a group must pair all its players but at most one
   floater to the next group (and one coming from the group above); a group that cannot is
   merged with the next score, and at the bottom the last groups are opened to each other,
   then merged, until the round can be paired. Each test is one maximum-weight matching in
   which the number of pairs weighs most, then the pairs inside a group.
4. Group by group, the players (with the floater from above) are taken in index order; each
   in turn gets the lowest player of the group he can meet while the best matching is kept,
   pairs whose colour preferences can both be granted counting next (top against bottom).
5. Colours: both preferences when they differ; else the absolute, then the strong
   preference, the larger colour imbalance first; else alternate from the last round in
   which the two had different colours; else the higher player's preference; two players
   without colours: the initial colour for the higher-ranked of the pair when his rank is
   odd.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from crosstable.message import Message
from crosstable.model import Colour, ResultCode, Tournament
from crosstable.pairing.base import Board, PairingError, RoundPairing
from crosstable.pairing.burstein_index import OppositionIndex, accelerations, opposition_indices
from crosstable.pairing.colours import (
    ColourPreference,
    Strength,
    colour_preference,
    last_differing_colours,
)
from crosstable.pairing.history import PlayerHistory, build_histories, next_round, players_to_pair

MatchingFunction = Callable[..., list[int]]

EDITION = (
    "C.04.4.2 Burstein system, the text before 2017 (index SB, Buchholz, Median), with its "
    "acceleration of rounds 1-2: the edition bbpPairings implements"
)


@dataclasses.dataclass(frozen=True, slots=True)
class _Player:
    history: PlayerHistory
    index: OppositionIndex
    preference: ColourPreference

    @property
    def number(self) -> int:
        return self.history.number

    @property
    def imbalance(self) -> int:
        return abs(self.history.colour_difference)


def _bye_eligible(tournament: Tournament, number: int, round_number: int) -> bool:
    """No pairing-allocated bye and no forfeit win before (C.04.1.d before 2025): a bye or
    absence asked for does not count."""
    player = tournament.players[number]
    for r in range(1, round_number):
        entry = player.entry(r)
        if entry is None:
            continue
        if entry.result is ResultCode.PAIRING_BYE:
            return False
        if entry.result is ResultCode.FORFEIT_WIN and entry.opponent is not None:
            return False
    return True


def _compatible_colours(first: ColourPreference, second: ColourPreference) -> bool:
    return first.colour is None or second.colour is None or first.colour is not second.colour


def _neutral_colour(player: _Player, opponent: _Player) -> Colour | None:
    """``player``'s colour from the two histories alone (None: they do not decide)."""
    mine, theirs = player.preference, opponent.preference
    if _compatible_colours(mine, theirs):
        if mine.colour is not None:
            return mine.colour
        return None if theirs.colour is None else theirs.colour.opposite
    absolute = Strength.ABSOLUTE
    if mine.strength is absolute and (
        player.imbalance > opponent.imbalance or theirs.strength is not absolute
    ):
        return mine.colour
    if theirs.strength is absolute and (
        opponent.imbalance > player.imbalance or mine.strength is not absolute
    ):
        assert theirs.colour is not None
        return theirs.colour.opposite
    if mine.strength is Strength.STRONG and theirs.strength is not Strength.STRONG:
        return mine.colour
    if theirs.strength is Strength.STRONG and mine.strength is not Strength.STRONG:
        assert theirs.colour is not None
        return theirs.colour.opposite
    differing = last_differing_colours(player.history.colours, opponent.history.colours)
    return None if differing is None else differing[1]


def allocate_colour(higher: _Player, lower: _Player, initial: Colour) -> Colour:
    """The colour of ``higher`` (the one placed higher in the group) against ``lower``."""
    neutral = _neutral_colour(higher, lower)
    if neutral is not None:
        return neutral
    if higher.preference.colour is None:
        first = higher if higher.index.rank < lower.index.rank else lower
        colour = initial if first.index.rank % 2 == 1 else initial.opposite
        return colour if first is higher else colour.opposite
    return higher.preference.colour


class _Weights:
    """The edge weights of one round's matchings: pairs, then pairs inside a group, then
    pairs whose colour preferences can both be granted, then the order of preference of the
    player being paired."""

    def __init__(self, players: Sequence[_Player], prohibited: set[frozenset[int]]) -> None:
        self.players = players
        self.count = len(players)
        self.prohibited = prohibited
        self.edges: dict[tuple[int, int], int] = {}
        base = 4 * self.count + 4
        self.colour_unit = base
        self.group_unit = base * (self.count + 1)
        self.pair_unit = self.group_unit * (self.count + 1)

    def compatible(self, u: int, v: int) -> bool:
        a, b = self.players[u], self.players[v]
        if frozenset((a.number, b.number)) in self.prohibited:
            return False
        if b.number in a.history.opponents:
            return False
        pa, pb = a.preference, b.preference
        return not (
            pa.strength is Strength.ABSOLUTE
            and pb.strength is Strength.ABSOLUTE
            and pa.colour is pb.colour
        )

    def weight(self, u: int, v: int, same_group: bool, colours: bool) -> int:
        if not self.compatible(u, v):
            return 0
        value = self.pair_unit
        if same_group:
            value += self.group_unit
            if colours and _compatible_colours(
                self.players[u].preference, self.players[v].preference
            ):
                value += self.colour_unit
        return value

    def set(self, u: int, v: int, value: int) -> None:
        key = (u, v) if u < v else (v, u)
        if value:
            self.edges[key] = value
        else:
            self.edges.pop(key, None)

    def get(self, u: int, v: int) -> int:
        return self.edges.get((u, v) if u < v else (v, u), 0)

    def fix(self, u: int, v: int) -> None:
        """Pair ``u`` with ``v`` for good: their only edge is the one between them."""
        for key in [k for k in self.edges if u in k or v in k]:
            del self.edges[key]
        self.set(u, v, 1)


class _RoundPairer:
    def __init__(
        self, players: Sequence[_Player], weights: _Weights, matching: MatchingFunction
    ) -> None:
        self.players = players
        self.weights = weights
        self.matching = matching
        self.count = len(players)

    def mate(self) -> list[int]:
        edges = [(u, v, w) for (u, v), w in self.weights.edges.items()]
        mate = self.matching(self.count, edges)
        return [v if m == -1 else m for v, m in enumerate(mate)]

    def groups_valid(self, mate: list[int], bounds: list[int]) -> bool:
        """Whether ``mate`` pairs every player of the groups above the last one, with at most
        one player of a group paired outside it (two when an odd number of players lies
        above the group's end: the floater in and the floater out)."""
        position = 0
        outside = 0
        begin = 0
        for v in range(self.count):
            if v >= bounds[-1]:
                return True
            if v >= bounds[position]:
                outside = 0
                begin = v
                while v >= bounds[position]:
                    position += 1
            end = bounds[position]
            m = mate[v]
            if m == v and v < bounds[-2]:
                return False
            if m == v or m < begin or m >= end:
                outside += 1
                if outside > (2 if end % 2 else 1):
                    return False
        return True

    def score_groups(self) -> list[int]:
        """The group boundaries (indices into the ordered players): a boundary written twice
        closes a group no floater leaves."""
        players, weights, n = self.players, self.weights, self.count
        bounds = [0, 0]
        valid = True
        while bounds[-1] < n:
            bounds.append(bounds[-1])
            while True:
                first = bounds[-1]
                while True:
                    v = bounds[-1]
                    for u in range(bounds[-3], v):
                        weights.set(v, u, weights.weight(u, v, u >= bounds[-2], False))
                    bounds[-1] += 1
                    if not (
                        bounds[-1] < n
                        and players[first].index.score == players[bounds[-1]].index.score
                    ):
                        break
                if bounds[-1] % 2 == 1:
                    # A stand-in opponent for the group's odd player: the next one down.
                    for u in range(bounds[-2], bounds[-1]):
                        weights.set(bounds[-1], u, weights.pair_unit)
                valid = self.groups_valid(self.mate(), bounds)
                if bounds[-1] >= n or valid:
                    break
            if bounds[-1] < n and bounds[-1] % 2 == 0:
                bounds.append(bounds[-1])
        while len(bounds) > 3 and not valid:
            bounds.pop()
            boundary = bounds.pop()
            begin = bounds.pop()
            for outer in range(bounds[-1], boundary):
                for inner in range(boundary, n):
                    weights.set(outer, inner, weights.weight(outer, inner, outer >= begin, False))
            bounds.extend((begin, n))
            valid = self.groups_valid(self.mate(), bounds)
        if not valid:
            raise PairingError(
                Message(
                    "no pairing satisfies the absolute criteria (no rematch, absolute colour "
                    "preferences, prohibited pairings); the arbiter must decide"
                )
            )
        return bounds

    def pair(self) -> list[tuple[int, int]]:
        """The pairs (higher-placed player first), group by group."""
        bounds = self.score_groups()
        players, weights = self.players, self.weights
        paired: set[int] = set()
        pairs: list[tuple[int, int]] = []
        floater: int | None = None
        begin = bounds[0]
        for end in bounds[1:]:
            if end == begin:
                continue
            members = list(range(begin, end))
            if floater is not None:
                members.append(floater)
                floater = None
            members = _index_order(players, members)
            for k, v in enumerate(members):
                for u in reversed(members[k + 1 :]):
                    weights.set(v, u, weights.weight(v, u, True, True))
            for k, v in enumerate(members):
                if v in paired:
                    continue
                priority = 1
                for u in members[k + 1 :]:
                    if u in paired:
                        continue
                    value = weights.weight(v, u, True, True)
                    if value:
                        weights.set(v, u, value + priority)
                        priority += 1
                m = self.mate()[v]
                if m >= end:
                    floater = v
                    continue
                paired.update((v, m))
                pairs.append((v, m))
                weights.fix(v, m)
            begin = end
        return pairs


def _index_order(players: Sequence[_Player], members: list[int]) -> list[int]:
    """Members in index order, the floater from the group above among them: two players of
    the same score are compared as a group compares them, others across groups.

    With a floater the comparison is not always transitive (across groups Buchholz and
    Median are weighed by the pairing score, which is 0 in a 0-point group, while inside the
    group they are not), so the order depends on how the sort proceeds: we sort as the
    reference engine does (a bottom-up merge sort of a linked list, each element taken in
    turn and merged into bins of doubling size, an element from the later run placed first
    only when it strictly comes before), so that the same group is paired the same way."""

    def before(a: int, b: int) -> bool:
        pa, pb = players[a].index, players[b].index
        same = pa.score == pb.score
        return pa.key(same) > pb.key(same)

    def merge(first: list[int], second: list[int]) -> list[int]:
        merged: list[int] = []
        i = j = 0
        while i < len(first) and j < len(second):
            if before(second[j], first[i]):
                merged.append(second[j])
                j += 1
            else:
                merged.append(first[i])
                i += 1
        return merged + first[i:] + second[j:]

    if len(members) < 2:
        return list(members)
    bins: list[list[int]] = [[] for _ in range(len(members) + 1)]
    fill = 0
    for member in members:
        carry = [member]
        counter = 0
        while counter != fill and bins[counter]:
            carry = merge(bins[counter], carry)
            bins[counter] = []
            counter += 1
        bins[counter] = carry
        if counter == fill:
            fill += 1
    for counter in range(1, fill):
        bins[counter] = merge(bins[counter], bins[counter - 1])
        bins[counter - 1] = []
    return bins[fill - 1]


def _default_matching() -> MatchingFunction:
    from crosstable import matching

    function: MatchingFunction = matching.max_weight_matching
    return function


def _initial_colour(tournament: Tournament) -> Colour:
    from crosstable.pairing.dutch import _initial_colour as dutch_initial

    return dutch_initial(tournament)


def _has_entered(tournament: Tournament, number: int, round_number: int) -> bool:
    player = tournament.players[number]
    for r in range(1, round_number):
        entry = player.entry(r)
        if entry is not None and (
            entry.opponent is not None or entry.result is ResultCode.PAIRING_BYE
        ):
            return True
    return False


def pair_round(
    tournament: Tournament,
    round_number: int | None = None,
    *,
    matching: MatchingFunction | None = None,
) -> RoundPairing:
    """Pair ``round_number`` (default: the next one) by the Burstein system, from the rounds
    before it. Raises PairingError when no legal pairing exists."""
    if round_number is None:
        round_number = next_round(tournament)
    if round_number < 1:
        raise ValueError(f"round number must be at least 1, got {round_number}")
    present = players_to_pair(tournament, round_number)
    if not present:
        return RoundPairing(round_number, ())
    present_set = set(present)
    entered = [
        n
        for n in sorted(tournament.players)
        if n in present_set or _has_entered(tournament, n, round_number)
    ]
    virtual = accelerations(tournament, round_number)
    indices = opposition_indices(tournament, round_number, entered, virtual)
    histories = build_histories(tournament, round_number)
    players = [
        _Player(histories[n], indices[n], colour_preference(histories[n].colours)) for n in present
    ]
    players.sort(key=lambda p: (p.index.score, p.index.key(True)), reverse=True)
    bye: int | None = None
    if len(players) % 2 == 1:
        for k in range(len(players) - 1, -1, -1):
            if _bye_eligible(tournament, players[k].number, round_number):
                bye = players.pop(k).number
                break
        else:
            raise PairingError(
                Message(
                    "round %(round)s: no player may receive the pairing-allocated bye; "
                    "the arbiter must decide",
                    round=round_number,
                )
            )
    prohibited = {
        frozenset((a, b))
        for rule in tournament.prohibited_pairings
        if rule.applies_to(round_number)
        for a in rule.players
        for b in rule.players
        if a != b
    }
    pairer = _RoundPairer(players, _Weights(players, prohibited), matching or _default_matching())
    initial = _initial_colour(tournament)
    games = []
    for v, m in pairer.pair():
        higher, lower = players[v], players[m]
        colour = allocate_colour(higher, lower, initial)
        white, black = (higher, lower) if colour is Colour.WHITE else (lower, higher)
        games.append((higher, lower, white, black))
    # C.04.2: boards by the higher score of the pair, the sum of scores, the higher
    # player's pairing number.
    games.sort(
        key=lambda g: (
            -max(g[0].index.score, g[1].index.score),
            -(g[0].index.score + g[1].index.score),
            min(g[0].index.rank, g[1].index.rank),
        )
    )
    boards = tuple(Board(g[2].number, g[3].number) for g in games)
    return RoundPairing(round_number, boards, bye)
