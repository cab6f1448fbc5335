"""Readings of particular TRF records and extension lines (docs/formats/trf.md)."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from crosstable.formats.trf import TrfError, read_trf, read_trf_checked
from crosstable.model import (
    Acceleration,
    Colour,
    ProhibitedPairing,
    ResultCode,
    RoundEntry,
    ScoringSystem,
)


def player(number: int, points: str, *cells: str, birth: str = "", title: str = "") -> str:
    head = (
        f"001 {number:>4} m{title:>3} {'Name ' + str(number):<33} 2000 FID {'':>11} "
        f"{birth:<10} {points:>4} {'':>4}  "
    )
    assert len(head) == 91
    return head + "  ".join(cells)


def text(*lines: str) -> str:
    return "\n".join(lines) + "\n"


FOUR = (
    player(1, "1.0", "   2 w 1"),
    player(2, "0.0", "   1 b 0"),
    player(3, "0.5", "   4 B ="),
    player(4, "0.5", "   3 W ="),
)


def test_header_records() -> None:
    tournament = read_trf(
        text(
            "012 Spring Open",
            "022 Ipoh",
            "032 MAS",
            "042 2026/04/01",
            "052 2026/04/03",
            "062 4",
            "092 FIDE_DUTCH_2025",
            "102 Lim, A",
            "112 Tan, B",
            "112 Ng, C",
            "122 60'+30\"",
            "132" + " " * 88 + "26/04/01  26/04/02",
            "202 BH/C1, BH,SB",
            "222 3600+30",
            *FOUR,
        )
    )
    assert tournament.name == "Spring Open"
    assert (tournament.city, tournament.federation) == ("Ipoh", "MAS")
    assert (tournament.start_date, tournament.end_date) == ("2026/04/01", "2026/04/03")
    assert tournament.tournament_type == "FIDE_DUTCH_2025"
    assert tournament.system_code == "FIDE_DUTCH_2025"  # 092 holds an ETT code, no 192
    assert tournament.deputy_arbiters == ["Tan, B", "Ng, C"]
    assert tournament.round_dates == ["26/04/01", "26/04/02"]
    assert tournament.tiebreaks == ["BH/C1", "BH", "SB"]
    assert tournament.encoded_time_control == "3600+30"
    assert tournament.extra_records == []  # 062 is recomputed, not kept


def test_092_free_text_is_not_a_system_code() -> None:
    tournament = read_trf(text("092 Individual: Swiss-System", "192 FIDE_DUTCH_2026", *FOUR))
    assert tournament.tournament_type == "Individual: Swiss-System"
    assert tournament.system_code == "FIDE_DUTCH_2026"
    assert read_trf(text("092 Swiss", *FOUR)).system_code == ""


def test_player_fields_and_case_insensitive_codes() -> None:
    tournament = read_trf(
        text(
            player(1, "1.0", "   2 w 1", birth="1990/02/28", title="WGM"),
            player(2, "0.0", "   1 b l", birth="1985/00/00"),
        ).replace("   1 b l", "   1 B 0")
    )
    first, second = tournament.players[1], tournament.players[2]
    assert (first.sex, first.title, first.name, first.rating) == ("m", "WGM", "Name 1", 2000)
    assert first.birth_date == datetime.date(1990, 2, 28)
    assert second.birth_date == "1985/00/00"
    assert second.rounds == [RoundEntry(1, Colour.BLACK, ResultCode.LOSS)]
    assert tournament.players[1].rank is None


def test_blank_cells_are_unplayed_and_rows_are_padded() -> None:
    tournament = read_trf(
        text(
            player(1, "1.0", "   2 w 1", "        ", "0000 - Z"),
            player(2, "0.0", "   1 b 0"),
        )
    )
    unplayed = RoundEntry(None, None, ResultCode.UNPLAYED)
    assert tournament.players[1].rounds[1] == unplayed
    assert tournament.players[2].rounds == [
        RoundEntry(1, Colour.BLACK, ResultCode.LOSS),
        unplayed,
        unplayed,
    ]
    assert tournament.players[1].rounds[2] == RoundEntry(None, None, ResultCode.ZERO_POINT_BYE)


def test_forfeits_byes_and_double_forfeit() -> None:
    tournament = read_trf(
        text(
            player(1, "1.0", "   2 w +", "   3 b -", "0000 - H", "0000 - -"),
            player(2, "0.0", "   1 b -", "0000 - F", "0000 - U", "   3 w -"),
            player(3, "1.0", "0000 - Z", "   1 w +", "        ", "   2 b -"),
        )
    )
    p1, p2, p3 = (tournament.players[n] for n in (1, 2, 3))
    assert p1.rounds[0] == RoundEntry(2, Colour.WHITE, ResultCode.FORFEIT_WIN)
    assert p1.rounds[3] == RoundEntry(None, None, ResultCode.FORFEIT_LOSS)
    assert p2.rounds[3] == RoundEntry(3, Colour.WHITE, ResultCode.FORFEIT_LOSS)
    assert p3.rounds[3] == RoundEntry(2, Colour.BLACK, ResultCode.FORFEIT_LOSS)
    assert [tournament.points(p) for p in (p1, p2, p3)] == [
        Fraction(3, 2),
        Fraction(2),
        Fraction(1),
    ]


@pytest.mark.parametrize(
    ("lines", "scoring"),
    [
        (["162  W 3.0    D 1.0"], ScoringSystem.football()),
        (["162  P 0.5"], ScoringSystem(pairing_bye=Fraction(1, 2))),
        # L without A: a forfeit loss stays at TRF's 0 while a played loss is worth 1
        (
            ["162  W 3.0    D 2.0    L 1.0"],
            ScoringSystem(
                win=Fraction(3), draw=Fraction(2), loss=Fraction(1), forfeit_loss=Fraction(0)
            ),
        ),
        (
            ["162  W 3.0    D 2.0    L 1.0    A 1.0"],
            ScoringSystem(
                win=Fraction(3), draw=Fraction(2), loss=Fraction(1), zero_point_bye=Fraction(1)
            ),
        ),
        (["BBW 2.0", "BBD 1.0"], ScoringSystem.xiangqi()),
        (
            ["BBW 3.0", "BBU 1.0", "BBF 0.0", "BBL 1.0"],
            ScoringSystem(
                win=Fraction(3), loss=Fraction(1), forfeit_loss=Fraction(0), pairing_bye=Fraction(1)
            ),
        ),
        (
            ["XXS W=2 D=1 WD=1 BD=2"],
            ScoringSystem(win=Fraction(2), draw=Fraction(1), draw_black=Fraction(2)),
        ),
        (
            ["XXS WW=1 BW=1 HPB=0 FPB=0.5 PAB=0.5 FW=0.5 FL=-1 ZPB=0.25"],
            ScoringSystem(
                half_point_bye=Fraction(0),
                full_point_bye=Fraction(1, 2),
                pairing_bye=Fraction(1, 2),
                forfeit_win=Fraction(1, 2),
                forfeit_loss=Fraction(-1),
                zero_point_bye=Fraction(1, 4),
            ),
        ),
        # later lines override earlier ones
        (["162  W 3.0", "BBW 2.0"], ScoringSystem(win=Fraction(2))),
        (["XXS WW=3 BW=3", "BBW 2.0"], ScoringSystem(win=Fraction(2))),
    ],
)
def test_point_systems(lines: list[str], scoring: ScoringSystem) -> None:
    assert read_trf(text(*lines, *FOUR)).scoring == scoring


def test_rounds_and_initial_colour_from_either_dialect() -> None:
    tournament = read_trf(text("XXR 9", "142 9", "XXC white1", "152 W", *FOUR))
    assert (tournament.total_rounds, tournament.initial_colour) == (9, Colour.WHITE)
    tournament = read_trf(text("XXC rank black1", *FOUR))
    assert tournament.initial_colour is Colour.BLACK
    assert tournament.extra_records == ["XXC rank"]
    with pytest.raises(TrfError, match="initial colour contradicts line 1"):
        read_trf(text("152 B", "XXC white1", *FOUR))


def test_212_and_202() -> None:
    assert read_trf(text("212 PTS,BH,SB", *FOUR)).tiebreaks == ["BH", "SB"]
    assert read_trf(text("202 BH,SB", "212 PTS,BH,SB", *FOUR)).tiebreaks == ["BH", "SB"]
    tournament = read_trf(text("212 MP,GP,BH", *FOUR))
    assert (tournament.tiebreaks, tournament.extra_records) == ([], ["212 MP,GP,BH"])
    with pytest.raises(TrfError, match="tie-breaks contradict line 1"):
        read_trf(text("202 BH", "212 PTS,SB", *FOUR))


def test_absences_240_and_xxz() -> None:
    tournament = read_trf(text("240 H 002    1    3", "240 Z 003    2", "XXZ 4 2", *FOUR))
    assert tournament.absences == {
        2: {
            1: ResultCode.HALF_POINT_BYE,
            3: ResultCode.HALF_POINT_BYE,
            4: ResultCode.ZERO_POINT_BYE,
            2: ResultCode.ZERO_POINT_BYE,
        },
        3: {2: ResultCode.ZERO_POINT_BYE},
    }


def test_accelerations_250_and_xxa() -> None:
    tournament = read_trf(
        text(
            "250       1.0 001 002    1    2",
            "250  2.0  0.5 003 003    3    4",
            "XXA    4  1.0  1.0  0.0  0.5",
            *FOUR,
        )
    )
    assert tournament.accelerations == [
        Acceleration(Fraction(1), 1, 2, 1, 2),
        Acceleration(Fraction(1, 2), 3, 3, 3, 4, Fraction(2)),
        Acceleration(Fraction(1), 1, 2, 4, 4),
        Acceleration(Fraction(1, 2), 4, 4, 4, 4),
    ]
    assert tournament.acceleration_points(4, 1) == 1
    assert tournament.acceleration_points(4, 3) == Fraction(1, 2)


def test_prohibited_pairings_260_and_xxp() -> None:
    tournament = read_trf(text("260 001 003    1    2    3", "XXP 3 4", *FOUR))
    assert tournament.prohibited_pairings == [
        ProhibitedPairing(1, 3, (1, 2, 3)),
        ProhibitedPairing(1, 999, (3, 4)),
    ]
    assert tournament.is_prohibited(3, 4, 12)
    assert not tournament.is_prohibited(1, 2, 4)


def test_team_013_numbers_in_file_order_and_310_wins() -> None:
    teams_013 = [
        "013 Alpha                              1    2",
        "013 Beta                               3    4",
    ]
    tournament = read_trf(text(*teams_013, *FOUR))
    assert [(t.number, t.name, t.members) for t in tournament.teams] == [
        (1, "Alpha", [1, 2]),
        (2, "Beta", [3, 4]),
    ]
    team_310 = "310   7 Gamma" + " " * 60 + "   1    2    3    4"
    tournament = read_trf(text(*teams_013, team_310, *FOUR))
    assert [(t.number, t.name, t.members) for t in tournament.teams] == [(7, "Gamma", [1, 2, 3, 4])]


def test_unknown_lines_are_kept_in_order() -> None:
    kept = ["### comment", "BEL    1 m    Someone", "801 x", "ZZZ whatever"]
    assert read_trf(text(kept[0], *FOUR[:2], *kept[1:], *FOUR[2:])).extra_records == kept


def test_pending_game() -> None:
    tournament, problems = read_trf_checked(
        text(player(1, "0.0", "   2 w *"), player(2, "0.0", "   1 b *"))
    )
    assert problems == []
    assert tournament.players[1].rounds[0].result is ResultCode.PENDING


def test_xxz_is_about_the_round_after_the_last_paired_one() -> None:
    """Requested byes already in the next round's cells do not move XXZ a round further."""
    tournament = read_trf(
        text(
            player(1, "1.0", "   2 w 1"),
            player(2, "0.5", "   1 b 0", "0000 - H"),
            player(3, "0.5", "   4 b =", "0000 - Z"),
            player(4, "0.5", "   3 w ="),
            "XXZ 4",
        )
    )
    assert tournament.rounds_recorded == 2
    assert tournament.absences == {2: {4: ResultCode.ZERO_POINT_BYE}}


