"""Writing then reading gives back an equal Tournament, for hand-built tournaments that use
every feature; and the written columns are the ones the TRF texts define."""

from __future__ import annotations

import dataclasses
import datetime
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crosstable.formats.trf import check_tournament, load_trf, read_trf, save_trf, write_trf
from crosstable.model import (
    Acceleration,
    Colour,
    Player,
    ProhibitedPairing,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Team,
    Tournament,
)

W, B = Colour.WHITE, Colour.BLACK
R = ResultCode


def game(opponent: int, colour: Colour, result: ResultCode) -> RoundEntry:
    return RoundEntry(opponent, colour, result)


def bye(result: ResultCode) -> RoundEntry:
    return RoundEntry.absent(result)


def every_result_code(scoring: ScoringSystem | None = None) -> Tournament:
    """Eight players, four rounds, every result code of the model at least once."""
    rounds = {
        1: [
            game(2, W, R.WIN),
            game(3, B, R.DRAW),
            game(5, W, R.WIN_UNRATED),
            bye(R.HALF_POINT_BYE),
        ],
        2: [
            game(1, B, R.LOSS),
            game(4, W, R.FORFEIT_WIN),
            bye(R.FULL_POINT_BYE),
            game(6, B, R.PENDING),
        ],
        3: [
            game(4, W, R.DRAW_UNRATED),
            game(1, W, R.DRAW),
            game(6, B, R.FORFEIT_LOSS),
            game(7, W, R.PENDING),
        ],
        4: [
            game(3, B, R.DRAW_UNRATED),
            game(2, B, R.FORFEIT_LOSS),
            bye(R.ZERO_POINT_BYE),
            game(8, W, R.PENDING),
        ],
        5: [
            game(6, B, R.FORFEIT_LOSS),
            bye(R.PAIRING_BYE),
            game(1, B, R.LOSS_UNRATED),
            bye(R.UNPLAYED),
        ],
        6: [
            game(5, W, R.FORFEIT_WIN),
            game(7, B, R.WIN),
            game(3, W, R.FORFEIT_WIN),
            game(2, W, R.PENDING),
        ],
        7: [
            game(8, B, R.LOSS),
            game(6, W, R.LOSS),
            game(8, W, R.FORFEIT_LOSS),
            game(3, B, R.PENDING),
        ],
        8: [game(7, W, R.WIN), bye(R.UNPLAYED), game(7, B, R.FORFEIT_LOSS), game(4, B, R.PENDING)],
    }
    tournament = Tournament(name="Every code", total_rounds=5, scoring=scoring or ScoringSystem())
    for number, entries in rounds.items():
        tournament.add_player(
            Player(number, f"Player {number}", rating=2400 - 10 * number, rounds=entries)
        )
    return tournament


def with_declared_points(tournament: Tournament) -> Tournament:
    """The reader fills the points field; a hand-built tournament must say the same."""
    for player in tournament:
        player.declared_points = tournament.points(player)
    return tournament


def round_trip(tournament: Tournament, dialect: str) -> Tournament:
    return read_trf(write_trf(tournament, dialect), f"written-{dialect}.trf")


@pytest.mark.parametrize("dialect", ["2026", "16"])
@pytest.mark.parametrize(
    "scoring",
    [
        ScoringSystem.standard(),
        ScoringSystem.football(),
        ScoringSystem.xiangqi(),
        ScoringSystem(win=Fraction(3), draw=Fraction(2), loss=Fraction(1)),
        ScoringSystem(pairing_bye=Fraction(1, 2), zero_point_bye=Fraction(0)),
        ScoringSystem(win=Fraction(2), draw=Fraction(1), draw_black=Fraction(2)),
        ScoringSystem(
            forfeit_win=Fraction(1, 2),
            half_point_bye=Fraction(0),
            full_point_bye=Fraction(1, 2),
            zero_point_bye=Fraction(1, 4),
            forfeit_loss=Fraction(-1),
        ),
    ],
    ids=["standard", "football", "xiangqi", "3-2-1", "pab-half", "colour-draws", "odd-byes"],
)
def test_every_result_code_round_trips(dialect: str, scoring: ScoringSystem) -> None:
    tournament = with_declared_points(every_result_code(scoring))
    again = round_trip(tournament, dialect)
    assert again == tournament
    assert again.scoring == scoring


def test_162_is_used_when_it_can_say_everything() -> None:
    text = write_trf(every_result_code(ScoringSystem.football()), "2026")
    assert "162  W 3.0    D 1.0\n" in text
    assert "XXS" not in text
    text = write_trf(every_result_code(ScoringSystem(pairing_bye=Fraction(1, 2))), "2026")
    assert "162  P 0.5\n" in text


