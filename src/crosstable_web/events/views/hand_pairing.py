"""The chief arbiter's page pairing an individual section's next round by hand (issue 25):
from scratch, from the engine's pairing, or — when the engine finds none — from the engine's
pairing with rematches allowed for the players the chief names. The services are
``events.rounds.hand_pairing``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from crosstable_web.events.oversight import permissions
from crosstable_web.events.rounds import hand_pairing, hand_pairing_form, rule_warnings
from crosstable_web.events.rounds.notation import of_section
from crosstable_web.events.services import ServiceError
from crosstable_web.events.views.page import find_section


@login_required
def hand_pair(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """GET: the form, empty (a round paired from scratch), or with ``propose``: the
    engine's pairing (with ``relax``: the players whose rematches the chief allows), or the
    reason why there is none and the two ways out. POST ``check``: the warnings of the
    pairing chosen; ``save``: saved through the rule warnings' confirmations (a deputy's is
    a proposal, not saved)."""
    section = find_section(slug, key)
    permissions.require_arbiter(request.user, section.event)
    if section.is_team_section:
        return redirect(reverse("teams:hand_pair", args=[slug, key]))
    try:
        target = hand_pairing.round_to_pair(section)
    except ServiceError as error:
        messages.error(request, str(error))
        return redirect(reverse("events:section_detail", args=[slug, key]))
    entries = {
        entry.pairing_number: entry
        for entry in section.entries.filter(pairing_number__in=target.players)
    }
    players = [entries[number] for number in target.players if number in entries]
    by_pk = {str(entry.pk): entry for entry in players}
    board_count = len(players) // 2
    relax = [pk for pk in request.GET.getlist("relax") if pk in by_pk]
    engine = None
    if request.method == "GET" and (request.GET.get("propose") or relax):
        numbers = [by_pk[pk].pairing_number for pk in relax]
        engine = hand_pairing.proposal(section, [n for n in numbers if n is not None])
    warnings: list[rule_warnings.RuleWarning] = []
    chosen: list[tuple[str, str]] = [("", "")] * board_count
    bye = ""
    if request.method == "POST":
        chosen, bye = hand_pairing_form.posted(request.POST, "white", "black", board_count)
        try:
            boards, bye_number = hand_pairing.read_pairing(section, chosen, bye)
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            warnings = hand_pairing.check(section, boards, bye_number)
            if request.POST.get("action") == "save":
                outcome = rule_warnings.attempt(
                    request,
                    lambda token: hand_pairing.pair_by_hand(
                        section, boards, bye_number, request.user, token
                    ),
                    section=section,
                    cancel=reverse("events:hand_pair", args=[slug, key]),
                    title=_("Pair round %(round)d by hand") % {"round": target.number},
                )
                if outcome.page is not None:
                    return outcome.page
                if outcome.done:
                    messages.success(
                        request, _("Round %(round)d is paired.") % {"round": target.number}
                    )
                    return redirect(reverse("events:round_detail", args=[slug, key, target.number]))
    elif engine is not None and not engine.reason:
        chosen = [(str(white), str(black)) for white, black in engine.boards]
        chosen += [("", "")] * (board_count - len(chosen))
        bye = str(engine.bye) if engine.bye is not None else ""
    # each place a pairing number typed or picked from the page's one list of the players
    # (a list per board was 600 x 600 options at 600 players: 15.7 MB, 43 s to render)
    names = {str(entry.pairing_number): entry.name for entry in players}
    return render(
        request,
        "events/hand_pairing.html",
        {
            "event": section.event,
            "section": section,
            "round_number": target.number,
            "players": players,
            "boards": [
                (board, white, names.get(white.strip(), ""), black, names.get(black.strip(), ""))
                for board, (white, black) in enumerate(chosen, start=1)
            ],
            "bye": bye,
            "bye_name": names.get(bye.strip(), ""),
            "odd": len(players) % 2 == 1,
            "proposed": engine is not None,
            "reason": engine.reason if engine is not None else "",
            "relax": relax,
            "warnings": [w.text() for w in warnings],
            "xiangqi": of_section(section).xiangqi,
            "is_chief": permissions.can_act_as_chief(request.user, section.event),
        },
    )
