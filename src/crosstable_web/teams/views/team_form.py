"""The organiser's team form (create, edit the roster before round 1, captain; saved by
``team_rosters.save_team``) and deleting a team."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from crosstable_web.events.models import Section
from crosstable_web.events.oversight import permissions
from crosstable_web.events.rounds import acting
from crosstable_web.events.services import ServiceError
from crosstable_web.events.views.page import find_section
from crosstable_web.teams import bridge, fee_lines, fees, forms, models
from crosstable_web.teams.services import rosters as team_rosters


def _team_form(request: HttpRequest, section: Section, team: models.Team | None) -> HttpResponse:
    """Create (``team`` None) or edit a team; organisers only (``team_rosters.save_team``)."""
    permissions.require_organiser(request.user, section.event)
    team_rules = bridge.team_rules(section)
    places = team_rules.boards + team_rules.reserves
    fields = team_rosters.team_form_fields(section)
    initial: dict[str, object] = {}
    if team is not None:
        initial = {
            "name": team.name,
            "unit": team.unit,
            "unit_kind": team.unit_kind,
            "captain": team.captain_id,
        }
        for member in team.members.select_related("entry"):
            initial[f"player_{member.position}"] = str(member.entry_id)
            initial[f"rating_{member.position}"] = member.entry.rating or None
            for name in fields.member_attributes:
                initial[f"roster_{name}_{member.position}"] = bool(member.attributes.get(name))
        for name in fields.attributes:
            initial[f"attribute_{name}"] = team.attributes.get(name)
    form = forms.TeamForm(
        section,
        places,
        team,
        request.POST or None,
        initial=initial,
        attributes=fields.attributes,
        member_attributes=fields.member_attributes,
    )
    if request.method == "POST" and form.is_valid():
        values = form.cleaned_data
        data = team_rosters.TeamData(
            name=values["name"],
            unit=values["unit"],
            unit_kind=values["unit_kind"],
            captain=values["captain"],
            roster=values["roster"],
            ratings=values["ratings"],
            attributes=values["attributes"],
            member_attributes=values["member_attributes"],
        )
        try:
            saved = team_rosters.save_team(section, team, data, request.user)
        except (ServiceError, PermissionDenied) as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Team %(name)s saved.") % {"name": saved.name})
            return redirect(reverse("teams:team_section", args=[section.event.slug, section.key]))
    return render(
        request,
        "teams/team_form.html",
        {
            "event": section.event,
            "section": section,
            "team": team,
            "form": form,
            "rounds_paired": section.team_rounds.exists(),
            "previous_events": fees.previous_events(section),
            "fee_line": next(
                (line for line in fee_lines.section_fee_lines(section) if line.team.pk == team.pk),
                None,
            )
            if team is not None
            else None,
        },
    )


@login_required
def team_create(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    return _team_form(request, find_section(slug, key), None)


@login_required
def team_edit(request: HttpRequest, slug: str, key: str, team: int) -> HttpResponse:
    section = find_section(slug, key)
    return _team_form(request, section, get_object_or_404(models.Team, section=section, pk=team))


@login_required
@require_POST
def team_delete(request: HttpRequest, slug: str, key: str, team: int) -> HttpResponse:
    """Delete a team before round 1 is paired (organisers; refused with a message after)."""
    section = find_section(slug, key)
    team_row = get_object_or_404(models.Team, section=section, pk=team)
    name = team_row.name

    def delete() -> bool:
        team_rosters.delete_team(team_row, request.user)
        return True

    if acting.run(request, delete, _("Team %(name)s deleted.") % {"name": name}) is None:
        return redirect(reverse("teams:team_edit", args=[slug, key, team]))
    return redirect(reverse("teams:team_section", args=[slug, key]))