def test_xxs_and_bb_lines_in_dialect_16() -> None:
    text = write_trf(
        every_result_code(ScoringSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))), "16"
    )
    assert "BBW 3.0\nBBD 1.0\n" in text
    assert "XXS W=3.0 D=1.0 L=0.0 WD=1.0 BD=1.0 FW=3.0 FL=0.0 ZPB=0.0 HPB=1.0 FPB=3.0 PAB=3.0" in (
        text
    )
    assert "162" not in text


def test_points_without_exact_decimal_are_refused() -> None:
    with pytest.raises(ValueError, match="1/3 points have no exact decimal form"):
        write_trf(every_result_code(ScoringSystem(draw=Fraction(1, 3))))


def test_points_with_two_decimals_and_over_100() -> None:
    tournament = Tournament(scoring=ScoringSystem(win=Fraction(50), draw=Fraction(1, 4)))
    tournament.add_player(Player(1, "A", rounds=[game(2, W, R.WIN), game(2, B, R.WIN)]))
    tournament.add_player(Player(2, "B", rounds=[game(1, B, R.LOSS), game(1, W, R.DRAW)]))
    tournament.add_player(Player(3, "C", rounds=[bye(R.UNPLAYED), game(4, W, R.DRAW)]))
    tournament.add_player(Player(4, "D", rounds=[bye(R.UNPLAYED), game(3, B, R.DRAW)]))
    tournament.players[2].rounds[1] = game(1, W, R.LOSS)
    tournament.players[1].rounds[1] = game(2, B, R.WIN)
    tournament.players[3].rounds[0] = bye(R.FULL_POINT_BYE)
    tournament.players[3].rounds[1] = game(4, W, R.DRAW)
    text = write_trf(with_declared_points(tournament))
    lines = [line for line in text.splitlines() if line.startswith("001")]
    assert lines[0][79:84] == "100.0"  # a fifth column, to the left of 81-84
    assert lines[2][79:84] == "50.25"
    assert lines[3][80:84] == "0.25"
    assert read_trf(text) == tournament


def test_non_canonical_scoring_comes_back_canonical_with_the_same_points() -> None:
    scoring = ScoringSystem(
        draw_white=Fraction(1, 2),
        draw_black=Fraction(1),
        forfeit_win=Fraction(1),
        pairing_bye=Fraction(1),
        forfeit_loss=Fraction(0),
    )
    tournament = with_declared_points(every_result_code(scoring))
    again = round_trip(tournament, "2026")
    assert again.scoring == ScoringSystem(draw_black=Fraction(1))
    for code in ResultCode:
        for colour in (W, B, None):
            assert again.scoring.points(code, colour) == scoring.points(code, colour)


def test_the_example_line_of_the_regulations_digest() -> None:
    """§3.3's example line, which its author built column by column with a script."""
    expected = (
        "001    1 m GM Doe, John                         2650 USA    12345678 1990/01/01  2.0"
        "    1     4 w 1     2 b =  0000 - H"
    )
    tournament = Tournament()
    tournament.add_player(
        Player(
            1,
            "Doe, John",
            sex="m",
            title="GM",
            rating=2650,
            federation="USA",
            fide_id="12345678",
            birth_date=datetime.date(1990, 1, 1),
            rank=1,
            rounds=[game(4, W, R.WIN), game(2, B, R.DRAW), bye(R.HALF_POINT_BYE)],
        )
    )
    tournament.add_player(
        Player(2, "Roe, Jane", rounds=[bye(R.UNPLAYED), game(1, W, R.DRAW), bye(R.UNPLAYED)])
    )
    tournament.add_player(
        Player(4, "Poe, Jim", rounds=[game(1, B, R.LOSS), bye(R.UNPLAYED), bye(R.UNPLAYED)])
    )
    text = write_trf(tournament)
    assert expected in text.splitlines()
    assert read_trf(text) == with_declared_points(tournament)


