"""The xiangqi Swiss at national size: the optimum of the same weights without listing every
pair.

A later round's weights (:mod:`crosstable.pairing.xiangqi`, ``_LaterRound._graph``) give
every pair the rules allow an edge: O(n²) of them (261,000 for 1,000 players, some 50
million for 10,000), which neither fits in memory nor lets the general matcher finish in
time. But a pair's weight is made of a few per-player parts (score level, position in the
score segment, kind of colour preference, unit), so:

* **A sparse candidate graph** (:func:`_candidates`): each player's few allowed opponents
  nearest to his ideal one in his own segment (X9), the top of the segment below and the
  bottom of the one above (the cheapest floats), and the bye edges of the lowest-ranked
  players. Widened until it can pair everyone.
* **Its optimum and duals**: the blossom algorithm of :mod:`crosstable.matching` on those
  edges gives a maximum-weight perfect matching and optimal dual values.
* **The certificate** (:func:`_violated`): those duals prove the matching optimal over *all*
  pairs if no pair has negative slack. The pairs are never listed: inside a segment the
  weight falls with the square of the distance from the ideal opponent, so from each player
  only the positions where that square plus the smallest dual still leaves room are read
  (a range-minimum table of the duals bounds the rest); across segments the weight is a
  player's part plus the opponent's part, so the opponents are read in ascending order of
  "dual plus part" until none can be violated. Violated pairs (a few per player, the worst
  first) join the graph and it is solved again.

The result has the optimum weight over all pairs: it is equally good as the whole-graph
solve by every criterion X1-X9. When several pairings tie on all of them, the tie rule
(:func:`_first_of_ties`) picks one by the rules alone, whatever the matcher's path
(docs/pairing/xiangqi.md, "At national size").
:func:`sparse_matching` answers None when it gives up (the candidate graph cannot be
widened enough to pair everyone, or the certificate does not converge); the caller then
solves the listed graph as before.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import heapq
import itertools
import sys
from collections.abc import Sequence

from crosstable.matching.blossom import BlossomRun, OptimalDuals
from crosstable.matching.blossom_state import collector_paused
from crosstable.matching.lexicographic import BlossomNesting, first_of_optima
from crosstable.pairing.xiangqi_start import segment_start
from crosstable.pairing.xiangqi_weights import PairWeights

FIRST_WIDTH = 12
"""Allowed opponents per player and direction in the first candidate graph, by position."""
KIND_WIDTH = 16
"""... and, per kind of colour preference that meets the player's without an X8 penalty, the
nearest allowed opponents of that kind on each side of the ideal one: after round 1 each
kind is about half of a segment, and the optimum's pairs drift from the ideal opponent by
about the square root of the segment's size (5,000 players, round 2: 24 by position left
310,000 violated pairs and six solves; 12 by position and 16 by kind, two)."""
KIND_WIDTH_SIZE = 2000
"""Segment size up to which :data:`KIND_WIDTH` holds; beyond, the width grows in proportion
to the size. 10,000 players, Huayuan round 2, segments of 3,979 and 2,042: 16 left 640,000
violated pairs (pairs of the other colour 31 places from the ideal opponent missing) and
four solves from scratch, 46 s; 23 (with the square root of the size) 21 s; 32, 16 s. The
5,000-player rounds (segments up to 2,027) were slower with any width above 16: 32 cost
0.5-1.5 s a round."""
WARM_FREE = 0.2
"""A re-solve starts from the previous run (:meth:`BlossomRun.solve_with`) unless more than
this share of the players would start unpaired (then from scratch: the search from many free
vertices of differing duals is the slower one). 5,000 players: Hunan round 6's lower part,
282 of 3,788 free, 0.5 s warm against 1.3 s from scratch; Huayuan round 9's parts, 30
and 10 free, 0.1 s against 0.45 and 0.64 s (5 % sent those from scratch when the re-solve
freed 674, 344 and 162 players)."""
WIDEST = 128
"""Candidate width beyond which the sparse graph is given up."""
ROUNDS_OF_REPAIR = 40
"""Re-solves after adding violated pairs before giving up."""
ADDED_PER_PLAYER = 16
"""Violated pairs added per player and re-solve (the most violated first). 16 rather than 8:
5,000 players, Hunan round 6's lower part, the re-solve with 8 left 11 pairs violated (a
further re-solve and certificate scan, 0.5 s), with 16 none; no round measured slower."""


@dataclasses.dataclass(frozen=True, slots=True)
class SparseOptimum:
    """:func:`sparse_matching`'s answer with its proof (:mod:`crosstable.pairing.xiangqi_split`
    joins the proofs of parts of a round)."""

    mate: list[int]
    duals: OptimalDuals
    """Optimal duals: they prove :attr:`mate` optimal over all pairs."""


def sparse_matching(weights: PairWeights) -> list[int] | None:
    """A maximum-weight perfect matching over all the pairs ``weights`` allows (and the bye
    vertex for an odd count), proved optimal by its duals; None when this method gives up."""
    solved = sparse_optimum(weights)
    return None if solved is None else solved.mate


@collector_paused  # as the blossom runs: the certificate's tables, no reference cycles
def sparse_optimum(weights: PairWeights) -> SparseOptimum | None:
    """:func:`sparse_matching`'s matching with its proof; None when this method gives up."""
    n = weights.player_count
    vertex_count = n + n % 2
    limit = sys.getrecursionlimit()
    if limit < vertex_count + 1000:
        sys.setrecursionlimit(vertex_count + 1000)
    try:
        return _solve(weights, vertex_count)
    finally:
        sys.setrecursionlimit(limit)


