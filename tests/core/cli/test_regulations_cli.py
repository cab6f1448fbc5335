"""``crosstable regulations``: summary of valid files, exit status 3 and one line on errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosstable.cli.main import main
from crosstable.regulations import load_regulations

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_summarises_every_example(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(path) for path in EXAMPLES.glob("*.toml"))
    assert len(files) == 5
    assert main(["regulations", *files]) == 0
    out = capsys.readouterr().out
    assert "  D: D组：十、十一级棋士组; chess; 5 rounds; FIDE_DUTCH_2026" in out
    assert "fee: 720000 IRT per team; discounts: county_league_1st 100%" in out
    assert "rounds not set" in out  # Kinabatangan leaves the rounds to the arbiter
    # Every local rule of the examples is applied (Dutch LocalRules, the xiangqi options) and
    # team events run in the web app: no example has a gap left.
    assert "not yet supported" not in out


def test_invalid_file_exit_status_and_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[event]\nname = "x"\ngame = "go"\n', encoding="utf-8")
    assert main(["regulations", str(bad)]) == 3
    err = capsys.readouterr().err
    assert err == f'error: {bad}: event.game: expected one of "chess", "xiangqi", got "go"\n'


def test_every_gap_is_announced_in_the_example_file() -> None:
    for path in EXAMPLES.glob("*.toml"):
        regulations = load_regulations(path)
        if regulations.unsupported:
            assert "NOT YET SUPPORTED" in path.read_text(encoding="utf-8"), path.name


def test_a_rule_no_engine_applies_is_printed_as_a_gap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 1 by lot is an option of the xiangqi Swiss only: a Dutch section asking for it
    # loads, and the summary says the engine will not apply it.
    path = tmp_path / "lot.toml"
    path.write_text(
        '[event]\nname = "Lot"\ngame = "chess"\n\n[[sections]]\nkey = "open"\nname = "Open"\n'
        'rounds = 5\npairing = { system = "FIDE_DUTCH_2026", round_one = "halves_by_lot" }\n',
        encoding="utf-8",
    )
    assert main(["regulations", str(path)]) == 0
    out = capsys.readouterr().out
    assert "  not yet supported by the engine:" in out
    assert "sections[0].pairing.round_one: round 1 by lot: only the xiangqi Swiss draws it" in out
