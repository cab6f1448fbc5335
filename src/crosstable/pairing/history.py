"""What a Swiss pairing system needs to know about each player before pairing round R.

Built from the first R-1 rounds of a :class:`~crosstable.model.Tournament` only, so that any
recorded round can be re-paired from its own past. Nothing here is specific to one pairing
system: the Dutch system, the xiangqi Swiss, the team Swiss and the Double-Swiss all read the
same facts (pairing score, compressed colour history, opponents met, floats by round, bye
eligibility) and apply their own rules to them.

Rule sources (2026 texts): C.04.1 Art. 2 (no rematch), Art. 4 (pairing-allocated-bye
eligibility); C.04.2 Art. 3.2-3.5 (absences, withdrawals, unplayed games and colours);
C.04.3 Art. 1.4 (floats); C.04.7 (acceleration: virtual points in the pairing score).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable
from fractions import Fraction

from crosstable.model import Colour, ResultCode, RoundEntry, Tournament


class Float(enum.Enum):
    """The float a player received in one round (C.04.3 Art. 1.4)."""

    NONE = "-"
    DOWN = "d"
    """Played a lower-scored opponent, or scored more than a loss without playing (2026
    Art. 1.4.3: a pairing-allocated bye, forfeit win, half- or full-point bye worth more than
    a loss)."""
    UP = "u"
    """Played a higher-scored opponent."""


_ABSENCE_RESULTS = frozenset(
    {
        ResultCode.HALF_POINT_BYE,
        ResultCode.FULL_POINT_BYE,
        ResultCode.ZERO_POINT_BYE,
        ResultCode.UNPLAYED,
        ResultCode.FORFEIT_LOSS,
        ResultCode.FORFEIT_WIN,
    }
)
"""Round entries without an opponent that keep a player out of the pairing (a pre-assigned
bye or absence). A ``PAIRING_BYE`` entry is the pairing's own output and is re-computed."""


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerHistory:
    """One player's record before the round being paired."""

    number: int
    """Tournament pairing number (TPN)."""
    score: Fraction
    """Pairing score: points from the rounds played so far plus acceleration points."""
    points: Fraction
    """Standings points (without acceleration)."""
    colours: tuple[Colour, ...]
    """Colours of the games actually played, oldest first: unplayed rounds are removed, which
    is C.04.2 Art. 3.4's "treated as if they had occurred at the start"."""
    opponents: frozenset[int]
    """Opponents met over the board (a forfeited game is not a meeting, C.04.2 Art. 3.5)."""
    floats: tuple[Float, ...]
    """Float received in each tournament round 1..R-1 (index 0 is round 1)."""
    can_receive_bye: bool
    """C.04.1 Art. 4 (2026): no PAB after a PAB, or after scoring a win's points in one
    round without playing."""
    unplayed_rounds: int
    """Rounds 1..R-1 in which the player did not play a game over the board."""

    @property
    def colour_difference(self) -> int:
        """Games with White minus games with Black (played games only)."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    def float_before(self, rounds_back: int) -> Float:
        """The float of round R - ``rounds_back`` (R = the round being paired)."""
        index = len(self.floats) - rounds_back
        return self.floats[index] if index >= 0 else Float.NONE


def is_present(
    tournament: Tournament, number: int, round_number: int, paired: bool | None = None
) -> bool:
    """Whether player ``number`` is to be paired in ``round_number`` (C.04.2 Art. 3.2-3.3).

    Not paired: withdrawn players; players with a pre-assigned non-pairing entry for the
    round (half-, full- or zero-point bye, a forfeit without opponent); players whose cell is
    blank in a round that others have played; players listed in ``tournament.absences``.
    ``paired``: :func:`round_is_paired`, if already known.
    """
    player = tournament.players[number]
    if player.withdrawn_after_round is not None and round_number > player.withdrawn_after_round:
        return False
    if number in tournament.absences.get(round_number, {}):
        return False
    entry = player.entry(round_number)
    if entry is None or (entry.result is ResultCode.UNPLAYED and entry.opponent is None):
        # A blank cell: absent only if the round has already been paired for others.
        if paired is None:
            paired = round_is_paired(tournament, round_number)
        return not paired
    if entry.opponent is not None:
        return True
    return entry.result not in _ABSENCE_RESULTS


def round_is_paired(tournament: Tournament, round_number: int) -> bool:
    """Whether some player has a game or the pairing-allocated bye recorded in the round
    (pre-assigned byes and absences alone do not make a round paired)."""
    for player in tournament.players.values():
        entry = player.entry(round_number)
        if entry is not None and (
            entry.opponent is not None or entry.result is ResultCode.PAIRING_BYE
        ):
            return True
    return False


def players_to_pair(tournament: Tournament, round_number: int) -> list[int]:
    """Pairing numbers of everyone to be paired in ``round_number``, ascending."""
    paired = round_is_paired(tournament, round_number)
    return [
        number
        for number in sorted(tournament.players)
        if is_present(tournament, number, round_number, paired)
    ]


def _entries(tournament: Tournament, number: int, last_round: int) -> list[RoundEntry | None]:
    player = tournament.players[number]
    return [player.entry(r) for r in range(1, last_round + 1)]


def build_histories(tournament: Tournament, round_number: int) -> dict[int, PlayerHistory]:
    """The history of every player as seen when pairing ``round_number``."""
    scoring = tournament.scoring
    last = round_number - 1
    entries = {n: _entries(tournament, n, last) for n in tournament.players}

    # Cumulative pairing scores before each round (needed to tell up- from downfloats).
    running: dict[int, Fraction] = dict.fromkeys(tournament.players, Fraction(0))
    score_before: list[dict[int, Fraction]] = []  # index r-1: scores before round r
    for r in range(1, last + 1):
        score_before.append(
            {n: running[n] + tournament.acceleration_points(n, r) for n in tournament.players}
        )
        for n in tournament.players:
            entry = entries[n][r - 1]
            if entry is not None:
                running[n] += scoring.points(entry.result, entry.colour)

    histories: dict[int, PlayerHistory] = {}
    for n in tournament.players:
        colours: list[Colour] = []
        opponents: set[int] = set()
        floats: list[Float] = []
        eligible = True
        unplayed = 0
        for r, entry in enumerate(entries[n], start=1):
            if entry is not None and entry.is_played and entry.opponent is not None:
                if entry.colour is not None:
                    colours.append(entry.colour)
                opponents.add(entry.opponent)
                mine = score_before[r - 1][n]
                theirs = score_before[r - 1].get(entry.opponent, mine)
                floats.append(
                    Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE
                )
                continue
            unplayed += 1
            if entry is None:
                floats.append(Float.NONE)
                continue
            points = scoring.points(entry.result, entry.colour)
            if entry.result is ResultCode.PAIRING_BYE or points >= scoring.win:
                eligible = False
            # Art. 1.4.3: a downfloat only for scoring more than a loss without playing (a
            # pairing-allocated bye worth nothing gives none).
            floats.append(Float.DOWN if points > scoring.loss else Float.NONE)
        histories[n] = PlayerHistory(
            number=n,
            score=running[n] + tournament.acceleration_points(n, round_number),
            points=running[n],
            colours=tuple(colours),
            opponents=frozenset(opponents),
            floats=tuple(floats),
            can_receive_bye=eligible,
            unplayed_rounds=unplayed,
        )
    return histories


def infer_initial_colour(tournament: Tournament) -> Colour | None:
    """The colour drawn before round 1, read from the file as the reference engines read it
    (bbpPairings' README; docs/cli/engine.md).

    Round F is the first round in which a colour is written. The players who took part in a
    pairing (an opponent, a pairing bye or a forfeit win) in round F or earlier are taken in
    pairing-number order: the first one's round-F colour; if that player has no colour in
    round F (the bye, a forfeit without colours, absent that round), the next one's colour
    reversed, and so on. None if no round has a colour.
    """
    first_coloured = next(
        (
            round_number
            for round_number in range(1, tournament.rounds_recorded + 1)
            if any(
                (entry := player.entry(round_number)) is not None and entry.colour is not None
                for player in tournament
            )
        ),
        None,
    )
    if first_coloured is None:
        return None
    flip = False
    for number in sorted(tournament.players):
        player = tournament.players[number]
        if not any(
            _took_part_in_pairing(player.entry(round_number))
            for round_number in range(1, first_coloured + 1)
        ):
            continue
        entry = player.entry(first_coloured)
        if entry is not None and entry.colour is not None:
            return entry.colour.opposite if flip else entry.colour
        flip = not flip
    return None


def _took_part_in_pairing(entry: RoundEntry | None) -> bool:
    """An opponent, or the pairing-allocated bye. A forfeit win against nobody (``0000 - +``)
    is not a part in the pairing: the engines do not pair such a player (:func:`is_present`),
    and the programs that write it gave the colours of the round without that player
    (docs/cli/engine.md; bbpPairings counts the player, and then infers reversed colours)."""
    return entry is not None and (
        entry.opponent is not None or entry.result is ResultCode.PAIRING_BYE
    )


def ranked(histories: Iterable[PlayerHistory]) -> list[PlayerHistory]:
    """Players in pairing order: score descending, then TPN ascending (C.04.3 Art. 1.2)."""
    return sorted(histories, key=lambda h: (-h.score, h.number))


def next_round(tournament: Tournament) -> int:
    """The first round not yet paired: one after the last round with a game or a PAB
    (pre-assigned byes and absences for the next round do not count)."""
    return tournament.rounds_paired + 1
