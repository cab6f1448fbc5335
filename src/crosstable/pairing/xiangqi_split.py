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
from crosstable.pairing.xiangqi_sparse import PairWeights, SparseOptimum, sparse_optimum

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
    floating_pairs: int = 0
    """Pairs floating across odd cuts (one per such cut)."""


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
    parts = list(itertools.pairwise([0, *cuts, n]))
    solved: dict[tuple[int, int, tuple[int, int] | None], SparseOptimum] = {}
    joins = 0
    while len(parts) > 1:
        optima: list[SparseOptimum] = []
        for index, (first, end) in enumerate(parts):
            neighbour = _float_neighbour(parts, index, n)
            key = (first, end, neighbour)
            if key not in solved:
                floats = (
                    None if neighbour is None else _float_weights(weights, (first, end), neighbour)
                )
                optimum = sparse_optimum(restrict(weights, first, end, floats))
                if optimum is None:
                    return None
                solved[key] = optimum
            optima.append(solved[key])
        union = _union(weights, parts, optima)
        if isinstance(union, int):
            first, last = union, union + 1
        else:
            mate, vertex_duals, floating = union
            joined = _unproved_cross(weights, parts, vertex_duals, floating)
            if joined is None:
                return mate, SplitReport(tuple(parts), joins, len(floating))
            first, last = joined
        joins += 1
        parts = _whole_floats(
            [*parts[:first], (parts[first][0], parts[last][1]), *parts[last + 1 :]], n
        )
    return None


def _cuts(weights: PairWeights, smallest_part: int) -> list[int]:
    """Where the parts begin (ranking indices, the first part's 0 left out): at level
    starts with an even number of players above, each part holding ``smallest_part``
    players at least (the last one too: else it joins the one above). A round without
    such a cut (and without a bye) is cut once where an odd number are above, as near its
    middle as the levels allow; one pair floats across it (:func:`_float_neighbour`).
    That is round 2 when its first two levels hold an odd number of players each (5,000
    players: 2,027, 946 and 2,027; solved whole before). Not more: a part standing for a
    floating pair is proved with its own duals (:func:`_union`), which rarely prove the
    pairs across an even cut below it as well, and in later rounds the odd cut's proof
    mostly failed (rounds 3, 5, 6 and 9 at 5,000 players: the parts solved, then joined,
    1.5-3.4 s lost each)."""
    n = weights.player_count
    cuts: list[int] = []
    previous = 0
    for start in weights.level_start[1:]:
        if start % 2 == 0 and start - previous >= smallest_part:
            cuts.append(start)
            previous = start
    while cuts and n - cuts[-1] < smallest_part:
        cuts.pop()
    if cuts or n % 2:
        return cuts
    odd = [
        start
        for start in weights.level_start[1:]
        if start % 2 and start >= smallest_part and n - start >= smallest_part
    ]
    if odd:
        cuts.append(min(odd, key=lambda start: max(start, n - start)))
    return cuts


def _whole_floats(parts: list[tuple[int, int]], n: int) -> list[tuple[int, int]]:
    """``parts`` with every part that would stand for two floating pairs (odd cuts on both
    sides, or one above and the bye) joined with the part below it."""
    index = 0
    while index < len(parts):
        first, end = parts[index]
        odd_sides = first % 2 + (end % 2 if end < n else n % 2)
        if odd_sides > 1 and index + 1 < len(parts):
            parts[index : index + 2] = [(first, parts[index + 1][1])]
            continue
        index += 1
    return parts


def _float_neighbour(
    parts: Sequence[tuple[int, int]], index: int, n: int
) -> tuple[int, int] | None:
    """The part across the odd cut of part ``index`` (the one its floating pair goes to or
    comes from), None if its cuts are even."""
    first, end = parts[index]
    if end < n and end % 2:
        return parts[index + 1]
    if first % 2:
        return parts[index - 1]
    return None


