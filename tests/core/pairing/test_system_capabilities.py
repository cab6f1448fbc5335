"""What a pairing system can do is an attribute of its registry entry, never read from its
code's spelling (issue 30 item 3): initial colour drawn by lot, round 1 by lot, acceleration,
predetermined tables, team or individual. The web app asks the entry; a new system registered
with the Dutch capabilities under a new code is treated as the Dutch one is, everywhere."""

from __future__ import annotations

import re
from pathlib import Path

from crosstable.pairing import registry

ROOT = Path(__file__).resolve().parents[3]

# The modules allowed to read a system code's spelling: the registry itself, the Team Swiss
# engine parsing its own variant codes (C.04.6's FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP…]), the
# words of each code for the pages, and the TRF writer's spelling for the reference engines.
READS_CODES = {
    "src/crosstable/pairing/registry.py",
    "src/crosstable/pairing/team_swiss_variant.py",
    "src/crosstable_web/events/words/pairing_names.py",
    "src/crosstable/formats/trf/writer.py",
}
CODE_TEST = re.compile(
    r"""(startswith|endswith)\(\s*["'](FIDE|XIANGQI)|[!=]=\s*["'](FIDE|XIANGQI)_"""
)


def test_every_system_says_what_it_can_do() -> None:
    for system in registry.SYSTEMS.values():
        assert system.for_teams is False
        assert isinstance(system.initial_colour_by_lot, bool)
        assert isinstance(system.predetermined, bool)
    for team_system in registry.TEAM_SYSTEMS.values():
        assert team_system.for_teams is True
        assert not team_system.initial_colour_by_lot


def test_the_dutch_rules_draw_the_initial_colour_and_accelerate_xiangqi_does_neither() -> None:
    # C.04.3: round 1's colour by lot; C.04.7: Baku acceleration, applied by the Dutch engine.
    for code in ("FIDE_DUTCH_2026", "FIDE_DUTCH_2025", "FIDE_DUTCH", "FIDE_DUTCH_BAKU"):
        dutch = registry.pairing_system(code)
        assert dutch.initial_colour_by_lot and dutch.acceleration
    xiangqi = registry.pairing_system("XIANGQI_SWISS")
    # 《象棋竞赛规则》 Appendix 2: round 1 halves by lot, a colour limit, no acceleration.
    assert xiangqi.round_one_by_lot and xiangqi.colour_difference_limit
    assert not xiangqi.initial_colour_by_lot and not xiangqi.acceleration


def test_the_default_system_is_a_registered_individual_system() -> None:
    assert registry.DEFAULT_SYSTEM == "FIDE_DUTCH_2026"
    assert registry.any_system(registry.DEFAULT_SYSTEM).for_teams is False


def test_no_module_outside_the_registry_tests_a_system_code_by_its_spelling() -> None:
    found = []
    for path in sorted((ROOT / "src").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative in READS_CODES or "/migrations/" in relative:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if CODE_TEST.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert found == []


def test_each_system_names_its_rules_family() -> None:
    families = {code: system.family for code, system in registry.SYSTEMS.items()}
    assert families == {
        "FIDE_DUTCH_2026": "dutch",
        "FIDE_DUTCH_2025": "dutch",
        "FIDE_DUTCH": "dutch",
        "FIDE_DUTCH_BAKU": "dutch",
        "FIDE_DOUBLESWISS": "double_swiss",
        "FIDE_BURSTEIN": "burstein",
        "XIANGQI_SWISS": "xiangqi",
        "FIDE_ROUNDROBIN": "round_robin",
        "FIDE_DOUBLEROUNDROBIN": "round_robin",
        "BERGER_DOUBLEROUNDROBIN": "round_robin",
        "BERGER_ROUNDROBIN": "round_robin",
        "BERGER_ROUNDROBIN_G1": "round_robin",
        "BERGER_ROUNDROBIN_G2": "round_robin",
    }
    assert {system.family for system in registry.TEAM_SYSTEMS.values()} == {"team_swiss"}
