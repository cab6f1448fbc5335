"""Scoring systems: how many points each kind of round result is worth.

Points are exact ``Fraction`` values. The common systems are class-level constructors:
``ScoringSystem.standard()`` (1/½/0), ``ScoringSystem.xiangqi()`` (2/1/0) and
``ScoringSystem.football()`` (3/1/0). A colour-dependent draw (a xiangqi option: a draw
worth 1 for Red and 2 for Black) is set with ``draw_white`` / ``draw_black``.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from crosstable.model.colour import Colour
from crosstable.model.results import ResultCode


@dataclasses.dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Points for each kind of result. Unset bye and forfeit values follow win/draw/loss."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction | None = None
    forfeit_loss: Fraction | None = None
    pairing_bye: Fraction | None = None
    full_point_bye: Fraction | None = None
    half_point_bye: Fraction | None = None
    zero_point_bye: Fraction = Fraction(0)
    draw_white: Fraction | None = None
    """Points for a draw when playing White (Red); None means ``draw``."""
    draw_black: Fraction | None = None
    """Points for a draw when playing Black; None means ``draw``."""

    @classmethod
    def standard(cls) -> ScoringSystem:
        """FIDE's 1 / ½ / 0."""
        return cls()

    @classmethod
    def xiangqi(cls) -> ScoringSystem:
        """The Chinese xiangqi rules: win 2, draw 1, loss 0; the bye counts as a win."""
        return cls(win=Fraction(2), draw=Fraction(1), loss=Fraction(0))

    @classmethod
    def football(cls) -> ScoringSystem:
        """Three points for a win, one for a draw."""
        return cls(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))

    @property
    def forfeit_win_points(self) -> Fraction:
        return self.win if self.forfeit_win is None else self.forfeit_win

    @property
    def forfeit_loss_points(self) -> Fraction:
        return self.loss if self.forfeit_loss is None else self.forfeit_loss

    @property
    def pairing_bye_points(self) -> Fraction:
        return self.win if self.pairing_bye is None else self.pairing_bye

    @property
    def full_point_bye_points(self) -> Fraction:
        return self.win if self.full_point_bye is None else self.full_point_bye

    @property
    def half_point_bye_points(self) -> Fraction:
        return self.draw if self.half_point_bye is None else self.half_point_bye

    @property
    def is_standard(self) -> bool:
        return self == ScoringSystem()

    def draw_points(self, colour: Colour | None) -> Fraction:
        """Points for a draw, which may depend on the colour played (xiangqi option)."""
        if colour is Colour.WHITE and self.draw_white is not None:
            return self.draw_white
        if colour is Colour.BLACK and self.draw_black is not None:
            return self.draw_black
        return self.draw

    def points(self, result: ResultCode, colour: Colour | None = None) -> Fraction:
        """Points a player earns for ``result`` (played with ``colour``, if any)."""
        match result:
            case ResultCode.WIN | ResultCode.WIN_UNRATED:
                return self.win
            case ResultCode.DRAW | ResultCode.DRAW_UNRATED:
                return self.draw_points(colour)
            case ResultCode.LOSS | ResultCode.LOSS_UNRATED:
                return self.loss
            case ResultCode.FORFEIT_WIN:
                return self.forfeit_win_points
            case ResultCode.FORFEIT_LOSS:
                return self.forfeit_loss_points
            case ResultCode.PAIRING_BYE:
                return self.pairing_bye_points
            case ResultCode.FULL_POINT_BYE:
                return self.full_point_bye_points
            case ResultCode.HALF_POINT_BYE:
                return self.half_point_bye_points
            case ResultCode.ZERO_POINT_BYE | ResultCode.UNPLAYED:
                return self.zero_point_bye
            case ResultCode.PENDING:
                return Fraction(0)
        raise AssertionError(f"unhandled result {result!r}")
