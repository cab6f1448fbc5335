"""A team of a team competition: its fixed roster in board order, captain and unit."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from crosstable.regulations.schema import AttributeValue


@dataclasses.dataclass(frozen=True, slots=True)
class TeamRoster:
    """A team and its roster: players (pairing numbers) in board order, main boards first,
    then the reserves. The roster is fixed for the whole event."""

    number: int
    """The team's pairing number (TRF 310/013)."""
    name: str
    members: tuple[int, ...]
    captain: int | None = None
    """The member who submits line-ups (None: a non-playing captain, known only to the web)."""
    unit: str = ""
    """The school, county or club the team represents."""
    unit_kind: str = ""
    """What kind of unit it is ("school", "county", "club"): some prizes count only some."""
    attributes: Mapping[str, AttributeValue] = dataclasses.field(default_factory=dict)
    """What team prize conditions test beyond the unit (e.g. ``introduction_letter``,
    ``local_players``)."""

    def __post_init__(self) -> None:
        if len(set(self.members)) != len(self.members):
            raise ValueError(f"team {self.name!r}: a player appears twice on the roster")

    def position(self, player: int) -> int:
        """The player's 1-based roster position (their board number for board prizes)."""
        try:
            return self.members.index(player) + 1
        except ValueError:
            raise ValueError(f"player {player} is not on the roster of {self.name!r}") from None

    def registered_lineup(self, boards: int) -> tuple[int | None, ...]:
        """The registered line-up: the first ``boards`` players of the roster."""
        lineup: list[int | None] = list(self.members[:boards])
        return tuple(lineup + [None] * (boards - len(lineup)))
