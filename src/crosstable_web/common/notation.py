"""How a section writes its games, as its game and the reader's language write them.

Chess: White and Black, results ``1-0``, ``½-½``, ``0-1``; xiangqi: Red and Black (红/黑),
results in the points the Chinese rules give a game (胜2/和1/负0: ``2-0``, ``1-1``, ``0-2``; a
section whose regulations score otherwise, e.g. a draw worth 1 for Red and 2 for Black,
writes its own points). A forfeit is ``+/-`` in both. Cross-table and wall-chart cells put
the opponent, a colour letter in the reader's language (``w``/``b`` in English, 白/黑 or
红/黑 in Chinese) and the points scored; a round without a game names the bye in words.

Which notation a section writes (its game and points) is ``crosstable_web.events.rounds.notation``.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from crosstable.model import ResultCode, ScoringSystem
from crosstable.model.colour import Colour
from crosstable.model.points import points_text as core_points_text

_CHESS_LABELS = {
    ("1", "0"): "1-0",
    ("0", "1"): "0-1",
    ("=", "="): "½-½",
    ("W", "L"): "1-0",
    ("L", "W"): "0-1",
    ("D", "D"): "½-½",
}
_FORFEIT_LABELS = {("+", "-"): "+/-", ("-", "+"): "-/+", ("-", "-"): "-/-"}
_UNRATED = ("W", "L", "D")


def points_text(points: Fraction) -> str:
    """Points as a page writes them: ``2``, ``½``, ``6½``, ``1.25`` for what no half is
    (``crosstable.model.points``, the one score formatter)."""
    return core_points_text(points, halves=True)


@dataclasses.dataclass(frozen=True, slots=True)
class Notation:
    """The notation of one section: chess, or xiangqi with the section's points."""

    xiangqi: bool = False
    scoring: ScoringSystem = dataclasses.field(default_factory=ScoringSystem)

    def colour_name(self, colour: str) -> str:
        """White/Black or Red/Black for the colour letter ``w``/``b`` (empty for none)."""
        if colour == Colour.WHITE.value:
            return pgettext("xiangqi", "Red") if self.xiangqi else pgettext("chess", "White")
        if colour == Colour.BLACK.value:
            return pgettext("chess", "Black")
        return ""

    def colour_letter(self, colour: str) -> str:
        """The one-letter colour of a cross-table cell (``w``, 白, 红 …; empty for none)."""
        if colour == Colour.WHITE.value:
            return (
                pgettext("colour letter in xiangqi", "r")
                if self.xiangqi
                else pgettext("colour letter in chess", "w")
            )
        if colour == Colour.BLACK.value:
            return (
                pgettext("colour letter in xiangqi", "b")
                if self.xiangqi
                else pgettext("colour letter in chess", "b")
            )
        return ""

    @property
    def colour_letters(self) -> tuple[str, str]:
        """The cross-table letters of the first and the second player's colour."""
        return (self.colour_letter(Colour.WHITE.value), self.colour_letter(Colour.BLACK.value))

    def result(self, white: str, black: str) -> str:
        """A board's result (TRF codes, White's first): ``1-0`` … or ``2-0`` … in xiangqi,
        ``+/-`` for a forfeit; empty while pending. A game not rated is marked (u)."""
        if white == ResultCode.PENDING.value:
            return ""
        if (white, black) in _FORFEIT_LABELS:
            return _FORFEIT_LABELS[(white, black)]
        if self.xiangqi:
            try:
                red = self.scoring.points(ResultCode(white), Colour.WHITE)
                other = self.scoring.points(ResultCode(black), Colour.BLACK)
            except ValueError:
                return f"{white}/{black}"
            label = f"{points_text(red)}-{points_text(other)}"
        else:
            label = _CHESS_LABELS.get((white, black), f"{white}/{black}")
        if white in _UNRATED:
            label = _("%(result)s (not rated)") % {"result": label}
        return label

    def slip_choices(self) -> list[tuple[str, str]]:
        """The boxes of a result slip: (words, result) for a first-player win, a draw and a
        second-player win."""
        return [
            (
                pgettext("xiangqi", "Red wins")
                if self.xiangqi
                else pgettext("chess", "White wins"),
                self.result("1", "0"),
            ),
            (_("Draw"), self.result("=", "=")),
            (
                pgettext("xiangqi", "Black wins")
                if self.xiangqi
                else pgettext("chess", "Black wins"),
                self.result("0", "1"),
            ),
        ]

    def game_points(self, code: str, colour: str) -> str:
        """The points of one player's result code in a cross-table cell (``1``, ``½``, ``2``);
        a forfeit stays ``+``/``-``. Several codes are the games of a Double-Swiss match,
        ``colour`` game 1's (the colours alternate): the match's points (``1½``), a match
        forfeited in every game ``+``/``-``, nothing while a game is pending."""
        if len(code) > 1:
            return self._match_points(code, colour)
        if code in ("+", "-"):
            return code
        try:
            result = ResultCode(code)
        except ValueError:
            return code
        if result is ResultCode.PENDING:
            return ""
        side = Colour(colour) if colour in ("w", "b") else None
        return points_text(self.scoring.points(result, side))

    def _match_points(self, codes: str, colour: str) -> str:
        if len(set(codes)) == 1 and codes[0] in ("+", "-"):
            return codes[0]
        try:
            results = [ResultCode(code) for code in codes]
        except ValueError:
            return codes
        if ResultCode.PENDING in results:
            return ""
        sides: list[Colour | None] = [None] * len(results)
        if colour in ("w", "b"):
            first = Colour(colour)
            other = Colour.BLACK if first is Colour.WHITE else Colour.WHITE
            sides = [first if index % 2 == 0 else other for index in range(len(results))]
        total = sum(
            (
                self.scoring.points(result, side)
                for result, side in zip(results, sides, strict=True)
            ),
            Fraction(0),
        )
        return points_text(total)

    def bye(self, code: str) -> str:
        """A round without a game, in a cross-table cell: its points and the word bye
        (``½ bye``), a forfeit without a game as ``+``/``-``. Several codes are a Double-Swiss
        match without opponent (``UU``: the pairing-allocated bye, ``1½ bye``)."""
        code = code.strip()
        if code in ("+", "-", ""):
            return code
        try:
            results = [ResultCode(letter) for letter in code]
        except ValueError:
            return code
        if ResultCode.PENDING in results:
            return ""
        if all(result.is_forfeit for result in results):
            return code
        total = sum((self.scoring.points(result) for result in results), Fraction(0))
        return _("%(points)s bye") % {"points": points_text(total)}

    def cell(self, core_cell: str) -> str:
        """A cross-table cell of ``crosstable.standings.cross_table`` (``12w1``, ``(19)b=``,
        ``H``, ``+``) in this notation: ``12w1``, ``12白1``, ``12红2``, ``½ bye``."""
        match = _CELL.match(core_cell)
        if match is None:
            return self.bye(core_cell)
        opponent, colour, code = match.groups()
        return f"{opponent}{self.colour_letter(colour)}{self.game_points(code, colour)}"


_CELL = re.compile(r"^(\(?\d+\)?)([wb-])(.+)$")
