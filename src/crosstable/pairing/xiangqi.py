"""The xiangqi Swiss system (积分编排制) of the Chinese xiangqi competition rules
(《象棋竞赛规则》, 2011 edition, Appendix 2), with the options Chinese regulations add to it.

Appendix 2 states principles rather than an algorithm: pair by score segments from the top
down, same score first, else the nearest score, falling back to pairing upwards from the
bottom when the top-down pass gets stuck; never a rematch; balance each player's Red and Black
games, a player with more Reds meeting one with more Blacks. This module makes that exact: one
maximum-weight matching of maximum cardinality over all players to pair, whose edge weights
rank the criteria of :data:`RULES` (most important first). A pairing that a top-down pass
would find is the optimum of those weights, and when the top-down pass would get stuck the
optimum is what the bottom-up repair looks for: the fewest players leaving the highest score
segment, then the next, and so on (docs/pairing/xiangqi.md gives the readings).

Round 1 follows the regulation's option: halves by rating order, halves by lot (the 2011
text) or adjacent numbers by lot (1-2, 3-4, …; the Hunan event). Lots are drawn from a seed
(:func:`lot_seed`), so a draw can be repeated and audited. A lot that pairs team-mates or a
barred pair is repaired by the pairing nearest to it (listed below 1,500 players, else
:mod:`crosstable.pairing.xiangqi_round_one`).

Colours: Red is :attr:`Colour.WHITE` (the side that moves first).
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import hashlib
import itertools
import random
from collections.abc import Callable, Mapping, Sequence

from crosstable.matching import max_weight_matching
from crosstable.message import Message
from crosstable.model import Colour, ResultCode, Tournament
from crosstable.pairing import xiangqi_round_one, xiangqi_split
from crosstable.pairing.base import Board, PairingError, RoundPairing
from crosstable.pairing.colours import (
    ColourPreference,
    colour_difference,
    colour_preference,
    last_differing_colours,
)
from crosstable.pairing.history import (
    PlayerHistory,
    build_histories,
    next_round,
    players_to_pair,
    ranked,
)
from crosstable.pairing.rules import (
    LAST_ROUND_COLOUR_RELAXED,
    ColourRule,
    PairingRules,
    RoundOnePairing,
)
from crosstable.pairing.weights import WeightLayout
from crosstable.pairing.xiangqi_near import NEAR_SPANS, RoundGraph, near_matching
from crosstable.pairing.xiangqi_sparse import sparse_matching
from crosstable.pairing.xiangqi_weights import PairWeights

SYSTEM_CODE = "XIANGQI_SWISS"
SPARSE_FROM: int | None = 1500
"""From this many players a later round is solved without listing every pair
(:mod:`crosstable.pairing.xiangqi_sparse`); smaller rounds list them (xiangqi_near), so
that events of up to 1,499 players keep the pairings they had (the golden test
tests/core/pairing/test_xiangqi_recorded.py). None: never. Measured at 2,000 players
(docs/bench.md): every later round 1.0-5.1 s CPU with the sparse solver against 6.9-46 s
listed. The two can return different pairings where several tie on every criterion."""


@dataclasses.dataclass(frozen=True, slots=True)
class Rule:
    """One criterion of the system, most important first in :data:`RULES`."""

    code: str
    source: str
    """Where the rule comes from: an article of the 2011 rules, or the regulation option."""
    text: str
    absolute: bool = False
    """Never broken: a pairing that would break it is not made (PairingError if no other)."""


RULES: tuple[Rule, ...] = (
    Rule("X1", "App. 2 §3", "two players meet at most once", absolute=True),
    Rule("X2", "regulation (TRF 260/XXP)", "prohibited pairings are not made", absolute=True),
    Rule(
        "X3",
        "regulation (e.g. Huayuan 2019 补充细则 一); option max_same_colour_in_row, "
        "max_colour_difference",
        "colour limits: no colour more than N times in a row, colour difference at most D",
        absolute=True,
    ),
    Rule("X4", "App. 2 §5", "every present player is paired (the bye only for an odd count)"),
    Rule("X5", "regulation option avoid_same_unit_rounds", "players of one unit do not meet"),
    Rule(
        "X6",
        "Art. 14.4; reading",
        "bye: lowest score, then highest pairing number; never twice; worth a win",
    ),
    Rule(
        "X7",
        "App. 2 §5",
        "score segments top down: fewest players crossing each score boundary, the highest "
        "boundary first; then the smallest sum of squared level distances (same score, else "
        "nearest score)",
    ),
    Rule(
        "X8",
        "App. 2 §3, §6",
        "Red/Black balance: a player due Red meets a player due Black",
    ),
    Rule(
        "X9",
        "reading",
        "within a score segment the top half meets the bottom half (option: adjacent), "
        "a floater is the segment's lowest and meets the next segment's highest",
    ),
)
"""The criteria, most important first (docs/pairing/xiangqi.md cites them)."""


class SegmentOrder(enum.Enum):
    """Who meets whom inside one score segment (the 2011 text does not say)."""

    HALVES = "halves"
    """Top half against bottom half, as in round 1 (1-5, 2-6, 3-7, 4-8)."""
    ADJACENT = "adjacent"
    """Neighbours in the ranking (1-2, 3-4, …)."""


@dataclasses.dataclass(frozen=True, slots=True)
class XiangqiOptions:
    """The regulation's choices for one section (see :func:`options_from_rules`)."""

    round_one: RoundOnePairing = RoundOnePairing.HALVES_BY_LOT
    round_one_colour: ColourRule = ColourRule.LOT
    lot_seed: int | None = None
    """Seed of the round-1 lots; None: derived from the tournament (:func:`lot_seed`)."""
    numbers_are_drawn: bool = False
    """The pairing numbers already are the numbers drawn by lot: round 1 draws nothing more."""
    avoid_same_unit_rounds: tuple[int, int] | None = None
    """Players of one unit (team, club) avoid each other in rounds first..last (None: never)."""
    units: Mapping[int, str] | None = None
    """Pairing number -> unit; None: the tournament's teams, else the players' clubs."""
    max_same_colour_in_row: int | None = None
    """No player gets one colour more than this many times running (None: no limit)."""
    max_colour_difference: int | None = None
    """|Reds - Blacks| never exceeds this (None: no limit)."""
    relax_colour_limits_in_last_round: bool = False
    segment_order: SegmentOrder = SegmentOrder.HALVES

    def avoids_units_in(self, round_number: int) -> bool:
        rounds = self.avoid_same_unit_rounds
        return rounds is not None and rounds[0] <= round_number <= rounds[1]


