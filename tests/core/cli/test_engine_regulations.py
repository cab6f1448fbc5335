"""``crosstable engine -p/-c --regulations``: the section's withdrawal after forfeits
(``forfeits_to_withdraw``, docs/regulations.md) applied by the command line as by the web app,
said on standard error; without ``--regulations`` the FIDE engines' behaviour, unchanged.

The file and both pairings of round 3 are worked by hand below (C.04.3 2026; forfeits are
neither meetings nor colours, C.04.2 Art. 3.5).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crosstable.cli import engine
from crosstable.cli.main import main

# Six players, 5 rounds, 2 played; 6 did not turn up in rounds 1 and 2 (forfeits).
#   R1: 1-4 1-0, 5-2 0-1, 3-6 +/- ;  R2: 2-1 0-1, 4-3 0-1, 6-5 -/+
# After round 2 (points; games played, colours):
#   1: 2, met 4 (W) 2 (B) -> mild White    3: 2, met 4 (B) -> strong White
#   2: 1, met 5 (B) 1 (W) -> mild Black    5: 1, met 2 (W) -> strong Black; forfeit win
#   4: 0, met 1 (B) 3 (W) -> mild Black    6: 0, met nobody; two forfeits
TRF = (
    "\n".join(
        [
            "012 Forfeits",
            "142 5",
            "001    1      Player 1                          2000                             2.0"
            "          4 w 1     2 b 1",
            "001    2      Player 2                          1900                             1.0"
            "          5 b 1     1 w 0",
            "001    3      Player 3                          1800                             2.0"
            "          6 w +     4 b 1",
            "001    4      Player 4                          1700                             0.0"
            "          1 b 0     3 w 0",
            "001    5      Player 5                          1600                             1.0"
            "          2 w 0     6 b +",
            "001    6      Player 6                          1500                             0.0"
            "          3 b -     5 w -",
        ]
    )
    + "\n"
)

# Without the rule, six players: {1, 3} pair (3 White, the strong preference); 2 and 5 met
# in round 1, so both float to {4, 6}: 2-4 and 5-6 (a forfeit is no meeting) break one mild
# preference as 2-6 and 5-4 do, so the first in order stands; 2 (higher score) keeps Black.
WITHOUT_RULE = "3\n3 1\n4 2\n6 5\n"

# With it, 6 is withdrawn after round 2: five players and a bye. 3 and 5 won by forfeit, so
# may not take it (C.04.1 Art. 4); [C5] gives it at the lowest score possible: 4 (0 points).
# Then {1, 2, 3, 5}: 1-2 and 2-5 met, so 1-5 and 3-2 is the only pairing; 1 and 3 White.
WITH_RULE = "3\n1 5\n3 2\n4 0\n"

REGULATIONS = """\
[event]
name = "Forfeits"
game = "chess"

