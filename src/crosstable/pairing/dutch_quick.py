"""The Dutch system's quick first candidate: a depth-first search in the generation order of
C.04.3 Art. 4 that often pairs a bracket without the weighted matchings.

When a bracket can be paired with every player paired, no quality criterion failed and the
rest of the round still completable, that *perfect* candidate is optimal, and the first such
in the order of Art. 4 is the one the rules choose ([C8]: with nobody floating down the next
bracket does not depend on the choice). The search tries the moved-down players' opponents
(Art. 4.4, 4.2), then the remainder's S2 transpositions (Art. 4.2), with a small budget of
steps. It answers None when it cannot tell quickly: the matchings of
``crosstable.pairing.dutch`` then decide, and find the same pairing when there is one.
Exchanges (Art. 4.3) are not tried: when the remainder's transpositions fail, the answer may be
an exchange, which the matching finds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Protocol

from crosstable.model import Colour
from crosstable.pairing.dutch_weights import WeighedPlayer
from crosstable.pairing.graph import Row
from crosstable.pairing.history import Float
from crosstable.pairing.local_rules import LocalRules

QUICK_SEARCH_BUDGET = 5000
"""Steps the quick first-candidate search may take before handing over to the matchings, plus
``QUICK_SEARCH_STEPS_PER_PLAYER`` per bracket player."""
QUICK_SEARCH_STEPS_PER_PLAYER = 4
"""The search takes at least one step per S1 player: a bracket of 5,000 (10,000 players,
round 2) would exhaust a fixed budget and fall back to a matching of 12 million edges. The
budget changes no pairing (a candidate found is the rules' choice, the matchings find it
too); only the time."""


class SearchedPlayer(WeighedPlayer, Protocol):
    """What the search reads of a player: what the weights read, and the score."""

    @property
    def score(self) -> Fraction: ...


class SearchedRound(Protocol):
    """What the search reads of the round being paired (``dutch._RoundPairer``): vertices are
    players in pairing order, plus the bye's vertex when the round has one."""

    @property
    def players(self) -> Sequence[SearchedPlayer]: ...
    @property
    def bye_vertex(self) -> int | None: ...
    @property
    def neighbours(self) -> list[Row]: ...
    @property
    def local_rules(self) -> LocalRules: ...
    def has_perfect_matching(self, vertices: list[int]) -> bool: ...
    def is_bye_bracket(
        self, unpaired: list[int], bracket: list[int], following: Fraction | None
    ) -> bool: ...
    def pair_cost(self, u: int, v: int) -> tuple[int, int] | None: ...
    def colour_failure_bounds(self, bracket: list[int], pair_count: int) -> tuple[int, int]: ...