def full_tournament() -> Tournament:
    tournament = with_declared_points(every_result_code())
    tournament.name = "Open A"
    tournament.city = "Kuala Lumpur"
    tournament.federation = "MAS"
    tournament.start_date = "2026/03/01"
    tournament.end_date = "2026/03/05"
    tournament.tournament_type = "Swiss"
    tournament.chief_arbiter = "Lee, Ann"
    tournament.deputy_arbiters = ["Tan, Bo", "Wu, Cy"]
    tournament.time_control = "90'+30\""
    tournament.round_dates = ["26/03/01", "26/03/02", "26/03/03", "26/03/04", "26/03/05"]
    tournament.system_code = "FIDE_DUTCH_2026"
    tournament.tiebreaks = ["BH/C1", "BH", "SB", "DE"]
    tournament.encoded_time_control = "5400+30"
    tournament.initial_colour = Colour.BLACK
    tournament.absences = {
        5: {1: R.ZERO_POINT_BYE, 2: R.HALF_POINT_BYE, 7: R.ZERO_POINT_BYE},
        6: {3: R.FULL_POINT_BYE},
    }
    tournament.prohibited_pairings = [
        ProhibitedPairing(1, 999, (1, 2, 3)),
        ProhibitedPairing(2, 4, (5, 6)),
    ]
    tournament.players[1].title = "IM"
    tournament.players[1].sex = "w"
    tournament.players[1].fide_id = "4100018"
    tournament.players[1].birth_date = datetime.date(2001, 12, 31)
    tournament.players[2].birth_date = "1990/00/00"
    tournament.players[3].rating = 0
    tournament.players[4].rank = 2
    tournament.extra_records = [
        "### a comment",
        "BEL    1 m    Ab, Cd    1800",
        "XXC rank",
        "801 team cross table",
    ]
    return tournament


@pytest.mark.parametrize("dialect", ["2026", "16", "engines"])
def test_header_byes_prohibitions_and_unknown_lines_round_trip(dialect: str) -> None:
    tournament = full_tournament()
    expected = full_tournament()
    if dialect != "2026":
        # the reference engines' spelling of the same system (docs/formats/trf.md, Dialects)
        expected.system_code = "FIDE_DUTCH"
    assert round_trip(tournament, dialect) == expected


def test_dialects_use_their_own_records() -> None:
    tournament = full_tournament()
    text_2026 = write_trf(tournament, "2026")
    text_16 = write_trf(tournament, "16")
    codes_2026 = {line[:3] for line in text_2026.splitlines()}
    codes_16 = {line[:3] for line in text_16.splitlines()}
    assert {"142", "152", "240", "260"} <= codes_2026
    assert not {"XXR", "XXZ", "XXP"} & codes_2026
    assert {"XXR", "XXC", "XXZ", "XXP"} <= codes_16
    assert not {"142", "152"} & codes_16
    assert "XXZ 1 7\n" in text_16  # zero-point absences from the next round
    assert "240 H 005    2\n" in text_16  # JaVaFo has no half-point bye line
    assert "260 002 004    5    6\n" in text_16  # XXP cannot limit rounds
    assert "XXP 1 2 3\n" in text_16
    assert "XXC black1\n" in text_16 and "XXC rank\n" in text_16


def test_accelerations_round_trip() -> None:
    tournament = with_declared_points(every_result_code())
    tournament.accelerations = [
        Acceleration(Fraction(1), 1, 2, 1, 4),
        Acceleration(Fraction(1, 2), 3, 3, 1, 4),
        Acceleration(Fraction(1, 2), 1, 1, 8, 8),
    ]
    assert round_trip(tournament, "2026") == tournament
    # XXA states points per player and round: the same accelerations, grouped differently
    again = round_trip(tournament, "16")
    assert dataclasses.replace(again, accelerations=[]) == dataclasses.replace(
        tournament, accelerations=[]
    )
    for player in tournament:
        for round_number in range(1, 7):
            assert again.acceleration_points(player.pairing_number, round_number) == (
                tournament.acceleration_points(player.pairing_number, round_number)
            )
    assert "XXA    1  1.0  1.0  0.5" in write_trf(tournament, "16")
    assert "250       1.0 001 002    1    4" in write_trf(tournament, "2026")


def team_tournament() -> Tournament:
    tournament = with_declared_points(every_result_code())
    tournament.teams = [
        Team(
            1,
            "Knights",
            [1, 3, 5, 7],
            nickname="KNI",
            strength_factor="2350",
            declared_match_points=Fraction(5),
            declared_game_points=Fraction(21, 2),
            rank=1,
        ),
        Team(2, "Rooks", [2, 4, 6, 8]),
    ]
    return tournament


@pytest.mark.parametrize("dialect", ["2026", "16"])
def test_teams_round_trip(dialect: str) -> None:
    tournament = team_tournament()
    assert round_trip(tournament, dialect) == tournament


