"""FIDE rating changes and performances (B.02), worked by hand from the regulations' tables
and checked against gacrux's rating module (a test-only oracle) on the corpus files."""

from __future__ import annotations

import datetime
import os
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from gacrux import rating as gacrux_rating

from crosstable.cli.main import main
from crosstable.formats.trf import load_trf, write_trf
from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.ratings import k_factor, rating_changes

W, B = Colour.WHITE, Colour.BLACK


def hand_worked_event() -> Tournament:
    """Player 1 (2000) beats 2 (2100), loses to 3 (1600), draws with 4 (2500)."""
    tournament = Tournament(name="B.02 by hand", total_rounds=3)
    tournament.start_date = tournament.end_date = "2026/05/02"
    tournament.start_day = tournament.end_day = datetime.date(2026, 5, 2)
    rows = {
        1: (2000, [(2, W, "1"), (3, B, "0"), (4, W, "=")]),
        2: (2100, [(1, B, "0"), (4, W, "0"), (3, B, "1")]),
        3: (1600, [(4, B, "0"), (1, W, "1"), (2, W, "0")]),
        4: (2500, [(3, W, "1"), (2, B, "1"), (1, B, "=")]),
    }
    for number, (rating, games) in rows.items():
        player = Player(
            number, f"Player {number}", rating=rating, birth_date=datetime.date(1990, 1, 1)
        )
        player.rounds = [
            RoundEntry(opponent, colour, ResultCode(result)) for opponent, colour, result in games
        ]
        tournament.players[number] = player
    return tournament


def test_the_hand_worked_event() -> None:
    first = rating_changes(hand_worked_event())[0]
    # vs 2100: 100 below, We .36 (8.1.2: 92–98 → .64 for the higher); won: +.64
    # vs 1600: 400 above, We .92 (392–411); lost: -.92
    # vs 2500: 500 below, counted as 400 (8.3.1), We .08; drawn: +.42
    assert [game.expected for game in first.games] == [
        Fraction(36, 100),
        Fraction(92, 100),
        Fraction(8, 100),
    ]
    assert first.k == 20
    assert first.change == Fraction(28, 10)  # 20 × (1.5 − 1.36)
    # ARO (2100 + 1600 + 2500) / 3 = 2066.67 → 2067; p = 50 % → dp 0
    assert first.performance == 2067


def test_k_factors() -> None:
    born_2010 = datetime.date(2010, 6, 1)
    assert k_factor(2250, born_2010, 2026, 9)[0] == 40  # turns 16 in 2026, under 2300
    assert k_factor(2250, born_2010, 2028, 9)[0] == 40  # the year of the 18th birthday
    assert k_factor(2250, born_2010, 2029, 9)[0] == 20
    assert k_factor(2310, born_2010, 2026, 9)[0] == 20
    assert k_factor(2400, None, 2026, 9)[0] == 10
    assert k_factor(2000, None, 2026, 9)[0] == 20
    # K × games ≤ 700: 40 × 20 = 800 → 35
    k, reason = k_factor(2000, born_2010, 2026, 20)
    assert k == 35 and "700" in reason


def test_the_command_prints_the_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.trf"
    path.write_text(write_trf(hand_worked_event()))
    assert main(["ratings", str(path), "--format", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "number,name,rating,k,games,score,expected,change,performance"
    assert rows[1] == "1,Player 1,2000,20,3,1.5,1.36,2.8,2067"


def test_the_report_is_refused_with_its_errors_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "event.trf"
    path.write_text(write_trf(hand_worked_event()))
    out = tmp_path / "report.trf"
    assert main(["ratings", str(path), "--report", str(out)]) == 3
    err = capsys.readouterr().err
    assert "102: error: no chief arbiter" in err
    assert "player 1 (Player 1): error: rated 2000, no FIDE ID" in err
    assert not out.exists()


def test_the_report_writes_its_dates_as_the_server_reads_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = hand_worked_event()
    event.start_date, event.end_date = "02.05.2026", "03.05.2026"
    event.chief_arbiter = "Aziz Rahman"
    event.time_control = "90'+30\""
    event.round_dates = ["26.05.02", "26.05.02", "26.05.03"]
    for player in event:
        player.fide_id = f"{100 + player.pairing_number}"
        player.federation = "MAS"
    path = tmp_path / "event.trf"
    path.write_text(write_trf(event))
    out = tmp_path / "report.trf"
    assert main(["ratings", str(path), "--report", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert "042 2026/05/02" in lines and "052 2026/05/03" in lines
    round_line = next(line for line in lines if line.startswith("132"))
    assert round_line.split()[1:] == ["26/05/02", "26/05/02", "26/05/03"]


CORPUS = Path(os.environ["CROSSTABLE_CORPUS"]) / "dutch"


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*/*.trf"))[:12], ids=lambda path: path.stem)
def test_expected_scores_and_performances_agree_with_gacrux(path: Path) -> None:
    tournament = load_trf(path)
    for change in rating_changes(tournament):
        for game in change.games:
            capped = min(max(game.opponent_rating, change.rating - 400), change.rating + 400)
            theirs = gacrux_rating.ComputeExpectedScore(change.rating, capped)
            assert Decimal(game.expected.numerator) / game.expected.denominator == theirs
        if change.games:
            ratings = [game.opponent_rating for game in change.games]
            score = Decimal(change.score.numerator) / change.score.denominator
            assert change.performance == gacrux_rating.ComputeTournamentPerformanceRating(
                score, ratings
            )