def _solve(weights: PairWeights, vertex_count: int) -> SparseOptimum | None:
    width = FIRST_WIDTH
    kept = _candidates(weights, width)
    run = _solved_run(weights, kept, vertex_count)
    for _ in range(ROUNDS_OF_REPAIR):
        duals = run.optimal_duals(perfect_required=True)
        while duals is None:
            # The first graph is widened until it pairs everyone; the blossom run (maximum
            # cardinality first) tells, so no cardinality matching is needed before it (it
            # cost a fifth of a 2,000-player round). A repaired graph holds a first one that
            # paired everyone, so this happens before any repair only.
            width *= 2
            if width > WIDEST:
                return None
            kept = _candidates(weights, width)
            run = _solved_run(weights, kept, vertex_count)
            duals = run.optimal_duals(perfect_required=True)
        # The certificate skips the pairs of kept as the run's own: every one must be.
        assert run.edge_count == len(kept), "a candidate pair the run never saw"
        tight: list[tuple[int, int]] = []
        violated = _violated(weights, duals, kept, tight)
        if not violated:
            # The tie rule's matching uses tight pairs only and keeps the blossoms full:
            # the same duals prove it optimal.
            return SparseOptimum(_first_of_ties(weights, run.mate(), duals, kept, tight), duals)
        worst: dict[int, list[tuple[int, int, int]]] = {}
        for slack, i, j in violated:
            worst.setdefault(i, []).append((slack, i, j))
            worst.setdefault(j, []).append((slack, i, j))
        added: dict[tuple[int, int], int] = {}
        for row in worst.values():
            for _, i, j in heapq.nsmallest(ADDED_PER_PLAYER, row):
                if (i, j) not in added:
                    weight = weights.weight(i, j)
                    assert weight is not None
                    kept[i, j] = added[i, j] = weight
        # Warm unless more players would start free than WARM_FREE allows. (No limit of
        # the players the segments' shape left free: when that start left some 100-200
        # free, the solve from it was the quicker one; since its duals close around the
        # circle it leaves a few, and the warm re-solve was 1-27 % quicker, the least of
        # two runs of 10,000 players' rounds 2, 3, 5 and 5,000 players' rounds 2 and 5.)
        if run.solve_with(added, int(WARM_FREE * vertex_count)) is None:
            run = _solved_run(weights, kept, vertex_count)
    return None


