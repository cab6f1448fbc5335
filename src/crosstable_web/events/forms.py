"""Forms of the events app (field labels are translatable)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from crosstable_web.public.localisation import LocalDateField, LocalDateInput

if TYPE_CHECKING:
    from crosstable_web.events.models import Section


class RegulationsForm(forms.Form):
    regulations = forms.FileField(label=_("Regulations file (TOML)"))
    rounds = forms.IntegerField(
        label=_("Rounds, where the regulations leave them open"),
        min_value=1,
        max_value=30,
        initial=7,
    )


class EntryForm(forms.Form):
    section = forms.ChoiceField(label=_("Section"))
    name = forms.CharField(label=_("Name"), max_length=200)
    sex = forms.ChoiceField(
        label=_("Sex"),
        required=False,
        choices=[("", "—"), ("M", _("Male")), ("F", _("Female"))],
    )
    # Jalali while the page is in Persian (typed, the browser's picker is Gregorian only).
    birth_date = LocalDateField(label=_("Birth date"), required=False, widget=LocalDateInput())
    rating = forms.IntegerField(label=_("Rating"), required=False, min_value=0, initial=0)
    title = forms.CharField(label=_("Title"), required=False, max_length=4)
    federation = forms.CharField(label=_("Federation"), required=False, max_length=3)
    fide_id = forms.CharField(label=_("FIDE id"), required=False, max_length=12)
    national_grade = forms.CharField(label=_("National grade"), required=False, max_length=20)
    unit = forms.CharField(label=_("Unit (school, club, team)"), required=False, max_length=200)
    unit_kind = forms.CharField(
        label=_("Unit kind (e.g. school)"),
        required=False,
        max_length=40,
        help_text=_("Only where the regulations rank some kinds of unit as teams."),
    )
    native_unit = forms.CharField(label=_("Native of"), required=False, max_length=200)
    member_id = forms.CharField(label=_("Membership id"), required=False, max_length=30)

    def offer_only_section(self, section: Section) -> None:
        """Offer the one section the form is shown for."""
        section_field = self.fields["section"]
        # The form's own copy of the ChoiceField declared above.
        assert isinstance(section_field, forms.ChoiceField)
        section_field.choices = [(section.key, section.name)]


class EntryEditForm(EntryForm):
    """The entry form of an entered player: a new name replaces the player by another
    (refused after the regulations' name-change deadline) unless it only corrects the
    spelling of the same player's name."""

    spelling_correction = forms.BooleanField(
        label=_("Spelling correction (the same player)"),
        required=False,
        help_text=_(
            "Tick when the new name corrects the spelling of this player's name; leave it "
            "empty when another player takes this place."
        ),
    )


class HousePlayerForm(forms.Form):
    """The organiser's house player for an odd section: who it is (no eligibility checks)."""

    name = forms.CharField(label=_("Name"), max_length=200)
    sex = forms.ChoiceField(
        label=_("Sex"),
        required=False,
        choices=[("", "—"), ("M", _("Male")), ("F", _("Female"))],
    )
    rating = forms.IntegerField(label=_("Rating"), required=False, min_value=0, initial=0)
    unit = forms.CharField(label=_("Unit (school, club, team)"), required=False, max_length=200)


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Entries file (CSV or Excel)"))


class ResultForm(forms.Form):
    entry = forms.CharField(
        label=pgettext_lazy("chess", "Board and result"),
        max_length=40,
        widget=forms.TextInput(
            attrs={"autofocus": True, "autocomplete": "off", "placeholder": "12 1", "size": 10}
        ),
    )


class PaymentForm(forms.Form):
    paid = forms.DecimalField(label=_("Paid"), min_value=0, decimal_places=2, max_digits=14)


class ByeForm(forms.Form):
    round_number = forms.IntegerField(label=pgettext_lazy("chess", "Round"), min_value=1)
    result = forms.ChoiceField(
        label=pgettext_lazy("chess", "Bye"),
        choices=[
            ("H", _("Half-point bye")),
            ("F", _("Full-point bye")),
            ("Z", _("Zero-point bye")),
            ("", _("Cancel the bye")),
        ],
        required=False,
    )


class WithdrawForm(forms.Form):
    after_round = forms.IntegerField(
        label=_("Withdrawn after round (empty: reinstate)"), min_value=0, required=False
    )


class SwapForm(forms.Form):
    first = forms.IntegerField(label=_("Pairing number"), min_value=1)
    second = forms.IntegerField(label=_("with pairing number"), min_value=1)
    confirm = forms.BooleanField(label=_("Confirm despite warnings"), required=False)
