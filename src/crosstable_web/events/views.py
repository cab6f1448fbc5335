"""Thin views: read the request, call a service, show the result or the error.

Pages for everyone (event list, standings) and staff pages (entries, rounds, results, fees,
audit log); the services check the per-event roles, so a view never decides who may act.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from django import forms as django_forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from crosstable.regulations import RegulationsError, parse_regulations
from crosstable.standings import cross_table
from crosstable.typed import (
    as_typed_on_a_latin_keyboard,
    whole_number_or_none,
)
from crosstable_web.backup import json_file
from crosstable_web.events import (
    acting,
    audit,
    entries_import,
    entry_headings,
    event_settings,
    event_time,
    exchange,
    forms,
    language,
    manual_pairing,
    models,
    permissions,
    promotions,
    rounds,
    rule_warnings,
    rules,
    services,
    spreadsheet,
    standings,
)
from crosstable_web.events.notation import of_section
from crosstable_web.teams.models import TeamRound

MAX_TYPED_NUMBER = 99_999
"""The largest board, table or round number a keyboard box or a query reads."""
MAX_FOULS = 99


def _event(slug: str) -> models.Event:
    """The event of a page; the page's times are shown in its time zone."""
    event = get_object_or_404(models.Event, slug=slug)
    event_time.activate(event)
    return event


def _section(slug: str, key: str) -> models.Section:
    section = get_object_or_404(
        models.Section.objects.select_related("event"), event__slug=slug, key=key
    )
    event_time.activate(section.event)
    return section


_acting = acting.run


def _refused(request: HttpRequest, form: django_forms.Form) -> None:
    """A form that could not be read says so, field by field, and nothing is saved (a value
    typed is never dropped in silence)."""
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        for error in errors:
            messages.error(request, f"{label}: {error}" if label else str(error))


def _back(request: HttpRequest, default: str) -> HttpResponseRedirect:
    return redirect(request.POST.get("next") or default)


# --- events -------------------------------------------------------------------------------


def _may_create_events(user: Any) -> bool:
    """The site setting (``accounts.services.can_create_events``): any signed-in account, or
    those a site administrator allows."""
    from crosstable_web.accounts.services import can_create_events

    return can_create_events(user)


def _require_event_creator(user: Any) -> None:
    from crosstable_web.accounts.services import require_event_creator

    require_event_creator(user)


def event_list(request: HttpRequest) -> HttpResponse:
    events = models.Event.objects.prefetch_related("sections")
    return render(
        request,
        "events/event_list.html",
        {
            "events": events,
            "can_create": _may_create_events(request.user),
        },
    )


