"""Weighted matching on graphs whose edge weights depend only on the *classes* of the two
ends: many vertices, few classes, and the edges given by an adjacency test.

A Swiss bracket of thousands of players has millions of possible pairs but only a few dozen
kinds of player as far as the weights go (colour preference, float history, score...): the
weight of a pair is a function of the two kinds, and the graph is near-complete (the few
missing edges are earlier games and other bars). Listing every edge with its weight costs
more than the rest of the pairing. Here only a few edges per vertex and class are listed:

* The sparse subgraph: each vertex gets edges to a few vertices of every class, spread over
  the class. Its maximum-weight matching comes with optimal duals
  (:class:`~crosstable.matching.blossom.OptimalDuals`).
* The certificate: those duals prove the matching optimal for the whole graph if no edge has
  negative slack. Slack depends on the two classes, the two duals and the blossoms holding
  both ends, so the vertices are grouped by (class, blossoms around them) and sorted by dual:
  for each two groups only the pairs whose duals add up to less than the group's threshold
  can be violated, and they are read off the sorted lists (the missing edges among them are
  skipped). Violated edges join the subgraph and it is solved again.
* :func:`class_lexicographic_matching` then runs the greedy of
  :mod:`crosstable.matching.lexicographic` over the tight edges, found the same way (per
  group, the vertices of one dual value).

Knows nothing of chess: the caller says what the classes and their weights are.
"""

from __future__ import annotations

import bisect
import dataclasses
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence

from crosstable.matching.blossom import BlossomRun, OptimalDuals
from crosstable.matching.lexicographic import BlossomNesting, Choices, refine

EDGES_PER_CLASS = 2
"""Edges from each vertex to each class in the first subgraph."""
LARGEST_SUBGRAPH = 60
"""Edges per vertex beyond which the certificate is given up (the caller then lists the
edges itself): a subgraph that large is no longer sparse."""


@dataclasses.dataclass(frozen=True, slots=True)
class ClassGraph:
    """Vertices ``0 .. n-1``; ``vertex_class[v]`` in ``0 .. C-1``; the edge (u, v) exists if
    ``adjacent(u, v)`` (symmetric, never asked for u == v) and weighs
    ``weight[vertex_class[u]][vertex_class[v]]`` (a symmetric table; None: no edge between
    these classes)."""

    vertex_class: Sequence[int]
    weight: Sequence[Sequence[int | None]]
    adjacent: Callable[[int, int], bool]

    def edge_weight(self, u: int, v: int) -> int | None:
        cls = self.vertex_class
        w = self.weight[cls[u]][cls[v]]
        if w is None or u == v or not self.adjacent(u, v):
            return None
        return w


def class_weighted_matching(graph: ClassGraph, max_cardinality: bool = False) -> list[int] | None:
    """A maximum-weight matching of ``graph`` (of maximum cardinality first, with
    ``max_cardinality``); None when the method gives up (with max_cardinality and no perfect
    matching found; or a subgraph that stops being sparse): the caller then solves the
    listed graph."""
    solved = _solve(graph, max_cardinality)
    if solved is None:
        return None
    n = len(graph.vertex_class)
    return [m if m < n else -1 for m in solved.mate[:n]]


def class_lexicographic_matching(
    graph: ClassGraph, choices: Choices, max_cardinality: bool = False
) -> list[int] | None:
    """:func:`~crosstable.matching.lexicographic_matching` for a class graph; None as
    there, or when :func:`class_weighted_matching` gives up."""
    solved = _solve(graph, max_cardinality)
    if solved is None:
        return None
    optimal, groups = _optimal_matchings(solved)
    mate, total = solved.mate, len(solved.graph.vertex_class)
    screen = _BucketFlow(groups, mate, max_cardinality=True)
    quick = _BucketSearch(screen, solved.graph.adjacent)
    refined = refine(
        total,
        mate,
        optimal.duals,
        optimal.nesting,
        optimal.rows,
        optimal.is_tight,
        choices,
        True,
        screen,
        quick.augment,
    )
    if refined is None:
        return None
    n = len(graph.vertex_class)
    return [m if m < n else -1 for m in refined[:n]]