def _float_weights(
    weights: PairWeights, part: tuple[int, int], other: tuple[int, int]
) -> list[int | None]:
    """Per player of ``part``, the heaviest pair he could make with a player of ``other``
    (the part across its odd cut; None: no allowed pair). In the part these weigh the edges
    to its extra vertex, which stands for the floating pair's other end: the part's optimum
    so chooses which of its players floats, and the proof (:func:`_union`) checks that the
    two parts' choices make the round's optimum."""
    first, end = part
    level, position, sizes, kind = (
        weights.level,
        weights.position,
        weights.level_sizes,
        weights.kind,
    )
    top, order, crossing, conflict = (
        weights.top,
        weights.order_weight,
        weights.crossing,
        weights.conflict,
    )
    below = other[0] > first
    # The other part's players by level, nearest the cut first, and by kind of colour
    # preference, each list in falling weight order: a pair loses weight with each level
    # crossed (X7), and inside a level with the floater's and the opponent's positions (X9
    # part of a float); X8 is the same for a kind.
    others = range(other[0], other[1]) if below else range(other[1] - 1, other[0] - 1, -1)
    by_level: dict[int, list[list[int]]] = {}
    for j in others:
        by_level.setdefault(level[j], [[] for _ in conflict])[kind[j]].append(j)
    best: list[int | None] = []
    for i in range(first, end):
        found: int | None = None
        for per_kind in by_level.values():
            for players in per_kind:
                for j in players:
                    high, low = (i, j) if below else (j, i)
                    floater = sizes[level[high]] - 1 - position[high]
                    bound = (
                        top
                        - crossing[level[high]][level[low]]
                        - order * (floater + position[low])
                        - conflict[kind[high]][kind[low]]
                    )
                    if found is not None and bound <= found:
                        break  # the rest of this list weighs less still
                    weight = weights.weight(high, low)
                    if weight is not None and (found is None or weight > found):
                        found = weight
        best.append(found)
    return best


def restrict(
    weights: PairWeights, first: int, end: int, floats: Sequence[int | None] | None = None
) -> PairWeights:
    """The weights of the players ``first .. end - 1`` (whole score levels, in ranking order)
    among themselves, numbered from 0; every pair's weight is the round's. The part's extra
    vertex (after its players, for an odd number of them) is the bye's in the part holding
    the last player, with the round's bye weights; with ``floats`` (per player) it stands
    for the other end of the pair floating across the part's odd cut."""
    n = weights.player_count
    low_level = weights.level[first]
    high_level = weights.level[end - 1] + 1
    if floats is not None:
        extra = list(floats)
    elif end == n:
        extra = weights.bye_weight[first:end]
    else:
        extra = [None] * (end - first)
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
        bye_weight=extra,
        top=weights.top,
        avoid=weights.avoid,
        order_weight=weights.order_weight,
        crossing=[row[low_level:high_level] for row in weights.crossing[low_level:high_level]],
        ideal=weights.ideal[low_level:high_level],
    )