def event_templates() -> list[tuple[str, str, str]]:
    """The "New event" templates: (file stem, event name, regulations text) of each example."""
    folder = Path(settings.EVENT_TEMPLATES_DIR)
    found = []
    for path in sorted(folder.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        try:
            name = parse_regulations(text, path.name).name
        except RegulationsError:
            continue
        found.append((path.stem, name, text))
    return found


def _create_from_text(
    request: HttpRequest,
    form: django_forms.Form,
    text: str,
    source: str,
    rounds: int | None,
) -> models.Event | None:
    """Read ``text`` as regulations (errors at the form) and create the event; the time zone
    and short name come from the form when given."""
    try:
        spec = rules.event_spec_from_regulations(parse_regulations(text, source), text, rounds)
    except RegulationsError as error:
        form.add_error(
            None, _("%(key)s: %(problem)s") % {"key": error.key or source, "problem": error.problem}
        )
        return None
    chosen_zone = str(form.cleaned_data.get("time_zone") or "")
    if chosen_zone and spec.time_zone and chosen_zone != spec.time_zone:
        form.add_error(
            "time_zone",
            _("The regulations name the time zone %(zone)s; leave this empty or change the file.")
            % {"zone": spec.time_zone},
        )
        return None
    spec.time_zone = spec.time_zone or chosen_zone
    if not spec.time_zone:
        form.add_error("time_zone", _("The regulations name no time zone: choose one."))
        return None
    try:
        return services.create_event(spec, request.user, form.cleaned_data.get("slug") or None)
    except services.ServiceError as error:
        form.add_error(None, str(error))
        return None


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    """A new event from a template (the example regulations), from an uploaded regulations
    file, or from a form (the event and its first section); then its settings page."""
    _require_event_creator(request.user)
    templates = event_templates()
    choices = [(stem, f"{name} ({stem})") for stem, name, _text in templates]
    source = request.POST.get("source", "")
    post = request.POST if request.method == "POST" else None
    template_form = forms.TemplateEventForm(
        post if source == "template" else None, templates=choices, initial={"rounds": 7}
    )
    upload_form = forms.UploadEventForm(
        post if source == "upload" else None,
        request.FILES if source == "upload" else None,
        initial={"rounds": 7},
    )
    blank_form = forms.BlankEventForm(
        post if source == "form" else None,
        initial={"section_key": "A", "rounds": 7, "system": "FIDE_DUTCH_2026"},
    )
    event = None
    if source == "template" and template_form.is_valid():
        chosen = next(t for t in templates if t[0] == template_form.cleaned_data["template"])
        event = _create_from_text(
            request, template_form, chosen[2], chosen[0], template_form.cleaned_data["rounds"]
        )
    elif source == "upload" and upload_form.is_valid():
        upload = upload_form.cleaned_data["regulations"]
        try:
            text = upload.read().decode("utf-8")
        except UnicodeDecodeError:
            upload_form.add_error("regulations", _("The regulations file is not UTF-8 text."))
        else:
            event = _create_from_text(
                request, upload_form, text, upload.name, upload_form.cleaned_data["rounds"]
            )
    elif source == "form" and blank_form.is_valid():
        values = blank_form.cleaned_data
        text = event_settings.blank_regulations(
            name=values["name"],
            game=values["game"],
            language=values["language"],
            time_zone=values["time_zone"],
            calendar=values["calendar"],
            start_date=values["start_date"],
            end_date=values["end_date"],
            venue=values["venue"],
            section=event_settings.SectionEdit(
                key=values["section_key"],
                name=values["section_name"],
                rounds=values["rounds"],
                system=values["system"],
                tiebreaks=values["tiebreaks"],
            ),
        )
        event = _create_from_text(request, blank_form, text, "form", values["rounds"])
    if event is not None:
        messages.success(request, _("Event created."))
        return redirect("events:event_settings", slug=event.slug)
    return render(
        request,
        "events/event_new.html",
        {
            "template_form": template_form,
            "upload_form": upload_form,
            "blank_form": blank_form,
            "source": source,
        },
    )


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    sections = []
    for section in event.sections.all():
        last = rounds.last_round(section)
        sections.append(
            {
                "section": section,
                "entries": section.entries.count(),
                "last_round": last,
                "pending": rounds.pending_boards(last) if last else 0,
            }
        )
    deadline = event_time.registration_deadline(event)
    return render(
        request,
        "events/event_detail.html",
        {
            "event": event,
            "sections": sections,
            "can_organise": permissions.can_organise(request.user, event),
            "can_arbitrate": permissions.can_arbitrate(request.user, event),
            "import_form": forms.ImportForm(),
            "registration_deadline": deadline,
            "registration_last_day": event_time.last_day(event, deadline),
            "reopening_refusal": services.reopening_refusal(event),
            "grade_report": promotions.has_report(event),
            "any_paired": models.Round.objects.filter(section__event=event).exists()
            or TeamRound.objects.filter(section__event=event).exists(),
        },
    )


@login_required
@require_POST
def event_registration(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    _acting(
        request,
        lambda: services.set_registration_open(
            event, request.POST.get("open") == "1", request.user
        ),
    )
    return redirect("events:event_detail", slug=slug)


@login_required
@require_POST
def form_groups(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    created = _acting(request, lambda: services.form_playing_groups(event, request.user))
    if created is not None:
        messages.success(request, _("%(count)d playing groups formed.") % {"count": len(created)})
    return redirect("events:event_detail", slug=slug)


def _confirm(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    """The confirmation step of an action that cannot be taken back in one click: the same
    POST again with ``confirm=yes`` does it; nothing is changed before."""
    return render(request, "events/confirm.html", context)


@login_required
@require_POST
def pair_all(request: HttpRequest, slug: str) -> HttpResponse:
    """Pair the next round of every section, after a preview naming each section and the
    round it gets (a stray click pairs nothing) and listing, first, the problems that stop
    the whole run: players without a pairing number, playing groups not formed — with the
    buttons that put them right."""
    event = _event(slug)
    if request.POST.get("confirm") != "yes":
        permissions.require_arbiter(request.user, event)
        plan = rounds.pair_all_preview(event)
        problems = rounds.pair_all_problems(plan)
        return _confirm(
            request,
            {
                "event": event,
                "title": _("Pair the next round of all sections"),
                "question": _("Pair the next round of every section listed below?")
                if not problems
                else _("Nothing can be paired until these are put right:"),
                "sections": plan,
                "problems": problems,
                "numbers_missing": any(line.unnumbered for line in plan),
                "groups_pending": any(line.groups for line in plan),
                "can_organise": permissions.can_organise(request.user, event),
                "action": reverse("events:pair_all", args=[slug]),
                "button": _("Yes, pair them"),
                "cancel": reverse("events:event_detail", args=[slug]),
            },
        )
    paired = _acting(request, lambda: rounds.pair_all_sections(event, request.user))
    if paired:
        messages.success(request, _("%(count)d sections paired.") % {"count": len(paired)})
        # Each section's own pairing warnings (float once met only as far as possible, a
        # stand-in system), named by section: they are on each round page too.
        for round_row in paired:
            for warning in rounds.pairing_warnings_of(round_row):
                messages.warning(request, f"{round_row.section.name}: {warning}")
    return redirect("events:event_detail", slug=slug)


@login_required
@require_POST
def assign_all_numbers(request: HttpRequest, slug: str) -> HttpResponse:
    """Pairing numbers in every section not yet paired, at once (by rating or by lot)."""
    event = _event(slug)
    method = "lot" if request.POST.get("method") == "lot" else "rating"
    done = _acting(
        request, lambda: services.assign_all_pairing_numbers(event, request.user, method)
    )
    if done is not None:
        messages.success(
            request,
            ngettext(
                "Pairing numbers assigned in %(count)d section.",
                "Pairing numbers assigned in %(count)d sections.",
                len(done.numbered),
            )
            % {"count": len(done.numbered)},
        )
        for section, reason in done.skipped:
            messages.info(
                request,
                _("%(section)s: %(problem)s") % {"section": section.name, "problem": reason},
            )
    return redirect("events:event_detail", slug=slug)


@login_required
def fees(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    permissions.require_staff(request.user, event)
    entries = models.Entry.objects.filter(section__event=event).select_related("section")
    return render(
        request,
        "events/fees.html",
        {
            "event": event,
            "report": services.fee_report(event),
            "entries": entries.order_by("unit", "name"),
        },
    )


@login_required
def audit_log(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    permissions.require_staff(request.user, event)
    # Warnings stored as data (pairing warnings) are shown in the reader's language.
    # What each line is about, in words: sections by name (audit.subject).
    section_names = dict(event.sections.values_list("key", "name"))
    lines = [
        (
            line,
            [rounds.warning_text(warning) for warning in line.warnings],
            audit.subject(line, section_names),
        )
        for line in event.audit_log.all()[:500]
    ]
    return render(request, "events/audit_log.html", {"event": event, "lines": lines})


def _value_examples() -> dict[str, SafeString]:
    """Values as an import file may hold them, in every language (the import page's list):
    data, not words of the page, each list kept left to right."""
    lists = {
        "sexes": ("M/F", "男/女", "L/P", "مرد/زن"),
        "dates": ("2010-05-03", "2010/5/3", "2010年5月3日"),
        "jalali": ("1389/02/13",),
        "grades": ("6", "6级", "六级"),
        "kinds": ("学校", "sekolah", "شهرستان"),
    }
    return {
        name: format_html('<bdi dir="ltr" translate="no">{}</bdi>', ", ".join(values))
        for name, values in lists.items()
    }


@login_required
def entries_import_view(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    permissions.require_organiser(request.user, event)
    report = None
    form = forms.ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size is not None and upload.size > spreadsheet.MAX_FILE_BYTES:
                raise entries_import.ImportFileError(
                    _("The file is larger than %(limit)d MB.")
                    % {"limit": spreadsheet.MAX_FILE_BYTES // 2**20}
                )
            rows = entries_import.read_entries_file(
                upload.read(), upload.name or "", language=language.event_language(event)
            )
        except entries_import.ImportFileError as error:
            messages.error(request, str(error))
        else:
            report = entries_import.import_entries(event, rows, request.user)
            if report.is_clean:
                messages.success(
                    request, _("%(count)d entries imported.") % {"count": len(report.rows)}
                )
                for note in report.notes:
                    messages.info(request, note)
                return redirect("events:event_detail", slug=slug)
    return render(
        request,
        "events/entries_import.html",
        {
            "event": event,
            "form": form,
            "report": report,
            "headings": entry_headings.accepted_headings(translation.get_language() or "en"),
            "encodings": entries_import.encoding_names(),
            "examples": _value_examples(),
            "limits": {
                "rows": spreadsheet.MAX_ROWS,
                "megabytes": spreadsheet.MAX_FILE_BYTES // 2**20,
            },
        },
    )


def export_event(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    permissions.require_staff(request.user, event)
    response = HttpResponse(
        json_file.export_event_json(event), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.json"'
    return response


# --- sections and entries -----------------------------------------------------------------


def section_detail(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = _section(slug, key)
    event = section.event
    can_organise = permissions.can_organise(request.user, event)
    can_arbitrate = permissions.can_arbitrate(request.user, event)
    form = forms.EntryForm(initial={"section": section.key})
    form.offer_only_section(section)
    if request.method == "POST":
        if not (can_organise or (can_arbitrate and section.rounds.exists())):
            # the role first: an empty form must not hide the refusal
            raise PermissionDenied(_("Only an organiser of this event may do that."))
        form = forms.EntryForm(request.POST)
        form.offer_only_section(section)
        if form.is_valid():
            data = _entry_data(form)
            if _acting(
                request, lambda: services.add_entry(section, data, request.user), _("Entry added.")
            ):
                return redirect("events:section_detail", slug=slug, key=key)
    entries = list(section.entries.all())
    house = next((entry for entry in entries if entry.house), None)
    ordinary = sum(1 for entry in entries if not entry.house)
    paired = section.rounds.exists()
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
            # fees: the event's staff only (permissions.sees_private_data)
            "sees_private": can_organise or can_arbitrate,
            "can_enter": can_organise or (can_arbitrate and paired),
            # the new / late entry form only while an entry can be taken (Kinabatangan 3.4:
            # none once the list is in); else the reason, in its place
            "addition_refusal": services.addition_refusal(section),
            "forfeit_rule": rounds.forfeit_rule(section),
            # the house player form: organisers only, before round 1, where the rules allow it
            "house": house,
            "house_form": forms.HousePlayerForm()
            if (
                can_organise
                and not paired
                and house is None
                and ordinary % 2 == 1
                and services.house_player_allowed(section)
            )
            else None,
            "can_remove_house": can_organise and not paired and house is not None,
            "ranks_units": rules.ranks_units(section),
            # the grade promotion report: the event's staff, where the regulations have
            # [grades] (no link anywhere else: issue 20)
            "grade_report": (can_organise or can_arbitrate)
            and promotions.section_reported(section),
            "prohibited": section.prohibited.select_related("first", "second"),
            "prohibited_form": forms.ProhibitedPairForm(),
        },
    )


@login_required
@require_POST
def section_prohibited(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Add (``action=add``) or remove (``action=remove``) a prohibited pair: before round
    1; later a warning asks (refused in FIDE mode)."""
    section = _section(slug, key)
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
                section, entries[numbers[0]], entries[numbers[1]], prohibit, request.user, token
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
    section = _section(slug, key)
    # the role before the form: an empty form must not hide the refusal
    if not acting.allowed(
        request, lambda: permissions.require_organiser(request.user, section.event)
    ):
        return redirect("events:section_detail", slug=slug, key=key)
    if request.POST.get("action") == "remove":
        _acting(
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
    _acting(
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
    section = _section(slug, key)
    _acting(
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
                _acting(
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
                _acting(
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
                _acting(
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
                _acting(
                    request,
                    lambda: rounds.withdraw(
                        entry, withdraw.cleaned_data["after_round"], request.user
                    ),
                    _("Withdrawal recorded."),
                )
            else:
                _refused(request, withdraw)
        return redirect("events:entry_detail", slug=slug, entry_id=entry_id)
    services.complete_unit_shares(event)
    entry.refresh_from_db(fields=["fee_due"])
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
            "history": [
                (line, audit.subject(line, section_names))
                for line in models.AuditLog.objects.filter(
                    event=event, target__contains=entry.name
                )[:50]
            ],
        },
    )


# --- rounds and results -------------------------------------------------------------------


@login_required
@require_POST
def pair_section(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = _section(slug, key)
    round_row = _acting(request, lambda: rounds.pair_next_round(section, request.user))
    if round_row is None:
        return redirect("events:section_detail", slug=slug, key=key)
    return redirect("events:round_detail", slug=slug, key=key, number=round_row.number)


def _round(slug: str, key: str, number: int) -> models.Round:
    round_row = get_object_or_404(
        models.Round.objects.select_related("section__event"),
        section__event__slug=slug,
        section__key=key,
        number=number,
    )
    event_time.activate(round_row.section.event)
    return round_row


@login_required
@require_POST
def round_unpair(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """Un-pair the last round, after a confirmation page (``confirm=yes``) naming the round
    and its boards: a stray click deletes nothing."""
    round_row = _round(slug, key, number)
    section = round_row.section
    if request.POST.get("confirm") != "yes":
        permissions.require_arbiter(request.user, section.event)
        return _confirm(
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
        _acting(
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
    round_row = _round(slug, key, number)
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
    round_row = _round(slug, key, number)
    target = reverse("events:round_detail", args=[slug, key, number])
    if not acting.allowed(
        request, lambda: permissions.require_arbiter(request.user, round_row.section.event)
    ):
        return redirect(target)
    action = request.POST.get("action")
    if action == "start":
        _acting(
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
    round_row = _round(slug, key, number)
    target = reverse("events:round_detail", args=[slug, key, number])
    if not acting.allowed(
        request, lambda: permissions.require_arbiter(request.user, round_row.section.event)
    ):
        return redirect(target)
    form = forms.RatingCorrectionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the board, the result and why."))
        return redirect(target)
    values = form.cleaned_data
    _acting(
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


def section_standings(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = _section(slug, key)
    if section.is_team_section:
        # Ranked by team (match points and the team tie-breaks), not player by player.
        return redirect(reverse("teams:team_standings", args=[slug, key]))
    results = standings.section_results(section)
    notation = of_section(section)
    # house players last, unranked: their lines numbered on in brackets, "(12)"
    rows = [
        {
            "row": row,
            "name": results.name(row.number),
            "club": results.club(row.number),
            "points": standings.format_points(row.points),
            "marks": results.marks(row),
            "cells": [notation.cell(cell) for cell in row_cells],
            "values": [standings.format_value(v) for v in row.values],
        }
        for row, row_cells in cross_table(results.tournament, results.main)
    ]
    subs = standings.sub_ranking_rows(results)
    prizes = standings.prize_rows(section, results, awarded_only=True)
    return render(
        request,
        "events/standings.html",
        {
            "event": section.event,
            "section": section,
            "results": results,
            "rows": rows,
            "subs": subs,
            "prizes": prizes,
            "round_numbers": range(1, results.rounds + 1),
        },
    )


def section_trf(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = _section(slug, key)
    if section.is_team_section:
        return redirect(reverse("teams:team_trf", args=[slug, key]))
    response = HttpResponse(
        exchange.export_section_trf(
            section, full_birth_dates=permissions.sees_private_data(request.user, section.event)
        ),
        content_type="text/plain; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{slug}-{key}.trf"'
    return response


# --- event settings -----------------------------------------------------------------------


def _settings_initial(event: models.Event, text: str) -> dict[str, Any]:
    regulations = event_settings.read(text)
    calendar = regulations.calendar
    initial: dict[str, Any] = {
        "name": regulations.name,
        "slug": event.slug,
        "time_zone": regulations.time_zone or event.time_zone,
        "calendar": calendar.value,
        "start_date": event_settings.date_text(regulations.start_date, calendar)
        if regulations.start_date
        else "",
        "end_date": event_settings.date_text(regulations.end_date, calendar)
        if regulations.end_date
        else "",
        "venue": regulations.venue,
    }
    for section in regulations.sections:
        initial[f"section_{section.key}_name"] = section.name
        initial[f"section_{section.key}_rounds"] = section.rounds
        initial[f"section_{section.key}_system"] = section.pairing.system
        initial[f"section_{section.key}_tiebreaks"] = " ".join(section.tiebreaks)
    return initial


@login_required
def event_settings_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser's settings page: the common settings as a form (name, short name, time
    zone, calendar, dates, venue; each section's name, rounds, pairing system, tie-breaks)
    and the whole regulations in a TOML editor; both go through the regulations loader and
    :func:`event_settings.apply_regulations`."""
    event = _event(slug)
    permissions.require_organiser(request.user, event)
    text = event_settings.current_text(event)
    regulations = event_settings.read(text)
    sections = [
        (section.key, section.team is not None and section.team.match_points is not None)
        for section in regulations.sections
    ]
    form = forms.EventSettingsForm(
        initial=_settings_initial(event, text), sections=sections, event_slug=event.slug
    )
    editor = forms.RegulationsEditorForm(initial={"text": text})
    action = request.POST.get("action", "")
    try:
        return _settings_page(request, event, text, regulations, sections, form, editor, action)
    except rule_warnings.NeedsConfirmation as pending:
        # a FIDE-mode section's played rounds change: two confirmations (the same form again)
        return rule_warnings.confirmation_page(
            request,
            pending,
            next(section for section in event.sections.all() if section.fide_mode),
            reverse("events:event_settings", args=[slug]),
            _("Event settings"),
        )


def _settings_page(
    request: HttpRequest,
    event: models.Event,
    text: str,
    regulations: Any,
    sections: list[tuple[str, bool]],
    form: forms.EventSettingsForm,
    editor: forms.RegulationsEditorForm,
    action: str,
) -> HttpResponse:
    confirm: list[str] = []
    slug = event.slug
    if request.method == "POST" and action == "settings":
        form = forms.EventSettingsForm(request.POST, sections=sections, event_slug=event.slug)
        if form.is_valid():
            values = form.cleaned_data
            edit = event_settings.EventEdit(
                name=values["name"],
                time_zone=values["time_zone"],
                calendar=values["calendar"],
                start_date=values["start_date"],
                end_date=values["end_date"],
                venue=values["venue"],
                sections=[
                    event_settings.SectionEdit(
                        key=key,
                        name=values[f"section_{key}_name"],
                        rounds=values[f"section_{key}_rounds"],
                        system=values[f"section_{key}_system"],
                        tiebreaks=values[f"section_{key}_tiebreaks"],
                    )
                    for key, _teams in sections
                ],
            )
            confirm = _apply_settings(
                request,
                event,
                form,
                lambda: event_settings.edited_text(text, edit),
                values["slug"],
                values["confirm_played"],
            )
            if form.is_valid() and not confirm:
                return redirect("events:event_settings", slug=values["slug"])
    elif request.method == "POST" and action == "regulations":
        editor = forms.RegulationsEditorForm(request.POST)
        if editor.is_valid():
            new_text = editor.cleaned_data["text"].replace("\r\n", "\n")
            confirm = _apply_settings(
                request,
                event,
                editor,
                lambda: new_text,
                None,
                editor.cleaned_data["confirm_played"],
            )
            if editor.is_valid() and not confirm:
                return redirect("events:event_settings", slug=slug)
    return render(
        request,
        "events/event_settings.html",
        {
            "event": event,
            "form": form,
            "editor": editor,
            "event_fields": [
                form[name]
                for name in (
                    "name",
                    "slug",
                    "time_zone",
                    "calendar",
                    "start_date",
                    "end_date",
                    "venue",
                )
            ],
            "section_fields": [
                (
                    key,
                    [
                        form[f"section_{key}_{part}"]
                        for part in ("name", "rounds", "system", "tiebreaks")
                    ],
                )
                for key, _teams in sections
            ],
            "confirm": confirm,
            "action": action,
            "unsupported": regulations.unsupported,
        },
    )


def _apply_settings(
    request: HttpRequest,
    event: models.Event,
    form: django_forms.Form,
    new_text: Callable[[], str],
    slug: str | None,
    confirm_played: bool,
) -> list[str]:
    """Apply the new regulations; errors go to their field (or the form), a change of played
    rounds comes back to be confirmed (the list of such changes)."""
    try:
        text = new_text()
        applied = event_settings.apply_regulations(
            event,
            text,
            request.user,
            slug=slug,
            confirm_played=confirm_played,
            token=request.POST.get(rule_warnings.TOKEN_FIELD) or None,
        )
    except rule_warnings.NeedsConfirmation:
        raise
    except event_settings.NeedsConfirmation as error:
        form.add_error(None, str(error))
        return error.changes
    except event_settings.SettingsError as error:
        field = form.field_of_key(error.key) if isinstance(form, forms.EventSettingsForm) else None
        form.add_error(field if field in form.fields else None, str(error))
        return []
    except (services.ServiceError, PermissionDenied) as error:
        form.add_error(None, str(error))
        return []
    if applied.event_fields or applied.sections:
        messages.success(request, _("Settings saved."))
    else:
        messages.info(request, _("Nothing changed."))
    return []


def regulations_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's current regulations as a TOML file (upload it again: the same event)."""
    event = _event(slug)
    response = HttpResponse(
        event_settings.current_text(event), content_type="application/toml; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.toml"'
    return response
