"""Small tournaments written as grids, for hand-worked tie-break examples.

A cell is ``"3w1"`` (opponent 3, White, won), ``"2b="`` (drew with Black), ``"4w+"`` / ``"4b-"``
(forfeit won / lost against 4), or a bye letter: ``U`` pairing-allocated bye, ``F`` full-point
bye, ``H`` half-point bye, ``Z`` zero-point bye, ``""`` nothing recorded.
"""

from __future__ import annotations

import re

from crosstable.model import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)

_CELL = re.compile(r"^(\d+)([wb])([10=+\-WDL])$")


def entry(cell: str, fouls: int = 0) -> RoundEntry:
    if cell in ("U", "F", "H", "Z", ""):
        return RoundEntry(None, None, ResultCode(cell or " "))
    match = _CELL.match(cell)
    assert match, f"bad cell {cell!r}"
    opponent, colour, result = match.groups()
    return RoundEntry(int(opponent), Colour(colour), ResultCode(result), fouls)


def tournament(
    grid: dict[int, list[str]],
    ratings: dict[int, int] | None = None,
    scoring: ScoringSystem | None = None,
    fouls: dict[tuple[int, int], int] | None = None,
) -> Tournament:
    """A tournament from ``{pairing number: [cell per round]}``; checks the grid is symmetric."""
    event = Tournament(name="grid", scoring=scoring or ScoringSystem.standard())
    for number, cells in grid.items():
        player = Player(number, f"Player {number}", rating=(ratings or {}).get(number, 0))
        for round_number, cell in enumerate(cells, start=1):
            player.set_entry(
                round_number, entry(cell, (fouls or {}).get((number, round_number), 0))
            )
        event.add_player(player)
    mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}
    for number, cells in grid.items():
        for round_number, cell in enumerate(cells, start=1):
            match = _CELL.match(cell)
            if match:
                other = grid[int(match.group(1))][round_number - 1]
                colour = "b" if match.group(2) == "w" else "w"
                expected = f"{number}{colour}{mirror[match.group(3)]}"
                assert other == expected or (cell.endswith("-") and other.endswith("-")), (
                    f"round {round_number}: {number} has {cell!r}, {match.group(1)} has {other!r}"
                )
    return event


# Example A — 5 players, 3 rounds, every kind of unplayed round (worked by hand in the tests):
#   R1: 1-2 1-0, 3-4 ½-½, 5 pairing-allocated bye
#   R2: 5-1 0-1, 3-4 won by forfeit by 3, 2 half-point bye
#   R3: 1-3 ½-½, 4-5 1-0, 2 zero-point bye (withdrawn)
EXAMPLE_A = {
    1: ["2w1", "5b1", "3w="],
    2: ["1b0", "H", "Z"],
    3: ["4w=", "4w+", "1b="],
    4: ["3b=", "3b-", "5w1"],
    5: ["U", "1w0", "4b0"],
}
