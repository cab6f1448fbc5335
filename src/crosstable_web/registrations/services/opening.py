"""When the registration form is open (the regulations' registration dates, in the
venue's time) and whether a change then needs the organisers' approval; the registrant's
private link (a signed token) and the registration it opens.
"""

from __future__ import annotations

import datetime
import secrets

from django.core import signing
from django.utils.translation import gettext as _

from crosstable.regulations.schema import RegistrationRules
from crosstable_web.events import models as event_models
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.registrations import models

REGISTRANT = "registrant"
"""The audit log's name for the person holding a registration's private link."""


TOKEN_SALT = "crosstable.registrations.link"


FormState = event_time.RegistrationState
"""Whether the public form takes registrations (``events.event_time``: the same state every
page says)."""


def registration_rules(event: event_models.Event) -> RegistrationRules | None:
    regulations = rules.event_regulations(event)
    return regulations.registration if regulations is not None else None


def form_state(event: event_models.Event, now: datetime.datetime | None = None) -> FormState:
    """Whether the public form takes registrations at ``now``: the regulations' table, then
    the event's registration state (the organisers' switch, the opening and closing moments
    at the venue)."""
    if registration_rules(event) is None:
        return FormState(False, _("This event takes no online registration."), None, False)
    return event_time.registration_state(event, now)


def changes_need_approval(registration: models.Registration, now: datetime.datetime) -> bool:
    """Once the form has closed or the registration is approved, a change is a request the
    organisers decide; before, the registrant changes it directly."""
    return (
        registration.status != models.Status.PENDING
        or not form_state(registration.event, now).is_open
    )


def token(registration: models.Registration) -> str:
    """The signed token of the registrant's private link."""
    return signing.Signer(salt=TOKEN_SALT).sign(f"{registration.pk}.{registration.secret}")


def by_token(event: event_models.Event, text: str) -> models.Registration | None:
    """The registration a private link names (None: forged, changed or another event's)."""
    try:
        value = signing.Signer(salt=TOKEN_SALT).unsign(text)
    except signing.BadSignature:
        return None
    pk, _dot, secret = value.partition(".")
    found = models.Registration.objects.filter(event=event, pk=pk if pk.isdigit() else 0).first()
    if found is None or not secrets.compare_digest(found.secret, secret):
        return None
    return found
