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

* An optimal dual solution (:class:`~crosstable.matching.blossom.OptimalDuals`)
  characterises every optimal matching (complementary slackness): it uses *tight* edges only
  (zero slack), leaves no vertex of positive dual unmatched, and keeps every blossom of
  positive dual *full* (all its vertices but one paired inside it).
* Chooser after chooser, the earliest partner of its list that keeps such a matching
  possible is fixed: from the current optimal matching, the pair is forced and the two
  players it displaced are re-matched by augmenting paths over tight edges among the
  players not yet fixed. Edmonds' theorem makes a "no" exact: if no path exists, no optimal
  matching with the pairs fixed so far has this pair. A path found may empty or overfill a
  blossom; then the answer is unknown (another path might keep it full), and the whole
  question is handed back to the caller (None).

The greedy can also be answered exactly in one more solve, which never gives up
(:func:`first_of_optima`): on the tight edges alone, a perfect matching is optimal exactly
when its weight is the optimum (the weight of a tight perfect matching is the dual objective
less the dual of each blossom it leaves short of full), so the greedy's matching is the one
of maximum weight once each edge's weight is raised by a multiple that puts it first, and a
number that spells the choices in the lower digits (mixed radix, one digit per chooser,
higher for an earlier preference). These weights need about ``log2(list length)`` bits per
chooser; the tight graph of a Swiss round holds about one edge per vertex, so the solve is
small.

Knows nothing of chess: the caller says what the weights and the preference lists are.
:mod:`crosstable.matching.classes` asks the same questions of graphs given by vertex classes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from crosstable.matching.blossom import OptimalDuals
from crosstable.matching.cardinality import _AugmentingSearch
from crosstable.matching.weighted import _normalise_edges, solve_folded

Choices = Sequence[tuple[int, Sequence[int]]]
"""``(chooser, preferences)`` in priority order."""


