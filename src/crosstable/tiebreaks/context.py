"""What every individual tie-break reads: each participant's rounds, scores and adjusted scores.

``IndividualContext`` is built once per standings computation. Points are held as integers in
*units* of ``1/scale`` (``scale`` is the least common denominator of the scoring system), so the
hot loops add integers; values are turned back into exact ``Fraction`` only for display.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import NamedTuple

from crosstable.model.colour import Colour
from crosstable.model.results import ResultCode
from crosstable.model.scoring import ScoringSystem
from crosstable.model.tournament import Tournament
from crosstable.tiebreaks.unplayed import (
    UnplayedCategory,
    UnplayedRule,
    categorise,
    is_voluntary_unplayed,
)

_STANDARD_HALVES = {
    ResultCode.WIN: 2,
    ResultCode.WIN_UNRATED: 2,
    ResultCode.DRAW: 1,
    ResultCode.DRAW_UNRATED: 1,
}


class RoundRecord(NamedTuple):
    """One participant's round as the tie-breaks see it (a named tuple: built 20,000 times
    for a large event, so it must be cheap)."""

    opponent: int | None
    """The scheduled opponent (kept for forfeits), None for byes and absences."""
    colour: Colour | None
    result: ResultCode
    points: int
    """Points awarded this round, in units of 1/scale."""
    played: bool
    """A game took place over the board."""
    category: UnplayedCategory | None
    """Art. 16.2 category of an unplayed round (None when played)."""
    fouls: int = 0

    @property
    def is_vur(self) -> bool:
        return is_voluntary_unplayed(self.result, self.played)

    @property
    def standard_halves(self) -> int:
        """The game's result in half points of the 1/½/0 rating scale (played games only)."""
        return _STANDARD_HALVES.get(self.result, 0)


_PLAYED_IDS = frozenset(id(code) for code in ResultCode if code.is_played)
_FORFEIT_LOSS = ResultCode.FORFEIT_LOSS


def _no_history(round_number: int) -> dict[int, int]:
    raise LookupError("standings of earlier rounds are not available here")


def _scale_of(scoring: ScoringSystem) -> int:
    values: Iterable[Fraction | None] = (
        scoring.win,
        scoring.draw,
        scoring.loss,
        scoring.forfeit_win,
        scoring.forfeit_loss,
        scoring.pairing_bye,
        scoring.full_point_bye,
        scoring.half_point_bye,
        scoring.zero_point_bye,
        scoring.draw_white,
        scoring.draw_black,
    )
    scale = 1
    for value in values:
        if value is not None:
            scale = math.lcm(scale, Fraction(value).denominator)
    return scale


