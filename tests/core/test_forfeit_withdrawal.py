"""Withdrawal after forfeits with the results cancelled (Futian grade tournament 九.5:
"累计弃权两轮则取消成绩，按照自动退出比赛处理"): the player is withdrawn after the second
forfeit, not ranked and given no prize; the games stand for the opponents. Through the core
and the ``crosstable standings --regulations`` command, with the seed's own regulations file.

Every figure is worked by hand from the grid below.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "tiebreaks"))

from tiebreak_builders import tournament

from crosstable.cli.main import main
from crosstable.forfeit_withdrawal import (
    ForfeitRule,
    apply_withdrawals,
    results_cancelled,
    withdrawal_round,
)
from crosstable.formats.trf import write_trf
from crosstable.regulations import RegulationsError, load_regulations, parse_regulations
from crosstable.standings import StandingsRules, compute_standings, cross_table

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FUTIAN = EXAMPLES / "futian-chess-grade-2019.toml"

# Six players, three rounds; 6 does not turn up in rounds 1 and 2 (forfeits), so is withdrawn
# after round 2 and absent (Z) in round 3.
#   R1: 1-4 1-0, 2-5 1-0, 3-6 +/- (forfeit)
#   R2: 2-1 0-1, 5-3 1-0, 4-6 +/- (forfeit)
#   R3: 3-1 0-1, 4-2 0-1, 5 pairing bye, 6 Z
# Points: 1: 3, 2: 2, 5: 2, 3: 1, 4: 1, 6: 0.
GRID = {
    1: ["4w1", "2b1", "3b1"],
    2: ["5w1", "1w0", "4b1"],
    3: ["6w+", "5b0", "1w0"],
    4: ["1b0", "6w+", "2w0"],
    5: ["2b0", "3w1", "U"],
    6: ["3b-", "4b-", "Z"],
}
WITHDRAWN = 6


def test_the_second_forfeit_withdraws_after_its_round() -> None:
    event = tournament(GRID)
    rule = ForfeitRule(2, cancels_results=True)
    assert withdrawal_round(event.players[6], rule) == 2
    assert withdrawal_round(event.players[6], rule, up_to_round=1) is None  # one forfeit
    assert withdrawal_round(event.players[3], rule) is None  # a forfeit won is no forfeit
    assert results_cancelled(event, rule) == {6}
    assert results_cancelled(event, rule, up_to_round=1) == frozenset()
    assert results_cancelled(event, ForfeitRule(2)) == frozenset()  # withdrawn, still ranked
    assert apply_withdrawals(event, rule) == {6: 2}
    assert event.players[6].withdrawn_after_round == 2


def test_an_earlier_withdrawal_by_the_arbiter_is_kept() -> None:
    event = tournament(GRID)
    event.players[6].withdrawn_after_round = 1
    assert apply_withdrawals(event, ForfeitRule(2, cancels_results=True)) == {}
    assert event.players[6].withdrawn_after_round == 1


def test_cancelled_results_leave_the_player_out_of_the_ranking() -> None:
    event = tournament(GRID)
    rules = StandingsRules.from_text("BH,OTHER_LJF", forfeit_rule=ForfeitRule(2, True))
    standings = compute_standings(event, rules)
    # 2 and 5 on 2 points: BH 2 = 5 (2) + 1 (3) + 4 (1) = 6; BH 5 = 2 (2) + 3 (1) + its own
    # pairing bye, a dummy of its own 2 points capped at ½ × 3 rounds = 1½: 4½ -> 2 before 5.
    # 3 and 4 on 1 point: BH 3 = 6 (a forfeit: dummy capped at 6's ½ -- round 3 after the
    # withdrawal counts as a draw) ½ + 5 (2) + 1 (3) = 5½; BH 4 = 1 (3) + ½ + 2 (2) = 5½;
    # progressive 3: 1+1+1 = 3, 4: 0+1+1 = 2 -> 3 before 4.
    assert [(row.place, row.number, row.points) for row in standings.rows] == [
        ("1", 1, 3),
        ("2", 2, 2),
        ("3", 5, 2),
        ("4", 3, 1),
        ("5", 4, 1),
    ]
    # BH 1 = 4 (1) + 2 (2) + 3 (1) = 4
    assert [row.values[0] for row in standings.rows] == [
        4,
        6,
        Fraction(9, 2),
        Fraction(11, 2),
        Fraction(11, 2),
    ]
    (withdrawn,) = standings.unranked
    assert (withdrawn.number, withdrawn.cancelled, withdrawn.house, withdrawn.place) == (
        6,
        True,
        False,
        "",
    )
    assert WITHDRAWN not in standings.ranks()
    # the games stand for the opponents: 3 and 4 keep their forfeit wins
    assert standings.row(3).points == 1 and standings.row(4).points == 1
    # the cross-table keeps 6's line, last and numbered on in brackets
    table = cross_table(event, standings)
    assert [row.place for row, _ in table][-1] == "(6)"
    assert table[3][1][0] == "6w+"  # player 3's round 1: against the line "(6)"


def test_without_the_rule_the_withdrawn_player_is_ranked_last() -> None:
    standings = compute_standings(tournament(GRID), StandingsRules.from_text("BH,OTHER_LJF"))
    assert [row.number for row in standings.rows][-1] == WITHDRAWN
    assert standings.unranked == ()


def test_the_futian_regulations_cancel_the_results() -> None:
    section = load_regulations(FUTIAN).section("A")
    assert (section.forfeits_to_withdraw, section.forfeits_cancel_results) == (2, True)
    rules = StandingsRules.from_regulations(section, lots_seed="x")
    assert rules.forfeit_rule == ForfeitRule(2, cancels_results=True)
    assert [str(spec) for spec in rules.tiebreaks] == ["OTHER_OS", "OTHER_LJF"]  # 001: 对手分


def test_cancelling_results_needs_a_forfeit_limit() -> None:
    text = (FUTIAN.read_text(encoding="utf-8")).replace(
        "forfeits_to_withdraw = 2", "# no limit here"
    )
    with pytest.raises(RegulationsError, match=r"forfeits_cancel_results.*forfeits_to_withdraw"):
        parse_regulations(text, "futian.toml")


def test_the_standings_command_applies_the_regulations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "futian-A.trf"
    path.write_text(write_trf(tournament(GRID)), encoding="utf-8")
    args = ["standings", str(path), "--regulations", str(FUTIAN), "--section", "A"]
    assert main([*args, "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["tiebreaks"] == ["OTHER_OS", "OTHER_LJF"]
    assert [row["number"] for row in document["standings"]] == [1, 2, 5, 3, 4]
    assert [row["number"] for row in document["results_cancelled"]] == [6]
    assert document["house_players"] == []
    assert main([*args, "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].split(",")[:2] == ["cancelled", "6"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Results cancelled (withdrawn after forfeits; not ranked, no prize): 6 Player 6" in out


def test_the_standings_command_asks_which_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "futian.trf"
    path.write_text(write_trf(tournament(GRID)), encoding="utf-8")
    assert main(["standings", str(path), "--regulations", str(FUTIAN)]) == 3
    assert "--section: give one of A, B, C, D, E, F, G" in capsys.readouterr().err
    assert main(["standings", str(path), "--regulations", str(FUTIAN), "--tiebreaks", "BH"]) == 3
    assert "leave out --tiebreaks" in capsys.readouterr().err


def test_the_standings_command_names_its_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "plain.trf"
    path.write_text(write_trf(tournament(GRID)), encoding="utf-8")
    assert main(["standings", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tie-breaks: none given") and "default BH/C1,BH,SB,DE" in out


def test_a_regulation_without_tiebreaks_ranks_on_points_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Futian youth names no tie-breaks: equal points share the place (no default list)."""
    youth = load_regulations(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    rules = StandingsRules.from_regulations(youth.section("ch-K"), lots_seed="x")
    assert rules.tiebreaks == () and rules.lots_seed is None
    standings = compute_standings(tournament(GRID), rules)
    assert [(row.place, row.number) for row in standings.rows] == [
        ("1", 1),
        ("2-3", 2),
        ("2-3", 5),
        ("4-5", 3),
        ("4-5", 4),
        ("6", 6),
    ]
