"""The tournament model: players, colours, round results, scoring systems and tournaments.

Everything here is plain data with exact arithmetic (``fractions.Fraction``); no module in
this package knows about pairing rules, file formats or storage.
"""

from crosstable.model.colour import Colour, colour_name
from crosstable.model.player import Player, RoundEntry
from crosstable.model.results import ResultCode
from crosstable.model.scoring import ScoringSystem
from crosstable.model.tournament import Acceleration, ProhibitedPairing, Team, Tournament

__all__ = [
    "Acceleration",
    "Colour",
    "Player",
    "ProhibitedPairing",
    "ResultCode",
    "RoundEntry",
    "ScoringSystem",
    "Team",
    "Tournament",
    "colour_name",
]
