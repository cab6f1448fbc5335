"""The primal-dual blossom algorithm (Edmonds; Galil's formulation) on one graph: class
``BlossomRun``, its warm start and its search loop.

``crosstable.matching.weighted`` prepares the graph and decides what to solve; the run's
state, event heaps and tree operations are in ``blossom_state``, ``blossom_events`` and
``blossom_trees`` (notation in ``blossom_state``), the certificate check in
``certificate``. See docs/architecture/matching.md.
"""

from __future__ import annotations

import dataclasses
import heapq
from collections.abc import Sequence

from crosstable.matching import certificate
from crosstable.matching.blossom_state import FREE, S, T, collector_paused
from crosstable.matching.blossom_trees import BlossomTrees


@dataclasses.dataclass(frozen=True, slots=True)
class OptimalDuals:
    """An optimal dual solution of a maximum-weight matching problem, in the doubled units of
    ``blossom_state``: the slack of edge (u, v) of weight w is ``vertex[u] + vertex[v] - 2w``
    plus twice the dual of every listed blossom containing both u and v.

    A matching is optimal exactly when (complementary slackness) all its edges have zero
    slack, every blossom listed has ``(len(vertices) - 1) / 2`` of its pairs inside, and
    (without max_cardinality) no vertex of positive dual is unmatched; with max_cardinality
    these duals are given only for a perfect matching, and optimal means perfect."""

    vertex: list[int]
    blossoms: list[tuple[list[int], int]]
    """(vertices, dual) of each blossom with a nonzero dual; they nest or are disjoint. The
    lists of vertices are the run's own (not copied: at 10,000 players they hold millions
    of vertices in all): read them, do not modify them."""


