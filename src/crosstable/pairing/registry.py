"""Pairing systems by their TRF-2026 system codes (record 192, ETT26; older files use 092).

Each entry names the function that pairs one round and the rule edition it implements, so
that the CLI, the web app and the conformance checker pick a system the same way.

Individual systems (``SYSTEMS``) pair players and return a ``RoundPairing``; team systems
(``TEAM_SYSTEMS``, the ``FIDE_TEAM*`` codes of C.04.6) pair teams and return a
``TeamRoundPairing``. The two tables are apart because their results are different things:
``pairing_system`` / ``pair_function`` look up individual systems only (a team code there is a
KeyError saying so), ``team_pairing_system`` / ``team_pair_function`` team systems, and
``is_team_system`` tells which table a code belongs to.

What a system can do is said by its entry's attributes, never by its code's spelling:
``acceleration``, ``round_one_by_lot``, ``colour_difference_limit``, ``local_rules``,
``initial_colour_by_lot`` (round 1's colour drawn by lot), ``predetermined`` (tables fixed
before round 1), ``for_teams``, ``family`` (the rules, as ``crosstable engine --dutch`` names
them); ``code`` is the TRF-2026 record-192 code. Adding a system is
one entry here (and its words in ``crosstable_web/events/words/pairing_names.py``, else pages
show its code; docs/dev/extending.md).

This is the one list of pairing systems: the regulations loader accepts the codes here
(:func:`system_codes`) and names the ``[pairing]`` options a system does not apply from its
entry (local rules, acceleration, round 1 by lot, colour-difference limit); the web app's
choices, the CLI and the conformance checker look systems up here. A code that names rules
crosstable does not implement is refused with the reason (:data:`REFUSED`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any, Protocol

from crosstable.message import Code, Message
from crosstable.model import ScoringSystem, Tournament
from crosstable.pairing.base import RoundPairing, TeamRoundPairing
from crosstable.pairing.local_rules import DUTCH_LOCAL_RULE_CODES
from crosstable.pairing.rules import LAST_ROUND_COLOUR_RELAXED, PairingRules

PairFunction = Callable[[Tournament, "int | None"], RoundPairing]


class ConfigurablePairFunction(Protocol):
    """A system's pairing of one round under a section's ``[pairing]`` options (None:
    defaults). ``numbers_drawn``: the pairing numbers were drawn by lot (the web app's "by
    lot" numbering), so a round 1 "by lot" pairs them as they are instead of drawing again;
    systems without a round-1 lot ignore it."""

    def __call__(
        self,
        tournament: Tournament,
        round_number: int | None = None,
        rules: PairingRules | None = None,
        *,
        numbers_drawn: bool = False,
    ) -> RoundPairing: ...


TeamPairFunction = Callable[[Tournament, "int | None"], TeamRoundPairing]


@dataclasses.dataclass(frozen=True, slots=True)
class PairingSystem:
    """A registered pairing system."""

    code: str
    """The TRF-2026 system code, e.g. ``FIDE_DUTCH_2026``."""
    name: str
    edition: str
    """The rules implemented, e.g. ``C.04.3 (2026)``."""
    pair_round: ConfigurablePairFunction
    note: str = ""
    local_rules: frozenset[str] = frozenset()
    """The local rules (``crosstable.pairing.rules.LOCAL_RULES``) the engine applies."""
    acceleration: bool = False
    """Whether the engine applies ``[pairing] acceleration`` (C.04.7, Baku)."""
    round_one_by_lot: bool = False
    """Whether the engine draws round 1 by lot when ``[pairing] round_one`` asks for it."""
    colour_difference_limit: bool = False
    """Whether the engine applies ``[pairing] max_colour_difference``."""
    initial_colour_by_lot: bool = False
    """Whether round 1's initial colour is drawn by lot before the round when the regulations
    fix none (C.04.3: the Dutch rules; the web app draws it from the event's seed in FIDE
    mode, ``events/lots.py``); a system without it lets its engine choose."""
    predetermined: bool = False
    """Whether the pairings follow tables fixed before round 1 (round robin, Berger) rather
    than each round's standings: no round can be re-paired by the engine after a change."""
    for_teams: bool = False
    """An individual system pairs players (False); a team system pairs teams
    (:class:`TeamPairingSystem`, True)."""
    family: str = ""
    """The rules the system belongs to, as the engine command's options name them
    (``crosstable engine --dutch`` pairs a ``"dutch"`` system and refuses any other)."""
    games_per_pairing: int = 1
    """Games each pairing plays: 2 for the Double-Swiss system, whose match of two games is
    two rounds of the section (the second pairs the first's boards with colours reversed);
    a section's number of rounds is then a multiple of it, and the pairing-allocated bye of
    each of its rounds is worth its share of the match's
    (:func:`crosstable.pairing.double_swiss.pab_points_per_game`)."""
    alias_of: str = ""
    """Another spelling of the registered system named here (TRF-2026's table gives a round
    robin several codes; the unversioned ``FIDE_DUTCH`` is the rules in force): read wherever
    a file or section names it, paired the same way, not offered in the forms' lists
    (:func:`offered_codes`)."""


def _dutch(
    tournament: Tournament,
    round_number: int | None = None,
    rules: PairingRules | None = None,
    *,
    numbers_drawn: bool = False,
) -> RoundPairing:
    from crosstable.pairing.acceleration import with_acceleration
    from crosstable.pairing.dutch import local_rules_from, pair_round

    local_rules = None if rules is None else local_rules_from(rules)
    # C.04.7: Baku when record 192 names it or the section asks for it (explicit 250/XXA win).
    accelerated = with_acceleration(tournament, None if rules is None else rules.acceleration)
    return pair_round(accelerated, round_number, local_rules=local_rules)


def _dutch_baku(
    tournament: Tournament,
    round_number: int | None = None,
    rules: PairingRules | None = None,
    *,
    numbers_drawn: bool = False,
) -> RoundPairing:
    from crosstable.pairing.acceleration import BAKU, with_acceleration

    return _dutch(with_acceleration(tournament, BAKU), round_number, rules)


def _xiangqi(
    tournament: Tournament,
    round_number: int | None = None,
    rules: PairingRules | None = None,
    *,
    numbers_drawn: bool = False,
) -> RoundPairing:
    from crosstable.pairing.xiangqi import XiangqiOptions, options_from_rules, pair_round

    options = XiangqiOptions() if rules is None else options_from_rules(rules)
    if numbers_drawn:
        options = dataclasses.replace(options, numbers_are_drawn=True)
    return pair_round(tournament, round_number, options=options)


def _round_robin(cycles: int, *, exchange: bool = True) -> ConfigurablePairFunction:
    def pair(
        tournament: Tournament,
        round_number: int | None = None,
        rules: PairingRules | None = None,
        *,
        numbers_drawn: bool = False,
    ) -> RoundPairing:
        from crosstable.pairing.round_robin import pair_round

        return pair_round(tournament, round_number, cycles=cycles, exchange=exchange)

    return pair


def _burstein(
    tournament: Tournament,
    round_number: int | None = None,
    rules: PairingRules | None = None,
    *,
    numbers_drawn: bool = False,
) -> RoundPairing:
    from crosstable.pairing.burstein import pair_round

    return pair_round(tournament, round_number)


_BURSTEIN = (
    "C.04.4.2 Burstein system, the text before 2017 (opposition index: Sonneborn-Berger, "
    "Buchholz, Median), with its acceleration of rounds 1 and 2"
)

_BERGER = "C.05 Annex 1: FIDE's Berger tables"


def _double_swiss(
    tournament: Tournament,
    round_number: int | None = None,
    rules: PairingRules | None = None,
    *,
    numbers_drawn: bool = False,
) -> RoundPairing:
    from crosstable.pairing.double_swiss import pair_round

    return pair_round(tournament, round_number)


_DUTCH_2026 = "C.04.3 (2026): FIDE (Dutch) system in force since 1 February 2026"

_DUTCH_OPTIONS: dict[str, Any] = {
    "local_rules": DUTCH_LOCAL_RULE_CODES,
    "acceleration": True,
    "initial_colour_by_lot": True,
    "family": "dutch",
}

DEFAULT_SYSTEM = "FIDE_DUTCH_2026"
"""The system a new section gets when nothing names one (the forms' first choice, a
section row's default, a TRF file without record 192): the Dutch rules in force."""

SYSTEMS: dict[str, PairingSystem] = {
    system.code: system
    for system in (
        PairingSystem(
            "FIDE_DUTCH_2026", "FIDE (Dutch) system", _DUTCH_2026, _dutch, **_DUTCH_OPTIONS
        ),
        PairingSystem(
            "FIDE_DUTCH_2025",
            "FIDE (Dutch) system",
            _DUTCH_2026,
            _dutch,
            "the 2025 text, whose application was postponed to 2026 (same rules)",
            **_DUTCH_OPTIONS,
        ),
        PairingSystem(
            "FIDE_DUTCH",
            "FIDE (Dutch) system",
            _DUTCH_2026,
            _dutch,
            "unversioned code: paired with the rules in force",
            alias_of="FIDE_DUTCH_2026",
            **_DUTCH_OPTIONS,
        ),
        PairingSystem(
            "FIDE_DUTCH_BAKU",
            "FIDE (Dutch) system with Baku acceleration",
            _DUTCH_2026 + "; C.04.7 (2026) Baku acceleration",
            _dutch_baku,
            "the standard Baku virtual points, unless the tournament has its own (TRF 250 / XXA)",
            **_DUTCH_OPTIONS,
        ),
        PairingSystem(
            "FIDE_BURSTEIN",
            "Burstein system",
            _BURSTEIN,
            _burstein,
            "the text bbpPairings implements (not the 2026 text: docs/pairing/burstein.md); "
            "rounds 1-2 accelerated unless the tournament names its own acceleration",
            initial_colour_by_lot=True,
            family="burstein",
        ),
        PairingSystem(
            "FIDE_DOUBLESWISS",
            "FIDE Double-Swiss system",
            "C.04.5 (2026): FIDE Double-Swiss system in force since 1 February 2026",
            _double_swiss,
            "a match of two games is two rounds of the section (docs/pairing/double_swiss.md):"
            " odd rounds pair the matches, even rounds give game 2 with the colours reversed",
            initial_colour_by_lot=True,
            games_per_pairing=2,
            family="double_swiss",
        ),
        PairingSystem(
            "XIANGQI_SWISS",
            "Xiangqi Swiss system (积分编排制)",
            "《象棋竞赛规则》2011, Appendix 2",
            _xiangqi,
            "options from the section's [pairing] table (pair_function(code, rules)); "
            "without them: round 1 halves by lot, no colour limit",
            local_rules=frozenset({LAST_ROUND_COLOUR_RELAXED}),
            round_one_by_lot=True,
            colour_difference_limit=True,
            family="xiangqi",
        ),
        PairingSystem(
            "FIDE_ROUNDROBIN",
            "Round robin (Berger tables)",
            _BERGER,
            _round_robin(1),
            "every player meets every other once; the free round of an odd field is a rest; "
            "docs/pairing/round_robin.md",
            predetermined=True,
            family="round_robin",
        ),
        PairingSystem(
            "FIDE_DOUBLEROUNDROBIN",
            "Double round robin (Berger tables)",
            _BERGER,
            _round_robin(2),
            "the table twice, colours reversed in the second cycle, the first cycle's last two "
            "rounds exchanged; docs/pairing/round_robin.md",
            predetermined=True,
            family="round_robin",
        ),
        PairingSystem(
            "BERGER_DOUBLEROUNDROBIN",
            "Double round robin (Berger tables played twice)",
            _BERGER,
            _round_robin(2, exchange=False),
            "TRF-2026's BERGER_ROUNDROBIN_G2: the table twice as it is, colours reversed in "
            "the second cycle, no rounds exchanged (FIDE_DOUBLEROUNDROBIN exchanges the first "
            "cycle's last two); docs/pairing/round_robin.md",
            predetermined=True,
            family="round_robin",
        ),
        *(
            PairingSystem(
                alias,
                "Round robin (Berger tables)",
                _BERGER,
                _round_robin(1),
                f"TRF-2026's other spelling of {target}",
                predetermined=True,
                family="round_robin",
                alias_of=target,
            )
            for alias, target in (
                ("BERGER_ROUNDROBIN", "FIDE_ROUNDROBIN"),
                ("BERGER_ROUNDROBIN_G1", "FIDE_ROUNDROBIN"),
            )
        ),
        PairingSystem(
            "BERGER_ROUNDROBIN_G2",
            "Double round robin (Berger tables played twice)",
            _BERGER,
            _round_robin(2, exchange=False),
            "TRF-2026's other spelling of BERGER_DOUBLEROUNDROBIN",
            predetermined=True,
            family="round_robin",
            alias_of="BERGER_DOUBLEROUNDROBIN",
        ),
    )
}

REFUSED: dict[str, Message] = {
    "FIDE_DUTCH_2017": Message(
        "%(system)s names the Dutch rules of 2017 (C.04.3 in force until 31 January "
        "2026), which crosstable does not implement: it pairs by the 2026 rules "
        "(%(current)s), whose criteria ([C1]-[C21] against C.1-C.19) and bye "
        "eligibility differ",
        system=Code("FIDE_DUTCH_2017", quoted=False),
        current=Code("FIDE_DUTCH_2026", quoted=False),
    ),
}
"""System codes of rules crosstable does not implement -> why (said when a file names one)."""


@dataclasses.dataclass(frozen=True, slots=True)
class TeamPairingSystem:
    """A registered team pairing system: pairs teams, not players."""

    code: str
    name: str
    edition: str
    pair_team_round: TeamPairFunction
    note: str = ""
    local_rules: frozenset[str] = frozenset()
    """None of the ``[pairing]`` options below applies to teams (C.04.6 has its own rules)."""
    acceleration: bool = False
    round_one_by_lot: bool = False
    colour_difference_limit: bool = False
    initial_colour_by_lot: bool = False
    predetermined: bool = False
    for_teams: bool = True
    family: str = "team_swiss"
    games_per_pairing: int = 1
    alias_of: str = ""
    """The code of the same variant under another spelling (``FIDE_TEAM_TYPEA_MP_GP`` is
    what ``FIDE_TEAM`` already means): read wherever named, not offered in the lists."""


def _team_variant(code: str) -> TeamPairFunction:
    def pair(tournament: Tournament, round_number: int | None = None) -> TeamRoundPairing:
        from crosstable.pairing.team_swiss import pair_team_round

        return pair_team_round(tournament, round_number, variant=code)

    return pair


_TEAM_2026 = "C.04.6 (2026): FIDE Team Swiss system"
_TEAM_CODES = {
    "FIDE_TEAM": "Type A colours, ranked and paired on match points, game points second",
    "FIDE_TEAM_TYPEA": "Type A colour preferences, match points first",
    "FIDE_TEAM_TYPEB": "Type B colour preferences, match points first",
    "FIDE_TEAM_MP": "no colour preferences, match points only",
    "FIDE_TEAM_GP": "no colour preferences, game points only",
    "FIDE_TEAM_MP_GP": "no colour preferences, match points then game points",
    "FIDE_TEAM_GP_MP": "no colour preferences, game points then match points",
    "FIDE_TEAM_TYPEA_MP": "Type A colours, match points only",
    "FIDE_TEAM_TYPEA_GP": "Type A colours, game points only",
    "FIDE_TEAM_TYPEA_MP_GP": "Type A colours, match points then game points",
    "FIDE_TEAM_TYPEA_GP_MP": "Type A colours, game points then match points",
    "FIDE_TEAM_TYPEB_MP": "Type B colours, match points only",
    "FIDE_TEAM_TYPEB_GP": "Type B colours, game points only",
    "FIDE_TEAM_TYPEB_MP_GP": "Type B colours, match points then game points",
    "FIDE_TEAM_TYPEB_GP_MP": "Type B colours, game points then match points",
}

_TEAM_SAME_AS = {"FIDE_TEAM_TYPEA_MP_GP": "FIDE_TEAM"}
"""Team codes that mean what another code already means (C.04.6's default is Type A colours,
match points then game points): offered once, under the shorter code the examples use."""

TEAM_SYSTEMS: dict[str, TeamPairingSystem] = {
    code: TeamPairingSystem(
        code,
        "FIDE Team Swiss system",
        _TEAM_2026,
        _team_variant(code),
        note,
        alias_of=_TEAM_SAME_AS.get(code, ""),
    )
    for code, note in _TEAM_CODES.items()
}


def scoring_for(code: str, scoring: ScoringSystem) -> ScoringSystem:
    """``scoring`` as a section paired by ``code`` counts it: a system whose pairing is a
    match of several games (``games_per_pairing``) records each game as a round, so its
    pairing-allocated bye, unless set, is the match's bye shared by its rounds (C.04.5 art.
    3.4: a game won and a game drawn, 1½, is ¾ a round). Unknown codes change nothing."""
    key = code.strip().upper()
    system = SYSTEMS.get(key) or TEAM_SYSTEMS.get(key)
    games = 1 if system is None else system.games_per_pairing
    if games == 1 or scoring.pairing_bye is not None:
        return scoring
    return dataclasses.replace(scoring, pairing_bye=(scoring.win + scoring.draw) / games)


_MORE_CYCLES = re.compile(r"^BERGER_ROUNDROBIN_G\d+$")
"""TRF-2026's round robin played n times: n = 1 and 2 are registered, more are refused."""


def system_codes() -> tuple[str, ...]:
    """Every code a regulations file or a section may name: the individual systems, then the
    team systems."""
    return (*SYSTEMS, *TEAM_SYSTEMS)


def offered_codes(*, teams: bool) -> tuple[str, ...]:
    """The codes a section may choose from: the team systems for a team section, the
    individual systems for any other (every registered one, in the registry's order: a system
    added here is offered by every form without more), each once: a code that is another
    spelling of an offered one (``alias_of``) is read but not offered, so no list shows two
    entries of the same words."""
    if teams:
        return tuple(code for code, team in TEAM_SYSTEMS.items() if not team.alias_of)
    return tuple(code for code, system in SYSTEMS.items() if not system.alias_of)


def any_system(code: str) -> PairingSystem | TeamPairingSystem:
    """The individual or team system registered under ``code``; KeyError naming the known
    codes (or why a refused one is refused) otherwise."""
    key = code.strip().upper()
    return TEAM_SYSTEMS[key] if key in TEAM_SYSTEMS else pairing_system(code)


def is_team_system(code: str) -> bool:
    """True when ``code`` names a registered team pairing system."""
    return code.strip().upper() in TEAM_SYSTEMS


def pairing_system(code: str) -> PairingSystem:
    """The individual system registered under ``code`` (case-insensitive); KeyError naming
    the known codes otherwise (and saying so when ``code`` is a team system)."""
    key = code.strip().upper()
    try:
        return SYSTEMS[key]
    except KeyError:
        if key in TEAM_SYSTEMS:
            raise KeyError(
                f"{code!r} is a team pairing system: use team_pairing_system()"
            ) from None
        if key in REFUSED:
            raise KeyError(str(REFUSED[key])) from None
        if _MORE_CYCLES.match(key):
            raise KeyError(
                f"{code!r}: a round robin whose games are played {key.rsplit('_G', 1)[1]} "
                "times; crosstable pairs the Berger tables once or twice "
                "(BERGER_ROUNDROBIN_G1, BERGER_ROUNDROBIN_G2)"
            ) from None
        known = ", ".join(sorted(SYSTEMS))
        raise KeyError(f"unknown pairing system {code!r} (known: {known})") from None


def team_pairing_system(code: str) -> TeamPairingSystem:
    """The team system registered under ``code`` (case-insensitive); KeyError otherwise."""
    key = code.strip().upper()
    try:
        return TEAM_SYSTEMS[key]
    except KeyError:
        known = ", ".join(sorted(TEAM_SYSTEMS))
        raise KeyError(f"unknown team pairing system {code!r} (known: {known})") from None


def team_pair_function(code: str) -> TeamPairFunction:
    """The function pairing one team round for the team system ``code``."""
    return team_pairing_system(code).pair_team_round


def pair_function(
    code: str, rules: PairingRules | None = None, *, numbers_drawn: bool = False
) -> PairFunction:
    """The function pairing one round for the system ``code``, under a section's ``[pairing]``
    options (local rules, round-1 and colour options) when ``rules`` is given;
    ``numbers_drawn``: the players' pairing numbers were drawn by lot
    (:class:`ConfigurablePairFunction`)."""
    pair_round = pairing_system(code).pair_round

    def pair(tournament: Tournament, round_number: int | None = None) -> RoundPairing:
        return pair_round(tournament, round_number, rules, numbers_drawn=numbers_drawn)

    return pair
