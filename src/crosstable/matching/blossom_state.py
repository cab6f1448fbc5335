"""State of one run of the primal-dual blossom algorithm: the graph in flat arrays, labels,
blossom structure, lazily stored duals, and the labelling step that keeps the duals right.

The algorithm is split over four modules, each adding methods to the one before:
``blossom_state`` (this: data, duals, labels) <- ``blossom_events`` (the heaps of future dual
events) <- ``blossom_trees`` (alternating trees, blossoms, augmentation) <- ``blossom`` (the
search loop and the warm start, class ``BlossomRun``). ``certificate`` checks a finished run
against edges it did not see. See docs/architecture/matching.md.

Notation (as in Galil, "Efficient algorithms for finding maximum matching in graphs", 1986):

* Vertices are ``0 .. n-1``; blossoms get the ids ``n .. 2n-1``. A *top-level blossom* is
  either a single vertex or a non-trivial blossom with no parent.
* Edge ``k`` joins ``end_vertex[2k]`` and ``end_vertex[2k + 1]``. An *end* ``e`` names one side
  of an edge; ``e ^ 1`` is the other side. ``mate_end[v]`` is the end *opposite* ``v`` on
  ``v``'s matched edge (so ``end_vertex[mate_end[v]]`` is ``v``'s partner).
* Duals are doubled so that every quantity stays an integer: the slack of edge ``k`` is
  ``dual[u] + dual[v] - 2 * weight[k]``; every labelled vertex's dual has the parity of the
  free vertices' common dual, so the slack between two S-blossoms is even and halving it is
  exact. Weights may therefore be Python integers of any size.
"""

from __future__ import annotations

import functools
import gc
import heapq
from collections.abc import Callable
from typing import ParamSpec, TypeVar