def perfect_candidate(
    pairer: SearchedRound,
    unpaired: list[int],
    bracket: list[int],
    mdps: list[int],
    residents: list[int],
    following: Fraction | None,
    may_be_left_over: Callable[[int], bool] | None = None,
) -> list[tuple[int, int]] | None:
    """The first candidate in generation order, if it is *perfect*: every player of the
    bracket paired, no criterion failed, and the rest of the round can be completed; None: no
    quick answer, use the matchings. ``following``: the next bracket's score (None: this is
    the last bracket). ``may_be_left_over``: under local rule 4.9, what a criterion ranked
    above the floater order asks of the resident left over (the fewest second downfloats,
    when they are counted), on top of a complete pairing."""
    bye = pairer.bye_vertex
    takes_bye = following is None and bye is not None  # one resident left for the bye
    floats_one = following is not None and len(bracket) % 2 == 1  # one resident floats
    if len(bracket) % 2 != (1 if takes_bye or floats_one else 0):
        return None
    leftover = takes_bye or floats_one
    if len(mdps) > len(residents) - (1 if leftover else 0):
        return None
    if floats_one and pairer.is_bye_bracket(unpaired, bracket, following):
        return None  # [C9] would weigh the floater's unplayed games: leave it to the matching
    least_unplayed = 0
    if takes_bye:
        assert bye is not None
        eligible = [v for v in residents if bye in pairer.neighbours[v]]
        if not eligible:
            return None
        least_unplayed = min(pairer.players[v].history.unplayed_rounds for v in eligible)
    members = set(bracket)
    rest = [v for v in unpaired if v not in members and v != bye]
    if (
        not floats_one
        and rest
        and not pairer.has_perfect_matching(rest if bye is None or takes_bye else [*rest, bye])
    ):
        return None
    search = _Search(pairer, bracket, mdps, residents, leftover)
    if leftover and search.strict_floaters:
        designated = _designated_floater(
            pairer, bracket, residents, rest, takes_bye, may_be_left_over
        )
        if designated is None:
            return None
        search.designated = search.reserved = designated
        # The colour bounds of the pairs that leave him over: the others, all paired. (The
        # bounds over the whole bracket, less one for an unknown leftover, may be out of
        # reach once the leftover is known, and the search would then never end early.)
        others = [v for v in bracket if v != designated]
        search.allowance = list(pairer.colour_failure_bounds(others, len(others) // 2))
    if floats_one:
        assert following is not None
        search.floater_must_fit(rest, following)
    elif takes_bye:
        search.bye_needs(least_unplayed)
    try:
        return search.pairs if search.place_mdps() else None
    except _GiveUp:
        return None


def known_floaters(
    pairer: SearchedRound,
    unpaired: list[int],
    bracket: list[int],
    residents: list[int],
    following: Fraction | None,
) -> frozenset[int] | None:
    """Local rule 4.9: the players of ``bracket`` who float in every pairing best by the
    criteria ranked above the floater order ([C6], [C7]), when that is quick to tell: nobody
    if the bracket is even and it and the rest of the round can each be paired; the
    designated floater (:func:`_designated_floater`) if it is odd; None otherwise. The
    weights then need one count of other floaters instead of a field per player
    (``local_rules.OTHER_FLOATER_FIELD``), so that the player classes can be used."""
    bye = pairer.bye_vertex
    takes_bye = following is None and bye is not None
    members = set(bracket)
    rest = [v for v in unpaired if v not in members and v != bye]
    if len(bracket) % 2 == 0:
        if takes_bye:
            return None
        below = [*rest, bye] if bye is not None else rest
        if pairer.has_perfect_matching(bracket) and (
            not below or pairer.has_perfect_matching(below)
        ):
            return frozenset()
        return None
    if following is None and bye is None:
        return None
    designated = _designated_floater(pairer, bracket, residents, rest, takes_bye)
    return None if designated is None else frozenset({designated})


def _designated_floater(
    pairer: SearchedRound,
    bracket: list[int],
    residents: list[int],
    rest: list[int],
    takes_bye: bool,
    may_be_left_over: Callable[[int], bool] | None = None,
) -> int | None:
    """Local rule 4.9 (``float_highest_number_first``) for a bracket that leaves one
    resident over: the lowest-ranked resident who can be that one in a complete pairing;
    None if none can (the matchings then decide).

    The rule's weight fields rank right after [C6]-[C7] (``local_rules.floater_order_fields``):
    with one player left over ([C6] at its least) and every moved-down player paired ([C7] at
    its least, which a perfect candidate has), the fields prefer the lowest-ranked leftover
    that a complete pairing allows. Resident ``r`` is such a leftover exactly when the rest of
    the bracket can be paired among itself and ``r`` with the players below (or the bye): the
    two parts are disjoint, and the graph's edges hold every absolute criterion (float once,
    the bye's eligibility). Searching only pairings left with this resident over therefore
    keeps the rule's choice; without it the search insisted on the last resident and gave up
    (to a weighted matching of the whole bracket, seconds for hundreds of players) whenever
    he could not float, e.g. because he had already floated once."""
    bye = pairer.bye_vertex
    below = [*rest, bye] if bye is not None and not takes_bye else list(rest)
    for r in reversed(residents):
        if takes_bye:
            assert bye is not None
            if bye not in pairer.neighbours[r]:
                continue
        elif not pairer.has_perfect_matching([*below, r]):
            continue
        if pairer.has_perfect_matching([v for v in bracket if v != r]) and (
            may_be_left_over is None or may_be_left_over(r)
        ):
            return r
    return None


class _GiveUp(Exception):
    """No quick answer: an exchange may come first, or the budget is spent."""


class _Search:
    """One bracket's search: the pairs made so far (``pairs``, their S2 players ``used``),
    and how many [C12]/[C13] colour failures the pairs still to make may have (``allowance``,
    from the bracket's lower bounds: a perfect candidate meets them exactly)."""

    def __init__(
        self,
        pairer: SearchedRound,
        bracket: list[int],
        mdps: list[int],
        residents: list[int],
        leftover: bool,
    ) -> None:
        self.pairer = pairer
        self.mdps = mdps
        self.residents = residents
        self.leftover = leftover
        """One resident is left over: for the bye, or to float down."""
        self.budget = QUICK_SEARCH_BUDGET + QUICK_SEARCH_STEPS_PER_PLAYER * len(bracket)
        self.used: set[int] = set()
        self.pairs: list[tuple[int, int]] = []
        bound12, bound13 = pairer.colour_failure_bounds(bracket, len(bracket) // 2)
        if leftover:  # the player left over may be one of the excess
            bound12, bound13 = max(0, bound12 - 1), max(0, bound13 - 1)
        self.allowance = [bound12, bound13]
        self.preferred = [p.preference.colour for p in pairer.players]
        self.strict_floaters = pairer.local_rules.float_highest_number_first
        self.designated = residents[-1] if residents else -1
        """Local rule 4.9: the resident who must be the one left over (see
        :func:`_designated_floater`)."""
        self.reserved = -1
        """The designated resident once found: no pair takes him, so that the search goes
        only through the candidates that leave him over (the same candidates in the same
        order as filtering all of them by their leftover, without the budget spent on the
        others: hundreds of players' transpositions otherwise run the budget out)."""
        self.floating = False
        """The one left over floats down (else he takes the bye)."""
        self.least_unplayed = 0
        """[C9]: the fewest unplayed rounds among the residents who may take the bye."""
        self.next_bracket: list[int] = []
        self.below_next: list[int] = []
        self.unknown = False
        """Whether the floater's check could not be decided quickly (then give up)."""

    def floater_must_fit(self, rest: list[int], following: Fraction) -> None:
        """The one left over floats down into the bracket of score ``following``."""
        bye = self.pairer.bye_vertex
        players = self.pairer.players
        self.floating = True
        self.next_bracket = [v for v in rest if players[v].score == following]
        self.below_next = [v for v in rest if players[v].score < following] + (
            [bye] if bye is not None else []
        )

    def bye_needs(self, least_unplayed: int) -> None:
        """The one left over takes the bye, and had the fewest unplayed rounds ([C9])."""
        self.least_unplayed = least_unplayed

    # -- one pair ------------------------------------------------------------------------------

    def take(self, u: int, r: int) -> bool:
        cost = self.pairer.pair_cost(u, r)
        allowance = self.allowance
        if cost is None or cost[0] > allowance[0] or cost[1] > allowance[1]:
            return False
        allowance[0] -= cost[0]
        allowance[1] -= cost[1]
        self.used.add(r)
        self.pairs.append((u, r))
        return True

    def untake(self) -> None:
        u, r = self.pairs.pop()
        cost = self.pairer.pair_cost(u, r)
        assert cost is not None
        self.allowance[0] += cost[0]
        self.allowance[1] += cost[1]
        self.used.discard(r)

    def spend(self) -> bool:
        """One step of the budget; False once it is spent."""
        self.budget -= 1
        return self.budget >= 0

    # -- the one left over ---------------------------------------------------------------------

    def floater_is_best(self, floater: int) -> bool:
        """[C7], [C8], [C14], [C16] at their lower bounds for the resident who floats: the
        next bracket with the floater loses nobody (or, if odd, one of its own)."""
        pairer = self.pairer
        history = pairer.players[floater].history
        if Float.DOWN in (history.float_before(1), history.float_before(2)):
            return False
        joined = [*self.next_bracket, floater]
        if len(joined) % 2 == 0:
            return pairer.has_perfect_matching(joined) and pairer.has_perfect_matching(
                self.below_next
            )
        for tries, out in enumerate(reversed(self.next_bracket)):
            if tries == 3:
                self.unknown = True
                return False
            if pairer.has_perfect_matching(
                [v for v in joined if v != out]
            ) and pairer.has_perfect_matching([*self.below_next, out]):
                return True
        self.unknown = True
        return False

    def acceptable_leftover(self, s2: list[int]) -> bool:
        """[C5], [C9], [C14], [C16] at their best for the one left over."""
        left = [r for r in s2 if r not in self.used]
        if len(left) != 1:
            return False
        if self.strict_floaters and left[0] != self.designated:
            return False  # local rule: another floater would beat any quality criterion
        if self.floating:
            return self.floater_is_best(left[0])
        pairer = self.pairer
        if pairer.bye_vertex not in pairer.neighbours[left[0]]:
            return False
        history = pairer.players[left[0]].history
        return history.unplayed_rounds == self.least_unplayed and Float.DOWN not in (
            history.float_before(1),
            history.float_before(2),
        )

    # -- the order of Art. 4 -------------------------------------------------------------------

    def place_mdps(self) -> bool:
        """Depth-first over the MDPs' opponents (Art. 4.4, 4.2), then the remainder's
        transpositions; the same explicit stack as :meth:`transpose`. Once the MDPs are
        placed the answer is final: a perfect candidate or give up (an exchange might come
        before the next MDP-pairing)."""
        mdps, residents, used = self.mdps, self.residents, self.used
        depth = len(mdps)
        cursor = [0] * (depth + 1)
        k = 0
        while True:
            if k == depth:
                remaining = [r for r in residents if r not in used]
                half = len(remaining) // 2
                if self.transpose(remaining[:half], remaining[half:]):
                    return True
                raise _GiveUp
            advanced = False
            while cursor[k] < len(residents):
                r = residents[cursor[k]]
                cursor[k] += 1
                if r in used or r == self.reserved:
                    continue
                if not self.spend():
                    raise _GiveUp
                if self.take(mdps[k], r):
                    advanced = True
                    break
            if advanced:
                k += 1
                cursor[k] = 0
                continue
            if k == 0:
                return False
            k -= 1
            self.untake()

    def transpose(self, s1: list[int], s2: list[int]) -> bool:
        """Depth-first over the S2 transpositions: S1 player ``i`` tries the free S2 players
        in order. An explicit stack (``cursor[i]``: the next S2 position player ``i`` tries),
        not recursion: S1 has a thousand players in a 2,000-player round 1, deeper than
        Python's frame limit.

        A branch is cut when a lower bound of the [C12] failures still to come exceeds the
        allowance: S1 players from ``i`` on who want a colour need partners among the free S2
        players who do not want the same one. Its counts are kept as the search goes
        (``wanting_from``: per colour, S1 players from ``i`` on wanting it; ``free_wanting``:
        free S2 players wanting it), not recounted at each step."""
        used, preferred, allowance = self.used, self.preferred, self.allowance
        leftover_from = s2  # where the one left over is looked for
        if self.reserved >= 0:
            if self.reserved in s1:
                return False  # every S1 player is paired: he cannot be the one left over
            s2 = [r for r in s2 if r != self.reserved]
        depth = len(s1)
        colours = (Colour.WHITE, Colour.BLACK)
        wanting_from = {colour: [0] * (depth + 1) for colour in colours}
        for colour in colours:
            counts = wanting_from[colour]
            for i in range(depth - 1, -1, -1):
                counts[i] = counts[i + 1] + (preferred[s1[i]] is colour)
        free_total = sum(1 for r in s2 if r not in used)
        free_wanting = {
            colour: sum(1 for r in s2 if r not in used and preferred[r] is colour)
            for colour in colours
        }

        def release_last() -> None:
            nonlocal free_total
            r = self.pairs[-1][1]
            self.untake()
            free_total += 1
            wanted = preferred[r]
            if wanted is not None:
                free_wanting[wanted] += 1

        cursor = [0] * (depth + 1)
        i = 0
        while True:
            if i == depth:
                if allowance == [0, 0]:  # all pairs made, the colour bounds met exactly
                    if not self.leftover or self.acceptable_leftover(leftover_from):
                        return True
                    if self.unknown:
                        raise _GiveUp
                # Back to the previous S1 player, who tries his next opponent.
                if i == 0:
                    return False
                i -= 1
                release_last()
                continue
            advanced = False
            while cursor[i] < len(s2):
                r = s2[cursor[i]]
                cursor[i] += 1
                if r in used:
                    continue
                if not self.spend():
                    return False
                if self.take(s1[i], r):
                    free_total -= 1
                    wanted = preferred[r]
                    if wanted is not None:
                        free_wanting[wanted] -= 1
                    ahead = sum(
                        max(0, wanting_from[colour][i + 1] - (free_total - free_wanting[colour]))
                        for colour in colours
                    )
                    if ahead <= allowance[0]:
                        advanced = True
                        break
                    release_last()
            if advanced:
                i += 1
                cursor[i] = 0
                continue
            if i == 0:
                return False
            i -= 1
            release_last()
