"""The two xiangqi events of the examples run end to end with the xiangqi Swiss: the
Huayuan (Hunan) invitational 2019 and the xiangqi sections of the Futian (Shenzhen) youth
championship 2009, paired from their regulation files' options, every round checked."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from xiangqi_checks import check_round

from crosstable.model import Colour, Player, ResultCode, RoundEntry, Team, Tournament
from crosstable.pairing.base import RoundPairing
from crosstable.pairing.rules import ColourRule, RoundOnePairing
from crosstable.pairing.xiangqi import XiangqiOptions, options_from_rules, pair_round
from crosstable.regulations import SectionRules, load_regulations

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def entries(section: SectionRules, units: list[str], per_unit: int) -> Tournament:
    tournament = Tournament(name=section.name, scoring=section.scoring, total_rounds=section.rounds)
    number = 0
    for team_number, unit in enumerate(units, start=1):
        team = Team(team_number, unit)
        for _ in range(per_unit):
            number += 1
            tournament.add_player(Player(number, f"{unit} {number}", club=unit))
            team.members.append(number)
        tournament.teams.append(team)
    return tournament


def record(tournament: Tournament, pairing: RoundPairing, rng: random.Random) -> None:
    """Random results: Red wins, draws, Black wins, about equally often."""
    for board in pairing.boards:
        outcome = rng.random()
        red, black = (
            (ResultCode.WIN, ResultCode.LOSS)
            if outcome < 0.35
            else (ResultCode.DRAW, ResultCode.DRAW)
            if outcome < 0.65
            else (ResultCode.LOSS, ResultCode.WIN)
        )
        round_number = pairing.round_number
        tournament.players[board.white].set_entry(
            round_number, RoundEntry(board.black, Colour.WHITE, red)
        )
        tournament.players[board.black].set_entry(
            round_number, RoundEntry(board.white, Colour.BLACK, black)
        )
    if pairing.bye is not None:
        tournament.players[pairing.bye].set_entry(
            pairing.round_number, RoundEntry.absent(ResultCode.PAIRING_BYE)
        )


def run(tournament: Tournament, options: XiangqiOptions, seed: int) -> list[RoundPairing]:
    rng = random.Random(seed)
    pairings = []
    assert tournament.total_rounds is not None
    for round_number in range(1, tournament.total_rounds + 1):
        pairing = pair_round(tournament, round_number, options)
        check_round(tournament, round_number, options, pairing)
        record(tournament, pairing, rng)
        pairings.append(pairing)
    return pairings


@pytest.mark.parametrize("seed", range(6))
def test_huayuan_2019_eleven_rounds(seed: int) -> None:
    regulations = load_regulations(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    (section,) = regulations.sections
    units = list(section.eligibility.units)[: 8 + seed]  # 8 to 13 counties, 6 players each
    tournament = entries(section, units, 6)
    if seed % 2:
        tournament.players[1].withdrawn_after_round = 3  # an odd field from round 4
    # The numbers were drawn at the technical meeting (补充细则 一): they are the pairing
    # numbers, so round 1 is 1-2, 3-4, … with the odd number on Red.
    options = dataclasses.replace(
        options_from_rules(section.pairing, lot_seed=seed), numbers_are_drawn=True
    )
    assert options.round_one is RoundOnePairing.LOT_ADJACENT
    assert options.round_one_colour is ColourRule.ODD_NUMBER_FIRST
    assert options.max_same_colour_in_row == 2
    pairings = run(tournament, options, seed)
    players = len(tournament.players)
    assert [(b.white, b.black) for b in pairings[0].boards] == [
        (n, n + 1) for n in range(1, players, 2)
    ]
    for player in tournament:
        # Never three Reds or three Blacks in a row (补充细则 一).
        colours = "".join(
            "R" if entry.colour is Colour.WHITE else "B"
            for entry in player.rounds
            if entry.played_colour is not None
        )
        assert "RRR" not in colours and "BBB" not in colours, (player.pairing_number, colours)
    byes = [p.bye for p in pairings if p.bye is not None]
    assert len(byes) == len(set(byes))
    for bye in byes:  # a win: 2 points
        assert any(
            tournament.scoring.points(entry.result) == 2
            for entry in tournament.players[bye].rounds
            if entry.result is ResultCode.PAIRING_BYE
        )


@pytest.mark.parametrize("players", [9, 16, 23])
def test_futian_2009_xiangqi_sections_seven_rounds(players: int) -> None:
    regulations = load_regulations(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    xiangqi_sections = [s for s in regulations.sections if s.pairing.system == "XIANGQI_SWISS"]
    assert len(xiangqi_sections) == 4
    for index, section in enumerate(xiangqi_sections):
        assert section.rounds == 7
        schools = [f"school {letter}" for letter in "ABCDEFGH"]
        tournament = entries(section, schools, 1)
        for number in range(len(schools) + 1, players + 1):
            tournament.add_player(Player(number, f"player {number}", club=schools[number % 8]))
        options = options_from_rules(section.pairing, lot_seed=2009 + index)
        assert options.round_one is RoundOnePairing.HALVES_BY_LOT
        pairings = run(tournament, options, players + index)
        half = (players - players % 2) // 2
        for board in pairings[0].boards:  # top half against bottom half, drawn
            assert min(board.white, board.black) <= half < max(board.white, board.black)
        assert (pairings[0].bye is not None) == bool(players % 2)
