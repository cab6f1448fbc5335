"""Maximum-weight matching on general graphs: Edmonds' blossom algorithm with dual variables,
in Galil's O(n^3) primal-dual formulation.

This module owns exactly one public function, :func:`max_weight_matching`. It knows nothing of
tournaments: callers encode every criterion they care about into integer edge weights.

Notation (as in Galil, "Efficient algorithms for finding maximum matching in graphs", 1986):

* Vertices are ``0 .. n-1``; blossoms get the ids ``n .. 2n-1``. A *top-level blossom* is
  either a single vertex or a non-trivial blossom with no parent.
* Edge ``k`` joins ``end_vertex[2k]`` and ``end_vertex[2k + 1]``. An *end* ``e`` names one side
  of an edge; ``e ^ 1`` is the other side. ``mate_end[v]`` is the end *opposite* ``v`` on
  ``v``'s matched edge (so ``end_vertex[mate_end[v]]`` is ``v``'s partner).
* Duals are kept doubled so that every quantity stays an integer: the slack of edge ``k`` is
  ``dual[u] + dual[v] - 2 * weight[k]``. Within one stage every labelled vertex has a dual of the
  same parity as the free roots, so the slack of an edge between two S-blossoms is even and the
  halving in delta3 is exact. Weights may therefore be Python integers of any size.

A stage grows alternating trees from every free vertex (labelled S) along tight edges until it
finds an augmenting path; when stuck it changes the duals by the smallest amount (delta1..4)
that makes progress: a free vertex's dual reaching zero (delta1, optimality), an edge from an S
to an unlabelled vertex becoming tight (delta2), an edge between two S-blossoms becoming tight
(delta3), or a T-blossom's dual reaching zero so that it must be expanded (delta4).
"""

from __future__ import annotations

from collections.abc import Iterable

_FREE = 0
_S = 1
_T = 2


def _normalise_edges(
    vertex_count: int, edges: Iterable[tuple[int, int, int]]
) -> dict[tuple[int, int], int]:
    """Validate the edge list and fold duplicate edges into one (keeping the larger weight)."""
    if vertex_count < 0:
        raise ValueError(f"vertex_count must be non-negative, got {vertex_count}")
    best: dict[tuple[int, int], int] = {}
    for index, (u, v, w) in enumerate(edges):
        if not (0 <= u < vertex_count and 0 <= v < vertex_count):
            raise ValueError(
                f"edge #{index} ({u}, {v}) has an endpoint outside 0..{vertex_count - 1}"
            )
        if u == v:
            raise ValueError(f"edge #{index} is a self-loop on vertex {u}")
        key = (u, v) if u < v else (v, u)
        previous = best.get(key)
        if previous is None or w > previous:
            best[key] = w
    return best


def max_weight_matching(
    vertex_count: int,
    edges: Iterable[tuple[int, int, int]],
    max_cardinality: bool = False,
) -> list[int]:
    """Return a maximum-weight matching of the general graph given by ``edges``.

    ``edges`` holds ``(u, v, weight)`` triples with ``0 <= u, v < vertex_count``, ``u != v``,
    and integer weights of any size (zero and negative weights allowed). Parallel edges are
    folded into one carrying the largest weight.

    With ``max_cardinality=False`` the result maximises the total weight (edges of weight
    zero or less may or may not be used). With ``max_cardinality=True`` it maximises the total
    weight among the matchings of maximum cardinality.

    Returns ``mate`` with ``mate[v]`` the partner of ``v`` or ``-1`` if ``v`` is unmatched.
    Which of several optimal matchings is returned is unspecified: a caller who needs a
    particular one must say so in the weights.
    """
    folded = _normalise_edges(vertex_count, edges)
    if not folded:
        return [-1] * vertex_count
    return _Blossom(vertex_count, folded, max_cardinality).solve()