def options_from_rules(
    rules: PairingRules, *, lot_seed: int | None = None, units: Mapping[int, str] | None = None
) -> XiangqiOptions:
    """The options a section's ``[pairing]`` table declares."""
    return XiangqiOptions(
        round_one=rules.round_one,
        round_one_colour=rules.round_one_colour,
        lot_seed=lot_seed,
        avoid_same_unit_rounds=rules.avoid_same_unit_rounds,
        units=units,
        max_same_colour_in_row=rules.max_same_colour_in_row,
        max_colour_difference=rules.max_colour_difference,
        relax_colour_limits_in_last_round=LAST_ROUND_COLOUR_RELAXED in rules.local_rules,
        segment_order=SegmentOrder(rules.segment_order),
    )


def lot_seed(tournament: Tournament, options: XiangqiOptions | None = None) -> int:
    """The seed of the round-1 lots: the options' seed, else one derived from the tournament's
    name and its players' numbers and names (the same entries always draw the same lots)."""
    if options is not None and options.lot_seed is not None:
        return options.lot_seed
    text = "\n".join(
        [tournament.name, *(f"{player.pairing_number}\t{player.name}" for player in tournament)]
    )
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def player_units(tournament: Tournament, options: XiangqiOptions) -> dict[int, str]:
    """Pairing number -> unit for same-unit avoidance ("" or missing: no unit)."""
    if options.units is not None:
        return dict(options.units)
    if tournament.teams:
        return {
            member: f"team:{team.number}" for team in tournament.teams for member in team.members
        }
    return {number: player.club for number, player in tournament.players.items() if player.club}


