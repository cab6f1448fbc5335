"""How the pages name a pairing system: words in the reader's language for the TRF-2026
system codes of ``crosstable.pairing.registry`` (``FIDE_DUTCH_2026`` → "FIDE Dutch system",
瑞士制（荷兰制）; ``XIANGQI_SWISS`` → 积分编排制), so no page shows the code itself. A code
without words here is shown as written (``tests/web/events/test_pairing_names.py`` checks that
every registered code has words)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from crosstable.pairing.registry import SYSTEMS, TEAM_SYSTEMS

_DUTCH = gettext_lazy("FIDE Swiss system (Dutch)")
_NAMES: dict[str, Promise] = {
    "FIDE_DUTCH_2026": _DUTCH,
    "FIDE_DUTCH_2025": _DUTCH,
    "FIDE_DUTCH": _DUTCH,
    "FIDE_DUTCH_BAKU": gettext_lazy("FIDE Swiss system (Dutch) with Baku acceleration"),
    "XIANGQI_SWISS": gettext_lazy("Xiangqi Swiss system"),
    **{code: gettext_lazy("FIDE Team Swiss system") for code in TEAM_SYSTEMS},
}


def system_name(code: str) -> str:
    """The pairing system ``code`` in words in the active language (the code if unknown)."""
    name = _NAMES.get(code.strip().upper())
    return code if name is None else str(name)


def known_codes() -> set[str]:
    """The codes that have words here (the test compares them with the registry)."""
    return set(_NAMES)


def registered_codes() -> set[str]:
    return set(SYSTEMS) | set(TEAM_SYSTEMS)