class IndividualContext:
    """Rounds ``1..rounds`` of every participant, ready for tie-breaks.

    Built from a tournament (``from_tournament``) or, for team events, from team matches with
    match or game points as the round points (``crosstable.tiebreaks.team``).
    """

    def __init__(
        self,
        records: dict[int, list[RoundRecord]],
        *,
        rounds: int,
        scale: int,
        win: int,
        draw: int,
        loss: int,
        ratings: dict[int, int | None],
        unplayed_rule: UnplayedRule = UnplayedRule.FIDE_2026,
        predetermined: bool = False,
        fore_builder: Callable[[], IndividualContext] | None = None,
        round_ratings: dict[int, list[int | None]] | None = None,
        games: IndividualContext | None = None,
        games_per_round: int = 1,
    ) -> None:
        self.records = records
        self.games: IndividualContext = self if games is None else games
        """The same participants game by game, for the tie-breaks C.07 counts in games (WON,
        BPG, BWG and the rating tie-breaks of Art. 10): ``self`` unless each round here is a
        match of several games (the Double-Swiss system, :meth:`from_tournament`)."""
        self.games_per_round = games_per_round
        """Games in each round of ``records``: 2 when a round is a Double-Swiss match."""
        self.numbers: list[int] = sorted(records)
        self.rounds = rounds
        self.scale = scale
        self.win, self.draw, self.loss = win, draw, loss
        self.ratings = ratings
        self.round_ratings = round_ratings
        """Each participant's rating in each round (index 0: round 1), when the rating
        tie-breaks take the rating valid in each round; None: the first rating throughout."""
        self.unplayed_rule = unplayed_rule
        self.predetermined = predetermined
        """Round robin / predetermined pairings (Art. 15.2): forfeits count as results."""
        self._fore_builder = fore_builder
        self._fore: IndividualContext | None = None
        self.rank_history: Callable[[int], dict[int, int]] = _no_history
        """Ranks after an earlier round (set by the standings module for 前一轮名次)."""
        self.score: dict[int, int] = {
            number: sum(record.points for record in rows) for number, rows in records.items()
        }
        self.adjusted: dict[int, int] = {
            number: self._adjusted_score(rows) for number, rows in records.items()
        }

    @classmethod
    def from_tournament(
        cls,
        tournament: Tournament,
        rounds: int | None = None,
        *,
        unplayed_rule: UnplayedRule = UnplayedRule.FIDE_2026,
        predetermined: bool = False,
        unrated_rating: int | None = None,
        fore: bool = False,
        ratings_per_round: bool = False,
        games_per_match: int = 1,
    ) -> IndividualContext:
        """The tournament's players after ``rounds`` rounds (all recorded rounds by default);
        ``fore`` takes every paired game of the last round as a draw (Fore Buchholz);
        ``ratings_per_round``: an opponent's rating is the one valid in the round of the game
        (``Player.later_ratings``), not the first. ``games_per_match``: each pairing is a
        match of that many games, one round each (the Double-Swiss system: 2); a forfeited
        game inside a match that was played counts as played (C.04.5, Preface), and the
        context's rounds are the *matches* (C.04.5 and C.07 count a round as one pairing: a
        Buchholz adds an opponent's score once per match, a cut drops a match, a progressive
        score adds the score after each match; :func:`_match_context`), with the game-by-game
        context kept as ``games`` for the tie-breaks C.07 counts in games."""
        if games_per_match > 1:
            return _match_context(
                cls.from_tournament(
                    tournament,
                    rounds,
                    unplayed_rule=unplayed_rule,
                    predetermined=predetermined,
                    unrated_rating=unrated_rating,
                    fore=fore,
                    ratings_per_round=ratings_per_round,
                    games_per_match=-games_per_match,
                ),
                games_per_match,
                fore_builder=None
                if fore
                else lambda: cls.from_tournament(
                    tournament,
                    rounds,
                    unplayed_rule=unplayed_rule,
                    predetermined=predetermined,
                    unrated_rating=unrated_rating,
                    fore=True,
                    ratings_per_round=ratings_per_round,
                    games_per_match=games_per_match,
                ),
            )
        # A negative count: the games of matches of that many games (the game-level context
        # a match context keeps).
        signed_games, games_per_match = games_per_match, abs(games_per_match)
        count = tournament.rounds_recorded if rounds is None else rounds
        scoring = tournament.scoring
        scale = _scale_of(scoring)

        def units(value: Fraction) -> int:
            scaled = Fraction(value) * scale
            assert scaled.denominator == 1, "scale is the common denominator"
            return int(scaled)

        points_of: dict[tuple[int, int], int] = {}
        records = {
            number: _player_records(
                tournament, number, count, units, fore, points_of, games_per_match
            )
            for number in tournament.players
        }
        if games_per_match > 1:
            _forfeits_inside_played_matches(records, games_per_match)
        ratings: dict[int, int | None] = {
            number: player.rating if player.rating > 0 else unrated_rating
            for number, player in tournament.players.items()
        }

        round_ratings: dict[int, list[int | None]] | None = None
        if ratings_per_round:
            round_ratings = {
                number: [
                    rating if (rating := player.rating_in_round(r)) > 0 else unrated_rating
                    for r in range(1, count + 1)
                ]
                for number, player in tournament.players.items()
            }

        def fore_builder() -> IndividualContext:
            return cls.from_tournament(
                tournament,
                count,
                unplayed_rule=unplayed_rule,
                predetermined=predetermined,
                unrated_rating=unrated_rating,
                fore=True,
                ratings_per_round=ratings_per_round,
                games_per_match=signed_games,
            )

        return cls(
            records,
            rounds=count,
            scale=scale,
            win=units(scoring.win),
            draw=units(scoring.draw),
            loss=units(scoring.loss),
            ratings=ratings,
            unplayed_rule=unplayed_rule,
            predetermined=predetermined,
            fore_builder=None if fore else fore_builder,
            round_ratings=round_ratings,
        )

    def _adjusted_score(self, records: list[RoundRecord]) -> int:
        """The score opponents see (Art. 16.3; before 2023: unplayed games as draws)."""
        if self.predetermined:
            return sum(record.points for record in records)
        total = 0
        for record in records:
            if record.played:
                total += record.points
            elif (
                self.unplayed_rule is UnplayedRule.VIRTUAL_OPPONENT
                or record.category is UnplayedCategory.REQUESTED_BYE_AT_END
            ):
                total += self.draw
            else:
                total += record.points
        return total

    # -- helpers for tie-break modules -------------------------------------------------

    def fraction(self, units: int, power: int = 1) -> Fraction:
        """Turn ``units`` (of 1/scale, or 1/scale² for products) back into points."""
        return Fraction(units, self.scale**power)

    def counts_as_game(self, record: RoundRecord, forfeits_as_played: bool = False) -> bool:
        """The round is evaluated against its real opponent (played, or a forfeit that the
        rules or the /P modifier treat as played)."""
        if record.played:
            return True
        return record.opponent is not None and (forfeits_as_played or self.predetermined)

    def dummy_score(self, number: int, round_number: int) -> int:
        """The score of the opponent an own unplayed round is evaluated against (Art. 16.4;
        the virtual opponent before 2023)."""
        record = self.records[number][round_number - 1]
        own = self.score[number]
        rule = self.unplayed_rule
        if rule is UnplayedRule.FIDE_2023:
            return own
        if rule is UnplayedRule.FIDE_2026:
            if record.opponent is not None and record.category in (
                UnplayedCategory.FORFEIT_WIN,
                UnplayedCategory.FORFEIT_LOSS,
            ):
                return min(own, self.adjusted[record.opponent])
            return min(own, self.draw * self.rounds)
        # Virtual opponent (C.02 13.15 until 2023): the player's score before the round,
        # plus the complement of this round's result, plus draws in all later rounds.
        before = sum(r.points for r in self.records[number][: round_number - 1])
        complement = max(self.win + self.loss - record.points, 0)
        return before + complement + self.draw * (self.rounds - round_number)

    def score_after(self, number: int, round_number: int) -> int:
        return sum(record.points for record in self.records[number][:round_number])

    def fore_context(self) -> IndividualContext:
        """The same participants with every paired final-round game counted as a draw."""
        if self._fore is None:
            self._fore = self._fore_builder() if self._fore_builder else self
        return self._fore

    def opponent_rating(self, number: int, round_number: int) -> int | None:
        """``number``'s rating as an opponent in ``round_number``: the first rating, or the one
        valid in that round (``round_ratings``)."""
        if self.round_ratings is not None:
            return self.round_ratings[number][round_number - 1]
        return self.ratings[number]

    @property
    def all_rated(self) -> bool:
        """Rating tie-breaks need a rating for everyone (or a default for unrated players)."""
        return all(rating is not None for rating in self.ratings.values())


