"""Standings: ranking with tie-breaks, shared places, play-off flags, drawing of lots,
sub-rankings, the cross-table and the ``crosstable standings`` command."""

from __future__ import annotations

import csv
import datetime
import io
import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "tiebreaks"))

from tiebreak_builders import EXAMPLE_A, tournament

from crosstable.cli.main import main
from crosstable.standings import (
    StandingsRules,
    by_age,
    by_rating,
    by_sex,
    compute_standings,
    cross_table,
    sub_ranking,
)

# 1 and 3 finish on 1½ with equal Buchholz (2) and a drawn game between them.
TIED = {
    1: ["2w1", "3b="],
    2: ["1b0", "4w="],
    3: ["4w1", "1w="],
    4: ["3b0", "2b="],
}


def test_points_then_tiebreaks() -> None:
    standings = compute_standings(tournament(EXAMPLE_A), StandingsRules.from_text("BH,SB"))
    assert [row.number for row in standings.rows] == [1, 3, 4, 5, 2]
    assert [row.place for row in standings.rows] == ["1", "2", "3", "4", "5"]


def test_shared_places_when_no_tiebreak_separates() -> None:
    standings = compute_standings(tournament(TIED), StandingsRules.from_text("BH,DE"))
    assert [(row.place, row.number) for row in standings.rows] == [
        ("1-2", 1),
        ("1-2", 3),
        ("3-4", 2),
        ("3-4", 4),
    ]
    assert standings.row(1).values[1] == 0  # DE separated nothing


def test_unshared_champion_is_flagged_for_a_playoff() -> None:
    rules = StandingsRules.from_text("BH", unshared_places=frozenset({1}), lots_seed="x")
    standings = compute_standings(tournament(TIED), rules)
    assert standings.playoffs == ((1, 3),)
    assert standings.row(1).playoff and standings.row(3).playoff
    # The other tie is drawn by lot.
    assert standings.lots and set(standings.lots[0]) == {2, 4}


def test_lots_are_reproducible_and_recorded() -> None:
    rules = StandingsRules.from_text("BH", lots_seed="2026-03-01 board 1")
    first = compute_standings(tournament(TIED), rules)
    again = compute_standings(tournament(TIED), rules)
    assert first == again
    assert [row.rank for row in first.rows] == [1, 2, 3, 4]
    assert all(row.by_lot for row in first.rows)
    assert first.lots_seed == "2026-03-01 board 1"
    orders = {
        tuple(
            row.number
            for row in compute_standings(
                tournament(TIED), StandingsRules.from_text("BH", lots_seed=str(seed))
            ).rows
        )
        for seed in range(20)
    }
    assert len(orders) > 1  # the seed matters


def test_standings_after_an_earlier_round() -> None:
    standings = compute_standings(tournament(EXAMPLE_A), StandingsRules.from_text("BH"), 1)
    assert standings.rounds == 1
    assert [row.number for row in standings.rows][:2] in ([1, 5], [5, 1])


def test_sub_rankings_keep_the_section_order() -> None:
    event = tournament(EXAMPLE_A, ratings={1: 2100, 2: 1500, 3: 1900, 4: 1700, 5: 1600})
    event.players[3].sex = "w"
    event.players[5].sex = "w"
    event.players[4].birth_date = datetime.date(2014, 6, 1)
    event.players[5].birth_date = "2016"  # a bare year counts from 1 January
    standings = compute_standings(event, StandingsRules.from_text("BH"))
    women = sub_ranking(standings, by_sex(event, "f"))
    assert [(row.rank, row.number) for row in women.rows] == [(1, 3), (2, 5)]
    # On 1 Jan 2026, 4 is 11 and 5 is 10; the others have no birth date.
    reference = datetime.date(2026, 1, 1)
    juniors = sub_ranking(standings, by_age(event, reference, under=12))
    assert [(row.rank, row.number) for row in juniors.rows] == [(1, 4), (2, 5)]
    assert [row.number for row in sub_ranking(standings, by_age(event, reference, 11)).rows] == [5]
    band = sub_ranking(standings, by_rating(event, 1600, 1999))
    assert [row.number for row in band.rows] == [3, 4, 5]


