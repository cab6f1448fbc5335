"""The FIDE_TEAM* codes in the pairing registry (issue 6.2), apart from individual systems."""

from __future__ import annotations

import pytest

from crosstable.pairing.registry import (
    SYSTEMS,
    TEAM_SYSTEMS,
    is_team_system,
    pairing_system,
    team_pair_function,
    team_pairing_system,
)
from crosstable.pairing.team_swiss import ColourPreferenceType, PrimaryScore, TeamSwissVariant


def test_team_codes_are_registered_apart_from_individual_systems() -> None:
    assert is_team_system("fide_team") and not is_team_system("FIDE_DUTCH_2026")
    assert not set(TEAM_SYSTEMS) & set(SYSTEMS)
    with pytest.raises(KeyError, match="team pairing system"):
        pairing_system("FIDE_TEAM")
    with pytest.raises(KeyError, match="unknown team pairing system"):
        team_pairing_system("FIDE_DUTCH_2026")


def test_every_team_code_names_a_variant_the_engine_reads() -> None:
    for code in TEAM_SYSTEMS:
        TeamSwissVariant.parse(code)
    typeb = TeamSwissVariant.parse(team_pairing_system("FIDE_TEAM_TYPEB_GP_MP").code)
    assert typeb.colour_type is ColourPreferenceType.TYPE_B
    assert typeb.primary is PrimaryScore.GAME_POINTS and typeb.secondary_used
    assert callable(team_pair_function("FIDE_TEAM"))


def test_regulations_may_name_every_registered_team_code() -> None:
    from crosstable.pairing.registry import system_codes

    assert set(TEAM_SYSTEMS) <= set(system_codes())
