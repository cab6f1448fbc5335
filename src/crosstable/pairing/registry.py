"""Pairing systems by their TRF-2026 system codes (record 192, ETT26; older files use 092).

Each entry names the function that pairs one round and the rule edition it implements, so
that the CLI, the web app and the conformance checker pick a system the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from crosstable.model import Tournament
from crosstable.pairing.base import RoundPairing

PairFunction = Callable[[Tournament, "int | None"], RoundPairing]


@dataclasses.dataclass(frozen=True, slots=True)
class PairingSystem:
    """A registered pairing system."""

    code: str
    """The TRF-2026 system code, e.g. ``FIDE_DUTCH_2026``."""
    name: str
    edition: str
    """The rules implemented, e.g. ``C.04.3 (2026)``."""
    pair_round: PairFunction
    note: str = ""


def _dutch(tournament: Tournament, round_number: int | None = None) -> RoundPairing:
    from crosstable.pairing.dutch import pair_round

    return pair_round(tournament, round_number)


def _xiangqi(tournament: Tournament, round_number: int | None = None) -> RoundPairing:
    from crosstable.pairing.xiangqi import pair_round

    return pair_round(tournament, round_number)


_DUTCH_2026 = "C.04.3 (2026): FIDE (Dutch) system in force since 1 February 2026"

SYSTEMS: dict[str, PairingSystem] = {
    system.code: system
    for system in (
        PairingSystem("FIDE_DUTCH_2026", "FIDE (Dutch) system", _DUTCH_2026, _dutch),
        PairingSystem(
            "FIDE_DUTCH_2025",
            "FIDE (Dutch) system",
            _DUTCH_2026,
            _dutch,
            "the 2025 text, whose application was postponed to 2026 (same rules)",
        ),
        PairingSystem(
            "FIDE_DUTCH",
            "FIDE (Dutch) system",
            _DUTCH_2026,
            _dutch,
            "unversioned code: paired with the rules in force",
        ),
        PairingSystem(
            "FIDE_DUTCH_BAKU",
            "FIDE (Dutch) system with Baku acceleration",
            _DUTCH_2026 + "; C.04.7 acceleration from the tournament's virtual points",
            _dutch,
            "the virtual points come from the tournament's accelerations (TRF 250 / XXA)",
        ),
        PairingSystem(
            "XIANGQI_SWISS",
            "Xiangqi Swiss system (积分编排制)",
            "《象棋竞赛规则》2011, Appendix 2",
            _xiangqi,
            "default options (round 1 halves by lot, no colour limit); a section's regulation "
            "options go through crosstable.pairing.xiangqi.pair_round(..., options=...)",
        ),
    )
}


def pairing_system(code: str) -> PairingSystem:
    """The system registered under ``code`` (case-insensitive); KeyError naming the known
    codes otherwise."""
    key = code.strip().upper()
    try:
        return SYSTEMS[key]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise KeyError(f"unknown pairing system {code!r} (known: {known})") from None


def pair_function(code: str) -> PairFunction:
    """The function pairing one round for the system ``code``."""
    return pairing_system(code).pair_round
