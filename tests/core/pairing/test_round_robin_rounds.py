"""A round robin paired round by round from a tournament (``registry`` codes
``FIDE_ROUNDROBIN`` / ``FIDE_DOUBLEROUNDROBIN``): the players seated on FIDE's Berger table
by pairing number, the free round of an odd field a rest (no points, not the Swiss bye), a
withdrawn or absent player's game kept on its board and forfeited, a section whose number of
rounds is not the table's refused with the reason. Tables as printed in C.05 Annex 1."""

from __future__ import annotations

import pytest

from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.pairing import registry
from crosstable.pairing.base import Board, PairingError


def _field(players: int, rounds: int) -> Tournament:
    tournament = Tournament(total_rounds=rounds)
    for number in range(1, players + 1):
        tournament.add_player(Player(number, f"Player {number}"))
    return tournament


def _pairs(code: str, tournament: Tournament, round_number: int) -> list[tuple[int, int]]:
    pairing = registry.pair_function(code)(tournament, round_number)
    return [(board.white, board.black) for board in pairing.boards]


def test_the_round_robin_codes_are_registered_as_predetermined_individual_systems() -> None:
    for code in ("FIDE_ROUNDROBIN", "FIDE_DOUBLEROUNDROBIN"):
        system = registry.pairing_system(code)
        assert system.predetermined and not system.for_teams
        assert not system.initial_colour_by_lot  # the table fixes every colour
        assert code in registry.offered_codes(teams=False)
        assert code not in registry.offered_codes(teams=True)
    assert set(registry.offered_codes(teams=True)) == {
        code for code, system in registry.TEAM_SYSTEMS.items() if not system.alias_of
    }


def test_eight_players_follow_the_printed_table() -> None:
    # C.05 Annex 1, 7 or 8 players: Rd 1: 1-8, 2-7, 3-6, 4-5. Rd 2: 8-5, 6-4, 7-3, 1-2.
    # Rd 7: 4-8, 5-3, 6-2, 7-1.
    field = _field(8, 7)
    assert _pairs("FIDE_ROUNDROBIN", field, 1) == [(1, 8), (2, 7), (3, 6), (4, 5)]
    assert _pairs("FIDE_ROUNDROBIN", field, 2) == [(8, 5), (6, 4), (7, 3), (1, 2)]
    assert _pairs("FIDE_ROUNDROBIN", field, 7) == [(4, 8), (5, 3), (6, 2), (7, 1)]


def test_the_next_round_is_the_one_after_the_last_paired() -> None:
    field = _field(4, 3)
    for number, (white, black) in ((1, (1, 4)), (4, (1, 4)), (2, (2, 3)), (3, (2, 3))):
        colour = Colour.WHITE if number in (white, 2) and number != 3 else Colour.BLACK
        opponent = black if number == white else white if number == black else 5 - number
        field.players[number].rounds.append(RoundEntry(opponent, colour, ResultCode.DRAW))
    pairing = registry.pair_function("FIDE_ROUNDROBIN")(field, None)
    assert pairing.round_number == 2
    assert [(b.white, b.black) for b in pairing.boards] == [(4, 3), (1, 2)]


def test_an_odd_field_rests_the_player_the_table_sets_against_the_missing_number() -> None:
    # 5 players play the 6-player table: Rd 1: 1-6, 2-5, 3-4 -> 1 rests;
    # Rd 2: 6-4, 5-3, 1-2 -> 4 rests.
    field = _field(5, 5)
    first = registry.pair_function("FIDE_ROUNDROBIN")(field, 1)
    assert first.boards == (Board(2, 5), Board(3, 4))
    assert first.rest == 1 and first.bye is None
    assert registry.pair_function("FIDE_ROUNDROBIN")(field, 2).rest == 4


def test_seats_follow_the_order_of_the_pairing_numbers() -> None:
    tournament = Tournament(total_rounds=3)
    for number in (3, 7, 10, 12):  # numbers with gaps: seats 1..4 in their order
        tournament.add_player(Player(number, f"P{number}"))
    assert _pairs("FIDE_ROUNDROBIN", tournament, 1) == [(3, 12), (7, 10)]