def pair_round(
    tournament: Tournament,
    round_number: int | None = None,
    options: XiangqiOptions | None = None,
) -> RoundPairing:
    """Pair ``round_number`` (default: the next round) from the rounds before it.

    Raises :class:`PairingError` when no pairing satisfies the absolute rules (X1-X3) and
    pairs everyone (X4).
    """
    options = XiangqiOptions() if options is None else options
    round_number = next_round(tournament) if round_number is None else round_number
    present = players_to_pair(tournament, round_number)
    if not present:
        return RoundPairing(round_number, ())
    if round_number == 1:
        return _RoundOne(tournament, round_number, present, options).pair()
    histories = build_histories(tournament, round_number)
    return _LaterRound(tournament, round_number, present, histories, options).pair()


# --- shared pieces ---------------------------------------------------------------------


def had_pairing_bye(tournament: Tournament, number: int, before_round: int) -> bool:
    """Whether the player already had the pairing-allocated bye (X6: never twice)."""
    player = tournament.players[number]
    return any(
        entry.result is ResultCode.PAIRING_BYE and entry.opponent is None
        for entry in player.rounds[: before_round - 1]
    )


def forced_colour(
    colours: Sequence[Colour], options: XiangqiOptions, last_round: bool
) -> Colour | None:
    """The colour X3 imposes on a player whose played colours are ``colours`` (None: free)."""
    if last_round and options.relax_colour_limits_in_last_round:
        return None
    limit = options.max_same_colour_in_row
    if limit is not None and len(colours) >= limit:
        tail = colours[-limit:]
        if all(colour is tail[0] for colour in tail):
            return tail[0].opposite
    most = options.max_colour_difference
    if most is not None:
        difference = colour_difference(colours)
        if difference + 1 > most:
            return Colour.BLACK
        if difference - 1 < -most:
            return Colour.WHITE
    return None


class _Pairer:
    """What both kinds of rounds share: the players, the hard rules and the matching."""

    def __init__(
        self,
        tournament: Tournament,
        round_number: int,
        present: list[int],
        options: XiangqiOptions,
    ) -> None:
        self.tournament = tournament
        self.round_number = round_number
        self.present = present
        self.options = options
        units = player_units(tournament, options) if options.avoids_units_in(round_number) else {}
        self.units = units

    def same_unit(self, a: int, b: int) -> bool:
        unit = self.units.get(a, "")
        return bool(unit) and unit == self.units.get(b, "")

    def prohibited(self, a: int, b: int) -> bool:
        return self.tournament.is_prohibited(a, b, self.round_number)

    def match(
        self, vertex_count: int, edges: list[tuple[int, int, int]], description: Message
    ) -> list[int]:
        mate = max_weight_matching(vertex_count, edges, max_cardinality=True)
        if any(partner < 0 for partner in mate):
            raise PairingError(
                Message(
                    "round %(round)s: %(players)s cannot all be paired without a rematch, a "
                    "prohibited pairing or breaking the colour limits",
                    round=self.round_number,
                    players=description,
                )
            )
        return mate


# --- round 1 -----------------------------------------------------------------------------


def _shuffled(items: list[int], rng: random.Random) -> list[int]:
    """Fisher-Yates with ``random()`` only (the one method whose sequence Python keeps)."""
    result = list(items)
    for index in range(len(result) - 1, 0, -1):
        other = min(int(rng.random() * (index + 1)), index)
        result[index], result[other] = result[other], result[index]
    return result


