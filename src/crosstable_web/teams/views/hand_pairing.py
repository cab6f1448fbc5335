"""The chief arbiter's pages of a team section (issue 25): a round paired by hand (from the
engine's proposal, the round as paired, or the engine's pairing with rematches allowed for
named teams when no pairing exists), the last round un-paired, prohibited pairs of teams.
The services are ``teams.hand_pairing``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from crosstable_web.events.models import Section
from crosstable_web.events.oversight import permissions
from crosstable_web.events.regulations import event_time
from crosstable_web.events.rounds import acting, hand_pairing_form, rule_warnings
from crosstable_web.events.services import ServiceError
from crosstable_web.events.views.page import find_section
from crosstable_web.teams import hand_pairing, models


def _start(section: Section, number: int) -> list[tuple[int, int]]:
    """The round as paired (while it has no result): the page starts from it."""
    round_row = section.team_rounds.filter(number=number).first()
    if round_row is None:
        return []
    return [
        (m.first.number, m.second.number)
        for m in round_row.matches.select_related("first", "second").order_by("number")
    ]


@login_required
def hand_pair(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """GET: the form, filled from the round as paired, else the engine's proposal (with
    ``relax``: the teams whose rematches the chief allows), else empty with the reason why
    no pairing exists. POST ``check``: the warnings of the pairing chosen; ``save``: saved
    through the rule warnings' confirmations (a deputy's is a proposal, not saved)."""
    section = find_section(slug, key)
    permissions.require_arbiter(request.user, section.event)
    teams = list(section.teams.order_by("number"))
    by_pk = {str(team.pk): team for team in teams}
    number = hand_pairing.round_to_pair(section)
    playing = set(hand_pairing.playing_numbers(section, number))
    table_count = len(playing) // 2
    warnings: list[rule_warnings.RuleWarning] = []
    relax = [t for t in request.GET.getlist("relax") if t in by_pk]
    engine = hand_pairing.proposal(section, [by_pk[t].number for t in relax])
    chosen: list[tuple[str, str]]
    bye = ""
    if request.method == "POST":
        chosen, bye = hand_pairing_form.posted(request.POST, "first", "second", table_count)
        cancel = reverse("teams:hand_pair", args=[slug, key])
        try:
            matches, bye_number = hand_pairing.read_pairing(section, chosen, bye)
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            warnings = hand_pairing.check(section, number, matches, bye_number)
            if request.POST.get("action") == "save":
                try:
                    starts_at = event_time.read_wall_clock(
                        section.event, request.POST.get("starts_at", "")
                    )
                except ValueError as error:
                    messages.error(request, str(error))
                    starts_at = None
                else:
                    outcome = rule_warnings.attempt(
                        request,
                        lambda token: hand_pairing.pair_by_hand(
                            section, matches, bye_number, request.user, token, starts_at
                        ),
                        section=section,
                        cancel=cancel,
                        title=_("Pair round %(round)d by hand") % {"round": number},
                    )
                    if outcome.page is not None:
                        return outcome.page
                    if outcome.done:
                        messages.success(
                            request, _("Round %(round)d is paired.") % {"round": number}
                        )
                        return redirect(reverse("teams:team_round", args=[slug, key, number]))
    else:
        numbers = {team.number: str(team.pk) for team in teams}
        start = [] if relax else _start(section, number)
        pairs = start or list(engine.matches)
        chosen = [(numbers[a], numbers[b]) for a, b in pairs]
        if engine.bye is not None and not start:
            bye = numbers[engine.bye]
        chosen += [("", "")] * (table_count - len(chosen))
    return render(
        request,
        "teams/hand_pairing.html",
        {
            "event": section.event,
            "section": section,
            "round_number": number,
            "replacing": section.team_rounds.filter(number=number).exists(),
            "teams": [t for t in teams if t.number in playing],
            "tables": list(enumerate(chosen, start=1)),
            "bye": bye,
            "odd": len(playing) % 2 == 1,
            "reason": engine.reason,
            "relax": relax,
            "warnings": [w.text() for w in warnings],
            "is_chief": permissions.can_act_as_chief(request.user, section.event),
            "next_start": event_time.wall_clock_text(
                section.event, event_time.scheduled_start(section, number)
            ),
        },
    )


@login_required
@require_POST
def unpair(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The chief arbiter's "Un-pair the last round" (results named and confirmed first)."""
    section = find_section(slug, key)
    outcome = rule_warnings.attempt(
        request,
        lambda token: hand_pairing.unpair_last_round(section, request.user, token),
        section=section,
        cancel=reverse("teams:team_section", args=[slug, key]),
        title=_("Un-pair the last round"),
    )
    if outcome.page is not None:
        return outcome.page
    if outcome.done:
        messages.success(request, _("Round %(round)d is un-paired.") % {"round": outcome.value})
    return redirect(reverse("teams:team_section", args=[slug, key]))


@login_required
@require_POST
def prohibited(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Add (``action=add``) or remove (``action=remove``) a prohibited pair of teams, for
    every round (no round given) or one round."""
    section = find_section(slug, key)
    if not acting.allowed(
        request, lambda: permissions.require_chief_arbiter(request.user, section.event)
    ):
        return redirect(reverse("teams:team_section", args=[slug, key]) + "#prohibited")
    chosen: list[Any] = [
        models.Team.objects.filter(pk=int(value)).first() if value.isdigit() else None
        for value in (request.POST.get("first", ""), request.POST.get("second", ""))
    ]
    round_text = request.POST.get("round", "").strip()
    if None in chosen:
        messages.error(request, _("Choose the two teams."))
    elif round_text and not round_text.isdigit():
        messages.error(request, _("The round is a number, or empty for every round."))
    else:
        acting.run(
            request,
            lambda: hand_pairing.set_prohibited(
                section,
                chosen[0],
                chosen[1],
                int(round_text) if round_text else None,
                request.POST.get("action") != "remove",
                request.user,
            ),
            _("Prohibited pairs saved."),
        )
    return redirect(reverse("teams:team_section", args=[slug, key]) + "#prohibited")
