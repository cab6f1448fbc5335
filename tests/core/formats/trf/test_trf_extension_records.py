"""crosstable's own TRF lines: XCF (fouls per game) and XCP (club, national grade).

They are written in both dialects, read back into the model, refused with the line and column
when malformed, and skipped by other readers (FIDE's gacrux, a test-only oracle).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from crosstable.formats.trf import TrfError, read_trf, write_trf
from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament

W, B = Colour.WHITE, Colour.BLACK
R = ResultCode


def four_players() -> Tournament:
    """Four players, three rounds, with a forfeit in round 3."""
    rounds = {
        1: [RoundEntry(2, W, R.WIN), RoundEntry(3, B, R.DRAW), RoundEntry(4, W, R.FORFEIT_WIN)],
        2: [RoundEntry(1, B, R.LOSS), RoundEntry(4, W, R.WIN), RoundEntry(3, B, R.WIN)],
        3: [RoundEntry(4, B, R.DRAW), RoundEntry(1, W, R.DRAW), RoundEntry(2, W, R.LOSS)],
        4: [RoundEntry(3, W, R.DRAW), RoundEntry(2, B, R.LOSS), RoundEntry(1, B, R.FORFEIT_LOSS)],
    }
    tournament = Tournament(name="Fouls", total_rounds=3)
    for number, entries in rounds.items():
        tournament.add_player(Player(number, f"Player {number}", rating=2000, rounds=entries))
    for player in tournament:
        player.declared_points = tournament.points(player)
    return tournament


def with_fouls(tournament: Tournament, fouls: dict[tuple[int, int], int]) -> Tournament:
    """``fouls[(round, player)]`` recorded on those entries."""
    for (round_number, number), count in fouls.items():
        entries = tournament.players[number].rounds
        entries[round_number - 1] = dataclasses.replace(entries[round_number - 1], fouls=count)
    return tournament


FOULS = {(1, 1): 1, (1, 2): 3, (2, 3): 2, (3, 4): 1, (3, 2): 12}


def decorated() -> Tournament:
    tournament = with_fouls(four_players(), FOULS)
    tournament.players[1].club = "Beijing Xiangqi Club"
    tournament.players[1].national_grade = "一级棋士"
    tournament.players[2].club = "上海 = 象棋协会"  # blanks and '=' inside the value
    tournament.players[4].national_grade = "Candidate Master"
    return tournament


@pytest.mark.parametrize("dialect", ["2026", "16"])
def test_fouls_club_and_grade_round_trip(dialect: str) -> None:
    tournament = decorated()
    again = read_trf(write_trf(tournament, dialect), f"written-{dialect}.trf")
    assert again == tournament
    found = {
        (round_number, player.pairing_number): entry.fouls
        for player in again
        for round_number, entry in enumerate(player.rounds, start=1)
        if entry.fouls
    }
    assert found == FOULS
    assert [(p.club, p.national_grade) for p in again] == [
        ("Beijing Xiangqi Club", "一级棋士"),
        ("上海 = 象棋协会", ""),
        ("", ""),
        ("", "Candidate Master"),
    ]


def test_written_lines() -> None:
    lines = write_trf(decorated()).splitlines()
    assert [line for line in lines if line.startswith("XC")] == [
        "XCP 1 club=Beijing Xiangqi Club",
        "XCP 1 grade=一级棋士",
        "XCP 2 club=上海 = 象棋协会",
        "XCP 4 grade=Candidate Master",
        "XCF 1 1 1",
        "XCF 1 2 3",
        "XCF 2 3 2",
        "XCF 3 2 12",
        "XCF 3 4 1",
    ]


def test_nothing_is_written_without_fouls_club_or_grade() -> None:
    for dialect in ("2026", "16"):
        assert "\nXC" not in write_trf(four_players(), dialect)


def test_lines_before_the_players_and_in_any_order_are_read() -> None:
    text = write_trf(four_players())
    header, _, players = text.partition("\n001")
    text = header + "\nXCF 3 4 2\nXCP 3   grade=Master  \nXCF 1 1 5\n001" + players
    tournament = read_trf(text)
    assert tournament.players[4].rounds[2] == RoundEntry(1, B, R.FORFEIT_LOSS, fouls=2)
    assert tournament.players[1].rounds[0] == RoundEntry(2, W, R.WIN, fouls=5)
    assert tournament.players[3].national_grade == "Master"
    assert tournament.extra_records == []


@pytest.mark.parametrize("dialect", ["2026", "16"])
def test_fouls_on_an_unplayed_round_after_the_last_written_cell(dialect: str) -> None:
    tournament = four_players()
    tournament.total_rounds = 4
    for player in tournament:
        player.rounds.append(RoundEntry.absent(R.UNPLAYED))
    with_fouls(tournament, {(4, 3): 1})
    text = write_trf(tournament, dialect)
    assert "XCF 4 3 1\n" in text
    assert read_trf(text) == tournament


def test_a_value_with_a_line_break_is_refused_by_the_writer() -> None:
    tournament = four_players()
    tournament.players[3].club = "First line\nsecond line"
    with pytest.raises(ValueError, match=r"player 3 .* line break"):
        write_trf(tournament)


BASE = write_trf(four_players()).splitlines()
FIRST_EXTRA = len(BASE) + 1


@pytest.mark.parametrize(
    ("extra", "column", "words"),
    [
        ("XCF 1 9 2", 7, "XCF line for player 9, who has no 001 record"),
        ("XCP 7 club=Nowhere", 5, "XCP line for player 7, who has no 001 record"),
        ("XCF 1 2 two", 9, "XCF fouls 'two' is not a number from 1 to 9999"),
        ("XCF 1 2 0", 9, "XCF fouls '0' is not a number from 1 to 9999"),
        ("XCF 1 2 -1", 9, "XCF fouls '-1' is not a number"),
        ("XCF x 2 1", 5, "XCF round 'x' is not a number"),
        ("XCF  1  b2 1", 9, "XCF pairing number 'b2' is not a number"),
        ("XCF 1 2 12345", 9, "XCF fouls '12345' is not a number from 1 to 9999"),
        ("XCF 4 2 1", 5, "XCF line for round 4, but the tournament has 3 round(s)"),
        ("XCF 1 2", 8, "XCF needs a round, a pairing number and fouls"),
        ("XCF", 5, "XCF needs a round, a pairing number and fouls"),
        ("XCF 1 2 1 extra", 11, "unexpected 'extra' after the number of fouls"),
        ("XCFX 1 2 1", 4, "XCF must be followed by a blank"),
        ("XCP 2", 6, "XCP needs a pairing number and field=value"),
        ("XCP two club=A", 5, "XCP pairing number 'two' is not a number"),
        ("XCP 2 rating=2000", 7, "XCP item 'rating=2000' is not FIELD=VALUE"),
        ("XCP 2 club", 7, "XCP item 'club' is not FIELD=VALUE with FIELD one of club grade"),
    ],
)
def test_malformed_extension_lines(extra: str, column: int, words: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf("\n".join([*BASE, extra]) + "\n", "game.trf")
    error = caught.value
    assert words in str(error)
    assert (error.line, error.column) == (FIRST_EXTRA, column)
    assert str(error).startswith(f"game.trf line {FIRST_EXTRA}, column {column}: ")
    assert error.text == extra


@pytest.mark.parametrize(
    ("lines", "column", "words"),
    [
        (["XCF 2 3 1", "XCF 2 3 4"], 5, "second XCF line for player 3 in round 2 (first on line"),
        (["XCP 1 club=A", "XCP 1 club=B"], 7, "second XCP club line for player 1 (first on line"),
    ],
)
def test_repeated_extension_lines(lines: list[str], column: int, words: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf("\n".join([*BASE, *lines]) + "\n")
    assert words in str(caught.value)
    assert (caught.value.line, caught.value.column) == (FIRST_EXTRA + 1, column)


def test_club_and_grade_lines_may_come_in_pairs() -> None:
    tournament = read_trf("\n".join([*BASE, "XCP 1 grade=A", "XCP 1 club=B"]) + "\n")
    assert (tournament.players[1].club, tournament.players[1].national_grade) == ("B", "A")


def test_other_readers_skip_the_extension_lines() -> None:
    """gacrux (FIDE's reference, test-only) reads the file the same with and without them."""
    gacrux_trf = pytest.importorskip("gacrux.trf2json")

    def gacrux_reading(text: str) -> dict[str, Any]:
        reader = gacrux_trf.trf2json()
        reader.parse_file(text, False)
        result: dict[str, Any] = reader.chessjson
        return result

    text = write_trf(decorated())
    plain = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("XC"))
    assert plain != text
    with_lines = gacrux_reading(text)
    assert with_lines["status"]["error"] == []
    assert with_lines == gacrux_reading(plain)
