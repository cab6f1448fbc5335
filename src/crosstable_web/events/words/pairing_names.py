"""How the pages name a pairing system: words in the reader's language for the TRF-2026
system codes of ``crosstable.pairing.registry`` (``FIDE_DUTCH_2026`` → "FIDE Dutch system",
瑞士制（荷兰制）; ``XIANGQI_SWISS`` → 积分编排制), so no page shows the code itself. A code
without words here is shown as written (``tests/web/events/test_pairing_names.py`` checks that
every registered code has words)."""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from crosstable.pairing.registry import SYSTEMS, TEAM_SYSTEMS, offered_codes

_DUTCH = gettext_lazy("FIDE Swiss system (Dutch)")
_NAMES: dict[str, Promise] = {
    "FIDE_DUTCH_2026": _DUTCH,
    "FIDE_DUTCH_2025": _DUTCH,
    "FIDE_DUTCH": _DUTCH,
    "FIDE_DUTCH_BAKU": gettext_lazy("FIDE Swiss system (Dutch) with Baku acceleration"),
    "FIDE_DOUBLESWISS": gettext_lazy("FIDE Double-Swiss system"),
    "FIDE_BURSTEIN": gettext_lazy("FIDE Swiss system (Burstein)"),
    "XIANGQI_SWISS": gettext_lazy("Xiangqi Swiss system"),
    "FIDE_ROUNDROBIN": gettext_lazy("Round robin (Berger tables)"),
    "FIDE_DOUBLEROUNDROBIN": gettext_lazy("Double round robin (Berger tables)"),
    # TRF-2026's other codes of a round robin (registry entries with alias_of)
    "BERGER_ROUNDROBIN": gettext_lazy("Round robin (Berger tables)"),
    "BERGER_ROUNDROBIN_G1": gettext_lazy("Round robin (Berger tables)"),
    "BERGER_DOUBLEROUNDROBIN": gettext_lazy("Double round robin (Berger tables played twice)"),
    "BERGER_ROUNDROBIN_G2": gettext_lazy("Double round robin (Berger tables played twice)"),
    **{code: gettext_lazy("FIDE Team Swiss system") for code in TEAM_SYSTEMS},
}


def system_name(code: str) -> str:
    """The pairing system ``code`` in words in the active language (the code if unknown)."""
    name = _NAMES.get(code.strip().upper())
    return code if name is None else str(name)


_TEAM_COLOURS = {
    "TYPEA": gettext_lazy("type A colour preferences"),
    "TYPEB": gettext_lazy("type B colour preferences"),
    "": gettext_lazy("no colour preferences"),
}
_TEAM_SCORES = {
    "": gettext_lazy("match points first"),
    "MP": gettext_lazy("match points only"),
    "GP": gettext_lazy("game points only"),
    "MP_GP": gettext_lazy("match points then game points"),
    "GP_MP": gettext_lazy("game points then match points"),
}


def system_choice_name(code: str) -> str:
    """A pairing system in a list to choose from: its name, and what tells it from the
    systems of the same name (the rules' year; a team system's colours and scores, as
    ``crosstable.pairing.registry`` describes each code)."""
    key = code.strip().upper()
    year = key.removeprefix("FIDE_DUTCH_")
    if year.isdigit() and year != "2026":
        return gettext("FIDE Swiss system (Dutch), %(year)s rules") % {"year": year}
    if key == "FIDE_TEAM":  # the registry: Type A, match points then game points
        colours, scores = "TYPEA", "MP_GP"
    elif key.startswith("FIDE_TEAM_"):
        rest = key.removeprefix("FIDE_TEAM_")
        colours = next((c for c in ("TYPEA", "TYPEB") if rest.startswith(c)), "")
        scores = rest.removeprefix(colours).strip("_")
    else:
        return system_name(code)
    if colours not in _TEAM_COLOURS or scores not in _TEAM_SCORES:
        return system_name(code)
    return f"{system_name(code)}: {_TEAM_COLOURS[colours]}, {_TEAM_SCORES[scores]}"


def known_codes() -> set[str]:
    """The codes that have words here (the test compares them with the registry)."""
    return set(_NAMES)


def registered_codes() -> set[str]:
    return set(SYSTEMS) | set(TEAM_SYSTEMS)


def settings_system_choices(current: str) -> list[tuple[str, str]]:
    """The systems a section's settings offer (individual, then team, the team Swiss's
    colour variants with them: the Sections form is the one place a section's system is
    chosen), each once, and the section's ``current`` code when it is not among them
    (another spelling such as ``FIDE_DUTCH``, kept as it is and told apart in words, never
    silently changed)."""
    codes = [*offered_codes(teams=False), *offered_codes(teams=True)]
    choices = [(code, system_choice_name(code)) for code in codes]
    if current and current not in codes:
        choices.append(
            (
                current,
                gettext("%(system)s (as the regulations file spells it)")
                % {"system": system_choice_name(current)},
            )
        )
    return choices


def system_choices(teams: bool | None) -> list[Any]:
    """The pairing systems a form offers, named (:func:`system_choice_name`): a team
    section's the registry's team systems, an individual section's its individual ones
    (``registry.offered_codes``); ``None`` (a section not created yet, which either may be):
    both, each list under its heading."""
    if teams is not None:
        return [(code, system_choice_name(code)) for code in offered_codes(teams=teams)]
    return [
        (
            gettext("Individual pairing systems"),
            [(code, system_choice_name(code)) for code in offered_codes(teams=False)],
        ),
        (
            gettext("Team pairing systems"),
            [(code, system_choice_name(code)) for code in offered_codes(teams=True)],
        ),
    ]
