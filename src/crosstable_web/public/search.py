"""The parents' search on an event's public home: one box that finds a player in whichever
section they play, by name, school/club/team or pairing number, typed in any script (pinyin
for Chinese names: ``crosstable.typed.name_search``), and says where they sit in the current
round — board (table and board in a team match), colour, opponent and when the round starts;
once the section's last round has every result, the final place and points instead (issue
26.15). Each card links to the player's own page (a team player's: the team's), the page a
parent follows.

Like every public page it reads only public fields (``pages.PUBLIC_ENTRY_FIELDS``) and hands
the template values, never rows.
"""

from __future__ import annotations

import dataclasses

from django.urls import reverse
from django.utils.translation import gettext as _

from crosstable.typed import whole_number_or_none
from crosstable.typed.name_search import matches, search_text
from crosstable_web.common.localisation import name_sort_key
from crosstable_web.events import models
from crosstable_web.events.ranking import standings
from crosstable_web.events.rounds import notation
from crosstable_web.public import pages, team_pages
from crosstable_web.teams import models as team_models

MOST_SHOWN = 30
"""Players listed for one search at most (the others are counted: type more of the name)."""

MAX_QUERY = 100
"""Characters of a query read (a longer one is cut)."""


@dataclasses.dataclass(frozen=True, slots=True)
class FoundPlayer:
    """A player found, and their place in their section's current round."""

    name: str
    unit: str
    section: models.Section
    number: int | None = None
    """Pairing number (None before numbers are given, and in team sections)."""
    team: str = ""
    """The team they play for (team sections)."""
    team_entry: int | None = None
    """Its entry number (the public team page's address, ``team_pages.entry_numbers``)."""
    round: int | None = None
    """The section's current round (None: not paired yet)."""
    table: int | None = None
    """The match's table (team rounds)."""
    board: int | None = None
    """The board (in a team round: of the match; None before the line-ups are public)."""
    colour: str = ""
    """``w`` or ``b`` (empty when not seated)."""
    opponent: str = ""
    opponent_unit: str = ""
    """The opponent's school/club, or the opposing team."""
    note: str = ""
    """Why not seated (a bye, not in the line-up, line-ups not public yet, not paired)."""
    times: pages.RoundTimes | None = None
    xiangqi: bool = False
    """The section plays xiangqi: Red and Black."""
    link: str = ""
    """The player's public page (a team player's: the team's page); empty before a number."""
    final_place: str = ""
    """After the section's last round (every result in): the final place, e.g. ``3`` or
    ``5-6``; the card then shows it and the points instead of the last pairing."""
    final_points: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class SearchResult:
    query: str
    found: list[FoundPlayer]
    more: int
    """Players found beyond :data:`MOST_SHOWN`."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Candidate:
    entry_id: int
    name: str
    unit: str
    number: int | None
    section: models.Section


def _wanted(query: str, candidate: _Candidate) -> bool:
    """The whole query finds the name, the school or the number; else every word of it finds
    one of them (``liu futian``: a 刘 of a 福田 school)."""
    number = whole_number_or_none(query.strip(), 1)
    if number is not None:
        return candidate.number == number or matches(query, candidate.name)
    if matches(query, candidate.name) or matches(query, candidate.unit):
        return True
    words = query.split()
    return len(words) > 1 and all(
        matches(word, candidate.name)
        or matches(word, candidate.unit)
        or whole_number_or_none(word, 1) == candidate.number
        for word in words
    )


def _candidates(event: models.Event) -> list[_Candidate]:
    sections = {section.pk: section for section in event.sections.all()}
    for section in sections.values():
        section.event = event
    rows = models.Entry.objects.filter(section__event=event).values(
        "section_id", *pages.PUBLIC_ENTRY_FIELDS
    )
    return [
        _Candidate(
            row["id"], row["name"], row["unit"], row["pairing_number"], sections[row["section_id"]]
        )
        for row in rows
    ]


def find_players(event: models.Event, query: str) -> SearchResult:
    """Everyone of ``event`` the query finds, A–Z, each with their current round's seat."""
    query = query[:MAX_QUERY].strip()
    if not search_text(query):
        return SearchResult(query, [], 0)
    found = [candidate for candidate in _candidates(event) if _wanted(query, candidate)]
    found.sort(key=lambda c: (name_sort_key(c.name), c.section.position, c.section.key))
    shown = found[:MOST_SHOWN]
    seats: dict[int, dict[int, FoundPlayer]] = {}
    finals: dict[int, dict[int, tuple[str, str]] | None] = {}
    for candidate in shown:
        if candidate.section.pk not in seats:
            seats[candidate.section.pk] = _section_seats(candidate.section)
            finals[candidate.section.pk] = _final_places(candidate.section)
    cards = []
    for c in shown:
        card = seats[c.section.pk].get(c.entry_id) or FoundPlayer(
            c.name, c.unit, c.section, number=c.number, note=_("not paired yet")
        )
        final = finals[c.section.pk]
        if final is not None and card.number in final:
            place, points = final[card.number]
            card = FoundPlayer(  # the result, no longer the last pairing
                card.name,
                card.unit,
                card.section,
                number=card.number,
                team=card.team,
                team_entry=card.team_entry,
                final_place=place,
                final_points=points,
            )
        cards.append(dataclasses.replace(card, link=_link(card)))
    return SearchResult(query, cards, len(found) - len(shown))