def lexicographic_matching(
    vertex_count: int,
    edges: Iterable[tuple[int, int, int]],
    choices: Choices,
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
    proof would have to give up its one exit (see the module docstring). ``edges`` as for
    :func:`~crosstable.matching.max_weight_matching`.
    """
    folded = _normalise_edges(vertex_count, edges)
    mate, duals = solve_folded(vertex_count, folded, max_cardinality, proof=True)
    if duals is None:
        return None
    nesting = BlossomNesting(vertex_count, duals)
    dual = duals.vertex
    rows: list[list[int]] = [[] for _ in range(vertex_count)]
    for (u, v), w in folded.items():
        if dual[u] + dual[v] - 2 * w + nesting.common_dual(u, v) == 0:
            rows[u].append(v)
            rows[v].append(u)
    tight = [set(row) for row in rows]
    return refine(
        vertex_count,
        mate,
        duals,
        nesting,
        rows,
        lambda u, v: v in tight[u],
        choices,
        max_cardinality,
    )


def first_of_optima(
    vertex_count: int,
    tight: dict[tuple[int, int], int],
    optimum: Sequence[int],
    choices: Choices,
) -> list[int]:
    """The perfect matching that :func:`refine`'s greedy asks for, found exactly: among the
    optimal perfect matchings, each chooser not paired by an earlier choice gets the first
    vertex of its ``preferences`` with which some of them still pairs it.

    ``tight``: every edge (with its weight) of zero slack under an optimal dual solution, the
    blossoms' duals counted; ``optimum``: a perfect matching on these edges that the duals
    prove optimal. The answer is one blossom solve over ``tight`` with the choices spelled in
    the weights (module docstring); it is unique (two matchings differ first at some
    chooser's digit), so it depends on the rules only, not on how ``optimum`` was found.
    Raises ValueError if the answer is not a perfect matching of ``optimum``'s weight (which
    happens only when ``tight`` or ``optimum`` are not as described)."""
    folded = {(u, v) if u < v else (v, u): w for (u, v), w in tight.items()}
    # One digit per chooser, most significant first: len(preferences) - rank for the
    # partner it gets (0 if it gets none of its list), so a greater number is a better one.
    digits: list[tuple[int, dict[int, int], int]] = []
    for chooser, preferences in choices:
        digit: dict[int, int] = {}
        length = len(preferences)
        for rank, partner in enumerate(preferences):
            key = (chooser, partner) if chooser < partner else (partner, chooser)
            if key in folded and partner not in digit:
                digit[partner] = length - rank
        digits.append((chooser, digit, length + 1))
    place = 1
    tie = dict.fromkeys(folded, 0)
    for chooser, digit, radix in reversed(digits):
        for partner, value in digit.items():
            key = (chooser, partner) if chooser < partner else (partner, chooser)
            tie[key] += value * place
        place *= radix
    # ``place`` now exceeds every matching's tie number: the weight comes first.
    big = {key: w * place + tie[key] for key, w in folded.items()}
    mate, _ = solve_folded(vertex_count, big, True)

    def weight(matching: Sequence[int]) -> int:
        return sum(folded[(v, m) if v < m else (m, v)] for v, m in enumerate(matching) if v < m)

    if -1 in mate or weight(mate) != weight(optimum):
        raise ValueError("the tight edges given hold no optimal perfect matching")
    return mate


class BlossomNesting:
    """The blossoms of positive dual of an optimal dual solution, innermost first, and per
    vertex the ones around it: what the slack of an edge inside blossoms adds up to, and how
    many pairs of a matching lie inside each blossom."""

    def __init__(self, vertex_count: int, duals: OptimalDuals) -> None:
        blossoms = sorted(duals.blossoms, key=lambda item: len(item[0]))
        self.around: list[list[int]] = [[] for _ in range(vertex_count)]
        """Per vertex, the blossoms holding it, innermost first."""
        for index, (members, _) in enumerate(blossoms):
            for v in members:
                self.around[v].append(index)
        self.needed = [(len(members) - 1) // 2 for members, _ in blossoms]
        """Per blossom, the pairs an optimal matching has inside it."""
        self.enclosing = [0] * len(blossoms)
        """Per blossom, twice the sum of its dual and those of the blossoms around it: what
        it adds to the slack of an edge whose innermost common blossom it is."""
        for index in range(len(blossoms) - 1, -1, -1):
            members, blossom_dual = blossoms[index]
            chain = self.around[members[0]]
            outer = chain[chain.index(index) + 1 :]
            self.enclosing[index] = 2 * blossom_dual + (self.enclosing[outer[0]] if outer else 0)

    def innermost_common(self, u: int, v: int) -> int:
        """The innermost blossom holding both u and v, or -1."""
        theirs = self.around[v]
        if theirs:
            for index in self.around[u]:
                if index in theirs:
                    return index
        return -1

    def common_dual(self, u: int, v: int) -> int:
        """What the blossoms holding both u and v add to the slack of the edge (u, v)."""
        common = self.innermost_common(u, v)
        return self.enclosing[common] if common >= 0 else 0


class Screen(Protocol):
    """A quick necessary test for :func:`refine`: ``allows(u, v)`` False means that no optimal
    matching pairs u with v given the pairs fixed so far (a True proves nothing); ``fixed(u,
    v)`` is told of each pair fixed."""

    def allows(self, u: int, v: int) -> bool: ...

    def fixed(self, u: int, v: int) -> None: ...


QuickSearch = Callable[[int, list[int], list[bool]], int]
"""``quick(root, mate, alive)``: look for an augmenting path from the free vertex ``root``
over tight edges among the ``alive`` vertices by some faster, incomplete method; apply it to
``mate`` and return the free vertex it ends at, or -1 (found none: the full search decides)."""


def refine(
    vertex_count: int,
    mate: list[int],
    duals: OptimalDuals,
    nesting: BlossomNesting,
    rows: Sequence[Iterable[int]],
    is_tight: Callable[[int, int], bool],
    choices: Choices,
    max_cardinality: bool,
    screen: Screen | None = None,
    quick: QuickSearch | None = None,
) -> list[int] | None:
    """The greedy of :func:`lexicographic_matching`, from the optimal matching ``mate`` and
    its proof ``duals``, over the tight edges: ``rows[v]`` iterates over v's tight
    neighbours, ``is_tight(u, v)`` says whether (u, v) is a tight edge. A ``screen`` answers
    some "no"s before the search, which costs a pass over the tight edges when the answer
    is no. A ``quick`` search is tried before the full one for each player displaced."""
    refinement = _Refinement(
        vertex_count, mate, duals, nesting, rows, is_tight, max_cardinality, quick
    )
    alive = refinement.alive
    # Choosers often share one preference list (all S1 players rank the same S2 players);
    # its leading entries get paired first, so a cursor per list skips them once.
    first_alive: dict[int, int] = {}
    for chooser, preferences in choices:
        if not alive[chooser]:
            continue
        start = first_alive.get(id(preferences), 0)
        while start < len(preferences) and not alive[preferences[start]]:
            start += 1
        first_alive[id(preferences)] = start
        for position in range(start, len(preferences)):
            partner = preferences[position]
            if alive[partner] and partner != chooser and is_tight(chooser, partner):
                if (
                    screen is not None
                    and refinement.current[chooser] != partner
                    and not screen.allows(chooser, partner)
                ):
                    continue
                outcome = refinement.fix(chooser, partner)
                if outcome is None:
                    return None
                if outcome:
                    if screen is not None:
                        screen.fixed(chooser, partner)
                    break
    return refinement.current[:vertex_count]


class _Refinement:
    """The current optimal matching of :func:`refine`, the vertices already fixed, and the
    counts that keep blossoms full. Vertex ``n + v`` is a private stand-in for every vertex
    v of zero dual (without max_cardinality): an optimal matching may leave v unmatched,
    which the searches see as "v paired with its stand-in", so that every question is about
    augmenting paths only."""

    def __init__(
        self,
        n: int,
        mate: list[int],
        duals: OptimalDuals,
        nesting: BlossomNesting,
        rows: Sequence[Iterable[int]],
        is_tight: Callable[[int, int], bool],
        max_cardinality: bool,
        quick: QuickSearch | None = None,
    ) -> None:
        self.n = n
        self.nesting = nesting
        self.is_tight = is_tight
        self.quick = quick
        dual = duals.vertex
        self.may_stay_single = [not max_cardinality and dual[v] == 0 for v in range(n)]
        self.current = [*mate, *([-1] * n)]
        self.alive = [True] * (2 * n)
        self.search = _AugmentingSearch(
            _RowsWithStandIns(rows, self.may_stay_single), self.current, self.alive
        )
        self.inside = [0] * len(nesting.needed)
        """Pairs of the current matching inside each blossom (must stay ``needed``)."""
        for v, m in enumerate(mate):
            if v < m:
                self.count_pair(v, m, 1)

    def count_pair(self, u: int, v: int, change: int) -> None:
        """Add ``change`` to the inside count of every blossom holding both u and v."""
        common = self.nesting.innermost_common(u, v)
        if common >= 0:
            chain = self.nesting.around[u]
            for index in chain[chain.index(common) :]:
                self.inside[index] += change

    def rematch(self, x: int) -> bool:
        """Re-match the displaced vertex x by an augmenting path; a path ending at a stand-in
        leaves that stand-in's vertex single."""
        end = -1 if self.quick is None else self.quick(x, self.current, self.alive)
        if end < 0:
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
        first, second = displaced
        if first != -1 and second != -1 and self.is_tight(first, second):
            # The two players displaced may simply meet: the shortest augmenting path, and
            # the usual one when the pair fixed and the pair it replaces cross (a swap).
            current[first] = second
            current[second] = first
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
        if self.inside == self.nesting.needed:
            return True
        for u, v, change in changes:
            self.count_pair(u, v, -change)
        return False


class _RowsWithStandIns(Sequence[Iterable[int]]):
    """Tight rows of the real vertices ``0 .. n-1`` followed by the stand-ins ``n + v``:
    a real vertex that may stay single also lists its stand-in, which lists only it."""

    def __init__(self, rows: Sequence[Iterable[int]], may_stay_single: list[bool]) -> None:
        self.rows = rows
        self.may_stay_single = may_stay_single
        self.n = len(may_stay_single)

    def __len__(self) -> int:
        return 2 * self.n

    def __getitem__(self, v: int) -> Iterable[int]:  # type: ignore[override]
        n = self.n
        if v >= n:
            return (v - n,)
        if self.may_stay_single[v]:
            return _then(self.rows[v], n + v)
        return self.rows[v]


def _then(row: Iterable[int], last: int) -> Iterable[int]:
    yield from row
    yield last