def test_team_records_columns() -> None:
    text = write_trf(team_tournament(), "2026")
    [knights, rooks] = [line for line in text.splitlines() if line.startswith("310")]
    assert knights == (
        "310   1 Knights                          KNI   "
        "  2350    5.0   10.5   1     1    3    5    7"
    )
    assert rooks.startswith("310   2 Rooks ")
    assert rooks[73:] == "   2    4    6    8"
    text_16 = write_trf(team_tournament(), "16")
    assert "013 Knights                            1    3    5    7\n" in text_16
    # plain teams need no 310 in TRF16
    plain = team_tournament()
    plain.teams = [Team(1, "Knights", [1, 3, 5, 7]), Team(2, "Rooks", [2, 4, 6, 8])]
    assert "310" not in write_trf(plain, "16")
    assert round_trip(plain, "16") == plain


def test_save_and_load(tmp_path: Path) -> None:
    tournament = full_tournament()
    path = tmp_path / "open.trf"
    save_trf(tournament, path)
    assert load_trf(path) == tournament
    assert path.read_bytes().endswith(b"\n")


def test_unknown_dialect() -> None:
    with pytest.raises(ValueError, match="unknown TRF dialect 'x'"):
        write_trf(Tournament(), "x")


_SCORINGS = [
    ScoringSystem.standard(),
    ScoringSystem.football(),
    ScoringSystem.xiangqi(),
    ScoringSystem(win=Fraction(2), draw=Fraction(1), draw_black=Fraction(2)),
    ScoringSystem(pairing_bye=Fraction(1, 2), forfeit_loss=Fraction(-1)),
]
_PLAYED = [R.WIN, R.DRAW, R.LOSS, R.WIN_UNRATED, R.DRAW_UNRATED, R.LOSS_UNRATED]
_OPPOSITE = {
    R.WIN: R.LOSS,
    R.DRAW: R.DRAW,
    R.LOSS: R.WIN,
    R.WIN_UNRATED: R.LOSS_UNRATED,
    R.DRAW_UNRATED: R.DRAW_UNRATED,
    R.LOSS_UNRATED: R.WIN_UNRATED,
}


def random_tournament(seed: int) -> Tournament:
    """A consistent random tournament: random pairings, results, byes and absences."""
    rng = random.Random(seed)
    count = rng.randint(2, 14)
    rounds = rng.randint(1, 7)
    tournament = Tournament(
        name=f"Random {seed}",
        total_rounds=rounds + rng.randint(0, 2),
        scoring=rng.choice(_SCORINGS),
        initial_colour=rng.choice([None, W, B]),
    )
    for number in range(1, count + 1):
        name = "".join(rng.choice("abcxyzÄéü李, ") for _ in range(rng.randint(1, 33))).strip()
        tournament.add_player(
            Player(
                number,
                name or "x",
                rating=rng.choice([0, 1500, 2850]),
                federation=rng.choice(["", "CHN", "MAS"]),
            )
        )
    for _ in range(rounds):
        numbers = list(range(1, count + 1))
        rng.shuffle(numbers)
        absent = [n for n in numbers[2:] if rng.random() < 0.2]
        for number in absent:
            kind = rng.choice([R.HALF_POINT_BYE, R.FULL_POINT_BYE, R.ZERO_POINT_BYE, R.UNPLAYED])
            tournament.players[number].rounds.append(bye(kind))
        present = [n for n in numbers if n not in absent]
        if len(present) % 2:
            tournament.players[present.pop()].rounds.append(bye(R.PAIRING_BYE))
        for white, black in zip(present[::2], present[1::2], strict=True):
            roll = rng.random()
            if roll < 0.7:
                first = rng.choice(_PLAYED)
                second = _OPPOSITE[first]
            elif roll < 0.9:
                first, second = rng.choice(
                    [
                        (R.FORFEIT_WIN, R.FORFEIT_LOSS),
                        (R.FORFEIT_LOSS, R.FORFEIT_WIN),
                        (R.FORFEIT_LOSS, R.FORFEIT_LOSS),
                    ]
                )
            else:
                first = second = R.PENDING
            tournament.players[white].rounds.append(game(black, W, first))
            tournament.players[black].rounds.append(game(white, B, second))
    if rng.random() < 0.5:
        tournament.absences = {rounds + 1: {1: R.ZERO_POINT_BYE, count: R.HALF_POINT_BYE}}
    return with_declared_points(tournament)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9))
def test_random_tournaments_round_trip(seed: int) -> None:
    tournament = random_tournament(seed)
    assert check_tournament(tournament) == []
    for dialect in ("2026", "16"):
        assert round_trip(tournament, dialect) == tournament
