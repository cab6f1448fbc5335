"""The Dutch system's edge weights for one bracket: the quality criteria [C6]-[C21] packed
lexicographically (the fields and their order from the criteria table,
``crosstable.pairing.dutch_criteria.QUALITY_CRITERIA``, with the local rules' fields where
they apply) in the most significant part, and the generation order of C.04.3 Art. 4 in the
least significant part: which moved-down players float and whom they meet (Art. 4.4, 4.2),
then the remainder's exchanges (Art. 4.3) and S2 transpositions (Art. 4.2).

A maximum-weight matching on these weights is the bracket's pairing
(``crosstable.pairing.dutch``); the packing itself is ``crosstable.pairing.weights``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Protocol

from crosstable.pairing.colours import ColourPreference, Strength
from crosstable.pairing.dutch_criteria import QUALITY_CRITERIA
from crosstable.pairing.history import Float, PlayerHistory
from crosstable.pairing.local_rules import (
    FLOAT_AGAIN_FIELD,
    OTHER_FLOATER_FIELD,
    LocalRules,
    floater_field,
    floater_order_fields,
)
from crosstable.pairing.weights import WeightLayout


class WeighedPlayer(Protocol):
    """What the weights read of a player."""

    @property
    def history(self) -> PlayerHistory: ...
    @property
    def preference(self) -> ColourPreference: ...


class ColourFailures(Protocol):
    """The colour criteria a pair fails ([C10]-[C13], 0 or 1 each)."""

    @property
    def c10(self) -> int: ...
    @property
    def c11(self) -> int: ...
    @property
    def c12(self) -> int: ...
    @property
    def c13(self) -> int: ...


class WeighedRound(Protocol):
    """What the weights read of the round being paired (``dutch._RoundPairer``): vertices are
    players in pairing order, plus the bye's vertex when the round has one."""

    @property
    def players(self) -> Sequence[WeighedPlayer]: ...
    @property
    def level(self) -> list[int]: ...
    @property
    def level_of(self) -> dict[Fraction, int]: ...
    @property
    def bye_vertex(self) -> int | None: ...
    @property
    def floated(self) -> set[int]: ...
    @property
    def has_topscorers(self) -> bool: ...
    @property
    def round_number(self) -> int: ...
    @property
    def local_rules(self) -> LocalRules: ...
    def colour_outcome(self, i: int, j: int) -> ColourFailures: ...
    def float_again(self, u: int, v: int) -> int: ...


