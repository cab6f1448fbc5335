"""C.04.6 conformance: rounds paired by FIDE's reference engine (gacrux) are reproduced.

- the golden files in cases/team_swiss (one per colour type, with forfeits, absences and
  byes valued as a won match): every round, same matches, first-named teams and bye;
- a sample of the shared team corpus (all three colour types, every score option): every
  round of every sampled file (the whole corpus: ``scripts/check-team-corpus``);
- all twelve variants on the golden histories against gacrux run in-process (histories made
  under another variant, so the engine is asked questions the corpus never asked it), board
  order included.
"""

from __future__ import annotations

import os
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from gacrux_team_pairing_oracle import gacrux_team_pairing

from crosstable.formats.trf import load_trf, save_trf
from crosstable.model import Colour, Player, ResultCode, RoundEntry, Team, Tournament
from crosstable.model.team_records import MatchPointSystem, TeamEventRecords
from crosstable.pairing.team_swiss import pair_team_round
from crosstable.pairing.team_swiss_check import check_team_tournament

CASES = Path(__file__).parent / "cases" / "team_swiss"
GOLDEN = sorted(CASES.glob("*.trf"))
CORPUS = Path(os.environ["CROSSTABLE_CORPUS"]) / "team"
SAMPLE_EVERY = 1
"""Every file of each colour type with at most 40 teams: the 30 files of the sample in
tests/data/corpus (every 4th of the shared corpus), a few seconds."""


def _sample() -> list[Path]:
    chosen: list[Path] = []
    for kind in ("typea", "typeb", "nocolor"):
        files = [
            path
            for path in sorted((CORPUS / kind).glob("*.trf"))
            if int(re.search(r"_t(\d+)_", path.name).group(1)) <= 40  # type: ignore[union-attr]
        ]
        chosen.extend(files[::SAMPLE_EVERY])
    return chosen


SAMPLE = _sample()
VARIANTS = [
    f"{colour}-{scores}"
    for colour in ("typea", "typeb", "nocolor")
    for scores in ("mp+gp", "gp+mp", "mp", "gp")
]


def _assert_every_round_agrees(path: Path) -> None:
    checks = check_team_tournament(load_trf(path))
    assert checks, path.name
    differences = [line for check in checks for line in check.differences()]
    assert differences == [], path.name


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.stem)
def test_golden_file_every_round(path: Path) -> None:
    _assert_every_round_agrees(path)


def test_golden_files_cover_the_three_colour_types() -> None:
    kinds = {path.name.split("_")[0] for path in GOLDEN}
    assert kinds == {"typea", "typeb", "nocolor"}


@pytest.mark.skipif(not SAMPLE, reason=f"no team corpus at {CORPUS}")
@pytest.mark.parametrize("path", SAMPLE, ids=lambda path: path.stem)
def test_corpus_sample_every_round(path: Path) -> None:
    _assert_every_round_agrees(path)


@pytest.mark.skipif(not SAMPLE, reason=f"no team corpus at {CORPUS}")
def test_corpus_sample_covers_every_score_option() -> None:
    scores = {path.name.split("_")[1] for path in SAMPLE}
    assert scores == {"mp", "gp", "mpgp", "gpmp"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_variant_matches_the_reference_on_other_histories(variant: str) -> None:
    pytest.importorskip("gacrux")
    index = VARIANTS.index(variant)
    path = GOLDEN[index % len(GOLDEN)]
    tournament = load_trf(path)
    assert tournament.total_rounds is not None
    round_number = 2 + index % (tournament.total_rounds - 1)
    ours = pair_team_round(tournament, round_number, variant).as_engine_lines()
    assert ours == gacrux_team_pairing(path, round_number, variant)


def _league(teams: int, rounds: int, seed: int, variant: str) -> Tournament:
    """Four-board league paired round by round by our engine, seeded random board results."""
    rng = random.Random(seed)
    code = {"typeb-gp+mp": "FIDE_TEAM_TYPEB_GP_MP", "nocolor-gp": "FIDE_TEAM_GP"}[variant]
    league = Tournament(total_rounds=rounds, system_code=code, initial_colour=Colour.WHITE)
    for number in range(1, teams + 1):
        members = list(range(4 * number - 3, 4 * number + 1))
        league.teams.append(Team(number, f"Team {number}", members))
        for member in members:
            league.add_player(Player(member, f"Player {member}"))
    records = TeamEventRecords("WBWB", 4, MatchPointSystem(), Fraction(1), Fraction(2))
    league.team_records = records
    for round_number in range(1, rounds + 1):
        pairing = pair_team_round(league, round_number)
        if pairing.bye is not None:
            records.bye_teams[round_number] = pairing.bye
        for match in pairing.boards:
            for board in range(4):
                home, away = 4 * match.first - 3 + board, 4 * match.second - 3 + board
                colour = Colour.WHITE if board % 2 == 0 else Colour.BLACK
                result = rng.choice("10=")
                opposite = {"1": "0", "0": "1", "=": "="}[result]
                league.players[home].set_entry(
                    round_number, RoundEntry(away, colour, ResultCode(result))
                )
                league.players[away].set_entry(
                    round_number, RoundEntry(home, colour.opposite, ResultCode(opposite))
                )
    return league


@pytest.mark.parametrize(("variant", "seed"), [("typeb-gp+mp", 21), ("nocolor-gp", 22)])
def test_simulated_league_matches_the_reference(variant: str, seed: int, tmp_path: Path) -> None:
    # A league our engine paired (game points primary: many small scoregroups), written as
    # TRF and every round re-paired by gacrux, board order included.
    pytest.importorskip("gacrux")
    path = tmp_path / "league.trf"
    save_trf(_league(17, 7, seed, variant), path)
    reread = load_trf(path)
    for round_number in range(1, 8):
        ours = pair_team_round(reread, round_number).as_engine_lines()
        assert ours == gacrux_team_pairing(path, round_number, variant), round_number