def _fewest_same_unit_games(largest_unit: int, count: int) -> int:
    """A lower bound of X5's count when ``count`` players (an even number) are paired and the
    largest unit holds ``largest_unit`` of them: its players beyond the others' number must
    meet each other."""
    return max(0, (2 * largest_unit - count) // 2)


class _RoundOne(_Pairer):
    """Round 1 (App. 2 §4 and the regulation's option)."""

    def pair(self) -> RoundPairing:
        players = list(self.present)  # by pairing number: the rating order of App. 2 §4
        if len(players) % 2 == 0:
            return self._pair_without(players, None)[0]
        # X6: everyone has 0 points, so the bye goes to the highest number, unless another
        # bye lets fewer team-mates meet (X5 ranks above X6): the highest number of the
        # fewest same-unit games. Each bye is paired in order of a lower bound of its X5
        # count (then from the highest number down), and no bye is paired whose bound cannot
        # beat the best so far: usually one pairing, never a different choice.
        bound = self._same_unit_bounds(players)
        best: tuple[RoundPairing, int, int] | None = None  # pairing, X5 count, bye
        for bye in sorted(players, key=lambda number: (bound[number], -number)):
            if best is not None and (bound[bye], -bye) > (best[1], -best[2]):
                break
            try:
                candidate = self._pair_without([n for n in players if n != bye], bye)
            except PairingError:
                continue
            if best is None or (candidate[1], -bye) < (best[1], -best[2]):
                best = (candidate[0], candidate[1], bye)
        if best is None:
            raise PairingError(
                Message(
                    "round %(round)s: no bye leaves a complete pairing", round=self.round_number
                )
            )
        return best[0]

    def _same_unit_bounds(self, players: list[int]) -> dict[int, int]:
        """Per bye, a lower bound of X5's count when the others are paired: the largest
        unit's players beyond the others' number must meet each other."""
        sizes: dict[str, int] = {}
        for number in players:
            unit = self.units.get(number, "")
            if unit:
                sizes[unit] = sizes.get(unit, 0) + 1
        largest = max(sizes.values(), default=0)
        alone = list(sizes.values()).count(largest) == 1  # one unit of the largest size
        count = len(players) - 1
        bounds = {}
        for bye in players:
            unit = self.units.get(bye, "")
            # Without the bye the largest unit loses a player only if it is his, alone.
            remaining = largest - (alone and bool(unit) and sizes[unit] == largest)
            bounds[bye] = _fewest_same_unit_games(remaining, count)
        return bounds

    def _pair_without(self, players: list[int], bye: int | None) -> tuple[RoundPairing, int]:
        """Round 1 of ``players`` (an even number), ``bye`` apart; with its X5 count."""
        options = self.options
        rng = random.Random(lot_seed(self.tournament, options))
        draw = not options.numbers_are_drawn
        half = len(players) // 2
        adjacent = options.round_one is RoundOnePairing.LOT_ADJACENT
        if adjacent:
            sequence = _shuffled(players, rng) if draw else players
        elif options.round_one is RoundOnePairing.HALVES_BY_LOT and draw:
            sequence = players[:half] + _shuffled(players[half:], rng)
        else:
            sequence = players
        first_colour = self.tournament.initial_colour
        if first_colour is None:
            first_colour = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK

        def target(position: int) -> int:
            if adjacent:
                return position ^ 1
            return position + half if position < half else position - half

        pairs = [(i, target(i)) for i in range(len(sequence)) if i < target(i)]
        if any(self._unwanted(sequence[i], sequence[j]) for i, j in pairs):
            pairs = self._repaired(sequence, target)
        boards = []
        for board_index, (i, j) in enumerate(sorted(pairs)):
            first, second = sequence[i], sequence[j]
            first_red = self._first_has_red(first, second, i, board_index, first_colour, draw)
            boards.append(Board(first, second) if first_red else Board(second, first))
        same_unit_games = sum(self.same_unit(board.white, board.black) for board in boards)
        return RoundPairing(self.round_number, tuple(boards), bye), same_unit_games

    def _unwanted(self, a: int, b: int) -> bool:
        return self.prohibited(a, b) or self.same_unit(a, b)

    def _repaired(self, sequence: list[int], target: Callable[[int], int]) -> list[tuple[int, int]]:
        """The lot's pairs broke X2 or X5: the matching nearest to the lot that keeps them
        (from ``xiangqi_round_one.FROM_PLAYERS`` players without listing every pair)."""
        n = len(sequence)
        threshold = xiangqi_round_one.FROM_PLAYERS
        if threshold is not None and n >= threshold:
            # X2 and X5 by lot position, looked up once (the window asks some 10 n times).
            position = {number: index for index, number in enumerate(sequence)}
            barred: set[tuple[int, int]] = set()
            for rule in self.tournament.prohibited_pairings:
                if rule.applies_to(self.round_number):
                    members = sorted(position[m] for m in rule.players if m in position)
                    barred.update(itertools.combinations(members, 2))
            unit_at = [self.units.get(number, "") for number in sequence]

            def prohibited(i: int, j: int) -> bool:
                return ((i, j) if i < j else (j, i)) in barred

            def same_unit(i: int, j: int) -> bool:
                return bool(unit_at[i]) and unit_at[i] == unit_at[j]

            sizes = collections.Counter(unit for unit in unit_at if unit)
            largest = max(sizes.values(), default=0)
            mate = xiangqi_round_one.nearest_to_lot(
                [target(i) for i in range(n)],
                prohibited,
                same_unit,
                _fewest_same_unit_games(largest, n),
            )
            if mate is not None:
                return [(i, mate[i]) for i in range(n) if i < mate[i]]
        return self._listed_repair(sequence, target)

    def _listed_repair(
        self, sequence: list[int], target: Callable[[int], int]
    ) -> list[tuple[int, int]]:
        """The matching nearest to the lot over all pairs, listed (the general matcher)."""
        n = len(sequence)
        layout = WeightLayout([("avoid", n // 2 + 2), ("lot", n**3 + 1)])
        avoid, lot = layout.multiplier("avoid"), layout.multiplier("lot")
        edges = []
        for i in range(n):
            for j in range(i + 1, n):
                a, b = sequence[i], sequence[j]
                if self.prohibited(a, b):
                    continue
                distance = max(abs(j - target(i)), abs(i - target(j)))
                penalty = avoid * self.same_unit(a, b) + lot * distance * distance
                edges.append((i, j, layout.top - penalty))
        mate = self.match(n, edges, Message("the players of round 1"))
        return [(i, mate[i]) for i in range(n) if i < mate[i]]

    def _first_has_red(
        self,
        first: int,
        second: int,
        position: int,
        board_index: int,
        first_colour: Colour,
        drawn: bool,
    ) -> bool:
        """Whether the pair's first player (earlier in the lot sequence) gets Red."""
        if self.options.round_one_colour is ColourRule.ODD_NUMBER_FIRST:
            adjacent = self.options.round_one is RoundOnePairing.LOT_ADJACENT
            if adjacent and drawn:
                # The drawn numbers are the positions in the lot: the odd one moves first.
                return position % 2 == 0
            if first % 2 != second % 2:
                return first % 2 == 1
            # Both odd or both even (halves): alternate from board 1.
            return board_index % 2 == 0
        colour = first_colour if board_index % 2 == 0 else first_colour.opposite
        return colour is Colour.WHITE


# --- rounds 2 and later ------------------------------------------------------------------


def _colour_conflict(first: ColourPreference, second: ColourPreference) -> int:
    """X8: 0 when the two are due different colours (or either has no preference), else how
    strongly the one who must give way wanted his colour."""
    if first.colour is None or first.colour is not second.colour:
        return 0
    weaker, stronger = sorted((int(first.strength), int(second.strength)))
    return 4 * weaker + stronger


@dataclasses.dataclass(frozen=True, slots=True)
class _Packing:
    """A later round's weight fields (see ``_LaterRound._packing``)."""

    top: int
    multipliers: dict[str, int]
    crossing: list[list[int]]
    kind: list[int]
    conflict: list[list[int]]


class _LaterRound(_Pairer):
    """Rounds after the first: the weighted matching of X1-X9."""

    def __init__(
        self,
        tournament: Tournament,
        round_number: int,
        present: list[int],
        histories: dict[int, PlayerHistory],
        options: XiangqiOptions,
    ) -> None:
        super().__init__(tournament, round_number, present, options)
        self.order = [h.number for h in ranked(histories[n] for n in present)]
        self.histories = histories
        last_round = tournament.total_rounds == round_number
        self.forced = {n: forced_colour(histories[n].colours, options, last_round) for n in present}
        scores = sorted({histories[n].score for n in present}, reverse=True)
        level_of_score = {score: index for index, score in enumerate(scores)}
        self.level = {n: level_of_score[histories[n].score] for n in present}
        self.levels = len(scores)
        self.group_size = [0] * len(scores)
        self.position: dict[int, int] = {}
        for n in self.order:
            self.position[n] = self.group_size[self.level[n]]
            self.group_size[self.level[n]] += 1
        self.rank = {n: index for index, n in enumerate(self.order)}
        self.preference = {n: colour_preference(histories[n].colours) for n in present}

    def pair(self) -> RoundPairing:
        order = self.order
        n = len(order)
        mate = None
        if SPARSE_FROM is not None and n >= SPARSE_FROM:
            weights = self._weights()
            split = xiangqi_split.split_matching(weights) if n >= xiangqi_split.SPLIT_FROM else None
            mate = sparse_matching(weights) if split is None else split[0]
        if mate is None:
            mate = self._listed_matching()
        bye = order[mate[n]] if n % 2 else None
        # Board order: the higher score of the pair, then the lower, then the better ranking
        # (i < j: i is ranked above j, so its level is the higher score's).
        level = [self.level[number] for number in order]
        pairs = sorted(
            ((i, mate[i]) for i in range(n) if i < mate[i] < n),
            key=lambda pair: (level[pair[0]], level[pair[1]], pair[0]),
        )
        boards = tuple(self._colours(order[i], order[j]) for i, j in pairs)
        return RoundPairing(self.round_number, boards, bye)

    def _listed_matching(self) -> list[int]:
        """The optimum over the listed graph: near graphs first (xiangqi_near), else whole."""
        graph = self._graph()
        for span in NEAR_SPANS:
            mate = near_matching(graph, span)
            if mate is not None:
                return mate
            if graph.no_near_optimum:
                break
        return self.match(
            graph.vertex_count,
            graph.edges,
            Message("the %(count)s players", count=len(self.order)),
        )

    def _packing(self) -> _Packing:
        """The packed weight fields of this round (most significant first), the X7 penalty
        per pair of levels and the X8 penalty per pair of colour-preference kinds."""
        n = len(self.order)
        pairs_capacity = n // 2 + 2
        fields = [("avoid", pairs_capacity), ("bye", n + 1)]
        fields += [(f"boundary:{b}", pairs_capacity) for b in range(self.levels - 1)]
        fields += [("distance", pairs_capacity * self.levels**2 + 1)]
        fields += [("colour", 16 * pairs_capacity), ("order", n**3 + 1)]
        layout = WeightLayout(fields)
        m = {name: layout.multiplier(name) for name in layout.names}
        boundary = [m[f"boundary:{b}"] for b in range(self.levels - 1)]
        # crossing[l1][l2]: the packed X7 penalty of a pair between levels l1 < l2: each
        # boundary crossed, then the squared distance (a float to the nearest score rather
        # than over two boundaries when the counts tie: 4-2, 2-0 before 4-0, 2-2).
        crossing = [[0] * self.levels for _ in range(self.levels)]
        for high in range(self.levels):
            total = 0
            for low in range(high + 1, self.levels):
                total += boundary[low - 1]
                crossing[high][low] = total + m["distance"] * (low - high) ** 2
        # X8: two players' colour conflict depends only on their preferences (colour and
        # strength): a small table, indexed by each player's kind of preference.
        preferences = [self.preference[number] for number in self.order]
        kind_index: dict[ColourPreference, int] = {}
        kind = [kind_index.setdefault(p, len(kind_index)) for p in preferences]
        conflict = [
            [m["colour"] * _colour_conflict(first, second) for second in kind_index]
            for first in kind_index
        ]
        return _Packing(layout.top, m, crossing, kind, conflict)

    def _met(self, a: int) -> set[int]:
        """X1: the ranking indices of ``a``'s earlier opponents still to pair, but for a
        rematch the chief arbiter allows (no pairing exists otherwise)."""
        rank = self.rank
        allowed = self.tournament.rematches_allowed
        return {
            rank[b]
            for b in self.histories[a].opponents
            if b in rank and (not allowed or frozenset((a, b)) not in allowed)
        }

    def _weights(self) -> PairWeights:
        """The round's weights per player, for :func:`sparse_matching` (the same weights as
        :meth:`_graph`, whose pairs it never lists)."""
        order = self.order
        n = len(order)
        packing = self._packing()
        halves = self.options.segment_order is SegmentOrder.HALVES
        met = [self._met(a) for a in order]
        for rule in self.tournament.prohibited_pairings:  # X2, kept as X1 is
            if rule.applies_to(self.round_number):
                barred = [self.rank[number] for number in rule.players if number in self.rank]
                for i in barred:
                    met[i].update(j for j in barred if j != i)
        bye_top, bye = packing.top, packing.multipliers["bye"]
        bye_weight: list[int | None] = [
            None
            if n % 2 == 0 or had_pairing_bye(self.tournament, number, self.round_number)
            else bye_top - bye * (n - 1 - i)
            for i, number in enumerate(order)
        ]
        return PairWeights(
            level=[self.level[number] for number in order],
            position=[self.position[number] for number in order],
            level_sizes=list(self.group_size),
            level_start=[0, *itertools.accumulate(self.group_size)][: self.levels],
            kind=packing.kind,
            conflict=packing.conflict,
            units=[self.units.get(number, "") for number in order],
            forced=[self.forced[number] for number in order],
            met=met,
            bye_weight=bye_weight,
            top=packing.top,
            avoid=packing.multipliers["avoid"],
            order_weight=packing.multipliers["order"],
            crossing=packing.crossing,
            ideal=[size // 2 if halves else 1 for size in self.group_size],
        )

    def _graph(self) -> RoundGraph:
        """The players (in ranking order) and the bye vertex, with an edge for every pair X1-X3
        allow, weighted ``top - penalty``: the penalty packs X5, X7, X8 and X9 (and X6 on the
        bye edges) into one integer, most important first.

        The loops are written for speed (a 200-player round has some 20,000 pairs): each
        criterion is looked up per player in lists indexed by ranking position, and the parts
        of the penalty that depend on one player only are summed once per row.
        """
        order = self.order
        n = len(order)
        packing = self._packing()
        m, crossing, top = packing.multipliers, packing.crossing, packing.top
        avoid, order_weight = m["avoid"], m["order"]
        level = [self.level[number] for number in order]
        position = [self.position[number] for number in order]
        forced = [self.forced[number] for number in order]
        units = [self.units.get(number, "") for number in order]
        kind, conflict = packing.kind, packing.conflict
        # X9 for floaters: the distance from the bottom of the floater's segment plus the
        # opponent's distance from the top of his; the opponent's part, weighted, per player.
        weighted_position = [order_weight * p for p in position]
        halves = self.options.segment_order is SegmentOrder.HALVES
        level_end = list(itertools.accumulate(self.group_size))
        rank = self.rank
        histories = self.histories
        any_prohibited = bool(self.tournament.prohibited_pairings)
        allowed = frozenset(self.tournament.rematches_allowed)
        edges: list[tuple[int, int, int]] = []
        row_start: list[int] = []
        row_cut: dict[int, list[int]] = {span: [] for span in NEAR_SPANS}
        for i in range(n):
            row_start.append(len(edges))
            a = order[i]
            # X1, but for a rematch the chief arbiter allows (no pairing exists otherwise)
            met = {
                rank[b]
                for b in histories[a].opponents
                if b in rank and frozenset((a, b)) not in allowed
            }
            forced_a, unit_a, conflict_a = forced[i], units[i], conflict[kind[i]]
            level_a, position_a = level[i], position[i]
            size = self.group_size[level_a]
            ideal = size // 2 if halves else 1
            # The row's part of the penalty at each lower level: X7, and X9's floater part.
            floater = order_weight * (size - 1 - position_a)
            row_top = [top - crossing[level_a][low] - floater for low in range(self.levels)]
            # Same level: X9's deviation from the ideal opponent.
            for j in range(i + 1, level_end[level_a]):
                if j in met or (forced_a is not None and forced_a is forced[j]):
                    continue  # X1, X3: both would need the same colour
                if any_prohibited and self.prohibited(a, order[j]):
                    continue  # X2
                deviation = position[j] - position_a - ideal
                weight = top - order_weight * deviation * deviation - conflict_a[kind[j]]
                if unit_a and unit_a == units[j]:
                    weight -= avoid  # X5
                edges.append((i, j, weight))
            # ends[d]: where the row's pairs at most d levels apart end.
            ends = [len(edges)]
            for low in range(level_a + 1, self.levels):
                low_top = row_top[low]
                for j in range(level_end[low - 1], level_end[low]):
                    if j in met or (forced_a is not None and forced_a is forced[j]):
                        continue
                    if any_prohibited and self.prohibited(a, order[j]):
                        continue
                    weight = low_top - weighted_position[j] - conflict_a[kind[j]]
                    if unit_a and unit_a == units[j]:
                        weight -= avoid
                    edges.append((i, j, weight))
                ends.append(len(edges))
            for span, cuts in row_cut.items():
                cuts.append(ends[min(span, len(ends) - 1)])
        row_start.append(len(edges))
        if n % 2:
            for i, number in enumerate(order):
                if not had_pairing_bye(self.tournament, number, self.round_number):
                    edges.append((i, n, top - m["bye"] * (n - 1 - i)))  # X6
        return RoundGraph(level, list(self.group_size), edges, row_start, row_cut, units)

    def _colours(self, a: int, b: int) -> Board:
        """Colour allocation (X3, then X8): ``a`` is ranked above ``b``."""
        red = self._red_player(a, b)
        return Board(a, b) if red == a else Board(b, a)

    def _red_player(self, a: int, b: int) -> int:
        forced_a, forced_b = self.forced[a], self.forced[b]
        if forced_a is not None:
            return a if forced_a is Colour.WHITE else b
        if forced_b is not None:
            return b if forced_b is Colour.WHITE else a
        colours_a, colours_b = self.histories[a].colours, self.histories[b].colours
        difference_a, difference_b = colour_difference(colours_a), colour_difference(colours_b)
        if difference_a != difference_b:
            # More Blacks (the lower difference) takes Red.
            return a if difference_a < difference_b else b
        differing = last_differing_colours(colours_a, colours_b)
        if differing is not None:
            # Alternate from the latest round where their colours differed.
            return a if differing[0] is Colour.BLACK else b
        if colours_a:
            # Same history: the higher-ranked player alternates.
            return a if colours_a[-1] is Colour.BLACK else b
        return a
