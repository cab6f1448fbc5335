"""The heaps of future dual events of the blossom algorithm and their representatives.

When no tight edge makes progress, the duals change by the least amount that creates one:
an edge from an S-vertex to an unlabelled vertex becoming tight (delta2), an edge between
two S-blossoms becoming tight (delta3), a T-blossom's dual reaching zero (delta4). Each
vertex keeps at most one live entry per edge heap, its least-slack candidate (its
*representative*); this module computes and re-computes them. See ``blossom_state``.
"""

from __future__ import annotations

import heapq

from crosstable.matching.blossom_state import BlossomState, S, T


class BlossomEvents(BlossomState):
    """Keeping the delta2 and delta3 representatives of the vertices up to date."""

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
                if label[in_blossom[u]] != S:
                    continue
                k = e >> 1
                k_slack = dx + dual[u] - weight2[k]
                if k_slack <= 0:
                    self.assign_label(x, T, e)
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
            if label[in_blossom[u]] != S:
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
            if bu == bv or label[bu] != S:
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