def test_a_withdrawn_players_games_stay_on_their_boards_as_forfeits() -> None:
    field = _field(6, 5)
    field.players[2].withdrawn_after_round = 1
    assert registry.pair_function("FIDE_ROUNDROBIN")(field, 1).forfeits == ()
    second = registry.pair_function("FIDE_ROUNDROBIN")(field, 2)
    # Rd 2: 6-4, 5-3, 1-2: player 2 keeps board 3 and forfeits it
    assert second.boards == (Board(6, 4), Board(5, 3), Board(1, 2))
    assert second.forfeits == (2,)


def test_an_absent_player_forfeits_rather_than_taking_a_bye() -> None:
    field = _field(6, 5)
    field.absences[3] = {4: ResultCode.HALF_POINT_BYE, 5: ResultCode.ZERO_POINT_BYE}
    third = registry.pair_function("FIDE_ROUNDROBIN")(field, 3)
    # Rd 3: 2-6, 3-1, 4-5: both players of board 3 are out
    assert third.boards == (Board(2, 6), Board(3, 1), Board(4, 5))
    assert third.forfeits == (4, 5)
    assert third.bye is None and third.rest is None


def test_the_double_round_robin_reverses_the_colours_of_the_second_cycle() -> None:
    field = _field(4, 6)
    # 4 players: Rd 1: 1-4, 2-3; Rd 2: 4-3, 1-2; Rd 3: 2-4, 3-1. In the first cycle the
    # last two rounds change places; the second cycle repeats the table, colours reversed.
    code = "FIDE_DOUBLEROUNDROBIN"
    assert _pairs(code, field, 2) == [(2, 4), (3, 1)]
    assert _pairs(code, field, 3) == [(4, 3), (1, 2)]
    assert _pairs(code, field, 4) == [(4, 1), (3, 2)]
    assert _pairs(code, field, 6) == [(4, 2), (1, 3)]


@pytest.mark.parametrize(("code", "rounds"), [("FIDE_ROUNDROBIN", 9), ("FIDE_DOUBLEROUNDROBIN", 7)])
def test_a_section_with_other_than_the_tables_rounds_is_refused(code: str, rounds: int) -> None:
    with pytest.raises(PairingError, match=r"8 players has 1?[47] rounds, but the section has"):
        registry.pair_function(code)(_field(8, rounds), 1)


def test_one_player_is_no_round_robin() -> None:
    with pytest.raises(PairingError, match="at least two players"):
        registry.pair_function("FIDE_ROUNDROBIN")(_field(1, 1), 1)


def test_a_double_round_robins_grid_holds_both_games_of_each_pair_in_round_order() -> None:
    from crosstable.standings import StandingsRules, compute_standings, round_robin_grid

    field = _field(3, 6)  # 3 players play the 4-player table twice: 6 rounds, one rests each
    pair = registry.pair_function("FIDE_DOUBLEROUNDROBIN")
    for round_number in range(1, 7):
        pairing = pair(field, round_number)
        assert pairing.rest is not None and len(pairing.boards) == 1
        (board,) = pairing.boards
        # White wins every game
        field.players[board.white].rounds.append(
            RoundEntry(board.black, Colour.WHITE, ResultCode.WIN)
        )
        field.players[board.black].rounds.append(
            RoundEntry(board.white, Colour.BLACK, ResultCode.LOSS)
        )
        field.players[pairing.rest].rounds.append(RoundEntry.absent(ResultCode.ZERO_POINT_BYE))
    standings = compute_standings(field, StandingsRules.from_text("SB", predetermined=True))
    grid = round_robin_grid(field, standings)
    assert [line.row.number for line in grid] == [1, 2, 3]
    # each pair met twice, once with each colour: each player won with White, lost with Black
    for line in grid:
        for column, games in enumerate(line.games, start=1):
            if column == line.row.number:
                assert games == ()
                continue
            assert sorted(game.colour.value for game in games if game.colour) == ["b", "w"]
            assert [game.result for game in games if game.colour is Colour.WHITE] == [
                ResultCode.WIN
            ]
    assert {line.row.points for line in grid} == {2}
