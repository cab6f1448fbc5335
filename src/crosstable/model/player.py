"""Players and their round-by-round record."""

from __future__ import annotations

import dataclasses
import datetime
from fractions import Fraction

from crosstable.model.colour import Colour
from crosstable.model.results import ResultCode


@dataclasses.dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's round: the scheduled opponent (None for a bye), colour and result.

    A forfeit keeps the scheduled opponent and colour; byes and absences have neither.
    """

    opponent: int | None
    colour: Colour | None
    result: ResultCode
    fouls: int = 0
    """Rule infractions (犯规) the arbiter recorded against this player in this game."""

    @classmethod
    def absent(cls, result: ResultCode = ResultCode.ZERO_POINT_BYE) -> RoundEntry:
        return cls(None, None, result)

    @property
    def is_played(self) -> bool:
        """A game took place over the board (the opponents have met)."""
        return self.opponent is not None and self.result.is_played

    @property
    def played_colour(self) -> Colour | None:
        """The colour that counts for colour history: only games actually played."""
        return self.colour if self.is_played else None


@dataclasses.dataclass(slots=True)
class Player:
    """A participant. ``pairing_number`` is the TPN (starting rank), 1-based."""

    pairing_number: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth_date: datetime.date | str | None = None
    declared_points: Fraction | None = None
    """The points field as read from a file (checked against the recomputed score)."""
    rank: int | None = None
    rounds: list[RoundEntry] = dataclasses.field(default_factory=list)
    club: str = ""
    national_grade: str = ""
    national_ratings: dict[str, int] = dataclasses.field(default_factory=dict)
    withdrawn_after_round: int | None = None
    """Withdrawn: not paired in any round after this one (None: still playing)."""
    house: bool = False
    """A house player: added by the organiser to make an odd section even (no bye). Paired
    like everyone and their games count for their opponents, but not ranked and no prize."""
    later_ratings: dict[int, int] = dataclasses.field(default_factory=dict)
    """Ratings valid from a round on (round -> rating), for an event that spans rating lists;
    ``rating`` is the first. Not in TRF."""
    expelled: bool = False
    """Expelled by the arbiter (after ``withdrawn_after_round``): not ranked; their games
    stand for their opponents. Not in TRF."""

    def rating_in_round(self, round_number: int) -> int:
        """The rating valid in ``round_number``: the latest later rating from a round not
        after it, else the first."""
        valid = [r for r in self.later_ratings if r <= round_number]
        return self.later_ratings[max(valid)] if valid else self.rating

    def entry(self, round_number: int) -> RoundEntry | None:
        """The entry of a 1-based round, or None if nothing is recorded for it."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return None

    def set_entry(self, round_number: int, entry: RoundEntry) -> None:
        """Record ``entry`` for a 1-based round, padding earlier rounds as unplayed."""
        while len(self.rounds) < round_number - 1:
            self.rounds.append(RoundEntry.absent(ResultCode.UNPLAYED))
        if len(self.rounds) >= round_number:
            self.rounds[round_number - 1] = entry
        else:
            self.rounds.append(entry)
