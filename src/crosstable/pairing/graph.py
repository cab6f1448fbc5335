"""The graph of who may still be paired with whom, and the matchings a Swiss pairing system
asks of it: a maximum-weight perfect matching of the players not yet paired, possibly solved
on a reduced graph first, and quick "can these still all be paired?" checks.

Generic: vertices are integers, the weights come from the caller; no pairing rule here. The
FIDE Dutch system uses it bracket by bracket, and the other Swiss systems can.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterator, Mapping, Sequence
from itertools import chain

from crosstable.matching import (
    ClassGraph,
    SubsetMatcher,
    class_lexicographic_matching,
    class_weighted_matching,
    lexicographic_matching,
    perfect_matching_within,
)
from crosstable.message import Message
from crosstable.pairing.base import PairingError

MatchingFunction = Callable[..., list[int]]
"""``max_weight_matching(vertex_count, edges, max_cardinality=...) -> mate``."""

OUTSIDE = -2
"""Mate of a vertex that :meth:`PairingGraph.solve_around` sends out of the core."""


class AllBut(Collection[int]):
    """A row of a dense graph: every vertex of ``0 .. size-1`` except ``excluded``.

    A Swiss field is dense: in the early rounds each player may meet nearly everyone, and a
    10,000-player field stored as sets of allowed opponents holds 10^8 entries (16 GB). This
    row stores the few a player may *not* meet instead (itself, previous opponents, absolute
    colour conflicts, prohibited pairings, the bye vertex while not connected) and answers
    like the set of the others: ``in``, iteration (ascending, as a set of the ints
    ``0 .. n-1`` in a table of at least ``n`` slots iterates: the dense rows this replaces),
    ``len``, ``add`` and ``discard``."""

    __slots__ = ("excluded", "size")

    def __init__(self, size: int, excluded: set[int], own: bool = False) -> None:
        """``own``: ``excluded`` is the caller's to give away; it becomes the row's (a
        10,000-player field late on holds millions of entries: no second copy)."""
        self.size = size
        if own:
            excluded.difference_update([v for v in excluded if not 0 <= v < size])
            self.excluded = excluded
        else:
            self.excluded = {v for v in excluded if 0 <= v < size}

    def __contains__(self, vertex: object) -> bool:
        return isinstance(vertex, int) and 0 <= vertex < self.size and vertex not in self.excluded

    def __iter__(self) -> Iterator[int]:
        # The runs between excluded vertices, as ranges chained in C: no set lookup per
        # vertex (a 10,000-player field's rows are read whole when a matcher checks them).
        cuts = sorted(self.excluded)
        starts = [0, *(cut + 1 for cut in cuts)]
        return chain.from_iterable(map(range, starts, [*cuts, self.size]))

    def __len__(self) -> int:
        return self.size - len(self.excluded)

    def bounds(self) -> tuple[int, int]:
        """The least and the greatest vertex of a non-empty row, without reading it whole
        (``SubsetMatcher`` checks every row's range when it is created)."""
        low, high = 0, self.size - 1
        while low in self.excluded:
            low += 1
        while high in self.excluded:
            high -= 1
        return low, high

    def add(self, vertex: int) -> None:
        self.excluded.discard(vertex)

    def discard(self, vertex: int) -> None:
        if 0 <= vertex < self.size:
            self.excluded.add(vertex)


Row = set[int] | AllBut
"""The neighbours of one vertex: the set itself, or its complement where that is smaller."""


class PairingGraph:
    """Vertices ``0 .. vertex_count-1`` and the pairs allowed between them."""

    def __init__(self, vertex_count: int, matching: MatchingFunction) -> None:
        self.vertex_count = vertex_count
        self.matching = matching
        self.neighbours: list[Row] = [set() for _ in range(vertex_count)]
        self._subsets: SubsetMatcher | None = None

    def set_row(self, v: int, excluded: set[int]) -> None:
        """Make ``v`` adjacent to every vertex but ``excluded`` (which should hold ``v``),
        stored as the smaller of the row and its complement. The row may keep ``excluded``
        itself: the caller gives it away. The caller keeps the rows symmetric, as
        :meth:`connect` does."""
        n = self.vertex_count
        if 2 * len(excluded) < n:
            self.neighbours[v] = AllBut(n, excluded, own=True)
        else:
            self.neighbours[v] = set(range(n)) - excluded

    def connect(self, u: int, v: int) -> None:
        self.neighbours[u].add(v)
        self.neighbours[v].add(u)

    def disconnect(self, u: int, v: int) -> None:
        self.neighbours[u].discard(v)
        self.neighbours[v].discard(u)

    def remove_edges(self, v: int, others: Collection[int]) -> None:
        """Remove the edges from ``v`` to ``others`` from ``v``'s row only, at once (the
        caller removes them from the other rows too: rows stay symmetric)."""
        row = self.neighbours[v]
        if isinstance(row, AllBut):
            row.excluded.update(u for u in others if 0 <= u < row.size)
        else:
            row.difference_update(others)

    def no_pairing_message(self) -> Message:
        return Message("no pairing satisfies the absolute criteria")

    def solve(
        self, vertices: Sequence[int], weight: Callable[[int, int], int | None]
    ) -> dict[int, int]:
        """A maximum-weight perfect matching of ``vertices`` (edges where ``weight`` is not
        None); raises PairingError if none is perfect."""
        edges = self._edges_among(vertices, weight)
        mate = self.matching(len(vertices), edges, max_cardinality=True)
        if -1 in mate:
            raise PairingError(self.no_pairing_message())
        return {vertices[k]: vertices[m] for k, m in enumerate(mate)}

    def solve_first(
        self,
        vertices: Sequence[int],
        weight: Callable[[int, int], int | None],
        choices: Choices,
    ) -> dict[int, int] | None:
        """As :meth:`solve`, and among the maximum-weight perfect matchings the first by
        ``choices`` (:func:`~crosstable.matching.lexicographic_matching`: each chooser in
        turn gets the earliest partner of its list that an optimal matching allows). None
        when the matching cannot say which is first that way (positive blossom duals) or no
        perfect matching exists: the caller must then put its order into the weights."""
        local = {v: k for k, v in enumerate(vertices)}
        edges = self._edges_among(vertices, weight)
        mate = lexicographic_matching(
            len(vertices), edges, _local_choices(choices, local), max_cardinality=True
        )
        if mate is None or -1 in mate:
            return None
        return {vertices[k]: vertices[m] for k, m in enumerate(mate)}

    def _edges_among(
        self, vertices: Sequence[int], weight: Callable[[int, int], int | None]
    ) -> list[tuple[int, int, int]]:
        """The weighted edges between ``vertices``, numbered by position in ``vertices``."""
        local = {v: k for k, v in enumerate(vertices)}
        edges: list[tuple[int, int, int]] = []
        for v in vertices:
            for u in self.neighbours[v]:
                if u > v and u in local:
                    w = weight(v, u)
                    if w is not None:
                        edges.append((local[v], local[u], w))
        return edges

    def solve_around(
        self,
        vertices: Sequence[int],
        core: set[int],
        weight: Callable[[int, int], int | None],
    ) -> dict[int, int]:
        """As :meth:`solve`, for weights under which every player outside ``core`` is
        interchangeable (an edge's weight depends only on its ``core`` end, all edges outside
        ``core`` weigh the same). First the core alone is matched, each player left unpaired
        being sent out at the weight of an edge to an outside player (the relaxation below);
        if the players sent out can really be paired with the outside players, that optimum
        is exact (a relaxation reached), else the full problem is solved. The relaxation has
        only the core's vertices and edges, so it is tried however few the outside players
        are. Players sent out map to ``OUTSIDE``."""
        relaxed = _Relaxation.build(self, vertices, core, weight)
        if relaxed is not None:
            mate = self.matching(len(relaxed.inner), relaxed.edges)
            result = relaxed.result(self, mate)
            if result is not None:
                return result
        return self.solve(vertices, weight)

    def solve_first_around(
        self,
        vertices: Sequence[int],
        core: set[int],
        weight: Callable[[int, int], int | None],
        choices: Choices,
        key: Callable[[int], Hashable] | None = None,
    ) -> dict[int, int] | None:
        """:meth:`solve_around` with the choices of :meth:`solve_first` (whose choosers and
        preferred partners are all in ``core``); None as there.

        ``key``: a *class* for each vertex such that ``weight(u, v)`` depends only on the
        classes of u and v (on any pair, edge or not). The matching then reads each class's
        weights once and lists only a few edges per vertex and class
        (:mod:`crosstable.matching.classes`) instead of every edge: thousands of players in
        a bracket cost millions of weight calls otherwise. Where that method cannot tell, the
        edges are listed after all."""
        if key is not None:
            classed = _ClassProblem(self, vertices, core, weight, key)
            result = classed.solve_first(choices)
            if result is not None:
                return result
        relaxed = _Relaxation.build(self, vertices, core, weight)
        if relaxed is not None:
            local = {v: k for k, v in enumerate(relaxed.inner)}
            mate = lexicographic_matching(
                len(relaxed.inner), relaxed.edges, _local_choices(choices, local)
            )
            if mate is None:
                return None
            result = relaxed.result(self, mate)
            if result is not None:
                return result
        return self.solve_first(vertices, weight, choices)

    def least_cost_matching(
        self,
        vertices: Sequence[int],
        cost: Callable[[int, int], int | None],
        key: Callable[[int], Hashable],
        at_least: int | None = None,
    ) -> tuple[int, dict[int, int]] | None:
        """A perfect matching of ``vertices`` of the least total ``cost`` (None: not this
        pair), with that total; None if there is no perfect matching.

        ``at_least``: a bound the caller knows no perfect matching goes below. The perfect
        matching that the check for one finds anyway is then the answer when it reaches
        the bound (two matchings saved: the classes', and its listed fallback).

        ``key``: a class for each vertex such that ``cost(u, v)`` depends only on the classes
        of u and v, so that the matching is solved on classes
        (:func:`~crosstable.matching.class_weighted_matching`: a few edges per vertex and
        class, not every pair of a field of thousands); the edges are listed only where that
        method gives up."""
        if not vertices:
            return 0, {}
        if len(vertices) % 2:
            return None
        if self._subsets is None:
            self._subsets = SubsetMatcher(self.neighbours)
        # The check of :meth:`has_perfect_matching`, keeping the matching it finds.
        some = self._subsets.perfect_matching(list(vertices))
        if some is None:
            return None
        if at_least is not None:
            found = {v: some[v] for v in vertices}
            costs_found = [cost(v, m) for v, m in found.items() if v < m]
            if None not in costs_found:
                total_found = sum(c for c in costs_found if c is not None)
                if total_found <= at_least:
                    return total_found, found
        index: dict[Hashable, int] = {}
        members: list[list[int]] = []
        vertex_class: list[int] = []
        for k, v in enumerate(vertices):
            c = index.setdefault(key(v), len(members))
            if c == len(members):
                members.append([])
            members[c].append(k)
            vertex_class.append(c)
        count = len(members)
        costs: list[list[int | None]] = [[None] * count for _ in range(count)]
        for a in range(count):
            for b in range(a, count):
                u = members[a][0]
                v = members[b][0] if a != b else (members[a][1] if len(members[a]) > 1 else -1)
                if v >= 0:
                    costs[a][b] = costs[b][a] = cost(vertices[u], vertices[v])
        top = 1 + max((c for row in costs for c in row if c is not None), default=0)
        table = [[None if c is None else top - c for c in row] for row in costs]
        neighbours = self.neighbours

        def adjacent(i: int, j: int) -> bool:
            return vertices[j] in neighbours[vertices[i]]

        mate = class_weighted_matching(
            ClassGraph(vertex_class, table, adjacent), max_cardinality=True
        )
        if mate is not None and -1 not in mate:
            pairs = {vertices[k]: vertices[m] for k, m in enumerate(mate)}
        else:

            def weight(u: int, v: int) -> int | None:
                c = cost(u, v)
                return None if c is None else top - c

            try:
                pairs = self.solve(vertices, weight)
            except PairingError:
                return None
        total = 0
        for v, m in pairs.items():
            if v < m:
                paid = cost(v, m)
                assert paid is not None
                total += paid
        return total, pairs

    def has_perfect_matching_on(
        self,
        vertices: list[int],
        rows: Sequence[Collection[int]],
        start: Mapping[int, int] | None = None,
    ) -> bool:
        """:meth:`has_perfect_matching` on ``rows``: the graph's rows less some pairs, as
        symmetric views the caller builds (a plain matching where a weighted one would
        only tell whether those pairs can all be avoided); ``start``: a matching of a near
        set of vertices to begin with."""
        return perfect_matching_within(rows, vertices, two_sided=False, start=start) is not None

    def has_perfect_matching(self, vertices: list[int]) -> bool:
        """Whether ``vertices`` can all be paired among themselves.

        Asked many times per round on large subsets: answered on the graph's own rows by a
        :class:`SubsetMatcher`, which starts from the previous answers' matching (an edge
        counts if both players' rows list it, as :meth:`connect` keeps them)."""
        if len(vertices) % 2:
            return False
        if self._subsets is None:
            self._subsets = SubsetMatcher(self.neighbours)
        return self._subsets.perfect_matching(vertices) is not None


Choices = Sequence[tuple[int, Sequence[int]]]
"""``(chooser, preferred partners)`` in priority order, as vertices of the pairing graph."""


def _local_choices(choices: Choices, local: dict[int, int]) -> list[tuple[int, list[int]]]:
    """``choices`` renumbered by ``local``; vertices not in it are left out."""
    return [
        (local[chooser], [local[v] for v in preferences if v in local])
        for chooser, preferences in choices
        if chooser in local
    ]


class _Relaxation:
    """The relaxed problem of :meth:`PairingGraph.solve_around`: the core's players alone,
    each core player either paired inside the core or sent out to one of enough
    interchangeable stand-ins for the players outside, which pair among themselves (weight
    ``filler`` a pair). Sending ``v`` out instead of pairing two stand-ins together changes
    the total by ``out_weight(v) - filler / 2``; in doubled units that is ``bonus[v]``, and
    the relaxation is a maximum-weight matching of the core alone (not necessarily perfect)
    in which pairing u and v is worth ``2 weight(u, v) - bonus[u] - bonus[v]``: the stand-ins
    need no vertices."""

    __slots__ = ("bonus", "edges", "inner", "outside")

    def __init__(
        self,
        inner: list[int],
        outside: list[int],
        edges: list[tuple[int, int, int]],
        bonus: list[int | None],
    ) -> None:
        self.inner = inner
        self.outside = outside
        self.edges = edges
        self.bonus = bonus

    @classmethod
    def build(
        cls,
        graph: PairingGraph,
        vertices: Sequence[int],
        core: set[int],
        weight: Callable[[int, int], int | None],
    ) -> _Relaxation | None:
        """The relaxation, or None when fewer than two players are outside the core."""
        outside = [v for v in vertices if v not in core]
        inner = [v for v in vertices if v in core]
        if len(outside) < 2:
            return None
        filler = weight(outside[0], outside[1])
        assert filler is not None
        outside_set = set(outside)
        local = {v: k for k, v in enumerate(inner)}
        n = len(inner)
        bonus: list[int | None] = []
        inner_edges: list[tuple[int, int, int]] = []
        for v in inner:
            representative = None
            for u in graph.neighbours[v]:
                if u in local:
                    if u > v:
                        w = weight(v, u)
                        if w is not None:
                            inner_edges.append((local[v], local[u], 2 * w))
                elif representative is None and u in outside_set:
                    representative = u
            out_weight = None if representative is None else weight(v, representative)
            bonus.append(None if out_weight is None else 2 * out_weight - filler)
        # Players who cannot go out must pair inside: each of them matched is worth more
        # than all the rest of any matching can vary (``must``), a reward for pairing them
        # (a negative cost), so that no edge of theirs is dropped below.
        spread = max(
            (abs(w - (bonus[a] or 0) - (bonus[b] or 0)) for a, b, w in inner_edges), default=0
        )
        must = spread * (n + 1) + 1
        edges: list[tuple[int, int, int]] = []
        cost = [-must if b is None else b for b in bonus]
        for a, b, w in inner_edges:
            gain = w - cost[a] - cost[b]
            if gain > 0:  # pairing a and b no better than sending both out: never needed
                edges.append((a, b, gain))
        return cls(inner, outside, edges, bonus)

    def result(self, graph: PairingGraph, mate: list[int]) -> dict[int, int] | None:
        """The relaxation's matching ``mate`` as a pairing (``OUTSIDE`` for players sent
        out), or None if it is not one: a player who cannot go out is left unpaired, or the
        players sent out cannot all be paired with the players outside."""
        inner, bonus = self.inner, self.bonus
        if any(m < 0 and bonus[k] is None for k, m in enumerate(mate)):
            return None
        sent_out = [inner[k] for k, m in enumerate(mate) if m < 0]
        if not graph.has_perfect_matching([*self.outside, *sent_out]):
            return None
        return {inner[k]: (inner[m] if m >= 0 else OUTSIDE) for k, m in enumerate(mate)}


CHECK_CLASSES = False
"""Tests set this: :class:`_ClassProblem` then checks, pair by pair, that the weights of every
pair of core players agree with their classes' (a wrong ``key`` would pair wrongly)."""


class _ClassProblem:
    """:meth:`PairingGraph.solve_first_around` on classes: the core (or, without enough
    players outside it, all the players) as a :class:`~crosstable.matching.ClassGraph`,
    relaxed as :class:`_Relaxation` is (a player's class then includes his bonus for
    going out, which is a weight too)."""

    def __init__(
        self,
        graph: PairingGraph,
        vertices: Sequence[int],
        core: set[int],
        weight: Callable[[int, int], int | None],
        key: Callable[[int], Hashable],
    ) -> None:
        self.graph = graph
        self.vertices = vertices
        self.weight = weight
        self.outside = [v for v in vertices if v not in core]
        self.relaxed = len(self.outside) >= 2
        self.inner = [v for v in vertices if v in core] if self.relaxed else list(vertices)
        self.bonus: list[int | None] = []
        if self.relaxed:
            filler = weight(self.outside[0], self.outside[1])
            assert filler is not None
            for v in self.inner:
                row = graph.neighbours[v]
                representative = next((u for u in self.outside if u in row), None)
                out_weight = None if representative is None else weight(v, representative)
                self.bonus.append(None if out_weight is None else 2 * out_weight - filler)
        else:
            self.bonus = [None] * len(self.inner)
        index: dict[tuple[Hashable, int | None], int] = {}
        self.vertex_class: list[int] = []
        self.members: list[list[int]] = []
        for k, v in enumerate(self.inner):
            class_key = (key(v), self.bonus[k])
            c = index.get(class_key)
            if c is None:
                c = index[class_key] = len(self.members)
                self.members.append([])
            self.members[c].append(k)
            self.vertex_class.append(c)
        self.cost: list[int] = []
        """Per class, the cost of pairing one of its players inside (relaxed only)."""
        self.table = self._weights()

    def _weights(self) -> list[list[int | None]]:
        """The class table: the weight of a pair of representatives (doubled less the
        bonuses when relaxed, as :class:`_Relaxation`'s edges)."""
        inner, members, bonus = self.inner, self.members, self.bonus
        count = len(members)
        plain: list[list[int | None]] = [[None] * count for _ in range(count)]
        for a in range(count):
            for b in range(a, count):
                u = members[a][0]
                v = members[b][0] if a != b else (members[a][1] if len(members[a]) > 1 else -1)
                if v >= 0:
                    plain[a][b] = plain[b][a] = self.weight(inner[u], inner[v])
        if not self.relaxed:
            return plain
        cost_of = [bonus[group[0]] for group in members]
        spread = max(
            (
                abs(2 * w - (cost_of[a] or 0) - (cost_of[b] or 0))
                for a in range(count)
                for b in range(a, count)
                if (w := plain[a][b]) is not None
            ),
            default=0,
        )
        must = spread * (len(inner) + 1) + 1  # as in _Relaxation.build
        cost = self.cost = [-must if c is None else c for c in cost_of]
        table: list[list[int | None]] = [[None] * count for _ in range(count)]
        for a in range(count):
            for b in range(a, count):
                w = plain[a][b]
                if w is not None and 2 * w - cost[a] - cost[b] > 0:
                    table[a][b] = table[b][a] = 2 * w - cost[a] - cost[b]
        return table

    def adjacent(self, i: int, j: int) -> bool:
        inner = self.inner
        return inner[j] in self.graph.neighbours[inner[i]]

    def class_graph(self) -> ClassGraph:
        if CHECK_CLASSES:
            self.check()
        return ClassGraph(self.vertex_class, self.table, self.adjacent)

    def check(self) -> None:
        """Every pair of players weighs what the table says for their classes."""
        inner, table, cls = self.inner, self.table, self.vertex_class
        for i in range(len(inner)):
            for j in range(i + 1, len(inner)):
                w = self.weight(inner[i], inner[j])
                expected = w
                if self.relaxed and w is not None:
                    gain = 2 * w - self.cost[cls[i]] - self.cost[cls[j]]
                    expected = gain if gain > 0 else None
                assert table[cls[i]][cls[j]] == expected, (inner[i], inner[j])

    def solve_first(self, choices: Choices) -> dict[int, int] | None:
        local = {v: k for k, v in enumerate(self.inner)}
        mate = class_lexicographic_matching(
            self.class_graph(), _local_choices(choices, local), max_cardinality=not self.relaxed
        )
        if mate is None:
            return None
        inner = self.inner
        if not self.relaxed:
            if -1 in mate:
                return None
            return {inner[k]: inner[m] for k, m in enumerate(mate)}
        if any(m < 0 and self.bonus[k] is None for k, m in enumerate(mate)):
            return None
        sent_out = [inner[k] for k, m in enumerate(mate) if m < 0]
        if not self.graph.has_perfect_matching([*self.outside, *sent_out]):
            return None
        return {inner[k]: (inner[m] if m >= 0 else OUTSIDE) for k, m in enumerate(mate)}
