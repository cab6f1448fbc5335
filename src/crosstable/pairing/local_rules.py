"""Local rules laid on top of the FIDE (Dutch) system (issue 7; first user: the Kinabatangan
district school championship, seed 000, docs/pairing/dutch.md "Local rules").

This module owns what the local rules *are* and how each one reaches the Dutch engine:

* :class:`LocalRules`, the options, and :func:`local_rules_from`, which reads them from a
  section's ``[pairing]`` regulations;
* the absolute rules, expressed as prohibited pairings and bye restrictions
  (:func:`local_prohibitions`, :func:`barred_from_bye`): same unit in given rounds, float once;
* the last-round colour relaxation (:func:`colour_limits_lifted`): who is exempt from the
  absolute colour criteria, as FIDE exempts topscorers;
* the strict downfloater order (:func:`floater_order_fields`): extra fields of the bracket
  weights that rank *which* players float down right after [C6]-[C7];
* float once when it cannot be met (:data:`FLOAT_AGAIN_FIELD`, :func:`floats_again`,
  :func:`float_again_warnings`): the engine then pairs with the rule as the most significant
  quality criterion (fewest players floating down a second time) and says who floats again.

The Dutch engine (``crosstable.pairing.dutch``) only calls these; with every rule off
(``LocalRules()`` or ``None``) none of them changes anything and the pairing is the FIDE one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from crosstable.model import Tournament
from crosstable.pairing.base import PairingWarning, WarningKind
from crosstable.pairing.history import Float, PlayerHistory
from crosstable.pairing.rules import (
    DOWNFLOATER_HIGHEST_NUMBER,
    FLOAT_ONCE,
    FLOATERS_FIRST,
    LAST_ROUND_COLOUR_RELAXED,
    PairingRules,
)

DUTCH_LOCAL_RULE_CODES = frozenset(
    {FLOAT_ONCE, DOWNFLOATER_HIGHEST_NUMBER, LAST_ROUND_COLOUR_RELAXED, FLOATERS_FIRST}
)
"""The local rules (``crosstable.pairing.rules.LOCAL_RULES``) that the Dutch engine honours.
Floaters first (Kinabatangan 4.10) is the Dutch default: moved-down players are paired before
the residents of a bracket, and the bye is decided with the last bracket."""


@dataclasses.dataclass(frozen=True, slots=True)
class LocalRules:
    """Local rules laid on top of the Dutch system. The default instance changes nothing: the
    pairing is then exactly the FIDE one.

    ``avoid_same_unit_rounds``: rounds in which players of the same unit (``Player.club``,
    non-empty) must not meet (seed 000 4.4: same school, round 1 only).

    ``float_once``: a player who has already downfloated (C.04.3 Art. 1.4: played a
    lower-scored opponent, or scored more than a loss without playing, e.g. the bye) may
    not downfloat again nor receive the bye (seed 000 4.9 and 4.11). Absolute while some
    pairing meets it; when none does, the round is paired with the fewest players floating
    down a second time (a quality criterion before [C5]-[C21]) and the pairing carries a
    warning naming them (``RoundPairing.warnings``).

    ``relax_colours_in_last_round``: in the tournament's final round (``total_rounds``) every
    player is exempt from the absolute colour criteria, as FIDE exempts topscorers: [C3] no
    longer forbids two players with the same absolute preference to meet, and a third equal
    colour in a row or a colour difference of 3 becomes a quality failure ([C10], [C11], now
    counted for everyone) instead of being impossible (seed 000 4.13a-b).

    ``float_highest_number_first``: the players who float down out of a bracket are chosen
    lowest-ranked (highest pairing number) first, before any colour ([C10]-[C13]) or float
    ([C14]-[C21]) criterion and before [C8]/[C9]; only the absolute criteria, completion [C4],
    the bye score [C5] and the number [C6] and scores [C7] of the downfloaters come first
    (seed 000 4.9)."""

    avoid_same_unit_rounds: frozenset[int] = frozenset()
    float_once: bool = False
    relax_colours_in_last_round: bool = False
    float_highest_number_first: bool = False


def local_rules_from(pairing: PairingRules) -> LocalRules | None:
    """The local rules a section's regulations ask of the Dutch engine (None: pure FIDE).
    ``floaters_first`` needs nothing (the Dutch default); codes the Dutch engine does not
    know stay listed in ``Regulations.unsupported`` by the loader."""
    rounds: frozenset[int] = frozenset()
    if pairing.avoid_same_unit_rounds is not None:
        first, last = pairing.avoid_same_unit_rounds
        rounds = frozenset(range(first, last + 1))
    codes = set(pairing.local_rules)
    rules = LocalRules(
        avoid_same_unit_rounds=rounds,
        float_once=FLOAT_ONCE in codes,
        relax_colours_in_last_round=LAST_ROUND_COLOUR_RELAXED in codes,
        float_highest_number_first=DOWNFLOATER_HIGHEST_NUMBER in codes,
    )
    return None if rules == LocalRules() else rules


def has_downfloated(history: PlayerHistory) -> bool:
    """Whether the player already downfloated (a bye worth more than a loss counts)."""
    return Float.DOWN in history.floats


def local_prohibitions(
    tournament: Tournament,
    round_number: int,
    histories: Sequence[PlayerHistory],
    rules: LocalRules,
) -> list[tuple[int, ...]]:
    """Groups of TPNs who must not meet in ``round_number`` under ``rules`` (``histories``:
    the players to pair): same unit. Float once, the other absolute rule, bars the players
    of :func:`barred_from_bye` from any lower score as well; the engine applies it by score
    ranges (``dutch._RoundPairer.bar_downfloats``), not as millions of pairs."""
    groups: list[tuple[int, ...]] = []
    if round_number in rules.avoid_same_unit_rounds:
        units: dict[str, list[int]] = {}
        for h in histories:
            unit = tournament.players[h.number].club.strip()
            if unit:
                units.setdefault(unit, []).append(h.number)
        groups.extend(tuple(members) for members in units.values() if len(members) > 1)
    return groups


FLOAT_AGAIN_FIELD = "local-float-again"
"""The weight field counting players who float down a second time, used only when no
pairing meets ``float_once``: the most significant quality field, before [C6] (and [C5],
which the engine fixes once per round, is chosen after it)."""


def floats_again(history: PlayerHistory, partner_score: Fraction | None) -> bool:
    """Whether the player of ``history`` floats down a second time when paired with a
    player of ``partner_score`` (None: the pairing-allocated bye)."""
    if not has_downfloated(history):
        return False
    return partner_score is None or partner_score < history.score


def float_again_warnings(
    tournament: Tournament,
    round_number: int,
    histories: Mapping[int, PlayerHistory],
    boards: Iterable[tuple[int, int]],
    bye: int | None,
) -> tuple[PairingWarning, ...]:
    """The warnings of a round paired although ``float_once`` could not be met: one per
    player who floats down a second time (``boards``: pairs of TPNs; ``bye``: the PAB
    receiver), in pairing-number order."""

    def name(number: int) -> str:
        return tournament.players[number].name

    found: dict[int, PairingWarning] = {}
    for a, b in boards:
        for me, other in ((a, b), (b, a)):
            if floats_again(histories[me], histories[other].score):
                found[me] = PairingWarning(
                    WarningKind.FLOAT_AGAIN,
                    round_number,
                    FLOAT_ONCE,
                    me,
                    name(me),
                    histories[me].score,
                    other,
                    name(other),
                    histories[other].score,
                )
    if bye is not None and floats_again(histories[bye], None):
        found[bye] = PairingWarning(
            WarningKind.BYE_AFTER_FLOAT,
            round_number,
            FLOAT_ONCE,
            bye,
            name(bye),
            histories[bye].score,
        )
    return tuple(found[n] for n in sorted(found))


def barred_from_bye(histories: Iterable[PlayerHistory], rules: LocalRules) -> set[int]:
    """TPNs who may not receive the pairing-allocated bye under ``rules`` (on top of C.04.1
    Art. 4), nor meet a lower score: with ``float_once``, everyone who already
    downfloated."""
    if not rules.float_once:
        return set()
    return {h.number for h in histories if has_downfloated(h)}


def colour_limits_lifted(tournament: Tournament, round_number: int, rules: LocalRules) -> bool:
    """Whether every player is exempt from the absolute colour criteria in ``round_number``:
    the final round, when ``relax_colours_in_last_round`` is set and the number of rounds is
    known."""
    return (
        rules.relax_colours_in_last_round
        and tournament.total_rounds is not None
        and round_number == tournament.total_rounds
    )


def floater_order_fields(bracket: Sequence[int]) -> list[tuple[str, int]]:
    """Weight fields ranking the downfloaters of ``bracket`` (vertices in pairing order):
    one binary field per member, the highest-ranked most significant. Minimising them
    lexicographically keeps the highest-ranked players in the bracket, so among the sets of
    downfloaters allowed by the criteria above, the one whose highest-ranked floater is
    lowest wins, then the next one down, and so on: with one downfloater, the highest
    pairing number able to float. Each field counts at most one float per matching, so a
    capacity of 2 suffices."""
    return [(floater_field(position), 2) for position in range(len(bracket))]


OTHER_FLOATER_FIELD = "local-float:other"
"""The one weight field that replaces :func:`floater_order_fields` when the floaters of the
best pairings are known beforehand: it counts bracket players floating who are not among them.

Why the pairings stay the same: the rule's fields rank right after [C6]-[C7], so a best
pairing has [C6] and [C7] at their least first. When the bracket can be paired with nobody
floating (even, and the rest of the round completable) the least [C6] is nobody: the rule's
fields are then 0 in every best pairing, whatever they were. When it leaves one resident over
and the lowest-ranked resident able to be that one in a complete pairing is known (the
designated floater of ``dutch_quick``), every best pairing floats him and him only, which the
rule's fields prefer to any other floater. In both cases the best pairings under the one
count are exactly those under the per-player fields, and the fields after them rank them
alike."""


def floater_field(position: int) -> str:
    """The weight field of the bracket member at ``position`` (0 = highest ranked)."""
    return f"local-float:{position}"
