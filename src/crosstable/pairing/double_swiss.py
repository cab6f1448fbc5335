"""The FIDE Double-Swiss system (C.04.5, approved 28 October 2025, in force 1 February 2026).

Every pairing is a two-game match with alternating colours. crosstable records a match as
two consecutive rounds of the tournament, one per game: match *m* is rounds ``2m - 1`` (game
1) and ``2m`` (game 2). Scores, standings, tie-breaks, TRF and the web pages then read games
as they read any tournament's rounds; this module alone knows that two rounds make a match
(the reading and its consequences: ``docs/pairing/double_swiss.md``).

- Pairing round ``2m - 1`` pairs match *m* by the rules: the pairing-allocated bye (art.
  3.4), then the top scoregroup with its upfloaters (art. 3.5), paired by the first pairing
  identifier (art. 3.6), until everyone is paired. Those articles are C.04.6's word for word
  without its colour criteria, so the procedure is the Team Swiss engine's
  (:class:`crosstable.pairing.team_swiss_round._RoundPairer`, checked against FIDE's reference
  engine); the colours are art. 4's, here.
- Pairing round ``2m`` gives game 2 of the same matches, each player with the other colour,
  and the same bye.

A match's history is read from its two games (:func:`match_record`): the players met unless a
player forfeited both games (Preface); a player "had" the colour of game 1 when at least one
game was played (art. 1.6).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from fractions import Fraction

from crosstable.message import Message
from crosstable.model.colour import Colour
from crosstable.model.player import RoundEntry
from crosstable.model.results import ResultCode
from crosstable.model.tournament import Tournament
from crosstable.pairing.base import Board, PairingError, RoundPairing, TeamMatch
from crosstable.pairing.history import infer_initial_colour, is_present, next_round, players_to_pair
from crosstable.pairing.team_swiss_round import _RoundPairer, _Team
from crosstable.pairing.team_swiss_variant import ColourPreferenceType, TeamSwissVariant

GAMES_PER_MATCH = 2

RULES: dict[str, str] = {
    "C1": "2.1.1 two players shall not play against each other more than once (a match"
    " forfeited by a player who forfeits both games is no meeting)",
    "C2": "2.1.2 no pairing-allocated bye for a player who already had one, won a match by"
    " forfeit or received a full-point bye",
    "C3": "2.2.1 a legal pairing must remain for all players not yet paired (completion)",
    "C4": "2.3.1 minimise the number of upfloaters",
    "C5": "2.3.2 maximise the upfloaters' scores, taken in ascending order",
    "C6": "2.3.3 unless the following scoregroup became empty, choose the upfloaters so that"
    " C1, C3 and C4 hold in the bracket where that scoregroup is paired",
    "C7": "2.3.4 except in the last round, minimise upfloaters who floated in the previous round",
    "C8": "2.3.5 except in the last round, minimise the upfloaters' opponents who floated in"
    " the previous round",
    "PAB": "3.4 the bye: leaves a legal pairing, lowest score, most matches played, largest"
    " TPN; worth a game won and a game drawn",
    "UPFLOATERS": "3.5 sets complying with C4/C5, sorted by score then TPN, first set in"
    " lexicographic TPN order giving a legal pairing that complies with C6 and C7",
    "BRACKET": "3.6 the first pairing in identifier order (top TPNs, then their opponents'"
    " TPNs) complying with C1 and C8",
    "COLOUR": "4.3 (1) neither had a colour: the higher-ranked player gets the initial colour"
    " if his TPN is odd, (2) White to the player with fewer Whites, (3) alternate from the"
    " most recent round with different colours, (4) alternate the higher-ranked player's"
    " last colour, (5) alternate the other player's; game 2 with the colours reversed",
}
"""Criterion code -> article of C.04.5 (2026) it implements."""


def match_number(round_number: int) -> int:
    """The match a round of the tournament is a game of (rounds 1, 2 -> match 1 ...)."""
    return (round_number + 1) // GAMES_PER_MATCH


def is_second_game(round_number: int) -> bool:
    """Round ``round_number`` is game 2 of its match."""
    return round_number % GAMES_PER_MATCH == 0


def match_rounds(match: int) -> tuple[int, int]:
    """The rounds of the tournament holding games 1 and 2 of ``match``."""
    return GAMES_PER_MATCH * match - 1, GAMES_PER_MATCH * match


@dataclasses.dataclass(frozen=True, slots=True)
class MatchRecord:
    """One player's match, read from its two games."""

    opponent: int | None
    met: bool
    """The match counts as played: it had an opponent and neither player forfeited both
    games (Preface; [C1] bars a second meeting)."""
    colour: Colour | None
    """The colour of game 1 when at least one game was played over the board (art. 1.6)."""
    forfeit_won: bool
    """Won the match by forfeit: the opponent forfeited both games, the player did not."""
    results: tuple[ResultCode, ...]
    """The results of the games recorded (one or two)."""


