"""The captain's pages: their teams, and a round's line-up (the arbiters' and organisers' too)."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.model import ResultCode
from crosstable.typed import whole_number_or_none
from crosstable_web.events.oversight import permissions
from crosstable_web.events.regulations import event_time
from crosstable_web.events.rounds import acting
from crosstable_web.events.views.page import find_section
from crosstable_web.teams import bridge, models
from crosstable_web.teams.models import BoardGame
from crosstable_web.teams.services import lineups as team_lineups


@login_required
def my_teams(request: HttpRequest) -> HttpResponse:
    """A captain's back office: their own teams, each with its line-up pages and deadlines
    (and nothing of the other teams')."""
    teams = (
        models.Team.objects.filter(captain_id=request.user.pk)
        .select_related("section__event")
        .order_by("section__event__name", "number")
    )
    rows = []
    for team in teams:
        rounds = list(team.section.team_rounds.all())
        numbers = [r.number for r in rounds]
        if len(numbers) < team.section.total_rounds:
            numbers.append(len(numbers) + 1)  # the next round, before it is paired
        rows.append(
            {
                "team": team,
                "rounds": [
                    (
                        number,
                        team_lineups.deadline(team, number),
                        team.lineups.filter(round_number=number).first(),
                        bool(_closed_for_captain(request.user, team, number)),
                    )
                    for number in numbers
                ],
            }
        )
    return render(request, "teams/my_teams.html", {"rows": rows})


@login_required
def lineup(request: HttpRequest, slug: str, key: str, team: int, number: int) -> HttpResponse:
    """The captain's (or arbiter's) line-up page for one round, with the opponent and the
    deadline at the venue's time. A refused line-up comes back as it was chosen, with the
    reason: the captain corrects a board, not the whole form."""
    section = find_section(slug, key)
    team_row = get_object_or_404(models.Team, section=section, pk=team)
    if not team_lineups.may_see_lineup(request.user, team_row):
        raise PermissionDenied(
            _("Only this team's captain, an arbiter or an organiser may see this page.")
        )
    team_rules = bridge.team_rules(section)
    closed = _closed_for_captain(request.user, team_row, number)
    if request.method == "POST" and closed:
        messages.error(request, closed)
        return redirect(reverse("teams:lineup", args=[slug, key, team, number]))
    if request.method == "POST":
        boards: list[int | None] = []
        unreadable = []
        for board in range(1, team_rules.boards + 1):
            value = request.POST.get(f"board_{board}", "").strip()
            entry_id = whole_number_or_none(value, 1)
            if value and entry_id is None:
                # the form offers the roster's players: anything else is refused, never
                # taken for an empty board
                unreadable.append(board)
            boards.append(entry_id)
        accept = request.POST.get("accept_order_errors") == "on"
        for board in unreadable:
            messages.error(request, _("Board %(board)d: no such player.") % {"board": board})
        if not unreadable and acting.run(
            request,
            lambda: team_lineups.submit_lineup(
                team_row, number, boards, request.user, accept_order_errors=accept
            ),
            _("Line-up saved."),
        ):
            return redirect(reverse("teams:lineup", args=[slug, key, team, number]))
        return _lineup_page(request, team_row, number, closed, boards, accept)
    return _lineup_page(request, team_row, number, closed)


def _opponent(team: models.Team, number: int) -> tuple[models.TeamMatch | None, models.Team | None]:
    """``team``'s match of round ``number`` and its opponent (None before the pairing)."""
    match = (
        models.TeamMatch.objects.filter(round__section=team.section, round__number=number)
        .filter(Q(first=team) | Q(second=team))
        .select_related("first", "second")
        .first()
    )
    if match is None:
        return None, None
    return match, match.second if match.first_id == team.pk else match.first


def _lineup_page(
    request: HttpRequest,
    team_row: models.Team,
    number: int,
    closed: str,
    posted: list[int | None] | None = None,
    accept: bool = False,
) -> HttpResponse:
    """The line-up form: the boards ``posted`` (a refused submission, kept as chosen), else
    the stored line-up, else the registered one."""
    section = team_row.section
    team_rules = bridge.team_rules(section)
    stored = team_row.lineups.filter(round_number=number).first()
    # A player declared ineligible is offered on no board from the declaration on.
    barred = bridge.unavailable_in(bridge.ineligible_from(section), number)
    roster = bridge.roster(team_row)
    available = dataclasses.replace(
        roster, members=tuple(m for m in roster.members if m not in barred)
    )
    registered = available.registered_lineup(team_rules.boards)
    if posted is not None:
        chosen = posted
    elif stored:
        chosen = [b if b is None else int(b) for b in stored.boards]
    else:
        chosen = list(registered)
    members = [m for m in team_row.members.select_related("entry") if m.entry_id not in barred]
    match, opponent = _opponent(team_row, number)
    due = team_lineups.deadline(team_row, number)
    return render(
        request,
        "teams/lineup.html",
        {
            "event": section.event,
            "section": section,
            "team": team_row,
            "number": number,
            "members": members,
            "deadline": due,
            "zone": event_time.describe_zone(section.event, due)
            if due is not None and section.event.time_zone
            else "",
            "match": match,
            "opponent": opponent,
            "stored": stored,
            "refused": posted is not None,
            "accept": accept,
            "can_arbitrate": permissions.can_arbitrate(request.user, section.event),
            "closed": closed,
            # board, chosen entry id, its roster member (None: an empty board)
            "boards": [
                (board, entry_id, next((m for m in members if m.entry_id == entry_id), None))
                for board, entry_id in (
                    (board, chosen[board - 1] if board <= len(chosen) else None)
                    for board in range(1, team_rules.boards + 1)
                )
            ],
        },
    )


def _closed_for_captain(user: Any, team: models.Team, number: int) -> str:
    """Why a captain may no longer submit this round's line-up (empty when they may, and
    always for arbiters and organisers, who correct line-ups at any time): the deadline has
    passed or results of the round are in — the refusals of ``team_lineups.submit_lineup``,
    said before the captain fills in a form that would be refused."""
    if team_lineups.can_manage_lineups(user, team.section):
        return ""
    due = team_lineups.deadline(team, number)
    if due is not None and timezone.now() > due:
        return _("The line-up deadline has passed; the registered line-up will be played.")
    if (
        BoardGame.objects.filter(match__round__section=team.section, match__round__number=number)
        .exclude(first_result=ResultCode.PENDING.value)
        .exists()
    ):
        return _("Results of this round are already in.")
    return ""
