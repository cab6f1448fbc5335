"""Changes to a section's rounds besides results: pairing the next round, un-pairing one,
the manual changes (players and colours exchanged) and a correction for the rating report. The
round page itself (boards and results) is :mod:`.round_page`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from crosstable.typed import as_typed_on_a_latin_keyboard, whole_number_or_none
from crosstable_web.events import forms, models, rounds
from crosstable_web.events.oversight import permissions
from crosstable_web.events.rounds import acting, manual_pairing, pairing_runs, rule_warnings
from crosstable_web.events.views.page import MAX_TYPED_NUMBER, confirm, find_round, find_section


@login_required
@require_POST
def pair_section(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Pair the next round as a job (``pairing_runs``): its round page when it is done within
    a second or two, else back to the page it was asked from, which shows its progress."""
    section = find_section(slug, key)
    outcome = acting.run(request, lambda: pairing_runs.start(section, request.user))
    if isinstance(outcome, models.Round):
        return redirect("events:round_detail", slug=slug, key=key, number=outcome.number)
    return _back_to_section(slug, section)


def _back_to_section(slug: str, section: models.Section) -> HttpResponse:
    """The page showing the section's pairing: its last round page (its own page before
    round 1; a team section's, for a team section)."""
    return redirect(pairing_runs.pairer_for(section).back_url(section))


