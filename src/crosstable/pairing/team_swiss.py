"""The FIDE Swiss Team Pairing System (C.04.6, 2026 edition).

Teams are paired on their primary score (match points by default, or game points); colour
preferences are of Type A (default), Type B, or not used at all. The round is built as
art. 3.3.2 prescribes:

1. the pairing-allocated bye (art. 3.4), if the number of teams is odd;
2. the top scoregroup with the set of upfloaters chosen by art. 3.5, paired by art. 3.6;
3. step 2 again with the teams left, until every team is paired;
4. the colours of every match (art. 4).

Readings of the text follow FIDE's reference implementation (gacrux); each one is written
down in ``docs/pairing/team_swiss.md``. The team history (opponents, colours, scores) comes
from :mod:`crosstable.model.team_match`; the matchings from :mod:`crosstable.matching`.

This module is the entry: a tournament's teams made ready and paired (:func:`pair_team_round`),
a round paired by hand checked (:func:`team_manual_problems`). The rest, by concern:
``team_swiss_variant.py`` the options chosen (colour type, scores; the system codes read),
``team_swiss_round.py`` one round's procedure (each team's state, arts 3.3-4),
``team_swiss_check.py`` a file's recorded rounds paired again and compared.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from crosstable.model.colour import Colour
from crosstable.model.team_match import TeamRoundKind, team_event_records, team_rounds
from crosstable.model.team_records import TeamEventRecords
from crosstable.model.tournament import Tournament
from crosstable.pairing.base import TeamMatch, TeamRoundPairing
from crosstable.pairing.manual import ManualProblem
from crosstable.pairing.team_swiss_round import (
    _initial_colour,
    _RoundPairer,
    _Team,
    _team_state,
    colour_preference,
)
from crosstable.pairing.team_swiss_variant import (
    ColourPreferenceType,
    PrimaryScore,
    TeamSwissVariant,
    resolve_variant,
)

__all__ = [
    "RULES",
    "ColourPreferenceType",
    "PrimaryScore",
    "TeamSwissVariant",
    "colour_preference",
    "pair_team_round",
    "resolve_variant",
    "team_manual_problems",
]

RULES: dict[str, str] = {
    "C1": "2.1.1 two teams shall not play against each other more than once",
    "C2": "2.1.2 no pairing-allocated bye for a team that already had one, won a match by"
    " forfeit or received a full-point bye",
    "C3": "2.2.1 a legal pairing must remain for all teams not yet paired (completion)",
    "C4": "2.3.1 minimise the number of upfloaters",
    "C5": "2.3.2 minimise the score differences in pairs involving upfloaters"
    " (maximise the upfloaters' scores, taken in ascending order)",
    "C6": "2.3.3 unless the following scoregroup became empty, choose the upfloaters so that"
    " C1, C3 and C4 hold in the bracket where that scoregroup is paired",
    "C7": "2.3.4 except in the last two rounds, minimise upfloaters who floated in the"
    " previous round",
    "C8": "2.3.5 minimise the number of teams that do not get their colour preference",
    "C9": "2.3.6 (Type B) minimise the number of teams that do not get a strong colour preference",
    "C10": "2.3.7 except in the last two rounds, minimise the upfloaters' opponents who"
    " floated in the previous round",
    "PAB": "3.4 the bye: leaves a legal pairing, lowest score, most matches played, largest TPN",
    "UPFLOATERS": "3.5 sets complying with C4/C5, sorted by score then TPN, first set in"
    " lexicographic TPN order giving a legal pairing that complies with C6 and C7",
    "BRACKET": "3.6 the first pairing in identifier order (top TPNs, then their bottom"
    " TPNs) complying with C1, C8, C9 and C10",
    "COLOUR": "4.3 (1) initial colour by TPN parity, (2) only preference, (3) opposite"
    " preferences, (4) Type B strong one, (5) lower colour difference gets White,"
    " (6) alternate to the last different round, (7) first team's preference,"
    " (8) alternate first team, (9) alternate the other team",
}
"""Criterion code -> article of C.04.6 (2026) it implements."""


def pair_team_round(
    tournament: Tournament,
    round_number: int | None = None,
    variant: TeamSwissVariant | str | None = None,
    records: TeamEventRecords | None = None,
    rematches_allowed: Collection[frozenset[int]] = (),
) -> TeamRoundPairing:
    """Pair ``round_number`` (default: the round after the last recorded one) of a team
    tournament by C.04.6. Only rounds before it are read; the teams announced absent for it
    (TRF 240) are left out. Raises :class:`PairingError` when no legal pairing exists.

    The tournament's prohibited pairings (``Tournament.prohibited_pairings``; in a team
    tournament they name team numbers, TRF 260) are never paired. ``rematches_allowed``:
    pairs of teams the chief arbiter lets meet again when no pairing exists otherwise
    (art. 3.3.3: the Chief Arbiter decides); [C1] is relaxed for them alone."""
    if not tournament.teams:
        raise ValueError("the tournament has no teams (TRF records 310 or 013): nothing to pair")
    chosen = resolve_variant(tournament, variant)
    records = team_event_records(tournament) if records is None else records
    if round_number is None:
        recorded = team_rounds(tournament, records)
        round_number = 1 + max(
            (
                r.round_number
                for rounds in recorded.values()
                for r in rounds
                if r.kind is not TeamRoundKind.ABSENT
            ),
            default=0,
        )
    if round_number < 1:
        raise ValueError(f"round number must be at least 1, got {round_number}")
    total_rounds = tournament.total_rounds
    if total_rounds is None:
        raise ValueError(
            "the number of rounds is not known (TRF record 142): C.04.6 [C7], [C10] and the"
            " Type B preferences depend on whether this is one of the last rounds"
        )
    total_rounds = max(total_rounds, round_number)
    histories = team_rounds(tournament, records, up_to_round=round_number - 1)
    absent = records.absences.get(round_number, {})
    teams: list[_Team] = []
    for team in tournament.teams:
        if team.number in absent:
            continue
        state = _team_state(team.number, histories[team.number], chosen.primary, histories)
        prohibited = {
            other
            for rule in tournament.prohibited_pairings
            if rule.applies_to(round_number) and team.number in rule.players
            for other in rule.players
            if other != team.number
        }
        relaxed = {other for pair in rematches_allowed if team.number in pair for other in pair}
        state.barred = frozenset((state.met - relaxed) | prohibited)
        state.preference, state.strong = colour_preference(
            state.colours, chosen.colour_type, last_round=round_number == total_rounds
        )
        teams.append(state)
    pairer = _RoundPairer(
        teams,
        chosen,
        last_two_rounds=round_number > total_rounds - 2,
        initial_colour=_initial_colour(tournament, histories),
    )
    return pairer.pair(round_number)


# --- a round paired by hand -------------------------------------------------------------------


def team_manual_problems(
    tournament: Tournament,
    round_number: int,
    matches: Sequence[TeamMatch],
    bye: int | None,
    units: Mapping[int, str] | None = None,
    variant: TeamSwissVariant | str | None = None,
) -> list[ManualProblem]:
    """What a team round paired by hand breaks, as :func:`crosstable.pairing.manual.manual_problems`
    says it for individual systems: ``rematch`` (the teams have met, [C1]; issue 25: a match
    with a game played over the board), ``prohibited`` (a prohibited pairing this round),
    ``bye_ineligible`` ([C2]), ``colour`` (a team's strong colour preference not given:
    art. 1.7, the first-named team having White on board 1), ``float`` (teams of different
    scores: an upfloat, which the engine makes only when its scoregroup cannot be paired)
    and ``same_unit`` (``units``: team -> club or county; two teams of one unit).
    ``tournament`` holds the earlier rounds."""
    chosen = resolve_variant(tournament, variant)
    records = team_event_records(tournament)
    histories = team_rounds(tournament, records, up_to_round=round_number - 1)
    states = {
        number: _team_state(number, history, chosen.primary, histories)
        for number, history in histories.items()
    }
    last_round = tournament.total_rounds is not None and round_number >= tournament.total_rounds
    problems: list[ManualProblem] = []
    for match in matches:
        first, second = states[match.first], states[match.second]
        pair = (match.first, match.second)
        if second.number in first.met:
            problems.append(ManualProblem("rematch", pair))
        if tournament.is_prohibited(match.first, match.second, round_number):
            problems.append(ManualProblem("prohibited", pair))
        for team, colour in ((first, Colour.WHITE), (second, Colour.BLACK)):
            preference, strong = colour_preference(team.colours, chosen.colour_type, last_round)
            if preference is not None and strong and preference is not colour:
                problems.append(ManualProblem("colour", (team.number,)))
        if first.score != second.score:
            problems.append(ManualProblem("float", pair))
        if units and units.get(match.first) and units.get(match.first) == units.get(match.second):
            problems.append(ManualProblem("same_unit", pair))
    if bye is not None and states[bye].bye_barred:
        problems.append(ManualProblem("bye_ineligible", (bye,)))
    return problems
