"""The organiser's settings pages (``settings.pages``: a page per part of the regulations,
forms over them, and the whole regulations in a TOML editor) and the regulations file to
download."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms as django_forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from crosstable_web.events import forms, models, services
from crosstable_web.events.oversight import permissions
from crosstable_web.events.regulations import event_time
from crosstable_web.events.rounds import rule_warnings
from crosstable_web.events.settings import event_settings, pages, regulation_edits, settings_forms
from crosstable_web.events.settings.rule_fields import page as rule_page
from crosstable_web.events.views.page import find_event


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
    return initial


@login_required
def event_settings_view(request: HttpRequest, slug: str, part: str = pages.FIRST) -> HttpResponse:
    """A page of the organiser's settings (``settings.pages``): the part ``part`` of the
    regulations as forms — the common settings (name, short name, time zone, calendar, dates,
    venue; each section's name, rounds, pairing system, tie-breaks), the schedule, fees, … —
    or the whole regulations in a TOML editor; every form goes through the regulations
    loader and :func:`event_settings.apply_regulations`. A post of any settings form is
    taken at any settings address, and answered with that form's page."""
    event = find_event(slug)
    permissions.require_organiser(request.user, event)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    page = pages.page_of(action) if action else None
    page = page or pages.page_named(part)
    if page is None:
        raise Http404(_("No such part of the settings."))
    text = event_settings.current_text(event)
    regulations = event_settings.read(text)
    try:
        return _settings_page(request, event, text, regulations, page, action)
    except rule_warnings.NeedsConfirmation as pending:
        # a FIDE-mode section's played rounds change: two confirmations (the same form again)
        return rule_warnings.confirmation_page(
            request,
            pending,
            next(section for section in event.sections.all() if section.fide_mode),
            pages.address(slug, page.name),
            _("Event settings"),
        )


def _settings_page(
    request: HttpRequest,
    event: models.Event,
    text: str,
    regulations: Any,
    page: pages.SettingsPage,
    action: str,
) -> HttpResponse:
    confirm: list[str] = []
    slug = event.slug
    data = request.POST if request.method == "POST" else None
    shown = set(page.actions)
    form = (
        forms.EventSettingsForm(initial=_settings_initial(event, text), event_slug=event.slug)
        if "settings" in shown
        else None
    )
    editor = forms.RegulationsEditorForm(initial={"text": text}) if "regulations" in shown else None
    parts = settings_forms.part_forms(
        regulations,
        text,
        {section.key: section.total_rounds for section in event.sections.all()},
        data,
        action,
        only=shown,
    )
    rule_forms = rule_page.rule_forms(regulations, text, data, action, only=shown)
    here = pages.address(slug, page.name)
    if data is not None and action == "settings":
        form = forms.EventSettingsForm(data, event_slug=event.slug)
        if form.is_valid():
            values = form.cleaned_data
            edit = event_settings.EventEdit(
                name=values["name"],
                time_zone=values["time_zone"],
                calendar=values["calendar"],
                start_date=values["start_date"],
                end_date=values["end_date"],
                venue=values["venue"],
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
                return redirect(pages.address(values["slug"], page.name))
    elif data is not None and (action in parts or action in rule_forms):
        part = parts[action] if action in parts else rule_forms[action]
        if part.is_valid():
            confirm = _apply_settings(
                request,
                event,
                part,
                lambda: regulation_edits.edited(text, part.change()),
                None,
                part.cleaned_data["confirm_played"],
            )
            if part.is_valid() and not confirm:
                return redirect(f"{here}#{action}-form")
    elif data is not None and action == "regulations":
        editor = forms.RegulationsEditorForm(data)
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
                return redirect(here)
    context: dict[str, Any] = {
        "event": event,
        "page": page,
        "here": here,
        "navigation": [
            (shown_page, pages.address(slug, shown_page.name)) for shown_page in pages.PAGES
        ],
        "form": form,
        "editor": editor,
        "confirm": confirm,
        "action": action,
        "unsupported": regulations.unsupported,
        "shown_forms": [(name, rule_forms.get(name)) for name in page.actions],
        "next_page": next(
            (
                (later, pages.address(slug, later.name))
                for earlier, later in zip(pages.PAGES, pages.PAGES[1:], strict=False)
                if earlier.name == page.name
            ),
            None,
        ),
        "file_page": pages.address(slug, pages.FILE),
        # "Yes, change rounds already played" only once a round is paired: on a new event
        # it asked a teacher about rounds that do not exist
        "rounds_paired": any(
            section.rounds.exists() or section.team_rounds.exists()
            for section in event.sections.all()
        ),
        **settings_forms.page_parts(parts, regulations),
    }
    if form is not None:
        context["event_fields"] = [
            form[name]
            for name in ("name", "slug", "time_zone", "calendar", "start_date", "end_date", "venue")
        ]
    return render(request, "events/event_settings.html", context)


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
        field = (
            form.field_of_key(error.key)
            if isinstance(form, forms.EventSettingsForm | settings_forms.PartForm)
            else None
        )
        form.add_error(field if field in form.fields else None, str(error))
        return []
    except (services.ServiceError, PermissionDenied) as error:
        form.add_error(None, str(error))
        return []
    if applied.event_fields or applied.sections or applied.text_changed:
        messages.success(request, _("Settings saved."))
        saved = models.Event.objects.get(pk=event.pk)
        if warning := event_time.deadline_after_event_warning(saved):
            messages.warning(request, warning)
    else:
        messages.info(request, _("Nothing changed."))
    return []


def regulations_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's current regulations as a TOML file (upload it again: the same event)."""
    event = find_event(slug)
    response = HttpResponse(
        event_settings.current_text(event), content_type="application/toml; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.toml"'
    return response
