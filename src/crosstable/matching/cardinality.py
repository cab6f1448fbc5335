"""Maximum-cardinality matching on general graphs (Edmonds' blossom shrinking) and quick
re-checks after removing vertices or edges.

This module owns the unweighted questions a pairing engine asks many times: "how many pairs
can still be formed?" and "if these players are taken out (or this pair forbidden), can everyone
else still be paired?". It knows nothing of tournaments.

The search is the classic one: from a free root, grow an alternating tree breadth-first; an
edge between two even (outer) vertices of the tree closes an odd cycle, which is shrunk by
pointing every vertex of the cycle at the cycle's base; reaching a free vertex gives an
augmenting path, read back through the ``parent`` links. Every search costs O(n + m) plus the
shrinking, which only touches vertices already in the tree. A greedy pass first matches most
vertices, so only a few searches are needed on the graphs pairing engines build.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import repeat
from operator import contains


def _check_adjacency(vertex_count: int, adjacency: Sequence[Iterable[int]]) -> list[list[int]]:
    """Validate ``adjacency`` and return it symmetric (each edge listed from both ends) and
    without duplicates.

    Pairing engines pass near-complete graphs that are already symmetric, hundreds of
    thousands of edges, many times per round: the checks run row by row in C (``min``,
    ``max``, ``set``, ``map``), and only an input listing some edges from one side only is
    rebuilt edge by edge.
    """
    if len(adjacency) != vertex_count:
        raise ValueError(f"adjacency has {len(adjacency)} rows but vertex_count is {vertex_count}")
    rows = [list(row) for row in adjacency]
    _check_rows(rows)
    row_sets = [set(row) for row in rows]
    if list(map(len, row_sets)) == list(map(len, rows)) and _is_symmetric(row_sets):
        return rows  # no duplicates, every edge listed from both ends
    symmetric: list[set[int]] = row_sets
    for v, row in enumerate(rows):
        for w in row:
            symmetric[w].add(v)
    return [list(row_set) for row_set in symmetric]


def _check_rows(rows: Sequence[Collection[int]]) -> None:
    """Every row names vertices of the graph other than its own."""
    n = len(rows)
    for v, row in enumerate(rows):
        if not row:
            continue
        # A row that knows its least and greatest vertex (a dense row stored as its
        # complement) says so: scanning 10,000 rows of 10,000 costs seconds.
        bounds = getattr(row, "bounds", None)
        low, high = bounds() if bounds is not None else (min(row), max(row))
        if low < 0 or high >= n:
            w = next(w for w in row if not 0 <= w < n)
            raise ValueError(f"adjacency[{v}] names vertex {w}, outside 0..{n - 1}")
        if v in row:
            raise ValueError(f"adjacency[{v}] contains a self-loop")


def _is_symmetric(row_sets: Sequence[Collection[int]]) -> bool:
    """Whether every ``w`` in ``row_sets[v]`` has ``v`` in ``row_sets[w]`` (``in`` runs in C:
    no Python step per edge)."""
    return all(
        all(map(contains, map(row_sets.__getitem__, row), repeat(v)))
        for v, row in enumerate(row_sets)
    )


def _check_mate(mate: Sequence[int], vertex_count: int) -> list[int]:
    if len(mate) != vertex_count:
        raise ValueError(f"mate has {len(mate)} entries but vertex_count is {vertex_count}")
    result = list(mate)
    for v, m in enumerate(result):
        if m != -1 and not (0 <= m < vertex_count and result[m] == v and m != v):
            raise ValueError(f"mate[{v}] = {m} is not a matching (its partner disagrees)")
    return result


class _AugmentingSearch:
    """Alternating-tree search with blossom shrinking over a (possibly reduced) graph.

    ``alive[v]`` false hides vertex v; ``forbidden`` holds hidden edges as (min, max) pairs;
    with ``two_sided`` an edge counts only if both rows list it (rows that were not checked
    for symmetry). Arrays are allocated once and reset only where a search touched them.
    """

    def __init__(
        self,
        adjacency: Sequence[Iterable[int]],
        mate: list[int],
        alive: list[bool] | None = None,
        forbidden: set[tuple[int, int]] | None = None,
        two_sided: bool = False,
    ) -> None:
        n = len(adjacency)
        self.adjacency = adjacency
        self.two_sided = two_sided
        self.mate = mate
        self.alive = alive
        self.forbidden = forbidden
        self.parent = [-1] * n
        self.base = list(range(n))
        self.in_tree = [False] * n  # even (outer) vertices already queued
        self.stamp = [0] * n
        self.stamp_now = 0
        self.found = -1
        """The free vertex at which the last successful search's augmenting path ended."""

    def _common_base(self, a: int, b: int) -> int:
        """Base of the smallest blossom containing the tree paths from a and b to the root."""
        self.stamp_now += 1
        stamp = self.stamp
        now = self.stamp_now
        base = self.base
        mate = self.mate
        parent = self.parent
        while True:
            a = base[a]
            stamp[a] = now
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if stamp[b] == now:
                return b
            b = parent[mate[b]]

    def _mark_cycle(self, v: int, cycle_base: int, child: int, in_cycle: set[int]) -> None:
        """Collect the bases on the tree path from v up to cycle_base, re-pointing parents so
        that the path can be read in both directions once the cycle is shrunk."""
        base = self.base
        mate = self.mate
        parent = self.parent
        while base[v] != cycle_base:
            in_cycle.add(base[v])
            in_cycle.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    def augment_from(self, root: int) -> bool:
        """Search for an augmenting path from free vertex root; apply it and return True if
        found."""
        adjacency = self.adjacency
        mate = self.mate
        parent = self.parent
        base = self.base
        in_tree = self.in_tree
        alive = self.alive
        forbidden = self.forbidden
        two_sided = self.two_sided
        touched = [root]
        members: dict[int, list[int]] = {}  # base -> vertices shrunk into it (if any)
        in_tree[root] = True
        queue = [root]
        head = 0
        found = -1
        while head < len(queue) and found == -1:
            v = queue[head]
            head += 1
            for w in adjacency[v]:
                if alive is not None and not alive[w]:
                    continue
                if two_sided and v not in adjacency[w]:
                    continue
                if forbidden and ((v, w) if v < w else (w, v)) in forbidden:
                    continue
                if base[v] == base[w] or mate[v] == w:
                    continue
                if w == root or (mate[w] != -1 and parent[mate[w]] != -1):
                    # w is even: the edge closes an odd cycle; shrink it.
                    cycle_base = self._common_base(v, w)
                    in_cycle: set[int] = set()
                    self._mark_cycle(v, cycle_base, w, in_cycle)
                    self._mark_cycle(w, cycle_base, v, in_cycle)
                    # Re-point the vertices of every shrunk blossom on the cycle (kept as
                    # lists per base, so the cost is the cycle's size, not the tree's).
                    target = members.get(cycle_base)
                    if target is None:
                        target = members[cycle_base] = [cycle_base]
                    for b in in_cycle:
                        if b == cycle_base:
                            continue
                        group = members.pop(b, None) or [b]
                        for x in group:
                            base[x] = cycle_base
                            if not in_tree[x]:
                                in_tree[x] = True
                                queue.append(x)
                        target.extend(group)
                elif parent[w] == -1:
                    parent[w] = v
                    touched.append(w)
                    if mate[w] == -1:
                        found = w
                        break
                    partner = mate[w]
                    touched.append(partner)
                    in_tree[partner] = True
                    queue.append(partner)
        if found != -1:
            self.found = w = found
            while w != -1:
                v = parent[w]
                next_w = mate[v]
                mate[w] = v
                mate[v] = w
                w = next_w
        for x in touched:
            parent[x] = -1
            base[x] = x
            in_tree[x] = False
        return found != -1