def _union(
    weights: PairWeights, parts: Sequence[tuple[int, int]], optima: Sequence[SparseOptimum]
) -> tuple[list[int], list[int], set[tuple[int, int]]] | int:
    """The parts' matchings and vertex duals in the round's numbering, with the pairs
    floating across odd cuts; or the index of the part above an odd cut whose floating
    pair cannot be proved (the two parts are then joined).

    A part's extra vertex is the round's bye vertex in the last part; across an odd cut
    it stands for the other part: the player each part pairs with it floats, and the two
    are paired together. The duals of every even part but the last are turned upwards
    (:func:`_upwards`). Those of the two floaters are then set so that their pair is
    tight: each may rise as far as wanted (his other pairs only gain slack; he is matched
    outside his part's blossoms) and fall as far as the least slack of his pairs inside
    his part allows; each is raised first above what every pair with the other part's
    players needs to have positive slack (the proof of :func:`_unproved_cross`)."""
    n = weights.player_count
    vertex_count = n + n % 2
    mate = [-1] * vertex_count
    vertex = [0] * vertex_count
    floater: dict[int, int] = {}
    for index, (first, end) in enumerate(parts):
        optimum = optima[index]
        count = end - first
        odd_cut = _float_neighbour(parts, index, n) is not None
        if odd_cut:
            if any(count in members for members, _ in optimum.duals.blossoms):
                return index if end % 2 else index - 1
            duals = optimum.duals.vertex
        elif index == len(parts) - 1:
            duals = optimum.duals.vertex
        else:
            duals = _upwards(optimum.duals, count - 1)
        for v, partner in enumerate(optimum.mate):
            if v == count:
                if not odd_cut:
                    mate[n] = first + partner  # the round's bye
                continue
            vertex[first + v] = duals[v]
            if partner == count and odd_cut:
                floater[index] = first + v  # paired below, with the other floater
                continue
            mate[first + v] = n if partner == count else first + partner
        if count < len(duals) and not odd_cut:
            vertex[n] = duals[count]
    floating: set[tuple[int, int]] = set()
    for index, (_, end) in enumerate(parts[:-1]):
        if not end % 2:
            continue
        high, low = floater[index], floater[index + 1]
        weight = weights.weight(high, low)
        if weight is None:
            return index
        # The lower part's players (the last part: no cut below it) less its floater are an
        # odd set holding all their pairs but the floater's: their duals can move into a
        # blossom over that set (every player's dual down by z, the blossom's up by z: no
        # slack inside the part changes). The part so gives up what the floating pair lacks
        # to be tight; every other pair across the cut loses as much, and is proved below
        # if the floating pair had the least slack of them all.
        excess = vertex[high] + vertex[low] - 2 * weight
        if excess > 0:
            for v in range(*parts[index + 1]):
                vertex[v] -= excess
        lowest_high = vertex[high] - _least_inner_slack(weights, parts[index], optima[index], high)
        lowest_low = vertex[low] - _least_inner_slack(
            weights, parts[index + 1], optima[index + 1], low
        )
        needed_high = _needed(weights, high, parts[index + 1], vertex, low)
        needed_low = _needed(weights, low, parts[index], vertex, high)
        least_high = lowest_high if needed_high is None else max(lowest_high, needed_high)
        least_low = lowest_low if needed_low is None else max(lowest_low, needed_low)
        room = 2 * weight - least_high - least_low
        if room < 0:
            return index
        vertex[high] = least_high + room // 2
        vertex[low] = 2 * weight - vertex[high]
        mate[high], mate[low] = low, high
        floating.add((high, low))
    return mate, vertex, floating


def _least_inner_slack(
    weights: PairWeights, part: tuple[int, int], optimum: SparseOptimum, player: int
) -> int:
    """The least slack, under the part's proof, of a pair of ``player`` (round numbering)
    with another player of his part: how far his dual may fall."""
    first, end = part
    own = player - first
    duals = optimum.duals
    common = [0] * (end - first)
    for members, dual in duals.blossoms:
        if own in members:
            for v in members:
                if v < len(common):
                    common[v] += 2 * dual
    y = duals.vertex
    least: int | None = None
    for other in range(first, end):
        if other == player:
            continue
        weight = weights.weight(min(player, other), max(player, other))
        if weight is None:
            continue
        slack = y[own] + y[other - first] - 2 * weight + common[other - first]
        if least is None or slack < least:
            least = slack
    return 0 if least is None else least


def _needed(
    weights: PairWeights, player: int, other: tuple[int, int], vertex: list[int], partner: int
) -> int | None:
    """The least dual of ``player`` giving every pair with the players of part ``other``
    (but his floating partner) a positive slack under ``vertex``."""
    needed: int | None = None
    for j in range(*other):
        if j == partner:
            continue
        weight = weights.weight(min(player, j), max(player, j))
        if weight is None:
            continue
        value = 2 * weight - vertex[j] + 1
        if needed is None or value > needed:
            needed = value
    return needed


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
    weights: PairWeights,
    parts: Sequence[tuple[int, int]],
    y: list[int],
    floating: set[tuple[int, int]],
) -> tuple[int, int] | None:
    """The first and last part of a cross pair (other than the ``floating`` ones, tight by
    construction) whose slack under ``y`` is not positive (the pair nearest in the ranking:
    the joined parts are as few as can be), None if every cross pair has positive slack."""
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
                    if (
                        (i, j) in floating
                        or j in met[i]
                        or (forced[i] is not None and forced[i] is forced[j])
                    ):
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
