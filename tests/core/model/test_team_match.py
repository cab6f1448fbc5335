"""Team matches derived from board games: the totals agree with the files' own 310 records.

Record 310 carries each team's match points and game points as computed by the program that
wrote the file (gacrux for the corpus), so it is an independent check of how matches are read:
opponent team, played or forfeited, win/draw/loss, byes (320) and absences (240).
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.formats.trf import TrfError, load_trf, read_trf
from crosstable.model import Colour, ResultCode
from crosstable.model.team_match import TeamRoundKind, team_event_records, team_rounds
from crosstable.model.team_records import MatchPointSystem

CASES = Path(__file__).parents[1] / "pairing" / "cases" / "team_swiss"
CORPUS = Path(os.environ["CROSSTABLE_CORPUS"]) / "team"
FILES = sorted(CASES.glob("*.trf")) + sorted(CORPUS.glob("*/*.trf"))[::5]


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_match_and_game_points_add_up_to_record_310(path: Path) -> None:
    tournament = load_trf(path)
    history = team_rounds(tournament, team_event_records(tournament))
    assert tournament.teams
    for team in tournament.teams:
        rounds = history[team.number]
        assert len(rounds) == tournament.total_rounds
        match_points = sum((r.match_points for r in rounds), Fraction(0))
        game_points = sum((r.game_points for r in rounds), Fraction(0))
        assert match_points == team.declared_match_points, team.number
        assert game_points == team.declared_game_points, team.number


def test_team_records_are_read() -> None:
    path = CASES / "typeb_gpmp_mp310_t017_b4_r07_ff_abs_s1130.trf"
    records = team_event_records(load_trf(path))
    assert records.board_colours == "WBWB"
    assert records.boards == 4
    assert records.match_points == MatchPointSystem(Fraction(3), Fraction(1), Fraction(0))
    assert records.bye_match_points == Fraction(1)
    assert records.bye_teams  # one bye per round with an odd field
    assert records.absences  # 240 records


def test_rounds_of_a_team_with_bye_absence_and_forfeit() -> None:
    tournament = load_trf(CASES / "typeb_gpmp_mp310_t017_b4_r07_ff_abs_s1130.trf")
    records = team_event_records(tournament)
    history = team_rounds(tournament, records)
    kinds = {r.kind for rounds in history.values() for r in rounds}
    assert kinds == set(TeamRoundKind)
    for round_number, team in records.bye_teams.items():
        bye = history[team][round_number - 1]
        assert (bye.result, bye.opponent, bye.colour) == (ResultCode.PAIRING_BYE, None, None)
        assert bye.match_points == records.bye_match_points
    for rounds in history.values():
        for r in rounds:
            if r.opponent is not None:
                other = history[r.opponent][r.round_number - 1]
                assert other.opponent is not None
                assert {r.colour, other.colour} == {Colour.WHITE, Colour.BLACK}
                assert r.kind is other.kind


@pytest.mark.parametrize(
    "line",
    ["352 WXWX", "320  1.0  2.0 0a3", "330 ++ 001 003 004", "362 TW two  TD 1.0"],
)
def test_malformed_team_record_is_named(line: str) -> None:
    """The reader types the team records: one it cannot read is an error naming the record
    and its line, not text left for the pairing to trip on."""
    path = CASES / "typeb_gpmp_mp310_t017_b4_r07_ff_abs_s1130.trf"
    text = path.read_text()
    with pytest.raises(TrfError, match=f"record {line[:3]}") as caught:
        read_trf(text + line + "\n", "file.trf")
    assert caught.value.line == len(text.splitlines()) + 1
