"""What a regulations file's ``[pairing]`` table tells a pairing system: its TRF-2026 code, how
round 1 is paired and coloured, colour limits, same-unit avoidance, local rules, acceleration.
The regulations loader reads the table into :class:`PairingRules`; the systems read it here.

:data:`LOCAL_RULES` is the one list of the local rules a file may declare; which of them each
system applies is said by the system's entry in ``crosstable.pairing.registry``."""

from __future__ import annotations

import dataclasses
import enum


class ColourRule(enum.Enum):
    """How colours are given in round 1."""

    LOT = "lot"
    """The top board's colour is drawn by lot, then alternates (FIDE)."""
    ODD_NUMBER_FIRST = "odd_number_first"
    """The odd pairing number moves first (Red/White) on every board."""


class RoundOnePairing(enum.Enum):
    RATING = "rating"
    """Top half against bottom half of the ranked list (FIDE)."""
    LOT_ADJACENT = "lot_adjacent"
    """All players drawn, then 1–2, 3–4, … (xiangqi 抽签编排)."""
    HALVES_BY_LOT = "halves_by_lot"
    """Top half against bottom half, each top-half player's opponent drawn by lot (xiangqi
    rules 2011, Appendix 2 §4)."""


@dataclasses.dataclass(frozen=True, slots=True)
class PairingRules:
    system: str
    """TRF-2026 system code: FIDE_DUTCH_2026, XIANGQI_SWISS, FIDE_TEAM, …"""
    round_one: RoundOnePairing = RoundOnePairing.RATING
    round_one_colour: ColourRule = ColourRule.LOT
    avoid_same_unit_rounds: tuple[int, int] | None = None
    """Players of the same unit are not paired in rounds first..last (None: no avoidance)."""
    max_same_colour_in_row: int | None = None
    """No player gets the same colour more than this many times in a row."""
    max_colour_difference: int | None = None
    """No player's colour difference (Whites/Reds minus Blacks) goes beyond ± this."""
    segment_order: str = "halves"
    """Xiangqi Swiss: who meets whom inside a score segment, "halves" or "adjacent"."""
    house_player_for_odd: bool = False
    """The organiser may add one house player to a section with an odd entry count."""
    local_rules: tuple[str, ...] = ()
    """Local pairing rules by code (``crosstable.pairing.local_rules``)."""
    acceleration: str = "none"
    """Accelerated pairing (C.04.7): "none" or "baku" (the Baku method's virtual points)."""


FLOAT_ONCE = "float_once"
DOWNFLOATER_HIGHEST_NUMBER = "downfloater_highest_number"
FLOATERS_FIRST = "floaters_first"
LAST_ROUND_COLOUR_RELAXED = "last_round_colour_relaxed"

LOCAL_RULES: dict[str, str] = {
    DOWNFLOATER_HIGHEST_NUMBER: "the downfloater is the highest pairing number able to float",
    FLOAT_ONCE: "a player may float only once in the whole event",
    FLOATERS_FIRST: "floaters are paired before the bye and the rest of the score group",
    LAST_ROUND_COLOUR_RELAXED: (
        "last round: three equal colours in a row allowed, colour balance ignored"
    ),
}
"""Local pairing rules a regulations file may declare (``[pairing] local_rules``; issue 7),
by code, with what each one says. A system that does not apply a rule it is given names it
among the file's gaps (``Regulations.unsupported``)."""

ACCELERATIONS = ("none", "baku")
"""``[pairing] acceleration``: none, or the Baku method (C.04.7)."""
