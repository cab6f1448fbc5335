"""Real tournament files written by other programs (tests/data/real, sources in its README).

Every file is read; the standings command reports points fields that differ from the results
(and refuses them with --strict); each file the C++ reference engine (bbpPairings) accepts is
re-paired exactly as the reference re-paired it (its checker's output is kept as data in
tests/data/real/reference); and the tie-breaks agree with gacrux, FIDE's reference checker,
under the C.07 edition in force on the event's start date.

Documented differences of reading (docs/tiebreaks.md), the only ones allowed:
- gacrux, told nothing, ranks an event stopped early (20 of 21 announced rounds) as if the
  missing round were an unplayed round for everybody; crosstable ranks it on the rounds
  played, so gacrux is told the number of rounds (``-N``);
- gacrux reads the legacy half-point bye ``0000 - =`` as a played, rated draw against
  nobody: its Cut/Median modifiers then do not treat that round as voluntarily unplayed,
  and REP counts it. crosstable reads it as the half-point bye it is (as bbpPairings does).
"""

from __future__ import annotations

import datetime
import math
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "tiebreaks"))
from gacrux_oracle import as_fraction, gacrux_values

from crosstable.cli.main import main
from crosstable.formats.trf import load_trf, load_trf_checked
from crosstable.pairing import dutch
from crosstable.pairing.checker import as_complete, check_tournament
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable.tiebreaks.registry import evaluate
from crosstable.tiebreaks.unplayed import UnplayedRule, rule_in_force

REAL = Path(__file__).parents[1] / "data" / "real"
FILES = sorted(REAL.glob("*.trf"))
REFERENCE = {path.name.removesuffix(".bbp-check.txt"): path for path in REAL.glob("reference/*")}
DECLARED_POINTS_DIFFER = {"bunratty_masters_2011", "irish_junior_champs_2011"}
"""Files whose points fields include byes their round cells do not show (see the README)."""
TEAM_FILES = {"armstrong_2011"}
INDIVIDUAL = [path for path in FILES if path.stem not in DECLARED_POINTS_DIFFER | TEAM_FILES]

CODES = [
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "SB",
    "SB/C1",
    "PS",
    "KS",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "STD",
    "TPN",
    "AOB",
]
LEGACY_BYE_READING = {"BH/C1", "BH/C2", "BH/M1", "SB/C1", "ARO/C1", "REP", "AOB"}
"""Codes where gacrux's reading of ``0000 - =`` (a played draw) changes the value."""


def test_the_folder_holds_the_files_of_its_readme() -> None:
    readme = (REAL / "README.md").read_text(encoding="utf-8")
    assert len(FILES) >= 7
    for path in FILES:
        assert f"`{path.name}`" in readme, path.name
    assert set(REFERENCE) == {path.stem for path in INDIVIDUAL}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_every_real_file_is_read(path: Path) -> None:
    tournament, warnings = load_trf_checked(path)
    assert tournament.players and tournament.rounds_paired >= 5
    if path.stem in DECLARED_POINTS_DIFFER:
        assert warnings and all("points field" in str(warning) for warning in warnings)
    else:
        assert warnings == []
    if path.stem in TEAM_FILES:
        assert len(tournament.teams) == 12


def test_legacy_forms_are_read_with_the_reference_engines_meaning() -> None:
    gonzaga = load_trf(REAL / "gonzaga_classic_2008.trf")
    legacy_byes = [
        (player.pairing_number, round_number)
        for player in gonzaga
        for round_number, entry in enumerate(player.rounds, start=1)
        if entry.result.value == "H"
    ]
    assert legacy_byes == [(1, 1), (8, 1), (10, 4)]  # written 0000 - =
    assert [gonzaga.points(player) for player in gonzaga] == [
        player.declared_points for player in gonzaga
    ]
    exercises = load_trf(REAL / "fide_c07_exercises_swiss9.trf")
    entry = exercises.players[4].rounds[1]  # written "   0 - H"
    assert (entry.opponent, entry.result.value) == (None, "H")


def _reference_rounds(path: Path) -> dict[int, tuple[frozenset[tuple[int, int]], int | None]]:
    """{round: (the reference's pairs that differ from the file, its bye if it differs)}."""
    found: dict[int, tuple[frozenset[tuple[int, int]], int | None]] = {}
    round_number = 0
    pairs: set[tuple[int, int]] = set()
    bye: int | None = None
    for line in [*path.read_text().splitlines(), ": Round #0"]:
        heading = re.search(r": Round #(\d+)$", line)
        if heading:
            if pairs or bye is not None:
                found[round_number] = (frozenset(pairs), bye)
            round_number, pairs, bye = int(heading.group(1)), set(), None
            continue
        match = re.match(r"\s+(\d+) -\s+(\d+)\s+\d+ -\s+\d+\s*$", line)
        if match:
            white, black = int(match.group(1)), int(match.group(2))
            if black == 0:
                bye = white
            else:
                pairs.add((white, black))
        assert "No valid pairing" not in line
    return found


