"""A start for the xiangqi sparse solver's blossom run from the shape of a later round's
optimum: inside each big score segment, the players paired about half a segment apart
with the other colour due (X9 and X8), and dual values that make those pairs tight.

Why: the blossom run's greedy warm start (``BlossomRun.warm_start``) matches the pairs of
the heaviest weight, the ideal opponents (X9) of the other colour, and stops; after round 1
that is about half the players. But the optimum pairs player p of a segment with someone
near p + ideal *of the other colour due*, and where one colour is denser the pairs drift
from the ideal opponent by tens of places: most greedy pairs are wrong, and the run spends
most of its time (5,000 players, round 2: 1.6 of 2.2 s) shifting long chains of them
through large alternating trees, before any blossom forms.

The shape: in a segment of size s with ideal difference I, a pair (p, q) weighs
``top - order x (|q - p| - I)²`` before its colour and unit terms. On a circle of
circumference 2I, put each player of one colour side at his position and each of the other
side at his position + I: the pair's deviation from the ideal is then their distance on the
circle. Matching points to points on a line with a convex cost, some optimum keeps the
order (two crossing pairs cost no less than the same four uncrossed), so the segment's
pairs are (close to) the two sides in circle order, one side's surplus left out: a dynamic
programme over the order finds the best such injection once the circle is cut where no
pair crosses; the pairs are then turned around the circle while that gains (the cut may
still have been crossed). The duals follow along the order, each pair tight, each step
between neighbouring pairs within what keeps their crossed ends feasible, and the steps
closed around the circle (:func:`_closed_steps`); that leaves every pair of the two sides
of non-negative slack by the same exchange argument (a convex cost's Monge property).
Where the start is still wrong (a surplus player, a pair the rules forbid, two kinds on
one side that meet without a penalty), a pair of negative slack frees one of its players,
whose dual is raised until every pair of his is feasible. Used where the segments are big
and their two sides nearly equal (:data:`START_FROM`, :data:`MOST_SURPLUS`): round 2 of a
national event.

Exactness does not depend on any of this: :meth:`BlossomRun.solve_from` accepts any
matching of tight edges with feasible even duals (maximum cardinality lets free vertices'
duals differ) and finds the same optimum; only the run's length changes.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from crosstable.pairing.xiangqi_weights import PairWeights

START_FROM = 100
"""Players a started segment (below) must hold for the start to be used; then every
balanced segment of the graph is started so (tests lower it). The first solves of the
5,000-player rounds 2: Huayuan (segments of 2,027, 946, 2,027) 2.7 -> 1.2 s with the start
included, Hunan's parts of 2,026 0.52 -> 0.15 s and 0.46 -> 0.29 s. 100 rather than 1,000
since the duals close around the circle (:func:`_closed_steps`): the later rounds of 2,000
and 5,000 players (segments of 100-1,000) were 0-33 % faster (the least of two or three
runs each), Hunan 2,000 round 11 2.5 -> 1.0 s, none slower beyond the noise (+6 %)."""
MOST_SURPLUS = 0.1
"""Share of a segment by which one colour side may outnumber the other for the segment to
be started so (its surplus must pair within its side or float, which the start leaves to
the run). 0.1 rather than 0.02 since the duals close around the circle: the later rounds'
segments (up to 8 % at 5,000 and 10,000 players) then gained 3-41 % a round (the least of
two runs each; 10,000 players, Huayuan round 10 9.3 -> 5.5 s); before, with the staircase
alone, they were as fast or up to 15 % slower than with the run's own warm start."""
MOST_CELLS = 400_000
"""Largest dynamic programme (players of the smaller side x (surplus + 1)) done per segment;
a segment beyond it keeps its players free."""