@dataclasses.dataclass(frozen=True, slots=True)
class OptimalMatchings:
    """Every maximum-weight perfect matching of a class graph, described by one of them and
    its optimality proof: the others use tight edges only and keep the blossoms of
    ``nesting`` full (:mod:`crosstable.matching.lexicographic`)."""

    mate: list[int]
    duals: OptimalDuals
    nesting: BlossomNesting
    rows: Sequence[Iterable[int]]
    """Per vertex, its tight neighbours."""
    is_tight: Callable[[int, int], bool]


def class_optimal_matchings(graph: ClassGraph) -> OptimalMatchings | None:
    """The maximum-weight perfect matchings of ``graph`` (see :class:`OptimalMatchings`), for
    a caller who chooses among them by an order of its own; None when there is no perfect
    matching or :func:`class_weighted_matching` gives up."""
    solved = _solve(graph, max_cardinality=True)
    if solved is None:
        return None
    return _optimal_matchings(solved)[0]


def _optimal_matchings(solved: _Solved) -> tuple[OptimalMatchings, _Groups]:
    """The optimality proof of a solved class graph as :class:`OptimalMatchings` (its tight
    edges and full blossoms), with the vertex groups the bucket searches walk."""
    whole, duals = solved.graph, solved.duals
    total = len(whole.vertex_class)
    nesting = BlossomNesting(total, duals)
    groups = _Groups(whole, nesting, duals.vertex)
    dual = duals.vertex

    def is_tight(u: int, v: int) -> bool:
        w = whole.edge_weight(u, v)
        return w is not None and dual[u] + dual[v] - 2 * w + nesting.common_dual(u, v) == 0

    rows = [_TightRow(groups, u) for u in range(total)]
    return OptimalMatchings(solved.mate, duals, nesting, rows, is_tight), groups


@dataclasses.dataclass(frozen=True, slots=True)
class _Solved:
    graph: ClassGraph
    """The graph solved: the caller's with weights doubled (even duals), and without
    max_cardinality its stand-ins (vertices ``n ..``, see :func:`_solve`)."""
    mate: list[int]
    """A perfect matching of ``graph``."""
    duals: OptimalDuals


def _solve(graph: ClassGraph, max_cardinality: bool) -> _Solved | None:
    """Solve ``graph`` as a perfect-matching problem, so that the blossom run can start from
    class duals (:func:`_class_start`): without max_cardinality, ``extra`` stand-in vertices
    of weight 0 to everyone (a vertex paired with one is unmatched) are added; if the answer
    uses them all, it may have wanted more unmatched vertices, and is solved again with twice
    as many (the best matching with at least p pairs is concave in p, so when some stand-ins
    pair among themselves the limit did not bind)."""
    n = len(graph.vertex_class)
    extra = 0 if max_cardinality else min(n, 8 + n % 2)
    while True:
        whole = _perfect_form(graph, extra, max_cardinality)
        solved = _solve_perfect(whole)
        if solved is None or max_cardinality or extra >= n:
            return solved
        if any(solved.mate[v] >= n for v in range(n, n + extra)):
            return solved
        extra = min(n, 2 * extra)


def _perfect_form(graph: ClassGraph, extra: int, max_cardinality: bool) -> ClassGraph:
    """``graph`` with its weights doubled and ``extra`` stand-ins (a class of their own,
    weight 0 to every vertex and to each other, adjacent to all)."""
    table = [[None if w is None else 2 * w for w in row] for row in graph.weight]
    if max_cardinality:
        return ClassGraph(graph.vertex_class, table, graph.adjacent)
    n = len(graph.vertex_class)
    out = len(table)
    for row in table:
        row.append(0)
    table.append([0] * (out + 1))
    adjacent = graph.adjacent

    def with_stand_ins(u: int, v: int) -> bool:
        return u >= n or v >= n or adjacent(u, v)

    return ClassGraph([*graph.vertex_class, *([out] * extra)], table, with_stand_ins)


