"""The FIDE (Dutch) system, 2026 rules: C.04.3 as in force since 1 February 2026, on top of
C.04.1 (basic rules) and C.04.2 (general handling rules).

How a round is paired (docs/pairing/dutch.md has every reading, article by article):

* Brackets are paired one by one from the top (Art. 3). For each bracket one maximum-weight
  matching is computed over *all* players still unpaired, plus a dummy vertex standing for the
  pairing-allocated bye (PAB) when their number is odd. A perfect matching always exists
  (checked once per round), so completion [C4] holds by construction. Edge weights pack the
  quality criteria [C6]-[C21] of the current bracket lexicographically (``CRITERIA``, in
  ``crosstable.pairing.dutch_criteria``; the weights are ``crosstable.pairing.dutch_weights``);
  [C5], the PAB assignee's score, is fixed once per round before the first bracket.
* Among equally good candidates the rules take the one generated first (Art. 4). That order
  is packed into the least significant part of the weights: first the choice of the moved-down
  players (MDPs) to pair and their opponents (Art. 4.4 and the S2 transpositions of Art. 4.2),
  then, for the remainder, the exchanges of Art. 4.3 and the transpositions of Art. 4.2.
* Before the matchings, a quick search in that order (``crosstable.pairing.dutch_quick``)
  often finds a bracket's first perfect candidate, which is then the rules' choice.
* Colours follow Art. 5; boards are ordered by C.04.2 Art. 3.6.
* Local rules (issue 7) come from ``crosstable.pairing.local_rules`` as prohibited pairings,
  bye restrictions, colour exemptions and extra weight fields; off by default.
"""

from __future__ import annotations

import bisect
import dataclasses
import random
from collections.abc import Collection, Hashable, Iterator, Sequence
from fractions import Fraction
from itertools import filterfalse

from crosstable.message import Message
from crosstable.model import Colour, ResultCode, Tournament
from crosstable.pairing.base import Board, PairingError, PairingWarning, RoundPairing
from crosstable.pairing.colours import (
    ColourPreference,
    Strength,
    colour_preference,
    last_differing_colours,
)
from crosstable.pairing.dutch_criteria import CRITERIA as CRITERIA
from crosstable.pairing.dutch_criteria import Criterion as Criterion
from crosstable.pairing.dutch_quick import known_floaters, perfect_candidate
from crosstable.pairing.dutch_weights import BracketQuality
from crosstable.pairing.graph import MatchingFunction, PairingGraph
from crosstable.pairing.history import (
    Float,
    PlayerHistory,
    build_histories,
    infer_initial_colour,
    next_round,
    players_to_pair,
)
from crosstable.pairing.local_rules import LocalRules as LocalRules
from crosstable.pairing.local_rules import (
    barred_from_bye,
    colour_limits_lifted,
    float_again_warnings,
    floats_again,
    has_downfloated,
    local_prohibitions,
)
from crosstable.pairing.local_rules import local_rules_from as local_rules_from


@dataclasses.dataclass(frozen=True, slots=True)
class _Player:
    """A player to be paired, with what the Dutch rules derive from the history."""

    history: PlayerHistory
    preference: ColourPreference
    topscorer: bool
    """Exempt from the absolute colour criteria: a topscorer (Art. 1.8), or anyone in the
    final round when the local rule lifts the colour limits there."""
    rank: int
    """Position (1-based, by TPN) among the players who take part in the tournament so far
    (paired in this round or an earlier one): the reference engines' reading of the
    "pairing number" of Art. 5.2.5, which differs from the TPN when players have not yet
    entered."""

    @property
    def number(self) -> int:
        return self.history.number

    @property
    def score(self) -> Fraction:
        return self.history.score


# --------------------------------------------------------------------------------------------
# Colour allocation (Art. 5)


def allocate_colours(higher: _Player, lower: _Player, initial: Colour) -> Colour:
    """The colour of ``higher`` (the higher-ranked player) in a game against ``lower``."""
    hp, lp = higher.preference, lower.preference
    # 5.2.1 grant both colour preferences (a player without a preference adapts).
    if hp.colour is not None and hp.colour is not lp.colour:
        return hp.colour
    if lp.colour is not None and hp.colour is not lp.colour:
        return lp.colour.opposite
    if hp.colour is not None:  # same preferred colour
        # 5.2.2 grant the stronger preference; both absolute: the wider colour difference.
        if hp.strength != lp.strength:
            return hp.colour if hp.strength > lp.strength else hp.colour.opposite
        hd = abs(higher.history.colour_difference)
        ld = abs(lower.history.colour_difference)
        if hp.strength is Strength.ABSOLUTE and hd != ld:
            return hp.colour if hd > ld else hp.colour.opposite
    # 5.2.3 alternate relative to the most recent round in which they had different colours.
    differing = last_differing_colours(higher.history.colours, lower.history.colours)
    if differing is not None:
        return differing[0].opposite
    # 5.2.4 grant the higher-ranked player's preference.
    if hp.colour is not None:
        return hp.colour
    # 5.2.5 the initial colour for an odd rank, the other colour for an even one.
    return initial if higher.rank % 2 == 1 else initial.opposite