def segment_start(
    weights: PairWeights, kept: dict[tuple[int, int], int], vertex_count: int
) -> tuple[list[int], list[int]] | None:
    """A start (mates, doubled even duals: every edge of ``kept`` of non-negative slack,
    every pair tight) for ``BlossomRun(vertex_count, kept, True).solve_from``; None when no
    segment it would start holds :data:`START_FROM` players, or the colour kinds do not
    split in two sides (then the run's own warm start is used). Adds to ``kept`` the pairs
    across segments the start finds likely floats (:func:`_likely_floats`): build the run
    after it."""
    side = _sides(weights.conflict)
    if side is None:
        return None
    started = [lv for lv in range(len(weights.level_sizes)) if _balanced(weights, side, lv)]
    if not any(weights.level_sizes[lv] >= START_FROM for lv in started):
        return None
    mate = [-1] * vertex_count
    dual: list[int | None] = [None] * vertex_count
    for lv in started:
        _segment(weights, kept, side, lv, mate, dual)
    kept.update(_likely_floats(weights, started, mate, dual))
    incident: list[list[tuple[int, int]]] = [[] for _ in range(vertex_count)]
    for (u, v), w in kept.items():
        incident[u].append((v, w))
        incident[v].append((u, w))
    # The players left out get a dual above every need (even: twice the heaviest weight
    # less the least dual given, itself even), lowered below to the least feasible.
    given = [d for d in dual if d is not None]
    high = 2 * max(kept.values()) - min(given, default=0)
    duals = [high if d is None else d for d in dual]

    def least_feasible(x: int) -> int:
        return max(2 * w - duals[y] for y, w in incident[x])

    # A pair of negative slack (the start's guess was wrong there): free one end (and its
    # mate) and raise its dual; raising never breaks another pair, so one pass does.
    for (u, v), w in kept.items():
        if duals[u] + duals[v] < 2 * w:
            x = u if mate[u] == -1 or mate[v] != -1 else v
            if mate[x] != -1:
                mate[mate[x]] = -1
                mate[x] = -1
            duals[x] = least_feasible(x)
    # Free players: the least feasible dual (each update keeps the pairs of the earlier
    # ones feasible, as it reads their current duals), then tight pairs of two free ones.
    for x in range(vertex_count):
        if mate[x] == -1 and incident[x]:
            duals[x] = least_feasible(x)
    for x in range(vertex_count):
        if mate[x] == -1:
            for y, w in incident[x]:
                if mate[y] == -1 and duals[x] + duals[y] == 2 * w:
                    mate[x] = y
                    mate[y] = x
                    break
    return mate, duals


MOST_FLOATS_EACH = 32
"""Players of each kind of colour preference, at most, on each side of a boundary between
two started segments whose pairs across it join the first graph (:func:`_likely_floats`)."""
PLAYERS_PER_FLOAT = 50
"""... and one such player per this many of the segment (at least 4): 32 in segments of
1,600 or more. 10,000 players, Huayuan round 5: the first certificate found 485,000
violated pairs, all across boundaries (a player from the middle of a segment floating to
the middle of the next), 35,000 added, solved again from scratch, 13.3 s; with 8 a kind,
10,400 added; 32, 285 added, 8.7-10.1 s; 128, none added but a larger graph, 11.0 s. 32
for every segment made the 2,000-player rounds (segments of 100-400) up to 17 % slower;
with one per 50 players, least of two runs against none: 10,000 players 15-34 % quicker
(Huayuan rounds 2 and 5, Hunan 2 and 7), 5,000 players -24 % to +14 %, 2,000 players -13 %
to +3 %."""