def _forfeited_both(entries: tuple[RoundEntry | None, RoundEntry | None]) -> bool:
    return all(entry is not None and entry.result is ResultCode.FORFEIT_LOSS for entry in entries)


def match_record(tournament: Tournament, number: int, match: int) -> MatchRecord:
    """Player ``number``'s ``match`` as the Double-Swiss rules read it."""
    player = tournament.players[number]
    first, second = match_rounds(match)
    games = (player.entry(first), player.entry(second))
    opponent = next((e.opponent for e in games if e is not None and e.opponent is not None), None)
    results = tuple(entry.result for entry in games if entry is not None)
    if opponent is None or opponent not in tournament.players:
        return MatchRecord(None, False, None, False, results)
    theirs = tournament.players[opponent]
    their_games = (theirs.entry(first), theirs.entry(second))
    forfeited = _forfeited_both(games) or _forfeited_both(their_games)
    colour = None
    if any(entry is not None and entry.is_played for entry in games):
        game_one = games[0]
        if game_one is not None and game_one.colour is not None:
            colour = game_one.colour
        elif games[1] is not None and games[1].colour is not None:
            colour = games[1].colour.opposite
    return MatchRecord(
        opponent=opponent,
        met=not forfeited,
        colour=colour,
        forfeit_won=forfeited and not _forfeited_both(games),
        results=results,
    )


def _player_state(tournament: Tournament, number: int, match: int) -> _Team:
    """What the rules need to know of a player before ``match``: the score after the matches
    before it, the matches played, opponents met, colours (art. 1.6), whether the player
    floated in the previous match (art. 1.5) and whether [C2] bars the bye."""
    player = tournament.players[number]
    records = [match_record(tournament, number, earlier) for earlier in range(1, match)]
    played = [record for record in records if record.met]
    floated = False
    if records and records[-1].met and records[-1].opponent is not None:
        before = match_rounds(match - 1)[0] - 1
        opponent = tournament.players[records[-1].opponent]
        floated = tournament.points(player, before) != tournament.points(opponent, before)
    met = frozenset(record.opponent for record in played if record.opponent is not None)
    return _Team(
        number=number,
        score=tournament.points(player, match_rounds(match)[0] - 1),
        secondary=Fraction(0),
        matches_played=len(played),
        met=met,
        colours=tuple(record.colour for record in played if record.colour is not None),
        floated=floated,
        barred=met,
        bye_barred=any(
            record.forfeit_won
            or any(
                result in (ResultCode.PAIRING_BYE, ResultCode.FULL_POINT_BYE)
                for result in record.results
            )
            for record in records
        ),
    )


class _MatchPairer(_RoundPairer):
    """C.04.5's procedure (arts 3.3-3.6, shared with C.04.6) with its colours (art. 4)."""

    def no_bye_message(self) -> Message:
        return Message(
            "no player can receive the pairing-allocated bye and leave a legal pairing for the"
            " others (C.04.5 art. 3.3.3: the Chief Arbiter decides)"
        )

    def no_bracket_message(self, points: Fraction) -> Message:
        return Message(
            "the scoregroup of %(points)s points cannot be paired with any set of"
            " upfloaters (C.04.5 art. 3.3.3: the Chief Arbiter decides)",
            points=points,
        )

    def allocate_colours(self, a: _Team, b: _Team) -> TeamMatch:
        """Art. 4.3: the match with the player having White in game 1 named first."""
        higher, lower = (a, b) if (-a.score, a.number) < (-b.score, b.number) else (b, a)
        colour = self._higher_ranked_colour(higher, lower)
        if colour is Colour.WHITE:
            return TeamMatch(higher.number, lower.number)
        return TeamMatch(lower.number, higher.number)

    def _higher_ranked_colour(self, higher: _Team, lower: _Team) -> Colour:
        if not higher.colours and not lower.colours:  # 4.3.1
            odd = higher.number % 2 == 1
            return self.initial_colour if odd else self.initial_colour.opposite
        whites = [sum(c is Colour.WHITE for c in p.colours) for p in (higher, lower)]
        if whites[0] != whites[1]:  # 4.3.2
            return Colour.WHITE if whites[0] < whites[1] else Colour.BLACK
        for mine, theirs in zip(reversed(higher.colours), reversed(lower.colours), strict=False):
            if mine is not theirs:  # 4.3.3
                return mine.opposite
        if higher.colours:  # 4.3.4
            return higher.colours[-1].opposite
        return lower.colours[-1]  # 4.3.5