def _solved_run(
    weights: PairWeights, kept: dict[tuple[int, int], int], vertex_count: int
) -> BlossomRun:
    """The blossom run over ``kept`` from scratch, finished: from the shape of the round's
    optimum where its segments are big enough (:mod:`crosstable.pairing.xiangqi_start`),
    else from the run's own greedy warm start. Either way the same optimum (only the path
    differs)."""
    start = segment_start(weights, kept, vertex_count)  # may add pairs to kept
    run = BlossomRun(vertex_count, kept, True)
    # Not BlossomState.remember_t_slacks: a 10,000-player round 2's first solve 6.3-7.2 ->
    # 4.5-5.2 s, but whole rounds 2 and 3 at 10,000 39.5 -> 39.4 s and 18.8 -> 20.8 s (the
    # other path changes the re-solves), so it is left off.
    if start is None:
        run.solve()
    else:
        run.solve_from(*start)
    return run


def _candidates(weights: PairWeights, width: int) -> dict[tuple[int, int], int]:
    """The sparse graph: per player up to ``width`` allowed opponents nearest the ideal one
    in his segment (both sides of it), the first ``width`` allowed from the top of the
    segments below and from the bottom of those above; the bye edges of the ``2 x width``
    lowest eligible."""
    n = weights.player_count
    level, position, sizes, start = (
        weights.level,
        weights.position,
        weights.level_sizes,
        weights.level_start,
    )
    kept: dict[tuple[int, int], int] = {}
    reach = 8 * width  # positions looked at per direction, allowed or not

    def take(i: int, j: int) -> bool:
        key = (i, j) if i < j else (j, i)
        if key in kept:
            return True
        weight = weights.weight(*key)
        if weight is None:
            return False
        kept[key] = weight
        return True

    for i in range(n):
        lv, p = level[i], position[i]
        first, size = start[lv], sizes[lv]
        centre = p + weights.ideal[lv]
        # Inside the segment, below i (the pair is read from the higher-ranked side).
        found = 0
        for q in range(max(centre, p + 1), min(size, max(centre, p + 1) + reach)):
            if take(i, first + q):
                found += 1
                if found >= width:
                    break
        found = 0
        for q in range(min(centre - 1, size - 1), max(p, centre - 1 - reach), -1):
            if take(i, first + q):
                found += 1
                if found >= width:
                    break
        # Floats: the top of the segments below (the next first); the bottom of those above.
        found = 0
        below = first + size
        for j in range(below, min(n, below + reach)):
            if take(i, j):
                found += 1
                if found >= width:
                    break
        found = 0
        for j in range(first - 1, max(0, first - reach) - 1, -1):
            if take(j, i):
                found += 1
                if found >= width:
                    break
    if KIND_WIDTH:
        # Twice as wide in segments of KIND_WIDTH_SIZE players or more.
        kind_width = [KIND_WIDTH * (2 if size >= KIND_WIDTH_SIZE else 1) for size in sizes]
        kinds = len(weights.conflict)
        by_kind: list[list[list[int]]] = [[[] for _ in range(kinds)] for _ in sizes]
        for j in range(n):
            by_kind[level[j]][weights.kind[j]].append(position[j])
        for i in range(n):
            lv, p = level[i], position[i]
            first = start[lv]
            centre = p + weights.ideal[lv]
            penalties = weights.conflict[weights.kind[i]]
            width_here = kind_width[lv]
            for k in range(kinds):
                if penalties[k]:
                    continue
                places = by_kind[lv][k]
                middle = bisect.bisect_left(places, max(centre, p + 1))
                found = 0
                for index in range(middle, min(len(places), middle + 8 * width_here)):
                    if take(i, first + places[index]):
                        found += 1
                        if found >= width_here:
                            break
                found = 0
                for index in range(middle - 1, max(-1, middle - 1 - 8 * width_here), -1):
                    if places[index] <= p:
                        break
                    if take(i, first + places[index]):
                        found += 1
                        if found >= width_here:
                            break
    if n % 2:
        found = 0
        for i in range(n - 1, -1, -1):
            weight = weights.bye_weight[i]
            if weight is not None:
                kept[i, n] = weight
                found += 1
                if found >= 2 * width:
                    break
    return kept