@dataclasses.dataclass(frozen=True, slots=True)
class _ColourOutcome:
    """The colour criteria failures of one possible pair."""

    c10: int
    c11: int
    c12: int
    c13: int


def _colour_outcome(higher: _Player, lower: _Player, initial: Colour) -> _ColourOutcome:
    colour = allocate_colours(higher, lower, initial)
    c10 = c11 = c12 = c13 = 0
    topscorers = higher.topscorer or lower.topscorer
    for player, given in ((higher, colour), (lower, colour.opposite)):
        pref = player.preference
        if pref.colour is not None and pref.colour is not given:
            c12 += 1
            if pref.strength >= Strength.STRONG:
                c13 += 1
        if topscorers:
            difference = player.history.colour_difference + (1 if given is Colour.WHITE else -1)
            if abs(difference) > 2:
                c10 += 1
            if player.history.colours[-2:] == (given, given):
                c11 += 1
    return _ColourOutcome(c10, c11, c12, c13)


# --------------------------------------------------------------------------------------------
# Pairing one round


class _WithoutFloatsAgain(Collection[int]):
    """A player's row without the pairs that make one of the two float down a second time
    (:meth:`_RoundPairer.float_again`): the vertices before ``cut`` (a player who already
    downfloated meets nobody below his score at no cost; ``cut`` ends the field for the
    others) and not in ``costly`` (those who already downfloated from above his score). A
    view read through C filters, not a copy of a row of thousands."""

    __slots__ = ("costly", "cut", "row")

    def __init__(self, row: Collection[int], cut: int, costly: frozenset[int]) -> None:
        self.row = row
        self.cut = cut
        self.costly = costly

    def __contains__(self, vertex: object) -> bool:
        return (
            isinstance(vertex, int)
            and vertex < self.cut
            and vertex not in self.costly
            and vertex in self.row
        )

    def __iter__(self) -> Iterator[int]:
        return filterfalse(self.costly.__contains__, filter(self.cut.__gt__, self.row))

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _default_matching() -> MatchingFunction:
    from crosstable import matching

    function: MatchingFunction = matching.max_weight_matching
    return function


