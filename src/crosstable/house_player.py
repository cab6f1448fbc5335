"""The house player: who may add one, and when (Kinabatangan regulations 4.6).

"Only the organiser may add one player to a section whose entry count is odd, to avoid a
bye." The house player (``Player.house``) is paired like everyone by every engine and their
games count for their opponents' points and tie-breaks; ``crosstable.standings`` leaves them
unranked and ``crosstable.prizes`` gives them nothing.

The rule is checked here, on counts, so the command line and the web app refuse the same
cases with the same reasons:

- the regulations must allow it (``pairing.house_player_for_odd``);
- the section's count of ordinary entries must be odd (with an even count nobody has a bye);
- a section has at most one house player.

Who may add one (the organiser, not an arbiter) is the caller's business: the core has no
users.
"""

from __future__ import annotations

import enum

from crosstable.model.player import Player
from crosstable.model.tournament import Tournament


class HousePlayerRefusal(enum.Enum):
    """Why a house player may not be added; the value is the message (English)."""

    NOT_ALLOWED = "the regulations do not allow a house player in this section"
    EVEN_COUNT = "the section has an even number of entries, so nobody has a bye"
    ALREADY_ONE = "the section already has its house player"


def house_player_refusal(
    *, allowed: bool, ordinary_entries: int, house_players: int
) -> HousePlayerRefusal | None:
    """Why one more house player may not join a section with ``ordinary_entries`` players
    and ``house_players`` house players already (None: it may)."""
    if not allowed:
        return HousePlayerRefusal.NOT_ALLOWED
    if house_players:
        return HousePlayerRefusal.ALREADY_ONE
    if ordinary_entries % 2 == 0:
        return HousePlayerRefusal.EVEN_COUNT
    return None


class HousePlayerError(ValueError):
    """A house player the rules refuse; ``refusal`` says why."""

    def __init__(self, section: str, refusal: HousePlayerRefusal) -> None:
        self.refusal = refusal
        where = f"{section}: " if section else ""
        super().__init__(f"{where}no house player: {refusal.value}")


def add_house_player(tournament: Tournament, player: Player, *, allowed: bool) -> Player:
    """Add ``player`` to ``tournament`` as its house player (``player.house`` is set), or raise
    ``HousePlayerError`` naming the section (the tournament's name) and the reason."""
    refusal = house_player_refusal(
        allowed=allowed,
        ordinary_entries=sum(1 for entrant in tournament.players.values() if not entrant.house),
        house_players=sum(1 for entrant in tournament.players.values() if entrant.house),
    )
    if refusal is not None:
        raise HousePlayerError(tournament.name, refusal)
    player.house = True
    tournament.add_player(player)
    return player
