"""Unplayed rounds in tie-breaks (FIDE C.07, Arts 15–16) and the older "virtual opponent".

An *unplayed round* is any round in which a participant did not play a game over the board,
paired or not. Art. 16.2 sorts them into five categories; Art. 16.3 says what score the
participant shows to opponents; Art. 16.4 gives each own unplayed round a *dummy* opponent;
Art. 16.5 bends the Cut modifiers for voluntary unplayed rounds (VURs).

Three rule sets are selectable (``UnplayedRule``):

* ``FIDE_2026`` — in force since 1 Mar 2026: dummy opponent whose score is the participant's
  own score, capped at the scheduled opponent's adjusted score (forfeits) or at draw points ×
  rounds (byes and absences).
* ``FIDE_2023`` — the Sep 2023 – Feb 2026 texts: the same dummy without caps.
* ``VIRTUAL_OPPONENT`` — before 2023 (C.02 13.15): a virtual opponent who had the player's
  score before the round, got the complementary result and drew all later rounds; opponents'
  unplayed games are counted as draws.
"""

from __future__ import annotations

import datetime
import enum

from crosstable.model.results import ResultCode


class UnplayedRule(enum.Enum):
    """How tie-breaks evaluate unplayed rounds."""

    FIDE_2026 = "2026"
    """C.07 in force since 1 Mar 2026 (dummy opponent with capped score)."""
    FIDE_2023 = "2023"
    """C.07 of 2023 and Aug 2024 (dummy opponent, score not capped)."""
    VIRTUAL_OPPONENT = "virtual"
    """Before 2023: virtual opponent; opponents' unplayed games count as draws."""


FIDE_2026_IN_FORCE = datetime.date(2026, 3, 1)
"""C.07 as approved by the FIDE Council on 2 Feb 2026 applies to events starting from this day."""


def rule_in_force(start: datetime.date | None) -> UnplayedRule | None:
    """The rules for unplayed rounds in force when an event started (the day a TRF 042
    record gives, read by ``crosstable.formats.trf.dates`` whatever its form): the 2023 texts
    before 1 Mar 2026, the 2026 text from then on. None when no start day is known. FIDE's
    reference checker (gacrux) chooses the same way; the pre-2023 virtual opponent is only
    applied when asked for (docs/tiebreaks.md)."""
    if start is None:
        return None
    return UnplayedRule.FIDE_2023 if start < FIDE_2026_IN_FORCE else UnplayedRule.FIDE_2026


class UnplayedCategory(enum.IntEnum):
    """The five categories of Art. 16.2."""

    BYE_WORTH_WIN = 1
    """Pairing-allocated bye or full-point bye."""
    FORFEIT_WIN = 2
    REQUESTED_BYE_THEN_PLAYED = 3
    """Half- or zero-point bye followed by at least one round that is not a VUR."""
    FORFEIT_LOSS = 4
    REQUESTED_BYE_AT_END = 5
    """Requested bye followed only by VURs, or in the last round (covers withdrawals)."""


REQUESTED_BYES = frozenset(
    {ResultCode.HALF_POINT_BYE, ResultCode.ZERO_POINT_BYE, ResultCode.UNPLAYED}
)
"""Art. 16.1: half- and zero-point byes; every round after a withdrawal is a zero-point bye."""

# Enum members hash in Python code; these hot loops test membership by identity instead.
_REQUESTED_BYE_IDS = frozenset(id(code) for code in REQUESTED_BYES)
_FORFEIT_LOSS = ResultCode.FORFEIT_LOSS


def is_voluntary_unplayed(result: ResultCode, played: bool) -> bool:
    """Art. 16.1: a VUR is a requested bye or a forfeit loss (a double forfeit included)."""
    if played:
        return False
    return id(result) in _REQUESTED_BYE_IDS or result is _FORFEIT_LOSS


def categorise(results: list[ResultCode], played: list[bool]) -> list[UnplayedCategory | None]:
    """Art. 16.2 category of each round (None for rounds played over the board).

    ``results`` and ``played`` are one participant's rounds in order.
    """
    last_non_vur = 0
    for index, (result, was_played) in enumerate(zip(results, played, strict=True), start=1):
        if not is_voluntary_unplayed(result, was_played):
            last_non_vur = index
    if all(played):
        return [None] * len(played)
    categories: list[UnplayedCategory | None] = []
    for index, (result, was_played) in enumerate(zip(results, played, strict=True), start=1):
        if was_played:
            categories.append(None)
        elif result is ResultCode.FORFEIT_WIN:
            categories.append(UnplayedCategory.FORFEIT_WIN)
        elif result is ResultCode.FORFEIT_LOSS:
            categories.append(UnplayedCategory.FORFEIT_LOSS)
        elif id(result) in _REQUESTED_BYE_IDS:
            categories.append(
                UnplayedCategory.REQUESTED_BYE_THEN_PLAYED
                if index < last_non_vur
                else UnplayedCategory.REQUESTED_BYE_AT_END
            )
        else:
            # Pairing-allocated and full-point byes; a PENDING entry never reaches here
            # because it counts as a game in progress (played).
            categories.append(UnplayedCategory.BYE_WORTH_WIN)
    return categories