def _solve_perfect(graph: ClassGraph) -> _Solved | None:
    """A maximum-weight perfect matching of ``graph`` (even weights) with its duals, from
    the class start; None if the subgraphs have no perfect matching or stop being sparse."""
    n = len(graph.vertex_class)
    members = _members(graph)
    start = _class_start(graph, members)
    if start is None:
        return None
    start_mate, start_dual = start
    kept = _first_subgraph(graph, members)
    for v, m in enumerate(start_mate):
        if v < m:
            w = graph.edge_weight(v, m)
            assert w is not None
            kept[(v, m)] = w
    limit = sys.getrecursionlimit()
    if limit < n + 1000:
        sys.setrecursionlimit(n + 1000)  # blossom nesting, as in matching.weighted
    try:
        while True:
            run = BlossomRun(n, kept, True)
            run.solve_from(start_mate, start_dual)
            duals = run.optimal_duals(perfect_required=True)
            if duals is None:
                return None
            violated = _violated_edges(graph, members, duals)
            if not violated:
                return _Solved(graph, run.mate(), duals)
            kept.update(violated)
            if len(kept) > LARGEST_SUBGRAPH * max(n, 1):
                return None
    finally:
        sys.setrecursionlimit(limit)


def _class_start(graph: ClassGraph, members: list[list[int]]) -> tuple[list[int], list[int]] | None:
    """A start for the blossom run that the class structure gives: the optimal duals of the
    class-level relaxation (:func:`_class_flow`: how many pairs of each two classes, counting
    each class's vertices, ignoring the missing edges) for every vertex of the class --
    feasible for every edge of the graph --, and the vertices paired greedily as many times
    along each class pair as that relaxation pairs them (those pairs are tight). None when
    the relaxation has no perfect matching (then the graph has none either)."""
    n = len(graph.vertex_class)
    half = [[None if w is None else w // 2 for w in row] for row in graph.weight]
    sizes = [len(group) for group in members]
    relaxed = _class_flow(half, sizes)
    if relaxed is None:
        return None
    flow, row_dual, column_dual = relaxed
    dual = [2 * (row_dual[c] + column_dual[c]) for c in graph.vertex_class]
    mate = [-1] * n
    adjacent = graph.adjacent
    count = len(members)
    for a in range(count):
        for b in range(a, count):
            wanted = flow[a][a] // 2 if a == b else (flow[a][b] + flow[b][a]) // 2
            if not wanted:
                continue
            free_b = [v for v in members[b] if mate[v] == -1]
            cursor = 0
            for u in members[a]:
                if not wanted:
                    break
                if mate[u] != -1:
                    continue
                for step in range(min(len(free_b) - cursor, 8)):
                    v = free_b[cursor + step]
                    if v != u and mate[v] == -1 and adjacent(u, v):
                        mate[u], mate[v] = v, u
                        wanted -= 1
                        break
                while cursor < len(free_b) and mate[free_b[cursor]] != -1:
                    cursor += 1
    return mate, dual


def _class_flow(
    weight: list[list[int | None]], sizes: list[int]
) -> tuple[list[list[int]], list[int], list[int]] | None:
    """The class-level relaxation of a maximum-weight perfect matching: each class a supplies
    ``sizes[a]`` ends of pairs and takes ``sizes[a]``; ``flow[a][b]`` ends go from a to b
    (weight[a][b] each, not None; a to a only with two vertices), the total weight as large
    as possible -- a transportation problem, solved by successive shortest paths with
    potentials over a few dozen classes. Returns the flow and optimal duals u (rows) and v
    (columns): ``u[a] + v[b] >= weight[a][b]``, with equality where flow goes; None when
    the supplies cannot all be placed."""
    count = len(sizes)
    arcs = [
        [
            b
            for b in range(count)
            if weight[a][b] is not None and sizes[b] and (a != b or sizes[a] > 1)
        ]
        for a in range(count)
    ]
    gain = [[w if w is not None else 0 for w in row] for row in weight]
    flow = [[0] * count for _ in range(count)]
    supplied = [0] * count
    taken = [0] * count
    # A minimum-cost flow of costs -weight; potentials keep the reduced costs non-negative.
    row_potential = [0] * count
    column_potential = [
        min((-gain[a][b] for a in range(count) if b in arcs[a]), default=0) for b in range(count)
    ]
    while any(supplied[a] < sizes[a] for a in range(count)):
        # Dijkstra over the rows and columns (dense: O(count^2)); rows with supply left
        # start at distance 0.
        row_distance: list[int | None] = [
            0 if supplied[a] < sizes[a] else None for a in range(count)
        ]
        column_distance: list[int | None] = [None] * count
        column_from = [-1] * count
        row_from = [-1] * count
        row_done = [False] * count
        column_done = [False] * count
        target = -1
        while target < 0:
            best: int | None = None
            best_row = best_column = -1
            for a in range(count):
                d = row_distance[a]
                if d is not None and not row_done[a] and (best is None or d < best):
                    best, best_row, best_column = d, a, -1
            for b in range(count):
                d = column_distance[b]
                if d is not None and not column_done[b] and (best is None or d < best):
                    best, best_row, best_column = d, -1, b
            if best is None:
                return None  # some supply has nowhere to go
            if best_row >= 0:
                a = best_row
                row_done[a] = True
                for b in arcs[a]:
                    d = best - gain[a][b] + row_potential[a] - column_potential[b]
                    current = column_distance[b]
                    if not column_done[b] and (current is None or d < current):
                        column_distance[b] = d
                        column_from[b] = a
            else:
                b = best_column
                column_done[b] = True
                if taken[b] < sizes[b]:
                    target = b
                    break
                for a in range(count):  # backward along the flow into b
                    if flow[a][b] and not row_done[a]:
                        d = best + gain[a][b] + column_potential[b] - row_potential[a]
                        current = row_distance[a]
                        if current is None or d < current:
                            row_distance[a] = d
                            row_from[a] = b
        limit = column_distance[target]
        assert limit is not None
        for a in range(count):
            d = row_distance[a]
            row_potential[a] += limit if d is None or d > limit else d
        for b in range(count):
            d = column_distance[b]
            column_potential[b] += limit if d is None or d > limit else d
        forward: list[tuple[int, int]] = []
        backward: list[tuple[int, int]] = []
        b = target
        while True:
            a = column_from[b]
            forward.append((a, b))
            if row_from[a] < 0:
                source = a
                break
            backward.append((a, row_from[a]))
            b = row_from[a]
        amount = min(
            [sizes[target] - taken[target], sizes[source] - supplied[source]]
            + [flow[a][b] for a, b in backward]
        )
        supplied[source] += amount
        taken[target] += amount
        for a, b in forward:
            flow[a][b] += amount
        for a, b in backward:
            flow[a][b] -= amount
    return flow, row_potential, [-p for p in column_potential]


def _members(graph: ClassGraph) -> list[list[int]]:
    """The vertices of each class, ascending."""
    members: list[list[int]] = [[] for _ in graph.weight]
    for v, c in enumerate(graph.vertex_class):
        members[c].append(v)
    return members


def _first_subgraph(graph: ClassGraph, members: list[list[int]]) -> dict[tuple[int, int], int]:
    """Each vertex's edges to ``EDGES_PER_CLASS`` vertices of every class it may meet,
    spread over the class (the k-th of a class of a vertices starts looking at position
    k * b / a of a class of b), the next adjacent ones taken."""
    kept: dict[tuple[int, int], int] = {}
    adjacent = graph.adjacent
    for a, group in enumerate(members):
        for b, other in enumerate(members):
            w = graph.weight[a][b]
            if w is None or not other:
                continue
            size = len(other)
            for rank, u in enumerate(group):
                start = rank * size // len(group)
                taken = 0
                for step in range(min(size, 4 * EDGES_PER_CLASS + 8)):
                    v = other[(start + step) % size]
                    if v != u and adjacent(u, v):
                        kept[(u, v) if u < v else (v, u)] = w
                        taken += 1
                        if taken == EDGES_PER_CLASS:
                            break
    return kept


class _Groups:
    """The vertices grouped by (class, blossoms of positive dual around them), each group
    sorted by dual, with the slack threshold between any two groups."""

    def __init__(self, graph: ClassGraph, nesting: BlossomNesting, dual: list[int]) -> None:
        self.graph = graph
        self.nesting = nesting
        self.dual = dual
        index: dict[tuple[int, tuple[int, ...]], int] = {}
        self.group_of: list[int] = []
        keys: list[tuple[int, tuple[int, ...]]] = []
        for v, c in enumerate(graph.vertex_class):
            key = (c, tuple(nesting.around[v]))
            g = index.get(key)
            if g is None:
                g = index[key] = len(keys)
                keys.append(key)
            self.group_of.append(g)
        self.keys = keys
        self.vertices: list[list[int]] = [[] for _ in keys]
        for v, g in enumerate(self.group_of):
            self.vertices[g].append(v)
        for group in self.vertices:
            group.sort(key=dual.__getitem__)
        self.duals = [[dual[v] for v in group] for group in self.vertices]
        self._threshold: dict[tuple[int, int], int | None] = {}

    def threshold(self, g: int, h: int) -> int | None:
        """For u in group g and v in group h, the edge (u, v), if it exists, has slack
        ``dual[u] + dual[v] - threshold`` (None: no edges between these groups)."""
        key = (g, h) if g <= h else (h, g)
        if key in self._threshold:
            return self._threshold[key]
        (cg, chain_g), (ch, chain_h) = self.keys[g], self.keys[h]
        w = self.graph.weight[cg][ch]
        value: int | None = None
        if w is not None:
            value = 2 * w
            common = next((b for b in chain_g if b in chain_h), -1)
            if common >= 0:
                value -= self.nesting.enclosing[common]
        self._threshold[key] = value
        return value

    def with_dual(self, h: int, value: int) -> list[int]:
        """The vertices of group h whose dual is ``value``."""
        duals = self.duals[h]
        low = bisect.bisect_left(duals, value)
        high = bisect.bisect_right(duals, value, low)
        return self.vertices[h][low:high]


def _violated_edges(
    graph: ClassGraph, members: list[list[int]], duals: OptimalDuals
) -> dict[tuple[int, int], int]:
    """The edges of ``graph`` with negative slack under ``duals``, with their weights."""
    nesting = BlossomNesting(len(graph.vertex_class), duals)
    groups = _Groups(graph, nesting, duals.vertex)
    adjacent = graph.adjacent
    violated: dict[tuple[int, int], int] = {}
    count = len(groups.keys)
    for g in range(count):
        g_vertices, g_duals = groups.vertices[g], groups.duals[g]
        for h in range(g, count):
            threshold = groups.threshold(g, h)
            if threshold is None:
                continue
            h_vertices, h_duals = groups.vertices[h], groups.duals[h]
            if g_duals[0] + h_duals[0] >= threshold:
                continue
            w = graph.weight[groups.keys[g][0]][groups.keys[h][0]]
            assert w is not None
            for du, u in zip(g_duals, g_vertices, strict=True):
                limit = threshold - du
                if h_duals[0] >= limit:
                    break
                for dv, v in zip(h_duals, h_vertices, strict=True):
                    if dv >= limit:
                        break
                    if u != v and (g != h or u < v) and adjacent(u, v):
                        violated[(u, v) if u < v else (v, u)] = w
    return violated


class _TightRow:
    """The tight neighbours of vertex u, read from the groups: in each group, the vertices
    whose dual makes the slack zero."""

    __slots__ = ("groups", "u")

    def __init__(self, groups: _Groups, u: int) -> None:
        self.groups = groups
        self.u = u

    def __iter__(self) -> Iterator[int]:
        groups = self.groups
        u = self.u
        g = groups.group_of[u]
        du = groups.dual[u]
        adjacent = groups.graph.adjacent
        for h in range(len(groups.keys)):
            threshold = groups.threshold(g, h)
            if threshold is None:
                continue
            for v in groups.with_dual(h, threshold - du):
                if v != u and adjacent(u, v):
                    yield v


class _BucketFlow:
    """The screen of the greedy on a class graph: a flow relaxation of "the players not yet
    fixed can still be matched optimally", on *buckets* (the vertices of one group with one
    dual value: an edge between two buckets is tight for all their pairs or for none).

    Every vertex that must be matched (positive dual, or all with max_cardinality) needs a
    partner in a bucket tight with its own, and each vertex partners one vertex at most:
    a flow from the must-buckets (supply: their vertices) to all buckets (capacity: their
    vertices) over the tight bucket pairs must carry every supply. Any optimal matching
    gives such a flow (each must vertex sends one unit to its partner's bucket), so when
    none exists after taking two players out, no optimal matching pairs them: a "no" that
    costs a search on a graph of a few dozen buckets instead of the players' tight edges.
    The flow is kept from one question to the next: taking a player out cancels the units
    through his bucket and the starved supplies are re-routed by augmenting paths."""

    def __init__(self, groups: _Groups, mate: list[int], max_cardinality: bool) -> None:
        dual = groups.dual
        index: dict[tuple[int, int], int] = {}
        self.bucket_of: list[int] = []
        group_of: list[int] = []
        value: list[int] = []
        for v, g in enumerate(groups.group_of):
            key = (g, dual[v])
            b = index.get(key)
            if b is None:
                b = index[key] = len(group_of)
                group_of.append(g)
                value.append(dual[v])
            self.bucket_of.append(b)
        count = len(group_of)
        self.size = [0] * count
        for b in self.bucket_of:
            self.size[b] += 1
        self.must = [max_cardinality or value[b] != 0 for b in range(count)]
        self.tight: list[list[int]] = [
            [
                c
                for c in range(count)
                if (threshold := groups.threshold(group_of[b], group_of[c])) is not None
                and value[b] + value[c] == threshold
            ]
            for b in range(count)
        ]
        self.flow: list[dict[int, int]] = [{} for _ in range(count)]
        """flow[b][c]: units from must-bucket b to bucket c."""
        self.sent = [0] * count
        self.received = [0] * count
        for v, m in enumerate(mate):
            if m >= 0 and self.must[self.bucket_of[v]]:
                self._add(self.bucket_of[v], self.bucket_of[m], 1)
        self._log: list[tuple[int, int, int]] = []

    def _add(self, b: int, c: int, units: int) -> None:
        row = self.flow[b]
        row[c] = row.get(c, 0) + units
        if not row[c]:
            del row[c]
        self.sent[b] += units
        self.received[c] += units

    def _change(self, b: int, c: int, units: int) -> None:
        self._add(b, c, units)
        self._log.append((b, c, units))

    def _take_out(self, b: int) -> None:
        """One vertex of bucket b leaves: cancel a unit it sends and a unit sent to it, where
        the bucket is then over its size."""
        self.size[b] -= 1
        if self.must[b] and self.sent[b] > self.size[b]:
            self._change(b, next(iter(self.flow[b])), -1)
        if self.received[b] > self.size[b]:
            sender = next(x for x in range(len(self.flow)) if self.flow[x].get(b))
            self._change(sender, b, -1)

    def _refill(self) -> bool:
        """Re-route a unit for every vertex of a must-bucket left without one; False if
        that cannot be done."""
        for b, size in enumerate(self.size):
            if self.must[b]:
                while self.sent[b] < size:
                    if not self._reroute(b):
                        return False
        return True

    def _reroute(self, start: int) -> bool:
        """Find room for one more unit from must-bucket ``start``: an augmenting path that
        sends it to a tight bucket with room, or to a full one whose sender then sends a
        unit elsewhere, and so on (breadth-first over the buckets)."""
        count = len(self.flow)
        reached_from: dict[int, int] = {}  # receiving bucket -> the sender that reached it
        moved_from: dict[int, int] = {}  # sender -> the receiving bucket it would leave
        queue = [start]
        for sender in queue:
            for c in self.tight[sender]:
                if c in reached_from:
                    continue
                reached_from[c] = sender
                if self.received[c] < self.size[c]:
                    while True:  # walk the path back, applying it
                        s = reached_from[c]
                        self._change(s, c, 1)
                        if s == start:
                            return True
                        c = moved_from[s]
                        self._change(s, c, -1)
                for other in range(count):
                    if other not in moved_from and other != start and self.flow[other].get(c):
                        moved_from[other] = c
                        queue.append(other)
        return False

    def allows(self, u: int, v: int) -> bool:
        self._log = []
        self._take_out(self.bucket_of[u])
        self._take_out(self.bucket_of[v])
        possible = self._refill()
        for b, c, units in reversed(self._log):
            self._add(b, c, -units)
        self.size[self.bucket_of[u]] += 1
        self.size[self.bucket_of[v]] += 1
        return possible

    def fixed(self, u: int, v: int) -> None:
        self._take_out(self.bucket_of[u])
        self._take_out(self.bucket_of[v])
        refilled = self._refill()
        assert refilled, "the matching just fixed gives a flow"


class _BucketSearch:
    """The quick search of the greedy on a class graph: breadth-first from a free vertex,
    alternating, over the tight buckets (:class:`_BucketFlow`), each vertex looked at once
    (a vertex reached is taken out of its bucket's list for the rest of the search). It
    shrinks no blossom, so it may miss a path that only an odd cycle opens (the full search
    then decides), but it finds the usual short paths reading each vertex once, where the
    full search reads the whole tight row (thousands of players) of every vertex it labels."""

    def __init__(self, flow: _BucketFlow, adjacent: Callable[[int, int], bool]) -> None:
        self.bucket_of = flow.bucket_of
        self.tight = flow.tight
        self.adjacent = adjacent
        self.members: list[list[int]] = [[] for _ in flow.tight]
        for v, b in enumerate(flow.bucket_of):
            self.members[b].append(v)

    def augment(self, root: int, mate: list[int], alive: list[bool]) -> int:
        adjacent = self.adjacent
        bucket_of = self.bucket_of
        waiting = [[v for v in group if alive[v] and v != root] for group in self.members]
        reached_from: dict[int, int] = {}  # inner (odd) vertex -> the outer one before it
        seen = {root}
        queue = [root]
        for u in queue:
            for b in self.tight[bucket_of[u]]:
                if not waiting[b]:
                    continue
                not_adjacent = []
                for w in waiting[b]:
                    if w in seen:
                        continue
                    if not adjacent(u, w):
                        not_adjacent.append(w)
                        continue
                    seen.add(w)
                    reached_from[w] = u
                    partner = mate[w]
                    if partner == -1:
                        self._apply(w, reached_from, mate)
                        return w
                    if partner not in seen:
                        seen.add(partner)
                        queue.append(partner)
                waiting[b] = not_adjacent
        return -1

    @staticmethod
    def _apply(end: int, reached_from: dict[int, int], mate: list[int]) -> None:
        """Flip the alternating path from the root to the free vertex ``end``: each inner
        vertex takes the outer one that reached it, whose old partner is the inner vertex
        before it (none at the root)."""
        w = end
        while True:
            u = reached_from[w]
            before = mate[u]
            mate[w] = u
            mate[u] = w
            if before == -1:
                return
            w = before
