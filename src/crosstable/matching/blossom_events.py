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
        total = self.total_delta
        t_end = self.t_end
        t_slack = self.t_slack
        fresh = self.fresh
        for x in self.leaves(b):
            # Slack of edge (x, u), u an S-vertex: x is unlabelled (actual dual = stored),
            # u's actual dual is its stored one minus total, so the slack is gap - limit
            # with gap = dual[u] - weight2: one big-integer operation per edge, not two.
            limit = total - dual[x]
            known = t_end[x]
            if known != -2:
                # x was T until now: its least slack to an S-vertex is known, and exact if
                # that edge still has it (its other end still S): no need to read the rest.
                t_end[x] = -2
                if known == -1:
                    self.rep_edge[x] = -1
                    fresh[x] = True
                    continue
                u = end_vertex[known]
                if label[in_blossom[u]] == S:
                    gap = dual[u] - weight2[known >> 1]
                    if gap - limit == t_slack[x]:
                        if gap <= limit:
                            self.assign_label(x, T, known)
                            return
                        self.set_edge_representative(x, known >> 1, gap - limit)
                        fresh[x] = True
                        continue
            best = -1
            best_gap = 0
            for e in incident[x]:
                u = end_vertex[e]
                if label[in_blossom[u]] != S:
                    continue
                gap = dual[u] - weight2[e >> 1]
                if gap <= limit:
                    self.assign_label(x, T, e)
                    return
                if best == -1 or gap < best_gap:
                    best = e >> 1
                    best_gap = gap
            self.set_edge_representative(x, best, best_gap - limit)
            fresh[x] = True

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
        limit = self.total_delta - dual[x]  # slack = gap - limit, as in label_if_tight_to_s
        best = -1
        best_gap = 0
        for e in self.incident[x]:
            u = end_vertex[e]
            if label[in_blossom[u]] != S:
                continue
            gap = dual[u] - weight2[e >> 1]
            if best == -1 or gap < best_gap:
                best = e >> 1
                best_gap = gap
        self.set_edge_representative(x, best, best_gap - limit)
        self.fresh[x] = True

    def rescan_pairs(self, v: int) -> None:
        """S-vertex v's delta3 representative went stale: find its least-slack edge to
        another S-blossom."""
        in_blossom = self.in_blossom
        label = self.label
        dual = self.dual
        weight2 = self.weight2
        end_vertex = self.end_vertex
        bv = in_blossom[v]
        best = -1
        best_gap = 0
        for e in self.incident[v]:
            u = end_vertex[e]
            bu = in_blossom[u]
            if bu == bv or label[bu] != S:
                continue
            gap = dual[u] - weight2[e >> 1]
            if best == -1 or gap < best_gap:
                best = e >> 1
                best_gap = gap
        # Both ends S: slack = (dual[v] - total) + (dual[u] - total) - weight2.
        self.set_pair_representative(v, best, dual[v] - 2 * self.total_delta + best_gap)

    def set_pair_representative(self, v: int, k: int, k_slack: int) -> None:
        """Make edge k (slack k_slack, between S-vertex v and another S-blossom) v's delta3
        entry."""
        self.rep_pair[v] = k
        if k != -1:
            key = (k_slack >> 1) + self.total_delta
            self.rep_pair_key[v] = key
            heapq.heappush(self.pair_events, (key, k, v))
