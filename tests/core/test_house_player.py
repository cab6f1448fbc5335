"""The house player (Kinabatangan 4.6): paired and counted for the opponents, never ranked nor
given a prize; kept through a TRF round trip (XCH line); refused when the rules say no.

Every figure below is worked by hand from the grid.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "tiebreaks"))

from tiebreak_builders import tournament

from crosstable.formats.trf import TrfError, read_trf, write_trf
from crosstable.house_player import (
    HousePlayerError,
    HousePlayerRefusal,
    add_house_player,
    house_player_refusal,
)
from crosstable.model import Player, Tournament
from crosstable.prizes import RankedEntrant, allocate_prizes
from crosstable.regulations import PrizeRules
from crosstable.regulations.schema import PlacePrize
from crosstable.standings import StandingsRules, compute_standings, cross_table

# Five entrants (odd) and the house player 6, three rounds, every game played:
#   R1: 1-4 1-0, 2-5 ½-½, 3-6 0-1
#   R2: 6-1 0-1, 2-3 1-0, 4-5 0-1
#   R3: 1-2 ½-½, 6-5 ½-½, 3-4 1-0
# Points: 1: 2½, 2: 2, 5: 2, 6 (house): 1½, 3: 1, 4: 0.
GRID = {
    1: ["4w1", "6b1", "2w="],
    2: ["5w=", "3w1", "1b="],
    3: ["6w0", "2b0", "4w1"],
    4: ["1b0", "5w0", "3b0"],
    5: ["2b=", "4b1", "6b="],
    6: ["3b1", "1w0", "5w="],
}
HOUSE = 6


def with_house() -> Tournament:
    event = tournament(GRID)
    event.players[HOUSE].house = True
    return event


def test_the_house_player_is_listed_apart_without_a_rank() -> None:
    standings = compute_standings(with_house(), StandingsRules.from_text("BH"))
    assert [(row.place, row.number) for row in standings.rows] == [
        ("1", 1),
        ("2", 2),
        ("3", 5),
        ("4", 3),
        ("5", 4),
    ]
    (house,) = standings.unranked
    assert (house.number, house.rank, house.place, house.house) == (6, 0, "", True)
    assert house.points == Fraction(3, 2)
    assert HOUSE not in standings.ranks()
    assert standings.row(HOUSE) is house


def test_games_against_the_house_player_count_for_buchholz() -> None:
    """2 and 5 tie on 2 points; Buchholz counts the house player's 1½ like any opponent's:
    BH(2) = 2 (5) + 1 (3) + 2½ (1) = 5½, BH(5) = 2 (2) + 0 (4) + 1½ (6) = 3½."""
    standings = compute_standings(with_house(), StandingsRules.from_text("BH"))
    assert standings.row(2).values == (Fraction(11, 2),)
    assert standings.row(5).values == (Fraction(7, 2),)
    assert standings.row(1).values == (Fraction(0) + Fraction(3, 2) + 2,)  # 4, 6, 2
    # the house player's own values are shown too: BH(6) = 1 (3) + 2½ (1) + 2 (5)
    assert standings.unranked[0].values == (Fraction(11, 2),)


def test_as_an_ordinary_player_the_same_person_would_take_fourth_place() -> None:
    """Leaving the house player out moves only the places below them up."""
    ordinary = compute_standings(tournament(GRID), StandingsRules.from_text("BH"))
    assert [row.number for row in ordinary.rows] == [1, 2, 5, 6, 3, 4]
    assert ordinary.unranked == ()


def test_lots_and_playoffs_never_include_the_house_player() -> None:
    """With no tie-break, 2, 5 are tied on 2 points; the house player 6 is alone on 1½ and
    with lots drawn for every tie only 2 and 5 are drawn."""
    rules = StandingsRules.from_text([], lots_seed="k", unshared_places=frozenset({4}))
    standings = compute_standings(with_house(), rules)
    assert [set(group) for group in standings.lots] == [{2, 5}]
    assert standings.playoffs == ()
    assert [row.rank for row in standings.rows] == [1, 2, 3, 4, 5]


def test_cross_table_lists_the_house_player_last() -> None:
    event = with_house()
    standings = compute_standings(event, StandingsRules.from_text("BH"))
    table = cross_table(event, standings)
    assert [row.number for row, _ in table] == [1, 2, 5, 3, 4, 6]
    # the house player's line comes 6th, numbered "(6)": player 1's round-2 cell points at it
    assert [row.place for row, _ in table] == ["1", "2", "3", "4", "5", "(6)"]
    assert table[0][1] == ["5w1", "6b1", "2w="]
    assert table[-1][1] == ["4b1", "1w0", "3w="]


def test_cross_table_cells_point_at_the_house_players_line_not_at_a_rank() -> None:
    """With 5 as the house player: ranked 1, 2, 6, 3, 4; the house line is the 6th, "(6)".
    Player 2 drew 5 in round 1: the cell reads 6 (the line), not 5 (a rank someone holds)."""
    event = tournament(GRID)
    event.players[5].house = True
    table = cross_table(event, compute_standings(event, StandingsRules.from_text("BH")))
    assert [(row.place, row.number) for row, _ in table] == [
        ("1", 1),
        ("2", 2),
        ("3", 6),
        ("4", 3),
        ("5", 4),
        ("(6)", 5),
    ]
    assert table[1][1] == ["6w=", "4w1", "1b="]
    assert table[-1][1] == ["2b=", "5b1", "3b="]


def test_the_house_player_wins_no_prize() -> None:
    rules = PrizeRules(
        rankings=("individual",),
        places=(PlacePrize(1, 1, Fraction(50)), PlacePrize(2, 2, Fraction(30))),
    )
    # the house player has the best score: 1st and 2nd prizes go to the next two
    ranking = [
        RankedEntrant(1, 6, house=True),
        RankedEntrant(1, 1),
        RankedEntrant(2, 2),
        RankedEntrant(3, 5),
    ]
    prizes = allocate_prizes(rules, ranking)
    assert [(award.pairing_number, award.first_place, award.amount) for award in prizes.awards] == [
        (1, 1, 50),
        (2, 2, 30),
    ]


@pytest.mark.parametrize("dialect", ["2026", "16"])
def test_trf_round_trip_keeps_the_house_player(dialect: str) -> None:
    event = with_house()
    for player in event:
        player.declared_points = event.points(player)  # the reader keeps the points column
    text = write_trf(event, dialect)
    assert [line for line in text.splitlines() if line.startswith("XCH")] == ["XCH 6"]
    again = read_trf(text)
    assert again == event
    assert [player.house for player in again] == [False] * 5 + [True]


def test_without_a_house_player_no_xch_line() -> None:
    assert "XCH" not in write_trf(tournament(GRID))


@pytest.mark.parametrize(
    ("extra", "column", "words"),
    [
        ("XCH 9", 5, "XCH line for player 9, who has no 001 record"),
        ("XCH six", 5, "XCH pairing number 'six' is not a number from 1 to 9999"),
        ("XCH", 5, "XCH needs a pairing number"),
        ("XCH 6 7", 7, "unexpected '7' after the pairing number"),
        ("XCHX 6", 4, "XCH must be followed by a blank"),
    ],
)
def test_malformed_xch_lines(extra: str, column: int, words: str) -> None:
    lines = write_trf(tournament(GRID)).splitlines()
    with pytest.raises(TrfError) as caught:
        read_trf("\n".join([*lines, extra]) + "\n", "k.trf")
    assert words in str(caught.value)
    assert (caught.value.line, caught.value.column) == (len(lines) + 1, column)


def test_a_repeated_xch_line_is_refused() -> None:
    lines = write_trf(tournament(GRID)).splitlines()
    with pytest.raises(TrfError, match=r"second XCH line for player 6 \(first on line"):
        read_trf("\n".join([*lines, "XCH 6", "XCH  6"]) + "\n")


def test_refusals() -> None:
    assert house_player_refusal(allowed=True, ordinary_entries=5, house_players=0) is None
    assert (
        house_player_refusal(allowed=False, ordinary_entries=5, house_players=0)
        is HousePlayerRefusal.NOT_ALLOWED
    )
    assert (
        house_player_refusal(allowed=True, ordinary_entries=6, house_players=0)
        is HousePlayerRefusal.EVEN_COUNT
    )
    assert (
        house_player_refusal(allowed=True, ordinary_entries=5, house_players=1)
        is HousePlayerRefusal.ALREADY_ONE
    )


def test_add_house_player_to_a_tournament() -> None:
    event = Tournament(name="P12")
    for number in range(1, 4):
        event.add_player(Player(number, f"Girl {number}"))
    with pytest.raises(HousePlayerError, match="P12: no house player: the regulations do not"):
        add_house_player(event, Player(4, "Cikgu"), allowed=False)
    assert 4 not in event.players
    add_house_player(event, Player(4, "Cikgu"), allowed=True)
    assert event.players[4].house
    with pytest.raises(HousePlayerError, match="already has its house player") as caught:
        add_house_player(event, Player(5, "Another"), allowed=True)
    assert caught.value.refusal is HousePlayerRefusal.ALREADY_ONE
    even = Tournament(name="L12", players={n: Player(n, str(n)) for n in (1, 2)})
    with pytest.raises(HousePlayerError, match=r"L12: .*even number of entries"):
        add_house_player(even, Player(3, "Extra"), allowed=True)


def test_standings_command_shows_the_house_player_last_without_rank(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from crosstable.cli.main import main

    path = tmp_path / "kinabatangan.trf"
    path.write_text(write_trf(with_house()), encoding="utf-8")
    assert main(["standings", str(path), "--tiebreaks", "BH", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[:2] for line in lines[1:]] == [
        ["1", "1"],
        ["2", "2"],
        ["3", "5"],
        ["4", "3"],
        ["5", "4"],
        ["house", "6"],
    ]
    assert main(["standings", str(path), "--tiebreaks", "BH", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [row["number"] for row in document["standings"]] == [1, 2, 5, 3, 4]
    assert document["house_players"] == [
        {"number": 6, "name": "Player 6", "points": "1.5", "tiebreaks": ["5.5"]}
    ]


def test_standings_command_cross_table_numbers_the_house_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from crosstable.cli.main import main

    event = tournament(GRID)
    event.players[5].house = True
    path = tmp_path / "house5.trf"
    path.write_text(write_trf(event), encoding="utf-8")
    assert main(["standings", str(path), "--tiebreaks", "BH", "--crosstable"]) == 0
    lines = capsys.readouterr().out.splitlines()
    house_line = next(line for line in lines if line.split()[:2] == ["(6)", "5"])
    assert house_line.split()[-3:] == ["2b=", "5b1", "3b="]
    assert any(line.split()[:2] == ["2", "2"] and "6w=" in line.split() for line in lines)
