"""The registration page's forms: who registers, and one block of fields per player — the
details the regulations need (``crosstable.regulations.registration.asked_fields``) and the
documents they ask. Values are kept as typed: the services read them as the entries import
reads a file (any digits, 男/女, 四级, a date in the event's calendar)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from crosstable.regulations.registration import asked_fields
from crosstable.typed import payment_dates
from crosstable_web.common.localisation import LocalDateField, LocalDateInput, LocalDecimalField
from crosstable_web.events import models as event_models
from crosstable_web.events.regulations import rules
from crosstable_web.registrations import documents, models
from crosstable_web.registrations.services import changing as registration_changing
from crosstable_web.registrations.services import checking as registration_checking
from crosstable_web.registrations.services import purging as registration_purging

MAX_PLAYERS = 30
"""The most players one registration shows fields for (a unit with more sends two)."""

LABELS: dict[str, Any] = {
    "name": _("Player's name"),
    "section": pgettext_lazy("chess", "Section"),
    "sex": _("Sex"),
    "birth_date": _("Birth date"),
    "national_grade": _("Grade"),
    "unit": _("School or club"),
    "unit_kind": _("Unit kind"),
    "native_unit": _("Native of"),
    "member_id": _("Membership id"),
    "fide_id": _("FIDE id"),
    "federation": _("Federation"),
    "rating": _("Rating"),
    "title": _("Title"),
    "game": _("Game"),
}
HELP: dict[str, Any] = {
    "national_grade": _("As on the certificate (e.g. 4, 四级); empty: no grade."),
    "section": _("Leave it to be placed by the regulations, or choose."),
}
ACCEPT = ",".join(content_type for _signature, _offset, content_type, _suffix in documents.KINDS)


def _text(label: Any, required: bool = False, **attrs: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=required,
        max_length=200,
        widget=forms.TextInput(attrs=attrs),
    )


class RegistrantForm(forms.Form):
    """Who sends the registration, and how to reach them."""

    registrant = _text(_("Your name"), required=True, autocomplete="name")
    email = forms.EmailField(label=_("E-mail"), required=False)
    phone = _text(_("Phone"), autocomplete="tel", inputmode="tel")

    def __init__(self, kind: str, event: event_models.Event, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind
        if kind in (models.Kind.UNIT, models.Kind.TEAM):
            self.fields["unit"] = _text(_("School, club or county"), required=True)
            regulations = rules.event_regulations(event)
            if regulations is not None and regulations.unit_kinds:
                self.fields["unit_kind"] = _text(_("Unit kind"))
        if kind == models.Kind.TEAM:
            self.fields["team_name"] = _text(_("Team name"), required=True)
            team_sections = [s for s in event.sections.all() if s.is_team_section]
            self.fields["team_section"] = forms.ChoiceField(
                label=pgettext_lazy("chess", "Section"),
                choices=[(s.key, s.name) for s in team_sections],
            )


def player_fields(event: event_models.Event, kind: str) -> list[str]:
    """The columns each player's block asks, in order (the name first)."""
    regulations = rules.event_regulations(event)
    asked = list(asked_fields(regulations)) if regulations is not None else []
    if kind != models.Kind.PLAYER:
        asked = [name for name in asked if name not in ("unit", "unit_kind")]
    fields = ["name", *asked]
    if kind != models.Kind.TEAM:
        fields.insert(1, "section")
    return fields


def player_field(event: event_models.Event, column: str) -> forms.Field:
    """The box a player's detail is typed in (a choice for the section and the sex)."""
    label = LABELS.get(column, column)
    if column == "name":
        return _text(label, required=True, autocomplete="off")
    if column == "section":
        sections = [s for s in event.sections.all() if not s.is_team_section]
        return forms.ChoiceField(
            label=label,
            required=False,
            choices=[("", _("Placed by the regulations")), *((s.key, s.name) for s in sections)],
        )
    if column == "sex":
        return forms.ChoiceField(
            label=label, required=False, choices=[("", "—"), ("M", _("Male")), ("F", _("Female"))]
        )
    if column == "birth_date":
        # a date picker (ISO dates are Gregorian in any event's calendar); a text box for a
        # Jalali date while the page is in Persian
        return forms.CharField(label=label, required=False, widget=LocalDateInput())
    return _text(label)


class PlayerForm(forms.Form):
    """One player's block: their details and their documents. A unit's or a team's blocks
    after the first are ``optional``: left empty, they are left out (the page says so), so
    the browser does not demand them and the server does not check them; a block partly
    filled is checked whole (its name is then needed)."""

    def __init__(
        self,
        event: event_models.Event,
        kind: str,
        *args: Any,
        optional: bool = False,
        **kwargs: Any,
    ) -> None:
        if optional:
            kwargs |= {"empty_permitted": True, "use_required_attribute": False}
        super().__init__(*args, **kwargs)
        self.columns = player_fields(event, kind)
        for column in self.columns:
            field = player_field(event, column)
            field.help_text = HELP.get(column, "")
            self.fields[column] = field
        self.document_rules = registration_purging.document_rules(event)
        names = dict(event.sections.values_list("key", "name"))
        for rule in self.document_rules:
            where = ", ".join(names.get(key, key) for key in rule.sections)
            self.fields[f"document_{rule.key}"] = forms.FileField(
                label=rule.name,
                required=False,
                help_text=(_("For %(sections)s.") % {"sections": where} if rule.sections else ""),
                widget=forms.ClearableFileInput(attrs={"accept": ACCEPT}),
            )

    def player(self) -> registration_checking.PlayerForm:
        data = self.cleaned_data
        values = {column: str(data.get(column) or "") for column in self.columns}
        uploads = {}
        for rule in self.document_rules:
            upload = data.get(f"document_{rule.key}")
            if upload:
                # a file over the limit is not read whole: its start tells its kind
                limit = documents.max_bytes()
                content = upload.read(limit + 1)
                uploads[rule.key] = documents.Upload(upload.name, content, upload.size)
        labels = {column: str(self.fields[column].label) for column in self.columns}
        return registration_checking.PlayerForm(values, uploads, labels)


class ChangeForm(forms.Form):
    """New details of a registered player (the registrant's private page)."""

    def __init__(
        self,
        event: event_models.Event,
        player: models.RegisteredPlayer,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        asked = player_fields(event, player.registration.kind)
        self.columns = [c for c in registration_changing.CHANGEABLE if c in asked]
        for column in self.columns:
            self.fields[column] = player_field(event, column)
            self.fields[column].initial = (
                player.name if column == "name" else player.values.get(column, "")
            )


class PaymentForm(forms.Form):
    """A payment an organiser records (any digits; Jalali while the page is in Persian)."""

    amount = LocalDecimalField(label=_("Amount"), decimal_places=2, max_digits=14)
    paid_on = LocalDateField(label=_("Date paid"), widget=LocalDateInput(), within=payment_dates)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), required=False, max_length=500)
