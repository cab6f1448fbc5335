"""The team section page: its teams with their fees and places, the players declared
ineligible (declared and withdrawn here), and pairing the next team round."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from crosstable_web.events.models import Entry, Section
from crosstable_web.events.oversight import permissions
from crosstable_web.events.regulations import event_time
from crosstable_web.events.rounds import acting, pairing_runs
from crosstable_web.events.views.page import find_section
from crosstable_web.teams import bridge, fee_lines, fees, models, places
from crosstable_web.teams.services import eligibility as team_eligibility
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches


def team_section(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = find_section(slug, key)
    teams = section.teams.prefetch_related("members__entry").select_related("captain")
    manage = team_lineups.can_manage_lineups(request.user, section)
    captain_of = [t for t in teams if team_lineups.is_captain(request.user, t)]
    line_of = {line.team.pk: line for line in fee_lines.section_fee_lines(section)}
    return render(
        request,
        "teams/team_section.html",
        {
            "event": section.event,
            "section": section,
            "teams": teams,
            # Fee, payments and admitted / waiting, per team (the staff see the amounts); the
            # teams that do not play (places.field_teams) are listed apart, in waiting order.
            "team_rows": [
                (team, line_of[team.pk]) for team in teams if line_of[team.pk].status != "waiting"
            ],
            "waiting_rows": sorted(
                (
                    (team, line_of[team.pk])
                    for team in teams
                    if line_of[team.pk].status == "waiting"
                ),
                key=lambda row: row[1].waiting_place or 0,
            ),
            "team_fee": fees.team_fees(section) is not None,
            "by_payment": places.admission_by_payment(section),
            "can_see_fees": permissions.sees_private_data(request.user, section.event),
            "rounds": section.team_rounds.all(),
            # the next round's start by the schedule, as the arbiter types it at the venue
            "next_start": event_time.wall_clock_text(
                section.event,
                event_time.scheduled_start(section, section.team_rounds.count() + 1),
            ),
            "can_arbitrate": permissions.can_arbitrate(request.user, section.event),
            **pairing_runs.page_context(
                section, permissions.can_arbitrate(request.user, section.event)
            ),
            "can_act_as_chief": permissions.can_arbitrate(request.user, section.event)
            and permissions.can_act_as_chief(request.user, section.event),
            "prohibited_teams": models.ProhibitedTeams.objects.filter(
                section=section
            ).select_related("first", "second"),
            "can_organise": permissions.can_organise(request.user, section.event),
            "can_manage_lineups": manage,
            "captain_of": captain_of,
            # A captain sees the line-up pages of their own teams only; staff those of all.
            "lineup_teams": list(teams) if manage else captain_of,
            **_ineligible_context(request, section, teams),
        },
    )


def _ineligible_context(request: HttpRequest, section: Section, teams: Any) -> dict[str, Any]:
    """The players declared ineligible, for the staff (the reason may hold a birth date): who,
    why, from which round; the staff may declare one, organisers withdraw a declaration; and
    what the regulations do to their team's matches."""
    declared = {
        row.entry_id: row for row in models.IneligiblePlayer.objects.filter(entry__section=section)
    }
    rows = []
    candidates = []
    for team in teams:
        for member in team.members.all():
            row = declared.get(member.entry_id)
            if row is not None:
                rows.append({"declared": row, "entry": member.entry, "team": team})
            else:
                candidates.append((member.entry, team))
    return {
        "ineligible_rows": rows,
        "ineligible_candidates": candidates,
        "can_declare": permissions.is_staff(request.user, section.event),
        "opponents_win_all_games": bridge.match_rules(section).opponents_win_all_games,
    }


@login_required
@require_POST
def declare_ineligible(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The staff's "Declare ineligible" form of the team section page."""
    section = find_section(slug, key)
    permissions.require_staff(request.user, section.event)  # before reading the form
    text = request.POST.get("entry", "")
    entry = Entry.objects.filter(section=section, pk=int(text)).first() if text.isdigit() else None
    if entry is None:
        messages.error(request, _("Choose the player to declare ineligible."))
    else:
        changes = acting.run(
            request,
            lambda: team_eligibility.declare_ineligible(
                entry, request.POST.get("reason", ""), request.user
            ),
        )
        if changes is not None:
            messages.success(
                request,
                _("%(name)s declared ineligible; matches re-scored: %(count)d.")
                % {"name": entry.name, "count": len(changes)},
            )
    return redirect(reverse("teams:team_section", args=[slug, key]) + "#ineligible")


@login_required
@require_POST
def undo_ineligible(request: HttpRequest, slug: str, key: str, entry_id: int) -> HttpResponse:
    """The organiser's "Withdraw the declaration" button, with its reason."""
    section = find_section(slug, key)
    entry = get_object_or_404(Entry, section=section, pk=entry_id)
    acting.run(
        request,
        lambda: team_eligibility.undo_ineligible(
            entry, request.POST.get("reason", ""), request.user
        ),
        _("The declaration that %(name)s is ineligible is withdrawn.") % {"name": entry.name},
    )
    return redirect(reverse("teams:team_section", args=[slug, key]) + "#ineligible")


@login_required
@require_POST
def pair_round(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = find_section(slug, key)
    try:
        starts_at = event_time.read_wall_clock(section.event, request.POST.get("starts_at", ""))
    except ValueError as error:
        messages.error(request, str(error))
        return redirect(reverse("teams:team_section", args=[slug, key]))
    no_pairing: list[str] = []

    def pair() -> object:
        # A job (events.rounds.pairing_runs): the round when the engine answers within a
        # second or two, else the run going on, which this section's page shows.
        try:
            return pairing_runs.start(section, request.user, starts_at)
        except team_matches.NoPairing as error:
            no_pairing.append(str(error))
            return None

    outcome = acting.run(request, pair)
    if no_pairing:
        # the way out: the hand-pairing page says why and offers pairing by hand or with
        # rematches allowed for named teams (issue 25)
        messages.error(request, no_pairing[0])
        return redirect(reverse("teams:hand_pair", args=[slug, key]))
    if isinstance(outcome, models.TeamRound):
        return redirect(reverse("teams:team_round", args=[slug, key, outcome.number]))
    return redirect(reverse("teams:team_section", args=[slug, key]))
