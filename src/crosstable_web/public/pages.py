"""What each public page shows, built from public fields only.

Nothing here hands a database row to a template: players become ``PublicPlayer`` values
(pairing number, name, title, rating, unit), so birth dates, ID numbers, phones and fees can
never reach a public page by accident.
"""

from __future__ import annotations

import dataclasses
import datetime
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from crosstable.model import Tournament
from crosstable.standings import cross_table, round_robin_grid
from crosstable_web.common.localisation import digits, format_date, name_sort_key
from crosstable_web.events import bridge, models, rounds
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.events.rounds.notation import of_section
from crosstable_web.teams.models import TeamRound

PUBLIC_ENTRY_FIELDS = ("id", "pairing_number", "name", "title", "rating", "unit", "house")
"""The only entry columns a public page reads (``house``: the organiser's house player, who
is paired but not ranked, marked on every page as the standings mark them)."""


@dataclasses.dataclass(frozen=True, slots=True)
class PublicPlayer:
    number: int
    name: str
    title: str
    rating: int
    unit: str
    house: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class BoardLine:
    number: int
    white: PublicPlayer
    black: PublicPlayer
    white_points: str
    black_points: str
    result: str


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerSeat:
    """Where one player sits this round: board and colour, or the bye they have."""

    player: PublicPlayer
    board: int | None
    colour: str
    """``w`` or ``b``; empty for a bye."""
    opponent: PublicPlayer | None
    bye: str = ""


@dataclasses.dataclass(slots=True)
class RoundPage:
    section: models.Section
    number: int
    boards: list[BoardLine]
    byes: list[tuple[PublicPlayer, str]]
    seats: list[PlayerSeat]
    """Every player of the round, alphabetical (Chinese names by pinyin)."""
    times: RoundTimes | None = None
    """When the round starts, when players report and when a late player forfeits."""
    absent: list[tuple[PublicPlayer, str]] = dataclasses.field(default_factory=list)
    """Players absent this round (a zero-point bye, TRF ``Z``): listed apart from the byes
    (issue 26.11: an absent player was listed under 轮空)."""


@dataclasses.dataclass(frozen=True, slots=True)
class RoundTimes:
    """What the pairings and slips tell the players about time (Futian youth 七(五):
    "选手赛前15分钟报到，迟到10分钟按弃权处理"): the round's start at the venue, the report time
    (``report_minutes_before``) and the lateness that loses by forfeit
    (``late_forfeit_minutes``; 0: not seated at the start)."""

    starts_at: datetime.datetime | None
    start_text: str
    """The start at the venue's clock, in the event's calendar."""
    report_minutes: int | None
    report_text: str
    """The time of day to report by (empty without a start time)."""
    late_forfeit_minutes: int | None


def round_times(section: models.Section, round_row: models.Round | TeamRound) -> RoundTimes | None:
    """The round's times for the printouts and the public round page (None: nothing to say)."""
    section_rules = rules.section_rules(section)
    report = section_rules.report_minutes_before if section_rules is not None else None
    late = section_rules.late_forfeit_minutes if section_rules is not None else None
    # as paired (the arbiter may move it), else the regulations' schedule at the venue
    start = round_row.starts_at or event_time.scheduled_start(section, round_row.number)
    if start is None and report is None and late is None:
        return None
    start_text = report_text = ""
    if start is not None:
        local = event_time.at_event(section.event, start)
        day = format_date(local.date(), calendar=section.event.calendar)
        start_text = f"{day} {digits(local.strftime('%H:%M'))}"
        if report:
            report_at = local - datetime.timedelta(minutes=report)
            report_text = digits(report_at.strftime("%H:%M"))
    return RoundTimes(start, start_text, report, report_text, late)


@dataclasses.dataclass(frozen=True, slots=True)
class ScheduleLine:
    label: str
    date: datetime.date | None
    time: datetime.time | None


def public_players(section: models.Section) -> dict[int, PublicPlayer]:
    """Entry id → public view of every numbered player of the section."""
    return {
        row["id"]: PublicPlayer(
            row["pairing_number"],
            row["name"],
            row["title"],
            row["rating"],
            row["unit"],
            row["house"],
        )
        for row in section.entries.filter(pairing_number__isnull=False).values(*PUBLIC_ENTRY_FIELDS)
    }


