"""The tie-break registry: every tie-break by its official code (C.07 2026 Art. 5 / MTB26),
with the metadata docs/tiebreaks.md and the CLI's help are made from.

A tie-break either gives every participant a *value* (compared in its natural direction) or,
for type-A tie-breaks (DE, EDE, TBR, BBE, 直胜), *splits* a group of tied participants.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, TypeAlias

from crosstable.tiebreaks import (
    buchholz,
    chinese,
    counts,
    direct_encounter,
    performance,
    progressive,
    sonneborn_berger,
)
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import TiebreakSpec, parse_descriptor
from crosstable.tiebreaks.team import (
    BOARD_GAME_COUNTS,
    TeamContext,
    TeamSplitFunction,
    TeamValueFunction,
    board_count,
    bottom_board_elimination,
    esb,
    extended_direct_encounter,
    game_points,
    match_points,
    score_strength_combination,
    secondary_score,
    top_board_result,
)
from crosstable.tiebreaks.value import TiebreakValue

ValueFunction: TypeAlias = Callable[[IndividualContext, TiebreakSpec], Mapping[int, TiebreakValue]]
SplitFunction: TypeAlias = Callable[[IndividualContext, TiebreakSpec, list[int]], list[list[int]]]


class UnknownTiebreakError(ValueError):
    """A code that is not in the registry, or a modifier the tie-break does not take."""


@dataclasses.dataclass(frozen=True, slots=True)
class TiebreakDefinition:
    """A tie-break: its code, what it means and how it is computed."""

    code: str
    name: str
    article: str
    """Where it is defined (C.07 2026 article, or the Chinese rule)."""
    definition: str
    unplayed: str
    """How unplayed rounds are handled."""
    source: str
    modifiers: str = ""
    """Allowed modifiers: C (Cut-n), M (Median-n), L (limit), K, P, F, R; S (:MP/:GP)."""
    lower_is_better: bool = False
    values: ValueFunction | None = None
    split: SplitFunction | None = None
    team_values: TeamValueFunction | None = None
    team_split: TeamSplitFunction | None = None
    aliases: tuple[str, ...] = ()

    @property
    def for_individuals(self) -> bool:
        return self.values is not None or self.split is not None

    @property
    def for_teams(self) -> bool:
        return self.for_individuals or self.team_values is not None or self.team_split is not None


_C07 = "FIDE C.07 (2026)"
_XQ = "象棋竞赛规则 Art. 14"
_ART16 = "Art. 16: opponents' category-5 rounds count as draws; own unplayed rounds against a dummy"
_OTB = "only games played over the board"
_OWN = "counts the points actually awarded"

_DEFINITIONS: tuple[TiebreakDefinition, ...] = (
    TiebreakDefinition(
        "DE",
        "Direct encounter",
        "6",
        "points in the games among the tied participants; "
        "Swiss: a participant ranks first only if alone on top whatever the missing games",
        "forfeits excluded (unless /P or predetermined pairings)",
        _C07,
        "P",
        split=direct_encounter.direct_encounter_split,
    ),
    TiebreakDefinition(
        "WIN",
        "Number of wins",
        "7.1",
        "rounds with the points of a win, played or not",
        "forfeit wins and byes worth a win count",
        _C07,
        values=counts.wins,
        aliases=("胜局",),
    ),
    TiebreakDefinition(
        "WON",
        "Games won",
        "7.2",
        "games won over the board",
        _OTB,
        _C07,
        values=counts.games_won,
    ),
    TiebreakDefinition(
        "BPG",
        "Games played with Black",
        "7.3",
        "games played over the board with Black (xiangqi: as second mover)",
        _OTB,
        _C07,
        values=counts.black_games,
        aliases=("后走局数",),
    ),
    TiebreakDefinition(
        "BWG",
        "Games won with Black",
        "7.4",
        "games won over the board with Black",
        _OTB,
        _C07,
        values=counts.black_wins,
        aliases=("后胜局",),
    ),
    TiebreakDefinition(
        "PS",
        "Progressive scores",
        "7.5",
        "Σ of the cumulative score after each round; Cut-n drops the first n",
        _OWN,
        _C07,
        "C",
        values=progressive.progressive_score,
    ),
    TiebreakDefinition(
        "REP",
        "Rounds one elected to play",
        "7.6",
        "rounds minus half-point byes, zero-point byes and forfeit losses (was GE)",
        "VURs are the rounds not counted",
        _C07,
        values=counts.rounds_elected_to_play,
        aliases=("GE",),
    ),
    TiebreakDefinition(
        "STD",
        "Standard points",
        "7.7",
        "1 per round scoring more than the opponent (or more "
        "than a draw without opponent), ½ per equal round (or a draw's points)",
        "byes by their value against a draw; forfeit loss 0",
        _C07,
        values=counts.standard_points,
    ),
    TiebreakDefinition(
        "TPN",
        "Tournament pairing number",
        "7.8",
        "the final pairing number, smaller first",
        "not affected",
        _C07,
        "R",
        lower_is_better=True,
        values=counts.pairing_number,
    ),
    TiebreakDefinition(
        "BH",
        "Buchholz",
        "8.1",
        "Σ of the opponents' adjusted scores",
        _ART16,
        _C07,
        "CMPFS",
        values=buchholz.buchholz,
    ),
    TiebreakDefinition(
        "AOB",
        "Average of opponents' Buchholz",
        "8.2",
        "mean BH (FB with /F) of the opponents met over the board, exact",
        _OTB + "; their BH per Art. 16",
        _C07,
        "F",
        values=buchholz.average_of_buchholz,
    ),
    TiebreakDefinition(
        "FB",
        "Fore Buchholz",
        "8.3",
        "BH with every paired final-round game taken as a draw",
        _ART16,
        _C07,
        "CMPS",
        values=buchholz.fore_buchholz,
    ),
    TiebreakDefinition(
        "SB",
        "Sonneborn-Berger",
        "9.1",
        "Σ of opponent's adjusted score × points scored against him",
        _ART16 + "; Cut: VUR exception of 16.5",
        _C07,
        "CMPFS",
        values=sonneborn_berger.sonneborn_berger,
        aliases=("小分",),
    ),
    TiebreakDefinition(
        "KS",
        "Koya system",
        "9.2",
        "points scored against participants with at least 50 % of "
        "the maximum score; /L±n moves the limit by n half-points",
        _OWN,
        _C07,
        "LS",
        values=sonneborn_berger.koya,
    ),
    TiebreakDefinition(
        "ARO",
        "Average rating of opponents",
        "10.1",
        "mean rating of the opponents met over the board, rounded .5 up",
        _OTB,
        _C07,
        "CM",
        values=performance.average_rating_of_opponents,
    ),
    TiebreakDefinition(
        "TPR",
        "Tournament performance rating",
        "10.2",
        "ARO + dp(p), p = over-the-board percentage rounded to .01 (B.02 table)",
        _OTB,
        _C07,
        values=performance.tournament_performance,
    ),
    TiebreakDefinition(
        "PTP",
        "Perfect tournament performance",
        "10.3",
        "lowest rating R with Σ PD(R − Ropp) ≥ score; zero score: lowest opponent − 800",
        _OTB,
        _C07,
        values=performance.perfect_performance,
    ),
    TiebreakDefinition(
        "APRO",
        "Average performance rating of opponents",
        "10.4",
        "mean TPR of the opponents met over the board, rounded .5 up",
        _OTB,
        _C07,
        values=performance.average_performance_of_opponents,
    ),
    TiebreakDefinition(
        "APPO",
        "Average perfect performance of opponents",
        "10.5",
        "mean PTP of the opponents met over the board, rounded .5 up",
        _OTB,
        _C07,
        values=performance.average_perfect_performance_of_opponents,
    ),
    TiebreakDefinition(
        "RTNG",
        "Rating",
        "10.6",
        "the participant's rating, higher first",
        "not affected",
        _C07,
        "R",
        values=performance.rating,
    ),
    TiebreakDefinition(
        "OTHER_DSF",
        "对手分 (opponents' scores, xiangqi)",
        "14.3.1",
        "Σ of opponents' final scores; a bye counts the lowest non-zero score in the event",
        "forfeits count the scheduled opponent; requested byes count 0",
        _XQ,
        values=chinese.opponents_score_xiangqi,
        aliases=("对手分",),
    ),
    TiebreakDefinition(
        "OTHER_OS",
        "对手分 (sum of the opponents' scores, plain)",
        "—",
        "Σ of the final scores of the opponents paired against, as awarded",
        "forfeits count the scheduled opponent; byes and absences add nothing (no FIDE dummy)",
        "Chinese chess regulations (e.g. Futian 2019 九.3 ②)",
        values=chinese.opponents_score_plain,
    ),
    TiebreakDefinition(
        "OTHER_LJF",
        "累进分 逐轮递减 (progressive, dropping rounds)",
        "14.3.2",
        "PS, then PS without round 1, without rounds 1–2, … until separated",
        _OWN,
        _XQ,
        values=progressive.progressive_score_dropping_rounds,
        aliases=("累进分",),
    ),
    TiebreakDefinition(
        "OTHER_FOUL",
        "犯规 (fouls)",
        "14.1",
        "rule infractions recorded by the arbiters, fewer first",
        "no fouls in unplayed rounds",
        _XQ,
        lower_is_better=True,
        values=chinese.fouls,
        aliases=("犯规",),
    ),
    TiebreakDefinition(
        "OTHER_ZS",
        "直胜 (direct encounter of exactly two)",
        "14.1",
        "only when exactly two are tied: who scored more in their game(s)",
        "forfeits excluded (unless /P)",
        _XQ,
        "P",
        split=direct_encounter.two_tied_encounter_split,
        aliases=("直胜",),
    ),
    TiebreakDefinition(
        "OTHER_PREV",
        "前一轮名次 (standing after the previous round)",
        "14.3.1",
        "rank after round r−1, then r−2, … (same rules, ties kept)",
        "as in the earlier standings",
        _XQ,
        lower_is_better=True,
        values=chinese.previous_round_standing,
        aliases=("前一轮名次",),
    ),
)


_TEAM = "FIDE C.07 (2026)"
_PER_MATCH = "a PAB counts as a win on every board; individual forfeits count as results"


def _team_definitions() -> tuple[TiebreakDefinition, ...]:
    esb_unplayed = "Art. 16 applied to the opponents' score; own unplayed matches against a dummy"
    definitions = [
        TiebreakDefinition(
            "MP",
            "Match points",
            "13",
            "the team's match points",
            "points awarded",
            _TEAM,
            team_values=match_points,
        ),
        TiebreakDefinition(
            "GP",
            "Game points",
            "13",
            "the team's game points",
            "points awarded",
            _TEAM,
            team_values=game_points,
        ),
        TiebreakDefinition(
            "MPVGP",
            "Match or game points",
            "13.1",
            "the secondary score: MP when GP decide, GP when MP decide",
            "points awarded",
            _TEAM,
            team_values=secondary_score,
            aliases=("MPvGP",),
        ),
        TiebreakDefinition(
            "ESB",
            "Extended Sonneborn-Berger",
            "13.2",
            "primary-score ESB: opponents' primary score × own secondary score (EMGSB or EGMSB)",
            esb_unplayed,
            _TEAM,
            "CMPF",
            team_values=esb("P", "S"),
        ),
    ]
    for opponent_kind, own_kind in (("M", "M"), ("M", "G"), ("G", "M"), ("G", "G")):
        code = f"E{opponent_kind}{own_kind}SB"
        definitions.append(
            TiebreakDefinition(
                code,
                f"Extended Sonneborn-Berger {opponent_kind}P × {own_kind}P",
                "13.2",
                f"Σ opponent's {opponent_kind}P × own {own_kind}P against him",
                esb_unplayed,
                _TEAM,
                "CMPF",
                team_values=esb(opponent_kind + "P", own_kind + "P"),
            )
        )
    definitions += [
        TiebreakDefinition(
            "BC",
            "Board count",
            "12.1",
            "Σ board number × game points on that board, lower first",
            _PER_MATCH,
            _TEAM,
            lower_is_better=True,
            team_values=board_count,
        ),
        TiebreakDefinition(
            "TBR",
            "Top board result",
            "12.2",
            "game points on board 1, then board 2, …",
            _PER_MATCH,
            _TEAM,
            team_values=top_board_result,
        ),
        TiebreakDefinition(
            "BBE",
            "Bottom board elimination",
            "12.3",
            "game points on all boards but the last, then but the last two, …",
            _PER_MATCH,
            _TEAM,
            team_values=bottom_board_elimination,
        ),
        TiebreakDefinition(
            "SSSC",
            "Scores and schedule strength combination",
            "13.4",
            "secondary score + BH "
            "on the primary score ÷ K (K from /Kn or max primary ÷ max secondary per match)",
            "BH per Art. 16",
            _TEAM,
            "KPF",
            team_values=score_strength_combination,
        ),
    ]
    for code, extra in (
        ("EDE", ""),
        ("EDET", ", then TBR of their match(es) for exactly two"),
        ("EDEB", ", then BBE of their match(es) for exactly two"),
        ("EDEBT", ", then BC and TBR of their match(es) for exactly two"),
        ("EDEBB", ", then BC and BBE of their match(es) for exactly two"),
    ):
        definitions.append(
            TiebreakDefinition(
                code,
                "Extended direct encounter",
                "13.3",
                "DE on the primary score, else on "
                f"the secondary score{extra}; restarted for every new tied subset",
                "matches not played excluded (unless /P)",
                _TEAM,
                "P",
                team_split=extended_direct_encounter,
            )
        )
    return tuple(definitions)


_TEAM_DEFINITIONS = _team_definitions()


_REGISTRY: dict[str, TiebreakDefinition] | None = None


def registry() -> dict[str, TiebreakDefinition]:
    """Every tie-break by code (aliases included)."""
    global _REGISTRY
    if _REGISTRY is None:
        table: dict[str, TiebreakDefinition] = {}
        for definition in (*_DEFINITIONS, *_TEAM_DEFINITIONS):
            table[definition.code] = definition
            for alias in definition.aliases:
                table[alias.upper()] = definition
        _REGISTRY = table
    return _REGISTRY


def definitions() -> list[TiebreakDefinition]:
    """Every tie-break once, in registry order (for docs and help)."""
    return [*_DEFINITIONS, *_TEAM_DEFINITIONS]


def known_codes() -> list[str]:
    return [definition.code for definition in definitions()]


_MODIFIER_LETTERS = (
    ("C", lambda spec: spec.cut and spec.cut != spec.high),
    ("M", lambda spec: spec.high),
    ("L", lambda spec: spec.limit is not None or spec.limit_percent is not None),
    ("K", lambda spec: spec.k is not None),
    ("P", lambda spec: spec.forfeits_as_played),
    ("F", lambda spec: spec.fore),
    ("S", lambda spec: spec.score is not None),
)


def canonical_code(text: str) -> str:
    """A descriptor as the registry spells it: ``MPvGP`` (C.07's own spelling, the Fars
    file's) and ``mpvgp`` are ``MPVGP``, ``GE`` is ``REP``, 小分 is ``SB``, ``BH-C1`` is
    ``BH/C1``. One spelling per tie-break, so a list of choices offers each once and a
    file's code is found among them whatever its case. A code the registry does not know
    keeps its own (upper-case) spelling; raises DescriptorError when it cannot be read."""
    spec = parse_descriptor(text)
    definition = registry().get(spec.code)
    if definition is not None and definition.code != spec.code:
        spec = dataclasses.replace(spec, code=definition.code)
    return str(spec)


def lookup(spec: TiebreakSpec, *, teams: bool = False) -> TiebreakDefinition:
    """The definition of ``spec``; raises UnknownTiebreakError naming the known codes."""
    definition = registry().get(spec.code)
    if (
        definition is None
        or (teams and not definition.for_teams)
        or (not teams and not definition.for_individuals)
    ):
        usable = [d.code for d in definitions() if (d.for_teams if teams else d.for_individuals)]
        raise UnknownTiebreakError(
            f"unknown tie-break {spec.code!r}; known codes: {', '.join(usable)}"
        )
    allowed = definition.modifiers + "R"
    if teams:
        allowed += "S"
    for letter, present in _MODIFIER_LETTERS:
        if present(spec) and letter not in allowed:
            raise UnknownTiebreakError(f"{spec}: {definition.code} does not take modifier {letter}")
    return definition


@dataclasses.dataclass(slots=True)
class Evaluation:
    """A tie-break evaluated for one event: values to show and a way to split tied groups."""

    spec: TiebreakSpec
    definition: TiebreakDefinition
    values: Mapping[int, TiebreakValue] | None
    """Per-participant values (None for type-A tie-breaks, whose value depends on the group)."""
    splitter: Callable[[list[int]], list[list[int]]]

    @property
    def higher_is_better(self) -> bool:
        return self.definition.lower_is_better == self.spec.reverse

    def split(self, group: list[int]) -> list[list[int]]:
        """Order a tied group into sub-groups, best first."""
        return self.splitter(group)


def ordinal_keys(values: Mapping[int, TiebreakValue], higher_is_better: bool) -> dict[int, int]:
    """1 for the best value, 2 for the next distinct one, …; missing values come last.

    Fractions are compared as integers over their common denominator: ranking 2,000
    participants by Fraction comparisons alone would cost most of the standings' time.
    """
    present = {number: value for number, value in values.items() if value is not None}
    comparable: dict[int, Any] = dict(present)
    if all(isinstance(value, Fraction | int) for value in present.values()):
        denominators = [
            value.denominator for value in present.values() if isinstance(value, Fraction)
        ]
        common = math.lcm(*denominators) if denominators else 1
        comparable = {
            number: value.numerator * (common // value.denominator)
            if isinstance(value, Fraction)
            else value * common
            for number, value in present.items()
            if isinstance(value, Fraction | int)
        }
    order = sorted(comparable, key=comparable.__getitem__, reverse=higher_is_better)
    keys: dict[int, int] = {}
    rank, previous = 0, object()
    for number in order:
        if comparable[number] != previous:
            rank, previous = rank + 1, comparable[number]
        keys[number] = rank
    for number in values:
        if number not in keys:
            keys[number] = rank + 1
    return keys


def split_by_keys(keys: Mapping[int, int], group: list[int]) -> list[list[int]]:
    """Sub-groups of equal key, smallest key (best) first."""
    buckets: dict[int, list[int]] = {}
    for number in group:
        buckets.setdefault(keys[number], []).append(number)
    if len(buckets) == 1:
        return [group]
    return [buckets[key] for key in sorted(buckets)]


def evaluate(spec: TiebreakSpec, ctx: IndividualContext | TeamContext) -> Evaluation:
    """Compute ``spec`` for an individual context, or for a team context (team tie-breaks, or
    individual ones on the primary score or the one named by ``:MP``/``:GP``)."""
    teams = isinstance(ctx, TeamContext)
    definition = lookup(spec, teams=teams)
    if isinstance(ctx, TeamContext):
        team_ctx = ctx
        if definition.team_values is not None:
            values = definition.team_values(team_ctx, spec)
            return _value_evaluation(spec, definition, values)
        if definition.team_split is not None:
            team_split = definition.team_split
            return Evaluation(
                spec, definition, None, lambda group: team_split(team_ctx, spec, group)
            )
        kind = spec.score or team_ctx.primary
        if kind == "GP" and definition.code in BOARD_GAME_COUNTS:
            return _value_evaluation(
                spec, definition, BOARD_GAME_COUNTS[definition.code](team_ctx, spec)
            )
        individual = team_ctx.individual(kind)
    else:
        individual = ctx
    if definition.values is not None:
        return _value_evaluation(spec, definition, definition.values(individual, spec))
    split = definition.split
    assert split is not None
    return Evaluation(spec, definition, None, lambda group: split(individual, spec, group))


def _value_evaluation(
    spec: TiebreakSpec, definition: TiebreakDefinition, values: Mapping[int, TiebreakValue]
) -> Evaluation:
    higher = definition.lower_is_better == spec.reverse
    cache: list[dict[int, int]] = []

    def split(group: list[int]) -> list[list[int]]:
        if not cache:
            cache.append(ordinal_keys(values, higher))
        return split_by_keys(cache[0], group)

    return Evaluation(spec, definition, values, split)
