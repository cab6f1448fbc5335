"""The random tournament generator: configuration, reproducibility, and the events it
builds (byes, withdrawals, late entries, forfeits, point systems)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from crosstable.generate import (
    GeneratorConfig,
    GeneratorConfigError,
    GeneratorError,
    config_from_mapping,
    generate_tournament,
    parse_generator_config,
    random_config,
)
from crosstable.model import Colour, ResultCode, ScoringSystem, Tournament
from crosstable.pairing.base import Board, PairingError, RoundPairing


def in_order_pairing(tournament: Tournament, round_number: int) -> RoundPairing:
    """A stand-in pairing function: present players in pairing-number order, two by two
    (rematches allowed: these tests are about the generator, not about pairing)."""
    absent = tournament.absences.get(round_number, {})
    present = [number for number in sorted(tournament.players) if number not in absent]
    bye = present.pop() if len(present) % 2 else None
    boards = tuple(Board(present[i], present[i + 1]) for i in range(0, len(present), 2))
    return RoundPairing(round_number, boards, bye)


BUSY = GeneratorConfig(
    players=31,
    rounds=7,
    draw_rate=0.4,
    forfeit_rate=0.1,
    half_point_bye_rate=0.1,
    zero_point_bye_rate=0.05,
    withdrawal_rate=0.3,
    late_entry_rate=0.2,
)


def test_same_seed_same_tournament_and_other_seed_another() -> None:
    first = generate_tournament(BUSY, 11, in_order_pairing)
    again = generate_tournament(BUSY, 11, in_order_pairing)
    other = generate_tournament(BUSY, 12, in_order_pairing)
    assert first == again
    assert [p.rounds for p in first] != [p.rounds for p in other]


def test_a_partial_tournament_is_a_prefix_of_the_complete_one() -> None:
    complete = generate_tournament(BUSY, 5, in_order_pairing)
    partial = generate_tournament(BUSY, 5, in_order_pairing, played_rounds=3)
    assert partial.total_rounds == 7
    assert partial.rounds_recorded == 3
    for player in partial:
        assert player.rounds == complete.players[player.pairing_number].rounds[:3]


def test_every_player_has_one_entry_per_round_and_games_are_symmetric() -> None:
    tournament = generate_tournament(BUSY, 3, in_order_pairing)
    mirrored = {
        ResultCode.WIN: {ResultCode.LOSS},
        ResultCode.LOSS: {ResultCode.WIN},
        ResultCode.DRAW: {ResultCode.DRAW},
        ResultCode.FORFEIT_WIN: {ResultCode.FORFEIT_LOSS},
        ResultCode.FORFEIT_LOSS: {ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS},
    }
    for player in tournament:
        assert len(player.rounds) == 7
        for round_number, entry in enumerate(player.rounds, start=1):
            if entry.opponent is None:
                assert entry.result.is_bye
                continue
            opposite = tournament.players[entry.opponent].rounds[round_number - 1]
            assert opposite.opponent == player.pairing_number
            assert opposite.colour is not None and entry.colour is opposite.colour.opposite
            assert opposite.result in mirrored[entry.result]
    assert not tournament.absences


def test_busy_configuration_produces_every_kind_of_event() -> None:
    tournament = generate_tournament(BUSY, 3, in_order_pairing)
    results = {entry.result for player in tournament for entry in player.rounds}
    assert {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.FORFEIT_WIN,
        ResultCode.HALF_POINT_BYE,
        ResultCode.ZERO_POINT_BYE,
        ResultCode.PAIRING_BYE,
    } <= results
    withdrawn = [player for player in tournament if player.withdrawn_after_round is not None]
    assert withdrawn
    for player in withdrawn:
        assert player.withdrawn_after_round is not None
        after = player.rounds[player.withdrawn_after_round :]
        assert after and all(entry.result is ResultCode.ZERO_POINT_BYE for entry in after)
    late = [player for player in tournament if player.rounds[0].result is ResultCode.ZERO_POINT_BYE]
    assert late


def test_half_point_byes_are_never_in_the_last_round() -> None:
    config = GeneratorConfig(players=20, rounds=4, half_point_bye_rate=0.5)
    for seed in range(5):
        tournament = generate_tournament(config, seed, in_order_pairing)
        last = {player.rounds[-1].result for player in tournament}
        assert ResultCode.HALF_POINT_BYE not in last
        assert any(
            entry.result is ResultCode.HALF_POINT_BYE for p in tournament for entry in p.rounds
        )


def test_draw_rate_extremes() -> None:
    no_draws = generate_tournament(GeneratorConfig(players=30, draw_rate=0.0), 1, in_order_pairing)
    assert all(entry.result is not ResultCode.DRAW for p in no_draws for entry in p.rounds)
    equal = GeneratorConfig(players=30, draw_rate=1.0, rating_min=2000, rating_max=2000)
    all_draws = generate_tournament(equal, 1, in_order_pairing)
    played = [entry.result for p in all_draws for entry in p.rounds if entry.opponent]
    assert played and all(result is ResultCode.DRAW for result in played)


def test_stronger_players_score_more() -> None:
    config = GeneratorConfig(players=40, rounds=9, rating_min=1000, rating_max=2800)
    tournament = generate_tournament(config, 8, in_order_pairing)
    players = list(tournament)
    assert [p.rating for p in players] == sorted((p.rating for p in players), reverse=True)
    # in_order_pairing always pairs 2k-1 (higher rated) against 2k
    higher = sum(tournament.points(p) for p in players if p.pairing_number % 2)
    lower = sum(tournament.points(p) for p in players if not p.pairing_number % 2)
    assert higher > lower + 20


def test_settings_are_carried_into_the_tournament() -> None:
    config = GeneratorConfig(
        players=9, rounds=3, scoring=ScoringSystem.xiangqi(), initial_colour=Colour.BLACK
    )
    tournament = generate_tournament(config, 4, in_order_pairing, system_code="FIDE_DUTCH_2026")
    assert tournament.scoring == ScoringSystem.xiangqi()
    assert tournament.initial_colour is Colour.BLACK
    assert tournament.total_rounds == 3
    assert tournament.system_code == "FIDE_DUTCH_2026"
    assert len(tournament.players) == 9


def test_a_pairing_that_leaves_someone_out_is_reported() -> None:
    def forgetful(tournament: Tournament, round_number: int) -> RoundPairing:
        pairing = in_order_pairing(tournament, round_number)
        return RoundPairing(round_number, pairing.boards[1:], pairing.bye)

    with pytest.raises(GeneratorError, match="round 1"):
        generate_tournament(GeneratorConfig(players=8, rounds=2), 1, forgetful)


def test_pairing_errors_propagate() -> None:
    def impossible(tournament: Tournament, round_number: int) -> RoundPairing:
        raise PairingError("nothing fits")

    with pytest.raises(PairingError):
        generate_tournament(GeneratorConfig(players=8, rounds=2), 1, impossible)


def test_toml_configuration() -> None:
    config = parse_generator_config(
        """
        players = 24
        rounds = 6
        draw_rate = 0.25
        forfeit_rate = 0
        half_point_bye_rate = 0.05
        initial_colour = "white"
        rating_min = 1200
        rating_max = 2200

        [points]
        win = 3
        draw = 1
        loss = 0
        pairing_bye = "3/2"
        """
    )
    assert config.players == 24 and config.rounds == 6
    assert config.draw_rate == 0.25 and config.half_point_bye_rate == 0.05
    assert config.initial_colour is Colour.WHITE
    assert config.scoring.win == 3 and config.scoring.pairing_bye == Fraction(3, 2)
    assert parse_generator_config('points = "football"').scoring == ScoringSystem.football()
    assert parse_generator_config('initial_colour = "random"').initial_colour is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players = 1", "players: 1 is not in 2"),
        ('players = "ten"', "players: expected an integer"),
        ("draw_rate = 1.5", "draw_rate: 1.5 is not a probability"),
        ("draw_ratio = 0.5", "unknown key 'draw_ratio'"),
        ('initial_colour = "red"', "initial_colour: expected one of white, black, random"),
        ('points = "chess960"', "points: unknown preset 'chess960'"),
        ("[points]\nwin = -1", "points.win: -1 is not a non-negative multiple of 0.1"),
        ("[points]\ntie = 1", "points.tie: unknown result"),
        ("rating_min = 2500\nrating_max = 2000", "rating_min/rating_max"),
        ("players = = 3", "line 1"),
    ],
)
def test_configuration_errors_name_the_key(text: str, message: str) -> None:
    with pytest.raises(GeneratorConfigError, match=r"^my\.toml: ") as caught:
        parse_generator_config(text, "my.toml")
    assert message in str(caught.value)


def test_random_configurations_are_reproducible_and_plausible() -> None:
    assert random_config(99) == random_config(99)
    configs = [random_config(seed) for seed in range(50)]
    assert len({config.players for config in configs}) > 10
    for config in configs:
        assert 15 <= config.players <= 215
        assert 3 <= config.rounds <= 13
        assert config.rounds <= max(3, config.players // 3)


def test_config_from_mapping_rejects_booleans_for_numbers() -> None:
    with pytest.raises(GeneratorConfigError, match="rounds"):
        config_from_mapping({"rounds": True})


@pytest.mark.parametrize("seed", [2, 13, 29])
def test_dutch_tournaments_survive_the_file_and_the_checker(seed: int) -> None:
    """Generated with the Dutch engine, written as TRF-2026, read back: every round is
    reproduced by re-pairing it (the contract of ``crosstable engine -g``)."""
    from crosstable.formats.trf import read_trf, write_trf
    from crosstable.pairing.checker import check_tournament
    from crosstable.pairing.dutch import pair_round

    config = GeneratorConfig(
        players=17 + seed % 7,
        rounds=6,
        draw_rate=0.4,
        forfeit_rate=0.05,
        half_point_bye_rate=0.05,
        zero_point_bye_rate=0.03,
        withdrawal_rate=0.15,
        late_entry_rate=0.1,
        scoring=ScoringSystem.football() if seed % 2 else ScoringSystem.standard(),
    )
    generated = generate_tournament(config, seed, pair_round, system_code="FIDE_DUTCH_2026")
    text = write_trf(generated)
    reread = read_trf(text, f"seed-{seed}.trf")
    assert write_trf(reread) == text
    assert reread.scoring == config.scoring
    assert [p.rounds for p in reread] == [p.rounds for p in generated]
    assert check_tournament(reread, pair_round) == []