def _likely_floats(
    weights: PairWeights, started: list[int], mate: list[int], dual: list[int | None]
) -> dict[tuple[int, int], int]:
    """Pairs across each boundary of two started segments that the start's duals find the
    most violated: of each kind, the players of the least "dual + float part" above
    (:data:`MOST_FLOATS_EACH`, :data:`PLAYERS_PER_FLOAT`) and the players the start left
    out there, each with the same number of each kind of the least "dual + position part"
    below.

    Why: a pair across segments weighs the upper player's part plus the lower one's (less
    its X7 and X8 terms), so it is violated where those two sums of dual and part are
    small; the first graph's floats run only between the ends of the segments (the
    cheapest floats by position), but after round 1 the optimum often floats a player from
    the middle of a segment, where its colour side is denser, to the middle of the next:
    without these pairs the first certificate finds hundreds of thousands of violated
    pairs and the round is solved again. The start's duals carry each segment's shape, so
    the optimum's floats are mostly among these (10,000 players, Huayuan round 5, the six
    floats of the optimum: below, five ranked 0-10 of their kind and one 48; above, two
    ranked 0-1, two left out by the start, two ranked 97-98: the certificate adds those)."""
    found: dict[tuple[int, int], int] = {}
    order = weights.order_weight
    kinds = len(weights.conflict)
    for high, low in itertools.pairwise(started):
        if low != high + 1:
            continue
        first_h, size_h = weights.level_start[high], weights.level_sizes[high]
        first_l, size_l = weights.level_start[low], weights.level_sizes[low]
        above: list[list[tuple[int, int]]] = [[] for _ in range(kinds)]
        left_out: list[int] = []
        for i in range(first_h, first_h + size_h):
            d = dual[i]
            if d is None or mate[i] == -1:
                left_out.append(i)
                continue
            above[weights.kind[i]].append((d + 2 * order * (first_h + size_h - 1 - i), i))
        below: list[list[tuple[int, int]]] = [[] for _ in range(kinds)]
        for j in range(first_l, first_l + size_l):
            d = dual[j]
            if d is not None and mate[j] != -1:
                below[weights.kind[j]].append((d + 2 * order * (j - first_l), j))
        ups = [i for row in above for _, i in sorted(row)[: _floats_each(size_h)]]
        downs = [j for row in below for _, j in sorted(row)[: _floats_each(size_l)]]
        for i in ups + left_out:
            for j in downs:
                weight = weights.weight(i, j)
                if weight is not None:
                    found[i, j] = weight
    return found