# Labels of top-level blossoms.
FREE = 0
S = 1
T = 2
# How the actual dual moves with total_delta, by label of the top-level blossom: vertices of
# S-blossoms go down, of T-blossoms up; S-blossoms' own duals go up, T-blossoms' down.
VERTEX_SIGN = (0, -1, 1)
BLOSSOM_SIGN = (0, 1, -1)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def collector_paused(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run ``function`` with Python's cyclic garbage collector paused (if it was on).

    A run allocates a container per heap entry (some 800,000 tuples in a solve of a
    10,000-player Swiss round) and keeps most of them alive, so the collector, triggered by
    the count of allocations, walked ever more live objects: at 10,000 players 9 % of a
    round's CPU time went to collections, most of them during runs, and none finds anything,
    as a run makes no reference cycles (its lists and tuples are freed by reference
    counting). Nested calls leave the collector as the outermost found it."""

    @functools.wraps(function)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled():
            return function(*args, **kwargs)
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.enable()

    return paused


class BlossomState:
    """Data of one run (flat lists indexed by vertex, blossom or edge id) and the duals."""

    @collector_paused
    def __init__(self, n: int, folded: dict[tuple[int, int], int], max_cardinality: bool) -> None:
        self.n = n
        self.max_cardinality = max_cardinality
        edge_count = len(folded)
        end_vertex: list[int] = [0] * (2 * edge_count)
        weight: list[int] = [0] * edge_count
        incident: list[list[int]] = [[] for _ in range(n)]
        for k, ((u, v), w) in enumerate(folded.items()):
            end_vertex[2 * k] = u
            end_vertex[2 * k + 1] = v
            weight[k] = w
            # incident[x] lists the ends *opposite* x, so end_vertex[e] is the neighbour.
            incident[u].append(2 * k + 1)
            incident[v].append(2 * k)
        self.edge_count = edge_count
        self.end_vertex = end_vertex
        self.weight = weight
        self.weight2 = [w + w for w in weight]  # doubled, as slacks use them
        self.incident = incident

        self.mate_end: list[int] = [-1] * n
        # Per top-level blossom (a vertex is its own trivial blossom): label, and the end
        # through which the label came (the end on the labelling side; -1 for a root). Entries
        # of non-top-level blossoms are stale and reset when they become top-level again.
        self.label: list[int] = [FREE] * (2 * n)
        self.label_end: list[int] = [-1] * (2 * n)
        self.in_blossom: list[int] = list(range(n))
        self.parent: list[int] = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        # The leaves of blossoms, remembered (the blossoms of a Swiss round nest some hundred
        # deep, and a blossom's leaves were walked again each time it was relabelled or
        # grown into a larger one).
        self.leaf_lists: dict[int, list[int]] = {}
        self.base: list[int] = list(range(n)) + [-1] * n
        # child_ends[b][i] is the end inside children[b][i] of the edge to children[b][i + 1].
        self.child_ends: list[list[int]] = [[] for _ in range(2 * n)]
        self.unused_blossoms: list[int] = list(range(n, 2 * n))
        # Duals are stored lazily, relative to total_delta, so that a dual change costs O(1):
        # the dual of vertex x is dual[x] - total_delta while its top-level blossom is S,
        # dual[x] + total_delta while it is T, dual[x] when unlabelled; the dual of top-level
        # blossom b is dual[b] + total_delta when S, dual[b] - total_delta when T, else dual[b]
        # (see actual_dual). Stored values are converted whenever a label changes.
        self.dual: list[int] = [0] * (2 * n)
        # Sum of all dual changes so far. A heap key is "the total at which this event
        # happens": while the labels at both ends stay the same, slacks change at a fixed rate,
        # so the key stays exact; entries whose labels changed are recognised and dropped.
        self.total_delta = 0
        # Heaps of (key, edge, owner vertex) and (key, blossom). To keep them small, each
        # vertex owns at most one live entry per heap, its *representative*: for an unlabelled
        # vertex, its least-key edge to an S-vertex (delta2); for an S-vertex, its least-key
        # edge to another S-blossom (delta3). A representative that went stale (its other end
        # changed label) has a key no larger than the owner's real events, so it reaches the
        # top first, and its owner is then rescanned.
        self.edge_events: list[tuple[int, int, int]] = []
        self.pair_events: list[tuple[int, int, int]] = []
        self.blossom_events: list[tuple[int, int]] = []
        self.rep_edge: list[int] = [-1] * n
        self.rep_edge_key: list[int] = [0] * n
        self.rep_pair: list[int] = [-1] * n
        self.rep_pair_key: list[int] = [0] * n
        self.queue: list[int] = []
        self.pending: list[bool] = [False] * n  # queued as S and not yet scanned
        # An unlabelled vertex's representative is *fresh* when its key is at most that of
        # every edge to an S-vertex already scanned (those not yet scanned will push
        # theirs): computed over all its edges, or kept so since. A T-vertex's least slack
        # to an S-vertex (S-T slacks do not change) is kept as (end at the S-vertex, slack):
        # ``t_end`` -1 when it has none, -2 when unknown. Expanding a T-blossom then reads
        # one edge per vertex of the children left unlabelled instead of all their edges
        # (nested blossoms unwinding rescanned the same large children over and over).
        # It changes which of several equal events the search takes first (an S-vertex
        # not yet scanned is not seen at the expansion, it labels later), so the optimum
        # found among several can differ: only for a caller that decides ties itself (as
        # the xiangqi sparse solver's tie rule does; it measured no gain on whole rounds).
        self.remember_t_slacks = False
        self.fresh: list[bool] = [False] * n
        self.t_end: list[int] = [-2] * n
        self.t_slack: list[int] = [0] * n
        self.mark: list[int] = [0] * (2 * n)
        self.mark_stamp = 0
        # Tree bookkeeping, so that the search can go on after an augmentation: the root
        # (free vertex) of the tree each labelled top-level blossom belongs to, and the
        # vertices labelled in each live tree.
        self.root_of: list[int] = [-1] * (2 * n)
        self.tree_vertices: dict[int, list[int]] = {}

    def leaves(self, b: int) -> list[int]:
        """The vertices contained in blossom (or vertex) b, in the order of a walk with a
        stack (kept so that the search visits vertices as before); an inner blossom whose
        leaves are remembered is copied whole where the walk would list it. Only b's own
        list is remembered (remembering every level on the way costs the depth times the
        size after each augmentation). Do not modify the list."""
        n = self.n
        if b < n:
            return [b]
        leaf_lists = self.leaf_lists
        known = leaf_lists.get(b)
        if known is not None:
            return known
        children = self.children
        result: list[int] = []
        stack: list[int | list[int]] = [b]
        while stack:
            x = stack.pop()
            if isinstance(x, list):
                result.extend(x)
                continue
            for c in children[x]:
                if c < n:
                    result.append(c)
                else:
                    stack.append(leaf_lists.get(c, c))
        leaf_lists[b] = result
        return result

    def forget_leaves(self, b: int) -> None:
        """Blossom b's children changed (rotated by an augmentation, or b dissolved): its
        remembered leaves are stale. Those around b need no forgetting: an augmentation
        rotates every blossom from the top-level one down to b, and only top-level blossoms
        are dissolved."""
        self.leaf_lists.pop(b, None)

    def actual_dual(self, x: int) -> int:
        """The current dual of vertex or blossom x (doubled units)."""
        if x < self.n:
            return self.dual[x] + VERTEX_SIGN[self.label[self.in_blossom[x]]] * self.total_delta
        if self.parent[x] != -1 or self.base[x] < 0:
            return self.dual[x]
        return self.dual[x] + BLOSSOM_SIGN[self.label[x]] * self.total_delta

    def start_t_slacks(self, contained: list[int]) -> None:
        """These vertices turn T: each one's least slack to an S-vertex is its fresh
        representative's (its key less total_delta: a lower bound, exact while the other
        end stays S), else unknown."""
        fresh = self.fresh
        rep_edge = self.rep_edge
        rep_edge_key = self.rep_edge_key
        end_vertex = self.end_vertex
        t_end = self.t_end
        t_slack = self.t_slack
        total = self.total_delta
        for x in contained:
            if not fresh[x]:
                t_end[x] = -2
                continue
            k = rep_edge[x]
            if k == -1:
                t_end[x] = -1
                continue
            t_end[x] = 2 * k if end_vertex[2 * k + 1] == x else 2 * k + 1
            t_slack[x] = rep_edge_key[x] - total

    def convert_duals(self, b: int, leaves: list[int], old: int, new: int) -> None:
        """Top-level blossom b (with these leaves) changes label from old to new: re-express
        the stored duals so that the actual duals do not change."""
        total = self.total_delta
        dual = self.dual
        shift = (VERTEX_SIGN[old] - VERTEX_SIGN[new]) * total
        if shift:
            for x in leaves:
                dual[x] += shift
        if b >= self.n:
            dual[b] += (BLOSSOM_SIGN[old] - BLOSSOM_SIGN[new]) * total

    def assign_label(self, w: int, t: int, e: int, keep_t: bool = False) -> None:
        """Label the top-level blossom of vertex w with t, reached through end e (-1 for a
        root); a T label propagates an S label to the mate of the blossom's base.
        ``keep_t``: the blossom's vertices were T until now (an expanded T-blossom's child)
        and keep their least slacks to S-vertices."""
        in_blossom = self.in_blossom
        label = self.label
        root = w if e == -1 else self.root_of[in_blossom[self.end_vertex[e]]]
        members = self.tree_vertices.get(root)
        if members is None:
            members = self.tree_vertices[root] = []
        fresh = self.fresh
        while True:
            b = in_blossom[w]
            contained = self.leaves(b)
            if t == T and not keep_t and self.remember_t_slacks:
                self.start_t_slacks(contained)
                if e != -1:
                    self.t_end[w] = e  # the edge it is reached by is tight
                    self.t_slack[w] = 0
            t_end = self.t_end
            for x in contained:
                fresh[x] = False
                if t == S:
                    t_end[x] = -2  # kept for T-vertices only
            self.convert_duals(b, contained, label[b], t)
            label[b] = t
            self.label_end[b] = e
            self.root_of[b] = root
            members.extend(contained)
            if t == S:
                self.queue.extend(contained)
                pending = self.pending
                for x in contained:
                    pending[x] = True
                return
            if b >= self.n:
                # A T-blossom's stored dual is the total at which its actual dual is zero.
                heapq.heappush(self.blossom_events, (self.dual[b], b))
            base_mate = self.mate_end[self.base[b]]
            w = self.end_vertex[base_mate]
            t = S
            e = base_mate ^ 1
