"""The Burstein system (C.04.4.2, the text bbpPairings implements): the opposition index and
one round worked by hand, and bbpPairings' own files reproduced.

The hand-worked files are ``cases/burstein/*.trf``; the reference files and bbpPairings'
check tables are ``tests/data/burstein/`` (README there: source and licence). With
``BBPPAIRINGS`` naming a bbpPairings executable, fresh random tournaments are checked both
ways as ``bench.burstein_bbp`` does on 1,000 (docs/pairing/burstein.md).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.cli.main import main
from crosstable.formats.trf.reader import load_trf
from crosstable.pairing import burstein
from crosstable.pairing.burstein_index import default_acceleration, opposition_indices
from crosstable.pairing.checker import as_complete, check_tournament
from crosstable.pairing.registry import pair_function, pairing_system

CASES = Path(__file__).parent / "cases" / "burstein"
DATA = Path(__file__).parents[2] / "data" / "burstein"
F = Fraction


def test_index_of_four_players_worked_by_hand() -> None:
    """After 1-3 1-0, 2-4 ½-½, 2-1 ½-½, 3-4 1-0 (every game played): scores 1½, 1, 1, ½.
    Buchholz is 2 for everyone (1: 3's 1 + 2's 1; 2: 4's ½ + 1's 1½; 3: 1½ + ½; 4: 1 + 1).
    Sonneborn-Berger: 1: 1×1 + ½×1 = 1½; 2: ½×½ + ½×1½ = 1; 3: 0×1½ + 1×½ = ½; 4: ½×1 +
    0×1 = ½. Median 0 (two rounds only)."""
    tournament = load_trf(CASES / "four_players_round_3.trf")
    index = opposition_indices(tournament, 3, [1, 2, 3, 4], {})
    assert [index[n].score for n in (1, 2, 3, 4)] == [F(3, 2), 1, 1, F(1, 2)]
    assert [index[n].buchholz for n in (1, 2, 3, 4)] == [2, 2, 2, 2]
    assert [index[n].sonneborn_berger for n in (1, 2, 3, 4)] == [F(3, 2), 1, F(1, 2), F(1, 2)]
    assert [index[n].median for n in (1, 2, 3, 4)] == [0, 0, 0, 0]


def test_round_three_of_four_players_worked_by_hand() -> None:
    """1 (1½) has met 2 and 3, so its group cannot pair it: it floats into 2, 3 (1 point),
    which cannot then keep only one player out, so the ½ of 4 joins them. In index order 1
    (floater), 2 (SB 1), 3 (SB ½), 4: 1 takes the lowest it may meet, 4; 2 takes 3.
    Colours: 4 has had Black twice (absolute White), 1 W B (mild White): 4 White. 2 W W
    (absolute Black), 3 B W (mild Black): 2 Black. Boards by the pair's higher score."""
    tournament = load_trf(CASES / "four_players_round_3.trf")
    assert burstein.pair_round(tournament).as_engine_lines() == ["2", "4 1", "3 2"]


def test_unplayed_rounds_count_against_a_virtual_opponent() -> None:
    """Round 1: 1-4 1-0, 2-5 ½-½, 3 half-point bye, 6 absent; round 2: 2-1 1-0, 3-6 1-0,
    4-5 forfeited (4 wins). Adjusted scores (unplayed rounds as draws): 1: 1, 2: 1½, 3: 1½,
    4: ½, 5: 1, 6: ½.

    3's round 1 (H): a virtual opponent with 3's score before it (0), a draw (½) and a draw
    in the one round after (½): 1; round 2: 6's ½. Buchholz 1½, SB ½×1 + 1×½ = 1.
    4's round 2 (forfeit win): 4 had 0, the virtual opponent loses by forfeit (0) and no
    round follows: 0; round 1: 1's 1. Buchholz 1, SB 0.
    5's round 2 (forfeit loss): 5 had ½, the virtual opponent wins (1): 1½; round 1: 2's
    1½. Buchholz 3, SB ½×1½ = ¾.
    6's round 1 (absent): 0 + a win + a draw = 1½; round 2: 3's 1½. Buchholz 3, SB 0."""
    tournament = load_trf(CASES / "unplayed_rounds.trf")
    index = opposition_indices(tournament, 3, [1, 2, 3, 4, 5, 6], {})
    assert [index[n].buchholz for n in range(1, 7)] == [2, 2, F(3, 2), 1, 3, 3]
    assert [index[n].sonneborn_berger for n in range(1, 7)] == [
        F(1, 2),
        F(3, 2),
        1,
        0,
        F(3, 4),
        0,
    ]


