"""Absences written as forfeits against nobody (``0000 - -``, or a blank opponent with ``-``),
as lichess and older programs write them, are zero-point byes for the tie-breaks: a
voluntarily unplayed round, counted as a draw by the opponents when it ends the event
(C.07 Art. 16), the reading of FIDE's reference checker gacrux (docs/tiebreaks.md)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from gacrux_oracle import as_fraction, gacrux_values

from crosstable.formats.trf import read_trf
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable.tiebreaks.registry import evaluate


def player(number: int, points: str, *cells: str) -> str:
    head = f"001 {number:>4}      {'P' + str(number):<33} {2100 - 100 * number:>4}"
    return f"{head:<80}{points:>4}       " + "  ".join(cells)


EVENT = "\n".join(
    [
        "012 Absences",
        "XXR 4",
        player(1, "3.0", "   2 w 1", "   3 b 1", "   4 w 1", "0000 - -"),
        player(2, "1.0", "   1 b 0", "     - -", "   3 w 1", "   4 b 0"),
        player(3, "1.0", "   4 w 1", "   1 w 0", "   2 b 0", "0000 - -"),
        player(4, "1.5", "   3 b 0", "0000 - H", "   1 b 0", "   2 w 1"),
    ]
)

BY_HAND = {1: Fraction(6), 2: Fraction(15, 2), 3: Fraction(7), 4: Fraction(15, 2)}
"""Buchholz worked by hand. Adjusted scores (Art. 16.3): 1 has 3 + ½ (its absence ends the
event: a draw), 2 has 1 (its absence is followed by games: as scored), 3 has 1 + ½, 4 has
1½. Own unplayed rounds count the dummy (Art. 16.4): the own score capped at ½ × 4 rounds.
1: 1 + 1½ + 1½ + min(3, 2) = 6; 2: 3½ + min(1, 2) + 1½ + 1½ = 7½; 3: 1½ + 3½ + 1 + 1 = 7;
4: 1½ + 1½ + 3½ + 1 = 7½. Read as forfeit losses, 1's absence would not count as a draw
and 2 would have 6½."""


def test_absences_are_zero_point_byes_for_buchholz(tmp_path: Path) -> None:
    tournament = read_trf(EVENT)
    assert [tournament.points(p) for p in tournament] == [p.declared_points for p in tournament]
    ctx = IndividualContext.from_tournament(tournament)
    assert evaluate(parse_descriptor("BH"), ctx).values == BY_HAND


def test_absences_agree_with_the_reference_checker(tmp_path: Path) -> None:
    path = tmp_path / "absences.trf"
    path.write_text(EVENT + "\n")
    codes = ["BH", "BH/C1", "BH/M1", "SB", "SB/C1", "PS", "ARO", "STD", "WIN", "REP"]
    ctx = IndividualContext.from_tournament(read_trf(EVENT))
    oracle = gacrux_values(path, codes)
    for index, code in enumerate(codes):
        values = evaluate(parse_descriptor(code), ctx).values
        assert values is not None
        assert values == {n: as_fraction(oracle[n][1][index]) for n in values}, code
