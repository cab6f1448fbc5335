"""An independent audit of one paired round against the rules' own text: no rematch, the
colour limits, float once, same unit apart, score order and the bye.

Written from the regulations (FIDE C.04.1 and C.04.3 Art. 1.4, the Chinese xiangqi rules'
Appendix 2, Kinabatangan 4.4 / 4.9-4.13, the Hunan options), not from any engine: it reads
the tournament model and the pairing only, shares no code with ``crosstable.pairing.dutch``
or ``crosstable.pairing.xiangqi`` and never pairs anything itself. An engine that speeds up
and a rule that it starts to break therefore disagree here (``bench.rules`` and the tests
audit every round they pair).

Score order is checked by *exchanges*: the audit looks for two boards whose players, paired
the other way round, would be just as legal (no rematch, no colour limit forced broken, no
prohibited or same-unit pair more) and strictly better by the rules' first score criterion:

* two players of one score who both play someone lower could play each other, and their two
  opponents each other: fewer players leave that score (xiangqi App. 2 §5 "same score
  first"; Dutch [C6] "fewest downfloaters");
* the bye went to a player while a player of a lower score (not yet given the bye, and under
  float once not yet floated) plays someone the bye receiver could play: the bye should go
  lower (xiangqi X6, Dutch [C5]);
* where players of one unit should not meet (a preference, not absolute: the Hunan option,
  xiangqi X5, which ranks above the bye and the scores), two of one unit meet although
  exchanging opponents with another board parts them.

Each exchange keeps every other board, so a violation found is a real one: the audit can miss
a better pairing that needs three boards or more, but never reports a correct pairing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from crosstable.model import Colour, ResultCode, Tournament
from crosstable.pairing.base import RoundPairing

_SCORES_WITHOUT_PLAYING = {
    ResultCode.PAIRING_BYE,
    ResultCode.FULL_POINT_BYE,
    ResultCode.HALF_POINT_BYE,
    ResultCode.FORFEIT_WIN,
}
"""Results that score more than a loss without a game: a downfloat (C.04.3 Art. 1.4, 2026)."""


@dataclasses.dataclass(frozen=True, slots=True)
class AuditRules:
    """What to check; every field off checks the pairing's shape and rematches only."""

    max_same_colour_in_row: int | None = None
    """No player gets one colour more than this many times running (played games only)."""
    max_colour_difference: int | None = None
    """|Whites - Blacks| (Reds - Blacks) after the round never above this."""
    fide_topscorers_exempt: bool = False
    """FIDE C.04.1: in the final round a player with more than half the maximum score is exempt
    from the colour limits."""
    colours_free_in_last_round: bool = False
    """The colour limits do not apply in the final round (Kinabatangan 4.13a-b)."""
    float_once: bool = False
    """Kinabatangan 4.9/4.11: a player who has floated down may not float down again nor get
    the bye, unless the pairing's warnings name him (the rule met as far as possible)."""
    units_apart_absolute: frozenset[int] = frozenset()
    """Rounds in which two players of one unit may not meet (Kinabatangan 4.4: round 1)."""
    units_apart_preferred: frozenset[int] = frozenset()
    """Rounds in which players of one unit should not meet when another pairing avoids it
    (the Hunan option: checked by exchanges)."""
    units: Mapping[int, str] = dataclasses.field(default_factory=dict)
    """Pairing number -> unit (school, team); missing or "": no unit."""
    score_order: bool = True
    """Check the exchanges of the module docstring (fewest players leaving a score, the bye
    to the lowest score)."""
    bye_once: bool = True
    """Nobody gets the pairing-allocated bye twice."""
    no_bye_after_unplayed_win: bool = False
    """FIDE 2026 C.04.1: nor after a full-point bye or a forfeit win."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Player:
    number: int
    score: Fraction
    colours: tuple[Colour, ...]
    met: frozenset[int]
    """Opponents over the board."""
    scheduled: frozenset[int]
    """Opponents paired with, forfeits included (an exchange never pairs them again: an
    engine may count a forfeited pairing as a meeting)."""
    floated: bool
    had_bye: bool
    unplayed_win: bool
    """Had a full-point bye or a forfeit win (FIDE 2026 C.04.1: no pairing-allocated bye
    then)."""


def audit_round(tournament: Tournament, pairing: RoundPairing, rules: AuditRules) -> list[str]:
    """The rules ``pairing`` breaks, one English sentence each (empty: none found).
    ``tournament`` holds at least the rounds before ``pairing.round_number``; the round itself
    and later ones are ignored."""
    r = pairing.round_number
    players = _histories(tournament, r)
    problems: list[str] = []
    present = _present(tournament, r)
    seen: dict[int, int] = {}
    for board in pairing.boards:
        for n in (board.white, board.black):
            seen[n] = seen.get(n, 0) + 1
    if pairing.bye is not None:
        seen[pairing.bye] = seen.get(pairing.bye, 0) + 1
    for n, count in sorted(seen.items()):
        if count > 1:
            problems.append(f"player {n} is paired {count} times")
        if n not in present:
            problems.append(f"player {n} is paired but not present")
    for n in sorted(present - set(seen)):
        problems.append(f"player {n} is present but not paired")
    if pairing.bye is not None and len(present) % 2 == 0:
        problems.append(f"a bye ({pairing.bye}) in a round of {len(present)} players")
    if rules.bye_once and pairing.bye is not None and players[pairing.bye].had_bye:
        problems.append(f"player {pairing.bye} receives the pairing-allocated bye again")
    if (
        rules.no_bye_after_unplayed_win
        and pairing.bye is not None
        and players[pairing.bye].unplayed_win
    ):
        problems.append(f"player {pairing.bye} receives the bye after a win without a game")

    last = tournament.total_rounds == r
    max_score = tournament.scoring.win * (r - 1)
    warned = {w.player for w in pairing.warnings}

    def exempt(n: int) -> bool:
        if last and rules.colours_free_in_last_round:
            return True
        return last and rules.fide_topscorers_exempt and 2 * players[n].score > max_score

    def colour_breaks(n: int, colour: Colour) -> bool:
        if exempt(n):
            return False
        colours = (*players[n].colours, colour)
        run = rules.max_same_colour_in_row
        if run is not None and len(colours) > run and len(set(colours[-run - 1 :])) == 1:
            return True
        most = rules.max_colour_difference
        if most is not None:
            whites = sum(1 for c in colours if c is Colour.WHITE)
            if abs(2 * whites - len(colours)) > most:
                return True
        return False

    def same_unit(a: int, b: int) -> bool:
        unit = rules.units.get(a, "")
        return bool(unit) and unit == rules.units.get(b, "")

    def prohibited(a: int, b: int) -> bool:
        return tournament.is_prohibited(a, b, r) or (
            r in rules.units_apart_absolute and same_unit(a, b)
        )

    def floats_again(a: int, b: int | None) -> bool:
        """``a`` floats down a second time by meeting ``b`` (None: the bye)."""
        if not rules.float_once or not players[a].floated:
            return False
        return b is None or players[b].score < players[a].score

    def legal(a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` may meet with some colours (the absolute rules; any
        earlier pairing of the two counts as a meeting here, to stay on the safe side)."""
        if b in players[a].scheduled or prohibited(a, b):
            return False
        if floats_again(a, b) or floats_again(b, a):
            return False
        return any(
            not colour_breaks(a, colour) and not colour_breaks(b, colour.opposite)
            for colour in (Colour.WHITE, Colour.BLACK)
        )

    for board in pairing.boards:
        w, b = board.white, board.black
        if w == b:
            problems.append(f"player {w} plays himself")
            continue
        if b in players[w].met:
            problems.append(f"{w} and {b} meet again")
        if tournament.is_prohibited(w, b, r):
            problems.append(f"{w} and {b} are a prohibited pairing")
        if r in rules.units_apart_absolute and same_unit(w, b):
            problems.append(f"{w} and {b} are of one unit ({rules.units[w]}) in round {r}")
        for n, colour in ((w, Colour.WHITE), (b, Colour.BLACK)):
            if colour_breaks(n, colour):
                problems.append(f"{n} breaks a colour limit with {colour.name.lower()}")
        for n, other in ((w, b), (b, w)):
            if floats_again(n, other) and n not in warned:
                problems.append(f"{n} floats down a second time (plays {other}) unwarned")
    if pairing.bye is not None and floats_again(pairing.bye, None) and pairing.bye not in warned:
        problems.append(f"{pairing.bye} gets the bye after floating down, unwarned")
    if pairing.warnings and not rules.float_once:
        problems.append("warnings without the float-once rule")
    for n in sorted(warned):
        partner = _partner(pairing, n)
        if not floats_again(n, partner):
            problems.append(f"{n} is warned about floating again but does not")

    if not rules.score_order or problems:
        return problems
    problems += _exchanges(pairing, players, legal, same_unit, rules, r, warned)
    return problems


