"""Point systems in TRF: record 162, JaVaFo ``XXS`` and bbpPairings ``BBW``… lines.

All three are read into one set of effective values (later lines override earlier ones, in
file order) and turned into the model's :class:`ScoringSystem` in a canonical form: a field
that merely repeats what the model derives by default is left ``None``, so that reading a
written file gives back an equal system.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from crosstable.model import Colour, ScoringSystem

STANDARD = ScoringSystem()


@dataclasses.dataclass(slots=True)
class PointValues:
    """Every value a TRF point system can state, with the TRF defaults.

    ``None`` means "follows another value" (pairing bye and full-point bye follow the win,
    half-point bye follows the draw, forfeit win follows the win, colour draws the draw).
    TRF's defaults differ from a plain reading of the model in one place: a forfeit loss is
    worth 0 (162's ``A``, bbp's ``BBF``) even when a played loss is worth more.
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    zero_point_bye: Fraction = Fraction(0)
    forfeit_loss: Fraction = Fraction(0)
    forfeit_win: Fraction | None = None
    pairing_bye: Fraction | None = None
    full_point_bye: Fraction | None = None
    half_point_bye: Fraction | None = None
    draw_white: Fraction | None = None
    draw_black: Fraction | None = None

    def to_scoring(self) -> ScoringSystem:
        win, draw = self.win, self.draw
        draw_white, draw_black = self.draw_white, self.draw_black
        half_point_bye = draw if self.half_point_bye is None else self.half_point_bye
        if draw_white is not None and draw_white == draw_black:
            draw, draw_white, draw_black = draw_white, None, None
        return ScoringSystem(
            win=win,
            draw=draw,
            loss=self.loss,
            forfeit_win=_unless(self.forfeit_win, win),
            forfeit_loss=_unless(self.forfeit_loss, self.loss),
            pairing_bye=_unless(self.pairing_bye, win),
            full_point_bye=_unless(self.full_point_bye, win),
            half_point_bye=_unless(half_point_bye, draw),
            zero_point_bye=self.zero_point_bye,
            draw_white=_unless(draw_white, draw),
            draw_black=_unless(draw_black, draw),
        )


def _unless(value: Fraction | None, default: Fraction) -> Fraction | None:
    return None if value is None or value == default else value


# --- Record 162 -------------------------------------------------------------------------------

RECORD_162_MEANING = {
    "W": "win (also forfeit win and full-point bye)",
    "D": "draw (also half-point bye)",
    "L": "played loss",
    "A": "zero-point bye and forfeit loss",
    "P": "pairing-allocated bye",
    "X": "unknown result",
}


def apply_162(values: PointValues, symbol: str, points: Fraction) -> None:
    match symbol:
        case "W":
            values.win = points
        case "D":
            values.draw = points
        case "L":
            values.loss = points
        case "A":
            values.zero_point_bye = points
            values.forfeit_loss = points
        case "P":
            values.pairing_bye = points
        case "X":
            pass  # the model has no points for an unknown result; a pending game scores 0


# --- bbpPairings BB? lines ---------------------------------------------------------------------

BB_CODES = {
    "BBW": "win",
    "BBD": "draw",
    "BBL": "loss",
    "BBZ": "zero_point_bye",
    "BBF": "forfeit_loss",
    "BBU": "pairing_bye",
}


def apply_bb(values: PointValues, code: str, points: Fraction) -> None:
    setattr(values, BB_CODES[code], points)


# --- JaVaFo XXS ---------------------------------------------------------------------------------

XXS_CODES = (
    "WW",
    "BW",
    "WD",
    "BD",
    "WL",
    "BL",
    "W",
    "D",
    "L",
    "ZPB",
    "HPB",
    "FPB",
    "PAB",
    "FW",
    "FL",
)


