"""Rating changes (B.02 8.3) and performances (B.02 8.2 / C.07 10.2) of an event.

For a rated player, every game played over the board against a rated opponent counts
(results ``1 = 0``; ``W D L`` are games the file marks unrated; forfeits and byes are not
games). The expected score of a game is B.02 8.1.2's table for the rating difference, a
difference of more than 400 points counted as 400 (8.3.1). The change is
K × Σ(W − We), kept exact here (a Fraction) and shown to one decimal as chess-results shows
it. K (8.3.3): 40 for a player until the end of the year of their 18th birthday while rated
under 2300; 10 for a player rated 2400 or more; 20 otherwise; and lowered, if K × games
exceeds 700, to the largest whole number with K × games ≤ 700. Two of B.02's conditions are
not in a TRF file: a player with fewer than 30 rated games (K 40) and a player once rated
2400 who has dropped below it (K 10); each report says so (``RatingChange.k_reason``). Games
against unrated opponents are left out: they count only if that opponent receives a first
rating in the same period, which the event alone cannot tell (docs/ratings.md).

The performance is ARO + dp(p) over the rated opponents met (the TPR of C.07 10.2, with the
same tables).
"""

from __future__ import annotations

import dataclasses
import datetime
from fractions import Fraction

from crosstable.model import ResultCode, Tournament
from crosstable.tiebreaks.performance import expected_hundredths, performance_of

RATING_SCORES: dict[ResultCode, Fraction] = {
    ResultCode.WIN: Fraction(1),
    ResultCode.DRAW: Fraction(1, 2),
    ResultCode.LOSS: Fraction(0),
}
"""The results of a rated game, on the rating scale (whatever the event's point system)."""

DIFFERENCE_CAP = 400
"""B.02 8.3.1: a rating difference above 400 points counts as 400."""

K_TIMES_GAMES_CAP = 700
"""B.02 8.3.3: K × games in a period never exceeds 700."""


@dataclasses.dataclass(frozen=True, slots=True)
class RatedGame:
    round_number: int
    opponent: int
    opponent_rating: int
    score: Fraction
    """1, ½ or 0."""
    expected: Fraction
    """B.02 8.1.2, in hundredths (0.36 …)."""


@dataclasses.dataclass(frozen=True, slots=True)
class RatingChange:
    number: int
    name: str
    rating: int
    k: int
    k_reason: str
    games: tuple[RatedGame, ...]
    performance: int | None

    @property
    def score(self) -> Fraction:
        return sum((game.score for game in self.games), Fraction(0))

    @property
    def expected(self) -> Fraction:
        return sum((game.expected for game in self.games), Fraction(0))

    @property
    def change(self) -> Fraction:
        return self.k * (self.score - self.expected)


def k_factor(
    rating: int, birth_date: datetime.date | None, event_year: int | None, games: int
) -> tuple[int, str]:
    """K for a player (B.02 8.3.3) and why, in words."""
    if rating >= 2400:
        k, reason = 10, "rated 2400 or more"
    elif (
        birth_date is not None
        and event_year is not None
        and event_year - birth_date.year <= 18
        and rating < 2300
    ):
        k, reason = (
            40,
            f"born {birth_date.year}, under 2300: until the end of the year they turn 18",
        )
    else:
        k, reason = (
            20,
            (
                "rated under 2400 (a player with fewer than 30 rated games has 40, one once rated "
                "2400 has 10: neither is in the file)"
            ),
        )
    if games and k * games > K_TIMES_GAMES_CAP:
        k = K_TIMES_GAMES_CAP // games
        reason += f"; lowered to {k} so that K × {games} games does not exceed 700"
    return k, reason


def expected_score(rating: int, opponent_rating: int) -> Fraction:
    """B.02 8.1.2 with 8.3.1's 400-point rule."""
    difference = max(-DIFFERENCE_CAP, min(DIFFERENCE_CAP, rating - opponent_rating))
    return Fraction(expected_hundredths(difference), 100)


def rating_changes(tournament: Tournament) -> list[RatingChange]:
    """Every rated player's rating change and performance, in pairing-number order."""
    event_day = tournament.end_day or tournament.start_day
    event_year = event_day.year if event_day is not None else None
    changes = []
    for player in tournament:
        if not player.rating:
            continue
        games = []
        for round_number, entry in enumerate(player.rounds, start=1):
            if entry.opponent is None or entry.result not in RATING_SCORES:
                continue
            opponent = tournament.players.get(entry.opponent)
            if opponent is None or not opponent.rating:
                continue
            games.append(
                RatedGame(
                    round_number,
                    entry.opponent,
                    opponent.rating,
                    RATING_SCORES[entry.result],
                    expected_score(player.rating, opponent.rating),
                )
            )
        birth = player.birth_date if isinstance(player.birth_date, datetime.date) else None
        k, reason = k_factor(player.rating, birth, event_year, len(games))
        halves = int(sum((2 * game.score for game in games), Fraction(0)))
        changes.append(
            RatingChange(
                number=player.pairing_number,
                name=player.name,
                rating=player.rating,
                k=k,
                k_reason=reason,
                games=tuple(games),
                performance=performance_of([game.opponent_rating for game in games], halves),
            )
        )
    return changes
