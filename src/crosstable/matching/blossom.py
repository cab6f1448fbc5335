"""The primal-dual blossom algorithm itself (Edmonds; Galil's formulation) on one graph.

Owns the state of one run (class ``BlossomRun``): labels, blossoms, duals, event heaps, the
search and the optimality certificate check. ``crosstable.matching.weighted`` prepares the
graph and decides what to solve; see its docstring and docs/architecture/matching.md.

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

import heapq

_FREE = 0
_S = 1
_T = 2
# How the actual dual moves with total_delta, by label of the top-level blossom: vertices of
# S-blossoms go down, of T-blossoms up; S-blossoms' own duals go up, T-blossoms' down.
_VERTEX_SIGN = (0, -1, 1)
_BLOSSOM_SIGN = (0, 1, -1)


class BlossomRun:
    """State of one run of the primal-dual blossom algorithm (flat lists indexed by id)."""

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
        self.label: list[int] = [_FREE] * (2 * n)
        self.label_end: list[int] = [-1] * (2 * n)
        self.in_blossom: list[int] = list(range(n))
        self.parent: list[int] = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
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
        self.mark: list[int] = [0] * (2 * n)
        self.mark_stamp = 0
        # Tree bookkeeping, so that the search can go on after an augmentation: the root
        # (free vertex) of the tree each labelled top-level blossom belongs to, and the
        # vertices labelled in each live tree.
        self.root_of: list[int] = [-1] * (2 * n)
        self.tree_vertices: dict[int, list[int]] = {}

    # -- helpers -----------------------------------------------------------------------------

    def leaves(self, b: int) -> list[int]:
        """The vertices contained in blossom (or vertex) b."""
        n = self.n
        if b < n:
            return [b]
        result: list[int] = []
        stack = [b]
        children = self.children
        while stack:
            x = stack.pop()
            for c in children[x]:
                if c < n:
                    result.append(c)
                else:
                    stack.append(c)
        return result

    def actual_dual(self, x: int) -> int:
        """The current dual of vertex or blossom x (doubled units)."""
        if x < self.n:
            return self.dual[x] + _VERTEX_SIGN[self.label[self.in_blossom[x]]] * self.total_delta
        if self.parent[x] != -1 or self.base[x] < 0:
            return self.dual[x]
        return self.dual[x] + _BLOSSOM_SIGN[self.label[x]] * self.total_delta

    def convert_duals(self, b: int, leaves: list[int], old: int, new: int) -> None:
        """Top-level blossom b (with these leaves) changes label from old to new: re-express
        the stored duals so that the actual duals do not change."""
        total = self.total_delta
        dual = self.dual
        shift = (_VERTEX_SIGN[old] - _VERTEX_SIGN[new]) * total
        if shift:
            for x in leaves:
                dual[x] += shift
        if b >= self.n:
            dual[b] += (_BLOSSOM_SIGN[old] - _BLOSSOM_SIGN[new]) * total

    def assign_label(self, w: int, t: int, e: int) -> None:
        """Label the top-level blossom of vertex w with t, reached through end e (-1 for a
        root); a T label propagates an S label to the mate of the blossom's base."""
        in_blossom = self.in_blossom
        label = self.label
        root = w if e == -1 else self.root_of[in_blossom[self.end_vertex[e]]]
        members = self.tree_vertices.get(root)
        if members is None:
            members = self.tree_vertices[root] = []
        while True:
            b = in_blossom[w]
            contained = self.leaves(b)
            self.convert_duals(b, contained, label[b], t)
            label[b] = t
            self.label_end[b] = e
            self.root_of[b] = root
            members.extend(contained)
            if t == _S:
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
            t = _S
            e = base_mate ^ 1

    def trace_for_blossom(self, v: int, w: int) -> int:
        """Walk up the trees from S-vertices v and w, alternately. Return the base vertex of
        the new blossom if they meet, or -1 if they lie in different trees (augmenting path)."""
        self.mark_stamp += 1
        stamp = self.mark_stamp
        mark = self.mark
        in_blossom = self.in_blossom
        label_end = self.label_end
        end_vertex = self.end_vertex
        while v != -1 or w != -1:
            if v != -1:
                b = in_blossom[v]
                if mark[b] == stamp:
                    return self.base[b]
                mark[b] = stamp
                e = label_end[b]
                if e == -1:
                    v = -1  # reached a root
                else:
                    # b is S; its label came from a T-blossom whose label came from an S.
                    t_blossom = in_blossom[end_vertex[e]]
                    v = end_vertex[label_end[t_blossom]]
            if w != -1:
                v, w = w, v
        return -1

    # -- blossom creation and expansion ------------------------------------------------------

    def add_blossom(self, base_vertex: int, k: int) -> None:
        """Contract the odd cycle closed by edge k (between two S-vertices) into a new
        S-blossom whose base is base_vertex's top-level blossom."""
        in_blossom = self.in_blossom
        label_end = self.label_end
        end_vertex = self.end_vertex
        parent = self.parent
        v = end_vertex[2 * k]
        w = end_vertex[2 * k + 1]
        base_b = in_blossom[base_vertex]
        bv = in_blossom[v]
        bw = in_blossom[w]
        b = self.unused_blossoms.pop()
        self.base[b] = base_vertex
        parent[b] = -1
        parent[base_b] = b
        path: list[int] = []
        ends: list[int] = []
        while bv != base_b:
            parent[bv] = b
            path.append(bv)
            ends.append(label_end[bv])
            bv = in_blossom[end_vertex[label_end[bv]]]
        path.append(base_b)
        path.reverse()
        ends.reverse()
        ends.append(2 * k)
        while bw != base_b:
            parent[bw] = b
            path.append(bw)
            ends.append(label_end[bw] ^ 1)
            bw = in_blossom[end_vertex[label_end[bw]]]
        self.children[b] = path
        self.child_ends[b] = ends
        label = self.label
        label[b] = _S
        self.root_of[b] = self.root_of[base_b]
        label_end[b] = label_end[base_b]
        total = self.total_delta
        dual = self.dual
        dual[b] = -total  # actual dual 0, stored as an S-blossom's
        queue = self.queue
        pending = self.pending
        for child in path:
            child_label = label[child]
            contained = self.leaves(child)
            # The child's leaves take the new blossom's label S; the child's own dual
            # freezes now that it is no longer top-level.
            if child_label == _T:
                for x in contained:
                    dual[x] += 2 * total
            if child >= self.n:
                dual[child] += _BLOSSOM_SIGN[child_label] * total
            for x in contained:
                if child_label == _T:
                    # Former T-vertices become S-vertices and must now be scanned.
                    queue.append(x)
                    pending[x] = True
                in_blossom[x] = b

    def expand_blossom(self, b: int) -> None:
        """Dissolve T-blossom b (its dual reached zero) into its children; the children on the
        even path from the entry child to the base are relabelled T/S, the others become
        unlabelled unless a tight edge from an S-vertex reaches them."""
        n = self.n
        in_blossom = self.in_blossom
        parent = self.parent
        label = self.label
        label_end = self.label_end
        root_of = self.root_of
        total = self.total_delta
        dual = self.dual
        for x in self.leaves(b):
            dual[x] += total  # from T-mode to unlabelled mode; relabelling converts again
        for child in self.children[b]:
            parent[child] = -1
            # The child's own entries are stale from before it was absorbed.
            label[child] = _FREE
            label_end[child] = -1
            root_of[child] = -1
            if child < n:
                in_blossom[child] = child
            else:
                for x in self.leaves(child):
                    in_blossom[x] = child
        self.relabel_expanded_t_blossom(b)
        label[b] = _FREE
        label_end[b] = -1
        root_of[b] = -1
        self.children[b] = []
        self.child_ends[b] = []
        self.base[b] = -1
        self.unused_blossoms.append(b)

    def relabel_expanded_t_blossom(self, b: int) -> None:
        """After expanding T-blossom b mid-search, restore the alternating tree through it."""
        label = self.label
        label_end = self.label_end
        end_vertex = self.end_vertex
        in_blossom = self.in_blossom
        children = self.children[b]
        ends = self.child_ends[b]
        count = len(children)
        entry_child = in_blossom[end_vertex[label_end[b] ^ 1]]
        j = children.index(entry_child)
        # Walk from the entry child to the base along the even-length side of the cycle.
        if j & 1:
            j -= count
            step = 1
            flip = 0
        else:
            step = -1
            flip = 1
        e = label_end[b]
        while j != 0:
            # Label the child through e T; assign_label labels the next child S via the mate.
            self.assign_label(end_vertex[e ^ 1], _T, e)
            j += step
            e = ends[j - flip] ^ flip
            j += step
        # The base child: labelled T through e, without relabelling its (already S) mate.
        base_child = children[j]
        self.convert_duals(base_child, self.leaves(base_child), _FREE, _T)
        label[base_child] = _T
        label_end[base_child] = e
        self.root_of[base_child] = self.root_of[b]
        if base_child >= self.n:
            heapq.heappush(self.blossom_events, (self.dual[base_child], base_child))
        # Children on the odd side lose their labels unless one of their vertices has a tight
        # edge to an S-vertex, which then labels that child T.
        j += step
        while children[j] != entry_child:
            child = children[j]
            if label[child] == _FREE:
                self.label_if_tight_to_s(child)
            j += step

    def label_if_tight_to_s(self, b: int) -> None:
        """If a vertex of unlabelled top-level blossom b has a tight edge to an S-vertex, label
        b T through it; otherwise record its edges to S-vertices as future delta2 events."""
        in_blossom = self.in_blossom
        label = self.label
        dual = self.dual
        weight2 = self.weight2
        end_vertex = self.end_vertex
        incident = self.incident
        for x in self.leaves(b):
            # x is unlabelled (actual dual = stored); folding in the S-side offset here lets
            # the loop use the stored dual of the S end as is.
            dx = dual[x] - self.total_delta
            best = -1
            best_slack = 0
            for e in incident[x]:
                u = end_vertex[e]
                if label[in_blossom[u]] != _S:
                    continue
                k = e >> 1
                k_slack = dx + dual[u] - weight2[k]
                if k_slack <= 0:
                    self.assign_label(x, _T, e)
                    return
                if best == -1 or k_slack < best_slack:
                    best = k
                    best_slack = k_slack
            self.set_edge_representative(x, best, best_slack)

    def set_edge_representative(self, x: int, k: int, k_slack: int) -> None:
        """Make edge k (slack k_slack, from unlabelled x to an S-vertex) x's delta2 entry."""
        self.rep_edge[x] = k
        if k != -1:
            key = k_slack + self.total_delta
            self.rep_edge_key[x] = key
            heapq.heappush(self.edge_events, (key, k, x))

    def rescan_edges_to_s(self, x: int) -> None:
        """x's delta2 representative went stale: find its least-slack edge to an S-vertex."""
        in_blossom = self.in_blossom
        label = self.label
        dual = self.dual
        weight2 = self.weight2
        end_vertex = self.end_vertex
        dx = dual[x] - self.total_delta  # x unlabelled, with the S ends' offset folded in
        best = -1
        best_slack = 0
        for e in self.incident[x]:
            u = end_vertex[e]
            if label[in_blossom[u]] != _S:
                continue
            k_slack = dx + dual[u] - weight2[e >> 1]
            if best == -1 or k_slack < best_slack:
                best = e >> 1
                best_slack = k_slack
        self.set_edge_representative(x, best, best_slack)

    def rescan_pairs(self, v: int) -> None:
        """S-vertex v's delta3 representative went stale: find its least-slack edge to
        another S-blossom."""
        in_blossom = self.in_blossom
        label = self.label
        dual = self.dual
        weight2 = self.weight2
        end_vertex = self.end_vertex
        bv = in_blossom[v]
        dv = dual[v] - 2 * self.total_delta  # both ends S
        best = -1
        best_slack = 0
        for e in self.incident[v]:
            bu = in_blossom[end_vertex[e]]
            if bu == bv or label[bu] != _S:
                continue
            k_slack = dv + dual[end_vertex[e]] - weight2[e >> 1]
            if best == -1 or k_slack < best_slack:
                best = e >> 1
                best_slack = k_slack
        self.set_pair_representative(v, best, best_slack)

    def set_pair_representative(self, v: int, k: int, k_slack: int) -> None:
        """Make edge k (slack k_slack, between S-vertex v and another S-blossom) v's delta3
        entry."""
        self.rep_pair[v] = k
        if k != -1:
            key = (k_slack >> 1) + self.total_delta
            self.rep_pair_key[v] = key
            heapq.heappush(self.pair_events, (key, k, v))

    def kill_tree(self, root: int) -> list[int]:
        """After an augmentation through the tree of ``root``: unlabel all of it, so that the
        search can go on with the other trees. Returns the blossoms unlabelled."""
        members = self.tree_vertices.pop(root, [])
        label = self.label
        in_blossom = self.in_blossom
        root_of = self.root_of
        label_end = self.label_end
        dead: list[int] = []
        for x in members:
            b = in_blossom[x]
            if label[b] != _FREE and root_of[b] == root:
                self.convert_duals(b, self.leaves(b), label[b], _FREE)
                label[b] = _FREE
                label_end[b] = -1
                root_of[b] = -1
                dead.append(b)
        return dead

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges inside blossom b so that vertex v becomes its base."""
        n = self.n
        parent = self.parent
        end_vertex = self.end_vertex
        mate_end = self.mate_end
        t = v
        while parent[t] != b:
            t = parent[t]
        if t >= n:
            self.augment_blossom(t, v)
        children = self.children[b]
        ends = self.child_ends[b]
        count = len(children)
        i = j = children.index(t)
        if i & 1:
            j -= count
            step = 1
            flip = 0
        else:
            step = -1
            flip = 1
        while j != 0:
            j += step
            t = children[j]
            e = ends[j - flip] ^ flip
            if t >= n:
                self.augment_blossom(t, end_vertex[e])
            j += step
            t = children[j]
            if t >= n:
                self.augment_blossom(t, end_vertex[e ^ 1])
            mate_end[end_vertex[e]] = e ^ 1
            mate_end[end_vertex[e ^ 1]] = e
        self.children[b] = children[i:] + children[:i]
        self.child_ends[b] = ends[i:] + ends[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment_matching(self, k: int) -> None:
        """Augment along the path through edge k joining two S-vertices of different trees."""
        n = self.n
        end_vertex = self.end_vertex
        in_blossom = self.in_blossom
        label_end = self.label_end
        mate_end = self.mate_end
        for s, e in ((end_vertex[2 * k], 2 * k + 1), (end_vertex[2 * k + 1], 2 * k)):
            while True:
                bs = in_blossom[s]
                if bs >= n:
                    self.augment_blossom(bs, s)
                mate_end[s] = e
                if label_end[bs] == -1:
                    break  # reached the free root of this tree
                t = end_vertex[label_end[bs]]
                bt = in_blossom[t]
                s = end_vertex[label_end[bt]]
                j = end_vertex[label_end[bt] ^ 1]
                if bt >= n:
                    self.augment_blossom(bt, j)
                mate_end[j] = label_end[bt]
                e = label_end[bt] ^ 1

    def violated_edges(
        self, folded: dict[tuple[int, int], int], skip: set[tuple[int, int]]
    ) -> list[tuple[int, int]]:
        """Edges of ``folded`` (other than ``skip``) that the final state does not prove
        useless, i.e. that would make the dual solution infeasible.

        Without max_cardinality that means a negative slack. With it, the run stops when no
        dual change can make progress, and the proof is the limit of changing the duals
        without bound (which the C-shifted problem "max weight with every weight raised by a
        huge C" would do): S-vertices' duals go to minus infinity and T-vertices' to plus
        infinity, so an edge from an S-vertex to another S-blossom or to an unlabelled
        vertex is violated whatever its slack, an edge touching a T-vertex (and no S-vertex)
        never is, and the others keep their slack.
        """
        n = self.n
        label = self.label
        stuck = self.max_cardinality
        parent = self.parent
        actual = [self.actual_dual(x) for x in range(2 * n)]
        # Sum of the duals of a blossom and all the blossoms around it, top-down.
        around: dict[int, int] = {}

        def dual_around(b: int) -> int:
            path: list[int] = []
            while b != -1 and b not in around:
                path.append(b)
                b = parent[b]
            running = 0 if b == -1 else around[b]
            for c in reversed(path):
                running += actual[c]
                around[c] = running
            return running

        ancestors: dict[int, set[int]] = {}
        in_blossom = self.in_blossom
        # Per vertex: duals of all blossoms around it, and of its top-level blossom only
        # (bounds on what the blossoms around both ends of an inner edge add).
        around_vertex = [0 if parent[x] == -1 else dual_around(parent[x]) for x in range(n)]
        around_top = [actual[in_blossom[x]] if in_blossom[x] >= n else 0 for x in range(n)]
        violated: list[tuple[int, int]] = []
        for key, w in folded.items():
            u, v = key
            bu = in_blossom[u]
            bv = in_blossom[v]
            if stuck and bu != bv:
                lu = label[bu]
                lv = label[bv]
                if lu == _S or lv == _S:
                    if lu != _T and lv != _T and key not in skip:
                        violated.append(key)
                        continue
                elif lu == _T or lv == _T:
                    continue
            slack = actual[u] + actual[v] - 2 * w
            if slack >= 0 or key in skip:
                continue
            if bu == bv:
                # Both inside one blossom: the duals of the blossoms containing both count
                # twice. At least the top-level one does, at most all those around either end.
                if slack + 2 * around_top[u] >= 0:
                    continue
                if slack + 2 * min(around_vertex[u], around_vertex[v]) < 0:
                    violated.append(key)
                    continue
                above_u = ancestors.get(u)
                if above_u is None:
                    above_u = set()
                    b = parent[u]
                    while b != -1:
                        above_u.add(b)
                        b = parent[b]
                    ancestors[u] = above_u
                b = parent[v]
                while b not in above_u:
                    b = parent[b]
                slack += 2 * dual_around(b)
            if slack < 0:
                violated.append(key)
        return violated

    # -- main loop ---------------------------------------------------------------------------

    def solve(self) -> list[int]:
        """Run the search until no augmenting path improves the matching; return the mates."""
        free_dual = self.warm_start()
        self.run(free_dual)
        end_vertex = self.end_vertex
        return [end_vertex[e] if e >= 0 else -1 for e in self.mate_end]

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
        bv = in_blossom[v]
        dv = dual[v] - total  # actual dual of S-vertex v
        dv_s = dv - total  # ... with the offset of an S neighbour folded in
        best_pair = -1
        best_pair_slack = 0
        for e in self.incident[v]:
            w = end_vertex[e]
            bw = in_blossom[w]
            if bw == bv:
                continue
            lw = label[bw]
            if lw == _T:
                continue  # S-T slacks do not change; T-blossom insides are rescanned if expanded
            k = e >> 1
            k_slack = (dv if lw == _FREE else dv_s) + dual[w] - weight2[k]
            if k_slack <= 0:
                if lw == _FREE:
                    self.assign_label(w, _T, e ^ 1)
                elif self.join_s_blossoms(k):
                    return  # v's tree died in an augmentation
                else:
                    bv = in_blossom[v]
            elif lw == _FREE:
                key = k_slack + total
                if rep_edge[w] == -1 or key < rep_edge_key[w]:
                    rep_edge[w] = k
                    rep_edge_key[w] = key
                    push(edge_events, (key, k, w))
            elif best_pair == -1 or k_slack < best_pair_slack:
                best_pair = k
                best_pair_slack = k_slack
        self.set_pair_representative(v, best_pair, best_pair_slack)

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
            if label[b] == _FREE and parent[b] == -1:
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
        for v in range(n):
            if mate_end[v] == -1 and label[in_blossom[v]] == _FREE:
                self.assign_label(v, _S, -1)

        while True:
            while queue:
                v = queue.pop()
                if pending[v]:
                    pending[v] = False
                    if label[in_blossom[v]] == _S:
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
                    label[in_blossom[x]] == _FREE
                    and label[in_blossom[y]] == _S
                    and dual[x] + dual[y] - weight2[k] == k_key  # stored duals: see __init__
                ):
                    if event == 0 or k_key < key:
                        event = 2
                        key = k_key
                    break
                pop(edge_events)
                rep_edge[x] = -1
                if label[in_blossom[x]] == _FREE:
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
                    and label[bi] == _S
                    and label[bj] == _S
                    and (dual[i] + dual[j] - weight2[k]) >> 1 == k_key
                ):
                    if event == 0 or k_key < key:
                        event = 3
                        key = k_key
                    break
                pop(pair_events)
                rep_pair[v] = -1
                if label[in_blossom[v]] == _S:
                    self.rescan_pairs(v)
            while blossom_events:
                b_key, b = blossom_events[0]
                if parent[b] == -1 and base[b] >= 0 and label[b] == _T and dual[b] == b_key:
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
                self.assign_label(x, _T, 2 * k if end_vertex[2 * k + 1] == x else 2 * k + 1)
            elif event == 3:
                _, k, v = pop(pair_events)
                rep_pair[v] = -1
                self.join_s_blossoms(k)
                if label[in_blossom[v]] == _S:
                    self.rescan_pairs(v)
            else:
                _, b = pop(blossom_events)
                self.expand_blossom(b)