def apply_xxs(values: PointValues, code: str, points: Fraction, wins: dict[str, Fraction]) -> None:
    """Apply one ``CODE=VALUE`` of an XXS line. Wins and losses by colour are collected in
    ``wins`` (keys WW, BW, WL, BL): the reader checks at the end of the line that both
    colours agree, the model having one value for both."""
    match code:
        case "W":
            wins["WW"] = wins["BW"] = points
        case "L":
            wins["WL"] = wins["BL"] = points
        case "WW" | "BW" | "WL" | "BL":
            wins[code] = points
        case "D":
            values.draw = points
            values.draw_white = values.draw_black = None
        case "WD":
            values.draw_white = points
        case "BD":
            values.draw_black = points
        case "ZPB":
            values.zero_point_bye = points
        case "HPB":
            values.half_point_bye = points
        case "FPB":
            values.full_point_bye = points
        case "PAB":
            values.pairing_bye = points
        case "FW":
            values.forfeit_win = points
        case "FL":
            values.forfeit_loss = points


# --- Writing --------------------------------------------------------------------------------


def format_points(points: Fraction, minimum_decimals: int = 1) -> str:
    """``points`` as an exact decimal with at least one decimal: ``2.5``, ``17.0``, ``0.25``.

    Raises ValueError for values without a finite decimal expansion (e.g. 1/3): TRF has no
    way to write them exactly, and rounding would make the file disagree with itself.
    """
    sign = "-" if points < 0 else ""
    value = abs(points)
    decimals = minimum_decimals
    while (value * 10**decimals).denominator != 1:
        decimals += 1
        if decimals > 6:
            raise ValueError(f"{points} points have no exact decimal form for TRF")
    scaled = int(value * 10**decimals)
    whole, fraction = divmod(scaled, 10**decimals)
    return f"{sign}{whole}.{fraction:0{decimals}d}"


def record_162_items(scoring: ScoringSystem) -> list[tuple[str, Fraction]] | None:
    """The 162 symbols needed for ``scoring``, or None if 162 cannot express it exactly."""
    if (
        scoring.forfeit_win_points != scoring.win
        or scoring.full_point_bye_points != scoring.win
        or scoring.half_point_bye_points != scoring.draw
        or scoring.forfeit_loss_points != scoring.zero_point_bye
        or scoring.draw_white is not None
        or scoring.draw_black is not None
    ):
        return None
    return _items_differing(
        [
            ("W", scoring.win, STANDARD.win),
            ("D", scoring.draw, STANDARD.draw),
            ("L", scoring.loss, STANDARD.loss),
            ("A", scoring.zero_point_bye, STANDARD.zero_point_bye),
            ("P", scoring.pairing_bye_points, scoring.win),
        ]
    )


def bb_items(scoring: ScoringSystem) -> list[tuple[str, Fraction]]:
    """The bbpPairings BB? lines that differ from its defaults (bbp's PAB follows BBW)."""
    return _items_differing(
        [
            ("BBW", scoring.win, STANDARD.win),
            ("BBD", scoring.draw, STANDARD.draw),
            ("BBL", scoring.loss, STANDARD.loss),
            ("BBZ", scoring.zero_point_bye, STANDARD.zero_point_bye),
            ("BBF", scoring.forfeit_loss_points, Fraction(0)),
            ("BBU", scoring.pairing_bye_points, scoring.win),
        ]
    )


def xxs_items(scoring: ScoringSystem) -> list[tuple[str, Fraction]]:
    """A complete XXS statement of ``scoring`` (every code, so no default is relied on)."""
    return [
        ("W", scoring.win),
        ("D", scoring.draw),
        ("L", scoring.loss),
        ("WD", scoring.draw_points(Colour.WHITE)),
        ("BD", scoring.draw_points(Colour.BLACK)),
        ("FW", scoring.forfeit_win_points),
        ("FL", scoring.forfeit_loss_points),
        ("ZPB", scoring.zero_point_bye),
        ("HPB", scoring.half_point_bye_points),
        ("FPB", scoring.full_point_bye_points),
        ("PAB", scoring.pairing_bye_points),
    ]


def _items_differing(
    candidates: list[tuple[str, Fraction, Fraction]],
) -> list[tuple[str, Fraction]]:
    return [(symbol, value) for symbol, value, default in candidates if value != default]
