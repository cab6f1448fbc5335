"""A team tournament's recorded rounds checked against the FIDE Swiss Team Pairing System
(C.04.6): each round paired again from the rounds before it and compared with the file
(the team corpus, ``tests/core/pairing/test_team_swiss_corpus.py``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from crosstable.model.colour import Colour
from crosstable.model.team_match import TeamRoundKind, team_event_records, team_rounds
from crosstable.model.team_records import TeamEventRecords
from crosstable.model.tournament import Tournament
from crosstable.pairing.base import PairingError, TeamMatch, TeamRoundPairing
from crosstable.pairing.team_swiss import pair_team_round
from crosstable.pairing.team_swiss_variant import TeamSwissVariant


def recorded_team_round(
    tournament: Tournament, round_number: int, records: TeamEventRecords | None = None
) -> TeamRoundPairing:
    """The pairing a tournament file holds for ``round_number``: each match with the team
    that had White (board 1, read through 352) named first, and the bye of record 320."""
    records = team_event_records(tournament) if records is None else records
    histories = team_rounds(tournament, records, up_to_round=round_number)
    matches: dict[frozenset[int], TeamMatch] = {}
    for number, rounds in histories.items():
        played = rounds[round_number - 1] if len(rounds) >= round_number else None
        if played is None or played.opponent is None:
            continue
        key = frozenset((number, played.opponent))
        if played.colour is Colour.WHITE or key not in matches:
            matches[key] = TeamMatch(number, played.opponent)
            if played.colour is Colour.BLACK:
                matches[key] = TeamMatch(played.opponent, number)
    ordered = tuple(sorted(matches.values(), key=lambda match: (match.first, match.second)))
    return TeamRoundPairing(round_number, ordered, records.bye_teams.get(round_number))


@dataclasses.dataclass(frozen=True, slots=True)
class TeamRoundCheck:
    """A recorded round compared with the round this engine pairs from the rounds before."""

    round_number: int
    recorded: TeamRoundPairing
    produced: TeamRoundPairing | None
    error: str | None = None
    """Why no pairing was produced (no legal pairing, bad input)."""

    @property
    def agrees(self) -> bool:
        """Same matches, same first-named team in each, same bye (board order aside)."""
        if self.produced is None:
            return False
        return (
            set(self.produced.boards) == set(self.recorded.boards)
            and self.produced.bye == self.recorded.bye
        )

    def differences(self) -> list[str]:
        """Human-readable differences, empty when the round agrees."""
        if self.produced is None:
            return [f"round {self.round_number}: no pairing produced ({self.error})"]
        lines = []
        recorded, produced = set(self.recorded.boards), set(self.produced.boards)
        for match in sorted(recorded - produced, key=lambda m: (m.first, m.second)):
            lines.append(f"round {self.round_number}: recorded {match.first}-{match.second}")
        for match in sorted(produced - recorded, key=lambda m: (m.first, m.second)):
            lines.append(f"round {self.round_number}: paired {match.first}-{match.second}")
        if self.produced.bye != self.recorded.bye:
            lines.append(
                f"round {self.round_number}: bye recorded {self.recorded.bye},"
                f" paired {self.produced.bye}"
            )
        return lines


def check_team_round(
    tournament: Tournament,
    round_number: int,
    variant: TeamSwissVariant | str | None = None,
    records: TeamEventRecords | None = None,
) -> TeamRoundCheck:
    """Pair ``round_number`` again from the rounds before it and compare with the file."""
    records = team_event_records(tournament) if records is None else records
    recorded = recorded_team_round(tournament, round_number, records)
    try:
        produced = pair_team_round(tournament, round_number, variant, records)
    except (PairingError, ValueError) as error:
        return TeamRoundCheck(round_number, recorded, None, str(error))
    return TeamRoundCheck(round_number, recorded, produced)


def check_team_tournament(
    tournament: Tournament,
    variant: TeamSwissVariant | str | None = None,
    rounds: Sequence[int] | None = None,
) -> list[TeamRoundCheck]:
    """Check every recorded round (or ``rounds``) of a team tournament."""
    records = team_event_records(tournament)
    if rounds is None:
        histories = team_rounds(tournament, records)
        last = max(
            (
                r.round_number
                for history in histories.values()
                for r in history
                if r.kind is not TeamRoundKind.ABSENT
            ),
            default=0,
        )
        rounds = range(1, last + 1)
    return [check_team_round(tournament, number, variant, records) for number in rounds]
