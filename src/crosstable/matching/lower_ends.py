"""Among the optimal perfect matchings of a graph, the first by *lower ends*: vertices are
numbered; each pair has a lower end (its smaller number) and an upper end. A matching comes
first when the ascending list of its lower ends is lexicographically first, and among those
with the same lower ends, when the upper ends of the lower ends, taken in that order, are.

Packed into edge weights, this order needs about n log2(n) bits, and the blossom algorithm
on dense graphs whose weights differ only in such long tails is slow (minutes at 500
vertices). Here the criteria alone are solved (:class:`~crosstable.matching.classes.
OptimalMatchings`) and the order is applied greedily, as :mod:`crosstable.matching.
lexicographic` applies its choosers, by augmenting paths over the tight edges:

1. Vertex after vertex, in number order, it is made a lower end when some optimal matching
   still allows it given the earlier decisions (its partner must then be numbered above it;
   a vertex made an upper end, below it); when half of the vertices are lower ends the rest
   are upper ends.
2. Lower end after lower end, it gets the smallest upper end that some optimal matching with
   the pairs fixed so far still pairs it with.

Each question is answered from the current optimal matching: if it already agrees, yes;
otherwise the change is made and the vertices it frees are re-matched by an augmenting path
over tight edges that respect the decisions (Edmonds: no path, no such matching). A path that
would empty a blossom of the optimality proof leaves the answer unknown: the function then
returns None and the caller orders the matchings another way (e.g. in the weights).

Knows nothing of chess.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from crosstable.matching.classes import OptimalMatchings
from crosstable.matching.lexicographic import _Refinement

UNDECIDED, LOWER, UPPER = 0, 1, 2


def first_by_lower_ends(optimal: OptimalMatchings) -> list[int] | None:
    """The first matching by lower ends among ``optimal`` (see the module docstring), as
    ``mate``; None when this method cannot tell."""
    n = len(optimal.mate)
    side = [UNDECIDED] * n

    def allowed(u: int, v: int) -> bool:
        low, high = (u, v) if u < v else (v, u)
        return side[low] != UPPER and side[high] != LOWER

    def oriented_tight(u: int, v: int) -> bool:
        return allowed(u, v) and optimal.is_tight(u, v)

    rows = _OrientedRows(optimal.rows, allowed)

    def short_path(root: int, mate: list[int], alive: list[bool]) -> int:
        """An augmenting path of one or three edges from ``root`` (the usual one on the
        near-complete graphs of a bracket), or -1: the full search, which shrinks many
        blossoms on such graphs before it ends, then decides."""
        free = [u for u in range(n) if u != root and mate[u] == -1 and alive[u]]
        for w in rows[root]:
            if not alive[w]:
                continue
            x = mate[w]
            if x == -1:
                mate[root], mate[w] = w, root
                return w
            for end in free:
                if end != x and oriented_tight(x, end):
                    mate[root], mate[w] = w, root
                    mate[x], mate[end] = end, x
                    return end
        return -1

    refinement = _Refinement(
        n,
        optimal.mate,
        optimal.duals,
        optimal.nesting,
        rows,
        oriented_tight,
        max_cardinality=True,
        quick=short_path,
    )
    current = refinement.current
    half = n // 2
    lowers = uppers = 0
    for v in range(n):
        if lowers == half or uppers == half:
            # Every pair has one lower end: the rest are what the current matching makes them.
            side[v] = LOWER if current[v] > v else UPPER
            continue
        outcome = _make_lower(refinement, side, v)
        if outcome is None:
            return None
        if outcome:
            lowers += 1
        else:
            uppers += 1
    uppers_left = [v for v in range(n) if side[v] == UPPER]
    alive = refinement.alive
    start = 0
    for low in range(n):
        if side[low] != LOWER:
            continue
        while start < len(uppers_left) and not alive[uppers_left[start]]:
            start += 1
        for position in range(start, len(uppers_left)):
            high = uppers_left[position]
            if high < low or not alive[high] or not optimal.is_tight(low, high):
                continue
            outcome = refinement.fix(low, high)
            if outcome is None:
                return None
            if outcome:
                break
    return current[:n]


def _make_lower(refinement: _Refinement, side: list[int], v: int) -> bool | None:
    """Decide vertex v: a lower end (True) if some optimal matching agreeing with the earlier
    decisions allows it, else an upper end (False); None: cannot tell."""
    current = refinement.current
    partner = current[v]
    side[v] = LOWER
    if partner > v:
        return True
    # Its partner, numbered below it, is a lower end already: free both and look for an
    # augmenting path from v (its edges now all go up), which can only end at the partner.
    saved = list(current)
    current[v] = current[partner] = -1
    answer: bool | None
    if refinement.rematch(v):
        if not refinement.inside or refinement.blossoms_stay_full(saved):
            return True
        answer = None
    else:
        answer = False
    current[:] = saved
    side[v] = UPPER if answer is False else UNDECIDED
    return answer


class _OrientedRows(Sequence[Iterable[int]]):
    """The tight rows, without the edges that the decisions made so far rule out."""

    def __init__(self, rows: Sequence[Iterable[int]], allowed: Callable[[int, int], bool]) -> None:
        self.rows = rows
        self.allowed = allowed

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, v: int) -> Iterable[int]:  # type: ignore[override]
        return _filtered(self.rows[v], v, self.allowed)


def _filtered(row: Iterable[int], v: int, allowed: Callable[[int, int], bool]) -> Iterator[int]:
    for w in row:
        if allowed(v, w):
            yield w