# --- legacy forms other programs write (read as the reference engines and gacrux do) ------


def test_legacy_half_point_bye_is_a_half_point_bye() -> None:
    tournament = read_trf(
        text(
            player(1, "1.5", "   2 w 1", "0000 - ="),
            player(2, "0.5", "   1 b 0", "0000   ="),
        )
    )
    for number in (1, 2):
        assert tournament.players[number].rounds[1] == RoundEntry.absent(ResultCode.HALF_POINT_BYE)
    assert [tournament.points(p) for p in tournament] == [Fraction(3, 2), Fraction(1, 2)]


def test_a_draw_against_nobody_with_a_colour_is_still_an_error() -> None:
    with pytest.raises(TrfError, match="played game, but round 2 has no opponent"):
        read_trf(text(player(1, "1.5", "   2 w 1", "0000 w ="), player(2, "0.0", "   1 b 0")))


def test_rank_zero_means_not_ranked() -> None:
    line = player(1, "0.0", "   2 w 0")
    line = line[:85] + "   0" + line[89:]
    tournament = read_trf(text(line, player(2, "1.0", "   1 b 1")))
    assert tournament.players[1].rank is None


def test_opponent_zero_not_padded_is_no_opponent() -> None:
    tournament = read_trf(text(player(1, "0.5", "   0 - H"), player(2, "0.0", "     - Z")))
    assert tournament.players[1].rounds[0] == RoundEntry.absent(ResultCode.HALF_POINT_BYE)
    assert tournament.players[2].rounds[0] == RoundEntry.absent(ResultCode.ZERO_POINT_BYE)


def test_a_negative_or_garbled_rank_is_still_an_error() -> None:
    line = player(1, "0.0")
    with pytest.raises(TrfError, match="rank"):
        read_trf(text(line[:85] + "  x1" + line[89:]))


def test_team_records_are_typed_not_kept_as_text() -> None:
    """352 is a team record: the reader types it (``Tournament.team_records``), it is not an
    unknown line (issue 19 item 2)."""
    tournament = read_trf(text("801 x", *FOUR, "352 WBWB"))
    assert tournament.extra_records == ["801 x"]
    assert tournament.team_records is not None
    assert (tournament.team_records.board_colours, tournament.team_records.boards) == ("WBWB", 4)
