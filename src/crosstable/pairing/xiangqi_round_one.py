"""Xiangqi round 1 at national size: the pairing nearest the lot, without listing every pair.

When the lot's pairs include team-mates to avoid (X5) or a prohibited pairing (X2), round 1
takes the perfect matching nearest the lot: fewest same-unit games first, then the smallest
sum of squared shifts, a pair (i, j) of lot positions shifted by ``max(|j - t(i)|,
|i - t(j)|)`` where ``t`` is the lot's partner position (``xiangqi._RoundOne._repaired``
lists all n² pairs for the general matcher: 905 MB at 2,000 players, 50 million pairs at
10,000). But the lot itself is a perfect matching of zero shift, and only the few unwanted
pairs must move, so:

* **A window graph**: the allowed pairs shifted at most ``width`` positions (some ``2 x
  width`` per player), weighted ``top - penalty`` as the listed graph weights them.
* **A start at the lot**: the lot's wanted pairs matched, every vertex dual ``top`` (in the
  doubled units of :class:`~crosstable.matching.blossom.OptimalDuals`, where an edge's slack
  is twice its penalty: never negative, zero on the lot's pairs). The blossom algorithm
  (``BlossomRun.solve_from``) then only grows trees from the players of the unwanted pairs,
  through their neighbourhood in the lot.
* **A certificate over all pairs**: the optimal duals of the window graph prove the matching
  optimal over *all* pairs if no pair has negative slack. Blossom duals are never negative,
  and a pair outside the window (shift ``d > width``) weighs at most ``top - d²``, so from
  each player only the shifts with ``dual + least dual < 2 (top - d²)`` are read, the
  nearest first; pairs found violated join the window and it is solved again. With duals
  near ``top`` (players far from an unwanted pair keep ``top``) that is a few shifts per
  player.
* **The tie rule** (several pairings equally near the lot): players in lot order, each not
  yet paired takes the opponent of the smallest shift, then the earliest lot position, with
  whom some optimal pairing is still possible
  (:func:`crosstable.matching.lexicographic.refine`); if a blossom of the proof keeps that
  greedy from telling, the blossom algorithm's matching is kept (deterministic: same
  entries, same pairing).

The listed solve and this one have the same optimum (X5 count and sum of squared shifts);
they can differ only where pairings tie on both, so events below :data:`FROM_PLAYERS` keep
the listed solve and the pairings they had. :func:`nearest_to_lot` answers None when it
gives up (the window, widened to 256 positions, cannot pair everyone: the barred pairs would
have to be many); the caller then lists all pairs as before.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable

from crosstable.matching.blossom import BlossomRun, OptimalDuals
from crosstable.matching.lexicographic import BlossomNesting, refine

FROM_PLAYERS: int | None = 1500
"""From this many players (the even count paired, the bye apart) round 1 is repaired without
listing every pair; smaller events list them, as before, and keep their pairings exactly.
None: never. The same threshold as ``xiangqi.SPARSE_FROM`` for later rounds."""
FIRST_WIDTH = 4
"""Shift (lot positions) of the first window: the unwanted pairs of a national event move
one or two positions."""
WIDEST = 256
"""Window width beyond which the window graph is given up (it cannot pair everyone)."""
WIDEST_FOR_UNITS = 64
"""Widest window tried while its optimum has more same-unit games than the unit sizes force
(beyond it the certificate decides)."""
ADDED_PER_PLAYER = 8
"""Violated pairs taken per player and re-solve (the nearest to his lot partner first)."""


class LotRepair:
    """One round 1: ``n`` lot positions (even), each with its lot partner ``partner[i]``, and
    which pairs are barred (X2) or of one unit (X5)."""

    def __init__(
        self,
        partner: list[int],
        prohibited: Callable[[int, int], bool],
        same_unit: Callable[[int, int], bool],
        fewest_same_unit: int = 0,
    ) -> None:
        self.n = n = len(partner)
        self.fewest_same_unit = fewest_same_unit
        """A lower bound of the same-unit games of any pairing (from the unit sizes)."""
        self.partner = partner
        self.prohibited = prohibited
        self.same_unit = same_unit
        self.avoid = n**3 + 1
        """X5 weighs more than any sum of squared shifts (at most n/2 pairs of n²)."""
        top = self.avoid * (n // 2 + 2)
        self.top = top + top % 2
        """Above every penalty, and even: the start duals ``top`` are even as required."""

    def shift(self, i: int, j: int) -> int:
        partner = self.partner
        return max(abs(j - partner[i]), abs(i - partner[j]))

    def weight(self, i: int, j: int) -> int | None:
        """The pair's weight, as the listed graph has it (None: no edge, X2)."""
        if self.prohibited(i, j):
            return None
        shift = self.shift(i, j)
        return self.top - self.avoid * self.same_unit(i, j) - shift * shift

    def window(self, width: int) -> dict[tuple[int, int], int]:
        """The allowed pairs shifted at most ``width``: j within ``width`` of i's lot partner
        (necessary), and i within ``width`` of j's."""
        n, partner = self.n, self.partner
        kept: dict[tuple[int, int], int] = {}
        for i in range(n):
            centre = partner[i]
            for j in range(max(i + 1, centre - width), min(n, centre + width + 1)):
                if abs(i - partner[j]) <= width:
                    weight = self.weight(i, j)
                    if weight is not None:
                        kept[i, j] = weight
        return kept

    def solve(self) -> list[int] | None:
        """``mate`` of the optimal pairing by the tie rule, or None (given up)."""
        n = self.n
        limit = sys.getrecursionlimit()
        if limit < n + 1000:
            sys.setrecursionlimit(n + 1000)
        try:
            return self._solve()
        finally:
            sys.setrecursionlimit(limit)

    def _start(self) -> list[int]:
        """The lot's wanted pairs (the unwanted ones' players free)."""
        mate = [-1] * self.n
        for i, j in enumerate(self.partner):
            if i < j and not self.prohibited(i, j) and not self.same_unit(i, j):
                mate[i], mate[j] = j, i
        return mate

    def _solve(self) -> list[int] | None:
        width = FIRST_WIDTH
        start = self._start()
        while True:
            kept = self.window(width)
            run = BlossomRun(self.n, kept, True)
            run.solve_from(start, [self.top] * self.n)
            duals = run.optimal_duals(perfect_required=True)
            if duals is None or (
                self._same_unit_games(run.mate()) > self.fewest_same_unit
                and width < WIDEST_FOR_UNITS
            ):
                # Cannot pair everyone, or more team-mates meet than must: the window is
                # too narrow, and its duals would be far from those of the optimum.
                width *= 2
                if width > WIDEST:
                    return None
                continue
            break
        # Each pass adds a pair the window lacked, so this ends; there is no giving up to the
        # listed solve here, which at 10,000 players would not fit in memory.
        while True:
            tight_outside: list[tuple[int, int]] = []
            violated = self._violated(duals, kept, width, tight_outside)
            if not violated:
                return self._first_of_ties(run.mate(), duals, kept, tight_outside)
            for i, j in violated:
                weight = self.weight(i, j)
                assert weight is not None
                kept[i, j] = weight
            run = BlossomRun(self.n, kept, True)
            run.solve_from(start, [self.top] * self.n)
            found = run.optimal_duals(perfect_required=True)
            if found is None:  # cannot happen: the window only grew
                return None
            duals = found

    def _same_unit_games(self, mate: list[int]) -> int:
        return sum(self.same_unit(i, j) for i, j in enumerate(mate) if i < j)

    def _violated(
        self,
        duals: OptimalDuals,
        kept: dict[tuple[int, int], int],
        width: int,
        tight_outside: list[tuple[int, int]],
    ) -> list[tuple[int, int]]:
        """The pairs outside ``kept`` of negative slack (none: the matching is optimal over
        all pairs); those of zero slack are added to ``tight_outside``.

        A pair (i, j) outside the window has shift ``d >= |j - partner[i]|``, so weight at
        most ``top - d²``, and slack at least ``y[i] + y[j] - 2 (top - d²)`` (blossom duals
        are never negative): from each player the positions at distance ``k`` from his lot
        partner are read, nearest first, until ``y[i] + min(y) >= 2 (top - k²)``.
        """
        n, partner, top = self.n, self.partner, self.top
        y = duals.vertex
        least = min(y)
        nesting: BlossomNesting | None = None
        found: set[tuple[int, int]] = set()
        tight: set[tuple[int, int]] = set()
        for i in range(n):
            room = y[i] + least - 2 * top  # a pair of shift k can have slack <= 0 if room <= -2k²
            centre = partner[i]
            k = taken = 0
            while (
                room <= -2 * k * k
                and (centre - k >= 0 or centre + k < n)
                and taken < ADDED_PER_PLAYER
            ):
                for j in (centre - k, centre + k) if k else (centre,):
                    if not 0 <= j < n or j == i:
                        continue
                    pair = (i, j) if i < j else (j, i)
                    if pair in kept or pair in found or pair in tight:
                        continue
                    weight = self.weight(*pair)
                    if weight is None:
                        continue  # X2: no edge
                    slack = y[i] + y[j] - 2 * weight
                    if slack > 0:
                        continue
                    if duals.blossoms:
                        if nesting is None:
                            nesting = BlossomNesting(n, duals)
                        slack += nesting.common_dual(i, j)
                    if slack < 0:
                        found.add(pair)
                        taken += 1
                    elif slack == 0:
                        tight.add(pair)
                k += 1
        tight_outside.extend(sorted(tight))
        return sorted(found)

    def _tie_key(self, i: int, j: int) -> tuple[int, int]:
        """How player ``i`` ranks opponent ``j`` among equally near pairings."""
        return (self.shift(i, j), j)

    def _first_of_ties(
        self,
        mate: list[int],
        duals: OptimalDuals,
        kept: dict[tuple[int, int], int],
        tight_outside: list[tuple[int, int]],
    ) -> list[int]:
        """The tie rule (module docstring): players in lot order each take the tight
        opponent nearest their lot partner's position that some optimal matching allows."""
        n = self.n
        y = duals.vertex
        nesting = BlossomNesting(n, duals)
        rows: list[list[int]] = [[] for _ in range(n)]
        for (i, j), weight in kept.items():
            if y[i] + y[j] - 2 * weight + nesting.common_dual(i, j) == 0:
                rows[i].append(j)
                rows[j].append(i)
        for i, j in tight_outside:
            rows[i].append(j)
            rows[j].append(i)
        tight = [set(row) for row in rows]
        choices = [(i, sorted(rows[i], key=functools.partial(self._tie_key, i))) for i in range(n)]
        refined = refine(n, mate, duals, nesting, rows, lambda u, v: v in tight[u], choices, True)
        return mate if refined is None else refined


def nearest_to_lot(
    partner: list[int],
    prohibited: Callable[[int, int], bool],
    same_unit: Callable[[int, int], bool],
    fewest_same_unit: int = 0,
) -> list[int] | None:
    """``mate`` of the perfect matching of the lot positions nearest the lot ``partner``
    that avoids prohibited pairs and, first, same-unit pairs (module docstring); None when
    this method gives up. ``fewest_same_unit``: a lower bound of the same-unit games (the
    window is widened while its optimum has more)."""
    return LotRepair(partner, prohibited, same_unit, fewest_same_unit).solve()