class _RoundPairer(PairingGraph):
    """Pairs one round: brackets from the top, one weighted matching per pass."""

    def __init__(
        self,
        players: Sequence[_Player],
        prohibited: Sequence[Sequence[int]],
        initial: Colour,
        round_number: int,
        matching: MatchingFunction,
        local_rules: LocalRules,
        count_floats_again: bool = False,
        rematches_allowed: Collection[frozenset[int]] = (),
        no_downfloat: Collection[int] = (),
    ) -> None:
        """``no_downfloat``: TPNs who may not meet a lower score (local rule float once,
        absolute)."""
        # Pairing order (Art. 1.2): score descending, then TPN.
        self.players = sorted(players, key=lambda p: (-p.score, p.number))
        self.initial = initial
        self.round_number = round_number
        self.local_rules = local_rules
        self.quick_bracket = False
        """Whether the last bracket paired was the quick candidate's."""
        self.least_floats_again = 0
        """While second downfloats are counted: the fewest the round allows."""
        self.cheapest: dict[int, int] = {}
        """While they are counted: a pairing of the round with the fewest (a start for the
        plain matchings that ask whether a rest can avoid them all)."""
        self.counts_floats_again = count_floats_again
        """Float once could not be met: the pairing says who floats down again."""
        self.floated = (
            {k for k, p in enumerate(self.players) if has_downfloated(p.history)}
            if count_floats_again
            else set()
        )
        """Local rule float once, when no pairing meets it: the vertices of the players who
        already downfloated, whose second downfloat is the first quality criterion. Empty
        otherwise (the rule is then absolute, or off), and emptied once the rest of the round
        can be paired with no second downfloat (:meth:`stop_counting_floats_again`)."""
        count = len(self.players)
        self.bye_vertex = count if count % 2 == 1 else None
        super().__init__(count + (1 if self.bye_vertex is not None else 0), matching)
        self.connect_compatible(prohibited, rematches_allowed, no_downfloat)
        if self.bye_vertex is not None:
            for i in range(count):
                if self.players[i].history.can_receive_bye:
                    self.connect(i, self.bye_vertex)
        self._colour_cache: dict[tuple[int, int], _ColourOutcome] = {}
        scores = sorted({p.score for p in self.players})
        self.level_of = {score: k for k, score in enumerate(scores)}
        """Score -> its rank among the round's scores (0 = lowest)."""
        self.level = [self.level_of[p.score] for p in self.players]
        self.has_topscorers = any(p.topscorer for p in self.players)

    def connect_compatible(
        self,
        prohibited: Sequence[Sequence[int]],
        rematches_allowed: Collection[frozenset[int]] = (),
        no_downfloat: Collection[int] = (),
    ) -> None:
        """Edges between players who may meet: [C1] not met over the board, [C3] not two
        non-topscorers with the same absolute colour preference, not a prohibited pairing
        (``prohibited``: groups of TPNs who must not meet in this round), nobody of
        ``no_downfloat`` with a lower score."""
        players = self.players
        index_of = {p.number: k for k, p in enumerate(players)}
        absolute: dict[Colour, set[int]] = {Colour.WHITE: set(), Colour.BLACK: set()}
        for k, p in enumerate(players):
            if not p.topscorer and p.preference.strength is Strength.ABSOLUTE:
                assert p.preference.colour is not None
                absolute[p.preference.colour].add(k)
        count = len(players)
        banned: list[set[int]] = [{k} for k in range(count)]
        for group in prohibited:
            members = {index_of[n] for n in group if n in index_of}
            for k in members:
                banned[k] |= members
        for k, p in enumerate(players):
            # [C1] both ways: a row lists whom its player may meet, and both rows must agree;
            # a rematch the chief arbiter allows (no pairing exists otherwise) is no bar.
            for o in p.history.opponents:
                j = index_of.get(o)
                if j is not None and frozenset((p.number, o)) not in rematches_allowed:
                    banned[k].add(j)
                    banned[j].add(k)
        if no_downfloat:
            self.bar_downfloats(banned, no_downfloat)
        no_set: set[int] = set()
        for k, p in enumerate(players):
            excluded = banned[k]
            # Given to the row (or dropped once it is built): the bars and the rows are not
            # held twice (1.2 GB at 10,000 players late in an event, when float once bars
            # thousands of floaters from everyone below them).
            banned[k] = no_set
            colour = p.preference.colour
            if colour is not None and k in absolute[colour]:
                excluded |= absolute[colour]
            if self.bye_vertex is not None:
                excluded.add(self.bye_vertex)  # connected afterwards, to eligible players only
            # Most players may meet most others: a row stores whichever of "may meet" and
            # "may not meet" is smaller (10,000 players: 10^8 entries otherwise).
            self.set_row(k, excluded)

    def bar_downfloats(self, banned: list[set[int]], no_downfloat: Collection[int]) -> None:
        """Add to ``banned`` the pairs of a player of ``no_downfloat`` with a lower score.
        The players are in score order, so those below a score are a tail of the indices
        and those above one a head: whole ranges at a time, not a test per pair (a national
        event late on has thousands of such players, millions of pairs)."""
        players = self.players
        count = len(players)
        first_of = [0] * count  # the first index of each player's score
        below = [count] * count  # the first index of a lower score
        for k in range(1, count):
            first_of[k] = first_of[k - 1] if players[k].score == players[k - 1].score else k
        for k in range(count - 2, -1, -1):
            below[k] = below[k + 1] if players[k].score == players[k + 1].score else k + 1
        barred = set(no_downfloat)
        # One int object per vertex, shared by every set that holds it (``range`` would
        # make new ones for each row: hundreds of MB at 10,000 players late in an event).
        vertices = list(range(count))
        floaters = [vertices[k] for k, p in enumerate(players) if p.number in barred]
        for k in floaters:
            banned[k].update(vertices[below[k] :])
        for j in range(count):
            above = bisect.bisect_left(floaters, first_of[j])
            if above:
                banned[j].update(floaters[:above])

    # -- helpers ---------------------------------------------------------------------------

    def colour_outcome(self, i: int, j: int) -> _ColourOutcome:
        key = (i, j) if i < j else (j, i)
        outcome = self._colour_cache.get(key)
        if outcome is None:
            outcome = _colour_outcome(self.players[key[0]], self.players[key[1]], self.initial)
            self._colour_cache[key] = outcome
        return outcome

    def no_pairing_message(self) -> Message:
        return Message(
            "round %(round)s: no pairing satisfies the absolute criteria "
            "(C1 no rematch, C2 bye eligibility, C3 absolute colour preferences, "
            "prohibited pairings); the arbiter must decide",
            round=self.round_number,
        )

    def score(self, v: int) -> Fraction | None:
        return None if v == self.bye_vertex else self.players[v].score

    def float_again(self, u: int, v: int) -> int:
        """1 if pairing ``u`` with ``v`` makes one of them float down a second time while
        that is counted (``floated``), else 0."""
        if not self.floated:
            return 0
        for a, b in ((u, v), (v, u)):
            if a in self.floated:
                partner = self.score(b)
                if floats_again(self.players[a].history, partner):
                    return 1
        return 0

    def rows_without_floats_again(self) -> list[Collection[int]]:
        """Per vertex, its row without the pairs :meth:`float_again` counts (see
        :class:`_WithoutFloatsAgain`; symmetric as the rows are): the players are in score
        order, so those below a score are a tail of the indices, and those who downfloated
        from above one are the same set for everyone of that score."""
        players = self.players
        count = len(players)
        floated = sorted(self.floated, key=lambda a: players[a].history.score)
        floated_scores = [players[a].history.score for a in floated]
        descending = [-p.score for p in players]
        costly_of: dict[Fraction, frozenset[int]] = {}
        cut_of: dict[Fraction, int] = {}
        rows: list[Collection[int]] = []
        for v, p in enumerate(players):
            costly = costly_of.get(p.score)
            if costly is None:
                above = bisect.bisect_right(floated_scores, p.score)
                costly = costly_of[p.score] = frozenset(floated[above:])
            cut = self.vertex_count
            if v in self.floated:
                own = p.history.score
                if own not in cut_of:
                    cut_of[own] = bisect.bisect_right(descending, -own)
                cut = cut_of[own]
            rows.append(_WithoutFloatsAgain(self.neighbours[v], cut, costly))
        if self.bye_vertex is not None:
            # The bye is a second downfloat for everyone who already downfloated.
            rows.append(
                _WithoutFloatsAgain(self.neighbours[count], count + 1, frozenset(self.floated))
            )
        return rows

    def floats_again_in(self, mate: dict[int, int]) -> int:
        """The number of players floating down a second time in the matching ``mate``."""
        return sum(self.float_again(v, m) for v, m in mate.items() if v < m)

    # -- [C5] ------------------------------------------------------------------------------

    def restrict_bye_to_lowest_score(self, vertices: list[int]) -> None:
        """[C4] and [C5]: check that the round can be paired at all, and keep bye edges only
        to the lowest-scored eligible players who can take the bye with everyone else paired."""
        if self.floated:
            self.restrict_bye_after_floats_again(vertices)
            return
        bye = self.bye_vertex
        real = [v for v in vertices if v != bye]
        # Asked of the graph's own rows through ``has_perfect_matching`` (a SubsetMatcher that
        # keeps its matching between questions), not of a renumbered copy of the field. The
        # same questions: "can ``real`` all be paired?" is a perfect matching of the subgraph
        # induced by ``real`` (the bye vertex hidden), and "can everyone but ``candidate`` be
        # paired?" one of ``real`` minus the candidate (an even set: the bye exists when
        # ``real`` is odd). The matcher counts an edge only when both rows list it, and every
        # row here is symmetric (``connect`` / ``connect_compatible``), so it sees exactly
        # the edges the renumbered adjacency had. Same answers, hence the same [C5] score.
        if bye is None:
            if not self.has_perfect_matching(real):
                raise PairingError(self.no_pairing_message())
            return
        if not self.has_perfect_matching([*real, bye]):
            # No candidate can take the bye with everyone else paired (each would be one
            # such matching): one question instead of a failing one per candidate.
            raise PairingError(self.no_pairing_message())
        candidates = sorted(self.neighbours[bye], key=lambda v: (self.players[v].score, -v))
        for candidate in candidates:
            if self.has_perfect_matching([v for v in real if v != candidate]):
                bye_score = self.players[candidate].score
                break
        else:
            raise PairingError(self.no_pairing_message())
        for i in list(self.neighbours[bye]):
            if self.players[i].score != bye_score:
                self.disconnect(i, bye)

    def restrict_bye_after_floats_again(self, vertices: list[int]) -> None:
        """As :meth:`restrict_bye_to_lowest_score` when second downfloats are counted: they
        come first, so the bye goes to the lowest score with which a pairing of everyone
        else has no more of them than the fewest possible.

        One matching answers both: a second downfloat costs more than any score level (0
        for the lowest score), and the bye's pair costs its player's level besides, so the
        cheapest pairing has the fewest second downfloats and, among those, the bye at the
        lowest score (before: one matching for the fewest, then one per lower score with
        the bye there, each a second at 5,000 players)."""
        bye = self.bye_vertex
        levels = len(self.level_of)
        level = self.level

        def cost(u: int, v: int) -> int:
            paid = self.float_again(u, v) * levels
            if u == bye:
                paid += level[v]
            elif v == bye:
                paid += level[u]
            return paid

        found = self.least_cost_matching(vertices, cost, self.float_class)
        if found is None:
            raise PairingError(self.no_pairing_message())
        total, mate = found
        self.least_floats_again = total // levels
        self.cheapest = mate
        if bye is None:
            return
        chosen = self.players[mate[bye]].score
        for i in list(self.neighbours[bye]):
            if self.players[i].score != chosen:
                self.disconnect(i, bye)

    def float_class(self, v: int) -> Hashable:
        """What :meth:`float_again` reads of a vertex: the bye, or the score and whether the
        player already downfloated."""
        if v == self.bye_vertex:
            return None
        return (self.level[v], v in self.floated)

    def fewest_floats_again(
        self, vertices: list[int], bye_score: Fraction | None = None, at_least: int | None = None
    ) -> int | None:
        """The fewest players floating down a second time in a pairing of ``vertices``
        (with ``bye_score``: the bye going to a player of that score); None if they cannot
        be paired. Solved on the classes of :meth:`float_class` (a pair's count depends on
        the two scores and on who already floated), not on every pair of the field.
        ``at_least``: a count known to be reachable at best (the round's fewest less the
        second downfloats already paired): any pairing reaching it answers."""
        if at_least == 0 and bye_score is None and self.floated:
            # "Can they be paired with no second downfloat?" (a bracket's check once its
            # own pairs take the round's fewest): a plain matching without those pairs.
            rows = self.rows_without_floats_again()
            if self.has_perfect_matching_on(vertices, rows, self.cheapest):
                return 0
        bye = self.bye_vertex
        barred: list[int] = []
        if bye_score is not None and bye is not None:
            barred = [v for v in self.neighbours[bye] if self.players[v].score != bye_score]
            for v in barred:
                self.disconnect(v, bye)
        try:
            found = self.least_cost_matching(vertices, self.float_again, self.float_class, at_least)
        finally:
            for v in barred:
                assert bye is not None
                self.connect(v, bye)
        return None if found is None else found[0]

    def stop_counting_floats_again(self, unpaired: list[int]) -> None:
        """The rest of the round can be paired with no second downfloat (and must be, the
        count coming first): from here on float once is absolute again, as in the first
        pass, its pairs removed from the graph. The brackets left are then paired exactly as
        the counted weights would pair them (their optimum has no such pair), with the quick
        candidate and the player classes."""
        bye = self.bye_vertex
        level = self.level  # integers: a Fraction comparison per pair costs seconds here
        floated = [f for f in unpaired if f in self.floated]
        by_level: dict[int, list[int]] = {}
        for v in unpaired:
            if v != bye:
                by_level.setdefault(level[v], []).append(v)
        above: dict[int, list[int]] = {}  # per score level, the floated players above it
        for lower in by_level:
            above[lower] = [f for f in floated if level[f] > lower]
        for f in floated:
            if bye is not None:
                self.disconnect(f, bye)
            below = [v for lower, members in by_level.items() if lower < level[f] for v in members]
            self.remove_edges(f, below)
        for lower, members in by_level.items():
            for v in members:
                self.remove_edges(v, above[lower])
        self.floated = set()

    def is_bye_bracket(
        self, unpaired: list[int], bracket: list[int], following: Fraction | None
    ) -> bool:
        """Whether [C9] applies to this bracket: it "downfloats exactly one player, who will
        end up receiving the PAB" -- the last bracket, or an odd bracket that can be completed
        with the bye while everyone below pairs among themselves."""
        if self.bye_vertex is None:
            return False
        if following is None:
            return True
        if len(bracket) % 2 == 0:
            return False
        members = set(bracket)
        rest = [v for v in unpaired if v not in members and v != self.bye_vertex]
        return self.has_perfect_matching([*bracket, self.bye_vertex]) and (
            self.has_perfect_matching(rest)
        )

    # -- the rounds' brackets ----------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None]:
        unpaired = list(range(self.vertex_count))
        self.restrict_bye_to_lowest_score(unpaired)
        least: int | None = None
        """While second downfloats are counted: the fewest the rest of the round allows."""
        if self.floated:
            # The bye's score was chosen among those that keep the round's fewest.
            least = self.least_floats_again
        pairs: list[tuple[int, int]] = []
        for score in sorted({p.score for p in self.players}, reverse=True):
            if least == 0:
                self.stop_counting_floats_again(unpaired)
                least = None
            fixed = self.pair_bracket(unpaired, score, least)
            pairs.extend(fixed)
            done = {v for pair in fixed for v in pair}
            unpaired = [v for v in unpaired if v not in done]
            if least is not None:
                if self.quick_bracket:
                    # The quick candidate's rest was checked to allow the fewest less its
                    # own second downfloats; after the weights they are counted again.
                    least -= sum(self.float_again(u, v) for u, v in fixed)
                else:
                    # The bracket's pairs and the rest's fewest add up to the round's
                    # fewest at least.
                    paid = sum(self.float_again(u, v) for u, v in fixed)
                    least = self.fewest_floats_again(unpaired, at_least=least - paid)
        real = [v for v in unpaired if v != self.bye_vertex]
        if len(real) > 1:
            # Moved-down players left over in the last bracket: complete the pairing (with
            # the fewest second downfloats when they count).
            if self.floated:
                mate = self.solve(unpaired, lambda u, v: 2 - self.float_again(u, v))
            else:
                mate = self.solve(unpaired, lambda u, v: 1)
            for v in real:
                if v < mate[v] and mate[v] != self.bye_vertex:
                    pairs.append((v, mate[v]))
            real = [v for v in real if mate[v] == self.bye_vertex]
        bye = real[0] if real else None
        return pairs, bye

    def pair_cost(self, u: int, v: int) -> tuple[int, int] | None:
        """The [C12]/[C13] failures of pairing ``u`` (higher ranked) with ``v`` in the
        bracket; None if the pair is illegal or fails any other criterion of its own
        ([C10]/[C11] colours, [C15]/[C17] upfloats)."""
        if v not in self.neighbours[u]:
            return None
        outcome = self.colour_outcome(u, v)
        if outcome.c10 or outcome.c11:
            return None
        if self.level[u] > self.level[v]:
            history = self.players[v].history
            if Float.UP in (history.float_before(1), history.float_before(2)):
                return None
        return outcome.c12, outcome.c13

    def colour_failure_bounds(self, bracket: list[int], pair_count: int) -> tuple[int, int]:
        """Lower bounds of [C12] and [C13] over any pairing of ``pair_count`` pairs within
        ``bracket``: every pair gives White to one player and Black to the other."""
        c12 = c13 = 0
        for colour in (Colour.WHITE, Colour.BLACK):
            wanting = [self.players[v].preference for v in bracket]
            wanting = [p for p in wanting if p.colour is colour]
            excess = max(0, len(wanting) - pair_count)
            mild = sum(1 for p in wanting if p.strength is Strength.MILD)
            c12 += excess
            c13 += max(0, excess - mild)
        return c12, c13

    def pair_bracket(
        self, unpaired: list[int], current: Fraction, least: int | None = None
    ) -> list[tuple[int, int]]:
        """The pairs of the bracket of score ``current``; ``least``: while second downfloats
        are counted, the fewest the rest of the round (``unpaired``) allows."""
        players = self.players
        bracket = [v for v in unpaired if v != self.bye_vertex and players[v].score >= current]
        mdps = [v for v in bracket if players[v].score > current]
        residents = [v for v in bracket if players[v].score == current]
        lower_scores = [
            players[v].score
            for v in unpaired
            if v != self.bye_vertex and players[v].score < current
        ]
        following = max(lower_scores) if lower_scores else None
        neighbours = self.neighbours
        if not any(u != v and u in neighbours[v] for v in residents for u in bracket):
            # No resident may meet anyone of the bracket: it pairs nobody (its pairs are
            # residents' pairs), whatever the weights; everyone moves down.
            self.quick_bracket = True
            return []
        if not self.floated:
            shortcut = perfect_candidate(self, unpaired, bracket, mdps, residents, following)
            if shortcut is not None:
                return shortcut
        elif least is not None:
            shortcut = self.candidate_with_fewest_floats_again(
                unpaired, bracket, mdps, residents, following, least
            )
            if shortcut is not None:
                self.quick_bracket = True
                return shortcut
        self.quick_bracket = False
        floaters = None
        if self.local_rules.float_highest_number_first and not self.floated:
            floaters = known_floaters(self, unpaired, bracket, residents, following)
        quality = BracketQuality(self, unpaired, bracket, mdps, current, following, floaters)
        quality.bye_bracket = self.is_bye_bracket(unpaired, bracket, following)
        fixed: list[tuple[int, int]] = []
        vertices = list(unpaired)
        core = {
            v
            for v in unpaired
            if v != self.bye_vertex and (following is None or players[v].score >= following)
        }
        if self.bye_vertex is not None and any(u in core for u in self.neighbours[self.bye_vertex]):
            core.add(self.bye_vertex)
        if self.floated:
            # Second downfloats weigh on edges below the bracket too: no stand-ins.
            core = set(vertices)
        limbo: set[int] = set()
        if mdps:
            # Art. 4.4 / 4.2: each MDP in turn takes the first resident it can (the quality
            # criteria and which MDPs float come first, in the weights).
            resident_set = set(residents)
            mdp_index = {v: k for k, v in enumerate(mdps)}
            mate_or_none = self.solve_first_around(
                vertices,
                core,
                quality.heterogeneous_primary(mdps, residents),
                [(m, residents) for m in mdps],
                quality.classes(lambda v: (mdp_index.get(v), v in resident_set)),
            )
            if mate_or_none is None:
                mate_or_none = self.solve_around(
                    vertices, core, quality.heterogeneous_weight(mdps, residents)
                )
            mate = mate_or_none
            for m in mdps:
                if mate[m] in resident_set:
                    fixed.append((m, mate[m]))
                else:
                    limbo.add(m)
            paired = {v for pair in fixed for v in pair}
            residents = [v for v in residents if v not in paired]
            vertices = [v for v in vertices if v not in paired]
            core -= paired
        if len(residents) >= 2:
            remainder = set(residents)
            guess = len(residents) // 2
            if mdps:
                guess = sum(1 for v in residents if mate[v] in remainder) // 2
            found: list[tuple[int, int]] = []
            for _ in range(3):
                first = self.transpositions_first(vertices, core, quality, residents, guess, limbo)
                if first is None:
                    mate = self.solve_around(
                        vertices, core, quality.homogeneous_weight(residents, guess, limbo)
                    )
                    first = [
                        (v, mate[v]) for v in residents if mate[v] in remainder and v < mate[v]
                    ]
                found = first
                if len(found) == guess:
                    break
                guess = len(found)
            fixed.extend(found)
        return fixed

    def candidate_with_fewest_floats_again(
        self,
        unpaired: list[int],
        bracket: list[int],
        mdps: list[int],
        residents: list[int],
        following: Fraction | None,
        least: int,
    ) -> list[tuple[int, int]] | None:
        """The quick first candidate (``dutch_quick``) while second downfloats are counted,
        if it is the counted weights' choice; None: the weights decide.

        Those weights put first the fewest second downfloats over the whole rest of the
        round (``least`` at best), then the bracket's criteria. A perfect candidate pairs
        every moved-down player with a resident, so its pairs float down again exactly the
        moved-down players who had floated before (``again``), and every candidate that
        leaves the same resident over (or none) has the same rest of the round to complete.
        The first perfect candidate is therefore the weights' choice when its rest can be
        completed with ``least - again`` second downfloats and, when its leftover floats,
        with [C8] at its bound (the next bracket, with him, loses at most the one its parity
        forces, not him): it is first in generation order among the perfect candidates,
        hence among those that meet ``least`` too. Local rule 4.9 ranks after the count: the
        designated floater is the lowest-ranked resident with such a completion
        (``may_be_left_over``)."""
        again = sum(1 for v in mdps if v in self.floated)
        least -= again
        bye = self.bye_vertex
        members = set(bracket)
        rest = [v for v in unpaired if v not in members and v != bye]
        takes_bye = following is None and bye is not None
        below = [*rest, bye] if bye is not None and not takes_bye else rest

        def may_be_left_over(r: int) -> bool:
            if takes_bye:
                assert bye is not None
                return self.float_again(r, bye) == least
            return self.fewest_floats_again([*below, r], at_least=least) == least

        pairs = perfect_candidate(
            self, unpaired, bracket, mdps, residents, following, may_be_left_over
        )
        if pairs is None or sum(self.float_again(u, v) for u, v in pairs) != again:
            return None
        paired = {v for pair in pairs for v in pair}
        left = [v for v in bracket if v not in paired]
        if not left:
            return pairs if self.fewest_floats_again(below, at_least=least) == least else None
        (r,) = left
        if takes_bye:
            assert bye is not None
            return pairs if self.float_again(r, bye) == least else None
        assert following is not None
        return pairs if self.floater_completes(r, below, following, least) else None

    def floater_completes(
        self, floater: int, below: list[int], following: Fraction, least: int
    ) -> bool:
        """Whether the players ``below`` a bracket and its ``floater`` can be paired with
        ``least`` second downfloats and, among such pairings, with [C8] at its bound: of the
        floater and the next bracket (score ``following``), none paired lower than that
        bracket, or one if they are odd in number, not the floater. One matching on classes
        of the counts: second downfloats, then those paired lower, then the floater among
        them."""
        bye = self.bye_vertex
        level = self.level
        next_level = self.level_of[following]
        vertices = [*below, floater]
        joined = {v for v in below if v != bye and level[v] == next_level}
        joined.add(floater)
        per_float = 2 * len(vertices) + 2  # above any total of the two counts after it

        def lower(v: int) -> bool:
            return v == bye or level[v] < next_level

        def cost(u: int, v: int) -> int:
            total = self.float_again(u, v) * per_float
            for a, b in ((u, v), (v, u)):
                if a in joined and lower(b):
                    total += 2 + (1 if a == floater else 0)
            return total

        def key(v: int) -> Hashable:
            return "floater" if v == floater else self.float_class(v)

        found = self.least_cost_matching(vertices, cost, key)
        if found is None:
            return False
        return found[0] == least * per_float + 2 * (len(joined) % 2)

    def transpositions_first(
        self,
        vertices: list[int],
        core: set[int],
        quality: BracketQuality,
        residents: list[int],
        pair_count: int,
        limbo: set[int],
    ) -> list[tuple[int, int]] | None:
        """The remainder's pairs when no exchange is needed: the best quality with S1 = the
        first ``pair_count`` residents all paired with S2 players, then the S2
        transpositions (Art. 4.2) as each S1 player in turn taking the first S2 player he
        can. None when that cannot be decided so (the pairs found do not number
        ``pair_count``, which the caller then re-tries, are returned as they are): an
        exchange (Art. 4.3) may be needed, or the matching cannot tell the first candidate
        by choices; the weights of :meth:`BracketQuality.homogeneous_weight` decide."""
        s1, s2 = residents[:pair_count], residents[pair_count:]
        in_s1 = set(s1)
        in_s2 = set(s2)
        mate = self.solve_first_around(
            vertices,
            core,
            quality.homogeneous_primary(residents, pair_count, limbo),
            [(v, s2) for v in s1],
            quality.classes(lambda v: (v in in_s1, v in in_s2, v in limbo)),
        )
        if mate is None:
            return None
        remainder = set(residents)
        found = [(v, mate[v]) for v in residents if mate[v] in remainder and v < mate[v]]
        if len(found) != pair_count:
            return found
        if all((u in in_s1) != (v in in_s1) for u, v in found):
            return found
        return None  # an exchange is better: the order of Art. 4.3 is in the full weights


