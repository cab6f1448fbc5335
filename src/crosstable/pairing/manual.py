"""What a pairing made or changed by hand breaks.

When the arbiter changes a round's pairing by hand, a program must say, before the change is
made, whether it repeats a game already played (C.04.1 Art. 2), pairs two players the rules
keep apart (a prohibited pairing), gives the pairing-allocated bye to a player who may not
have it (Art. 4: already had it, or scored a win's points in one round without playing), or
breaks the colour rules (Arts. 6–7: the same colour three times in a row, a colour difference
beyond ±2; in the last round topscorers are exempt, as C.04.3 lets the engine do) — and, as
a milder note, when both players of a game get the colour opposite to the one they expect.
Only played games count for meetings and colours (C.04.2 Art. 3.4).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from crosstable.model import Colour, ResultCode, Tournament
from crosstable.pairing.colours import colour_difference, colour_preference


@dataclasses.dataclass(frozen=True, slots=True)
class ManualProblem:
    """One thing a hand-made pairing breaks: ``code`` (rematch, prohibited, bye_ineligible,
    colour_three, colour_difference, colours_reversed; for team systems also colour, float,
    same_unit: :func:`crosstable.pairing.team_swiss.team_manual_problems`), the players or
    teams concerned (pairing numbers; for a game White then Black, for a match the
    first-named team first) and, for a colour difference, its value."""

    code: str
    players: tuple[int, ...]
    value: int | None = None


def manual_problems(
    tournament: Tournament,
    round_number: int,
    boards: Sequence[tuple[int, int]],
    bye: int | None,
    *,
    games_per_pairing: int = 1,
) -> list[ManualProblem]:
    """The problems of round ``round_number`` paired as ``boards`` (White, Black) with the
    pairing-allocated bye ``bye``; ``tournament`` holds the earlier rounds.

    ``games_per_pairing``: the system's pairing is a match of that many games, a round each
    (the Double-Swiss system, its ``registry`` entry): the earlier games of the same match
    are no earlier meeting and no earlier bye, as game 2 repeats game 1's pairing and bye."""
    match_start = round_number - (round_number - 1) % games_per_pairing
    problems: list[ManualProblem] = []
    last_round = tournament.total_rounds is not None and round_number >= tournament.total_rounds
    for white, black in boards:
        if _have_met(tournament, white, black, match_start):
            problems.append(ManualProblem("rematch", (white, black)))
        if tournament.is_prohibited(white, black, round_number):
            problems.append(ManualProblem("prohibited", (white, black)))
        reversed_colours = 0
        for number, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            history = _played_colours(tournament, number, round_number)
            preference = colour_preference(history)
            if preference.colour is not None and preference.colour is not colour:
                reversed_colours += 1
            if last_round and _is_topscorer(tournament, number, round_number):
                continue
            if len(history) >= 2 and history[-1] is colour and history[-2] is colour:
                problems.append(ManualProblem("colour_three", (number,)))
            difference = colour_difference([*history, colour])
            if abs(difference) > 2:
                problems.append(ManualProblem("colour_difference", (number,), difference))
        if reversed_colours == 2:
            problems.append(ManualProblem("colours_reversed", (white, black)))
    if bye is not None and not may_receive_pairing_bye(tournament, bye, match_start):
        problems.append(ManualProblem("bye_ineligible", (bye,)))
    return problems


def may_receive_pairing_bye(tournament: Tournament, number: int, round_number: int) -> bool:
    """C.04.1 Art. 4 (2026): not a player who already had the pairing-allocated bye or who
    already scored, in one round and without playing, as many points as a win."""
    player = tournament.players[number]
    win = tournament.scoring.win
    for entry in player.rounds[: round_number - 1]:
        if entry.result is ResultCode.PAIRING_BYE:
            return False
        if not entry.is_played and 0 < win <= tournament.scoring.points(entry.result, entry.colour):
            return False
    return True


def _have_met(tournament: Tournament, first: int, second: int, round_number: int) -> bool:
    return any(
        entry.opponent == second and entry.is_played
        for entry in tournament.players[first].rounds[: round_number - 1]
    )


def _played_colours(tournament: Tournament, number: int, round_number: int) -> list[Colour]:
    return [
        colour
        for entry in tournament.players[number].rounds[: round_number - 1]
        if (colour := entry.played_colour) is not None
    ]


def _is_topscorer(tournament: Tournament, number: int, round_number: int) -> bool:
    """More than half the maximum possible score, when pairing the last round (C.04.3)."""
    assert tournament.total_rounds is not None
    score = tournament.points(tournament.players[number], round_number - 1)
    return score * 2 > tournament.scoring.win * tournament.total_rounds