def _exchanges(
    pairing: RoundPairing,
    players: Mapping[int, _Player],
    may_meet: Callable[[int, int], bool],
    unit: Callable[[int, int], bool],
    rules: AuditRules,
    r: int,
    warned: set[int],
) -> list[str]:
    """The exchanges of two boards that the module docstring describes."""
    problems: list[str] = []
    soft_units = r in rules.units_apart_preferred
    boards = [(b.white, b.black) for b in pairing.boards]

    def units_in(pairs: Sequence[tuple[int, int]]) -> int:
        return sum(1 for a, b in pairs if unit(a, b)) if soft_units else 0

    # Players who play someone lower, by score: (player, opponent).
    leaving: dict[Fraction, list[tuple[int, int]]] = {}
    for a, b in boards:
        high, low = (a, b) if players[a].score >= players[b].score else (b, a)
        if players[high].score > players[low].score:
            leaving.setdefault(players[high].score, []).append((high, low))
    for score, down in sorted(leaving.items(), reverse=True):
        for k, (x, a) in enumerate(down):
            for y, b in down[k + 1 :]:
                before = [(x, a), (y, b)]
                after = [(x, y), (a, b)]
                if warned & {x, y, a, b}:
                    continue  # the fallback weighs second floats first: not comparable here
                if may_meet(x, y) and may_meet(a, b) and units_in(after) <= units_in(before):
                    problems.append(
                        f"{x} and {y} (score {score}) both play lower ({a}, {b}) but could "
                        "play each other: more players leave their score than needed"
                    )
    if soft_units:
        for k, (a, b) in enumerate(boards):
            if not unit(a, b):
                continue
            for c, d in boards[:k] + boards[k + 1 :]:
                for x, y in ((c, d), (d, c)):
                    if may_meet(a, x) and may_meet(b, y) and not unit(a, x) and not unit(b, y):
                        problems.append(
                            f"{a} and {b} are of one unit although {a}-{x} and {b}-{y} "
                            "keep them apart"
                        )
                        break
                else:
                    continue
                break
    bye = pairing.bye
    if bye is not None and not warned:
        bye_score = players[bye].score
        for a, b in boards:
            for low, other in ((a, b), (b, a)):
                candidate = players[low]
                if candidate.score >= bye_score or candidate.had_bye:
                    continue
                if rules.no_bye_after_unplayed_win and candidate.unplayed_win:
                    continue
                if rules.float_once and candidate.floated:
                    continue
                if may_meet(bye, other) and units_in([(bye, other)]) <= units_in([(a, b)]):
                    problems.append(
                        f"the bye goes to {bye} (score {bye_score}) while {low} "
                        f"(score {candidate.score}) could take it, {bye} playing {other}"
                    )
    return problems


