"""The organiser's team form: name, unit, unit kind, captain (chosen from the site's
accounts), the team prize attributes the section's team prizes test (e.g. the Fars county
prize: ``introduction_letter``, ``local_players``, with translated labels), and the roster in
board order, each place chosen from the section's entries or entered as a new player's name
(and membership id, which some regulations require) with the rating the team's average rating
counts (blank: an entered player keeps their rating, a new player is unrated; 0: unrated): the
view enters new players in the section and updates changed ratings."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from crosstable.typed import payment_dates, read_unit_kind
from crosstable_web.common.localisation import (
    LocalDateField,
    LocalDateInput,
    LocalDecimalField,
    LocalIntegerField,
    digits,
)
from crosstable_web.common.value_messages import text_problems
from crosstable_web.events.forms import read_typed, unit_kinds_of
from crosstable_web.events.models import Entry, Section
from crosstable_web.teams import models

ATTRIBUTE_LABELS: dict[str, Any] = {
    "introduction_letter": _("Introduction letter"),
    "local_players": _("Local players"),
    "previous_place": _("Place in the previous event"),
}
"""Labels of the team attributes the regulations' team prizes and fee discounts test (the
Fars county prize and discount: an introduction letter, at least three local players; the
placing discounts: the place in the last county league); another attribute is labelled with
its key."""

MEMBER_ATTRIBUTE_LABELS: dict[str, Any] = {"local": _("Local")}
"""Labels of the per-player attributes the fee discounts test (Fars: a local player, born in
the county or living there for six months)."""


def _safe_text(value: str) -> str:
    """A team's name or unit without control or text-direction characters (a name that
    shows backwards, or runs into the next cell, is refused as on the entry forms)."""
    problems = text_problems(value or "", None)
    if problems:
        raise forms.ValidationError(" ".join(problems))
    return value


class AccountChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    """The site's active accounts, each shown as its user name and, when there is one, the
    full name."""

    def label_from_instance(self, obj: Any) -> str:
        full = obj.get_full_name() if hasattr(obj, "get_full_name") else ""
        return f"{obj.get_username()} — {full}" if full else str(obj.get_username())


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=200)
    unit = forms.CharField(label=_("Unit"), max_length=200, required=False)
    unit_kind = forms.CharField(
        label=_("Unit kind (e.g. county, school, club)"), max_length=40, required=False
    )
    captain = AccountChoiceField(
        label=_("Captain"),
        queryset=get_user_model().objects.none(),
        required=False,
        empty_label="—",
        help_text=_("The account that submits this team's line-ups."),
    )

    def __init__(
        self,
        section: Section,
        places: int,
        team: models.Team | None = None,
        *args: Any,
        attributes: dict[str, type] | None = None,
        member_attributes: list[str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.unit_kinds = unit_kinds_of(section)
        self.places = places
        self.member_attribute_names = list(member_attributes or [])
        captain = self.fields["captain"]
        assert isinstance(captain, AccountChoiceField)
        captain.queryset = get_user_model().objects.filter(is_active=True).order_by("username")
        self.attribute_kinds = dict(attributes or {})
        for name, kind in self.attribute_kinds.items():
            label = ATTRIBUTE_LABELS.get(name) or name.replace("_", " ").capitalize()
            field: forms.Field
            if kind is bool:
                field = forms.BooleanField(label=label, required=False)
            elif kind is int:
                field = LocalIntegerField(label=label, required=False, min_value=0)
            else:
                field = forms.CharField(label=label, required=False, max_length=200)
            self.fields[f"attribute_{name}"] = field
        free = section.entries.filter(team_member__isnull=True)
        if team is not None:
            free = section.entries.filter(team_member__isnull=True) | section.entries.filter(
                team_member__team=team
            )
        self.entries = {entry.pk: entry for entry in free.order_by("name")}
        # The rating beside the name: the organiser sees what a blank rating box keeps.
        choices = [("", "—")] + [
            (str(pk), f"{entry.name} ({digits(entry.rating)})" if entry.rating else entry.name)
            for pk, entry in self.entries.items()
        ]
        for place in range(1, places + 1):
            self.fields[f"player_{place}"] = forms.ChoiceField(
                label=_("Board %(board)d") % {"board": place}, choices=choices, required=False
            )
            self.fields[f"new_{place}"] = forms.CharField(
                label=_("or a new player's name"), max_length=200, required=False
            )
            self.fields[f"member_{place}"] = forms.CharField(
                label=_("Membership id"), max_length=30, required=False
            )
            self.fields[f"rating_{place}"] = LocalIntegerField(
                label=_("Rating"), required=False, min_value=0, max_value=3500
            )
            for name in self.member_attribute_names:
                label = MEMBER_ATTRIBUTE_LABELS.get(name) or name.replace("_", " ").capitalize()
                self.fields[f"roster_{name}_{place}"] = forms.BooleanField(
                    label=label, required=False
                )

    def clean_name(self) -> str:
        return _safe_text(self.cleaned_data["name"])

    def clean_unit(self) -> str:
        return _safe_text(self.cleaned_data["unit"])

    def clean_unit_kind(self) -> str:
        """The kind in the organiser's words (شهرستان, 县) as the regulations' code
        (``county``): a county typed in Persian keeps its discount and its prizes."""
        kinds = self.unit_kinds
        return read_typed(self.cleaned_data["unit_kind"], lambda t: read_unit_kind(t, kinds))

    def rows(self) -> list[tuple[Any, ...]]:
        """Per roster place: the entry chosen, a new name, membership id, rating and the
        place's per-player fee attributes (a list of check boxes)."""
        return [
            (
                self[f"player_{place}"],
                self[f"new_{place}"],
                self[f"member_{place}"],
                self[f"rating_{place}"],
                [self[f"roster_{name}_{place}"] for name in self.member_attribute_names],
            )
            for place in range(1, self.places + 1)
        ]

    def attribute_fields(self) -> list[forms.BoundField]:
        return [self[f"attribute_{name}"] for name in self.attribute_kinds]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        attributes: dict[str, Any] = {}
        for name in self.attribute_kinds:
            value = cleaned.get(f"attribute_{name}")
            if value is not None and value != "":
                attributes[name] = value.strip() if isinstance(value, str) else value
        cleaned["attributes"] = attributes
        ratings: list[int | None] = []
        member_attributes: list[dict[str, Any]] = []
        roster: list[Entry | tuple[str, str]] = []
        seen: set[int] = set()
        empty_at = 0
        for place in range(1, self.places + 1):
            chosen, new = cleaned.get(f"player_{place}"), (cleaned.get(f"new_{place}") or "")
            new = new.strip()
            if chosen and new:
                self.add_error(f"new_{place}", _("Choose an entry or type a name, not both."))
                continue
            if not chosen and not new:
                empty_at = empty_at or place
                continue
            if empty_at:
                self.add_error(
                    f"player_{place}",
                    _("Fill the places in board order: place %(empty)d is empty.")
                    % {"empty": empty_at},
                )
                continue
            if chosen:
                pk = int(chosen)
                if pk in seen:
                    self.add_error(f"player_{place}", _("This player is already listed."))
                    continue
                seen.add(pk)
                roster.append(self.entries[pk])
            else:
                roster.append((new, (cleaned.get(f"member_{place}") or "").strip()))
            ratings.append(cleaned.get(f"rating_{place}"))
            member_attributes.append(
                {
                    name: True
                    for name in self.member_attribute_names
                    if cleaned.get(f"roster_{name}_{place}")
                }
            )
        cleaned["roster"] = roster
        cleaned["ratings"] = ratings
        cleaned["member_attributes"] = member_attributes
        return cleaned


class TeamPaymentForm(forms.Form):
    """A payment of a team's fee: the amount and the day it was paid (which decides the
    team's place when places go to the teams that pay first)."""

    amount = LocalDecimalField(label=_("Amount"), decimal_places=2, max_digits=14)
    paid_on = LocalDateField(label=_("Date paid"), widget=LocalDateInput(), within=payment_dates)
    """Jalali while the page is in Persian, as on the bank's receipt."""
