"""The lexicographically first maximum-weight matching: among the matchings of maximum
weight, the one in which a sequence of *choosers* get, one after the other, the earliest
partner of their own preference lists.

A pairing system whose rules say "the best pairing by these criteria; among equally good
ones, the first in this order" can pack both into one weight (criteria in the most
significant part, the order in the least significant one), but when the order compares
partners one player after the other its part needs about log2(n!) bits, and the blossom
algorithm, on dense graphs whose weights all lie in such a narrow band, augments one pair at
a time over the whole graph. Here the criteria alone are solved as a weighted matching
(small weights), and the order is then applied greedily with augmenting-path searches on the
graph of the edges that some optimal matching may use:

* An optimal dual solution without positive blossom duals (see
  :func:`crosstable.matching.weighted.solve_folded`) characterises every optimal matching:
  it uses *tight* edges only (zero slack) and leaves no vertex of positive dual unmatched
  (complementary slackness).
* Chooser after chooser, the earliest partner of its list that keeps such a matching
  possible is fixed: from the current optimal matching, the pair is forced and the two
  players it displaced are re-matched by augmenting paths over tight edges among the
  players not yet fixed. Edmonds' theorem makes the search exact: if no path exists, no
  optimal matching with the pairs fixed so far has this pair.

Knows nothing of chess: the caller says what the weights and the preference lists are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from crosstable.matching.blossom import OptimalDuals
from crosstable.matching.cardinality import _AugmentingSearch
from crosstable.matching.weighted import _normalise_edges, solve_folded


def lexicographic_matching(
    vertex_count: int,
    edges: Iterable[tuple[int, int, int]],
    choices: Sequence[tuple[int, Sequence[int]]],
    max_cardinality: bool = False,
) -> list[int] | None:
    """A maximum-weight matching (of maximum cardinality first, with ``max_cardinality``),
    chosen among all of them by ``choices``: ``(chooser, preferences)`` in priority order.
    Each chooser not yet paired by an earlier choice gets the first vertex of its
    ``preferences`` (not yet paired either) with which some maximum-weight matching still
    pairs it, given the earlier choices; if there is none it is left to any such matching.
    Vertices that no choice settles are paired as some maximum-weight matching pairs them.

    Returns ``mate`` (``-1`` for unmatched vertices), or None when this method cannot tell
    (the caller must then say its order another way, e.g. in the weights): with
    ``max_cardinality`` when no perfect matching exists, or when a blossom of the optimality
    proof would have to give up its one exit (see :class:`_Refinement`). ``edges`` as for
    :func:`~crosstable.matching.max_weight_matching`.
    """
    folded = _normalise_edges(vertex_count, edges)
    mate, duals = solve_folded(vertex_count, folded, max_cardinality, proof=True)
    if duals is None:
        return None
    refinement = _Refinement(vertex_count, folded, mate, duals, max_cardinality)
    for chooser, preferences in choices:
        if not refinement.alive[chooser]:
            continue
        candidates = refinement.tight[chooser]
        for partner in preferences:
            if refinement.alive[partner] and partner in candidates:
                outcome = refinement.fix(chooser, partner)
                if outcome is None:
                    return None
                if outcome:
                    break
    return refinement.current[:vertex_count]


class _Refinement:
    """The greedy of :func:`lexicographic_matching` over the optimal matchings that an
    optimal dual solution (:class:`~crosstable.matching.blossom.OptimalDuals`) describes:
    tight edges only, no vertex of positive dual left unmatched, and each blossom of
    positive dual *full* (all its vertices but one paired inside it).

    A pair is fixed by forcing it into the current optimal matching and re-matching the two
    vertices it displaced by augmenting paths over tight edges among the vertices not yet
    fixed. With no path the answer is no (any optimal matching with the pair would give
    one). A path found may empty or overfill a blossom; then the answer is unknown (another
    path might keep it full) and :meth:`fix` says so."""

    def __init__(
        self,
        n: int,
        folded: dict[tuple[int, int], int],
        mate: list[int],
        duals: OptimalDuals,
        max_cardinality: bool,
    ) -> None:
        self.n = n
        dual = duals.vertex
        # Blossoms innermost first; per vertex the blossoms around it (innermost first), and
        # per blossom the sum of its dual and those of all blossoms around it.
        blossoms = sorted(duals.blossoms, key=lambda item: len(item[0]))
        self.around: list[list[int]] = [[] for _ in range(n)]
        for index, (members, _) in enumerate(blossoms):
            for v in members:
                self.around[v].append(index)
        self.needed = [(len(members) - 1) // 2 for members, _ in blossoms]
        enclosing_dual = [0] * len(blossoms)
        for index in range(len(blossoms) - 1, -1, -1):
            members, blossom_dual = blossoms[index]
            chain = self.around[members[0]]
            outer = chain[chain.index(index) + 1 :]
            enclosing_dual[index] = blossom_dual + (enclosing_dual[outer[0]] if outer else 0)
        # The graph of tight edges, plus one private stand-in vertex (n + v) for every vertex v
        # of zero dual: an optimal matching may leave v unmatched, which here is "v paired
        # with its stand-in", so that every question below is about augmenting paths only.
        rows: list[list[int]] = [[] for _ in range(2 * n)]
        around = self.around
        for (u, v), w in folded.items():
            slack = dual[u] + dual[v] - 2 * w
            if around[u] and around[v]:
                common = self.innermost_common(u, v)
                if common >= 0:
                    slack += 2 * enclosing_dual[common]
            if slack == 0:
                rows[u].append(v)
                rows[v].append(u)
        self.may_stay_single = [not max_cardinality and dual[v] == 0 for v in range(n)]
        for v in range(n):
            if self.may_stay_single[v]:
                rows[v].append(n + v)
                rows[n + v].append(v)
        self.tight = [set(row) for row in rows[:n]]
        self.current = [*mate, *([-1] * n)]
        self.alive = [True] * (2 * n)
        self.search = _AugmentingSearch(rows, self.current, self.alive)
        self.inside = [0] * len(blossoms)
        """Pairs of the current matching inside each blossom (must stay ``needed``)."""
        for v, m in enumerate(mate):
            if v < m:
                self.count_pair(v, m, 1)

    def innermost_common(self, u: int, v: int) -> int:
        """The innermost blossom of positive dual holding both u and v, or -1."""
        theirs = self.around[v]
        for index in self.around[u]:
            if index in theirs:
                return index
        return -1

    def count_pair(self, u: int, v: int, change: int) -> None:
        """Add ``change`` to the inside count of every blossom holding both u and v."""
        common = self.innermost_common(u, v)
        if common >= 0:
            chain = self.around[u]
            for index in chain[chain.index(common) :]:
                self.inside[index] += change

    def rematch(self, x: int) -> bool:
        """Re-match the displaced vertex x by an augmenting path; a path ending at a stand-in
        leaves that stand-in's vertex single."""
        if not self.search.augment_from(x):
            return False
        end = self.search.found
        current = self.current
        if end >= self.n:  # a stand-in reached: its vertex is single again
            current[current[end]] = -1
            current[end] = -1
        return True

    def fix(self, chooser: int, partner: int) -> bool | None:
        """Fix the pair if some optimal matching has it with the pairs fixed so far: True if
        fixed, False if no optimal matching has it, None if this method cannot tell."""
        current, alive = self.current, self.alive
        if current[chooser] == partner:
            alive[chooser] = alive[partner] = False
            return True
        saved = list(current)
        displaced = [current[chooser], current[partner]]
        for x in displaced:
            if x != -1:
                current[x] = -1
        current[chooser] = partner
        current[partner] = chooser
        alive[chooser] = alive[partner] = False
        if all(
            x == -1 or current[x] != -1 or self.may_stay_single[x] or self.rematch(x)
            for x in displaced
        ):
            if not self.inside or self.blossoms_stay_full(saved):
                return True
            answer = None
        else:
            answer = False
        current[:] = saved
        alive[chooser] = alive[partner] = True
        return answer

    def blossoms_stay_full(self, saved: list[int]) -> bool:
        """Update the inside counts from ``saved`` to the current matching; if a blossom is
        no longer full, undo the update and return False."""
        current = self.current
        changes: list[tuple[int, int, int]] = []
        for v in range(self.n):
            before, after = saved[v], current[v]
            if before != after:
                if v < before:
                    changes.append((v, before, -1))
                if v < after:
                    changes.append((v, after, 1))
        for u, v, change in changes:
            self.count_pair(u, v, change)
        if self.inside == self.needed:
            return True
        for u, v, change in changes:
            self.count_pair(u, v, -change)
        return False