# The greedy start looks at no more than this many free neighbours of a vertex: on the dense
# graphs of pairing engines a full scan per vertex would cost a pass over every edge.
_GREEDY_CANDIDATES = 8


def _greedy(adjacency: Sequence[Collection[int]], mate: list[int]) -> None:
    """Match free vertices greedily, fewest neighbours first, each with the free neighbour of
    fewest neighbours among the first few found (a cheap, good start)."""
    degree = [len(row) for row in adjacency]
    order = sorted(range(len(adjacency)), key=degree.__getitem__)
    for v in order:
        if mate[v] != -1:
            continue
        best = -1
        best_degree = 0
        found = 0
        for w in adjacency[v]:
            if mate[w] == -1 and w != v:
                if best == -1 or degree[w] < best_degree:
                    best = w
                    best_degree = degree[w]
                found += 1
                if found == _GREEDY_CANDIDATES:
                    break
        if best != -1:
            mate[v] = best
            mate[best] = v


def _greedy_within(
    adjacency: Sequence[Collection[int]],
    vertices: Iterable[int],
    alive: list[bool],
    mate: list[int],
) -> None:
    """Match the free vertices of the subset greedily, each with its first free neighbour in
    the subset (a first question, or a subset far from the last one, would otherwise cost
    one augmenting-path search per pair)."""
    for v in vertices:
        if mate[v] != -1:
            continue
        for w in adjacency[v]:
            if mate[w] == -1 and alive[w] and v in adjacency[w]:
                mate[v] = w
                mate[w] = v
                break


