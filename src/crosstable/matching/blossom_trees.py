"""Alternating trees and blossoms of the blossom algorithm: finding where two tree paths
meet, shrinking an odd cycle into a blossom, expanding a T-blossom whose dual reached zero,
augmenting the matching along a path (through blossoms), and dissolving a tree after an
augmentation. See ``blossom_state`` for the notation.
"""

from __future__ import annotations

import heapq

from crosstable.matching.blossom_events import BlossomEvents
from crosstable.matching.blossom_state import BLOSSOM_SIGN, FREE, S, T


class BlossomTrees(BlossomEvents):
    """Tree and blossom operations."""

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
        label[b] = S
        self.root_of[b] = self.root_of[base_b]
        label_end[b] = label_end[base_b]
        total = self.total_delta
        dual = self.dual
        dual[b] = -total  # actual dual 0, stored as an S-blossom's
        queue = self.queue
        pending = self.pending
        t_end = self.t_end
        for child in path:
            child_label = label[child]
            contained = self.leaves(child)
            # The child's leaves take the new blossom's label S; the child's own dual
            # freezes now that it is no longer top-level.
            if child_label == T:
                for x in contained:
                    dual[x] += 2 * total
            if child >= self.n:
                dual[child] += BLOSSOM_SIGN[child_label] * total
            for x in contained:
                if child_label == T:
                    # Former T-vertices become S-vertices and must now be scanned.
                    queue.append(x)
                    pending[x] = True
                    t_end[x] = -2
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
            label[child] = FREE
            label_end[child] = -1
            root_of[child] = -1
            if child < n:
                in_blossom[child] = child
            else:
                for x in self.leaves(child):
                    in_blossom[x] = child
        self.relabel_expanded_t_blossom(b)
        label[b] = FREE
        label_end[b] = -1
        root_of[b] = -1
        self.forget_leaves(b)
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
            self.assign_label(end_vertex[e ^ 1], T, e, keep_t=True)
            j += step
            e = ends[j - flip] ^ flip
            j += step
        # The base child: labelled T through e, without relabelling its (already S) mate.
        base_child = children[j]
        self.convert_duals(base_child, self.leaves(base_child), FREE, T)
        label[base_child] = T
        label_end[base_child] = e
        self.root_of[base_child] = self.root_of[b]
        if base_child >= self.n:
            heapq.heappush(self.blossom_events, (self.dual[base_child], base_child))
        # Children on the odd side lose their labels unless one of their vertices has a tight
        # edge to an S-vertex, which then labels that child T.
        j += step
        while children[j] != entry_child:
            child = children[j]
            if label[child] == FREE:
                self.label_if_tight_to_s(child)
            j += step

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
            if label[b] != FREE and root_of[b] == root:
                self.convert_duals(b, self.leaves(b), label[b], FREE)
                label[b] = FREE
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
        self.forget_leaves(b)
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
