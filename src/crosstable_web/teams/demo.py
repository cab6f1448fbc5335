"""Demo data for a team section: teams formed from the section's entries, a captain, line-ups
with reserves, and rounds paired and played through the team services.

Called by the events demo loader (``crosstable_web.events.demo``) for sections whose pairing
system is a team system, so the demo shows the Fars league as a league of teams.
"""

from __future__ import annotations

import datetime
import random
from collections import defaultdict

from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext as _

from crosstable_web.events import services as event_services
from crosstable_web.events.models import Entry, Section
from crosstable_web.events.regulations.language import event_language
from crosstable_web.teams import bridge, payments
from crosstable_web.teams.models import Team
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import rosters as team_rosters

_BOARD_RESULTS = ("1-0", "1-0", "1/2", "1/2", "0-1")
"""Drawn at random for each board: the first-named team a little stronger than a coin toss."""


def form_teams(section: Section, organiser: User, captain: User) -> None:
    """Form teams of a full roster from the section's entries (grouped by unit, as clubs and
    counties enter) and make ``captain`` the first team's captain. Entries left without a team
    are deleted from the list, as an organiser would before round 1."""
    rules = bridge.team_rules(section)
    roster_size = rules.boards + rules.reserves
    by_unit: dict[str, list[Entry]] = defaultdict(list)
    for entry in section.entries.order_by("-rating", "pk"):
        by_unit[entry.unit].append(entry)
    squads: list[tuple[str, list[Entry]]] = []
    leftovers: list[Entry] = []
    for unit, entries in sorted(by_unit.items()):
        full = len(entries) - len(entries) % roster_size
        for start in range(0, full, roster_size):
            squads.append((unit, entries[start : start + roster_size]))
        leftovers.extend(entries[full:])
    # Leftovers of different units make mixed club teams rather than being dropped wholesale.
    leftovers.sort(key=lambda entry: (-entry.rating, entry.pk))
    full = len(leftovers) - len(leftovers) % roster_size
    for start in range(0, full, roster_size):
        squads.append(("", leftovers[start : start + roster_size]))
    for entry in leftovers[full:]:
        event_services.delete_entry(entry, organiser)
    # Named as an organiser would: a county with one team by the county alone, with several
    # as "Jahrom 1", "Jahrom 2"; a team of leftovers in the event's language ("A-10" before).
    per_unit: dict[str, int] = defaultdict(int)
    for unit, _members in squads:
        per_unit[unit] += 1
    seen: dict[str, int] = defaultdict(int)
    with translation.override(event_language(section.event)):
        names = []
        for unit, _members in squads:
            seen[unit] += 1
            if not unit:
                names.append(_("Mixed team %(number)s") % {"number": seen[unit]})
            elif per_unit[unit] == 1:
                names.append(unit)
            else:
                names.append(f"{unit} {seen[unit]}")
    for index, ((unit, members), name) in enumerate(zip(squads, names, strict=True), start=1):
        team = team_rosters.create_team(
            section, name, members, organiser, unit=unit, unit_kind="county" if unit else "club"
        )
        if index == 1:
            team_rosters.set_captain(team, captain, organiser)
        # Most teams have paid their fee (a team fee: its players owe nothing on their own).
        team.refresh_from_db()
        if index % 4 and team.fee_due > 0:
            paid_on = datetime.date.today() - datetime.timedelta(days=30 - index)
            payments.record_team_payment(team, team.fee_due, paid_on, organiser)


def play_team_rounds(section: Section, rounds: int, rng: random.Random, arbiter: User) -> None:
    """Pair and play ``rounds`` rounds: some teams rest a main-board player for a reserve,
    every board gets a result."""
    boards = bridge.team_rules(section).boards
    for number in range(1, min(rounds, section.total_rounds) + 1):
        try:
            round_row = team_matches.pair_next_round(section, arbiter)
        except event_services.ServiceError as error:
            print(f"  {section.event.slug} {section.key}: team round {number} not paired: {error}")
            return
        for team in section.teams.all():
            if rng.random() < 0.3:
                _field_a_reserve(team, number, rng, arbiter)
        for match in round_row.matches.all():
            for board in range(1, boards + 1):
                team_matches.enter_board_result(match, board, rng.choice(_BOARD_RESULTS), arbiter)


def _field_a_reserve(team: Team, round_number: int, rng: random.Random, arbiter: User) -> None:
    """A line-up with one reserve in for a main-board player, roster order kept."""
    roster = [member.entry_id for member in team.members.order_by("position")]
    boards = len(roster) - bridge.team_rules(team.section).reserves
    if boards >= len(roster):
        return
    resting = rng.randrange(boards)
    playing = [*roster[:resting], *roster[resting + 1 : boards + 1]]
    team_lineups.submit_lineup(team, round_number, playing, arbiter)