[[sections]]
key = "open"
name = "Open"
rounds = 5
pairing = {{ system = "{system}" }}
{extra}
"""


def regulations(
    tmp_path: Path, extra: str = "forfeits_to_withdraw = 2", system: str = "FIDE_DUTCH_2026"
) -> str:
    path = tmp_path / "rules.toml"
    path.write_text(REGULATIONS.format(extra=extra, system=system), encoding="utf-8")
    return str(path)


@pytest.fixture
def trf(tmp_path: Path) -> str:
    path = tmp_path / "forfeits.trf"
    path.write_text(TRF, encoding="utf-8")
    return str(path)


def test_without_regulations_the_player_with_two_forfeits_is_paired(
    trf: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["engine", "--dutch", trf, "-p"]) == engine.EXIT_OK
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == (WITHOUT_RULE, "")


def test_the_regulations_withdraw_the_player_and_say_so(
    trf: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = regulations(tmp_path)
    assert main(["engine", "--dutch", trf, "-p", "--regulations", rules]) == engine.EXIT_OK
    captured = capsys.readouterr()
    assert captured.out == WITH_RULE
    assert captured.err == (
        "crosstable engine: withdrew 6 Player 6: forfeits in rounds 1, 2; "
        f"{rules} section open: forfeits_to_withdraw = 2, not paired after round 2\n"
    )
    written = tmp_path / "pairs.txt"
    args = ["engine", "--dutch", trf, "-p", str(written), "--regulations", rules]
    assert main([*args, "--section", "open"]) == engine.EXIT_OK
    assert written.read_text() == WITH_RULE
    assert "withdrew 6 Player 6" in capsys.readouterr().err


def test_a_section_without_the_rule_pairs_everybody(
    trf: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = regulations(tmp_path, extra="forfeits_to_withdraw = 3")
    assert main(["engine", "--dutch", trf, "-p", "--regulations", rules]) == engine.EXIT_OK
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == (WITHOUT_RULE, "")


def test_the_check_re_pairs_under_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 3 as paired without the rule (6 plays 5): reproduced by the plain check, a
    difference under the regulations, which would have withdrawn 6. (Round 2 of the hand-made
    file is not the engine's own either way: it paired 3, a forfeit winner who met nobody
    in round 1, in the 1-point group.)"""
    played = {1: "3 b 0", 2: "4 b 1", 3: "1 w 1", 4: "2 w 0", 5: "6 b 1", 6: "5 w 0"}
    lines = [
        f"{line}     {played[int(line[4:8])]}" if line.startswith("001") else line
        for line in TRF.splitlines()
    ]
    path = tmp_path / "three.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert (
        main(["engine", "--dutch", str(path), "-c", "--format", "crosstable"])
        == engine.EXIT_NO_VALID_PAIRING
    )
    captured = capsys.readouterr()
    assert "1 of 3 rounds differ" in captured.out and "round 3:" not in captured.out
    assert captured.err == ""
    rules = regulations(tmp_path)
    status = main(
        ["engine", "--dutch", str(path), "-c", "--format", "crosstable", "--regulations", rules]
    )
    assert status == engine.EXIT_NO_VALID_PAIRING
    captured = capsys.readouterr()
    assert "round 3: recorded 3-1 4-2 6-5 produced 1-5 3-2" in captured.out
    assert "2 of 3 rounds differ" in captured.out
    assert "withdrew 6 Player 6: forfeits in rounds 1, 2" in captured.err


@pytest.mark.parametrize(
    ("make", "section", "status", "message"),
    [
        (lambda tmp: str(tmp / "absent.toml"), None, 5, "absent.toml: no such file"),
        (lambda tmp: regulations(tmp, extra="forfeits_to_withdraw = 0"), None, 3, "rules.toml"),
        (lambda tmp: regulations(tmp), "nope", 3, "--section nope: not in the file: open"),
        (lambda tmp: regulations(tmp, system="XIANGQI_SWISS"), None, 3, "not the FIDE (Dutch)"),
    ],
    ids=["missing file", "bad value", "unknown section", "not Dutch"],
)
def test_a_regulations_file_that_does_not_serve_is_one_line(
    trf: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: object,
    section: str | None,
    status: int,
    message: str,
) -> None:
    rules = make(tmp_path)  # type: ignore[operator]
    args = ["engine", "--dutch", trf, "-p", "--regulations", rules]
    assert main([*args, *(["--section", section] if section else [])]) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith("crosstable engine: ") and message in line
    assert "Traceback" not in captured.err


def test_regulations_go_with_pairing_and_checking_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = regulations(tmp_path)
    out = str(tmp_path / "g.trf")
    for argv, message in (
        (["-g", "-o", out, "--regulations", rules], "--regulations and --section go with -p"),
        (["x.trf", "-p", "--section", "open"], "--section goes with --regulations"),
    ):
        with pytest.raises(SystemExit) as exit_:  # a usage error, as the engine's others
            main(["engine", "--dutch", *argv])
        assert exit_.value.code == engine.EXIT_INVALID_INPUT
        assert message in capsys.readouterr().err
