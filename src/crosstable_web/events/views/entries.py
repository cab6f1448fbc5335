"""A section and its entries: the section page (new and late entries, the house player,
prohibited pairs, pairing numbers) and an entry's page (changes, payment, byes, expulsion,
later rating, withdrawal)."""

from __future__ import annotations

from typing import Any

from django import forms as django_forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from crosstable_web.events import forms, models, rounds, services
from crosstable_web.events.oversight import audit, permissions
from crosstable_web.events.ranking import promotions
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.events.rounds import acting, pairing_runs, rule_warnings
from crosstable_web.events.views.page import find_section


def _refused(request: HttpRequest, form: django_forms.Form) -> None:
    """A form that could not be read says so, field by field, and nothing is saved (a value
    typed is never dropped in silence)."""
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        for error in errors:
            messages.error(request, f"{label}: {error}" if label else str(error))


def section_detail(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = find_section(slug, key)
    event = section.event
    can_organise = permissions.can_organise(request.user, event)
    can_arbitrate = permissions.can_arbitrate(request.user, event)
    form = forms.EntryForm(initial={"section": section.key})
    form.offer_only_section(section)
    if request.method == "POST":
        # the role first: an empty form must not hide the refusal
        permissions.require_entering_players(request.user, section)
        form = forms.EntryForm(request.POST)
        form.offer_only_section(section)
        if form.is_valid():
            data = _entry_data(form)
            if acting.run(
                request, lambda: services.add_entry(section, data, request.user), _("Entry added.")
            ):
                return redirect("events:section_detail", slug=slug, key=key)
    entries = list(section.entries.all())
    house = next((entry for entry in entries if entry.house), None)
    ordinary = sum(1 for entry in entries if not entry.house)
    house_managed = permissions.can_manage_house_player(request.user, section)
    sees_private = permissions.sees_private_data(request.user, event)
    return render(
        request,
        "events/section_detail.html",
        {
            "event": event,
            "section": section,
            "entries": entries,
            "rounds": section.rounds.all(),
            "last_round": rounds.last_round(section),
            "form": form,
            "can_organise": can_organise,
            "can_arbitrate": can_arbitrate,
            **pairing_runs.page_context(section, can_arbitrate),
            # fees: the event's staff only (permissions.sees_private_data)
            "sees_private": sees_private,
            "can_enter": permissions.can_enter_players(request.user, section),
            # the new / late entry form only while an entry can be taken (Kinabatangan 3.4:
            # none once the list is in); else the reason, in its place
            "addition_refusal": services.addition_refusal(section),
            "forfeit_rule": rounds.forfeit_rule(section),
            # the house player form: organisers only, before round 1, where the rules allow it
            "house": house,
            "house_form": forms.HousePlayerForm()
            if (
                house_managed
                and house is None
                and ordinary % 2 == 1
                and services.house_player_allowed(section)
            )
            else None,
            "can_remove_house": house_managed and house is not None,
            "ranks_units": rules.ranks_units(section),
            # the grade promotion report: the event's staff, where the regulations have
            # [grades] (no link anywhere else: issue 20)
            "grade_report": sees_private and promotions.section_reported(section),
            "grade_example": sees_private and promotions.is_example(event),
            "prohibited": section.prohibited.select_related("first", "second"),
            "prohibited_form": forms.ProhibitedPairForm(),
        },
    )


@login_required
@require_POST
def section_prohibited(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Add (``action=add``) or remove (``action=remove``) a prohibited pair: before round
    1; later a warning asks (refused in FIDE mode)."""
    section = find_section(slug, key)
    target = reverse("events:section_detail", args=[slug, key])
    if not acting.allowed(
        request, lambda: permissions.require_arbiter(request.user, section.event)
    ):
        return redirect(target)
    form = forms.ProhibitedPairForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give two pairing numbers."))
        return redirect(target)
    numbers = [form.cleaned_data["first"], form.cleaned_data["second"]]
    entries = {e.pairing_number: e for e in section.entries.filter(pairing_number__in=numbers)}
    if len(entries) != 2:
        messages.error(request, _("No such pairing numbers in this section."))
        return redirect(target)
    prohibit = request.POST.get("action") != "remove"
    outcome = rule_warnings.attempt(
        request,
        lambda token: (
            rounds.set_prohibited_pair(
                section,
                entries[numbers[0]],
                entries[numbers[1]],
                prohibit,
                request.user,
                token,
                form.cleaned_data.get("round"),
            )
            or True
        ),
        section=section,
        cancel=target,
        title=_("Prohibited pairings"),
    )
    if outcome.page is not None:
        return outcome.page
    if outcome.value:
        messages.success(request, _("Prohibited pairings saved."))
    return redirect(target)


@login_required
@require_POST
def house_player(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Add (``action=add`` with the house player form) or remove (``action=remove``) the
    section's house player; the service checks the role and the rules."""
    section = find_section(slug, key)
    # the role before the form: an empty form must not hide the refusal
    if not acting.allowed(
        request, lambda: permissions.require_organiser(request.user, section.event)
    ):
        return redirect("events:section_detail", slug=slug, key=key)
    if request.POST.get("action") == "remove":
        acting.run(
            request,
            lambda: services.remove_house_player(section, request.user),
            _("House player removed."),
        )
        return redirect("events:section_detail", slug=slug, key=key)
    form = forms.HousePlayerForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the house player's name."))
        return redirect("events:section_detail", slug=slug, key=key)
    values = form.cleaned_data
    data = services.EntryData(
        name=values["name"],
        sex=values["sex"] or "",
        rating=values["rating"] or 0,
        unit=values["unit"] or "",
    )
    acting.run(
        request,
        lambda: services.add_house_player(section, data, request.user),
        _("House player added."),
    )
    return redirect("events:section_detail", slug=slug, key=key)


def _entry_data(form: forms.EntryForm) -> services.EntryData:
    values = form.cleaned_data
    # Blank optional fields mean "" (or a rating of 0), as on an imported row.
    filled: dict[str, Any] = {
        name: values[name] or ("" if name != "rating" else 0)
        for name in services.ENTRY_FIELDS
        if name != "birth_date"
    }
    return services.EntryData(**filled, birth_date=values["birth_date"])


@login_required
@require_POST
def pairing_numbers(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = find_section(slug, key)
    acting.run(
        request,
        lambda: services.assign_pairing_numbers(
            section, request.user, request.POST.get("method", "rating")
        ),
        _("Pairing numbers assigned."),
    )
    return redirect("events:section_detail", slug=slug, key=key)


@login_required
def entry_detail(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    entry = get_object_or_404(
        models.Entry.objects.select_related("section__event"),
        pk=entry_id,
        section__event__slug=slug,
    )
    event = entry.section.event
    event_time.activate(event)
    permissions.require_staff(request.user, event)
    here = reverse("events:entry_detail", args=[slug, entry_id])
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "edit":
            edit = forms.EntryEditForm(request.POST)
            edit.offer_only_section(entry.section)
            if edit.is_valid():
                data = _entry_data(edit)
                correction = bool(edit.cleaned_data["spelling_correction"])
                acting.run(
                    request,
                    lambda: services.update_entry(
                        entry, data, request.user, spelling_correction=correction
                    ),
                    _("Entry changed."),
                )
            else:
                _refused(request, edit)
        elif action == "payment":
            payment = forms.PaymentForm(request.POST)
            if payment.is_valid():
                acting.run(
                    request,
                    lambda: services.record_payment(
                        entry, payment.cleaned_data["paid"], request.user
                    ),
                    _("Payment recorded."),
                )
            else:
                _refused(request, payment)
        elif action == "bye":
            bye = forms.ByeForm(request.POST)
            if bye.is_valid():
                recorded = rule_warnings.attempt(
                    request,
                    lambda token: (
                        rounds.request_bye(
                            entry,
                            bye.cleaned_data["round_number"],
                            bye.cleaned_data["result"],
                            request.user,
                            token,
                        )
                        or True
                    ),
                    section=entry.section,
                    cancel=here,
                    title=_("Requested bye"),
                )
                if recorded.page is not None:
                    return recorded.page
                if recorded.value:
                    messages.success(request, _("Bye recorded."))
            else:
                _refused(request, bye)
        elif action == "expel":
            expel = forms.ExpelForm(request.POST)
            if expel.is_valid():
                expelled = rule_warnings.attempt(
                    request,
                    lambda token: (
                        rounds.expel(entry, expel.cleaned_data["after_round"], request.user, token)
                        or True
                    ),
                    section=entry.section,
                    cancel=here,
                    title=_("Expel a player"),
                )
                if expelled.page is not None:
                    return expelled.page
                if expelled.value:
                    messages.warning(request, _("Player expelled."))
            else:
                _refused(request, expel)
        elif action == "later_rating":
            later = forms.LaterRatingForm(request.POST)
            if later.is_valid():
                acting.run(
                    request,
                    lambda: services.set_later_rating(
                        entry,
                        later.cleaned_data["from_round"],
                        later.cleaned_data["rating"],
                        request.user,
                    ),
                    _("Rating recorded."),
                )
            else:
                _refused(request, later)
        elif action == "withdraw":
            withdraw = forms.WithdrawForm(request.POST)
            if withdraw.is_valid():
                acting.run(
                    request,
                    lambda: rounds.withdraw(
                        entry, withdraw.cleaned_data["after_round"], request.user
                    ),
                    _("Withdrawal recorded."),
                )
            else:
                _refused(request, withdraw)
        return redirect("events:entry_detail", slug=slug, entry_id=entry_id)
    paired = section_rounds = entry.section.rounds.count()
    edit_form = forms.EntryEditForm(
        initial={
            "section": entry.section.key,
            **{name: getattr(entry, name) for name in services.ENTRY_FIELDS},
        }
    )
    edit_form.offer_only_section(entry.section)
    section_names = dict(event.sections.values_list("key", "name"))
    return render(
        request,
        "events/entry_detail.html",
        {
            "event": event,
            "entry": entry,
            "section": entry.section,
            "edit_form": edit_form,
            "can_organise": permissions.can_organise(request.user, event),
            "payment_form": forms.PaymentForm(initial={"paid": entry.fee_paid}),
            # A withdrawn player's form shows the round they withdrew after, so "Save"
            # changes nothing.
            # nothing chosen: an untouched "Record bye" records nothing (issue 21)
            "bye_form": forms.ByeForm(initial={"round_number": paired + 1}),
            "withdraw_form": forms.WithdrawForm(
                initial={
                    "after_round": section_rounds
                    if (entry.withdrawn_after_round is None)
                    else entry.withdrawn_after_round
                }
            ),
            "byes": entry.requested_byes.order_by("round_number"),
            "can_arbitrate": permissions.can_arbitrate(request.user, event),
            "expel_form": forms.ExpelForm(initial={"after_round": section_rounds}),
            "later_ratings": entry.later_ratings.all(),
            "later_rating_form": forms.LaterRatingForm(initial={"from_round": paired + 1}),
            "history": audit.history(
                models.AuditLog.objects.filter(entry_links__entry=entry), section_names
            ),
        },
    )
