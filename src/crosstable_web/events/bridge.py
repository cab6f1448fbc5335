"""The one place where database rows become core objects (``crosstable.model``) and back.

Everything else in the web app hands rows to these functions: ``section_tournament`` builds the
core ``Tournament`` of a section (players, every round's results, requested byes, withdrawals),
``store_round_pairing`` writes a core ``RoundPairing`` as ``Round``/``Board``/``Bye`` rows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from django.db.models import Q

from crosstable.model import (
    Colour,
    Player,
    ProhibitedPairing,
    ResultCode,
    RoundEntry,
    ScoringSystem,
    Tournament,
)
from crosstable.pairing import registry
from crosstable.pairing.base import RoundPairing
from crosstable_web.events import models

_SCORING_FIELDS = tuple(field.name for field in dataclasses.fields(ScoringSystem))


def scoring_from_json(data: Mapping[str, Any]) -> ScoringSystem:
    """A scoring system from its stored form: field name → exact fraction as a string."""
    values: dict[str, Fraction] = {}
    for name in _SCORING_FIELDS:
        if data.get(name) is not None:
            values[name] = Fraction(str(data[name]))
    return ScoringSystem(**values)


def section_scoring(section: models.Section) -> ScoringSystem:
    """The points of ``section``'s results as its system counts them: the stored scoring, with
    a match system's bye shared by the match's rounds (``registry.scoring_for``)."""
    return registry.scoring_for(section.system_code, scoring_from_json(section.scoring))


def scoring_to_json(scoring: ScoringSystem) -> dict[str, str]:
    return {
        name: str(getattr(scoring, name))
        for name in _SCORING_FIELDS
        if getattr(scoring, name) is not None
    }


def player_from_entry(entry: models.Entry) -> Player:
    assert entry.pairing_number is not None
    return Player(
        pairing_number=entry.pairing_number,
        name=entry.name,
        sex=entry.sex.lower(),
        title=entry.title,
        rating=entry.rating,
        federation=entry.federation,
        fide_id=entry.fide_id,
        birth_date=entry.birth_date,
        club=entry.unit,
        national_grade=entry.national_grade,
        withdrawn_after_round=entry.withdrawn_after_round,
        house=entry.house,
        expelled=entry.expelled,
    )


def entry_player(entry: models.Entry) -> Player:
    """One numbered entry as a core ``Player`` with the results of every paired round (a
    round without a board or bye for them: unplayed before they joined, else absent), for the
    core's rules about one player (``crosstable.forfeit_withdrawal``) without building the
    whole section."""
    player = player_from_entry(entry)
    section_rounds = dict(entry.section.rounds.values_list("id", "number"))
    results: dict[int, RoundEntry] = {}
    for round_id, white_id, black_number, white_number, white_result, black_result in (
        models.Board.objects.filter(round_id__in=section_rounds)
        .filter(Q(white=entry) | Q(black=entry))
        .values_list(
            "round_id",
            "white_id",
            "black__pairing_number",
            "white__pairing_number",
            "white_result",
            "black_result",
        )
    ):
        if white_id == entry.pk:
            results[section_rounds[round_id]] = RoundEntry(
                black_number, Colour.WHITE, ResultCode(white_result)
            )
        else:
            results[section_rounds[round_id]] = RoundEntry(
                white_number, Colour.BLACK, ResultCode(black_result)
            )
    for round_id, result in models.Bye.objects.filter(
        round_id__in=section_rounds, entry=entry
    ).values_list("round_id", "result"):
        results[section_rounds[round_id]] = RoundEntry.absent(ResultCode(result))
    for number in range(1, max(section_rounds.values(), default=0) + 1):
        absent = RoundEntry.absent(
            ResultCode.UNPLAYED if number < entry.joined_before_round else ResultCode.ZERO_POINT_BYE
        )
        player.rounds.append(results.get(number, absent))
    return player


def section_tournament(
    section: models.Section,
    up_to_round: int | None = None,
    entries: Iterable[models.Entry] | None = None,
) -> Tournament:
    """The core tournament of ``section`` with every paired round (or rounds up to
    ``up_to_round``). Players without a pairing number are left out."""
    if entries is None:
        entries = section.entries.filter(pairing_number__isnull=False)
    by_id: dict[int, Player] = {}
    tournament = Tournament(
        name=f"{section.event.name} — {section.name}",
        total_rounds=section.total_rounds,
        scoring=section_scoring(section),
        system_code=section.system_code,
        tiebreaks=list(section.tiebreaks),
    )
    initial = section.settings.get("initial_colour") or section.settings.get("drawn_initial_colour")
    if initial in ("w", "b"):
        # the regulations' initial colour, else the one drawn by lot (events.lots)
        tournament.initial_colour = Colour(initial)
    joined: dict[int, int] = {}
    for entry in entries:
        if entry.pairing_number is None:
            continue
        player = player_from_entry(entry)
        tournament.add_player(player)
        by_id[entry.pk] = player
        joined[entry.pk] = entry.joined_before_round

    rounds = list(section.rounds.order_by("number").values_list("id", "number"))
    if up_to_round is not None:
        rounds = [(pk, number) for pk, number in rounds if number <= up_to_round]
    number_of_round = dict(rounds)
    boards = models.Board.objects.filter(round_id__in=number_of_round).values_list(
        "round_id",
        "white_id",
        "black_id",
        "white_result",
        "black_result",
        "white_fouls",
        "black_fouls",
    )
    recorded: dict[int, dict[int, RoundEntry]] = {number: {} for _, number in rounds}
    for round_id, white_id, black_id, white_result, black_result, w_fouls, b_fouls in boards:
        number = number_of_round[round_id]
        white, black = by_id[white_id], by_id[black_id]
        recorded[number][white.pairing_number] = RoundEntry(
            black.pairing_number, Colour.WHITE, ResultCode(white_result), w_fouls
        )
        recorded[number][black.pairing_number] = RoundEntry(
            white.pairing_number, Colour.BLACK, ResultCode(black_result), b_fouls
        )
    for round_id, entry_id, result in models.Bye.objects.filter(
        round_id__in=number_of_round
    ).values_list("round_id", "entry_id", "result"):
        number = number_of_round[round_id]
        recorded[number][by_id[entry_id].pairing_number] = RoundEntry.absent(ResultCode(result))

    for entry_id, player in by_id.items():
        for _, number in rounds:
            round_entry = recorded[number].get(player.pairing_number)
            if round_entry is None:
                # Not paired: absent before joining, withdrawn, or left out by the arbiter.
                round_entry = RoundEntry.absent(
                    ResultCode.UNPLAYED if number < joined[entry_id] else ResultCode.ZERO_POINT_BYE
                )
            player.rounds.append(round_entry)

    paired = {number for _, number in rounds}
    for entry_id, round_number, result in models.RequestedBye.objects.filter(
        entry__section=section
    ).values_list("entry_id", "round_number", "result"):
        if round_number not in paired and entry_id in by_id:
            tournament.absences.setdefault(round_number, {})[by_id[entry_id].pairing_number] = (
                ResultCode(result)
            )
    for number in range(1, section.total_rounds + 1):
        if number in paired:
            continue
        for entry_id, player in by_id.items():
            if joined[entry_id] > number:
                tournament.absences.setdefault(number, {})[player.pairing_number] = (
                    ResultCode.ZERO_POINT_BYE
                )
    tournament.prohibited_pairings.extend(_prohibited_same_unit(section, by_id.values()))
    # the arbiter's prohibited pairs: every round (TRF 260 from round 1) or one round
    for first_id, second_id, only_round in section.prohibited.values_list(
        "first_id", "second_id", "round_number"
    ):
        if first_id in by_id and second_id in by_id:
            tournament.prohibited_pairings.append(
                ProhibitedPairing(
                    only_round or 1,
                    only_round or section.total_rounds,
                    tuple(
                        sorted((by_id[first_id].pairing_number, by_id[second_id].pairing_number))
                    ),
                )
            )
    for entry_id, from_round, rating in models.EntryRating.objects.filter(
        entry__section=section
    ).values_list("entry_id", "from_round", "rating"):
        if entry_id in by_id:
            by_id[entry_id].later_ratings[from_round] = rating
    return tournament


def _prohibited_same_unit(
    section: models.Section, players: Iterable[Player]
) -> list[ProhibitedPairing]:
    """Players of one unit kept apart in rounds 1..N when the regulations say so."""
    last_round = int(section.settings.get("same_unit_apart_until_round", 0) or 0)
    if last_round <= 0:
        return []
    by_unit: dict[str, list[int]] = {}
    for player in players:
        if player.club:
            by_unit.setdefault(player.club, []).append(player.pairing_number)
    return [
        ProhibitedPairing(1, last_round, tuple(sorted(numbers)))
        for numbers in by_unit.values()
        if len(numbers) > 1
    ]


def store_round_pairing(
    section: models.Section,
    pairing: RoundPairing,
    tournament: Tournament,
) -> models.Round:
    """Write ``pairing`` as a new round of ``section`` (boards, the pairing bye and the
    requested byes of that round). The caller holds the transaction."""
    entry_ids = dict(
        section.entries.filter(pairing_number__isnull=False).values_list("pairing_number", "id")
    )
    round_row = models.Round.objects.create(section=section, number=pairing.round_number)
    forfeits = set(pairing.forfeits)
    models.Board.objects.bulk_create(
        models.Board(
            round=round_row,
            number=index,
            white_id=entry_ids[board.white],
            black_id=entry_ids[board.black],
            **_forfeit_results(board.white in forfeits, board.black in forfeits),
        )
        for index, board in enumerate(pairing.boards, start=1)
    )
    byes: list[models.Bye] = []
    if pairing.bye is not None:
        byes.append(
            models.Bye(
                round=round_row,
                entry_id=entry_ids[pairing.bye],
                result=ResultCode.PAIRING_BYE.value,
            )
        )
    if pairing.rest is not None:  # an odd round robin's free round: no points
        byes.append(
            models.Bye(
                round=round_row,
                entry_id=entry_ids[pairing.rest],
                result=ResultCode.ZERO_POINT_BYE.value,
            )
        )
    seated = {number for board in pairing.boards for number in (board.white, board.black)}
    for number, result in tournament.absences.get(pairing.round_number, {}).items():
        # a round robin keeps an absent player on their board (a forfeit), not as a bye
        if number in entry_ids and number not in seated and result is not ResultCode.UNPLAYED:
            byes.append(
                models.Bye(round=round_row, entry_id=entry_ids[number], result=result.value)
            )
    models.Bye.objects.bulk_create(byes)
    return round_row


def _forfeit_results(white_out: bool, black_out: bool) -> dict[str, str]:
    """A board's results when a player on it forfeits (``RoundPairing.forfeits``): lost by
    forfeit for them, won by forfeit for the opponent, lost by both when both are out; no
    field (the result still to come) when both play."""
    if not (white_out or black_out):
        return {}
    won, lost = ResultCode.FORFEIT_WIN.value, ResultCode.FORFEIT_LOSS.value
    return {
        "white_result": lost if white_out else won,
        "black_result": lost if black_out else won,
    }
