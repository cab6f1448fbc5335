"""Who plays when the capacity is short: with ``capacity_priority = "payment_date"`` and more
teams entered than the section has places, the core's ``admit_by_capacity`` decides, a team
counting as paid on the day its payments first cover what it owes (a team that owes nothing,
on the day it was entered; cancelled payments and their reversals left out); while all fit,
all play. Payments on the same day keep the order the teams were entered. Once round 1 is
paired its teams are the field, whatever is paid or cancelled later."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterable

from django.utils.translation import gettext as _

from crosstable.regulations.entries import Admission, PendingEntry, admit_by_capacity
from crosstable_web.events.models import Section
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import models
from crosstable_web.teams.fees import complete_fees, paid_in_full_on


def admission_by_payment(section: Section) -> bool:
    """Whether the section's places go to the teams that pay first (its capacity is set and
    the regulations say ``capacity_priority = "payment_date"``): more teams may then be
    entered than there are places, the others wait."""
    regulations = rules.event_regulations(section.event)
    return (
        section.max_entries is not None
        and regulations is not None
        and regulations.capacity_priority == "payment_date"
    )


def admission(section: Section, teams: Iterable[models.Team] | None = None) -> Admission | None:
    """Which teams have a place (team numbers as text, in priority order) and which wait
    (None when places are not given by payment date).

    Priority matters only when there are more teams than places: until then every team has
    a place, paid or not (an organiser who has room for all pairs them all). Beyond, the
    core's ``admit_by_capacity`` decides, and only teams paid in full get the places."""
    if not admission_by_payment(section):
        return None
    regulations = rules.event_regulations(section.event)
    section_rules = rules.section_rules(section)
    assert regulations is not None
    if section_rules is None:
        return None
    if teams is None:
        complete_fees(section)
    rows = sorted(
        teams if teams is not None else section.teams.prefetch_related("payments"),
        key=lambda team: (team.entered_at, team.number),
    )
    if len(rows) <= (section.max_entries or 0):
        return Admission(tuple(str(team.number) for team in rows), ())
    pending = []
    for team in rows:
        paid_on = paid_in_full_on(team, list(team.payments.all()))
        pending.append(
            PendingEntry(
                str(team.number),
                team.entered_at,
                None if paid_on is None else _start_of(paid_on),
            )
        )
    limited = dataclasses.replace(section_rules, capacity=section.max_entries)
    return admit_by_capacity(regulations, limited, pending)


def _start_of(day: datetime.date) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time(), tzinfo=datetime.UTC)


def playing_teams(section: Section, round_number: int) -> set[int] | None:
    """The team numbers the pairing of ``round_number`` may use (None: every team).

    Round 1 takes the admitted teams, and is refused while places are free and teams wait
    unpaid (an organiser collects their fees, or deletes them, first); once round 1 is
    paired the teams that played it are the field, whatever is paid or edited later."""
    if not admission_by_payment(section):
        return None
    if round_number > 1:
        return round_one_field(section)
    decided = admission(section)
    if decided is None:
        return None
    capacity = section.max_entries or 0
    if decided.waiting and len(decided.admitted) < capacity:
        names = dict(section.teams.values_list("number", "name"))
        raise ServiceError(
            _(
                "%(free)d of %(capacity)d places are free but these teams have not paid their "
                "fee: %(teams)s. Record their payments or delete them before pairing round 1."
            )
            % {
                "free": capacity - len(decided.admitted),
                "capacity": capacity,
                "teams": ", ".join(names[int(key)] for key in decided.waiting),
            }
        )
    return {int(key) for key in decided.admitted}


def round_one_field(section: Section) -> set[int] | None:
    """The team numbers round 1 paired (its matches and its bye team); None before round 1."""
    first = section.team_rounds.filter(number=1).select_related("bye_team").first()
    if first is None:
        return None
    numbers: set[int] = set()
    for first_number, second_number in first.matches.values_list("first__number", "second__number"):
        numbers.update((first_number, second_number))
    if first.bye_team is not None:
        numbers.add(first.bye_team.number)
    return numbers


def field_teams(section: Section) -> set[int] | None:
    """The teams that play (team numbers; None: every team): where places go by payment date,
    round 1's teams once it is paired, before that the teams admitted now. Standings, board
    rankings and team prizes count only these; the others are the waiting list."""
    if not admission_by_payment(section):
        return None
    paired = round_one_field(section)
    if paired is not None:
        return paired
    decided = admission(section)
    return None if decided is None else {int(key) for key in decided.admitted}


def team_status(section: Section, team: models.Team) -> str | None:
    """ "admitted" or "waiting" (None: places are not given by payment date)."""
    field = field_teams(section)
    if field is None:
        return None
    return "admitted" if team.number in field else "waiting"
