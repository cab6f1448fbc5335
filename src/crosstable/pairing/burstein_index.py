"""The Burstein system's opposition index: each player's Sonneborn-Berger, Buchholz and
Median over the rounds played, with unplayed rounds scored against a virtual opponent, and
the system's own acceleration (C.04.4.2, the text before 2017; docs/pairing/burstein.md).

Owns the numbers the Burstein pairing orders a score group by; the pairing itself is in
:mod:`crosstable.pairing.burstein`. Scores are exact fractions.

The reading (every step worked by hand in ``tests/core/pairing/test_burstein.py``):

* The *adjusted score* of a player, as an opponent sees it: the points of the games played,
  a draw's points for every round not played (the text's "unfinished games count as
  draws"), plus the virtual points of the round being paired.
* An unplayed round of the player himself counts as a game against a *virtual opponent*
  (FIDE's 2009 rule for unplayed games): one who had the player's score before that round,
  got the opposite result in it (a zero-point bye or absence is a win for the virtual
  opponent, a half-point bye a draw, a forfeit win, full-point bye or pairing-allocated bye
  worth a win a forfeit loss; a pairing-allocated bye worth less than a win counts as the
  result it is worth) and draws every later round.
* Sonneborn-Berger: the sum over rounds of the player's points times that round's
  opponent's adjusted score. Buchholz: the sum of the opponents' adjusted scores. Median:
  the Buchholz without its highest and lowest value (0 after two rounds or fewer).
* Inside a score group players are ordered by SB, then Buchholz, then Median, then the
  lower pairing number; a player from another score group (a floater) is compared by SB,
  then Buchholz times his pairing score, then Median times it.
* Acceleration when the tournament names none: in rounds 1 and 2 the top half of the
  players who took part in round 1's pairing (by pairing number) get a win's points.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from fractions import Fraction

from crosstable.model import ResultCode, RoundEntry, ScoringSystem, Tournament


class Outcome(enum.IntEnum):
    """A round's result as won, drawn or lost, whether played or not."""

    LOSS = 0
    DRAW = 1
    WIN = 2


_WON = frozenset(
    {
        ResultCode.WIN,
        ResultCode.WIN_UNRATED,
        ResultCode.FORFEIT_WIN,
        ResultCode.FULL_POINT_BYE,
        ResultCode.PAIRING_BYE,
    }
)
_DRAWN = frozenset({ResultCode.DRAW, ResultCode.DRAW_UNRATED, ResultCode.HALF_POINT_BYE})


@dataclasses.dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round of a player as the index reads it."""

    outcome: Outcome
    points: Fraction
    played: bool
    opponent: int | None
    """The opponent met over the board (None when the game was not played)."""
    pairing_bye: bool


def round_record(entry: RoundEntry | None, scoring: ScoringSystem) -> RoundRecord:
    """The round ``entry`` as won, drawn or lost, its points, and whether it was played (a
    round without an entry is an absence: a zero-point bye)."""
    if entry is None:
        return RoundRecord(Outcome.LOSS, scoring.zero_point_bye, False, None, False)
    result = entry.result
    outcome = Outcome.WIN if result in _WON else Outcome.DRAW if result in _DRAWN else Outcome.LOSS
    played = entry.is_played
    return RoundRecord(
        outcome,
        scoring.points(result, entry.colour),
        played,
        entry.opponent if played else None,
        result is ResultCode.PAIRING_BYE,
    )


def default_acceleration(tournament: Tournament, round_number: int) -> dict[int, Fraction]:
    """The Burstein acceleration when the tournament names none: a win's points, in rounds 1
    and 2, for every player down to the last of the top half (rounded down) of round 1's
    participants, in pairing-number order (players absent from round 1 above that place
    get them too)."""
    if round_number > 2:
        return {}
    numbers = sorted(tournament.players)
    taking_part = [n for n in numbers if _took_part_in_round_one(tournament, n, round_number)]
    half = len(taking_part) // 2
    if half == 0:
        return {}
    last = taking_part[half - 1]
    return {n: tournament.scoring.win for n in numbers if n <= last}


def _took_part_in_round_one(tournament: Tournament, number: int, round_number: int) -> bool:
    entry = tournament.players[number].entry(1)
    if round_number == 1 or entry is None:
        # Pairing round 1 (or nothing recorded there): everyone not marked absent.
        return entry is None or entry.opponent is not None or not entry.result.is_bye
    return entry.opponent is not None or entry.result is ResultCode.PAIRING_BYE


def accelerations(tournament: Tournament, round_number: int) -> dict[int, Fraction]:
    """Virtual points of each player for pairing ``round_number``: the tournament's own
    (TRF 250 / XXA) when it names any, else the Burstein default."""
    if tournament.accelerations:
        return {
            n: tournament.acceleration_points(n, round_number)
            for n in tournament.players
            if tournament.acceleration_points(n, round_number)
        }
    return default_acceleration(tournament, round_number)


@dataclasses.dataclass(frozen=True, slots=True)
class OppositionIndex:
    """A player's pairing score and opposition index before the round."""

    number: int
    rank: int
    """Position among the players entered so far (1 = the highest pairing number)."""
    score: Fraction
    """Pairing score: points plus virtual points."""
    sonneborn_berger: Fraction
    buchholz: Fraction
    median: Fraction

    def key(self, same_group: bool) -> tuple[Fraction, Fraction, Fraction, int]:
        """The sort key, higher first: within a score group SB, Buchholz, Median; across
        groups Buchholz and Median weighed by the pairing score; then the lower rank."""
        if same_group:
            return (self.sonneborn_berger, self.buchholz, self.median, -self.rank)
        return (
            self.sonneborn_berger,
            self.buchholz * self.score,
            self.median * self.score,
            -self.rank,
        )