def perfect_matching_within(
    adjacency: Sequence[Collection[int]],
    vertices: Sequence[int],
    two_sided: bool = True,
    start: Mapping[int, int] | None = None,
) -> list[int] | None:
    """A perfect matching of the subgraph of ``adjacency`` induced by ``vertices`` (``mate``
    over all the graph's vertices, ``-1`` outside), or None if it has none.

    :class:`SubsetMatcher` without its input check and memory, for one question on rows a
    caller builds for it (e.g. views of a graph's rows without some pairs; their input check
    alone would read every row whole). ``two_sided``: an edge counts only if both rows list
    it; False for rows known to be symmetric. ``start``: pairs to begin with, those of it
    inside the subset and still edges kept (a matching of a near subset: few searches
    left; a dense graph's searches read whole rows)."""
    alive = [False] * len(adjacency)
    for v in vertices:
        alive[v] = True
    if len(vertices) % 2:
        return None
    mate = [-1] * len(adjacency)
    if start is not None:
        for v in vertices:
            m = start.get(v, -1)
            if m >= 0 and alive[m] and start.get(m) == v and m in adjacency[v]:
                mate[v] = m
    _greedy_within(adjacency, vertices, alive, mate)
    search = _AugmentingSearch(adjacency, mate, alive, two_sided=two_sided)
    for v in vertices:
        # No augmenting path from a free vertex now means none later either (Edmonds).
        if mate[v] == -1 and not search.augment_from(v):
            return None
    return mate


def max_cardinality_matching(
    vertex_count: int,
    adjacency: Sequence[Iterable[int]],
    initial_mate: Sequence[int] | None = None,
) -> list[int]:
    """Return a maximum-cardinality matching of the general graph ``adjacency``.

    ``adjacency[v]`` lists the neighbours of ``v`` (each edge may be listed from one side or
    both). ``initial_mate``, if given, is a matching to start from (``-1`` for free); otherwise
    a greedy matching is used. Returns ``mate`` with ``mate[v]`` the partner of ``v`` or ``-1``.
    Which maximum matching is returned is unspecified.
    """
    rows = _check_adjacency(vertex_count, adjacency)
    if initial_mate is None:
        mate = [-1] * vertex_count
        _greedy(rows, mate)
    else:
        mate = _check_mate(initial_mate, vertex_count)
    search = _AugmentingSearch(rows, mate)
    for v in range(vertex_count):
        if mate[v] == -1:
            search.augment_from(v)
    return mate


def maximum_matching_of_rows(rows: list[list[int]]) -> list[int]:
    """max_cardinality_matching without input checks, for callers inside this package whose
    rows are already valid and symmetric (each edge listed from both ends, no duplicates)."""
    mate = [-1] * len(rows)
    _greedy(rows, mate)
    search = _AugmentingSearch(rows, mate)
    for v in range(len(rows)):
        if mate[v] == -1:
            search.augment_from(v)
    return mate