class _RangeMinimum:
    """Minimum of a list over any index range in O(1) (a sparse table)."""

    __slots__ = ("_table",)

    def __init__(self, values: Sequence[int]) -> None:
        table = [list(values)]
        span = 1
        while 2 * span <= len(values):
            previous = table[-1]
            table.append(
                [min(previous[k], previous[k + span]) for k in range(len(values) - 2 * span + 1)]
            )
            span *= 2
        self._table = table

    def minimum(self, low: int, high: int) -> int:
        """min(values[low .. high]), both included; ``low <= high``."""
        row = (high - low + 1).bit_length() - 1
        table = self._table[row]
        return min(table[low], table[high - (1 << row) + 1])


_Least = tuple[int, int, int | None]
"""(the least value, its group, the least value of any other group; None: no other)."""


def _merge(a: _Least, b: _Least) -> _Least:
    if a[1] == b[1]:
        if a[2] is None:
            return a if b[2] is None else (min(a[0], b[0]), a[1], b[2])
        return (min(a[0], b[0]), a[1], a[2] if b[2] is None else min(a[2], b[2]))
    if a[0] <= b[0]:
        return (a[0], a[1], b[0] if a[2] is None else min(a[2], b[0]))
    return (b[0], b[1], a[0] if b[2] is None else min(b[2], a[0]))


class _RangeMinimumOutside:
    """Minimum of a list over an index range leaving out one group's entries (each entry
    belongs to a group), in O(1): a sparse table of each range's least value, its group,
    and the least value of the other groups (idempotent, so overlapping halves merge)."""

    __slots__ = ("_table",)

    def __init__(self, values: Sequence[int], groups: Sequence[int]) -> None:
        table: list[list[_Least]] = [[(v, g, None) for v, g in zip(values, groups, strict=True)]]
        span = 1
        while 2 * span <= len(values):
            previous = table[-1]
            table.append(
                [_merge(previous[k], previous[k + span]) for k in range(len(values) - 2 * span + 1)]
            )
            span *= 2
        self._table = table

    def minimum(self, low: int, high: int, group: int) -> int | None:
        """min(values[low .. high]) over the entries outside ``group`` (None: none)."""
        row = (high - low + 1).bit_length() - 1
        table = self._table[row]
        least = _merge(table[low], table[high - (1 << row) + 1])
        return least[2] if least[1] == group else least[0]


class _CommonDual:
    """What the blossoms holding both u and v add to the slack of the edge (u, v)
    (``BlossomNesting.common_dual``, for a million pairs inside blossoms some hundred deep).
    The blossoms around a vertex, outermost first: two vertices' common ones are the common
    start of their chains (the blossoms nest), found by halving. The answer depends only on
    the two innermost blossoms, so it is remembered per pair of those."""

    __slots__ = ("_chains", "_enclosing", "_innermost", "_known")

    def __init__(self, nesting: BlossomNesting) -> None:
        self._chains = [chain[::-1] for chain in nesting.around]
        self._innermost = [chain[0] if chain else -1 for chain in nesting.around]
        self._enclosing = nesting.enclosing
        self._known: dict[tuple[int, int], int] = {}

    def __call__(self, u: int, v: int) -> int:
        key = (self._innermost[u], self._innermost[v])
        dual = self._known.get(key)
        if dual is not None:
            return dual
        chain_u, chain_v = self._chains[u], self._chains[v]
        low, high = 0, min(len(chain_u), len(chain_v))  # chain_u[:low] == chain_v[:low]
        while low < high:
            middle = (low + high + 1) // 2
            if chain_u[middle - 1] == chain_v[middle - 1]:
                low = middle
            else:
                high = middle - 1
        dual = self._enclosing[chain_u[low - 1]] if low else 0
        self._known[key] = self._known[key[1], key[0]] = dual
        return dual