def _link(card: FoundPlayer) -> str:
    """The page a parent opens (and follows) from the card: the player's own page in an
    individual section, the team's page in a team section."""
    section = card.section
    if card.team_entry is not None:
        return reverse("public:team", args=[section.event.slug, section.key, card.team_entry])
    if card.number is None:
        return ""
    return reverse("public:player", args=[section.event.slug, section.key, card.number])


def _final_places(section: models.Section) -> dict[int, tuple[str, str]] | None:
    """Pairing number → (final place, points) once the section's last round has every
    result; None while the event goes on (or for a team section: its cards give the team)."""
    if section.is_team_section or not section.total_rounds:
        return None
    last = section.rounds.order_by("-number").first()
    if last is None or last.number < section.total_rounds:
        return None
    results = standings.section_results(section)
    if results.progress is not None or results.rounds < section.total_rounds:
        return None
    return {
        row.number: (row.place, standings.format_points(row.points)) for row in results.main.rows
    }


def _section_seats(section: models.Section) -> dict[int, FoundPlayer]:
    """Entry id → seat in the section's current round (individual or team round)."""
    last = section.rounds.order_by("-number").first()
    if last is not None:
        return _individual_seats(section, last.number)
    numbers = team_pages.round_numbers(section)
    if numbers:
        return _team_seats(section, numbers[-1])
    return {}


def _individual_seats(section: models.Section, number: int) -> dict[int, FoundPlayer]:
    page = pages.round_page(section, number)
    if page is None:
        return {}
    entry_ids = {
        player.number: entry_id for entry_id, player in pages.public_players(section).items()
    }
    xiangqi = notation.section_is_xiangqi(section)
    return {
        entry_ids[seat.player.number]: FoundPlayer(
            seat.player.name,
            seat.player.unit,
            section,
            number=seat.player.number,
            round=number,
            board=seat.board,
            colour=seat.colour,
            opponent=seat.opponent.name if seat.opponent else "",
            opponent_unit=seat.opponent.unit if seat.opponent else "",
            note=seat.bye,
            times=page.times,
            xiangqi=xiangqi,
        )
        for seat in page.seats
    }


def _team_seats(section: models.Section, number: int) -> dict[int, FoundPlayer]:
    """Seats of a team round: once the line-ups are public, each rostered player's table,
    board, colour and opponent; before, each team's table and opposing team."""
    page = team_pages.team_round_page(section, number)
    round_row = team_models.TeamRound.objects.filter(section=section, number=number).first()
    if page is None or round_row is None:
        return {}
    times = pages.round_times(section, round_row)
    xiangqi = notation.section_is_xiangqi(section)
    units = dict(section.entries.values_list("id", "unit"))
    seats: dict[int, FoundPlayer] = {}
    if page.lineups_public:
        by_table = {line.table: line for line in page.matches}
        for seat in page.seats:
            opponent, opposing_team = None, ""
            if seat.table is not None and seat.board is not None:
                line = by_table[seat.table]
                first = line.first.number == seat.team.number
                board = line.boards[seat.board - 1]
                opponent = board.second if first else board.first
                opposing_team = (line.second if first else line.first).name
            seats[seat.player.entry_id] = FoundPlayer(
                seat.player.name,
                units.get(seat.player.entry_id, ""),
                section,
                team=seat.team.name,
                team_entry=seat.team.entry_number,
                round=number,
                table=seat.table,
                board=seat.board,
                colour=seat.colour,
                opponent=opponent.name if opponent else "",
                opponent_unit=opposing_team,
                note=seat.status,
                times=times,
                xiangqi=xiangqi,
            )
        return seats
    addresses = team_pages.entry_numbers(section)
    opposing: dict[int, tuple[int, team_pages.PublicTeam]] = {}
    for line in page.matches:
        opposing[line.first.number] = (line.table, line.second)
        opposing[line.second.number] = (line.table, line.first)
    for entry_id, name, team_number, team_name in team_models.TeamMember.objects.filter(
        team__section=section
    ).values_list("entry_id", "entry__name", "team__number", "team__name"):
        table, other = opposing.get(team_number, (None, None))
        seats[entry_id] = FoundPlayer(
            name,
            units.get(entry_id, ""),
            section,
            team=team_name,
            team_entry=addresses[team_number],
            round=number,
            table=table,
            opponent_unit="" if other is None else other.name,
            note=_("line-ups are published at the deadline")
            if other is not None
            else _("bye (no match this round)"),
            times=times,
            xiangqi=xiangqi,
        )
    return seats
