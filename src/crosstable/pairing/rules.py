"""What a regulations file's ``[pairing]`` table tells a pairing system: its TRF-2026 code, how
round 1 is paired and coloured, colour limits, same-unit avoidance, local rules, acceleration.
The regulations loader reads the table into :class:`PairingRules`; the systems read it here."""

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
