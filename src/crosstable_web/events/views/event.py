"""The event's pages: the list of events, a new event, the event page and its actions over
every section (registration, playing groups, pairing numbers, pairing all), the fees and the
audit log."""

from __future__ import annotations

from pathlib import Path

from django import forms as django_forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from crosstable.pairing import registry
from crosstable.regulations import RegulationsError, parse_regulations
from crosstable_web.events import forms, models, parts, rounds, services
from crosstable_web.events.oversight import audit, permissions
from crosstable_web.events.ranking import promotions
from crosstable_web.events.regulations import event_time, regulation_messages, rules
from crosstable_web.events.rounds import acting, notation
from crosstable_web.events.settings import event_settings
from crosstable_web.events.views.page import confirm, find_event


def event_list(request: HttpRequest) -> HttpResponse:
    events = list(models.Event.objects.prefetch_related("sections"))
    for event in events:
        event.registration_state = event_time.registration_state(event)  # type: ignore[attr-defined]
    return render(
        request,
        "events/event_list.html",
        {
            "events": events,
            "can_create": permissions.may_create_events(request.user),
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
        form.add_error(None, regulation_messages.problem_text(error, text))
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
    permissions.require_event_creator(request.user)
    templates = event_templates()
    choices = [(stem, f"{name} ({stem})") for stem, name, _text in templates]
    source = request.POST.get("source", "")
    post = request.POST if request.method == "POST" else None
    # Three forms on one page, each with rounds, a time zone and a short name: the ids of
    # the first two are their own, so that each label names its own form's box (the blank
    # form's "Rounds" labelled the template form's box: a screen reader, or a click on
    # the label, reached the wrong form).
    template_form = forms.TemplateEventForm(
        post if source == "template" else None,
        templates=choices,
        initial={"rounds": 7},
        auto_id="template_%s",
    )
    upload_form = forms.UploadEventForm(
        post if source == "upload" else None,
        request.FILES if source == "upload" else None,
        initial={"rounds": 7},
        auto_id="upload_%s",
    )
    blank_form = forms.BlankEventForm(
        post if source == "form" else None,
        initial={"section_key": "A", "rounds": 7, "system": registry.DEFAULT_SYSTEM},
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
                boards=values["boards"],
            ),
        )
        event = _create_from_text(request, blank_form, text, "form", values["rounds"])
    if event is not None:
        messages.success(request, _("Event created."))
        if warning := event_time.deadline_after_event_warning(event):
            messages.warning(request, warning)
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
    event = find_event(slug)
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
            "registration": event_time.registration_state(event),
            "deadline_warning": (
                event_time.deadline_after_event_warning(event)
                if permissions.can_organise(request.user, event)
                else ""
            ),
            "reopening_refusal": services.reopening_refusal(event),
            "grade_report": promotions.has_report(event),
            "grade_example": promotions.is_example(event),
            "any_paired": models.Round.objects.filter(section__event=event).exists()
            or any(paired(event) for paired in parts.declared.paired.values()),
        },
    )


@login_required
@require_POST
def event_registration(request: HttpRequest, slug: str) -> HttpResponse:
    event = find_event(slug)
    acting.run(
        request,
        lambda: services.set_registration_open(
            event, request.POST.get("open") == "1", request.user
        ),
    )
    return redirect("events:event_detail", slug=slug)


@login_required
@require_POST
def form_groups(request: HttpRequest, slug: str) -> HttpResponse:
    event = find_event(slug)
    created = acting.run(request, lambda: services.form_playing_groups(event, request.user))
    if created is not None:
        messages.success(request, _("%(count)d playing groups formed.") % {"count": len(created)})
    return redirect("events:event_detail", slug=slug)


@login_required
@require_POST
def pair_all(request: HttpRequest, slug: str) -> HttpResponse:
    """Pair the next round of every section, after a preview naming each section and the
    round it gets (a stray click pairs nothing) and listing, first, the problems that stop
    the whole run: players without a pairing number, playing groups not formed — with the
    buttons that put them right."""
    event = find_event(slug)
    if request.POST.get("confirm") != "yes":
        permissions.require_arbiter(request.user, event)
        plan = rounds.pair_all_preview(event)
        problems = rounds.pair_all_problems(plan)
        return confirm(
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
    paired = acting.run(request, lambda: rounds.pair_all_sections(event, request.user))
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
    event = find_event(slug)
    method = request.POST.get("method", "rating")
    done = acting.run(
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
    event = find_event(slug)
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
    event = find_event(slug)
    permissions.require_staff(request.user, event)
    # Warnings stored as data (pairing warnings) are shown in the reader's language.
    # What each line is about, in words: sections by name (audit.subject).
    sections = list(event.sections.all())
    section_names = {section.key: section.name for section in sections}
    # a result in the words of its section's pages (1-0, or 2-0 in xiangqi)
    notations = {section.key: notation.of_section(section) for section in sections}
    lines = [
        (
            line,
            [rounds.warning_text(warning) for warning in line.warnings],
            audit.subject(line, section_names),
            audit.changes(
                line.old,
                line.new,
                line.action,
                notations.get(str((line.params or {}).get("section", ""))),
            ),
        )
        for line in event.audit_log.all()[:500]
    ]
    return render(request, "events/audit_log.html", {"event": event, "lines": lines})