def _second_game(tournament: Tournament, round_number: int) -> RoundPairing:
    """Game 2 of the matches paired in the round before: colours reversed, the same bye."""
    first = round_number - 1
    paired = round_number - 1 >= 1 and any(
        (entry := player.entry(first)) is not None
        and (entry.opponent is not None or entry.result is ResultCode.PAIRING_BYE)
        for player in tournament
    )
    if not paired:
        raise PairingError(
            Message(
                "round %(round)s is game 2 of match %(match)s, whose game 1 (round"
                " %(first)s) is not paired yet (C.04.5: a match is two games)",
                round=round_number,
                match=match_number(round_number),
                first=first,
            )
        )
    boards: list[Board] = []
    seen: set[int] = set()
    bye = None
    for player in tournament:
        number = player.pairing_number
        entry = player.entry(first)
        if entry is None or number in seen:
            continue
        if entry.result is ResultCode.PAIRING_BYE:
            if is_present(tournament, number, round_number):
                bye = number
            continue
        if entry.opponent is None or entry.opponent not in tournament.players:
            continue
        seen.update((number, entry.opponent))
        if not (
            is_present(tournament, number, round_number, paired=False)
            and is_present(tournament, entry.opponent, round_number, paired=False)
        ):
            continue  # a player gone after game 1: the arbiter records game 2 by hand
        game_one_black = entry.opponent if entry.colour is Colour.WHITE else number
        game_one_white = number if game_one_black == entry.opponent else entry.opponent
        boards.append(Board(game_one_black, game_one_white))

    # Board order as in game 1 (GHR 3.6): the pair's higher score before the match, the
    # higher sum of scores, the smaller TPN.
    def order(board: Board) -> tuple[Fraction, Fraction, int]:
        scores = [
            tournament.points(tournament.players[n], first - 1) for n in (board.white, board.black)
        ]
        return (-max(scores), -sum(scores, Fraction(0)), min(board.white, board.black))

    boards.sort(key=order)
    return RoundPairing(round_number, tuple(boards), bye)


def pair_round(
    tournament: Tournament,
    round_number: int | None = None,
    *,
    rematches_allowed: Collection[frozenset[int]] = (),
) -> RoundPairing:
    """Pair round ``round_number`` of the tournament (default: the first not yet paired):
    an odd round is game 1 of a match, paired by C.04.5 from the matches before it; an even
    round is game 2 of the match paired in the round before, colours reversed.

    ``tournament.total_rounds`` counts games (two per match) and must be even: [C7] and
    [C8] are not applied in the last match. ``rematches_allowed``: pairs the chief arbiter
    lets meet again when nothing else can be paired (art. 3.3.3). Raises
    :class:`PairingError` when no legal pairing exists."""
    if round_number is None:
        round_number = next_round(tournament)
    if round_number < 1:
        raise ValueError(f"round number must be at least 1, got {round_number}")
    if is_second_game(round_number):
        return _second_game(tournament, round_number)
    total_rounds = tournament.total_rounds
    if total_rounds is None or total_rounds % GAMES_PER_MATCH:
        raise PairingError(
            Message(
                "a Double-Swiss tournament plays two games a match, so its number of rounds"
                " must be even (C.04.5), not %(rounds)s",
                rounds=0 if total_rounds is None else total_rounds,
            )
        )
    match = match_number(round_number)
    present = players_to_pair(tournament, round_number)
    states: list[_Team] = []
    for number in present:
        state = _player_state(tournament, number, match)
        prohibited = {
            other
            for rule in tournament.prohibited_pairings
            if rule.applies_to(round_number) and number in rule.players
            for other in rule.players
            if other != number
        }
        relaxed = {other for pair in rematches_allowed if number in pair for other in pair}
        states.append(
            dataclasses.replace(state, barred=frozenset((state.met - relaxed) | prohibited))
        )
    if not states:
        return RoundPairing(round_number, ())
    initial = tournament.initial_colour or infer_initial_colour(tournament) or Colour.WHITE
    pairer = _MatchPairer(
        states,
        TeamSwissVariant(colour_type=ColourPreferenceType.NONE, secondary_used=False),
        last_two_rounds=match >= total_rounds // GAMES_PER_MATCH,
        initial_colour=initial,
    )
    paired = pairer.pair(round_number)
    boards = tuple(Board(match.first, match.second) for match in paired.boards)
    return RoundPairing(round_number, boards, paired.bye)


def pab_points_per_game(win: Fraction, draw: Fraction) -> Fraction:
    """The pairing-allocated bye of one game round: the match's bye is worth a game won and a
    game drawn (art. 3.4: 1½ under 1/½/0), shared by its two rounds."""
    return (win + draw) / GAMES_PER_MATCH
