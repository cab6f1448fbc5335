"""Baku acceleration (FIDE C.04.7, in force since 1 February 2026; before: C.04.7.1 and, in
2016, C.04.5.1): who is in group A, how many virtual points per round, and when a tournament
is paired with them.

The model stores accelerations as explicit ranges (:class:`~crosstable.model.Acceleration`,
TRF-2026 record 250, JaVaFo ``XXA``) and the pairing history adds them to the pairing score
(:func:`crosstable.pairing.history.build_histories`). This module owns the *standard* Baku
method: it turns "this event is accelerated by the Baku method" into those ranges.

Readings (docs/pairing/dutch.md, "Acceleration"):

* group A (GA) = the first half of the players to be paired in round 1, rounded up to an even
  number: ``2 * ceil(N / 4)``; the range ends at the pairing number of the last of them, so a
  late entry inserted before that player is in GA and the last GA player stays the same;
* accelerated rounds = the first ``ceil(R / 2)`` rounds; GA gets the points of a win in the
  first ``ceil(accelerated / 2)`` of them, half of that in the rest, nothing afterwards;
* the premise: a win is worth twice a draw and a loss nothing (2026 text; 2016: 1-½-0 only);
* explicit accelerations (record 250 / ``XXA``) override the standard method (TRF-2026: 250
  overrides the ``_BAKU`` of record 192).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from crosstable.model import Acceleration, Tournament
from crosstable.pairing.history import players_to_pair

BAKU = "baku"
"""The value of a section's ``pairing.acceleration`` asking for the Baku method."""

BAKU_SUFFIX = "_BAKU"
"""ETT26 system codes (TRF record 192) ending so are paired with Baku acceleration."""


class AccelerationError(ValueError):
    """The Baku method cannot be applied to this tournament (the message says why)."""


def group_a_size(player_count: int) -> int:
    """Players in group A: the first half of ``player_count``, rounded up to an even number
    (C.04.7 1.2; the handbook's example: 161 players -> 82)."""
    if player_count < 0:
        raise ValueError(f"player count must not be negative, got {player_count}")
    return 2 * -(-player_count // 4)


def accelerated_rounds(total_rounds: int) -> int:
    """The accelerated rounds: the first half of the tournament, rounded up."""
    if total_rounds < 1:
        raise ValueError(f"a tournament has at least one round, got {total_rounds}")
    return -(-total_rounds // 2)


def full_value_rounds(total_rounds: int) -> int:
    """The accelerated rounds in which group A gets a full win's worth: the first half of the
    accelerated rounds, rounded up."""
    return -(-accelerated_rounds(total_rounds) // 2)


def virtual_points(round_number: int, total_rounds: int, win: Fraction = Fraction(1)) -> Fraction:
    """Virtual points of a group-A player when pairing ``round_number`` (``win``: the points
    of a win; group B never gets any)."""
    if round_number <= full_value_rounds(total_rounds):
        return win
    if round_number <= accelerated_rounds(total_rounds):
        return win / 2
    return Fraction(0)


def uses_baku(system_code: str) -> bool:
    """Whether an ETT26 system code (record 192) names Baku acceleration."""
    return system_code.strip().upper().endswith(BAKU_SUFFIX)


def baku_accelerations(tournament: Tournament) -> list[Acceleration]:
    """The standard Baku accelerations of ``tournament`` as ranges (one for the full-value
    rounds, one for the half-value rounds; none when group A or the rounds are empty).

    Group A is counted on the players to be paired in round 1 (present then, in pairing-number
    order). Raises :class:`AccelerationError` when the number of rounds is unknown or the
    scoring is not win = 2 x draw, loss = 0."""
    if tournament.total_rounds is None:
        raise AccelerationError(
            "Baku acceleration needs the number of rounds (TRF record 142 or XXR)"
        )
    scoring = tournament.scoring
    if scoring.win != 2 * scoring.draw or scoring.loss != 0:
        raise AccelerationError(
            "Baku acceleration needs a win worth twice a draw and a loss worth nothing "
            f"(this tournament scores {scoring.win}/{scoring.draw}/{scoring.loss})"
        )
    round_one = players_to_pair(tournament, 1)
    size = min(group_a_size(len(round_one)), len(round_one))
    if size == 0:
        return []
    last_player = round_one[size - 1]
    total = tournament.total_rounds
    full, accelerated = full_value_rounds(total), accelerated_rounds(total)
    ranges = [Acceleration(scoring.win, 1, full, 1, last_player)]
    if accelerated > full:
        ranges.append(Acceleration(scoring.win / 2, full + 1, accelerated, 1, last_player))
    return ranges


def asks_for_baku(tournament: Tournament, acceleration: str | None = None) -> bool:
    """Whether the tournament is to be paired with Baku acceleration: its system code names
    it, or the section's ``pairing.acceleration`` is ``"baku"``."""
    return uses_baku(tournament.system_code) or (acceleration or "").lower() == BAKU


def with_acceleration(tournament: Tournament, acceleration: str | None = None) -> Tournament:
    """``tournament`` as the pairing engine should see it: unchanged when it already carries
    explicit accelerations or does not ask for Baku; otherwise a shallow copy with the
    standard Baku ranges (the original is not modified, so nothing is written back)."""
    if tournament.accelerations or not asks_for_baku(tournament, acceleration):
        return tournament
    return dataclasses.replace(tournament, accelerations=baku_accelerations(tournament))
