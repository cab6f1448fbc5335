"""What ``crosstable engine`` prints besides the pairs: the check table of ``-c`` and the
check-list file of ``-l``, laid out as the FIDE reference engine bbpPairings lays them out, so
that scripts written to parse its output parse ours unchanged (docs/cli/engine.md).

- The check table: for each re-paired round a line ``STEM: Round #N``; for a round that
  differs, the engine's own pairs that the file does not hold ("Checker pairings") beside the
  file's pairs of the same players ("Tournament pairings"), each ``WHITE - BLACK`` with a bye
  as ``N - 0``, in the order in which pairings are published; a round with no pairing at all
  says ``No valid pairing exists for round N.``
- The check-list: for the round being paired, one row a player, in pairing order (score, then
  pairing number), a blank line between score groups: the pairing number, the pairing score,
  the colours of the games played (``W``/``B``), the colour preference (``W``/``B`` absolute,
  ``(W)``/``(B)`` strong, ``w``/``b`` mild, ``A`` none), then ``C2`` (may receive the
  pairing-allocated bye: ``Y``/``N``), ``C14``/``C16`` (the float of the last and the
  next-to-last round: ``U``, ``D`` or blank), ``Cur`` (the opponent and colour given now, or
  ``(bye)``), and the opponents met over the board, round by round. Columns end with a tab.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from crosstable.model import Colour, Tournament
from crosstable.pairing.base import RoundPairing
from crosstable.pairing.checker import RoundDifference
from crosstable.pairing.colours import Strength, colour_preference
from crosstable.pairing.history import Float, build_histories, is_present, round_is_paired

Pair = tuple[int, int]
"""(white, black); a bye is (player, player)."""


def check_table(
    stem: str, round_number: int, difference: RoundDifference | None, tournament: Tournament
) -> str:
    """One round of the ``-c`` report: its heading line, then the table of a round that
    differs (nothing more for a round reproduced)."""
    lines = [f"{stem}: Round #{round_number}"]
    if difference is None:
        return "\n".join(lines) + "\n"
    if difference.error:
        lines.append(f"No valid pairing exists for round {difference.round_number}.")
        lines.append("")
        return "\n".join(lines) + "\n"
    produced = list(difference.unexpected)
    recorded = list(difference.missing)
    if difference.produced_bye != difference.recorded_bye:
        if difference.produced_bye is not None:
            produced.append((difference.produced_bye, difference.produced_bye))
        if difference.recorded_bye is not None:
            recorded.append((difference.recorded_bye, difference.recorded_bye))
    scores = _scores_before(tournament, difference.round_number)
    produced = published_order(produced, scores)
    recorded = published_order(recorded, scores)
    lines.append("  Checker pairings" + " " * 8 + "Tournament pairings ")
    for index in range(max(len(produced), len(recorded))):
        left = _pair_cell(produced[index]) if index < len(produced) else " " * 9
        right = _pair_cell(recorded[index]) if index < len(recorded) else ""
        lines.append(f"    {left}{' ' * 16}{right}".rstrip())
    lines.append("")
    return "\n".join(lines) + "\n"


def published_order(pairs: Iterable[Pair], scores: dict[int, Fraction]) -> list[Pair]:
    """Pairs in the order of publication: games before the bye, then by the higher-placed
    player's score, the lower-placed player's score (both descending), then the
    higher-placed player's pairing number."""

    def placed_above(first: int, second: int) -> bool:
        return (scores.get(first, Fraction(0)), -first) > (scores.get(second, Fraction(0)), -second)

    def key(pair: Pair) -> tuple[bool, Fraction, Fraction, int]:
        white, black = pair
        higher, lower = (white, black) if placed_above(white, black) else (black, white)
        if white == black:
            higher = lower = white
        return (
            white == black,
            -scores.get(higher, Fraction(0)),
            -scores.get(lower, Fraction(0)),
            higher,
        )

    return sorted(pairs, key=key)


def _pair_cell(pair: Pair) -> str:
    white, black = pair
    return f"{white:>3} - {0 if black == white else black:>3}"


def _scores_before(tournament: Tournament, round_number: int) -> dict[int, Fraction]:
    return {
        player.pairing_number: tournament.points(player, round_number - 1) for player in tournament
    }


def checklist(tournament: Tournament, round_number: int, pairing: RoundPairing | None) -> str:
    """The check-list of ``round_number``: every player to be paired, as the reference engine
    prints it before (``pairing`` None) or after pairing the round."""
    histories = build_histories(tournament, round_number)
    paired = round_is_paired(tournament, round_number)
    present = [
        number
        for number in tournament.players
        if is_present(tournament, number, round_number, paired)
    ]
    order = sorted(present, key=lambda number: (-histories[number].score, number))
    given: dict[int, str] = {}
    if pairing is not None:
        for board in pairing.boards:
            given[board.white] = f"({board.black}W)"
            given[board.black] = f"({board.white}B)"
        if pairing.bye is not None:
            given[pairing.bye] = "(bye)"
    played_rounds = round_number - 1
    header = ["ID", "Pts", "-" * round_number, "Pref", "C2", "C14", "C16", "Cur", ""]
    header += [f"R{number}" for number in range(1, played_rounds + 1)]
    rows: list[list[str]] = []
    for number in order:
        history = histories[number]
        player = tournament.players[number]
        opponents = []
        for played_round in range(1, played_rounds + 1):
            entry = player.entry(played_round)
            opponents.append(
                str(entry.opponent)
                if entry is not None and entry.is_played and entry.opponent is not None
                else ""
            )
        rows.append(
            [
                str(number),
                _points(history.score),
                "".join("W" if colour is Colour.WHITE else "B" for colour in history.colours),
                _preference(history.colours),
                "Y" if history.can_receive_bye else "N",
                _float(history.float_before(1)) if played_rounds >= 1 else " ",
                _float(history.float_before(2)) if played_rounds >= 2 else " ",
                given.get(number, ""),
                "",
                *opponents,
            ]
        )
    widths = [len(cell) for cell in header]
    for row in rows:
        widths = [max(width, len(cell)) for width, cell in zip(widths, row, strict=True)]
    out = ["", _row(header, widths)]
    previous: Fraction | None = None
    for number, row in zip(order, rows, strict=True):
        score = histories[number].score
        if previous is None or score != previous:
            out.append("")
        out.append(_row(row, widths))
        previous = score
    return "\n".join(out) + "\n"


def _row(cells: Sequence[str], widths: Sequence[int]) -> str:
    return "".join(f"{cell:>{width}}\t" for cell, width in zip(cells, widths, strict=True))


def _points(value: Fraction) -> str:
    return f"{float(value):.1f}"


def _preference(colours: Sequence[Colour]) -> str:
    preference = colour_preference(colours)
    if preference.colour is None:
        return "A "
    letter = "W" if preference.colour is Colour.WHITE else "B"
    if preference.strength is Strength.ABSOLUTE:
        return f"{letter} "
    if preference.strength is Strength.STRONG:
        return f"({letter})"
    return f"{letter.lower()} "


def _float(value: Float) -> str:
    return {Float.UP: "U", Float.DOWN: "D"}.get(value, " ")
