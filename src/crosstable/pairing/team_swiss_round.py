"""One round of the FIDE Swiss Team Pairing System (C.04.6, 2026): each present team's
state (score, opponents, colours, float, bye; art. 1), its colour preference (art. 1.7), and
the procedure of art. 3.3.2 (the bye, art. 3.4; the top scoregroup's upfloaters, art. 3.5;
the bracket, art. 3.6) with the colours of art. 4. :mod:`crosstable.pairing.team_swiss`
builds the teams from a tournament and runs it; :mod:`crosstable.pairing.double_swiss`
(C.04.5, the same procedure) pairs its matches with it."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence
from fractions import Fraction

from crosstable.matching import ClassGraph, MatchingOracle, max_weight_matching
from crosstable.matching.classes import class_optimal_matchings
from crosstable.matching.lower_ends import first_by_lower_ends
from crosstable.message import Message
from crosstable.model.colour import Colour
from crosstable.model.results import ResultCode
from crosstable.model.team_match import TeamRound, TeamRoundKind
from crosstable.model.tournament import Tournament
from crosstable.pairing.base import PairingError, TeamMatch, TeamRoundPairing
from crosstable.pairing.team_swiss_variant import (
    ColourPreferenceType,
    PrimaryScore,
    TeamSwissVariant,
)

GREEDY_TRIES = 8
"""Teams the quick completion test (``_RoundPairer._greedily_pairable``) tries for each team
before it hands the question to the matching oracle."""


@dataclasses.dataclass(slots=True)
class _Team:
    """What the pairing rules need to know of one present team."""

    number: int
    """The TPN (art. 1.1): the team's number, kept even when other teams are absent."""
    score: Fraction
    secondary: Fraction
    matches_played: int
    met: frozenset[int]
    colours: tuple[Colour, ...]
    """Colours of the played matches, in order (art. 1.6)."""
    floated: bool
    """Played an opponent with a different score in the previous round (art. 1.5)."""
    bye_barred: bool
    """[C2]: had a pairing-allocated bye, a forfeit match win or a full-point bye."""
    preference: Colour | None = None
    strong: bool = False
    level: int = 0
    barred: frozenset[int] = frozenset()
    """The teams it may not meet this round: those met ([C1]) and those of a prohibited
    pairing, less the rematches the chief arbiter allowed (issue 25)."""

    @property
    def colour_difference(self) -> int:
        return sum(1 if colour is Colour.WHITE else -1 for colour in self.colours)


