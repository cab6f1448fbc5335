"""A tournament: its players, rounds played so far, scoring system and pairing options."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterable, Iterator
from fractions import Fraction

from crosstable.model.colour import Colour
from crosstable.model.player import Player, RoundEntry
from crosstable.model.results import ResultCode
from crosstable.model.scoring import ScoringSystem
from crosstable.model.team_records import TeamEventRecords

_PAIRED_WITHOUT_OPPONENT = (ResultCode.PAIRING_BYE, ResultCode.FORFEIT_WIN)


@dataclasses.dataclass(frozen=True, slots=True)
class ProhibitedPairing:
    """Players who must not be paired together in rounds ``first_round..last_round``."""

    first_round: int
    last_round: int
    players: tuple[int, ...]

    def applies_to(self, round_number: int) -> bool:
        return self.first_round <= round_number <= self.last_round


@dataclasses.dataclass(frozen=True, slots=True)
class Acceleration:
    """Virtual points added to the pairing score of players ``first_player..last_player``
    in rounds ``first_round..last_round`` (Baku acceleration; never used in standings)."""

    points: Fraction
    first_round: int
    last_round: int
    first_player: int
    last_player: int
    match_points: Fraction = Fraction(0)

    def applies_to(self, player: int, round_number: int) -> bool:
        return (
            self.first_round <= round_number <= self.last_round
            and self.first_player <= player <= self.last_player
        )


@dataclasses.dataclass(slots=True)
class Team:
    """A team: its roster by pairing numbers, in board order."""

    number: int
    name: str
    members: list[int] = dataclasses.field(default_factory=list)
    nickname: str = ""
    strength_factor: str = ""
    declared_match_points: Fraction | None = None
    declared_game_points: Fraction | None = None
    rank: int | None = None


@dataclasses.dataclass(slots=True)
class Tournament:
    """Everything known about one tournament (or one section of an event)."""

    name: str = ""
    players: dict[int, Player] = dataclasses.field(default_factory=dict)
    total_rounds: int | None = None
    scoring: ScoringSystem = dataclasses.field(default_factory=ScoringSystem)
    initial_colour: Colour | None = None
    """Colour drawn for the top player of round 1 (None: infer from round 1, or draw)."""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    """Record 042 as written (any form: docs/formats/trf.md, "Dates")."""
    end_date: str = ""
    start_day: datetime.date | None = dataclasses.field(default=None, compare=False)
    """The day the event started, read from ``start_date`` by the TRF reader whatever form
    the writing program used; None when the file gives none, or none that can be read (the
    reader then says so in a warning). It decides the edition of the tie-break rules. Derived
    from ``start_date``, so not part of equality."""
    end_day: datetime.date | None = dataclasses.field(default=None, compare=False)
    """Record 052 read as a day, likewise."""
    tournament_type: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: list[str] = dataclasses.field(default_factory=list)
    time_control: str = ""
    round_dates: list[str] = dataclasses.field(default_factory=list)
    system_code: str = ""
    """ETT26 code of the pairing system (TRF record 192), e.g. FIDE_DUTCH_2026."""
    tiebreaks: list[str] = dataclasses.field(default_factory=list)
    """Tie-break descriptors (TRF records 202/212), without the leading PTS."""
    encoded_time_control: str = ""
    absences: dict[int, dict[int, ResultCode]] = dataclasses.field(default_factory=dict)
    """Requested byes for rounds not yet paired: round -> {pairing number: H/F/Z}."""
    accelerations: list[Acceleration] = dataclasses.field(default_factory=list)
    prohibited_pairings: list[ProhibitedPairing] = dataclasses.field(default_factory=list)
    rematches_allowed: list[frozenset[int]] = dataclasses.field(default_factory=list)
    """Pairs of players the chief arbiter lets meet again in the round being paired, when no
    pairing exists otherwise (the arbiter decides: C.04.3 Art. 1.3 note, the xiangqi rules'
    App. 2 §3): the individual engines relax "no rematch" for these pairs alone. A decision
    for one pairing, not a record: no TRF line holds it (the ### MPA line records the round
    paired so)."""
    teams: list[Team] = dataclasses.field(default_factory=list)
    team_records: TeamEventRecords | None = None
    """A team event's records beyond rosters and games (board colours, match points, byes,
    forfeited matches, line-ups, points given; TRF 352/362/320/330/300/299), typed by the
    reader; None: none given (the defaults). Read them with
    ``crosstable.model.team_match.team_event_records``, which adds the team absences."""
    extra_records: list[str] = dataclasses.field(default_factory=list)
    """Lines this model does not interpret, kept verbatim so that files round-trip."""

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players[number] for number in sorted(self.players))

    def add_player(self, player: Player) -> None:
        if player.pairing_number in self.players:
            raise ValueError(f"duplicate pairing number {player.pairing_number}")
        self.players[player.pairing_number] = player

    @property
    def rounds_recorded(self) -> int:
        """The highest round for which any player has an entry."""
        return max((len(player.rounds) for player in self.players.values()), default=0)

    @property
    def rounds_paired(self) -> int:
        """The last round in which anybody took part in a pairing (had an opponent, the
        pairing-allocated bye or a forfeit win). Later rounds hold only byes and absences
        entered in advance (``0000 - H`` for the next round): not played yet."""
        paired = 0
        for player in self.players.values():
            for round_number in range(len(player.rounds), paired, -1):
                entry = player.rounds[round_number - 1]
                if entry.opponent is not None or entry.result in _PAIRED_WITHOUT_OPPONENT:
                    paired = round_number
                    break
        return paired

    def points(self, player: Player, up_to_round: int | None = None) -> Fraction:
        """A player's score after ``up_to_round`` rounds (all recorded rounds by default)."""
        entries: Iterable[RoundEntry] = (
            player.rounds if up_to_round is None else player.rounds[:up_to_round]
        )
        return sum(
            (self.scoring.points(entry.result, entry.colour) for entry in entries),
            Fraction(0),
        )

    def acceleration_points(self, player: int, round_number: int) -> Fraction:
        """Virtual points for pairing ``round_number`` (Baku acceleration)."""
        return sum(
            (a.points for a in self.accelerations if a.applies_to(player, round_number)),
            Fraction(0),
        )

    def is_prohibited(self, first: int, second: int, round_number: int) -> bool:
        return any(
            rule.applies_to(round_number) and first in rule.players and second in rule.players
            for rule in self.prohibited_pairings
        )
