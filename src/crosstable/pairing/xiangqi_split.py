"""The xiangqi Swiss at national size, by parts: a later round split at score boundaries
into parts solved one by one, kept only when the parts' proofs together prove the whole.

This module owns the split of one round's weights (:class:`PairWeights`) into contiguous
parts of the ranking (whole score segments, an even number of players above each cut),
each part's optimum (:func:`crosstable.pairing.xiangqi_sparse.sparse_optimum` on the
part's own weights) and the proof that the union of the parts' optima is an optimum over
all pairs of the round.

Why it is exact: each part's matching comes with dual values proving it optimal over every
pair inside the part. Put together, those duals prove the union optimal over *all* pairs if
no pair across two parts has negative slack (the blossoms of the proofs lie inside the
parts, so a cross pair's slack is ``y_i + y_j - 2 w``). Here every cross pair must have
positive slack: then no optimum of the round pairs anyone across a cut
(complementary slackness), so the optima of the round are exactly the unions of optima of
the parts, and the tie rule (players in ranking order, each taking the first opponent some
optimum still allows: ``xiangqi_sparse._first_of_ties``) chooses inside each part what it
chooses over the whole round. Where a cross pair has slack zero or less, the two parts (and
those between them) are joined and solved as one; a round that ends as one part is solved
whole, as without this module.

The cross pairs are never listed: a pair between levels ``h < l`` weighs
``top - crossing[h][l] - order x (floater part of i + position of j)`` less its X8 and X5
terms, so per lower level and kind of colour preference the least "dual + 2 x order x
position" bounds all of its players at once, and only players within the bound are looked
at one by one.

A split does not reach an optimum a whole solve would miss, nor miss one it would find: see
docs/pairing/xiangqi.md, "At national size, by parts".
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

from crosstable.matching.blossom import OptimalDuals
from crosstable.matching.blossom_state import collector_paused
from crosstable.pairing.xiangqi_sparse import SparseOptimum, sparse_optimum
from crosstable.pairing.xiangqi_weights import PairWeights

SPLIT_FROM = 1500
"""Players from which a round is split (the caller's threshold; tests lower it)."""
SMALLEST_PART = 150
"""Players a part holds at least (a cut is made at the first boundary after it with an even
number of players above): tiny parts gain little and fail more often (a top group whose
players have met). 150 rather than 400: 5,000 players, rounds 6-8, 5.7-7.4 -> 4.5-5.6 s
(probe), the 2,000-player rounds paired as recorded with either."""


@dataclasses.dataclass(frozen=True, slots=True)
class SplitReport:
    """What :func:`split_matching` did (for benchmarks and tests)."""

    parts: tuple[tuple[int, int], ...]
    """The parts kept, as ranking index ranges ``(first, end)``."""
    joins: int
    """How often two or more parts were joined because a cross pair was not proved."""


@collector_paused  # the parts' proofs, kept until the union is proved
def split_matching(
    weights: PairWeights, smallest_part: int = SMALLEST_PART
) -> tuple[list[int], SplitReport] | None:
    """The round's optimum over all pairs, found part by part (``mate`` over the players and
    the bye vertex, as :func:`~crosstable.pairing.xiangqi_sparse.sparse_matching`), or None
    when the round is one part (not split) or a part cannot be solved: the caller then
    solves the whole round."""
    cuts = _cuts(weights, smallest_part)
    if not cuts:
        return None
    n = weights.player_count
    bounds = [0, *cuts, n]
    parts = list(itertools.pairwise(bounds))
    solved: dict[tuple[int, int], SparseOptimum] = {}
    joins = 0
    while len(parts) > 1:
        for part in parts:
            if part not in solved:
                optimum = sparse_optimum(restrict(weights, *part))
                if optimum is None:
                    return None
                solved[part] = optimum
        mate, vertex_duals = _union(weights, parts, solved)
        joined = _unproved_cross(weights, parts, vertex_duals)
        if joined is None:
            return mate, SplitReport(tuple(parts), joins)
        first, last = joined
        joins += 1
        parts = [*parts[:first], (parts[first][0], parts[last][1]), *parts[last + 1 :]]
    return None


def _cuts(weights: PairWeights, smallest_part: int) -> list[int]:
    """Where the parts begin (ranking indices, the first part's 0 left out): at level
    starts with an even number of players above, each part holding ``smallest_part``
    players at least (the last one too: else it joins the one above)."""
    n = weights.player_count
    cuts: list[int] = []
    previous = 0
    for start in weights.level_start[1:]:
        if start % 2 == 0 and start - previous >= smallest_part:
            cuts.append(start)
            previous = start
    while cuts and n - cuts[-1] < smallest_part:
        cuts.pop()
    return cuts


def restrict(weights: PairWeights, first: int, end: int) -> PairWeights:
    """The weights of the players ``first .. end - 1`` (whole score levels, in ranking order)
    among themselves, numbered from 0; the part holding the last player also holds the bye
    vertex (the players above it are even in number). Every pair's weight is the round's."""
    n = weights.player_count
    low_level = weights.level[first]
    high_level = weights.level[end - 1] + 1
    return PairWeights(
        level=[lv - low_level for lv in weights.level[first:end]],
        position=weights.position[first:end],
        level_sizes=weights.level_sizes[low_level:high_level],
        level_start=[s - first for s in weights.level_start[low_level:high_level]],
        kind=weights.kind[first:end],
        conflict=weights.conflict,
        units=weights.units[first:end],
        forced=weights.forced[first:end],
        met=[{j - first for j in barred if first <= j < end} for barred in weights.met[first:end]],
        bye_weight=weights.bye_weight[first:end] if end == n else [None] * (end - first),
        top=weights.top,
        avoid=weights.avoid,
        order_weight=weights.order_weight,
        crossing=[row[low_level:high_level] for row in weights.crossing[low_level:high_level]],
        ideal=weights.ideal[low_level:high_level],
    )


def _union(
    weights: PairWeights,
    parts: Sequence[tuple[int, int]],
    solved: dict[tuple[int, int], SparseOptimum],
) -> tuple[list[int], list[int]]:
    """The parts' matchings and vertex duals in the round's numbering (a part's bye vertex,
    its last, is the round's); the duals of every part but the last turned upwards
    (:func:`_upwards`)."""
    n = weights.player_count
    vertex_count = n + n % 2
    mate = [-1] * vertex_count
    vertex = [0] * vertex_count
    for index, (first, end) in enumerate(parts):
        optimum = solved[first, end]
        part_mate = optimum.mate
        part_duals = optimum.duals
        count = end - first
        duals = part_duals.vertex if index == len(parts) - 1 else _upwards(part_duals, count - 1)

        def outside(v: int, first: int = first, count: int = count) -> int:
            return n if v == count else first + v

        for v, partner in enumerate(part_mate):
            mate[outside(v)] = outside(partner)
        for v, dual in enumerate(duals):
            vertex[outside(v)] = dual
    return mate, vertex


def _upwards(duals: OptimalDuals, last: int) -> list[int]:
    """Vertex duals proving the same part optimal, with the score penalties charged to the
    part's upper players rather than its lowest ones (those a cross pair to the part below
    starts from).

    A part has an even number of vertices, so the complement of a blossom C in it is an
    odd set too. Moving C's dual z to its complement (y + z inside C, y - z outside, the
    blossom C replaced by the part less C) leaves every pair's slack inside the part as it
    was (inside C: +2z - 2z; outside: -2z + 2z; between: +z - z) and every blossom full,
    so the part's proof stands. Done for the chain of blossoms holding the part's last
    player, the sets stay laminar (the complements nest, and every other blossom lies
    inside one chain blossom and outside the next). The blossom algorithm tends to leave
    a segment that received a floater as a blossom of the floater's penalty, its players'
    duals lowered by it: moved upwards, the penalty sits with the players above the
    boundary, whose pairs to the part below cross that boundary too and pay it."""
    chain = sorted(
        ((members, dual) for members, dual in duals.blossoms if last in members),
        key=lambda blossom: -len(blossom[0]),
    )
    inside = [0] * len(duals.vertex)
    total = 0
    for members, dual in chain:
        total += dual
        for v in members:
            inside[v] += dual
    return [y + 2 * raised - total for y, raised in zip(duals.vertex, inside, strict=True)]


def _unproved_cross(
    weights: PairWeights, parts: Sequence[tuple[int, int]], y: list[int]
) -> tuple[int, int] | None:
    """The first and last part of a cross pair whose slack under ``y`` is not positive (the
    pair nearest in the ranking: the joined parts are as few as can be), None if every
    cross pair has positive slack."""
    n = weights.player_count
    level, position, sizes = weights.level, weights.position, weights.level_sizes
    levels = len(sizes)
    kind, conflict, forced, units, met = (
        weights.kind,
        weights.conflict,
        weights.forced,
        weights.units,
        weights.met,
    )
    twice_top, twice_order = 2 * weights.top, 2 * weights.order_weight
    kinds = len(conflict)
    part_of_level = [0] * levels
    for index, (first, end) in enumerate(parts):
        for lv in range(level[first], level[end - 1] + 1):
            part_of_level[lv] = index
    # Per level and kind: the players by "dual + 2 x order x position" (their part of a
    # float's slack), and per level and opponent kind the least over the kinds with X8.
    keyed: list[list[list[tuple[int, int]]]] = [[[] for _ in range(kinds)] for _ in range(levels)]
    for j in range(n):
        keyed[level[j]][kind[j]].append((y[j] + twice_order * position[j], j))
    for per_kind in keyed:
        for row in per_kind:
            row.sort()
    least = [
        [
            min(
                (row[0][0] + 2 * conflict[own][k] for k, row in enumerate(per_kind) if row),
                default=None,
            )
            for own in range(kinds)
        ]
        for per_kind in keyed
    ]
    worst: tuple[int, int] | None = None
    bye_vertex = n if n % 2 else -1
    for i in range(parts[-1][0]):
        lv = level[i]
        own_part = part_of_level[lv]
        # y_i + y_j - 2 w over a lower level: this plus the opponent's key and X8/X5 terms.
        floater = twice_order * (sizes[lv] - 1 - position[i])
        base = y[i] - twice_top + floater
        crossing = weights.crossing[lv]
        kind_i = kind[i]
        for low in range(level[parts[own_part][1] - 1] + 1, levels):
            bound = least[low][kind_i]
            if bound is None or base + 2 * crossing[low] + bound > 0:
                continue
            for k, row in enumerate(keyed[low]):
                limit = -(base + 2 * crossing[low] + 2 * conflict[kind_i][k])
                for key, j in row:
                    if key > limit:
                        break
                    if j in met[i] or (forced[i] is not None and forced[i] is forced[j]):
                        continue
                    if units[i] and units[i] == units[j]:
                        if key + 2 * weights.avoid <= limit:
                            worst = _wider(worst, own_part, part_of_level[low])
                        continue
                    worst = _wider(worst, own_part, part_of_level[low])
        if bye_vertex >= 0:
            bye_weight = weights.bye_weight[i]
            if bye_weight is not None and y[i] + y[bye_vertex] - 2 * bye_weight <= 0:
                worst = _wider(worst, own_part, len(parts) - 1)
        if worst is not None:
            return worst
    return worst


def _wider(found: tuple[int, int] | None, first: int, last: int) -> tuple[int, int]:
    """The parts to join: from the first found cross pair's upper part to the farthest
    lower part found for that player."""
    if found is None:
        return (first, last)
    return (min(found[0], first), max(found[1], last))