def colour_preference(
    colours: Sequence[Colour], colour_type: ColourPreferenceType, last_round: bool
) -> tuple[Colour | None, bool]:
    """Art. 1.7: (preferred colour, strong) of a team whose played matches had ``colours``
    (board 1, in order). Type A preferences count as strong; ``last_round``: pairing the
    tournament's last round (Type B drops some mild preferences then)."""
    if colour_type is ColourPreferenceType.NONE:
        return None, False
    difference = sum(1 if colour is Colour.WHITE else -1 for colour in colours)
    last_two = tuple(colours[-2:])
    if difference < -1 or (difference in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Colour.WHITE, True
    if difference > 1 or (difference in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Colour.BLACK, True
    if colour_type is ColourPreferenceType.TYPE_A:
        return None, False
    if difference == -1:
        return Colour.WHITE, False
    if difference == 1:
        return Colour.BLACK, False
    if difference == 0 and not last_round and colours:
        return colours[-1].opposite, False
    return None, False


class _RoundPairer:
    """The pairing of one round: the state shared by the steps of art. 3.3.2.

    The Double-Swiss system (C.04.5) has the same procedure, word for word (arts 3.3-3.6:
    the bye, the top scoregroup's upfloaters, the bracket's first identifier), without colour
    criteria; :mod:`crosstable.pairing.double_swiss` pairs its matches with this class and
    its own colour allocation. ``last_two_rounds``: the float criteria ([C7], [C10]; C.04.5
    [C7], [C8]) are not applied in this round."""

    def __init__(
        self,
        teams: Sequence[_Team],
        variant: TeamSwissVariant,
        last_two_rounds: bool,
        initial_colour: Colour,
    ) -> None:
        self.teams = {team.number: team for team in teams}
        self.variant = variant
        self.last_two_rounds = last_two_rounds
        self.initial_colour = initial_colour
        scores = sorted({team.score for team in teams})
        for team in teams:
            team.level = scores.index(team.score) + 1
        self._pairable_cache: dict[frozenset[int], bool] = {}
        # One maximum matching of the [C1] graph of the whole field; every completion
        # question ([C3]) is then a quick re-check with some teams taken out.
        numbers = sorted(self.teams)
        self._index = {number: index for index, number in enumerate(numbers)}
        # Each row is every other team less the few it may not meet ([C1], can_meet), built
        # by slicing: a test per pair costs seconds at 1,000 teams.
        everyone = list(range(len(numbers)))
        adjacency = []
        for index, number in enumerate(numbers):
            row = everyone[:index] + everyone[index + 1 :]
            for other in sorted(
                (self._index[n] for n in self.teams[number].barred if n in self._index),
                reverse=True,
            ):
                if other != index:
                    del row[other if other < index else other - 1]
            adjacency.append(row)
        self._oracle = MatchingOracle(len(numbers), adjacency)

    # --- absolute criteria and completion -------------------------------------------------

    def can_meet(self, first: _Team, second: _Team) -> bool:
        """[C1]: the teams have not played each other, and no prohibited pairing keeps them
        apart this round (an absolute criterion, as in the other systems)."""
        return second.number not in first.barred

    def pairable(self, numbers: frozenset[int]) -> bool:
        """[C3]: the teams ``numbers`` can all be paired with one another."""
        if len(numbers) % 2:
            return False
        if not numbers:
            return True
        cached = self._pairable_cache.get(numbers)
        if cached is None:
            cached = self._greedily_pairable(numbers)
            if not cached:
                removed = [self._index[n] for n in self.teams if n not in numbers]
                cached = self._oracle.perfect_without(removed)
            self._pairable_cache[numbers] = cached
        return cached

    def _greedily_pairable(self, numbers: frozenset[int]) -> bool:
        """A quick "yes" of :meth:`pairable`: in TPN order, each team still unpaired meets
        the next one it may meet (a few tries each). On a field where each team is barred
        from a few others this pairs everybody, and the oracle's augmenting searches
        (seconds at 2,000 teams) are not needed; a "no" here proves nothing and the oracle
        decides."""
        ordered = sorted(numbers)
        teams = self.teams
        taken: set[int] = set()
        count = len(ordered)
        for index, number in enumerate(ordered):
            if number in taken:
                continue
            first = teams[number]
            tries = 0
            other = index + 1
            while other < count and (
                ordered[other] in taken
                or not (
                    self.can_meet(first, teams[ordered[other]])
                    and self.can_meet(teams[ordered[other]], first)
                )
            ):
                if ordered[other] not in taken:
                    tries += 1
                    if tries > GREEDY_TRIES:
                        return False
                other += 1
            if other == count:
                return False
            taken.add(ordered[other])
        return True

    # --- art. 3.4: the pairing-allocated bye ----------------------------------------------

    def choose_bye(self, remaining: frozenset[int]) -> int | None:
        if len(remaining) % 2 == 0:
            return None
        candidates = sorted(
            (self.teams[number] for number in remaining if not self.teams[number].bye_barred),
            key=lambda team: (team.score, -team.matches_played, -team.number),
        )
        for team in candidates:
            if self.pairable(remaining - {team.number}):
                return team.number
        raise PairingError(self.no_bye_message())

    def no_bye_message(self) -> Message:
        """Why no bye can be given (art. 3.4); a system sharing this procedure (C.04.5) says
        it in its own words."""
        return Message(
            "no team can receive the pairing-allocated bye and leave a legal pairing for the"
            " others (C.04.6 art. 3.3.3: the Chief Arbiter decides)"
        )

    def no_bracket_message(self, points: Fraction) -> Message:
        """Why the scoregroup of ``points`` cannot be paired (art. 3.5)."""
        return Message(
            "the scoregroup of %(points)s points cannot be paired with any set of"
            " upfloaters (C.04.6 art. 3.3.3: the Chief Arbiter decides)",
            points=points,
        )

    # --- art. 3.5: the upfloaters of the top scoregroup -----------------------------------

    def select_bracket(self, level: int, remaining: frozenset[int]) -> list[_Team]:
        """The top scoregroup at ``level`` and its upfloaters (art. 3.5)."""
        residents = [self.teams[n] for n in remaining if self.teams[n].level == level]
        lower: dict[int, list[_Team]] = {}
        for number in sorted(remaining):
            team = self.teams[number]
            if team.level < level:
                lower.setdefault(team.level, []).append(team)
        available = {lvl: len(group) for lvl, group in lower.items()}
        lower_count = sum(available.values())
        resident_numbers = frozenset(team.number for team in residents)
        for count in range(len(residents) % 2, lower_count + 1, 2):  # [C4]
            for profile in _profiles(available, count):  # [C5]
                best: tuple[tuple[int, int, int], list[_Team]] | None = None
                # The fewest previous-round floaters any set of this profile can hold: a set
                # reaching it with [C6] met cannot be beaten by a later one.
                fewest_floated = 0
                if not self.last_two_rounds:
                    for lvl in set(profile):
                        steady = sum(not team.floated for team in lower[lvl])
                        fewest_floated += max(0, profile.count(lvl) - steady)
                for index, upfloaters in enumerate(_upfloater_sets(lower, profile)):
                    floated = 0 if self.last_two_rounds else sum(t.floated for t in upfloaters)
                    if best is not None and best[0][0] == 0 and best[0][1] <= floated:
                        continue  # cannot beat the best set found ([C6] met, fewer [C7])
                    bracket = resident_numbers | {team.number for team in upfloaters}
                    rest = remaining - bracket
                    if not self.pairable(bracket) or not self.pairable(rest):
                        continue  # [C1]/[C3]
                    key = (0 if self.c6_holds(level, rest) else 1, floated, index)
                    if best is None or key < best[0]:
                        best = (key, upfloaters)
                    if key[:2] == (0, fewest_floated):
                        break
                if best is not None:
                    return residents + best[1]
        raise PairingError(self.no_bracket_message(residents[0].score))

    def c6_holds(self, level: int, rest: frozenset[int]) -> bool:
        """[C6]: what is left of the following scoregroup can still be paired with the fewest
        upfloaters its size allows (none if even, one if odd), leaving the rest pairable."""
        following = frozenset(n for n in rest if self.teams[n].level == level - 1)
        if not following:
            return True
        if len(following) % 2 == 0:
            candidates: list[frozenset[int]] = [following]
        else:
            candidates = [following | {n} for n in sorted(rest) if self.teams[n].level < level - 1]
        return any(
            self.pairable(bracket) and self.pairable(rest - bracket) for bracket in candidates
        )

    # --- art. 3.6: pairing the bracket ----------------------------------------------------

    def pair_bracket(self, level: int, bracket: Sequence[_Team]) -> list[tuple[_Team, _Team]]:
        """The first pairing in identifier order among those minimising [C8], [C9], [C10]."""
        ordered = sorted(bracket, key=lambda team: team.number)
        size = len(ordered)
        # The smallest identifier of all is the fold (1st v (n/2+1)th, 2nd v (n/2+2)th ...):
        # when it is legal and has no [C8]-[C10] defect, nothing can beat it.
        half = size // 2
        fold = [(ordered[i], ordered[half + i]) for i in range(half)]
        if all(
            self.can_meet(a, b) and self._pair_defects(level, a, b) == (0, 0, 0) for a, b in fold
        ):
            return fold
        quick = self._first_identifier(level, ordered)
        if quick is not None:
            return quick
        base = size + 1
        bottom_weight = base**size  # above every sum of the bottom-member terms
        c10_weight = bottom_weight * 2**size
        c9_weight = c10_weight * base
        c8_weight = c9_weight * base
        ceiling = c8_weight * base
        edges = []
        for top, bottom in itertools.combinations(range(size), 2):
            first, second = ordered[top], ordered[bottom]
            if not self.can_meet(first, second):
                continue
            c8, c9, c10 = self._pair_defects(level, first, second)
            cost = (
                c8 * c8_weight
                + c9 * c9_weight
                + c10 * c10_weight
                + bottom_weight * 2 ** (size - 1 - bottom)  # top members, lowest TPN first
                + (bottom + 1) * base ** (size - 1 - top)  # bottom members, by top member
            )
            edges.append((top, bottom, ceiling - cost))
        mate = max_weight_matching(size, edges, max_cardinality=True)
        if any(partner < 0 for partner in mate):
            raise PairingError(
                Message("internal: a bracket chosen as pairable has no perfect matching")
            )
        return [(ordered[i], ordered[j]) for i, j in enumerate(mate) if i < j]

    def _first_identifier(
        self, level: int, ordered: Sequence[_Team]
    ) -> list[tuple[_Team, _Team]] | None:
        """:meth:`pair_bracket`'s answer without the long weights: [C8]-[C10] alone as the
        weight of a class graph (a pair's defects depend only on the two teams' colour
        preferences, upfloating and floating: a few classes), then the smallest identifier
        among its optimal matchings (top members ascending are the pairs' lower ends in TPN
        order; then their bottom members) by :func:`first_by_lower_ends`. None when that
        method cannot tell: the caller then weighs the identifier in (the same answer)."""
        size = len(ordered)
        base = size + 1  # above any bracket's total of C9 or of C10 defects
        kinds: dict[tuple[object, ...], int] = {}
        members: list[_Team] = []
        vertex_class: list[int] = []
        for team in ordered:
            key = (team.preference, team.strong, team.level < level, team.floated)
            if key not in kinds:
                kinds[key] = len(members)
                members.append(team)
            vertex_class.append(kinds[key])
        ceiling = base**3
        weight: list[list[int | None]] = [
            [
                ceiling - (c8 * base + c9) * base - c10
                for c8, c9, c10 in (self._pair_defects(level, a, b) for b in members)
            ]
            for a in members
        ]
        barred = [team.barred for team in ordered]
        numbers = [team.number for team in ordered]

        def adjacent(u: int, v: int) -> bool:  # can_meet, lower TPN first as pair_bracket asks
            return numbers[v] not in barred[u] if u < v else numbers[u] not in barred[v]

        optimal = class_optimal_matchings(ClassGraph(vertex_class, weight, adjacent))
        if optimal is None:
            return None
        mate = first_by_lower_ends(optimal)
        if mate is None:
            return None
        return [(ordered[i], ordered[j]) for i, j in enumerate(mate) if i < j]

    def _pair_defects(self, level: int, a: _Team, b: _Team) -> tuple[int, int, int]:
        """[C8], [C9] and [C10] counts of pairing ``a`` with ``b`` in the bracket at ``level``."""
        c8 = c9 = c10 = 0
        if a.preference is not None and a.preference is b.preference:
            c8 = 1
            if self.variant.colour_type is ColourPreferenceType.TYPE_B and a.strong and b.strong:
                c9 = 1
        if not self.last_two_rounds:
            c10 = sum(
                1 for team, opponent in ((a, b), (b, a)) if team.level < level and opponent.floated
            )
        return c8, c9, c10

    # --- art. 4: colours ------------------------------------------------------------------

    def is_first_team(self, a: _Team, b: _Team) -> bool:
        """Art. 4.2: higher primary score, then higher secondary score, then smaller TPN."""
        if a.score != b.score:
            return a.score > b.score
        if self.variant.secondary_used and a.secondary != b.secondary:
            return a.secondary > b.secondary
        return a.number < b.number

    def allocate_colours(self, a: _Team, b: _Team) -> TeamMatch:
        """Art. 4.3: the match with the team getting White named first."""
        first, second = (a, b) if self.is_first_team(a, b) else (b, a)
        colour = self._first_team_colour(first, second)
        if colour is Colour.WHITE:
            return TeamMatch(first.number, second.number)
        return TeamMatch(second.number, first.number)

    def _first_team_colour(self, first: _Team, second: _Team) -> Colour:
        if first.matches_played == 0 and second.matches_played == 0:  # (1)
            odd = first.number % 2 == 1
            return self.initial_colour if odd else self.initial_colour.opposite
        wanted, other = first.preference, second.preference
        if wanted is not None and other is None:  # (2)
            return wanted
        if wanted is None and other is not None:
            return other.opposite
        if wanted is not None and other is not None and wanted is not other:  # (3)
            return wanted
        if (
            self.variant.colour_type is ColourPreferenceType.TYPE_B
            and wanted is not None
            and other is not None
            and first.strong != second.strong
        ):  # (4)
            return wanted if first.strong else other.opposite
        if first.colour_difference != second.colour_difference:  # (5)
            lower = first.colour_difference < second.colour_difference
            return Colour.WHITE if lower else Colour.BLACK
        for mine, theirs in zip(reversed(first.colours), reversed(second.colours), strict=False):
            if mine is not theirs:  # (6)
                return mine.opposite
        if wanted is not None:  # (7)
            return wanted
        if first.colours:  # (8)
            return first.colours[-1].opposite
        if second.colours:  # (9)
            return second.colours[-1]
        # Matches recorded as played but without colours: fall back on rule (1).
        return self.initial_colour if first.number % 2 == 1 else self.initial_colour.opposite

    # --- the whole round ------------------------------------------------------------------

    def pair(self, round_number: int) -> TeamRoundPairing:
        remaining = frozenset(self.teams)
        bye = self.choose_bye(remaining)
        if bye is not None:
            remaining = remaining - {bye}
        pairs: list[tuple[_Team, _Team]] = []
        for level in sorted({team.level for team in self.teams.values()}, reverse=True):
            if not any(self.teams[n].level == level for n in remaining):
                continue  # the whole scoregroup floated up into brackets above
            bracket = self.select_bracket(level, remaining)
            pairs.extend(self.pair_bracket(level, bracket))
            remaining = remaining - {team.number for team in bracket}
        # Board order (GHR 3.6, as the reference engine orders): higher score of the pair,
        # then higher sum of scores, then lower TPN.
        pairs.sort(
            key=lambda pair: (
                -max(pair[0].score, pair[1].score),
                -(pair[0].score + pair[1].score),
                min(pair[0].number, pair[1].number),
            )
        )
        matches = tuple(self.allocate_colours(a, b) for a, b in pairs)
        return TeamRoundPairing(round_number, matches, bye)


def _profiles(available: dict[int, int], count: int) -> Iterator[tuple[int, ...]]:
    """Score profiles of ``count`` upfloaters (their levels, ascending), best first by [C5]:
    profiles compare as ascending lists of levels, lexicographically, the larger first."""
    levels = sorted(available, reverse=True)

    def extend(prefix: tuple[int, ...], last_index: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == count:
            yield prefix
            return
        # the next level is >= the last one chosen (a lower index), highest level first
        for index in range(0, last_index + 1):
            level = levels[index]
            if prefix.count(level) < available[level]:
                yield from extend((*prefix, level), index)

    yield from extend((), len(levels) - 1)


def _upfloater_sets(
    lower: dict[int, list[_Team]], profile: tuple[int, ...]
) -> Iterator[list[_Team]]:
    """Every set of upfloaters with ``profile``, in the order of art. 3.5.3–3.5.4: teams by
    descending score then TPN, sets in lexicographic order of those TPNs."""
    wanted = {level: profile.count(level) for level in set(profile)}
    levels = sorted(wanted, reverse=True)
    choices = [itertools.combinations(lower[level], wanted[level]) for level in levels]
    for combination in itertools.product(*choices):
        yield [team for chosen in combination for team in chosen]


def _team_state(
    number: int,
    history: Sequence[TeamRound],
    primary: PrimaryScore,
    histories: dict[int, list[TeamRound]],
) -> _Team:
    def score(rounds: Sequence[TeamRound], use_primary: bool = True) -> Fraction:
        match_points = use_primary == (primary is PrimaryScore.MATCH_POINTS)
        return sum((r.match_points if match_points else r.game_points for r in rounds), Fraction(0))

    played = [r for r in history if r.is_played]
    floated = False
    if history and history[-1].is_played and history[-1].opponent is not None:
        before = len(history) - 1
        opponent_history = histories.get(history[-1].opponent, [])
        floated = score(history[:before]) != score(opponent_history[:before])
    return _Team(
        number=number,
        score=score(history),
        secondary=score(history, use_primary=False),
        matches_played=len(played),
        met=(met := frozenset(r.opponent for r in played if r.opponent is not None)),
        colours=tuple(r.colour for r in played if r.colour is not None),
        floated=floated,
        barred=met,
        bye_barred=any(
            r.result in (ResultCode.PAIRING_BYE, ResultCode.FULL_POINT_BYE)
            or (r.kind is TeamRoundKind.NOT_PLAYED and r.result is ResultCode.FORFEIT_WIN)
            for r in history
        ),
    )


def _initial_colour(tournament: Tournament, histories: dict[int, list[TeamRound]]) -> Colour:
    """Art. 4.1: the drawn initial colour (TRF 152), else read back from round 1 (the team
    with the smallest TPN among round-1 played matches, through art. 4.3.1), else White."""
    if tournament.initial_colour is not None:
        return tournament.initial_colour
    witnesses = [
        (min(number, rounds[0].opponent), number, rounds[0])
        for number, rounds in histories.items()
        if rounds and rounds[0].is_played and rounds[0].opponent is not None
    ]
    if not witnesses:
        return Colour.WHITE
    smallest, number, first_round = min(witnesses, key=lambda w: (w[0], w[1]))
    if number != smallest:
        first_round = histories[smallest][0]
    colour = first_round.colour or Colour.WHITE
    return colour if smallest % 2 == 1 else colour.opposite