# --------------------------------------------------------------------------------------------
# Public entry point


def _topscorer_threshold(tournament: Tournament, round_number: int) -> Fraction | None:
    """Topscorers exist only when pairing the final round: more than half the maximum score
    (C.04.3 Art. 1.8)."""
    if tournament.total_rounds is None or round_number != tournament.total_rounds:
        return None
    return tournament.scoring.win * (round_number - 1) / 2


def _has_entered(tournament: Tournament, number: int, round_number: int) -> bool:
    """Whether the player was paired (a game, a forfeit or the PAB) before ``round_number``."""
    player = tournament.players[number]
    for r in range(1, round_number):
        entry = player.entry(r)
        if entry is not None and (
            entry.opponent is not None or entry.result is ResultCode.PAIRING_BYE
        ):
            return True
    return False


def _initial_colour(tournament: Tournament) -> Colour:
    if tournament.initial_colour is not None:
        return tournament.initial_colour
    inferred = infer_initial_colour(tournament)
    if inferred is not None:
        return inferred
    draw = random.Random(f"{tournament.name}|{len(tournament.players)}")
    return draw.choice((Colour.WHITE, Colour.BLACK))


def pair_round(
    tournament: Tournament,
    round_number: int | None = None,
    *,
    matching: MatchingFunction | None = None,
    local_rules: LocalRules | None = None,
) -> RoundPairing:
    """Pair ``round_number`` (default: the first round not yet paired, see
    :func:`~crosstable.pairing.history.next_round`) by the Dutch system (2026 rules), using
    only the rounds before it, plus ``local_rules`` if given (None: pure FIDE). Raises
    PairingError when no legal pairing exists.

    The local rule ``float_once`` is absolute while some pairing meets it. When none does
    (and only then) the round is paired again with the rule as the first quality criterion:
    the fewest players floating down a second time, then [C5]-[C21] as usual; the pairing's
    ``warnings`` name those players."""
    if round_number is None:
        round_number = next_round(tournament)
    if round_number < 1:
        raise ValueError(f"round number must be at least 1, got {round_number}")
    rules = local_rules or LocalRules()
    histories = build_histories(tournament, round_number)
    threshold = _topscorer_threshold(tournament, round_number)
    # Local rule: in the final round everyone is exempt from the colour limits, as topscorers.
    everyone_exempt = colour_limits_lifted(tournament, round_number, rules)
    present = players_to_pair(tournament, round_number)
    present_set = set(present)
    entered = [
        n
        for n in sorted(tournament.players)
        if n in present_set or _has_entered(tournament, n, round_number)
    ]
    rank_of = {n: k for k, n in enumerate(entered, start=1)}
    players = [
        _Player(
            history=histories[n],
            preference=colour_preference(histories[n].colours),
            topscorer=everyone_exempt or (threshold is not None and histories[n].score > threshold),
            rank=rank_of[n],
        )
        for n in present
    ]
    if not players:
        return RoundPairing(round_number, ())

    initial = _initial_colour(tournament)
    matching = matching or _default_matching()
    warnings: tuple[PairingWarning, ...] = ()
    try:
        pairer, index_pairs, bye_index = _pair_players(
            tournament, round_number, players, initial, matching, rules
        )
    except PairingError:
        if not rules.float_once:
            raise
        # No pairing lets everyone float once only: meet the rule as far as possible.
        pairer, index_pairs, bye_index = _pair_players(
            tournament, round_number, players, initial, matching, rules, count_floats_again=True
        )
    ordered = pairer.players
    games: list[tuple[_Player, _Player]] = []
    for i, j in index_pairs:
        hi, lo = (ordered[i], ordered[j]) if i < j else (ordered[j], ordered[i])
        games.append((hi, lo))
    # C.04.2 Art. 3.6: the higher score of the pair's higher-ranked player, the higher sum
    # of scores, the lower TPN of the higher-ranked player.
    games.sort(key=lambda g: (-g[0].score, -(g[0].score + g[1].score), g[0].number))
    boards = []
    for hi, lo in games:
        colour = allocate_colours(hi, lo, initial)
        white, black = (hi, lo) if colour is Colour.WHITE else (lo, hi)
        boards.append(Board(white.number, black.number))
    bye = ordered[bye_index].number if bye_index is not None else None
    if pairer.counts_floats_again:
        pairs = [(board.white, board.black) for board in boards]
        warnings = float_again_warnings(tournament, round_number, histories, pairs, bye)
    return RoundPairing(round_number, tuple(boards), bye, warnings)