def opposition_indices(
    tournament: Tournament,
    round_number: int,
    entered: Sequence[int],
    virtual: dict[int, Fraction],
) -> dict[int, OppositionIndex]:
    """The index of every player in ``entered`` (pairing numbers, ascending: the players
    present now or paired before) for pairing ``round_number``."""
    scoring = tournament.scoring
    played = round_number - 1
    records = {
        n: [round_record(tournament.players[n].entry(r), scoring) for r in range(1, played + 1)]
        for n in entered
    }
    adjusted = {
        n: virtual.get(n, Fraction(0))
        + sum((rec.points if rec.played else scoring.draw for rec in records[n]), Fraction(0))
        for n in entered
    }
    indices: dict[int, OppositionIndex] = {}
    for rank, n in enumerate(entered, start=1):
        own = virtual.get(n, Fraction(0))
        contributions = _opponent_scores(records[n], own, adjusted, scoring, played)
        points = [rec.points for rec in records[n]]
        sonneborn_berger = sum(
            (p * value for p, value in zip(points, contributions, strict=True)), Fraction(0)
        )
        buchholz = sum(contributions, Fraction(0))
        median = buchholz - min(contributions) - max(contributions) if played > 2 else Fraction(0)
        indices[n] = OppositionIndex(
            n, rank, own + sum(points, Fraction(0)), sonneborn_berger, buchholz, median
        )
    return indices


def _opponent_scores(
    records: list[RoundRecord],
    virtual_points: Fraction,
    adjusted: dict[int, Fraction],
    scoring: ScoringSystem,
    played: int,
) -> list[Fraction]:
    """Each round's opponent score: the real opponent's adjusted score, or the virtual
    opponent's score for a round not played."""
    scores: list[Fraction] = []
    before = virtual_points  # the player's score before the round, virtual points included
    for k, rec in enumerate(records):
        if rec.played and rec.opponent is not None:
            scores.append(adjusted.get(rec.opponent, Fraction(0)))
        else:
            still_to_play = played - 1 - k
            scores.append(before + _virtual_result(rec, scoring) + still_to_play * scoring.draw)
        before += rec.points
    return scores


def _virtual_result(rec: RoundRecord, scoring: ScoringSystem) -> Fraction:
    """The virtual opponent's points in a round the player did not play."""
    if rec.outcome is Outcome.LOSS:
        return scoring.win
    if rec.outcome is Outcome.DRAW:
        return scoring.draw
    bye_points = scoring.pairing_bye_points
    if rec.pairing_bye and bye_points < scoring.win:
        return scoring.win if bye_points < scoring.draw else scoring.draw
    return scoring.forfeit_loss_points