def _partner(pairing: RoundPairing, n: int) -> int | None:
    for board in pairing.boards:
        if board.white == n:
            return board.black
        if board.black == n:
            return board.white
    return None


def _present(tournament: Tournament, r: int) -> set[int]:
    """Who is to be paired in round ``r``: not withdrawn before it, not known absent or on a
    requested bye for it (as recorded in the round's own entry or in the absences)."""
    absent = set(tournament.absences.get(r, {}))
    present = set()
    for n, player in tournament.players.items():
        if player.withdrawn_after_round is not None and player.withdrawn_after_round < r:
            continue
        if n in absent:
            continue
        entry = player.entry(r)
        if (
            entry is not None
            and entry.opponent is None
            and entry.result is not (ResultCode.PAIRING_BYE)
        ):
            continue  # a requested bye or an absence recorded for the round
        present.add(n)
    return present


def _histories(tournament: Tournament, r: int) -> dict[int, _Player]:
    """Every player before round ``r``: score, played colours, opponents, whether he has
    floated down (Art. 1.4: played a lower pairing score, or scored more than a loss without
    a game) and whether he may still get the pairing-allocated bye."""
    points = tournament.scoring.points
    # score_before[n][k]: the score of n before round k + 1.
    score_before: dict[int, list[Fraction]] = {}
    for n, player in tournament.players.items():
        running = [Fraction(0)]
        for entry in player.rounds[: r - 1]:
            running.append(running[-1] + points(entry.result, entry.colour))
        score_before[n] = running
    histories = {}
    for n, player in tournament.players.items():
        colours: list[Colour] = []
        met: set[int] = set()
        scheduled: set[int] = set()
        floated = had_bye = unplayed_win = False
        for k, entry in enumerate(player.rounds[: r - 1]):
            if entry.opponent is not None:
                scheduled.add(entry.opponent)
            if entry.opponent is not None and entry.result.is_played:
                met.add(entry.opponent)
                if entry.colour is not None:
                    colours.append(entry.colour)
                theirs = score_before[entry.opponent]
                if k < len(theirs) and theirs[k] < score_before[n][k]:
                    floated = True
            elif entry.result in _SCORES_WITHOUT_PLAYING:
                floated = True
            if entry.result is ResultCode.PAIRING_BYE and entry.opponent is None:
                had_bye = True
            if entry.result in (ResultCode.FULL_POINT_BYE, ResultCode.FORFEIT_WIN):
                unplayed_win = True
        histories[n] = _Player(
            n,
            score_before[n][-1],
            tuple(colours),
            frozenset(met),
            frozenset(scheduled),
            floated,
            had_bye,
            unplayed_win,
        )
    return histories
