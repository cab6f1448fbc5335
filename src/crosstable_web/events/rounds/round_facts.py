"""What an arbiter checks on a round page before the games start: each player's points
before the round, rating, unit, colours and floats so far, and what looks wrong on a board
(two players of one unit, a rematch, a colour given a third time in a row or beyond a
difference of two). Read from the section's rounds before this one
(:func:`crosstable.pairing.history.build_histories`), never stored.

Float marks as FIDE's pairing lists write them (C.04.3 Art. 1.4): ``↓`` a downfloat (played
a lower-scored opponent, or scored more than a loss without playing), ``↑`` an upfloat, for
the last two rounds, each with its round number (``↓3``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from django.utils.translation import gettext as _

from crosstable.model import Colour, ResultCode
from crosstable.pairing import registry as pairing_registry
from crosstable.pairing.history import Float, PlayerHistory, build_histories
from crosstable_web.common.notation import Notation, points_text
from crosstable_web.events import bridge, models

FLOAT_MARKS = {Float.DOWN: "↓", Float.UP: "↑"}
FLOAT_ROUNDS_SHOWN = 2
"""Floats of the last two rounds: the ones the Dutch system's criteria look at."""
FORFEIT_CODES = frozenset({ResultCode.FORFEIT_WIN.value, ResultCode.FORFEIT_LOSS.value})


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerFacts:
    """One player as the round page shows them (the texts in the section's notation)."""

    points: str
    """Points before the round (standings points, without acceleration)."""
    colours: str
    """Colour letters of rounds 1..R-1, oldest first, ``-`` for a round without a game."""
    floats: str
    """``↓3 ↑4``: floats of the last two rounds, each with its round number."""
    history: PlayerHistory | None


@dataclasses.dataclass(frozen=True, slots=True)
class BoardLine:
    """A board of the round page: the board, both players' facts and the warnings."""

    board: models.Board
    white: PlayerFacts
    black: PlayerFacts
    warnings: tuple[str, ...]

    @property
    def is_forfeit(self) -> bool:
        return self.board.white_result in FORFEIT_CODES


_NOBODY = PlayerFacts("0", "", "", None)


def player_facts(
    section: models.Section, round_number: int, notation: Notation
) -> dict[int, PlayerFacts]:
    """Every numbered player of ``section`` as seen before ``round_number``, by entry id."""
    entries = list(section.entries.filter(pairing_number__isnull=False))
    tournament = bridge.section_tournament(section, round_number - 1, entries)
    histories = build_histories(tournament, round_number)
    # floats are a Swiss matter: a round robin's tables were fixed before round 1
    shows_floats = not _predetermined(section)
    facts: dict[int, PlayerFacts] = {}
    for entry in entries:
        number = entry.pairing_number
        assert number is not None
        history = histories.get(number)
        player = tournament.players.get(number)
        if history is None or player is None:
            continue
        letters = []
        for played in player.rounds[: round_number - 1]:
            if played.opponent is not None and played.is_played and played.colour is not None:
                letters.append(notation.colour_letter(played.colour.value))
            else:
                letters.append("-")
        floats = [
            f"{FLOAT_MARKS[mark]}{round_number - back}"
            for back in range(FLOAT_ROUNDS_SHOWN, 0, -1)
            if shows_floats and (mark := history.float_before(back)) in FLOAT_MARKS
        ]
        facts[entry.pk] = PlayerFacts(
            points_text(history.points), "".join(letters), " ".join(floats), history
        )
    return facts


def _same_colours_in_a_row(colours: tuple[Colour, ...], colour: Colour) -> int:
    count = 0
    for played in reversed(colours):
        if played is not colour:
            break
        count += 1
    return count


def board_warnings(
    board: models.Board,
    white: PlayerFacts,
    black: PlayerFacts,
    units_apart: bool = False,
    met_before: frozenset[int] | None = None,
) -> list[str]:
    """What an arbiter would question on ``board`` (empty: nothing). Two players of one
    unit only where the rules keep units apart in this round (``units_apart``: Kinabatangan
    round 1); where they may meet (Huayuan 四(三): never kept apart) it is no question.
    ``met_before``: White's opponents before this pairing when it is not the round's own
    (game 2 of a Double-Swiss match repeats game 1's pairing); None: White's history's."""
    warnings = []
    white_unit, black_unit = board.white.unit.strip(), board.black.unit.strip()
    if units_apart and white_unit and white_unit.casefold() == black_unit.casefold():
        warnings.append(_("Same unit: %(unit)s.") % {"unit": white_unit})
    if met_before is None and white.history is not None:
        met_before = white.history.opponents
    if (
        met_before is not None
        and board.black.pairing_number is not None
        and board.black.pairing_number in met_before
    ):
        warnings.append(_("Rematch: these two have already played each other."))
    for entry, facts, colour in (
        (board.white, white, Colour.WHITE),
        (board.black, black, Colour.BLACK),
    ):
        if facts.history is None:
            continue
        in_a_row = _same_colours_in_a_row(facts.history.colours, colour) + 1
        difference = facts.history.colour_difference + (1 if colour is Colour.WHITE else -1)
        if in_a_row >= 3:
            warnings.append(
                _("Colour: %(player)s gets the same colour %(count)d times in a row.")
                % {"player": entry.name, "count": in_a_row}
            )
        elif abs(difference) > 2:
            warnings.append(
                _("Colour: %(player)s's colour difference becomes %(difference)+d.")
                % {"player": entry.name, "difference": difference}
            )
    return warnings


def _predetermined(section: models.Section) -> bool:
    try:
        return pairing_registry.any_system(section.system_code).predetermined
    except KeyError:
        return False


def _games_per_pairing(section: models.Section) -> int:
    try:
        return pairing_registry.any_system(section.system_code).games_per_pairing
    except KeyError:
        return 1


def board_lines(
    round_row: models.Round,
    boards: Iterable[models.Board],
    notation: Notation,
    with_warnings: bool,
    facts: dict[int, PlayerFacts] | None = None,
) -> list[BoardLine]:
    """The round page's lines of ``boards`` (``with_warnings``: for an arbiter). ``facts``:
    :func:`player_facts` of this round when the caller has them already (the round page
    needs them for its byes too; computing them twice was a fifth of a 1,000-board page)."""
    section = round_row.section
    if facts is None:
        facts = player_facts(section, round_row.number, notation)
    apart_until = int(section.settings.get("same_unit_apart_until_round", 0) or 0)
    units_apart = round_row.number <= apart_until
    # A match of several games (the Double-Swiss system) is paired once: its later games
    # meet no one again, so meetings are counted before its first round.
    start = round_row.number - (round_row.number - 1) % _games_per_pairing(section)
    before_match = facts if start == round_row.number else player_facts(section, start, notation)
    lines = []
    for board in boards:
        white = facts.get(board.white_id, _NOBODY)
        black = facts.get(board.black_id, _NOBODY)
        history = before_match.get(board.white_id, _NOBODY).history
        met = frozenset() if history is None else history.opponents
        warnings = board_warnings(board, white, black, units_apart, met) if with_warnings else []
        lines.append(BoardLine(board, white, black, tuple(warnings)))
    return lines