def _floats_each(size: int) -> int:
    return min(MOST_FLOATS_EACH, max(4, size // PLAYERS_PER_FLOAT))


def _sides(conflict: Sequence[Sequence[int]]) -> list[int] | None:
    """The kinds of colour preference in two sides, two kinds that meet without an X8 penalty
    on opposite sides; None when that is impossible (an odd cycle of such kinds). A kind
    that meets every kind without a penalty (no preference: after a bye or a forfeit) is
    left out of the colouring and put on side 0: it fits either."""
    kinds = len(conflict)
    side = [-1] * kinds
    anyone = [not any(row) for row in conflict]
    for start in range(kinds):
        if side[start] >= 0:
            continue
        side[start] = 0
        if anyone[start]:
            continue
        stack = [start]
        while stack:
            k = stack.pop()
            for j in range(kinds):
                if j != k and not anyone[j] and conflict[k][j] == 0:
                    if side[j] < 0:
                        side[j] = 1 - side[k]
                        stack.append(j)
                    elif side[j] == side[k]:
                        return None
    return side


def _balanced(weights: PairWeights, side: list[int], lv: int) -> bool:
    """Whether segment ``lv`` is one the start pairs: an ideal difference above zero, and
    its colour sides within :data:`MOST_SURPLUS` of each other."""
    first, size = weights.level_start[lv], weights.level_sizes[lv]
    if weights.ideal[lv] <= 0:
        return False
    one_side = sum(side[k] for k in weights.kind[first : first + size])
    return abs(size - 2 * one_side) <= MOST_SURPLUS * size


def _segment(
    weights: PairWeights,
    kept: dict[tuple[int, int], int],
    side: list[int],
    lv: int,
    mate: list[int],
    dual: list[int | None],
) -> None:
    """Pair the two sides of segment ``lv`` in circle order and set their duals (see the
    module docstring); pairs not in ``kept`` at their smooth weight stay unpaired."""
    first, size, ideal = weights.level_start[lv], weights.level_sizes[lv], weights.ideal[lv]
    groups: tuple[list[int], list[int]] = ([], [])
    for p in range(size):
        groups[side[weights.kind[first + p]]].append(p)
    points, targets = sorted(groups, key=len)
    if not points or len(points) * (len(targets) - len(points) + 1) > MOST_CELLS:
        return
    circle = 2 * ideal
    pairs = _circle_order(points, targets, ideal, circle, 0)
    # Cut again where the pairs' deviation, less its mean, turns from negative to positive
    # nearest the far side of the first cut: a place the optimum's pairs do not cross
    # (the first cut forces every pair to one side of it, so the whole order leans).
    if len(pairs) > 1:
        deviation = [(_along(q, ideal, circle, 0) - p % circle, p % circle) for p, q in pairs]
        mean = sum(d for d, _ in deviation) / len(deviation)
        best: tuple[int, int] | None = None
        for (d0, p0), (d1, p1) in itertools.pairwise(deviation):
            if d0 < mean <= d1:
                at = (p0 + p1) // 2
                if best is None or abs(at - ideal) < best[0]:
                    best = (abs(at - ideal), at)
        if best is not None:
            pairs = _circle_order(points, targets, ideal, circle, best[1])
    top, order_weight = weights.top, weights.order_weight

    def smooth(p: int, q: int) -> int:
        return top - order_weight * (abs(q - p) - ideal) ** 2

    pairs = _best_rotation(pairs, smooth)
    steps = _closed_steps(pairs, smooth)
    dual_p = 0
    for index, (p, q) in enumerate(pairs):
        weight = smooth(p, q)
        if index == 0:
            dual_p = weight + (weight & 1)
        elif steps is not None:
            dual_p += steps[index]
        else:
            # Tight with the previous pair's point too (the staircase).
            previous = pairs[index - 1][0]
            before = dual[first + previous]
            assert before is not None
            dual_p = 2 * weight - (2 * smooth(previous, q) - before)
        dual[first + p] = dual_p
        dual[first + q] = 2 * weight - dual_p
        i, j = first + min(p, q), first + max(p, q)
        if kept.get((i, j)) == weight:
            mate[i] = j
            mate[j] = i


MOST_ROTATIONS = 64
"""Turns of the pairs around the circle tried (each a pass over the segment's pairs)."""


def _best_rotation(
    pairs: list[tuple[int, int]], smooth: Callable[[int, int], int]
) -> list[tuple[int, int]]:
    """``pairs`` (in circle order) turned by whole places while that pairs the segment
    better: each target with the point of the pair before it, or after it.

    Why: the dynamic programme pairs the points in order on a line cut open somewhere on
    the circle, so no pair crosses the cut; where the optimum has pairs across it, every
    pair is off by the same turn (10,000 players, round 2: the draws' segment of 2,042
    paired one place away from its optimum), and no dual values prove such an order
    (see :func:`_closed_steps`)."""
    count = len(pairs)
    if count < 3:
        return pairs

    def total(shift: int) -> int:
        return sum(smooth(pairs[(k - shift) % count][0], pairs[k][1]) for k in range(count))

    shift, best = 0, total(0)
    for direction in (1, -1):
        for _ in range(MOST_ROTATIONS):
            turned = total(shift + direction)
            if turned <= best:
                break
            shift, best = shift + direction, turned
    if shift == 0:
        return pairs
    return [(pairs[(k - shift) % count][0], pairs[k][1]) for k in range(count)]


def _closed_steps(
    pairs: Sequence[tuple[int, int]], smooth: Callable[[int, int], int]
) -> list[int] | None:
    """The rises of the points' duals from each pair to the next, closed around the circle:
    ``steps[k]`` is the dual of pair k's point less that of pair k - 1's (``steps[0]``
    the rise from the last pair to the first), all even, summing to zero, each within
    what keeps the two pairs of neighbours' crossed ends feasible. None when no such
    steps exist (the order is not an optimum on the circle).

    Why: the staircase alone (each point tight with the previous pair's target: the
    highest rise) is feasible for every pair of the line it was cut open on, but its
    rises add up to more than zero around the circle, so the pairs across the cut (the
    last points with the first targets) get a negative slack; the start then frees one
    end of each (10,000 players, round 2: some 3,400 pairs, 210 players free). Taking the
    excess off every step in proportion to its room closes the circle.

    Pair k = (p_k, q_k) is tight: y(q_k) = 2 s(p_k, q_k) - y(p_k). Its point with the
    previous target must stay feasible, y(p_k) + y(q_{k-1}) >= 2 s(p_k, q_{k-1}), and the
    previous point with its target, y(p_{k-1}) + y(q_k) >= 2 s(p_{k-1}, q_k): so the rise
    lies in ``[2 s(p_k, q_{k-1}) - 2 s(p_{k-1}, q_{k-1}), 2 s(p_k, q_k) - 2 s(p_{k-1},
    q_k)]``."""
    count = len(pairs)
    if count < 3:
        return None
    # In units of two: every bound is a difference of doubled weights, so even.
    highest: list[int] = []
    room: list[int] = []
    for k in range(count):
        (p_before, q_before), (p, q) = pairs[k - 1], pairs[k]
        high = smooth(p, q) - smooth(p_before, q)
        low = smooth(p, q_before) - smooth(p_before, q_before)
        if low > high:
            return None
        highest.append(high)
        room.append(high - low)
    excess = sum(highest)
    total_room = sum(room)
    if excess < 0 or excess > total_room:
        return None
    steps = [
        high - (excess * spare // total_room if total_room else 0)
        for high, spare in zip(highest, room, strict=True)
    ]
    # What rounding left (the steps must sum to zero): off the steps with room to spare,
    # first come first served.
    left = sum(steps)
    for k in range(count):
        if not left:
            break
        cut = min(room[k] - (highest[k] - steps[k]), left)
        steps[k] -= cut
        left -= cut
    return [2 * step for step in steps] if left == 0 else None


def _along(q: int, ideal: int, circle: int, cut: int) -> int:
    """Where the ideal opponent's place of target ``q`` lies on the circle cut at ``cut``."""
    return (q + ideal - cut) % circle


def _circle_order(
    points: list[int], targets: list[int], ideal: int, circle: int, cut: int
) -> list[tuple[int, int]]:
    """The least-cost order-keeping injection of ``points`` into the (no shorter)
    ``targets`` on the circle cut at ``cut`` (cost: the squared distance), as (point,
    target) positions in the points' circle order."""
    placed = sorted(((p - cut) % circle, p) for p in points)
    aimed = sorted((_along(q, ideal, circle, cut), q) for q in targets)
    surplus = len(aimed) - len(placed)
    # best[d]: least cost of the first i points placed among the first i + d targets;
    # took[i][d]: whether point i takes target i + d there (else target i + d is left out).
    best = [0] * (surplus + 1)
    took: list[list[bool]] = []
    for i, (where, _) in enumerate(placed):
        row = [False] * (surplus + 1)
        current = [0] * (surplus + 1)
        for d in range(surplus + 1):
            cost = best[d] + (aimed[i + d][0] - where) ** 2
            if d and current[d - 1] < cost:
                current[d] = current[d - 1]
            else:
                current[d] = cost
                row[d] = True
        took.append(row)
        best = current
    pairs: list[tuple[int, int]] = []
    i, d = len(placed) - 1, surplus
    while i >= 0:
        if took[i][d]:
            pairs.append((placed[i][1], aimed[i + d][1]))
            i -= 1
        else:
            d -= 1
    pairs.reverse()
    return pairs