@pytest.mark.parametrize("path", INDIVIDUAL, ids=lambda path: path.stem)
def test_re_paired_exactly_as_the_reference_engine_re_pairs_it(path: Path) -> None:
    expected = _reference_rounds(REFERENCE[path.stem])
    differences = check_tournament(as_complete(load_trf(path)), dutch.pair_round)
    produced = {
        difference.round_number: (
            frozenset(difference.unexpected),
            difference.produced_bye if difference.produced_bye != difference.recorded_bye else None,
        )
        for difference in differences
    }
    assert produced == expected


def iso_dated(path: Path, start: datetime.date | None, folder: Path) -> Path:
    """``path``, or a copy of it whose record 042 is ``start`` in ISO form."""
    if start is None:
        return path
    data = path.read_bytes()
    lines = data.split(b"\n")
    lines = [
        b"042 " + start.isoformat().encode() if line.startswith(b"042") else line for line in lines
    ]
    copy = folder / path.name
    copy.write_bytes(b"\n".join(lines))
    return copy


def _legacy_bye_players(path: Path) -> set[int]:
    return {
        int(line[4:8])
        for line in path.read_text().splitlines()
        if line.startswith("001") and "0000 - =" in line
    }


@pytest.mark.slow
@pytest.mark.parametrize("path", INDIVIDUAL, ids=lambda path: path.stem)
def test_tiebreaks_agree_with_the_reference_checker(path: Path, tmp_path: Path) -> None:
    tournament = load_trf(path)
    rule = rule_in_force(tournament.start_day) or UnplayedRule.FIDE_2026
    ctx = IndividualContext.from_tournament(tournament, unplayed_rule=rule)
    # gacrux reads only ISO start dates (lichess writes "May 10, 2020"): it is given the day
    # this reader found, so that both apply the same edition of the rules.
    oracle = gacrux_values(
        iso_dated(path, tournament.start_day, tmp_path),
        CODES,
        extra=["-N", str(tournament.rounds_paired)],
    )
    legacy = _legacy_bye_players(path)
    differences = []
    for index, code in enumerate(CODES):
        values = evaluate(parse_descriptor(code), ctx).values
        assert values is not None
        for number, value in values.items():
            theirs = as_fraction(oracle[number][1][index])
            ours = value
            if code == "AOB" and isinstance(value, Fraction):
                places = 2 if ctx.rounds < 9 else 3 if ctx.rounds < 27 else 4
                ours = Fraction(math.floor(value * 10**places + Fraction(1, 2)), 10**places)
            if ours != theirs and not (number in legacy and code in LEGACY_BYE_READING):
                differences.append((code, number, ours, theirs))
    assert differences == []


@pytest.mark.parametrize("name", sorted(DECLARED_POINTS_DIFFER))
def test_standings_warn_and_strict_refuses_points_that_differ(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = REAL / f"{name}.trf"
    assert main(["standings", str(path), "--format", "csv"]) == 0
    captured = capsys.readouterr()
    assert "warning: points field of player" in captured.err
    assert captured.out.startswith("rank,number,name,points")
    assert main(["standings", str(path), "--strict"]) == 3
    captured = capsys.readouterr()
    assert captured.out == "" and "refused with --strict" in captured.err


def test_the_team_league_is_ranked_as_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(REAL / "armstrong_2011.trf"), "--format", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 1 + 12


def test_standings_use_the_tiebreak_rules_in_force_on_the_start_date(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = REAL / "fide_c07_exercises_swiss9.trf"  # 042 2024-08-01: the 2023 texts
    assert main(["standings", str(path), "--tiebreaks", "BH", "--format", "csv"]) == 0
    captured = capsys.readouterr()
    assert "before C.07 (2026) came into force" in captured.err
    dated = {row.split(",")[1]: row.split(",")[4] for row in captured.out.splitlines()[1:]}
    assert (
        main(
            [
                "standings",
                str(path),
                "--tiebreaks",
                "BH",
                "--format",
                "csv",
                "--unplayed-rule",
                "2026",
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert captured.err == ""
    current = {row.split(",")[1]: row.split(",")[4] for row in captured.out.splitlines()[1:]}
    # player 4's half-point bye: the 2023 dummy is uncapped, the 2026 one capped
    assert (dated["4"], current["4"]) == ("44.5", "43")
    assert rule_in_force(datetime.date(2026, 3, 1)) is UnplayedRule.FIDE_2026
    assert rule_in_force(datetime.date(2026, 2, 28)) is UnplayedRule.FIDE_2023
    assert rule_in_force(None) is None
