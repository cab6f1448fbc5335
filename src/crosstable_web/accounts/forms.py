"""Forms of the accounts pages (labels are translatable)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from crosstable_web.accounts import models

# Django's own message for a mistyped e-mail address (its EmailValidator, behind every
# e-mail box: sign-in help, invitations, following a player), in the site's catalogues too:
# they come before Django's, whose Chinese writes "Email" in Latin letters.
gettext_noop("Enter a valid email address.")


class SiteSettingsForm(forms.Form):
    event_creation = forms.ChoiceField(
        label=_("Who may create events"),
        choices=models.EventCreation.choices,
        widget=forms.RadioSelect,
    )


class AccountInviteForm(forms.Form):
    email = forms.EmailField(label=_("E-mail address"))


ROLE_CHOICES = [choice for choice in models.InvitedRole.choices if choice[0]]
"""The roles an invitation gives (the invitation's own list, without "an account only")."""


class RoleInviteForm(forms.Form):
    """Invite someone by e-mail to a role on the event (a captain to a team)."""

    email = forms.EmailField(label=_("E-mail address"))
    role = forms.ChoiceField(label=_("Role"), choices=ROLE_CHOICES)
    team = forms.ChoiceField(label=_("Team (captains)"), required=False)

    def __init__(self, *args: Any, teams: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        team_field = self.fields["team"]
        assert isinstance(team_field, forms.ChoiceField)
        team_field.choices = [("", "—"), *teams]
        if not teams:
            role_field = self.fields["role"]
            assert isinstance(role_field, forms.ChoiceField)
            role_field.choices = [c for c in ROLE_CHOICES if c[0] != "captain"]
            del self.fields["team"]


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """The account an invitation creates: a user name and a password (twice)."""

    first_name = forms.CharField(label=_("Name (as others should see it)"), required=False)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "first_name")