def _violated(
    weights: PairWeights,
    duals: OptimalDuals,
    kept: dict[tuple[int, int], int],
    tight: list[tuple[int, int]] | None = None,
) -> list[tuple[int, int, int]]:
    """The pairs outside ``kept`` of negative slack under ``duals`` (doubled units: the slack
    of (i, j) is ``y_i + y_j - 2 w`` plus twice the duals of the blossoms holding both), as
    ``(slack, i, j)``; those of zero slack are added to ``tight`` if given.

    Blossom duals are never negative, so a pair in two different outermost blossoms (or
    none) is bounded with ``y_i + y_j - 2 w`` exactly, and a pair inside one with that plus
    ``min(trunk_i, trunk_j)`` (below: the blossoms nest some hundred deep, and their duals
    carry most of the weight). Inside a segment, the least of the opponents' values over a
    range of positions is read from three tables: the raw duals leaving out i's own
    blossom, the raw duals (plus ``trunk_i``) and the duals raised by their own trunk value
    (the least of the last two bounds i's own blossom's members). Floats are read in
    ascending order of the same values plus their position part. A pair within the bound
    is then checked exactly (the innermost common blossom, :class:`_CommonDual`)."""
    n = weights.player_count
    y = duals.vertex
    vertex_count = len(y)
    nesting = BlossomNesting(vertex_count, duals)
    # The outermost blossom of each vertex (-1 - v: none, a group of its own) and its dual.
    # (``nesting.around`` lists a vertex's blossoms innermost first; the outermost one's
    # ``enclosing`` is twice its own dual.)
    outermost = [chain[-1] if chain else -1 - v for v, chain in enumerate(nesting.around)]
    # A pair inside one outermost blossom adds at least the dual sum of a common blossom:
    # the deeper the better. The blossoms nest mostly in long chains (a segment's blossom
    # grown by two players at a time, some hundred deep, splitting in two now and then):
    # the "trunk" runs from each outermost blossom down, always into the inner blossom of
    # most members. Two members' deepest trunk blossoms are one inside the other, so the
    # outer of the two holds both, and the pair's slack gains at least
    # min(trunk_i, trunk_j): each vertex's deepest trunk blossom's ``enclosing`` (twice the
    # duals of it and of those around it).
    blossom_count = len(nesting.enclosing)
    parent = [-1] * blossom_count
    members_of = [0] * blossom_count
    for chain in nesting.around:
        for index in chain:
            members_of[index] += 1
        for inner, outer in itertools.pairwise(chain):
            parent[inner] = outer
    largest_inner = [-1] * blossom_count
    for index, outer in enumerate(parent):
        if outer >= 0 and (
            largest_inner[outer] < 0 or members_of[index] > members_of[largest_inner[outer]]
        ):
            largest_inner[outer] = index
    on_trunk = [False] * blossom_count
    for index in range(blossom_count - 1, -1, -1):  # outer blossoms are larger: later
        outer = parent[index]
        on_trunk[index] = outer < 0 or (on_trunk[outer] and largest_inner[outer] == index)
    trunk = [0] * vertex_count
    for v, chain in enumerate(nesting.around):
        for index in chain:  # innermost first: the first on the trunk is the deepest
            if on_trunk[index]:
                trunk[v] = nesting.enclosing[index]
                break
    raised = [y[v] + trunk[v] for v in range(vertex_count)]
    level, position, sizes = weights.level, weights.position, weights.level_sizes
    levels = len(sizes)
    top, order_weight, ideal = weights.top, weights.order_weight, weights.ideal
    crossing_of = weights.crossing
    twice_top = 2 * top
    twice_order = 2 * order_weight
    kind = weights.kind
    found: list[tuple[int, int, int]] = []
    common_dual = _CommonDual(nesting)
    met, forced, units, conflict = weights.met, weights.forced, weights.units, weights.conflict
    avoid = weights.avoid

    def judge(i: int, j: int, slack: int) -> None:
        """``slack``: y_i + y_j - 2 x (the pair's weight before X2/X3/X8/unit terms)."""
        if j in met[i]:
            return
        forced_i = forced[i]
        if forced_i is not None and forced_i is forced[j]:
            return
        slack += 2 * conflict[kind[i]][kind[j]]
        unit = units[i]
        if unit and unit == units[j]:
            slack += 2 * avoid
        if slack > 0:
            return
        if outermost[i] == outermost[j]:
            slack += common_dual(i, j)
            if slack > 0:
                return
        if (i, j) in kept:
            return
        if slack < 0:
            found.append((slack, i, j))
        elif tight is not None:
            tight.append((i, j))

    def check(i: int, j: int) -> None:
        if j == n:
            weight = weights.bye_weight[i]
            if weight is None or (i, j) in kept:
                return
            slack = y[i] + y[j] - 2 * weight
            if slack < 0:
                found.append((slack, i, j))
            elif slack == 0 and tight is not None:
                tight.append((i, j))
            return
        level_i, level_j = level[i], level[j]
        if level_i == level_j:
            deviation = position[j] - position[i] - ideal[level_i]
            weight = top - order_weight * deviation * deviation
        else:
            weight = (
                top
                - crossing_of[level_i][level_j]
                - order_weight * (sizes[level_i] - 1 - position[i] + position[j])
            )
        judge(i, j, y[i] + y[j] - 2 * weight)

    # Per level and kind of colour preference (X8's penalty depends on the two kinds and
    # outweighs every position term), by position: the players, their positions, the two
    # range tables; and the players sorted by their dual plus their part of a float's
    # penalty (2 x order weight x position).
    kinds = len(weights.conflict)
    members: list[list[list[int]]] = [[[] for _ in range(kinds)] for _ in range(levels)]
    for j in range(n):
        members[level[j]][kind[j]].append(j)
    places = [[[position[j] for j in row] for row in per_kind] for per_kind in members]
    outside = [
        [_RangeMinimumOutside([y[j] for j in row], [outermost[j] for j in row]) for row in per_kind]
        for per_kind in members
    ]
    lifted = [[_RangeMinimum([raised[j] for j in row]) for row in per_kind] for per_kind in members]
    raw = [[_RangeMinimum([y[j] for j in row]) for row in per_kind] for per_kind in members]
    by_float_key = [
        [sorted((y[j] + twice_order * position[j], j) for j in row) for row in per_kind]
        for per_kind in members
    ]
    # The same per outermost blossom (a segment's blossom often reaches into the next
    # ones), by raw and by trunk-raised dual: a float j inside i's blossom is bounded with
    # y_j + trunk_i when trunk_j >= trunk_i, with y_j + trunk_j otherwise.
    by_own_key: list[list[dict[int, list[tuple[int, int]]]]] = []
    by_raised_key: list[list[dict[int, list[tuple[int, int]]]]] = []
    for per_kind in members:
        by_own_key.append([])
        by_raised_key.append([])
        for row in per_kind:
            plain: dict[int, list[tuple[int, int]]] = {}
            grouped: dict[int, list[tuple[int, int]]] = {}
            for j in row:
                if outermost[j] >= 0:
                    part = twice_order * position[j]
                    plain.setdefault(outermost[j], []).append((y[j] + part, j))
                    grouped.setdefault(outermost[j], []).append((raised[j] + part, j))
            for listed in (*plain.values(), *grouped.values()):
                listed.sort()
            by_own_key[-1].append(plain)
            by_raised_key[-1].append(grouped)
    twice_conflict = [[2 * c for c in row] for row in weights.conflict]
    # Per level, the least "dual + 2 x order weight x position" of its players: every key
    # read below from that level is at least this (trunks are never negative), so a level
    # whose bound falls short of it is skipped without reading its lists (most are).
    level_least = [
        min((key for row in per_kind for key, _ in row[:1]), default=None)
        for per_kind in by_float_key
    ]
    least_penalty = [min(row) for row in twice_conflict]

    for i in range(n):
        lv, p = level[i], position[i]
        size = sizes[lv]
        group = outermost[i]
        y_i, trunk_i = y[i], trunk[i]
        room = twice_top - y_i  # a violated or tight (i, j) has y_j + 2 x (top - w) <= room
        centre = p + weights.ideal[lv]
        penalties = twice_conflict[kind[i]]
        for k in range(kinds):
            row, where = members[lv][k], places[lv][k]
            first = bisect.bisect_right(where, p)
            if first >= len(row):
                continue
            left = room - penalties[k]
            others, own, unraised = outside[lv][k], lifted[lv][k], raw[lv][k]
            # The players below i in the segment, split in halves while a range's least
            # value plus its least squared distance from the centre leaves room for a
            # violated pair.
            stack = [(first, len(row) - 1)]
            while stack:
                low, high = stack.pop()
                if centre < where[low]:
                    nearest = where[low] - centre
                elif centre > where[high]:
                    nearest = centre - where[high]
                else:
                    nearest = 0
                value = own.minimum(low, high)
                if group >= 0:
                    value = min(value, unraised.minimum(low, high) + trunk_i)
                other = others.minimum(low, high, group)
                if other is not None and other < value:
                    value = other
                if twice_order * nearest * nearest + value > left:
                    continue
                if high - low < 4:
                    for index in range(low, high + 1):
                        j = row[index]
                        if outermost[j] == group:
                            value = y[j] + (trunk_i if trunk_i < trunk[j] else trunk[j])
                        else:
                            value = y[j]
                        square = twice_order * (where[index] - centre) ** 2
                        if square + value <= left:
                            judge(i, j, y_i + y[j] - twice_top + square)
                    continue
                middle = (low + high) // 2
                stack.append((low, middle))
                stack.append((middle + 1, high))
        # Every lower segment: y_j + 2 ow x position_j below what is left of the room.
        floater = twice_order * (size - 1 - p)
        crossing = weights.crossing[lv]
        penalties_least = least_penalty[kind[i]]
        for low_level in range(lv + 1, levels):
            bound = room - 2 * crossing[low_level] - floater
            least = level_least[low_level]
            if least is None or bound - penalties_least < least:
                continue
            for k in range(kinds):
                limit = bound - penalties[k]
                for key, j in by_float_key[low_level][k]:
                    if key > limit:
                        break
                    if outermost[j] != group:
                        check(i, j)
                for key, j in by_own_key[low_level][k].get(group, ()):
                    if key + trunk_i > limit:
                        break
                    if trunk[j] >= trunk_i:
                        check(i, j)
                for key, j in by_raised_key[low_level][k].get(group, ()):
                    if key > limit:
                        break
                    if trunk[j] < trunk_i:
                        check(i, j)
        if n % 2:
            check(i, n)
    return found