class BlossomRun(BlossomTrees):
    """One run of the primal-dual blossom algorithm."""

    def violated_edges(
        self, folded: dict[tuple[int, int], int], skip: set[tuple[int, int]]
    ) -> list[tuple[int, int]]:
        """Edges of ``folded`` (other than ``skip``) that would make this finished run's
        duals infeasible (see :func:`certificate.violated_edges`)."""
        return certificate.violated_edges(self, folded, skip)

    @collector_paused
    def solve(self) -> list[int]:
        """Run the search until no augmenting path improves the matching; return the mates."""
        free_dual = self.warm_start()
        self.run(free_dual)
        return self.mate()

    @collector_paused
    def solve_from(self, mate: Sequence[int], dual: Sequence[int]) -> list[int]:
        """As :meth:`solve` (max_cardinality only), starting from the matching ``mate``
        (``-1``: free; its pairs must be edges of the run) and the vertex duals ``dual``
        (doubled units, all even, no edge of negative slack, matched edges tight) instead of
        the greedy warm start. Any such start is valid when the free vertices need not share
        a dual, which only max_cardinality allows (the run never lowers them to zero); even
        duals keep the slack between two S-vertices even. A caller that knows the problem's
        structure (e.g. weights by vertex class) can so start with most vertices matched."""
        if not self.max_cardinality:
            raise ValueError("a given start needs max_cardinality")
        end_vertex, incident = self.end_vertex, self.incident
        for v, m in enumerate(mate):
            if v < m:
                # v's own list of ends (not a map of every edge: that cost a tenth of a
                # second at 5,000 vertices, for a few thousand pairs).
                for e in incident[v]:
                    if end_vertex[e] == m:
                        self.mate_end[v] = e
                        self.mate_end[m] = e ^ 1
                        break
                else:
                    raise ValueError(f"start pair ({v}, {m}) is not an edge")
        for v, value in enumerate(dual):
            if value % 2:
                raise ValueError(f"start dual of vertex {v} is odd")
            self.dual[v] = value
        weight2, mate_end = self.weight2, self.mate_end
        for k in range(self.edge_count):
            slack = dual[end_vertex[2 * k]] + dual[end_vertex[2 * k + 1]] - weight2[k]
            if slack < 0 or (slack and mate_end[end_vertex[2 * k]] == 2 * k + 1):
                raise ValueError(f"start duals infeasible or not tight at edge {k}")
        self.run(0)
        return self.mate()

    @collector_paused
    def solve_with(
        self, added: dict[tuple[int, int], int], most_free: int | None = None
    ) -> list[int] | None:
        """Add the edges ``added`` (new vertex pairs) to this finished run (max_cardinality,
        perfect matching) and solve again from its state: its matching, blossoms and duals
        are kept, except where a new edge would have negative slack. There the blossoms
        around one end (one already free, else the one more new edges of negative slack
        leave) give up dual (each member's dual rises by what the blossom's falls,
        so the edges inside keep their slack), outermost first, dissolving those that reach
        zero, down to the end itself if need be; each blossom (or vertex) lifted loses the
        matched edge that leaves it. So every edge stays feasible, every pair still matched
        stays tight, and only a few vertices are free again (max_cardinality lets free
        vertices' duals differ; their parity is made one, so that the slack between two
        S-vertices stays even).

        None, without solving, when more than ``most_free`` vertices would start free: the
        search from many free vertices whose duals differ costs more than a run from scratch
        (5,000 players: 1,632 free, 15 s; from scratch about 4 s); the run is then spent."""
        if not self.max_cardinality or self.tree_vertices or -1 in self.mate_end:
            raise ValueError("solve_with needs a finished max_cardinality run, all paired")
        n = self.n
        label = self.label
        dual = self.dual
        # Every top-level blossom is unlabelled now, so the stored duals are the actual ones;
        # the event heaps and representatives describe the finished search: start afresh.
        self.edge_events.clear()
        self.pair_events.clear()
        self.blossom_events.clear()
        self.rep_edge = [-1] * n
        self.rep_pair = [-1] * n
        self.queue.clear()
        self.pending = [False] * n
        end_vertex, weight, weight2, incident = (
            self.end_vertex,
            self.weight,
            self.weight2,
            self.incident,
        )
        new_edges: list[int] = []
        for (u, v), w in added.items():
            k = self.edge_count
            self.edge_count += 1
            end_vertex.append(u)
            end_vertex.append(v)
            weight.append(w)
            weight2.append(w + w)
            incident[u].append(2 * k + 1)
            incident[v].append(2 * k)
            new_edges.append(k)
        wanted = self._lift_demand(new_edges)
        mate_end, base = self.mate_end, self.base
        for k in new_edges:
            u, v = end_vertex[2 * k], end_vertex[2 * k + 1]
            # Either end may give up dual. Lifting a top-level blossom (or vertex) that is
            # free already frees nobody more; else the end wanted by more new edges: the
            # lifts then cover the new edges with few players (the xiangqi certificate's
            # pairs share ends; 5,000 players, Hunan round 6's lower part: 674 -> 282
            # free, Huayuan round 9's parts 344 -> 30 and 162 -> 10).
            top_u, top_v = self.in_blossom[u], self.in_blossom[v]
            if top_u != top_v:
                free_u = mate_end[base[top_u] if top_u >= n else top_u] == -1
                free_v = mate_end[base[top_v] if top_v >= n else top_v] == -1
                if (free_v, wanted.get(top_v, 0)) > (free_u, wanted.get(top_u, 0)):
                    u, v = v, u
            while True:
                deficit = -(dual[u] + dual[v] - weight2[k] + self._common_dual_sum(u, v))
                if deficit <= 0:
                    break
                top_u, top_v = self.in_blossom[u], self.in_blossom[v]
                if top_u == top_v:
                    # Both inside one top-level blossom: its dual moves into its members
                    # (the edge's slack does not change), and it is dissolved.
                    self._lift(top_u, dual[top_u])
                    self._dissolve(top_u)
                    continue
                if top_u < n:
                    self._lift(top_u, deficit)
                    break
                self._lift(top_u, min(deficit, dual[top_u]))
                if dual[top_u] == 0:
                    self._dissolve(top_u)
        # One parity for the free vertices (they become the roots of the search).
        for v in range(n):
            if self.mate_end[v] == -1:
                top = self.in_blossom[v]
                while dual[v] % 2:
                    if top < n:
                        dual[v] += 1
                    elif dual[top] >= 1:
                        self._lift(top, 1)
                    else:
                        self._dissolve(top)
                        top = self.in_blossom[v]
        assert all(label[self.in_blossom[v]] == FREE for v in range(n))
        if most_free is not None and self.mate_end.count(-1) > most_free:
            return None
        self.run(0)
        return self.mate()

    def _lift_demand(self, new_edges: list[int]) -> dict[int, int]:
        """Per top-level blossom (or vertex), how many of ``new_edges`` of negative slack
        leave it (those between two top-level blossoms, as the run stands before any lift)."""
        end_vertex, weight2, dual, in_blossom = (
            self.end_vertex,
            self.weight2,
            self.dual,
            self.in_blossom,
        )
        wanted: dict[int, int] = {}
        for k in new_edges:
            u, v = end_vertex[2 * k], end_vertex[2 * k + 1]
            top_u, top_v = in_blossom[u], in_blossom[v]
            if top_u != top_v and dual[u] + dual[v] < weight2[k]:
                wanted[top_u] = wanted.get(top_u, 0) + 1
                wanted[top_v] = wanted.get(top_v, 0) + 1
        return wanted

    def _common_dual_sum(self, u: int, v: int) -> int:
        """Twice the duals of the blossoms holding both u and v (as the slack counts them)."""
        if self.in_blossom[u] != self.in_blossom[v]:
            # Blossoms nest, so one holding both lies in one top-level blossom: none here
            # (most new edges of a re-solve; the walk up is a hundred blossoms deep).
            return 0
        parent = self.parent
        above_u: set[int] = set()
        b = parent[u]
        while b != -1:
            above_u.add(b)
            b = parent[b]
        total = 0
        b = parent[v]
        while b != -1 and b not in above_u:
            b = parent[b]
        while b != -1:
            total += 2 * self.dual[b]
            b = parent[b]
        return total

    def _lift(self, top: int, amount: int) -> None:
        """Raise the dual of every vertex of top-level blossom (or vertex) ``top`` by
        ``amount`` and lower the blossom's own by as much; unmatch the pair leaving it."""
        if amount <= 0:
            return
        dual = self.dual
        for x in self.leaves(top):
            dual[x] += amount
        if top >= self.n:
            dual[top] -= amount
        base = self.base[top]
        mate_end = self.mate_end
        e = mate_end[base]
        if e != -1:
            mate_end[self.end_vertex[e]] = -1
            mate_end[base] = -1

    def _dissolve(self, b: int) -> None:
        """Dissolve unlabelled top-level blossom b of zero dual into its children (their
        pairs along the cycle stay matched and tight)."""
        n = self.n
        in_blossom = self.in_blossom
        for child in self.children[b]:
            self.parent[child] = -1
            self.label[child] = FREE
            self.label_end[child] = -1
            self.root_of[child] = -1
            if child < n:
                in_blossom[child] = child
            else:
                for x in self.leaves(child):
                    in_blossom[x] = child
        self.label[b] = FREE
        self.label_end[b] = -1
        self.root_of[b] = -1
        self.forget_leaves(b)
        self.children[b] = []
        self.child_ends[b] = []
        self.base[b] = -1
        self.dual[b] = 0
        self.unused_blossoms.append(b)

    def mate(self) -> list[int]:
        """The current matching: ``mate[v]`` is v's partner or -1."""
        end_vertex = self.end_vertex
        return [end_vertex[e] if e >= 0 else -1 for e in self.mate_end]

    @collector_paused
    def optimal_duals(self, perfect_required: bool) -> OptimalDuals | None:
        """The finished run's duals as a proof of optimality (see :class:`OptimalDuals`);
        None when ``perfect_required`` and the matching is not perfect (the duals of a
        run with max_cardinality prove nothing simple then)."""
        n = self.n
        if perfect_required and -1 in self.mate_end:
            return None
        base = self.base
        self.remember_all_leaves()
        blossoms = []
        for b in range(n, 2 * n):
            if base[b] >= 0:
                dual = self.actual_dual(b)
                if dual != 0:
                    blossoms.append((self.leaves(b), dual))
        return OptimalDuals([self.actual_dual(v) for v in range(n)], blossoms)

    def remember_all_leaves(self) -> None:
        """Remember the leaves of every blossom (see :meth:`leaves`), innermost first, each
        list joined from its children's: a blossom's vertex children, then the leaves of its
        blossom children from the last to the first (the order of that method's walk).

        The work is then copying (C-level ``extend``), not a Python walk per blossom: the
        blossoms of a Swiss round nest a hundred and more deep (10,000 players, round 2:
        1,348 blossoms of nonzero dual holding 4.8 million vertices in all). A warm
        re-solve (:meth:`solve_with`) then lifts and dissolves blossoms with their leaves
        known."""
        n = self.n
        children = self.children
        parent = self.parent
        base = self.base
        known = self.leaf_lists
        # Every blossom, each after the one around it; built in the reverse order, so
        # that a blossom's children are known when it is joined (a remembered blossom
        # may hold some that are not).
        order = [b for b in range(n, 2 * n) if base[b] >= 0 and parent[b] == -1]
        for b in order:  # grows while read
            order.extend(c for c in children[b] if c >= n)
        for b in reversed(order):
            if b not in known:
                leaves = [c for c in children[b] if c < n]
                for c in reversed(children[b]):
                    if c >= n:
                        leaves.extend(known[c])
                known[b] = leaves

    def warm_start(self) -> int:
        """Start from a greedy matching with duals that satisfy every invariant; return the
        dual shared by the free vertices.

        The textbook start (empty matching, every dual at the largest weight) would spend its
        first dual changes matching heavy edges one by one. Here edges are taken by decreasing
        weight w; both ends free, the edge is matched with both duals set to w (doubled units:
        tight), which is what the algorithm itself would do as long as the common dual D of
        the free vertices can be lowered to w without making an edge from a free vertex a to
        a matched vertex x infeasible (D >= 2 * weight(a, x) - dual[x]). The first time it
        cannot, the greedy stops; D is the weight of the last edge matched (or the largest
        weight if none). Every edge heavier than D then has a matched end, so all slacks are
        non-negative, matched edges are tight, and the free vertices share the smallest dual.
        """
        n = self.n
        weight = self.weight
        end_vertex = self.end_vertex
        incident = self.incident
        dual = self.dual
        mate_end = self.mate_end
        top = max(weight, default=0)
        if top < 0:
            top = 0
        floor = 0 if not self.max_cardinality else None
        # need[a]: the least common dual free vertex a tolerates (max over matched x).
        need: list[int | None] = [None] * n
        needs: list[tuple[int, int]] = []  # max-heap (negated) of (need, vertex), lazy
        level = top
        order = sorted(range(self.edge_count), key=weight.__getitem__, reverse=True)
        for k in order:
            w = weight[k]
            if floor is not None and w <= floor:
                break
            u = end_vertex[2 * k]
            v = end_vertex[2 * k + 1]
            if mate_end[u] != -1 or mate_end[v] != -1:
                continue
            while needs and mate_end[needs[0][1]] != -1:
                heapq.heappop(needs)
            if needs and -needs[0][0] > w:
                break  # lowering the free duals to w would break a free-matched edge
            mate_end[u] = 2 * k + 1
            mate_end[v] = 2 * k
            dual[u] = dual[v] = w
            level = w
            for x in (u, v):
                for e in incident[x]:
                    a = end_vertex[e]
                    if mate_end[a] != -1:
                        continue
                    required = 2 * weight[e >> 1] - w
                    current = need[a]
                    if current is None or required > current:
                        need[a] = required
                        heapq.heappush(needs, (-required, a))
        for x in range(n):
            if mate_end[x] == -1:
                dual[x] = level
        return level

    def scan(self, v: int) -> None:
        """Look along every edge of S-vertex v: grow the tree over tight edges, close
        blossoms, augment, and record the other edges as future dual events."""
        in_blossom = self.in_blossom
        label = self.label
        end_vertex = self.end_vertex
        weight2 = self.weight2
        dual = self.dual
        total = self.total_delta
        push = heapq.heappush
        edge_events = self.edge_events
        rep_edge = self.rep_edge
        rep_edge_key = self.rep_edge_key
        t_end = self.t_end
        t_slack = self.t_slack
        bv = in_blossom[v]
        dv = dual[v] - total  # actual dual of S-vertex v
        dv_s = dv - total  # ... with the offset of an S neighbour folded in
        # Per edge only the gap ``stored dual of w - doubled weight`` is computed (weights
        # may have thousands of bits: one big-integer operation per edge, not two); the slack
        # is the gap plus dv (w unlabelled) or dv_s (w an S-vertex), so tightness is a
        # comparison with these limits.
        tight_free = -dv
        tight_s = -dv_s
        key_offset = dv + total  # a delta2 key is the slack plus total_delta
        best_pair = -1
        best_pair_gap = 0
        for e in self.incident[v]:
            w = end_vertex[e]
            bw = in_blossom[w]
            if bw == bv:
                continue
            lw = label[bw]
            k = e >> 1
            if lw == T:
                # S-T slacks do not change: only w's least one is kept (for when its
                # blossom is expanded); stored duals: (dual[v] - total) + (dual[w] + total).
                known = t_end[w]
                if known != -2:
                    slack = dual[w] + dual[v] - weight2[k]
                    if known == -1 or slack < t_slack[w]:
                        t_end[w] = e ^ 1
                        t_slack[w] = slack
                continue
            gap = dual[w] - weight2[k]
            if lw == FREE:
                if gap <= tight_free:
                    self.assign_label(w, T, e ^ 1)
                else:
                    key = gap + key_offset
                    if rep_edge[w] == -1 or key < rep_edge_key[w]:
                        rep_edge[w] = k
                        rep_edge_key[w] = key
                        push(edge_events, (key, k, w))
            elif gap <= tight_s:
                if self.join_s_blossoms(k):
                    return  # v's tree died in an augmentation
                bv = in_blossom[v]
            elif best_pair == -1 or gap < best_pair_gap:
                best_pair = k
                best_pair_gap = gap
        self.set_pair_representative(v, best_pair, best_pair_gap + dv_s)

    def join_s_blossoms(self, k: int) -> bool:
        """Tight edge k joins two different S-blossoms: close a blossom if they are in the same
        tree (False), else augment along the path through k and dissolve both trees (True)."""
        end_vertex = self.end_vertex
        v = end_vertex[2 * k]
        w = end_vertex[2 * k + 1]
        base_vertex = self.trace_for_blossom(v, w)
        if base_vertex >= 0:
            self.add_blossom(base_vertex, k)
            return False
        in_blossom = self.in_blossom
        roots = (self.root_of[in_blossom[v]], self.root_of[in_blossom[w]])
        self.augment_matching(k)
        dead = self.kill_tree(roots[0]) + self.kill_tree(roots[1])
        label = self.label
        parent = self.parent
        for b in dead:
            if label[b] == FREE and parent[b] == -1:
                self.label_if_tight_to_s(b)
        return True

    def run(self, free_dual: int) -> None:
        """Grow alternating trees from all free vertices along tight edges, augmenting whenever
        two trees meet and changing duals when stuck, until the duals prove optimality."""
        n = self.n
        label = self.label
        in_blossom = self.in_blossom
        end_vertex = self.end_vertex
        weight2 = self.weight2
        dual = self.dual
        mate_end = self.mate_end
        parent = self.parent
        base = self.base
        queue = self.queue
        pending = self.pending
        edge_events = self.edge_events
        pair_events = self.pair_events
        blossom_events = self.blossom_events
        rep_edge = self.rep_edge
        rep_edge_key = self.rep_edge_key
        rep_pair = self.rep_pair
        rep_pair_key = self.rep_pair_key
        pop = heapq.heappop
        # Every representative is fresh: none is set, and no S-vertex has scanned yet.
        for v in range(n):
            self.fresh[v] = self.rep_edge[v] == -1
            self.t_end[v] = -2
        for v in range(n):
            if mate_end[v] == -1 and label[in_blossom[v]] == FREE:
                self.assign_label(v, S, -1)

        while True:
            while queue:
                v = queue.pop()
                if pending[v]:
                    pending[v] = False
                    if label[in_blossom[v]] == S:
                        self.scan(v)
            if not self.tree_vertices:
                return  # no free vertex left to grow a tree from

            # Stuck along tight edges: the next event is the smallest key among the valid
            # heap tops (stale entries are dropped on the way).
            event = 0
            key = 0
            if not self.max_cardinality:
                event = 1  # delta1: the free vertices' duals reach zero
                key = free_dual
            while edge_events:
                k_key, k, x = edge_events[0]
                if rep_edge[x] != k or rep_edge_key[x] != k_key:
                    pop(edge_events)  # superseded
                    continue
                y = end_vertex[2 * k] if end_vertex[2 * k + 1] == x else end_vertex[2 * k + 1]
                if (
                    label[in_blossom[x]] == FREE
                    and label[in_blossom[y]] == S
                    and dual[x] + dual[y] - weight2[k] == k_key  # stored duals: see __init__
                ):
                    if event == 0 or k_key < key:
                        event = 2
                        key = k_key
                    break
                pop(edge_events)
                rep_edge[x] = -1
                if label[in_blossom[x]] == FREE:
                    self.rescan_edges_to_s(x)
            while pair_events:
                k_key, k, v = pair_events[0]
                if rep_pair[v] != k or rep_pair_key[v] != k_key:
                    pop(pair_events)  # superseded
                    continue
                i = end_vertex[2 * k]
                j = end_vertex[2 * k + 1]
                bi = in_blossom[i]
                bj = in_blossom[j]
                if (
                    bi != bj
                    and label[bi] == S
                    and label[bj] == S
                    and (dual[i] + dual[j] - weight2[k]) >> 1 == k_key
                ):
                    if event == 0 or k_key < key:
                        event = 3
                        key = k_key
                    break
                pop(pair_events)
                rep_pair[v] = -1
                if label[in_blossom[v]] == S:
                    self.rescan_pairs(v)
            while blossom_events:
                b_key, b = blossom_events[0]
                if parent[b] == -1 and base[b] >= 0 and label[b] == T and dual[b] == b_key:
                    if event == 0 or b_key < key:
                        event = 4
                        key = b_key
                    break
                pop(blossom_events)
            if event == 0:
                # max_cardinality and no dual change can make progress: the matching is
                # maximum (and the duals prove its weight optimal among maximum ones).
                return

            # The dual change itself: all labelled duals move with total_delta.
            self.total_delta = key

            if event == 1:
                return
            if event == 2:
                _, k, x = pop(edge_events)
                rep_edge[x] = -1
                # x's blossom is reached through the end on the S side.
                self.assign_label(x, T, 2 * k if end_vertex[2 * k + 1] == x else 2 * k + 1)
            elif event == 3:
                _, k, v = pop(pair_events)
                rep_pair[v] = -1
                self.join_s_blossoms(k)
                if label[in_blossom[v]] == S:
                    self.rescan_pairs(v)
            else:
                _, b = pop(blossom_events)
                self.expand_blossom(b)