class _Blossom:
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
        self.incident = incident

        self.mate_end: list[int] = [-1] * n
        # Per top-level blossom (and per vertex, for vertices inside T-blossoms): label and
        # the end through which the label came (the end on the labelling side).
        self.label: list[int] = [_FREE] * (2 * n)
        self.label_end: list[int] = [-1] * (2 * n)
        self.in_blossom: list[int] = list(range(n))
        self.parent: list[int] = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.base: list[int] = list(range(n)) + [-1] * n
        # child_ends[b][i] is the end inside children[b][i] of the edge to children[b][i + 1].
        self.child_ends: list[list[int]] = [[] for _ in range(2 * n)]
        # best_edge[b]: least-slack edge from S-blossom b to another S-blossom (delta3), or for
        # a vertex outside any labelled blossom, least-slack edge to an S-vertex (delta2).
        self.best_edge: list[int] = [-1] * (2 * n)
        # best_edges_of[b]: for a non-trivial S-blossom, its least-slack edge to each other
        # S-blossom (None means: recompute from the vertices' incidence lists).
        self.best_edges_of: list[list[int] | None] = [None] * (2 * n)
        self.unused_blossoms: list[int] = list(range(n, 2 * n))
        self.dual: list[int] = [0] * (2 * n)
        # Tree bookkeeping, so that the search can go on after an augmentation: the root
        # (free vertex) of the tree each labelled top-level blossom belongs to, and the
        # vertices ever labelled in each live tree.
        self.root_of: list[int] = [-1] * (2 * n)
        self.tree_vertices: dict[int, list[int]] = {}
        self.dead_blossoms: list[int] = []
        self.queue: list[int] = []
        self.mark: list[int] = [0] * (2 * n)
        self.mark_stamp = 0

    # -- helpers -----------------------------------------------------------------------------

    def slack(self, k: int) -> int:
        """Slack of edge k (doubled units); only meaningful across top-level blossoms."""
        ev = self.end_vertex
        return self.dual[ev[2 * k]] + self.dual[ev[2 * k + 1]] - 2 * self.weight[k]

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
            label[w] = label[b] = t
            self.label_end[w] = self.label_end[b] = e
            self.best_edge[w] = self.best_edge[b] = -1
            self.root_of[b] = root
            contained = self.leaves(b)
            members.extend(contained)
            if t == _S:
                self.queue.extend(contained)
                return
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
        path_v: list[int] = []
        ends_v: list[int] = []
        while bv != base_b:
            parent[bv] = b
            path_v.append(bv)
            ends_v.append(label_end[bv])
            bv = in_blossom[end_vertex[label_end[bv]]]
        path_v.append(base_b)
        path_v.reverse()
        ends_v.reverse()
        ends_v.append(2 * k)
        while bw != base_b:
            parent[bw] = b
            path_v.append(bw)
            ends_v.append(label_end[bw] ^ 1)
            bw = in_blossom[end_vertex[label_end[bw]]]
        self.children[b] = path_v
        self.child_ends[b] = ends_v
        self.label[b] = _S
        self.root_of[b] = self.root_of[base_b]
        label_end[b] = label_end[base_b]
        self.dual[b] = 0
        label = self.label
        queue = self.queue
        for x in self.leaves(b):
            if label[in_blossom[x]] == _T:
                # Former T-vertices become S-vertices and must now be scanned.
                queue.append(x)
            in_blossom[x] = b
        # Least-slack edge from the new blossom to every other S-blossom.
        best_to: dict[int, int] = {}
        best_slack: dict[int, int] = {}
        dual = self.dual
        weight = self.weight
        incident = self.incident
        for child in path_v:
            own = self.best_edges_of[child]
            if own is None:
                candidates = [e >> 1 for x in self.leaves(child) for e in incident[x]]
            else:
                candidates = own
            for kk in candidates:
                i = end_vertex[2 * kk]
                j = end_vertex[2 * kk + 1]
                if in_blossom[j] == b:
                    i, j = j, i
                bj = in_blossom[j]
                if bj != b and label[bj] == _S:
                    s = dual[i] + dual[j] - 2 * weight[kk]
                    current = best_slack.get(bj)
                    if current is None or s < current:
                        best_to[bj] = kk
                        best_slack[bj] = s
            self.best_edges_of[child] = None
            self.best_edge[child] = -1
        self.best_edges_of[b] = list(best_to.values())
        best = -1
        best_s = 0
        for bj, kk in best_to.items():
            s = best_slack[bj]
            if best == -1 or s < best_s:
                best = kk
                best_s = s
        self.best_edge[b] = best

    def expand_blossom(self, b: int) -> None:
        """Dissolve T-blossom b (its dual reached zero) into its children; the children on the
        even path from the entry child to the base are relabelled T/S, the others become
        unlabelled unless a tight edge from an S-vertex reaches them."""
        n = self.n
        in_blossom = self.in_blossom
        parent = self.parent
        label = self.label
        label_end = self.label_end
        for child in self.children[b]:
            parent[child] = -1
            # The child's own entries may be stale from before it was absorbed.
            label[child] = _FREE
            label_end[child] = -1
            self.best_edge[child] = -1
            self.best_edges_of[child] = None
            self.root_of[child] = -1
            if child < n:
                in_blossom[child] = child
            else:
                for x in self.leaves(child):
                    in_blossom[x] = child
        self.relabel_expanded_t_blossom(b)
        label[b] = _FREE
        label_end[b] = -1
        self.root_of[b] = -1
        self.children[b] = []
        self.child_ends[b] = []
        self.base[b] = -1
        self.best_edges_of[b] = None
        self.best_edge[b] = -1
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
            # Relabel the T-child through e; assign_label labels its successor S via the mate.
            label[end_vertex[e ^ 1]] = _FREE
            label[end_vertex[ends[j - flip] ^ flip ^ 1]] = _FREE
            self.assign_label(end_vertex[e ^ 1], _T, e)
            j += step
            e = ends[j - flip] ^ flip
            j += step
        # The base child: labelled T through e, without relabelling its (already S) mate.
        base_child = children[j]
        label[end_vertex[e ^ 1]] = label[base_child] = _T
        label_end[end_vertex[e ^ 1]] = label_end[base_child] = e
        self.best_edge[base_child] = -1
        self.root_of[base_child] = self.root_of[b]
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
        b T through it; otherwise refresh its vertices' least-slack edges to S (delta2)."""
        in_blossom = self.in_blossom
        label = self.label
        dual = self.dual
        weight = self.weight
        end_vertex = self.end_vertex
        incident = self.incident
        best_edge = self.best_edge
        for x in self.leaves(b):
            dx = dual[x]
            best = -1
            best_slack = 0
            for e in incident[x]:
                u = end_vertex[e]
                if label[in_blossom[u]] != _S:
                    continue
                k = e >> 1
                k_slack = dx + dual[u] - 2 * weight[k]
                if k_slack <= 0:
                    self.assign_label(x, _T, e)
                    return
                if best == -1 or k_slack < best_slack:
                    best = k
                    best_slack = k_slack
            best_edge[x] = best

    def kill_tree(self, root: int) -> None:
        """After an augmentation through the tree of ``root``: unlabel all of it, so that the
        search can continue with the other trees."""
        members = self.tree_vertices.pop(root, [])
        label = self.label
        in_blossom = self.in_blossom
        root_of = self.root_of
        dead: set[int] = set()
        for x in members:
            b = in_blossom[x]
            if label[b] != _FREE and root_of[b] == root:
                dead.add(b)
        label_end = self.label_end
        best_edge = self.best_edge
        best_edges_of = self.best_edges_of
        for b in dead:
            for x in self.leaves(b):
                label[x] = _FREE
                label_end[x] = -1
                best_edge[x] = -1
            label[b] = _FREE
            label_end[b] = -1
            best_edge[b] = -1
            best_edges_of[b] = None
            root_of[b] = -1
        self.dead_blossoms.extend(dead)

    # -- augmentation ------------------------------------------------------------------------

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

    # -- main loop ---------------------------------------------------------------------------

    def solve(self) -> list[int]:
        """Run the search until no augmenting path improves the matching; return the mates."""
        n = self.n
        top = max(self.weight, default=0)
        if top < 0:
            top = 0
        # Every vertex starts at the largest weight, so all free vertices share the (minimal)
        # dual, as the optimality conditions need when vertices may stay unmatched.
        self.dual[:n] = [top] * n
        self.run()
        end_vertex = self.end_vertex
        return [end_vertex[e] if e >= 0 else -1 for e in self.mate_end]

    def refresh_after_deaths(self) -> None:
        """Give the vertices of trees just killed their labels back where a tight edge to a
        live S-vertex allows it, and their least-slack edges to S-vertices (delta2)."""
        label = self.label
        dead = self.dead_blossoms
        self.dead_blossoms = []
        for b in dead:
            if label[b] == _FREE and self.parent[b] == -1:
                self.label_if_tight_to_s(b)

    def run(self) -> None:
        """Grow alternating trees from all free vertices along tight edges, augmenting whenever
        two trees meet and changing duals when stuck, until the duals prove optimality."""
        n = self.n
        two_n = 2 * n
        label = self.label
        in_blossom = self.in_blossom
        best_edge = self.best_edge
        end_vertex = self.end_vertex
        weight = self.weight
        dual = self.dual
        incident = self.incident
        mate_end = self.mate_end
        parent = self.parent
        base = self.base
        root_of = self.root_of
        queue = self.queue
        for v in range(n):
            if mate_end[v] == -1 and label[in_blossom[v]] == _FREE:
                self.assign_label(v, _S, -1)

        while True:
            while queue:
                v = queue.pop()
                bv = in_blossom[v]
                if label[bv] != _S:
                    continue  # its tree died in an augmentation since it was queued
                dv = dual[v]
                for e in incident[v]:
                    k = e >> 1
                    w = end_vertex[e]
                    bw = in_blossom[w]
                    if bv == bw:
                        continue
                    # Tightness is always recomputed: an edge tight once may have slack again
                    # after its endpoints' trees died and their duals moved apart.
                    k_slack = dv + dual[w] - 2 * weight[k]
                    if k_slack <= 0:
                        lw = label[bw]
                        if lw == _FREE:
                            self.assign_label(w, _T, e ^ 1)
                        elif lw == _S:
                            base_vertex = self.trace_for_blossom(v, w)
                            if base_vertex >= 0:
                                self.add_blossom(base_vertex, k)
                                bv = in_blossom[v]
                            else:
                                roots = (root_of[bv], root_of[bw])
                                self.augment_matching(k)
                                for root in roots:
                                    self.kill_tree(root)
                                self.refresh_after_deaths()
                                break
                    elif label[bw] == _S:
                        c = best_edge[bv]
                        if c == -1 or k_slack < (
                            dual[end_vertex[2 * c]] + dual[end_vertex[2 * c + 1]] - 2 * weight[c]
                        ):
                            best_edge[bv] = k
                    else:
                        # w is unlabelled (or inside a T-blossom that may be expanded later):
                        # remember the least-slack edge to an S-vertex for delta2.
                        c = best_edge[w]
                        if c == -1 or k_slack < (
                            dual[end_vertex[2 * c]] + dual[end_vertex[2 * c + 1]] - 2 * weight[c]
                        ):
                            best_edge[w] = k

            # No progress along tight edges: find the smallest dual change that makes some.
            delta_type = -1
            delta = 0
            delta_edge = -1
            delta_blossom = -1
            if not self.max_cardinality:
                delta_type = 1
                delta = min(dual[:n])
            for x in range(n):
                if label[in_blossom[x]] != _FREE:
                    continue
                c = best_edge[x]
                if c == -1:
                    continue
                y = end_vertex[2 * c]
                if y == x:
                    y = end_vertex[2 * c + 1]
                if label[in_blossom[y]] != _S:
                    # Stale: that S-vertex's tree died. Look again at all of x's edges.
                    self.refresh_least_slack_to_s(x)
                    c = best_edge[x]
                    if c == -1:
                        continue
                d = dual[end_vertex[2 * c]] + dual[end_vertex[2 * c + 1]] - 2 * weight[c]
                if delta_type == -1 or d < delta:
                    delta = d
                    delta_type = 2
                    delta_edge = c
            for b in range(two_n):
                if parent[b] != -1 or label[b] != _S:
                    continue
                c = best_edge[b]
                if c == -1:
                    continue
                if not self.s_to_other_s(b, c):
                    self.refresh_least_slack_between_s(b)
                    c = best_edge[b]
                    if c == -1:
                        continue
                d = (dual[end_vertex[2 * c]] + dual[end_vertex[2 * c + 1]] - 2 * weight[c]) // 2
                if delta_type == -1 or d < delta:
                    delta = d
                    delta_type = 3
                    delta_edge = c
            for b in range(n, two_n):
                if (
                    base[b] >= 0
                    and parent[b] == -1
                    and label[b] == _T
                    and (delta_type == -1 or dual[b] < delta)
                ):
                    delta = dual[b]
                    delta_type = 4
                    delta_blossom = b
            if delta_type == -1:
                # max_cardinality and no dual change can make progress: the matching is
                # maximum (and the duals prove its weight optimal among maximum ones).
                return

            for x in range(n):
                lx = label[in_blossom[x]]
                if lx == _S:
                    dual[x] -= delta
                elif lx == _T:
                    dual[x] += delta
            for b in range(n, two_n):
                if base[b] >= 0 and parent[b] == -1:
                    if label[b] == _S:
                        dual[b] += delta
                    elif label[b] == _T:
                        dual[b] -= delta

            if delta_type == 1:
                return
            if delta_type == 2:
                i = end_vertex[2 * delta_edge]
                if label[in_blossom[i]] != _S:
                    i = end_vertex[2 * delta_edge + 1]
                queue.append(i)
            elif delta_type == 3:
                queue.append(end_vertex[2 * delta_edge])
            else:
                self.expand_blossom(delta_blossom)

    def s_to_other_s(self, b: int, k: int) -> bool:
        """Whether edge k still joins S-blossom b to a different S-blossom."""
        in_blossom = self.in_blossom
        bi = in_blossom[self.end_vertex[2 * k]]
        bj = in_blossom[self.end_vertex[2 * k + 1]]
        if bi == b:
            return bj != b and self.label[bj] == _S
        return bj == b and self.label[bi] == _S

    def refresh_least_slack_to_s(self, x: int) -> None:
        """Recompute best_edge[x]: x's least-slack edge to an S-vertex (for delta2)."""
        in_blossom = self.in_blossom
        label = self.label
        dual = self.dual
        weight = self.weight
        end_vertex = self.end_vertex
        dx = dual[x]
        best = -1
        best_slack = 0
        for e in self.incident[x]:
            u = end_vertex[e]
            if label[in_blossom[u]] != _S:
                continue
            k_slack = dx + dual[u] - 2 * weight[e >> 1]
            if best == -1 or k_slack < best_slack:
                best = e >> 1
                best_slack = k_slack
        self.best_edge[x] = best

    def refresh_least_slack_between_s(self, b: int) -> None:
        """Recompute best_edge[b] for S-blossom b after the blossom it pointed at died."""
        in_blossom = self.in_blossom
        label = self.label
        dual = self.dual
        weight = self.weight
        end_vertex = self.end_vertex
        own = self.best_edges_of[b]
        if own is not None:
            candidates = own
        else:
            candidates = [e >> 1 for x in self.leaves(b) for e in self.incident[x]]
        best = -1
        best_slack = 0
        for k in candidates:
            i = end_vertex[2 * k]
            j = end_vertex[2 * k + 1]
            bi = in_blossom[i]
            bj = in_blossom[j]
            if bi == bj or label[bi] != _S or label[bj] != _S:
                continue
            k_slack = dual[i] + dual[j] - 2 * weight[k]
            if best == -1 or k_slack < best_slack:
                best = k
                best_slack = k_slack
        self.best_edge[b] = best