def _first_of_ties(
    weights: PairWeights,
    mate: list[int],
    duals: OptimalDuals,
    kept: dict[tuple[int, int], int],
    tight_outside: list[tuple[int, int]],
) -> list[int]:
    """The tie rule (docs/pairing/xiangqi.md, "At national size"): among the optimal
    matchings (those using tight pairs only and keeping the proof's blossoms full), the one
    where the players, in ranking order, each get the first opponent in
    :func:`_tie_order` that some optimal matching still allows them (a player already paired
    by an earlier choice is skipped). Exact and always decided
    (:func:`crosstable.matching.lexicographic.first_of_optima`): the answer depends on the
    round only, not on the path of the solve that found ``mate``."""
    vertex_count = len(mate)
    y = duals.vertex
    common_dual = _CommonDual(BlossomNesting(vertex_count, duals))
    tight: dict[tuple[int, int], int] = {}
    rows: list[list[int]] = [[] for _ in range(vertex_count)]
    for (i, j), weight in kept.items():
        slack = y[i] + y[j] - 2 * weight
        if slack <= 0 and slack + common_dual(i, j) == 0:
            tight[i, j] = weight
            rows[i].append(j)
            rows[j].append(i)
    for i, j in tight_outside:
        outside = weights.weight(i, j)
        assert outside is not None
        tight[i, j] = outside
        rows[i].append(j)
        rows[j].append(i)
    choices = [
        (i, sorted((j for j in rows[i] if j > i), key=functools.partial(_tie_order, weights, i)))
        for i in range(weights.player_count)
    ]
    return first_of_optima(vertex_count, tight, mate, choices)


def _tie_order(weights: PairWeights, i: int, j: int) -> tuple[int, int, int]:
    """How player ``i`` ranks a lower-ranked opponent ``j`` among equally good pairings: in
    his own segment the one nearest his ideal opponent (X9), at equal distance the one
    below it (1-6 before 1-4 when 1-5 cannot be); then the next segment's top first; the
    bye last."""
    if j == weights.player_count:
        return (2, 0, 0)
    level, position = weights.level, weights.position
    if level[j] == level[i]:
        deviation = position[j] - position[i] - weights.ideal[level[i]]
        return (0, abs(deviation), -deviation)
    return (1, level[j], position[j])
