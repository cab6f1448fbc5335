"""An independent audit of Burstein rounds against the rule text: the pairing-allocated bye
and the absolute criteria.

bbpPairings 16a000f aborts on every Burstein round that needs a pairing-allocated bye
(docs/pairing/burstein.md), so those rounds have no reference engine. This audit is written
again from the rules (C.04.1 c and d as the text bbpPairings implements reads them, and the
absolute criteria of C.04.4.2), not from :mod:`crosstable.pairing.burstein`: it shares no code
with the engine and never pairs anything; it reads a tournament's recorded rounds.

* the bye: at most one player is unpaired, and only when the players to pair are odd in
  number; he has had neither a pairing-allocated bye nor a win by forfeit (a requested
  full-point bye does not bar him); his pairing score (points plus the acceleration's virtual
  points: a win's points in rounds 1 and 2 for the upper half, rounded down, of round 1's
  participants by pairing number) is the lowest of the players who may have it; in round 1,
  where no index separates them, he is the last of them in pairing-number order;
* the rest of the round: every player to pair is paired once, with a partner who has him as
  opponent; no two players meet again over the board (a forfeit is no meeting); no two players
  with the same absolute colour preference (a colour difference beyond ±1, or the same colour
  in the last two games played) meet.

The order *inside* the lowest score group (the opposition index) is not re-derived here: it
is the index the even-field comparison with bbpPairings checks (``bench.burstein_bbp``).
``bench.burstein_byes`` runs the audit over generated odd fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from crosstable.model import Colour, ResultCode, Tournament

_TO_PAIR_CODES = frozenset({ResultCode.PAIRING_BYE})
"""Without an opponent, only the pairing-allocated bye was among the players to pair."""


@dataclass(frozen=True)
class Violation:
    round_number: int
    rule: str

    def __str__(self) -> str:
        return f"round {self.round_number}: {self.rule}"


def _virtual_points(tournament: Tournament, round_number: int) -> dict[int, Fraction]:
    """The acceleration of the text (rounds 1 and 2): a win's points down to the last of the
    upper half, rounded down, of the players paired in round 1, by pairing number."""
    if round_number > 2:
        return {}
    in_round_one = [
        number
        for number in sorted(tournament.players)
        if (entry := tournament.players[number].entry(1)) is not None
        and (entry.opponent is not None or entry.result is ResultCode.PAIRING_BYE)
    ]
    half = len(in_round_one) // 2
    if not half:
        return {}
    last = in_round_one[half - 1]
    return {number: tournament.scoring.win for number in tournament.players if number <= last}


def _absolute_preference(colours: list[Colour]) -> Colour | None:
    """The colour a player must have: the other one after a colour difference beyond ±1 or
    the same colour twice in the last two games played."""
    whites = sum(colour is Colour.WHITE for colour in colours)
    difference = whites - (len(colours) - whites)
    if difference > 1 or colours[-2:] == [Colour.WHITE, Colour.WHITE]:
        return Colour.BLACK
    if difference < -1 or colours[-2:] == [Colour.BLACK, Colour.BLACK]:
        return Colour.WHITE
    return None


def check_rounds(tournament: Tournament) -> list[Violation]:
    """Every round of ``tournament`` checked against the rules above."""
    violations: list[Violation] = []
    players = tournament.players
    for round_number in range(1, tournament.rounds_recorded + 1):
        entries = {
            number: entry
            for number, player in players.items()
            if (entry := player.entry(round_number)) is not None
        }
        to_pair = [
            number
            for number, entry in entries.items()
            if entry.opponent is not None or entry.result in _TO_PAIR_CODES
        ]
        byes = [n for n in to_pair if entries[n].result is ResultCode.PAIRING_BYE]
        if len(to_pair) % 2 != len(byes) or len(byes) > 1:
            violations.append(Violation(round_number, f"{len(to_pair)} to pair and byes {byes}"))
        virtual = _virtual_points(tournament, round_number)

        scores = {
            number: tournament.points(players[number], round_number - 1)
            + virtual.get(number, Fraction(0))
            for number in to_pair
        }
        pairing_score = scores.__getitem__

        for bye in byes:
            if not _may_have_bye(tournament, bye, round_number):
                violations.append(
                    Violation(round_number, f"{bye} had a bye or a forfeit win already")
                )
            eligible = [n for n in to_pair if _may_have_bye(tournament, n, round_number)]
            lowest = min((pairing_score(n) for n in eligible), default=pairing_score(bye))
            if pairing_score(bye) != lowest:
                violations.append(
                    Violation(
                        round_number,
                        f"bye to {bye} on {pairing_score(bye)}, not the lowest score {lowest}",
                    )
                )
            if round_number == 1 and bye != max(eligible, default=bye):
                violations.append(
                    Violation(round_number, f"round 1 bye to {bye}, not {max(eligible)}")
                )
        for number in to_pair:
            entry = entries[number]
            opponent = entry.opponent
            if opponent is None:
                continue
            theirs = entries.get(opponent)
            if theirs is None or theirs.opponent != number:
                violations.append(
                    Violation(round_number, f"{number} paired with {opponent}, not back")
                )
                continue
            if number > opponent:
                continue
            met = [
                earlier
                for earlier in players[number].rounds[: round_number - 1]
                if earlier.opponent == opponent and earlier.result.is_played
            ]
            if met:
                violations.append(Violation(round_number, f"{number}-{opponent} met before"))
            preferences = {
                _absolute_preference(_played_colours(tournament, side, round_number))
                for side in (number, opponent)
            }
            if len(preferences) == 1 and None not in preferences:
                violations.append(
                    Violation(
                        round_number, f"{number}-{opponent} both must have {preferences.pop()}"
                    )
                )
    return violations


def _may_have_bye(tournament: Tournament, number: int, round_number: int) -> bool:
    """Neither a pairing-allocated bye nor a win by forfeit before ``round_number``."""
    return not any(
        entry.result is ResultCode.PAIRING_BYE
        or (entry.result is ResultCode.FORFEIT_WIN and entry.opponent is not None)
        for entry in tournament.players[number].rounds[: round_number - 1]
    )


def _played_colours(tournament: Tournament, number: int, round_number: int) -> list[Colour]:
    return [
        entry.colour
        for entry in tournament.players[number].rounds[: round_number - 1]
        if entry.colour is not None and entry.opponent is not None and entry.result.is_played
    ]
