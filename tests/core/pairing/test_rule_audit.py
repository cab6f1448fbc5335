"""The independent rule audit (``crosstable.pairing.rule_audit``): hand-built rounds that break
one rule each, worked from the rules' text, then every round of generated events paired by the
xiangqi engine (Huayuan and Hunan options) and by the Dutch engine under Kinabatangan's local
rules, audited as they are paired."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from crosstable.generate import GeneratorConfig, generate_tournament
from crosstable.model import Colour, Player, ResultCode, RoundEntry, ScoringSystem, Tournament
from crosstable.pairing import xiangqi
from crosstable.pairing.base import Board, PairingWarning, RoundPairing, WarningKind
from crosstable.pairing.registry import pair_function
from crosstable.pairing.rule_audit import AuditRules, audit_round
from crosstable.pairing.rules import ColourRule, RoundOnePairing
from crosstable.regulations import load_regulations

W, B = Colour.WHITE, Colour.BLACK
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def event(players: int, games: list[list[tuple[int, int, str]]], rounds: int = 9) -> Tournament:
    """``players`` players; ``games[k]``: round k + 1's games ``(white, black, result)`` with
    result "1-0", "=" or "0-1"; a player missing from a round had the pairing-allocated bye."""
    tournament = Tournament(name="audit", total_rounds=rounds, scoring=ScoringSystem.standard())
    for n in range(1, players + 1):
        tournament.add_player(Player(n, f"P{n}"))
    results = {
        "1-0": (ResultCode.WIN, ResultCode.LOSS),
        "=": (ResultCode.DRAW, ResultCode.DRAW),
        "0-1": (ResultCode.LOSS, ResultCode.WIN),
    }
    for r, round_games in enumerate(games, start=1):
        paired = set()
        for white, black, result in round_games:
            first, second = results[result]
            tournament.players[white].set_entry(r, RoundEntry(black, W, first))
            tournament.players[black].set_entry(r, RoundEntry(white, B, second))
            paired |= {white, black}
        for n in set(tournament.players) - paired:
            tournament.players[n].set_entry(r, RoundEntry(None, None, ResultCode.PAIRING_BYE))
    return tournament


def pairing(round_number: int, *boards: tuple[int, int], bye: int | None = None) -> RoundPairing:
    return RoundPairing(round_number, tuple(Board(w, b) for w, b in boards), bye)


def test_a_correct_round_passes() -> None:
    # Round 1: 1 beats 3, 2 beats 4. Round 2: 1 and 2 (1 point) meet, 3 and 4 (0) meet.
    tournament = event(4, [[(1, 3, "1-0"), (4, 2, "0-1")]])
    assert audit_round(tournament, pairing(2, (2, 1), (3, 4)), AuditRules()) == []


def test_a_rematch_is_found() -> None:
    tournament = event(4, [[(1, 3, "1-0"), (4, 2, "0-1")]])
    problems = audit_round(tournament, pairing(2, (3, 1), (2, 4)), AuditRules())
    assert "3 and 1 meet again" in problems


def test_players_left_out_or_paired_twice_are_found() -> None:
    tournament = event(4, [])
    problems = audit_round(tournament, pairing(1, (1, 2), (2, 3)), AuditRules())
    assert "player 2 is paired 2 times" in problems
    assert "player 4 is present but not paired" in problems


def test_a_third_colour_in_a_row_is_found() -> None:
    # Player 1 had White twice; a third White breaks "at most 2 in a row" (Huayuan 补充细则 一).
    tournament = event(4, [[(1, 2, "="), (3, 4, "=")], [(1, 3, "="), (4, 2, "=")]])
    rules = AuditRules(max_same_colour_in_row=2)
    problems = audit_round(tournament, pairing(3, (1, 4), (2, 3)), rules)
    assert "1 breaks a colour limit with white" in problems
    # Same round, player 1 on Black: nobody breaks it (4 had B, W; 2 had B, B -> gets White).
    assert audit_round(tournament, pairing(3, (4, 1), (2, 3)), rules) == []


def test_the_last_round_may_lift_the_colour_limits() -> None:
    tournament = event(4, [[(1, 2, "="), (3, 4, "=")], [(1, 3, "="), (4, 2, "=")]], rounds=3)
    lifted = AuditRules(max_same_colour_in_row=2, colours_free_in_last_round=True)
    assert audit_round(tournament, pairing(3, (1, 4), (2, 3)), lifted) == []


def test_a_colour_difference_above_the_limit_is_found() -> None:
    # Hunan: |Reds - Blacks| at most 2. Player 1: W, B, W, W is +2; one more White is +3.
    games = [
        [(1, 2, "="), (3, 4, "="), (5, 6, "=")],
        [(3, 1, "="), (5, 2, "="), (4, 6, "=")],
        [(1, 4, "="), (2, 6, "="), (3, 5, "=")],
        [(1, 5, "="), (6, 3, "="), (4, 2, "=")],
    ]
    tournament = event(6, games)
    rules = AuditRules(max_colour_difference=2)
    problems = audit_round(tournament, pairing(5, (1, 6), (2, 3), (4, 5)), rules)
    assert "1 breaks a colour limit with white" in problems


def test_float_once_is_found_unless_warned() -> None:
    # Round 1: 1 beats 2, 3 beats 4, 5 beats 6 (all on 0: nobody floats). Round 2: 1 (1
    # point) beats 4 (0): 1 floated down; 3 beats 5 (both 1), 2 beats 6 (both 0). Scores
    # before round 3: 1 and 3 have 2, 2 and 5 have 1, 4 and 6 none. Round 3: 1-5 floats 1
    # down a second time (Kinabatangan 4.11), allowed only with a warning naming him.
    games = [
        [(1, 2, "1-0"), (3, 4, "1-0"), (5, 6, "1-0")],
        [(1, 4, "1-0"), (3, 5, "1-0"), (2, 6, "1-0")],
    ]
    tournament = event(6, games)
    rules = AuditRules(float_once=True, score_order=False)
    again = pairing(3, (1, 5), (3, 6), (2, 4))
    assert audit_round(tournament, again, rules) == [
        "1 floats down a second time (plays 5) unwarned"
    ]
    # 1 meeting 3 (same score) is fine; so is 2 (1 point, never floated) meeting 4 (0).
    assert audit_round(tournament, pairing(3, (1, 3), (2, 5), (6, 4)), rules) == []

    def warning(player: int, score: int, opponent: int, theirs: int) -> PairingWarning:
        return PairingWarning(
            WarningKind.FLOAT_AGAIN,
            3,
            "float_once",
            player,
            f"P{player}",
            Fraction(score),
            opponent,
            f"P{opponent}",
            Fraction(theirs),
        )

    warned = dataclasses.replace(again, warnings=(warning(1, 2, 5, 1),))
    assert audit_round(tournament, warned, rules) == []
    # A warning about a player who does not float again is wrong too.
    wrong = dataclasses.replace(again, warnings=(warning(1, 2, 5, 1), warning(2, 1, 4, 0)))
    assert audit_round(tournament, wrong, rules) == [
        "2 is warned about floating again but does not"
    ]


def test_the_bye_counts_as_a_float() -> None:
    # Round 1: 1 had the bye (worth a win): a downfloat (Art. 1.4). Round 2: the bye to 1
    # again is twice wrong (the bye twice, a second float).
    tournament = event(5, [[(2, 3, "1-0"), (4, 5, "1-0")]])
    rules = AuditRules(float_once=True, score_order=False)
    problems = audit_round(tournament, pairing(2, (2, 4), (3, 5), bye=1), rules)
    assert "player 1 receives the pairing-allocated bye again" in problems
    assert "1 gets the bye after floating down, unwarned" in problems


def test_same_unit_in_round_one_is_found() -> None:
    tournament = event(4, [])
    rules = AuditRules(units_apart_absolute=frozenset({1}), units={1: "SK A", 2: "SK A"})
    problems = audit_round(tournament, pairing(1, (1, 2), (3, 4)), rules)
    assert "1 and 2 are of one unit (SK A) in round 1" in problems
    assert audit_round(tournament, pairing(1, (1, 3), (2, 4)), rules) == []


def test_two_players_leaving_their_score_when_they_could_meet_is_found() -> None:
    # After round 1 players 1 and 2 have 1 point, 3 and 4 none: 1-3, 2-4 sends both down
    # although 1-2 and 3-4 are legal (same score first: App. 2 §5, [C6]).
    tournament = event(6, [[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "=")]])
    problems = audit_round(tournament, pairing(2, (1, 5), (4, 2), (3, 6)), AuditRules())
    assert problems == ["3 and 6 meet again"]
    problems = audit_round(tournament, pairing(2, (1, 5), (6, 2), (3, 4)), AuditRules())
    assert problems == [
        "1 and 2 (score 1) both play lower (5, 6) but could play each other: more players "
        "leave their score than needed"
    ]


def test_a_bye_above_a_lower_score_is_found() -> None:
    # After round 1: 1 and 2 have 1 point, 3 has 1 (bye), 4 and 5 none. The bye of round 2
    # to 2 (1 point) while 5 (0 points) could take it and 2 play 4's opponent... 2-4 legal.
    tournament = event(5, [[(1, 4, "1-0"), (2, 5, "1-0")]])
    problems = audit_round(tournament, pairing(2, (1, 3), (4, 5), bye=2), AuditRules())
    # 5 may take it with 2 playing 4 (2 met 5 already, so not 4 taking it with 2 playing 5).
    assert problems == ["the bye goes to 2 (score 1) while 5 (score 0) could take it, 2 playing 4"]
    assert audit_round(tournament, pairing(2, (1, 3), (2, 4), bye=5), AuditRules()) == []


# --- every round of generated events -------------------------------------------------------


HUAYUAN = xiangqi.XiangqiOptions(
    round_one=RoundOnePairing.LOT_ADJACENT,
    round_one_colour=ColourRule.ODD_NUMBER_FIRST,
    max_same_colour_in_row=2,
    lot_seed=2019,
)


def xiangqi_rules(options: xiangqi.XiangqiOptions, round_number: int) -> AuditRules:
    units = dict(options.units or {})
    soft = frozenset(range(1, 100)) if options.avoid_same_unit_rounds else frozenset()
    return AuditRules(
        max_same_colour_in_row=options.max_same_colour_in_row,
        max_colour_difference=options.max_colour_difference,
        units_apart_preferred=soft,
        units=units,
    )


@pytest.mark.parametrize("hunan", [False, True], ids=["huayuan", "hunan"])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_xiangqi_round_passes_the_audit(hunan: bool, seed: int) -> None:
    players = 61
    options = HUAYUAN
    if hunan:
        options = dataclasses.replace(
            HUAYUAN,
            max_colour_difference=2,
            avoid_same_unit_rounds=(1, 99),
            units={n: f"team {n % 10}" for n in range(1, players + 1)},
        )
    audited: list[int] = []

    def pair(tournament: Tournament, round_number: int) -> RoundPairing:
        result = xiangqi.pair_round(tournament, round_number, options)
        problems = audit_round(tournament, result, xiangqi_rules(options, round_number))
        assert problems == [], (round_number, problems)
        audited.append(round_number)
        return result

    config = GeneratorConfig(
        players=players,
        rounds=9,
        draw_rate=0.6,
        withdrawal_rate=0.02,
        scoring=ScoringSystem.xiangqi(),
    )
    generate_tournament(config, seed, pair, system_code="XIANGQI_SWISS")
    assert audited == list(range(1, 10))


def kinabatangan_rules(tournament: Tournament) -> AuditRules:
    return AuditRules(
        max_same_colour_in_row=2,
        max_colour_difference=2,
        fide_topscorers_exempt=True,
        colours_free_in_last_round=True,
        float_once=True,
        units_apart_absolute=frozenset({1}),
        units={n: p.club for n, p in tournament.players.items()},
        no_bye_after_unplayed_win=True,
    )


@pytest.mark.parametrize("seed", [3, 4])
def test_every_kinabatangan_round_passes_the_audit(seed: int) -> None:
    rules = load_regulations(EXAMPLES / "kinabatangan-school-2024.toml").section("L12").pairing
    engine = pair_function(rules.system, rules)
    audited: list[int] = []
    warned = 0

    def pair(tournament: Tournament, round_number: int) -> RoundPairing:
        nonlocal warned
        if round_number == 1:
            for n, player in tournament.players.items():
                player.club = f"SK {n % 6}"
        result = engine(tournament, round_number)
        problems = audit_round(tournament, result, kinabatangan_rules(tournament))
        assert problems == [], (round_number, problems)
        audited.append(round_number)
        warned += bool(result.warnings)
        return result

    config = GeneratorConfig(
        players=41,
        rounds=7,
        draw_rate=0.3,
        half_point_bye_rate=0.02,
        zero_point_bye_rate=0.02,
        forfeit_rate=0.01,
    )
    generate_tournament(config, seed, pair, system_code="FIDE_DUTCH_2026")
    assert audited == list(range(1, 8))


def test_team_mates_meeting_when_an_exchange_parts_them_is_found() -> None:
    # Hunan: team-mates should not meet in any round (xiangqi X5, above the scores). 1 and 2
    # (team A) meet while 3 and 4 (team B) meet: 1-3 and 2-4 part both.
    tournament = event(4, [])
    units = {1: "A", 2: "A", 3: "B", 4: "B"}
    rules = AuditRules(units_apart_preferred=frozenset({1}), units=units)
    problems = audit_round(tournament, pairing(1, (1, 2), (3, 4)), rules)
    assert problems[0] == "1 and 2 are of one unit although 1-3 and 2-4 keep them apart"
    assert audit_round(tournament, pairing(1, (1, 3), (2, 4)), rules) == []
    # In a round where it does not apply, nothing is said.
    rules = dataclasses.replace(rules, units_apart_preferred=frozenset({2}))
    assert audit_round(tournament, pairing(1, (1, 2), (3, 4)), rules) == []