def test_sub_ranking_keeps_shared_places() -> None:
    standings = compute_standings(tournament(TIED), StandingsRules.from_text("BH"))
    section = sub_ranking(standings, lambda number: number != 2)
    assert [(row.place, row.number) for row in section.rows] == [("1-2", 1), ("1-2", 3), ("3", 4)]


def test_cross_table_cells_name_the_opponents_line_when_places_are_shared() -> None:
    """Seed 004 shares places (no tie-break): 1 and 3 share 1-2, 2 and 4 share 3-4. A cell
    names the opponent's line, so each one points at one player (by rank, 1's draw with 3
    read "1b=", as if against himself, and 2's draw with 4 "3w=", as if against himself)."""
    event = tournament(TIED)
    standings = compute_standings(event, StandingsRules.from_text(""))
    assert [(row.place, row.number) for row in standings.rows] == [
        ("1-2", 1), ("1-2", 3), ("3-4", 2), ("3-4", 4),
    ]  # fmt: skip
    table = {row.number: cells for row, cells in cross_table(event, standings)}
    # lines: 1 -> 1, 3 -> 2, 2 -> 3, 4 -> 4
    assert table == {
        1: ["3w1", "2b="],
        3: ["4w1", "1w="],
        2: ["1b0", "4w="],
        4: ["2b0", "3b="],
    }


def test_cross_table_cells_use_final_ranks() -> None:
    event = tournament(EXAMPLE_A)
    standings = compute_standings(event, StandingsRules.from_text("BH"))
    table = {row.number: cells for row, cells in cross_table(event, standings)}
    assert table[1] == ["5w1", "4b1", "2w="]  # 2 is 5th, 5 is 4th, 3 is 2nd
    assert table[2] == ["1b0", "H", "Z"]
    assert table[4] == ["2b=", "2b-", "4w1"]


CORPUS = Path(os.environ["CROSSTABLE_CORPUS"])
FILE = CORPUS / "dutch" / "mixed" / "n005_r04_s999222.trf"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["standings", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.skipif(not FILE.exists(), reason="corpus not available")
def test_cli_csv_columns(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(FILE), "--tiebreaks", "BH/C1,BH,SB,DE,WIN", "--format", "csv")
    assert status == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rank", "number", "name", "points", "BH/C1", "BH", "SB", "DE", "WIN"]
    assert rows[1][:4] == ["1", "1", "Test0001 Player0001", "3.5"]
    assert len(rows) == 6


@pytest.mark.skipif(not FILE.exists(), reason="corpus not available")
def test_cli_reads_the_files_212_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    path.write_text(FILE.read_text() + "212 PTS,WIN,BH/C1\n")
    status, out, _ = run(capsys, str(path), "--format", "json")
    assert status == 0
    document = json.loads(out)
    assert document["tiebreaks"] == ["WIN", "BH/C1"]
    assert document["standings"][0]["tiebreaks"] == [3, "7.5"]


@pytest.mark.skipif(not FILE.exists(), reason="corpus not available")
def test_cli_presets(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(FILE), "--preset", "xiangqi-progressive", "--format", "csv")
    assert status == 0
    assert out.splitlines()[0].endswith("PS,WIN,OTHER_FOUL,BPG,OTHER_LJF")


@pytest.mark.skipif(not FILE.exists(), reason="corpus not available")
def test_cli_unknown_code_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, str(FILE), "--tiebreaks", "BH,XYZ")
    assert status == 3
    assert out == ""
    assert "unknown tie-break 'XYZ'" in err and "known codes: DE, WIN" in err
    assert "Traceback" not in err


def test_cli_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, str(tmp_path / "none.trf"))
    assert status == 5
    assert "none.trf" in err


ALL_FILES = sorted(CORPUS.glob("**/*.trf"))


@pytest.mark.slow
@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_cli_works_on_every_corpus_file(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    status, out, err = run(capsys, str(path), "--format", "csv")
    assert status == 0, err
    assert out.count("\n") >= 2