ABSENT = "Z"
"""The bye code of a player absent from a round (a zero-point bye): not a bye to a reader."""


def bye_label(result: str) -> str:
    labels = {
        "U": _("pairing bye"),
        "F": _("full-point bye"),
        "H": _("half-point bye"),
        "Z": _("zero-point bye"),
    }
    return labels.get(result, result)


def round_page(section: models.Section, number: int) -> RoundPage | None:
    round_row = section.rounds.filter(number=number).first()
    if round_row is None:
        return None
    players = public_players(section)
    tournament = bridge.section_tournament(section, up_to_round=number - 1)
    before = {player.pairing_number: tournament.points(player) for player in tournament}
    notation = of_section(section)
    boards: list[BoardLine] = []
    seats: list[PlayerSeat] = []
    for board_number, white_id, black_id, white_result, black_result in round_row.boards.order_by(
        "number"
    ).values_list("number", "white_id", "black_id", "white_result", "black_result"):
        white, black = players[white_id], players[black_id]
        boards.append(
            BoardLine(
                board_number,
                white,
                black,
                standings.format_points(before.get(white.number, Fraction(0))),
                standings.format_points(before.get(black.number, Fraction(0))),
                rounds.result_label(white_result, black_result, notation),
            )
        )
        seats.append(PlayerSeat(white, board_number, "w", black))
        seats.append(PlayerSeat(black, board_number, "b", white))
    byes, absent = [], []
    for entry_id, result in round_row.byes.values_list("entry_id", "result"):
        if entry_id not in players:
            continue
        if result == ABSENT:
            absent.append((players[entry_id], str(_("absent"))))
        else:
            byes.append((players[entry_id], bye_label(result)))
    byes.sort(key=lambda bye: bye[0].number)
    absent.sort(key=lambda line: line[0].number)
    seats.extend(PlayerSeat(player, None, "", None, label) for player, label in byes + absent)
    seats.sort(key=lambda seat: name_sort_key(seat.player.name))
    return RoundPage(section, number, boards, byes, seats, round_times(section, round_row), absent)


@dataclasses.dataclass(frozen=True, slots=True)
class GameLine:
    round: int
    board: int | None
    colour: str
    opponent: PublicPlayer | None
    result: str
    """Points of this round as printed (``1``, ``½``, ``0``), or the bye's name."""
    score: str
    """Running score after the round."""


def section_games(section: models.Section) -> dict[int, tuple[PublicPlayer, list[GameLine]]]:
    """Every player's games in the section (a player page's content), from one reading of the
    section: a 2,000-player section's player pages cost one reading per version, not one each
    (``versions.cached_item``)."""
    players = {player.number: player for player in public_players(section).values()}
    tournament = bridge.section_tournament(section)
    board_of: dict[tuple[int, int], int] = {}
    for round_number, board_number, white, black in models.Board.objects.filter(
        round__section=section
    ).values_list("round__number", "number", "white__pairing_number", "black__pairing_number"):
        for side in (white, black):
            if side is not None:
                board_of[side, round_number] = board_number
    shown: dict[int, tuple[PublicPlayer, list[GameLine]]] = {}
    for number, player in players.items():
        core = tournament.players.get(number)
        if core is None:
            continue
        games: list[GameLine] = []
        for round_number, entry in enumerate(core.rounds, start=1):
            opponent = players.get(entry.opponent) if entry.opponent is not None else None
            code = entry.result.value
            if code == "*":
                result = ""
            elif entry.opponent is None:
                result = bye_label(code) if code.strip() else ""
            else:
                result = standings.format_points(
                    tournament.scoring.points(entry.result, entry.colour)
                )
                if code in "+-":
                    result += " " + _("(forfeit)")
            games.append(
                GameLine(
                    round_number,
                    board_of.get((number, round_number)),
                    entry.colour.value if entry.colour is not None and entry.opponent else "",
                    opponent,
                    result,
                    standings.format_points(tournament.points(core, up_to_round=round_number)),
                )
            )
        shown[number] = (player, games)
    return shown