class MatchingOracle:
    """Answers "is there still a perfect (or maximum) matching without these?" quickly.

    Built once per graph with a maximum matching; each question starts from that matching,
    drops the removed vertices and edges, and searches augmenting paths only from the vertices
    the removal freed (any augmenting path of the reduced graph must end at one of them, since
    the matching was maximum before). A question therefore costs a few searches, not a full
    matching. The oracle's own matching is never changed by a question.
    """

    def __init__(
        self,
        vertex_count: int,
        adjacency: Sequence[Iterable[int]],
        initial_mate: Sequence[int] | None = None,
    ) -> None:
        self.vertex_count = vertex_count
        self._rows = _check_adjacency(vertex_count, adjacency)
        if initial_mate is None:
            self.mate = maximum_matching_of_rows(self._rows)
        else:
            self.mate = max_cardinality_matching(vertex_count, self._rows, initial_mate)
        self.size = sum(1 for v, m in enumerate(self.mate) if m > v)

    def matching_without(
        self,
        vertices: Iterable[int] = (),
        edges: Iterable[tuple[int, int]] = (),
    ) -> list[int]:
        """A maximum matching of the graph with ``vertices`` and ``edges`` removed (removed
        vertices get ``-1``)."""
        n = self.vertex_count
        mate = list(self.mate)
        alive = [True] * n
        freed: list[int] = []
        for v in vertices:
            if not 0 <= v < n:
                raise ValueError(f"removed vertex {v} is outside 0..{n - 1}")
            alive[v] = False
        for v in range(n):
            if not alive[v] and mate[v] != -1:
                partner = mate[v]
                mate[v] = -1
                if alive[partner]:
                    mate[partner] = -1
                    freed.append(partner)
        forbidden: set[tuple[int, int]] = set()
        for u, v in edges:
            key = (u, v) if u < v else (v, u)
            forbidden.add(key)
            if mate[u] == v:
                mate[u] = mate[v] = -1
                freed.extend((u, v))
        search = _AugmentingSearch(self._rows, mate, alive, forbidden)
        for v in freed:
            if mate[v] == -1:
                search.augment_from(v)
        return mate

    def size_without(
        self,
        vertices: Iterable[int] = (),
        edges: Iterable[tuple[int, int]] = (),
    ) -> int:
        """Number of pairs in a maximum matching of the reduced graph."""
        mate = self.matching_without(vertices, edges)
        return sum(1 for v, m in enumerate(mate) if m > v)

    def perfect_without(
        self,
        vertices: Iterable[int] = (),
        edges: Iterable[tuple[int, int]] = (),
    ) -> bool:
        """True if every vertex not removed can still be matched."""
        removed = set(vertices)
        mate = self.matching_without(removed, edges)
        return all(mate[v] != -1 for v in range(self.vertex_count) if v not in removed)


class SubsetMatcher:
    """Perfect matchings of the subgraphs induced by vertex subsets of one graph, asked
    many times.

    A pairing engine asks, bracket after bracket, whether some large subset of the players
    (those still unpaired, those below a bracket, ...) can all be paired among themselves.
    Building each subgraph's adjacency would cost a pass over its edges per question. Here
    the graph's own rows are searched with the vertices outside the subset hidden, starting
    from the matching the previous questions found (its pairs kept where both partners are in
    the subset and still adjacent), so that successive subsets differing in a few vertices
    cost a few augmenting-path searches.

    ``adjacency[v]`` is a container of the neighbours of ``v`` (sets make the ``in`` test
    cheap). An edge counts only if both rows list it: checking the rows for symmetry would
    cost a pass over every edge (17 s for a 5,000-player field), so the search checks the
    edges it uses instead. The rows are read again at every question, so the caller may add
    or remove edges between questions.
    """

    def __init__(self, adjacency: Sequence[Collection[int]]) -> None:
        _check_rows(adjacency)
        self.adjacency = adjacency
        self._last_mate = [-1] * len(adjacency)

    def perfect_matching(self, vertices: Collection[int]) -> list[int] | None:
        """A perfect matching of the subgraph induced by ``vertices`` (``mate`` over all the
        graph's vertices, ``-1`` outside the subset), or None if it has none."""
        adjacency = self.adjacency
        n = len(adjacency)
        alive = [False] * n
        for v in vertices:
            if not 0 <= v < n:
                raise ValueError(f"vertex {v} is outside 0..{n - 1}")
            if alive[v]:
                raise ValueError(f"vertex {v} is listed twice")
            alive[v] = True
        if len(vertices) % 2:
            return None
        last = self._last_mate
        mate = [-1] * n
        for v in vertices:
            m = last[v]
            if m >= 0 and alive[m] and last[m] == v and m in adjacency[v] and v in adjacency[m]:
                mate[v] = m
        _greedy_within(adjacency, vertices, alive, mate)
        search = _AugmentingSearch(adjacency, mate, alive, two_sided=True)
        perfect = True
        # The free vertices with the shortest rows first: a vertex with no neighbour left in
        # the subset (a few-neighbour vertex, e.g. one allowed only a few partners) ends its
        # search at once, whereas a search from a dense vertex that fails explores its whole
        # component. The answer does not depend on the order (below).
        free = sorted((v for v in vertices if mate[v] == -1), key=lambda v: len(adjacency[v]))
        for v in free:
            # No augmenting path from a free vertex now means none later either (Edmonds):
            # it stays free in every maximum matching, so the answer is already known.
            if mate[v] == -1 and not search.augment_from(v):
                perfect = False
                break
        for v in vertices:
            if mate[v] != -1:
                last[v] = mate[v]
        return mate if perfect else None
