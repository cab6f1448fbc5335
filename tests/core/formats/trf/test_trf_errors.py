"""Malformed TRF input: a TrfError naming line and column, never another exception."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crosstable.formats.trf import TrfError, load_trf, read_trf, read_trf_checked


def player(number: int, points: str, *cells: str, name: str = "") -> str:
    """A 001 line assembled by hand: columns per TRF16 (cells start at column 92)."""
    name = name or f"Player {number}"
    head = f"001 {number:>4}      {name:<33} 2000 FID {'':>11} {'':<10} {points:>4} {'':>4}  "
    assert len(head) == 91
    return head + "  ".join(cells)


GOOD = [
    "012 Good",
    "XXR 3",
    player(1, "1.5", "   2 w 1", "   3 b ="),
    player(2, "1.0", "   1 b 0", "0000 - U"),
    player(3, "0.5", "0000 - Z", "   1 w ="),
]


def read(lines: list[str], source: str = "game.trf") -> TrfError:
    with pytest.raises(TrfError) as caught:
        read_trf("\n".join(lines) + "\n", source)
    return caught.value


def test_the_good_file_reads() -> None:
    tournament = read_trf("\n".join(GOOD))
    assert [tournament.points(p) for p in tournament] == [p.declared_points for p in tournament]


def test_unknown_result_code_message_names_line_and_column() -> None:
    lines = [*GOOD[:2], player(1, "1.5", "   2 w Q", "   3 b ="), *GOOD[3:]]
    error = read(lines)
    assert str(error) == (
        "game.trf line 3, column 99: result code 'Q' is not one of 1 = 0 + - W D L H F U Z"
    )
    assert (error.source, error.line, error.column) == ("game.trf", 3, 99)
    assert error.text == lines[2]
    assert error.expected == "1 = 0 + - W D L H F U Z"
    assert isinstance(error, ValueError)


@pytest.mark.parametrize(
    ("lines", "line", "column", "words"),
    [
        pytest.param(
            [*GOOD[:2], GOOD[2].replace("001    1", "001   x1"), *GOOD[3:]],
            3,
            7,
            "pairing number 'x1'",
            id="bad-pairing-number",
        ),
        pytest.param(
            [*GOOD, player(2, "0.0", "", name="Again")],
            6,
            8,
            "pairing number 2 is used twice",
            id="duplicate-player",
        ),
        pytest.param(
            [*GOOD[:2], player(1, "1.5", "   9 w 1", "   3 b ="), *GOOD[3:]],
            3,
            95,
            "opponent 9 of player 1 does not exist",
            id="opponent-does-not-exist",
        ),
        pytest.param(
            [*GOOD[:3], player(2, "1.0", "0000 - Z", "0000 - U"), GOOD[4]],
            3,
            95,
            "player 1 lists 2 as round 1 opponent, but player 2 lists nobody",
            id="asymmetric-pairing",
        ),
        pytest.param(
            [*GOOD[:3], player(2, "1.0", "   1 w 0", "0000 - U"), GOOD[4]],
            3,
            97,
            "players 1 and 2 both have white in round 1",
            id="both-white",
        ),
        pytest.param(
            [*GOOD[:3], player(2, "2.0", "   1 b 1", "0000 - U"), GOOD[4]],
            3,
            99,
            "player 1 has '1', opponent 2 has '1'",
            id="both-won",
        ),
        pytest.param(
            [*GOOD[:2], player(1, "1,5", "   2 w 1", "   3 b ="), *GOOD[3:]],
            3,
            82,
            "points '1,5' is not a number",
            id="points-not-a-number",
        ),
        pytest.param(
            [*GOOD[:2], GOOD[2][:91] + " " + GOOD[2][91:], *GOOD[3:]],
            3,
            96,
            "round 1 cell is misaligned",
            id="round-cell-shifted",
        ),
        pytest.param(
            [*GOOD, "240 Z 003    7"],
            6,
            None,
            "bye for round 3 names 7, who is not a player",
            id="240-unknown-player",
        ),
        pytest.param(
            [*GOOD[:3], player(2, "1.0", "   1 b 0", "   3 - U"), GOOD[4]],
            4,
            102,
            "result 'U' is a bye, but round 2 names opponent 3",
            id="bye-with-opponent",
        ),
        pytest.param(
            [*GOOD[:2], player(1, "1.5", "   2 - 1", "   3 b ="), *GOOD[3:]],
            3,
            97,
            "played game, but has no colour",
            id="played-without-colour",
        ),
        pytest.param(
            [*GOOD[:2], player(1, "1.5", "   2 x 1", "   3 b ="), *GOOD[3:]],
            3,
            97,
            "colour 'x' is not one of w b -",
            id="bad-colour",
        ),
        pytest.param(
            ["XXR three", *GOOD[2:]],
            1,
            5,
            "number of rounds 'three'",
            id="xxr-not-a-number",
        ),
        pytest.param(
            [*GOOD, "142 4"],
            6,
            5,
            "4 rounds contradicts line 2, which says 3",
            id="142-contradicts-xxr",
        ),
        pytest.param(
            [*GOOD, "162  Q 2.0"],
            6,
            6,
            "162 symbol 'Q' is not one of W D L A P X",
            id="162-bad-symbol",
        ),
        pytest.param(
            [*GOOD, "162  W two"],
            6,
            7,
            "162 points for W 'two' is not a number",
            id="162-bad-points",
        ),
        pytest.param(
            [*GOOD, "XXS W=1 Q=3"],
            6,
            9,
            "XXS item 'Q=3'",
            id="xxs-bad-code",
        ),
        pytest.param(
            [*GOOD, "250" + " " * 7 + "1.0 003 001    1    2"],
            6,
            19,
            "250 last round 1 is before first",
            id="250-rounds-reversed",
        ),
        pytest.param(
            [*GOOD, "260 001 003    1 abcd"],
            6,
            18,
            "260 player 'abcd'",
            id="260-bad-player",
        ),
        pytest.param(
            [*GOOD, "XXP 1 4"],
            6,
            None,
            "prohibited pairing names 4, who is not a player",
            id="xxp-unknown-player",
        ),
        pytest.param(
            [*GOOD, "152 red"],
            6,
            5,
            "initial colour 'red' is not W or B",
            id="152-bad-colour",
        ),
        pytest.param(
            [*GOOD, "310   1 Team A" + " " * 59 + "   1    9"],
            6,
            None,
            "team 1 lists member 9, who is not a player",
            id="team-unknown-member",
        ),
    ],
)
def test_malformed_input(lines: list[str], line: int, column: int | None, words: str) -> None:
    error = read(lines)
    assert words in str(error)
    assert (error.line, error.column) == (line, column)
    assert str(error).startswith(f"game.trf line {line}")


def test_colour_dependent_win_is_refused() -> None:
    error = read([*GOOD, "XXS WW=1 BW=2"])
    assert "only draws may depend on the colour" in str(error)
    assert (error.line, error.column) == (6, 5)


def test_points_that_do_not_add_up_are_a_warning_not_an_error() -> None:
    lines = [*GOOD[:2], player(1, "2.5", "   2 w 1", "   3 b ="), *GOOD[3:]]
    tournament, problems = read_trf_checked("\n".join(lines), "game.trf")
    assert tournament.players[1].declared_points == 2.5
    [problem] = problems
    assert problem.severity == "warning"
    assert (problem.line, problem.column) == (3, 81)
    assert str(problem) == (
        "game.trf line 3, column 81: warning: points field of player 1 says 2.5, but the "
        "results add up to 1.5"
    )


def test_one_sided_forfeit_is_a_warning() -> None:
    """A forfeit win against a player recorded as absent: bbpPairings accepts it too."""
    lines = [
        *GOOD[:2],
        player(1, "1.5", "   2 w +", "   3 b ="),
        player(2, "1.0", "0000 - Z", "0000 - U"),
        GOOD[4],
    ]
    tournament, problems = read_trf_checked("\n".join(lines))
    assert [(p.severity, p.line, p.message) for p in problems] == [
        ("warning", 3, "player 1 lists 2 as round 1 opponent, but player 2 lists nobody")
    ]
    assert tournament.players[1].rounds[0].opponent == 2


def test_bye_for_a_player_who_played_that_round_is_a_warning() -> None:
    _, problems = read_trf_checked("\n".join([*GOOD, "240 H 002    1"]))
    assert [(p.severity, p.line, p.message) for p in problems] == [
        ("warning", 6, "bye for round 2 names player 1, who has an opponent in that round (3)")
    ]


def test_two_pairing_byes_in_a_round_are_a_warning() -> None:
    lines = [
        "XXR 1",
        player(1, "1.0", "0000 - U"),
        player(2, "1.0", "0000 - U"),
    ]
    _, problems = read_trf_checked("\n".join(lines))
    assert [problem.message for problem in problems] == ["2 pairing-allocated byes (U) in round 1"]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TrfError, match="cannot read the file"):
        load_trf(tmp_path / "missing.trf")


def test_latin_1_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "latin.trf"
    text = "\n".join([GOOD[0], player(1, "0.0", "", name="Müller, Jürgen")])
    path.write_bytes(text.encode("latin-1"))
    assert load_trf(path).players[1].name == "Müller, Jürgen"


def test_byte_order_mark_is_ignored() -> None:
    assert read_trf("\ufeff" + "\n".join(GOOD)).name == "Good"


def test_crlf_and_cr_line_ends() -> None:
    for end in ("\r\n", "\r"):
        tournament = read_trf(end.join(GOOD) + end)
        assert len(tournament.players) == 3
        assert tournament.total_rounds == 3


_PRINTABLE = string.digits + " wbWB=+-01HFUZLD*Q.x²٣\t"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 130), st.sampled_from(list(_PRINTABLE))),
        min_size=1,
        max_size=4,
    )
)
def test_random_damage_gives_trf_error_or_a_tournament(
    edits: list[tuple[int, int, str]],
) -> None:
    lines = list(GOOD)
    for line_index, column, character in edits:
        line = lines[line_index].ljust(column + 1)
        lines[line_index] = line[:column] + character + line[column + 1 :]
    try:
        read_trf("\n".join(lines), "damaged.trf")
    except TrfError as error:
        assert error.source == "damaged.trf"
        assert str(error).startswith("damaged.trf")


_CODES = [
    "240",
    "250",
    "260",
    "162",
    "XXS",
    "XXA",
    "XXP",
    "XXZ",
    "310",
    "013",
    "132",
    "XXC",
    "152",
    "142",
    "XXR",
    "202",
    "212",
    "BBW",
    "BBU",
    "001",
    "362",
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_CODES), st.text(alphabet=_PRINTABLE + "{}%", max_size=60))
def test_random_records_give_trf_error_or_a_tournament(code: str, tail: str) -> None:
    try:
        read_trf("\n".join([*GOOD, code + tail]), "extra.trf")
    except TrfError as error:
        assert error.line == len(GOOD) + 1 or error.line is None or error.line <= len(GOOD)
