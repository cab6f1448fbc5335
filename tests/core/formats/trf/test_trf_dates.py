"""Dates as other programs write them in TRF records 042, 052 and 132, and the edition of the
tie-break rules they imply (docs/formats/trf.md, "Dates")."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from crosstable.cli.main import main
from crosstable.formats.trf import load_trf_checked
from crosstable.formats.trf.dates import read_event_dates

REAL = Path(__file__).resolve().parents[3] / "data" / "real"


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("2026/03/01", datetime.date(2026, 3, 1)),
        ("2026-03-01", datetime.date(2026, 3, 1)),
        ("2026.03.01", datetime.date(2026, 3, 1)),
        ("25.02.2011", datetime.date(2011, 2, 25)),  # Swiss-Manager, day first
        ("24/09/2010", datetime.date(2010, 9, 24)),
        ("28. 07. 2005", datetime.date(2005, 7, 28)),
        ("May 29, 2020", datetime.date(2020, 5, 29)),  # lichess
        ("29 May 2020", datetime.date(2020, 5, 29)),
        ("29-May-2020", datetime.date(2020, 5, 29)),
        ("September 3rd, 2019", datetime.date(2019, 9, 3)),
        ("12/31/2019", datetime.date(2019, 12, 31)),  # month first: only that order is a day
    ],
)
def test_each_form_is_read(written: str, day: datetime.date) -> None:
    dates = read_event_dates(written, "", [])
    assert dates.start == day
    assert dates.notes == ()


def test_the_round_dates_decide_the_order() -> None:
    # 05.03.2011 alone is 5 March or 3 May; a round on 12.03.2011 (day above 12) tells.
    dates = read_event_dates("05.03.2011", "13.03.2011", ["05.03.11", "12.03.11"])
    assert dates.start == datetime.date(2011, 3, 5)
    # The short round dates are read in the order that keeps them inside the event.
    assert dates.rounds == (datetime.date(2011, 3, 5), datetime.date(2011, 3, 12))


def test_an_order_the_file_cannot_decide_is_said() -> None:
    dates = read_event_dates("05.03.2011", "", [])
    assert dates.start == datetime.date(2011, 3, 5)
    assert dates.notes == (
        "the order of day and month in dates such as '05.03.2011' cannot be decided from "
        "the file: read as day, month, year",
    )


def test_a_date_that_cannot_be_read_is_said() -> None:
    assert read_event_dates("soon", "", []).notes == (
        "record 042: 'soon' is not a date this reader knows",
    )
    assert read_event_dates("2011-13-45", "", []).notes == (
        "record 042: '2011-13-45' is not a day of the calendar",
    )


@pytest.mark.parametrize(
    ("name", "day"),
    [
        # worked from each file's own 042, 052 and 132 records (tests/data/real/README.md)
        ("armstrong_2011", datetime.date(2010, 9, 13)),  # 10.09.13: YY.MM.DD, the 2010-11 league
        ("bunratty_masters_2011", datetime.date(2011, 2, 25)),  # 25.02.2011; rounds 11.25.02
        ("gonzaga_classic_2008", datetime.date(2008, 2, 21)),
        ("irish_junior_champs_2011", datetime.date(2011, 7, 2)),
        ("lichess_swiss_j8rtJ5GL", datetime.date(2020, 5, 10)),  # May 10, 2020
        ("fide_c07_exercises_swiss9", datetime.date(2024, 8, 1)),
        ("swiss_manager_unplayed_rounds", datetime.date(2026, 2, 28)),
    ],
)
def test_every_real_file_has_its_start_day(name: str, day: datetime.date) -> None:
    tournament, warnings = load_trf_checked(REAL / f"{name}.trf")
    assert tournament.start_day == day
    assert not [warning for warning in warnings if "date" in warning.message]


def test_the_bunratty_round_dates_are_year_day_month() -> None:
    tournament, _warnings = load_trf_checked(REAL / "bunratty_masters_2011.trf")
    dates = read_event_dates(tournament.start_date, tournament.end_date, tournament.round_dates)
    assert dates.rounds[:2] == (datetime.date(2011, 2, 25), datetime.date(2011, 2, 26))


@pytest.mark.parametrize(
    ("written", "edition", "bh_of_4"),
    [
        # FIDE's C.07 exercises: player 4's half-point bye gives a dummy opponent whose score
        # the 2026 text caps (BH 43) and the 2023 text does not (44.5).
        ("2024-08-01", "2023", "44.5"),
        ("01.08.2024", "2023", "44.5"),
        ("August 1, 2024", "2023", "44.5"),
        ("1 Aug 2024", "2023", "44.5"),
        ("01.03.2026", "2026", "43"),
        ("March 1, 2026", "2026", "43"),
    ],
)
def test_a_date_in_any_form_chooses_the_edition(
    written: str,
    edition: str,
    bh_of_4: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = (REAL / "fide_c07_exercises_swiss9.trf").read_text().splitlines()
    lines = [f"042 {written}" if line.startswith("042") else line for line in lines]
    path = tmp_path / "exercise.trf"
    path.write_text("\n".join(lines) + "\n")
    assert main(["standings", str(path), "--tiebreaks", "BH", "--format", "csv"]) == 0
    captured = capsys.readouterr()
    bh = {row.split(",")[1]: row.split(",")[4] for row in captured.out.splitlines()[1:]}
    assert bh["4"] == bh_of_4
    assert f"042 {written!r}" in captured.err
    assert ("C.07 (2026) says" in captured.err) == (edition == "2026")


def test_a_file_without_a_readable_date_says_which_edition_it_applied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (REAL / "fide_c07_exercises_swiss9.trf").read_text().splitlines()
    lines = ["042 sometime in August" if line.startswith("042") else line for line in lines]
    path = tmp_path / "exercise.trf"
    path.write_text("\n".join(lines) + "\n")
    assert main(["standings", str(path), "--tiebreaks", "BH", "--format", "csv"]) == 0
    err = capsys.readouterr().err
    assert "warning: record 042: 'sometime in August' is not a date this reader knows" in err
    assert "the edition in force today: the file gives no start date that can be read" in err
