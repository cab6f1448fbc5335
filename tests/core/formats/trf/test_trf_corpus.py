"""Every file of the shared conformance corpus reads, and its points fields add up.

The corpus was written by other programs (bbpPairings, gacrux), so its points fields are an
independent check of how we map 162 / result codes to points.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crosstable.formats.trf import load_trf, load_trf_checked, read_trf, write_trf
from crosstable.model import Colour, ResultCode

CORPUS = Path(os.environ["CROSSTABLE_CORPUS"])
FILES = sorted(CORPUS.glob("**/*.trf"))

pytestmark = pytest.mark.skipif(not FILES, reason=f"no corpus at {CORPUS}")


def _id(path: Path) -> str:
    return str(path.relative_to(CORPUS))


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=_id)
def test_corpus_file_reads_adds_up_and_round_trips(path: Path) -> None:
    tournament, problems = load_trf_checked(path)
    assert problems == []
    assert tournament.players
    assert tournament.total_rounds is not None
    assert tournament.rounds_recorded <= tournament.total_rounds
    for player in tournament:
        assert player.declared_points is not None
        assert tournament.points(player) == player.declared_points, player.pairing_number
        assert len(player.rounds) == tournament.rounds_recorded
    for dialect in ("2026", "16"):
        assert read_trf(write_trf(tournament, dialect), f"{path}:{dialect}") == tournament


@pytest.mark.parametrize("path", FILES[::25], ids=_id)
def test_written_records_are_column_exact(path: Path) -> None:
    """001, 310 and 240 lines come out exactly as the reference programs wrote them."""
    original = [line.rstrip() for line in path.read_text().splitlines()]
    written = write_trf(load_trf(path), "2026").splitlines()
    for code in ("001", "310", "240"):
        assert [line for line in written if line.startswith(code)] == [
            line for line in original if line.startswith(code)
        ]


def test_corpus_has_every_family() -> None:
    families = {path.parent.name for path in FILES}
    assert {"basic", "points", "withdraw", "typea", "typeb", "nocolor"} <= families


def test_points_family_uses_non_standard_systems() -> None:
    """The 'points' family really exercises the mapping (else the test above proves little)."""
    systems = set()
    for path in sorted((CORPUS / "dutch" / "points").glob("*.trf")):
        tournament, _ = load_trf_checked(path)
        systems.add(tournament.scoring)
        assert not tournament.scoring.is_standard
    assert len(systems) >= 5


def test_withdraw_family_states_initial_colour() -> None:
    colours = []
    for path in sorted((CORPUS / "dutch" / "withdraw").glob("*.trf")):
        tournament, _ = load_trf_checked(path)
        colours.append(tournament.initial_colour)
    assert None not in colours
    assert set(colours) == {Colour.WHITE, Colour.BLACK}


def test_team_files_have_teams_and_blank_cells_are_unplayed() -> None:
    path = CORPUS / "team" / "typea" / "typea_mpgp_mp210_t008_b6_r07_ff_abs_pabwin_s1195.trf"
    tournament, _ = load_trf_checked(path)
    assert tournament.teams
    members = [number for team in tournament.teams for number in team.members]
    assert sorted(members) == sorted(tournament.players)
    results = {entry.result for player in tournament for entry in player.rounds}
    assert ResultCode.UNPLAYED in results