def test_rounds_one_and_two_are_accelerated_by_default() -> None:
    """No acceleration named: four players took part in round 1's pairing (1, 2, 4, 5; 3
    asked for a bye, 6 was absent); the top half of them, 1 and 2, get a win's point in
    round 2 (and 1), nobody from round 3."""
    tournament = load_trf(CASES / "unplayed_rounds.trf")
    assert default_acceleration(tournament, 2) == {1: 1, 2: 1}
    assert default_acceleration(tournament, 3) == {}


def test_registered_under_its_trf_code() -> None:
    system = pairing_system("FIDE_BURSTEIN")
    assert system.family == "burstein"
    assert "bbpPairings" in system.note
    tournament = load_trf(CASES / "four_players_round_3.trf")
    assert pair_function("FIDE_BURSTEIN")(tournament, 3).as_engine_lines() == ["2", "4 1", "3 2"]


REFERENCE_FILES = sorted(DATA.glob("bbp_*.trf"))


@pytest.mark.parametrize("path", REFERENCE_FILES, ids=[p.stem for p in REFERENCE_FILES])
def test_every_round_of_a_bbppairings_file_is_reproduced(path: Path) -> None:
    """Files bbpPairings generated with --burstein: every round paired again as it did."""
    tournament = as_complete(load_trf(path))  # no round count: the file is complete
    assert check_tournament(tournament, pair_function("FIDE_BURSTEIN")) == []


OWN_FILES = sorted(DATA.glob("crosstable_*.trf"))


@pytest.mark.parametrize("path", OWN_FILES, ids=[p.stem for p in OWN_FILES])
def test_our_generated_files_are_the_ones_bbppairings_accepted(path: Path, tmp_path: Path) -> None:
    """The same seed and configuration give the file bbpPairings checked (its check table,
    kept beside the file, lists no pairing of its own under any round)."""
    players, rounds, seed = (int(part[1:]) for part in path.stem.split("_")[1:])
    config = tmp_path / "config.toml"
    config.write_text(
        f"players = {players}\nrounds = {rounds}\ndraw_rate = 0.3\nforfeit_rate = 0.03\n"
        'initial_colour = "white"\n'
    )
    output = tmp_path / "out.trf"
    assert (
        main(["engine", "--burstein", "-g", str(config), "-o", str(output), "-s", str(seed)]) == 0
    )
    made = [line for line in output.read_text().splitlines() if not line.startswith("###")]
    kept = [line for line in path.read_text().splitlines() if not line.startswith("###")]
    assert made == kept
    table = path.with_suffix(".bbp-check.txt").read_text().split()
    assert all(word in {path.stem + ":", "Round"} or word.startswith("#") for word in table)