@login_required
@require_POST
def pair_cancel(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Cancel the pairing of the section's next round while it is being computed."""
    section = find_section(slug, key)
    if not acting.allowed(
        request, lambda: permissions.require_arbiter(request.user, section.event)
    ):
        return _back_to_section(slug, section)
    run = pairing_runs.running(section)
    if run is not None and acting.run(request, lambda: pairing_runs.cancel(run, request.user)):
        messages.success(
            request,
            _("The pairing of round %(round)d was cancelled: the section is unchanged.")
            % {"round": run.round_number},
        )
    return _back_to_section(slug, section)


@login_required
@require_GET
def pair_status(request: HttpRequest, slug: str, key: str) -> JsonResponse:
    """The progress line's answer, read every second by ``pairing_run.js``: the state of the
    section's latest pairing, the seconds so far, and where to go when it is done."""
    section = find_section(slug, key)
    if not permissions.can_arbitrate(request.user, section.event):
        return JsonResponse({"state": "forbidden"}, status=403)
    run = pairing_runs.running(section) or section.pairing_runs.first()
    if run is None:
        return JsonResponse({"state": "none"})
    answer: dict[str, object] = {"state": run.state, "round": run.round_number}
    if run.state == models.PairingRun.State.RUNNING:
        answer["text"] = pairing_runs.progress_text(run)
    if run.state == models.PairingRun.State.FAILED:
        answer["message"] = run.message
    if run.state == models.PairingRun.State.DONE:
        answer["url"] = pairing_runs.pairer_for(section).round_url(section, run.round_number)
    return JsonResponse(answer)


@login_required
@require_POST
def round_unpair(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """Un-pair the last round, after a confirmation page (``confirm=yes``) naming the round
    and its boards: a stray click deletes nothing."""
    round_row = find_round(slug, key, number)
    section = round_row.section
    if not acting.allowed(
        request, lambda: permissions.require_chief_arbiter(request.user, section.event)
    ):
        # a deputy is told whose decision it is on the round's page, not on an error page
        return redirect("events:round_detail", slug=slug, key=key, number=number)
    if request.POST.get("confirm") != "yes":
        return confirm(
            request,
            {
                "event": section.event,
                "section": section,
                "round": round_row,
                "title": _("Un-pair this round"),
                "question": _(
                    "Delete the pairing of %(section)s round %(round)d (%(boards)d boards)?"
                )
                % {
                    "section": section.name,
                    "round": round_row.number,
                    "boards": round_row.boards.count(),
                },
                "action": reverse("events:round_unpair", args=[slug, key, number]),
                "button": _("Yes, un-pair round %(round)d") % {"round": round_row.number},
                "cancel": reverse("events:round_detail", args=[slug, key, number]),
            },
        )
    if (
        acting.run(
            request, lambda: rounds.unpair_round(round_row, request.user), _("Round un-paired.")
        )
        is None
        and models.Round.objects.filter(pk=round_row.pk).exists()
    ):
        return redirect("events:round_detail", slug=slug, key=key, number=number)
    return redirect("events:section_detail", slug=slug, key=key)


@login_required
@require_POST
def round_swap(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """Exchange two players of a round whose manual changes are open
    (``manual_pairing.swap_players``: a rule it breaks asks first)."""
    round_row = find_round(slug, key, number)
    form = forms.SwapForm(request.POST)
    target = reverse("events:round_detail", args=[slug, key, number])
    # the role before the form: an empty form must not hide the refusal
    if not acting.allowed(
        request, lambda: permissions.require_arbiter(request.user, round_row.section.event)
    ):
        return redirect(target)
    if not form.is_valid():
        messages.error(request, _("Give two pairing numbers."))
        return redirect(target)
    entries = {
        e.pairing_number: e
        for e in round_row.section.entries.filter(
            pairing_number__in=[form.cleaned_data["first"], form.cleaned_data["second"]]
        )
    }
    if len(entries) != 2:
        messages.error(request, _("No such pairing numbers in this section."))
        return redirect(target)
    outcome = rule_warnings.attempt(
        request,
        lambda token: manual_pairing.swap_players(
            round_row,
            entries[form.cleaned_data["first"]],
            entries[form.cleaned_data["second"]],
            request.user,
            token,
        ),
        section=round_row.section,
        cancel=target,
        title=_("Change the pairing"),
    )
    if outcome.page is not None:
        return outcome.page
    if outcome.value is not None:
        messages.success(request, _("Pairing changed."))
    return redirect(target)


@login_required
@require_POST
def round_manual(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """The manual changes of a round: ``action`` start, colours (``board``) or end (the
    round compared with the engine's pairing)."""
    round_row = find_round(slug, key, number)
    target = reverse("events:round_detail", args=[slug, key, number])
    if not acting.allowed(
        request, lambda: permissions.require_arbiter(request.user, round_row.section.event)
    ):
        return redirect(target)
    action = request.POST.get("action")
    if action == "start":
        acting.run(
            request,
            lambda: manual_pairing.start(round_row, request.user),
            _("Manual changes started: exchange players or colours, then end the changes."),
        )
        return redirect(target)
    if action == "colours":
        board = whole_number_or_none(request.POST.get("board", ""), 1, MAX_TYPED_NUMBER)
        if board is None:
            messages.error(request, _("Give a board number."))
            return redirect(target)
        outcome = rule_warnings.attempt(
            request,
            lambda token: manual_pairing.swap_colours(round_row, board, request.user, token),
            section=round_row.section,
            cancel=target,
            title=_("Change the pairing"),
        )
        if outcome.page is not None:
            return outcome.page
        if outcome.value is not None:
            messages.success(request, _("Colours swapped."))
        return redirect(target)
    if action == "end":
        ended = rule_warnings.attempt(
            request,
            lambda token: manual_pairing.end(round_row, request.user, token),
            section=round_row.section,
            cancel=target,
            title=_("End the manual changes"),
        )
        if ended.page is not None:
            return ended.page
        if ended.value is not None:
            messages.success(
                request,
                _("Manual changes ended: the round is not the engine's pairing (recorded).")
                if ended.value
                else _("Manual changes ended: the round is the engine's pairing."),
            )
        return redirect(target)
    messages.error(request, _("Unknown action."))
    return redirect(target)


@login_required
@require_POST
def round_rating_correction(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """A result corrected for the rating report only (results and standings unchanged)."""
    round_row = find_round(slug, key, number)
    target = reverse("events:round_detail", args=[slug, key, number])
    if not acting.allowed(
        request, lambda: permissions.require_chief_arbiter(request.user, round_row.section.event)
    ):
        return redirect(target)
    form = forms.RatingCorrectionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the board, the result and why."))
        return redirect(target)
    values = form.cleaned_data
    acting.run(
        request,
        lambda: rounds.correct_for_rating_report(
            round_row,
            values["board"],
            as_typed_on_a_latin_keyboard(values["result"]),
            values["reason"],
            request.user,
        ),
        _("Correction recorded for the rating report; results and standings unchanged."),
    )
    return redirect(target)
