"""One list of pairing systems (issue 19 item 1): ``crosstable.pairing.registry``. Every code a
regulations file may name pairs a round through the registry, the loader refuses what the
registry does not implement (``FIDE_DUTCH_2017`` with its reason), and the gaps the loader
lists for the ``[pairing]`` options follow what each system's entry says it applies."""

from __future__ import annotations

import pytest

from crosstable.model import Colour, Player, Team, Tournament
from crosstable.model.team_records import TeamEventRecords
from crosstable.pairing import registry
from crosstable.pairing.local_rules import DUTCH_LOCAL_RULE_CODES
from crosstable.pairing.rules import LOCAL_RULES
from crosstable.regulations import RegulationsError, parse_regulations

TEXT = """
[event]
name = "One list"
game = "{game}"

[[sections]]
key = "open"
name = "Open"
rounds = {rounds}
pairing = {{ system = "{system}"{extra} }}
{section_extra}
"""


def _regulations(system: str, extra: str = "", game: str = "chess"):  # type: ignore[no-untyped-def]
    team = "team = { boards = 2 }\n" if registry.is_team_system(system) else ""
    known = system in registry.system_codes()
    rounds = 5 * (registry.any_system(system).games_per_pairing if known else 1)
    return parse_regulations(
        TEXT.format(system=system, extra=extra, game=game, section_extra=team, rounds=rounds),
        "x.toml",
    )


def _players(count: int, system: str) -> Tournament:
    # Five pairings: a Double-Swiss match is two rounds of the tournament; a round robin's
    # rounds are its table's (left unset: the engine takes the table's number).
    entry = registry.any_system(system)
    total_rounds = None if entry.predetermined else 5 * entry.games_per_pairing
    tournament = Tournament(
        name="t", total_rounds=total_rounds, initial_colour=Colour.WHITE, system_code=system
    )
    for number in range(1, count + 1):
        tournament.add_player(Player(number, f"Player {number}", rating=2400 - 10 * number))
    return tournament


def _teams(count: int, system: str) -> Tournament:
    tournament = _players(count * 2, system)
    for number in range(1, count + 1):
        tournament.teams.append(Team(number, f"Team {number}", [2 * number - 1, 2 * number]))
    tournament.team_records = TeamEventRecords(board_colours="WB", boards=2)
    return tournament


@pytest.mark.parametrize("code", registry.system_codes())
def test_every_system_a_file_may_name_pairs_round_one(code: str) -> None:
    """Eight players (or four teams of two), round 1 through the registry with the section's
    own ``[pairing]`` table: everyone paired once. Round 1 of a rated list pairs the top half
    against the bottom half (C.04.3 Art. 4 for the Dutch; 1-5 is board 1; with Baku's
    virtual point for players 1-4, 1-3), and four teams play two matches."""
    rules = _regulations(code).sections[0].pairing
    assert rules.system == code
    if registry.is_team_system(code):
        team_pairing = registry.team_pair_function(code)(_teams(4, code), 1)
        teams = sorted(t for match in team_pairing.boards for t in (match.first, match.second))
        assert teams == [1, 2, 3, 4]
        return
    pairing = registry.pair_function(code, rules)(_players(8, code), 1)
    paired = sorted(p for board in pairing.boards for p in (board.white, board.black))
    assert paired == list(range(1, 9))
    if code == "FIDE_DUTCH_BAKU":
        # C.04.7: group A (players 1-4) starts with a virtual point, so 1-4 meet first.
        assert {pairing.boards[0].white, pairing.boards[0].black} == {1, 3}
    elif code.startswith("FIDE_DUTCH"):
        assert {pairing.boards[0].white, pairing.boards[0].black} == {1, 5}


def test_the_2017_dutch_rules_are_refused_with_the_reason() -> None:
    with pytest.raises(RegulationsError) as caught:
        _regulations("FIDE_DUTCH_2017")
    message = str(caught.value)
    assert "FIDE_DUTCH_2017" in message and "2026" in message and "not implement" in message
    assert "pairing.system" in message
    with pytest.raises(KeyError, match="does not implement"):
        registry.pair_function("FIDE_DUTCH_2017")


def test_an_unknown_system_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(RegulationsError) as caught:
        _regulations("FIDE_DUTCH_1992")
    assert "FIDE_DUTCH_1992" in str(caught.value) and "XIANGQI_SWISS" in str(caught.value)


def test_the_systems_the_registry_knows_are_the_ones_a_file_may_name() -> None:
    """The 2025 text and the Baku code, which the registry pairs, are accepted (they were
    refused while the loader kept its own list)."""
    for code in ("FIDE_DUTCH_2025", "FIDE_DUTCH_BAKU", "FIDE_DUTCH", "FIDE_TEAM_TYPEB_GP_MP"):
        assert _regulations(code).sections[0].pairing.system == code


@pytest.mark.parametrize(
    ("system", "game", "gaps"),
    [
        # The Dutch engine applies every local rule (floaters first is its default).
        ("FIDE_DUTCH_2026", "chess", set()),
        ("FIDE_DUTCH_BAKU", "chess", set()),
        # The xiangqi Swiss lifts the colour limits in the last round, and nothing else.
        ("XIANGQI_SWISS", "xiangqi", set(LOCAL_RULES) - {"last_round_colour_relaxed"}),
        # The team Swiss applies none.
        ("FIDE_TEAM", "chess", set(LOCAL_RULES)),
    ],
)
def test_local_rules_a_system_does_not_apply_are_listed_as_gaps(
    system: str, game: str, gaps: set[str]
) -> None:
    every_rule = ", ".join(f'"{code}"' for code in LOCAL_RULES)
    regulations = _regulations(system, f", local_rules = [{every_rule}]", game)
    listed = {
        code
        for code, words in LOCAL_RULES.items()
        for gap in regulations.unsupported
        if "local_rules" in gap and words in gap
    }
    assert listed == gaps


def test_the_registry_says_the_dutch_engine_applies_its_own_rules() -> None:
    assert registry.pairing_system("FIDE_DUTCH_2026").local_rules == DUTCH_LOCAL_RULE_CODES
    assert set(LOCAL_RULES) >= DUTCH_LOCAL_RULE_CODES


@pytest.mark.parametrize(
    ("system", "game", "option", "gap"),
    [
        ("FIDE_DUTCH_2026", "chess", ', acceleration = "baku"', None),
        ("XIANGQI_SWISS", "xiangqi", ', acceleration = "baku"', "pairing.acceleration"),
        ("XIANGQI_SWISS", "xiangqi", ', round_one = "lot_adjacent"', None),
        ("FIDE_DUTCH_2026", "chess", ', round_one = "lot_adjacent"', "pairing.round_one"),
        ("XIANGQI_SWISS", "xiangqi", ", max_colour_difference = 2", None),
        ("FIDE_TEAM", "chess", ", max_colour_difference = 2", "pairing.max_colour_difference"),
    ],
)
def test_options_follow_the_registry_entry(
    system: str, game: str, option: str, gap: str | None
) -> None:
    unsupported = _regulations(system, option, game).unsupported
    assert [g for g in unsupported if "pairing." in g and "local_rules" not in g] == (
        [] if gap is None else [pytest.approx(g) for g in unsupported if gap in g]
    )
    assert (gap is None) == (not any("pairing." in g for g in unsupported))