def schedule(event: models.Event, section: models.Section | None = None) -> list[ScheduleLine]:
    """Rounds (of ``section``, or of the first section with a schedule) and fixed points
    (opening, prize giving) from the regulations, in date order."""
    regulations = rules.event_regulations(event)
    if regulations is None:
        return []
    lines = [ScheduleLine(item.label, item.date, item.time) for item in regulations.schedule_items]
    wanted = (
        [rules.rules_key(section)]
        if section is not None
        else [item.key for item in regulations.sections]
    )
    for rules_section in regulations.sections:
        if rules_section.key not in wanted or not rules_section.schedule:
            continue
        for slot in rules_section.schedule:
            lines.append(
                ScheduleLine(
                    _("Round %(number)d") % {"number": slot.round_number}, slot.date, slot.start
                )
            )
        break
    lines.sort(key=lambda line: (line.date or datetime.date.max, line.time or datetime.time.min))
    return lines


def event_schedules(event: models.Event) -> list[tuple[str, list[ScheduleLine]]]:
    """The event home's schedule: one table when every section plays to the same times,
    else one per schedule, headed by the regulations' names of the sections that play it
    (Futian: the seven-round groups start at 08:00, the five-round ones at 10:20; one table
    told a parent of the five-round groups the wrong time)."""
    regulations = rules.event_regulations(event)
    if regulations is None:
        return []
    by_key = {rules_section.key: rules_section for rules_section in regulations.sections}
    groups: dict[tuple[object, ...], list[models.Section]] = {}
    names: dict[tuple[object, ...], list[str]] = {}
    for section in event.sections.all():
        rules_section = by_key.get(rules.rules_key(section))
        if rules_section is None or not rules_section.schedule:
            continue
        slots = tuple(rules_section.schedule)
        groups.setdefault(slots, []).append(section)
        if rules_section.name not in names.setdefault(slots, []):
            names[slots].append(rules_section.name)
    if len(groups) <= 1:
        lines = schedule(event)
        return [("", lines)] if lines else []
    return [
        (" · ".join(names[slots]), schedule(event, sections[0]))
        for slots, sections in groups.items()
    ]


def tournament_of(section: models.Section) -> Tournament:
    return bridge.section_tournament(section)


def standing_rows(
    section: models.Section, results: standings.SectionResults, with_cells: bool = False
) -> list[dict[str, object]]:
    """The ranked lines of the public standings, cross-table and printouts: name, school
    (namesakes are common: three "Ahmad bin Salleh" in one Kinabatangan section), points,
    tie-break values and, ``with_cells``, the cross-table cells (house players' lines last)."""
    units = {player.number: player.unit for player in public_players(section).values()}
    notation = of_section(section)
    lines = (
        cross_table(results.tournament, results.main)
        if with_cells
        else ((row, None) for row in results.main.rows)
    )
    return [
        {
            "row": row,
            "name": results.name(row.number),
            "unit": units.get(row.number, ""),
            "points": standings.format_points(row.points),
            "marks": results.marks(row),
            "cells": None if cells is None else [notation.cell(cell) for cell in cells],
            "values": [standings.format_value(value) for value in row.values],
        }
        for row, cells in lines
    ]


def round_robin_rows(
    section: models.Section, results: standings.SectionResults
) -> list[dict[str, Any]]:
    """A round robin's classic cross-table, for its page and its printout
    (``crosstable.standings.round_robin_grid``): a line per player in number order, a
    column per player, each cell the points of the games between the two in the section's
    notation (``1``, ``½``, ``0``, ``+``, ``-``; xiangqi ``2``/``1``/``0``; both games of a
    double round robin, first cycle first), the diagonal blank; then points, the tie-breaks
    and the place."""
    written = of_section(section)
    lines = []
    for line, grid_row in enumerate(round_robin_grid(results.tournament, results.main)):
        row = grid_row.row
        cells = [
            None
            if column == line
            else " ".join(
                written.game_points(game.result.value, game.colour.value if game.colour else "-")
                for game in games
            )
            for column, games in enumerate(grid_row.games)
        ]
        lines.append(
            {
                "row": row,
                "name": results.name(row.number),
                "marks": results.marks(row),
                "cells": cells,
                "points": standings.format_points(row.points),
                "values": [standings.format_value(value) for value in row.values],
            }
        )
    return lines