def _pair_players(
    tournament: Tournament,
    round_number: int,
    players: Sequence[_Player],
    initial: Colour,
    matching: MatchingFunction,
    rules: LocalRules,
    *,
    count_floats_again: bool = False,
) -> tuple[_RoundPairer, list[tuple[int, int]], int | None]:
    """Pair ``players``: the pairer (its ``players`` in pairing order) with the pairs and
    the bye as indices into them. ``count_floats_again``: the local rule float once is not
    absolute but the first quality criterion (no pairing meets it)."""
    prohibited = [
        rule.players for rule in tournament.prohibited_pairings if rule.applies_to(round_number)
    ]
    present_histories = [p.history for p in players]
    absolute = dataclasses.replace(rules, float_once=False) if count_floats_again else rules
    prohibited += local_prohibitions(tournament, round_number, present_histories, absolute)
    barred = barred_from_bye(present_histories, absolute)
    pairer = _RoundPairer(
        players,
        prohibited,
        initial,
        round_number,
        matching,
        rules,
        count_floats_again,
        frozenset(tournament.rematches_allowed),
        no_downfloat=barred,
    )
    if barred and pairer.bye_vertex is not None:
        for k, p in enumerate(pairer.players):
            if p.number in barred:
                pairer.disconnect(k, pairer.bye_vertex)
    index_pairs, bye_index = pairer.pair()
    return pairer, index_pairs, bye_index
