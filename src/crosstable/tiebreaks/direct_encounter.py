"""Direct encounter (C.07 Art. 6) and the Chinese 直胜 read as "only when exactly two tied".

DE works on a group of participants still tied: a mini-table of the games among them (played
games; forfeits only with ``/P`` or in predetermined pairings, Art. 15.2), averaging the
results of participants who met more than once (6.1.2). If everyone in the group met
everyone, the mini-table orders the group and DE is re-applied to each sub-group still tied.
Otherwise (6.3, Swiss) a participant ranks first only if he stays alone on top whatever the
results of the missing games, then second, and so on; DE is re-applied to the rest.
"""

from __future__ import annotations

from fractions import Fraction

from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import TiebreakSpec


def _mini_table(
    ctx: IndividualContext, spec: TiebreakSpec, group: list[int]
) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Each member's score against the others (averaged per opponent) and how many of the
    others he has not met."""
    members = set(group)
    scores: dict[int, Fraction] = {}
    unmet: dict[int, int] = {}
    for number in group:
        against: dict[int, list[int]] = {}
        for record in ctx.records[number]:
            opponent = record.opponent
            if (
                opponent is not None
                and opponent in members
                and ctx.counts_as_game(record, spec.forfeits_as_played)
            ):
                against.setdefault(opponent, []).append(record.points)
        scores[number] = sum(
            (Fraction(sum(points), len(points) * ctx.scale) for points in against.values()),
            Fraction(0),
        )
        unmet[number] = 0 if ctx.predetermined else len(group) - 1 - len(against)
    return scores, unmet


def direct_encounter_split(
    ctx: IndividualContext, spec: TiebreakSpec, group: list[int]
) -> list[list[int]]:
    """Split a tied group into ordered sub-groups by direct encounter."""
    if len(group) < 2:
        return [group]
    scores, unmet = _mini_table(ctx, spec, group)
    win = ctx.fraction(ctx.win)
    if not any(unmet.values()):
        levels = sorted(set(scores.values()), reverse=True)
        if len(levels) == 1:
            return [group]
        parts: list[list[int]] = []
        for level in levels:
            part = [number for number in group if scores[number] == level]
            parts.extend(direct_encounter_split(ctx, spec, part))
        return parts
    maximum = {number: scores[number] + unmet[number] * win for number in group}
    order = sorted(group, key=lambda number: (-scores[number], -maximum[number], number))
    separated: list[list[int]] = []
    while len(order) >= 2:
        top, others = order[0], order[1:]
        if scores[top] > max(maximum[other] for other in others):
            separated.append([top])
            order = others
        else:
            break
    if not separated:
        return [group]
    rest = sorted(order)
    return [*separated, *direct_encounter_split(ctx, spec, rest)]


def two_tied_encounter_split(
    ctx: IndividualContext, spec: TiebreakSpec, group: list[int]
) -> list[list[int]]:
    """直胜 as Chinese software reads it: only when exactly two are tied, the one who scored
    more in their game(s) ranks higher; any other group is left as it is."""
    if len(group) != 2:
        return [group]
    first, second = group
    totals = {first: 0, second: 0}
    for number, other in ((first, second), (second, first)):
        for record in ctx.records[number]:
            if record.opponent == other and ctx.counts_as_game(record, spec.forfeits_as_played):
                totals[number] += record.points
    if totals[first] == totals[second]:
        return [group]
    return [[first], [second]] if totals[first] > totals[second] else [[second], [first]]