class BracketQuality:
    """Edge weights for one bracket: quality criteria [C6]-[C21] (see ``CRITERIA``) in the
    most significant fields, the generation order of Art. 4 in the least significant ones."""

    def __init__(
        self,
        pairer: WeighedRound,
        unpaired: list[int],
        bracket: list[int],
        mdps: list[int],
        current: Fraction,
        following: Fraction | None,
        known_floaters: frozenset[int] | None = None,
    ) -> None:
        """``known_floaters``: under local rule 4.9, the bracket players who float in every
        pairing that is best by the criteria ranked above the floater order ([C6], [C7]),
        when the caller knows them (see :func:`floater_order_fields`); None: not known."""
        self.pairer = pairer
        level = pairer.level
        self.current = pairer.level_of[current]
        self.following = -1 if following is None else pairer.level_of[following]
        self.in_bracket = set(bracket)
        mdp_levels = sorted({level[v] for v in mdps}, reverse=True)
        bracket_levels = sorted({level[v] for v in bracket}, reverse=True)
        size = len(bracket) + 1
        next_size = size + sum(
            1 for v in unpaired if v != pairer.bye_vertex and level[v] == self.following
        )
        fields: list[tuple[str, int]] = []
        if pairer.floated:  # local rule float once, when no pairing meets it: first
            fields += [(FLOAT_AGAIN_FIELD, len(unpaired) + 1)]
        strict_floaters = pairer.local_rules.float_highest_number_first
        # The criteria table's fields, in its order; a field's capacity exceeds any total it
        # can reach: a count of bracket players, of the next bracket's ([C8]), of rounds ([C9]).
        capacity = {"n8": next_size, "c9": pairer.round_number + 1}
        levels = {"mdp": mdp_levels, "bracket": bracket_levels}
        for criterion in QUALITY_CRITERIA:
            if criterion.code == "C8" and strict_floaters:
                # local rule: which players float, right after [C6]-[C7]
                if known_floaters is None:
                    fields += floater_order_fields(bracket)
                else:
                    fields += [(OTHER_FLOATER_FIELD, size)]
            for field in criterion.fields:
                room = capacity.get(field.name, size)
                if field.per:
                    fields += [(f"{field.name}:{x}", room) for x in levels[field.per]]
                else:
                    fields += [(field.name, room)]
        layout = WeightLayout(fields)
        self.layout = layout
        m = layout.multiplier
        self.m = {name: m(name) for name in layout.names}
        self.per_level = {
            name: {x: m(f"{name}:{x}") for x in mdp_levels}
            for name in ("c7", "c18", "c19", "c20", "c21")
        }
        self.per_level["c8"] = {x: m(f"c8:{x}") for x in bracket_levels}
        self.floater_rank: dict[int, int] = {}
        """Vertex -> the multiplier of its local floater-order field (empty: rule off, or
        the floaters known)."""
        self.known_floaters = known_floaters if strict_floaters else None
        self.other_floater = 0
        """With the floaters known: what a bracket player not among them adds by floating.
        The rule's per-player fields then reduce to one count (see
        :func:`floater_order_fields`), and the player classes stay usable."""
        if strict_floaters:
            if known_floaters is None:
                self.floater_rank = {v: m(floater_field(k)) for k, v in enumerate(bracket)}
            else:
                self.other_floater = m(OTHER_FLOATER_FIELD)
        self.bye_bracket = False
        """Whether [C9] applies (set by the caller)."""
        self._cache: dict[tuple[int, int], int] = {}

    def classes(self, extra: Callable[[int], Hashable]) -> Callable[[int], Hashable] | None:
        """A class for each vertex such that :meth:`penalty` of a pair depends only on the
        two classes (with ``extra``, what a weight adds to the penalty per vertex), for
        :meth:`~crosstable.pairing.graph.PairingGraph.solve_first_around`; None when the
        local rules weigh single players (second floats, floater order): no classes then.

        What the penalty reads of a player: his score level and whether he is in the
        bracket; in the bracket, his float history (Art. 1.4, [C14]-[C21]), his unplayed
        rounds when [C9] applies, and for the colour criteria his preference (colour,
        strength). [C12]/[C13] depend on the two preferences alone, whoever of two equal
        ones gives way; [C10]/[C11] (topscorers, final round) only on a player of absolute
        preference, who then gets a class of his own: who of two such players gives way
        comes from their colour histories and ranks (Art. 5.2.3-5.2.4)."""
        pairer = self.pairer
        if pairer.floated or self.floater_rank:
            return None
        bye = pairer.bye_vertex
        level = pairer.level
        players = pairer.players
        in_bracket = self.in_bracket
        topscorers = pairer.has_topscorers
        bye_bracket = self.bye_bracket
        known = self.known_floaters

        def key(v: int) -> Hashable:
            if v == bye:
                return ("bye", extra(v))
            if v not in in_bracket:
                return (level[v], extra(v))
            player = players[v]
            history = player.history
            preference = player.preference
            colour: Hashable = (preference.colour, preference.strength)
            if topscorers and preference.strength is Strength.ABSOLUTE:
                colour = v
            return (
                level[v],
                colour,
                history.float_before(1),
                history.float_before(2),
                history.unplayed_rounds if bye_bracket else None,
                known is not None and v in known,
                extra(v),
            )

        return key

    def penalty(self, u: int, v: int) -> int:
        """The packed quality penalty of pairing vertices ``u`` and ``v`` (cached)."""
        key = (u, v) if u < v else (v, u)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._penalty(u, v)
            self._cache[key] = cached
        return cached

    def _penalty(self, u: int, v: int) -> int:
        pairer = self.pairer
        players = pairer.players
        level = pairer.level
        bye = pairer.bye_vertex
        if u == bye or (v != bye and u > v):
            u, v = v, u
        # Now u is the higher-ranked (lower index = pairing order), v lower or the bye.
        hi = players[u]
        m = self.m
        total = 0
        if pairer.floated:
            # Counted on every edge, in or below the bracket: the matching of all unpaired
            # players then has the fewest second downfloats the rest of the round allows.
            total += pairer.float_again(u, v) * m[FLOAT_AGAIN_FIELD]
        current, following = self.current, self.following
        hi_in = u in self.in_bracket
        if hi_in and v in self.in_bracket:
            outcome = pairer.colour_outcome(u, v)
            total += outcome.c10 * m["c10"] + outcome.c11 * m["c11"]
            total += outcome.c12 * m["c12"] + outcome.c13 * m["c13"]
            hi_level = level[u]
            if hi_level > level[v]:
                lo_history = players[v].history
                if lo_history.float_before(1) is Float.UP:
                    total += m["c15"] + self.per_level["c19"][hi_level]
                if lo_history.float_before(2) is Float.UP:
                    total += m["c17"] + self.per_level["c21"][hi_level]
            return total
        if hi_in:
            # hi floats down out of the bracket.
            hi_level = level[u]
            total += m["c6"] + self.floater_rank.get(u, 0)
            if self.other_floater and u not in (self.known_floaters or ()):
                total += self.other_floater
            history = hi.history
            if hi_level > current:
                total += self.per_level["c7"][hi_level]
                if history.float_before(1) is Float.DOWN:
                    total += self.per_level["c18"][hi_level]
                if history.float_before(2) is Float.DOWN:
                    total += self.per_level["c20"][hi_level]
            else:
                if history.float_before(1) is Float.DOWN:
                    total += m["c14"]
                if history.float_before(2) is Float.DOWN:
                    total += m["c16"]
            if v == bye and self.bye_bracket:
                total += history.unplayed_rounds * m["c9"]
            if v == bye or level[v] < following:
                total += m["n8"] + self.per_level["c8"][hi_level]
            return total
        if level[u] == following and (v == bye or level[v] < following):
            total += m["n8"]
        return total

    def heterogeneous_primary(
        self, mdps: list[int], residents: list[int]
    ) -> Callable[[int, int], int | None]:
        """The weights of :meth:`heterogeneous_weight` without the MDPs' opponents: the
        quality, then which MDPs float (Art. 4.4); the opponents come from choices."""
        scale = 1 << len(mdps)
        top = self.layout.top * scale
        float_bit = {v: 1 << (len(mdps) - 1 - k) for k, v in enumerate(mdps)}
        resident_set = set(residents)

        def weight(u: int, v: int) -> int | None:
            total = self.penalty(u, v) * scale
            if u in float_bit and v not in resident_set:
                total += float_bit[u]
            if v in float_bit and u not in resident_set:
                total += float_bit[v]
            return top - total

        return weight

    def heterogeneous_weight(
        self, mdps: list[int], residents: list[int]
    ) -> Callable[[int, int], int | None]:
        """Weights for choosing the MDPs to pair and their opponents (Art. 4.4, 4.2)."""
        fields = [(f"float:{k}", 2) for k in range(len(mdps))]
        fields += [(f"opponent:{k}", len(residents) + 1) for k in range(len(mdps))]
        order = WeightLayout(fields)
        scale = order.top
        top = self.layout.top * scale
        float_bit = [order.multiplier(f"float:{k}") for k in range(len(mdps))]
        opponent_digit = [order.multiplier(f"opponent:{k}") for k in range(len(mdps))]
        mdp_position = {v: k for k, v in enumerate(mdps)}
        resident_position = {v: k + 1 for k, v in enumerate(residents)}

        def order_penalty(u: int, v: int) -> int:
            total = 0
            for a, b in ((u, v), (v, u)):
                k = mdp_position.get(a)
                if k is None:
                    continue
                position = resident_position.get(b)
                if position is None:
                    total += float_bit[k]
                else:
                    total += position * opponent_digit[k]
            return total

        def weight(u: int, v: int) -> int | None:
            return top - self.penalty(u, v) * scale - order_penalty(u, v)

        return weight

    def homogeneous_primary(
        self, residents: list[int], pair_count: int, limbo: set[int]
    ) -> Callable[[int, int], int | None]:
        """The quality of :meth:`homogeneous_weight`, then the number of pairs that are
        not S1-S2 (S1 = the first ``pair_count`` residents; an S1 player floating counts
        too): zero when no exchange is needed, and then the transpositions come from
        choices."""
        scale = len(residents) + 1  # more than the pairs a matching can have in the bracket
        top = self.layout.top * scale
        s1 = set(residents[:pair_count])
        s2 = set(residents[pair_count:])
        in_bracket = self.in_bracket

        def weight(u: int, v: int) -> int | None:
            if (u in limbo and (v in in_bracket)) or (v in limbo and (u in in_bracket)):
                return None
            total = self.penalty(u, v) * scale
            if u in s1 or v in s1:
                if not ((u in s1 and v in s2) or (v in s1 and u in s2)):
                    total += 1
            elif u in s2 and v in s2:
                total += 1
            return top - total

        return weight

    def homogeneous_weight(
        self, residents: list[int], pair_count: int, limbo: set[int]
    ) -> Callable[[int, int], int | None]:
        """Weights for the exchanges (Art. 4.3) and transpositions (Art. 4.2) of the
        remainder ``residents`` (in order), expected to form ``pair_count`` pairs."""
        size = len(residents)
        s1 = pair_count
        fields: list[tuple[str, int]] = [("exchanged", size + 1), ("s1-sum", size * size + 1)]
        fields += [(f"kept:{b}", 2) for b in range(s1, 0, -1)]
        fields += [(f"moved:{b}", 3) for b in range(s1 + 1, size + 1)]
        # Transpositions: field ``opponent:b`` holds ``high - b`` for the pair whose lower BSN
        # is ``b``. A matching has at most one such pair (b is in one pair), so the field's
        # total is at most ``size - b`` and a capacity of ``size - b + 1`` keeps every field
        # above the largest sum of the fields after it: the packing optimises them in the same
        # lexicographic order as a uniform ``size + 1`` did, on log2(size!) bits instead of
        # (size - 1) log2(size + 1) (612 players: about 4,780 instead of 5,660). A smaller
        # encoding is not used: the order compares opponents S1 player by S1 player, and an
        # additive weight for that needs each position to outweigh every choice after it.
        fields += [(f"opponent:{b}", size - b + 1) for b in range(1, size)]
        order = WeightLayout(fields)
        scale = order.top
        top = self.layout.top * scale
        m = {name: order.multiplier(name) for name in order.names}
        bsn = {v: k + 1 for k, v in enumerate(residents)}
        in_bracket = self.in_bracket

        def weight(u: int, v: int) -> int | None:
            if (u in limbo and (v in in_bracket)) or (v in limbo and (u in in_bracket)):
                return None
            total = self.penalty(u, v) * scale
            a, b = bsn.get(u), bsn.get(v)
            if a is not None and b is not None:
                low, high = (a, b) if a < b else (b, a)
                if low > s1:
                    total += m["exchanged"] - m[f"moved:{low}"]
                else:
                    total += m[f"kept:{low}"]
                total += (low - 1) * m["s1-sum"]
                total += (high - low) * m[f"opponent:{low}"]
            return top - total

        return weight
