"""A section's ``scoring`` table (points for a win, draw, loss, forfeits and byes) and the
default scoring of each game."""

from __future__ import annotations

from fractions import Fraction

from crosstable.message import Message
from crosstable.model import ScoringSystem
from crosstable.regulations.reader import (
    TableReader,
)
from crosstable.regulations.schema import (
    Game,
)


def read_scoring(reader: TableReader, name: str, default: ScoringSystem) -> ScoringSystem:
    table = reader.table(name)
    if table is None:
        return default
    scoring = ScoringSystem(
        win=table.fraction("win", default.win) or Fraction(0),
        draw=table.fraction("draw", default.draw) or Fraction(0),
        loss=table.fraction("loss", default.loss) or Fraction(0),
        forfeit_win=table.fraction("forfeit_win", default.forfeit_win),
        forfeit_loss=table.fraction("forfeit_loss", default.forfeit_loss),
        pairing_bye=table.fraction("bye", default.pairing_bye),
        half_point_bye=table.fraction("half_point_bye", default.half_point_bye),
        zero_point_bye=table.fraction("zero_point_bye", default.zero_point_bye) or Fraction(0),
        draw_white=table.fraction("draw_first", default.draw_white),
        draw_black=table.fraction("draw_second", default.draw_black),
    )
    if not scoring.win >= scoring.draw >= scoring.loss:
        raise table.error("win", Message("expected win >= draw >= loss"))
    table.finish()
    return scoring


def default_scoring(game: Game) -> ScoringSystem:
    return ScoringSystem.xiangqi() if game is Game.XIANGQI else ScoringSystem.standard()