@pytest.mark.skipif(
    not os.environ.get("BBPPAIRINGS"), reason="BBPPAIRINGS names no bbpPairings executable"
)
def test_fresh_tournaments_agree_with_bbppairings_both_ways(tmp_path: Path) -> None:
    """Three seeds of bench.burstein_bbp, run against the executable BBPPAIRINGS names: the
    command exits 0 only when no file differs either way."""
    executable = shutil.which(os.environ["BBPPAIRINGS"])
    assert executable is not None
    root = Path(__file__).parents[3]
    command = ["-m", "bench.burstein_bbp", "--count", "3", "--first", "900001"]
    done = subprocess.run(
        [sys.executable, *command, "--keep", str(tmp_path)],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "crosstable-generated" in done.stdout


def test_crosstable_check_pairs_a_burstein_file_by_burstein(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Record 192 (092 in bbpPairings' file) names FIDE_BURSTEIN: ``crosstable check``
    re-pairs it with the Burstein engine (the Dutch engine pairs its rounds otherwise)."""
    path = DATA / "bbp_p12_r6_s14.trf"
    assert main(["check", str(path)]) == 0
    assert "all 6 rounds reproduced" in capsys.readouterr().out


def test_a_group_whose_order_is_not_total_is_sorted_as_the_reference_sorts_it() -> None:
    """Seed 810 of bench.burstein_bbp, round 2: the floater 19 (1 point) joins the 0-point
    group. Across groups Buchholz is weighed by the score, 0 here, so 19 comes after 18 (by
    number) and before 34, while inside the group 34 (Buchholz 2) comes before 18 (1): no
    total order. Sorted as bbpPairings sorts, the group pairs 19-30, 29-18, 28-20 as its
    check table (kept beside the file) says; a plain sort paired 19-28, 30-18, 29-20."""
    tournament = load_trf(DATA / "seed810_round2_bbp_differs.trf")
    pairs = {frozenset((b.white, b.black)) for b in burstein.pair_round(tournament, 2).boards}
    assert {frozenset((19, 30)), frozenset((29, 18)), frozenset((28, 20))} <= pairs
    table = (DATA / "seed810_round2_bbp_differs.bbp-check.txt").read_text()
    assert "19 -  30" in table and "29 -  18" in table and "28 -  20" in table


def test_odd_fields_keep_the_bye_rules_by_an_independent_checker(tmp_path: Path) -> None:
    """bbpPairings aborts on every Burstein round with a pairing-allocated bye, so odd fields
    are checked against the rule text by ``bench.burstein_byes`` (written apart from the
    engine): eligibility, the lowest pairing score, round 1's last player, and the absolute
    criteria of the rest of the round. Twelve generated odd fields pass; the same checker
    finds the round-1 bye moved to another player."""
    from crosstable.formats.trf import read_trf
    from crosstable.model import ResultCode, RoundEntry
    from crosstable.pairing.burstein_audit import check_rounds

    for seed in range(1, 13):
        config = tmp_path / f"odd{seed}.toml"
        players, rounds = 5 + 2 * seed, 3 + seed % 5
        config.write_text(
            f"players = {players}\nrounds = {rounds}\ndraw_rate = 0.3\n"
            "forfeit_rate = 0.03\nhalf_point_bye_rate = 0.03\nwithdrawal_rate = 0.05\n"
            'late_entry_rate = 0.05\ninitial_colour = "random"\n',
            encoding="utf-8",
        )
        output = tmp_path / f"odd{seed}.trf"
        assert (
            main(["engine", "--burstein", "-g", str(config), "-o", str(output), "-s", str(seed)])
            == 0
        )
        tournament = read_trf(output.read_text(encoding="utf-8"))
        assert len(tournament.players) % 2 == 1
        assert check_rounds(tournament) == [], seed
    # An odd field without absences: round 1's bye goes to the last player, 9; given to
    # player 1 instead (9 takes 1's board), the audit says so.
    config = tmp_path / "plain.toml"
    config.write_text("players = 9\nrounds = 4\ndraw_rate = 0.3\n", encoding="utf-8")
    output = tmp_path / "plain.trf"
    assert main(["engine", "--burstein", "-g", str(config), "-o", str(output), "-s", "1"]) == 0
    tournament = read_trf(output.read_text(encoding="utf-8"))
    assert check_rounds(tournament) == []
    players = tournament.players
    bye = next(n for n, p in players.items() if p.rounds[0].result is ResultCode.PAIRING_BYE)
    first = players[1].rounds[0]
    assert first.opponent is not None
    opponent = first.opponent
    players[bye].set_entry(1, RoundEntry(opponent, first.colour, first.result))
    players[opponent].set_entry(
        1, RoundEntry(bye, players[opponent].rounds[0].colour, players[opponent].rounds[0].result)
    )
    players[1].set_entry(1, RoundEntry.absent(ResultCode.PAIRING_BYE))
    rules = [
        violation.rule for violation in check_rounds(tournament) if violation.round_number == 1
    ]
    assert any("round 1 bye to 1" in rule for rule in rules), rules