_MATCH_BYE_ORDER = (
    ResultCode.PAIRING_BYE,
    ResultCode.FULL_POINT_BYE,
    ResultCode.HALF_POINT_BYE,
    ResultCode.ZERO_POINT_BYE,
    ResultCode.UNPLAYED,
)
"""A match without an opponent whose games are recorded differently (a half-point bye asked
for one game only, say) is read as its highest bye: the match's points are the sum all the
same, the code only decides the Art. 16.2 category."""


def _match_context(
    games: IndividualContext,
    games_per_match: int,
    *,
    fore_builder: Callable[[], IndividualContext] | None,
) -> IndividualContext:
    """``games`` (a Double-Swiss section's games, one round each) as matches, one round each.

    A match's points are the sum of its games' (C.04.5: points are scored per game). It was
    played unless it was forfeited, i.e. a player forfeited all its games (C.04.5, Preface:
    ``games`` already counts a single forfeited game of a played match as played); a played
    match is a win, a draw or a loss as its points compare with the opponent's, so WIN and
    STD count matches won, and its colour is game 1's (C.04.5 1.6). A forfeited match is a
    forfeit win for the player who did not forfeit, a forfeit loss for the other (both: a
    double forfeit). Byes are byes of the whole match (C.04.5 3.4: byes apply to matches).
    A win, a draw and a loss are worth ``games_per_match`` games' points (2, 1, 0 under
    1/½/0): the draw is what Art. 16.3 counts for a withdrawn player's match and what the
    16.4.2 cap multiplies."""
    matches = -(-games.rounds // games_per_match)
    spans = [
        range(m * games_per_match, min((m + 1) * games_per_match, games.rounds))
        for m in range(matches)
    ]
    totals = {
        number: [sum(rows[i].points for i in span) for span in spans]
        for number, rows in games.records.items()
    }
    records: dict[int, list[RoundRecord]] = {}
    for number, rows in games.records.items():
        raw: list[tuple[int | None, Colour | None, ResultCode, int, bool, int]] = []
        for index, span in enumerate(spans):
            in_match = [rows[i] for i in span]
            points = totals[number][index]
            fouls = sum(record.fouls for record in in_match)
            opponent = next((r.opponent for r in in_match if r.opponent is not None), None)
            played = any(record.played for record in in_match)
            if opponent is None:
                present = {record.result for record in in_match}
                result = next(
                    (code for code in _MATCH_BYE_ORDER if code in present), ResultCode.UNPLAYED
                )
                raw.append((None, None, result, points, False, fouls))
                continue
            colour = in_match[0].colour
            if played:
                theirs = totals.get(opponent, [0] * matches)[index]
                if any(record.result is ResultCode.PENDING for record in in_match):
                    result = ResultCode.PENDING
                elif points > theirs:
                    result = ResultCode.WIN
                elif points == theirs:
                    result = ResultCode.DRAW
                else:
                    result = ResultCode.LOSS
            else:
                forfeited = all(r.result is ResultCode.FORFEIT_LOSS for r in in_match)
                result = ResultCode.FORFEIT_LOSS if forfeited else ResultCode.FORFEIT_WIN
                colour = None
            raw.append((opponent, colour, result, points, played, fouls))
        categories = categorise([row[2] for row in raw], [row[4] for row in raw])
        records[number] = [
            RoundRecord(opponent, colour, result, points, played, category, fouls)
            for (opponent, colour, result, points, played, fouls), category in zip(
                raw, categories, strict=True
            )
        ]
    return IndividualContext(
        records,
        rounds=matches,
        scale=games.scale,
        win=games.win * games_per_match,
        draw=games.draw * games_per_match,
        loss=games.loss * games_per_match,
        ratings=games.ratings,
        unplayed_rule=games.unplayed_rule,
        predetermined=games.predetermined,
        fore_builder=fore_builder,
        games=games,
        games_per_round=games_per_match,
    )


def _forfeits_inside_played_matches(records: dict[int, list[RoundRecord]], games: int) -> None:
    """C.04.5, Preface: a match ends by forfeit only if a player forfeits all its games; in
    every other match a single forfeited game "shall be treated as played" for standings and
    tie-breaks. Rounds ``k * games + 1 … (k + 1) * games`` are one match."""

    def forfeited_all(rows: list[RoundRecord]) -> bool:
        return len(rows) == games and all(r.result is ResultCode.FORFEIT_LOSS for r in rows)

    for rows in records.values():
        for index, record in enumerate(rows):
            if record.played or record.opponent is None or not record.result.is_forfeit:
                continue
            start = index - index % games
            theirs = records.get(record.opponent, [])[start : start + games]
            if forfeited_all(rows[start : start + games]) or forfeited_all(theirs):
                continue
            rows[index] = record._replace(played=True, category=None)


def _player_records(
    tournament: Tournament,
    number: int,
    rounds: int,
    units: Callable[[Fraction], int],
    fore: bool,
    points_of: dict[tuple[int, int], int],
    games_per_match: int = 1,
) -> list[RoundRecord]:
    """``points_of`` caches the points of each (result, colour), shared by all players; it is
    keyed by the members' ids because enum members hash slowly (Python-level __hash__)."""
    player = tournament.players[number]
    scoring = tournament.scoring
    raw: list[tuple[int | None, Colour | None, ResultCode, bool, int]] = []
    entries = player.rounds[:rounds]
    scored: list[ResultCode] = []
    for entry in entries:
        opponent = entry.opponent
        result = entry.result
        played = opponent is not None and id(result) in _PLAYED_IDS
        scored.append(result)
        if result is _FORFEIT_LOSS and opponent is None:
            # "0000 - -": a forfeit against nobody is an absence (docs/tiebreaks.md), as
            # FIDE's reference checker reads it: a zero-point bye for Art. 16, worth the
            # points of a forfeit loss.
            result = ResultCode.ZERO_POINT_BYE
        raw.append((opponent, entry.colour, result, played, entry.fouls))
    scored.extend(ResultCode.UNPLAYED for _ in range(rounds - len(entries)))
    raw.extend((None, None, ResultCode.UNPLAYED, False, 0) for _ in range(rounds - len(entries)))
    # Fore Buchholz: the last pairing's games as draws (both games of a last match).
    last_pairing = range((len(raw) - 1) // games_per_match * games_per_match, len(raw))
    if not fore or not raw:
        last_pairing = range(0)
    for index in last_pairing:
        if raw[index][0] is not None:
            opponent, colour, _, _, fouls = raw[index]
            raw[index] = (opponent, colour, ResultCode.DRAW, True, fouls)
            scored[index] = ResultCode.DRAW
    categories = categorise([row[2] for row in raw], [row[3] for row in raw])
    records = []
    for (opponent, colour, result, played, fouls), category, scored_as in zip(
        raw, categories, scored, strict=True
    ):
        key = (id(scored_as), id(colour))
        points = points_of.get(key)
        if points is None:
            points = points_of[key] = units(scoring.points(scored_as, colour))
        records.append(RoundRecord(opponent, colour, result, points, played, category, fouls))
    return records
