"""Paying a registration's fee online: one small interface a payment provider implements, and
the fake provider the tests and the demo use. No real gateway is built in.

A provider has a ``name``; ``checkout_url`` is where the registrant's browser goes to pay
(the provider's page); the provider then tells the site that the payment went through by a
request to ``/r/pay/<name>/confirm/`` (``views.provider_confirm``), which the provider's
``read_confirmation`` checks (its signature) and reads into a :class:`Confirmation`. The
site records it once (the provider's own reference is unique), against the registration
whose payment reference it names (``services.confirm_payment``).

Providers are named in ``settings.REGISTRATION_PAYMENT_PROVIDERS`` (name -> class path);
none by default, where the organisers record payments by hand. The fake provider signs a
payment for whoever asks: it exists only under the demo's and the tests' settings
(:data:`FAKE_PROVIDER_SETTINGS`); named under any other, it is left out and the deployment
check (``check --deploy``, run by ``scripts/serve``) fails (issue 31 item 6).
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import hmac
import logging
import os
import secrets
from decimal import Decimal, InvalidOperation
from typing import Protocol

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.module_loading import import_string


@dataclasses.dataclass(frozen=True, slots=True)
class Confirmation:
    """A payment a provider confirms."""

    payment_reference: str
    """The registration's reference (``Registration.payment_reference``)."""
    amount: Decimal
    paid_on: datetime.date
    provider_reference: str
    """The provider's own id of the payment (a second confirmation of it is ignored)."""


class ConfirmationError(Exception):
    """A confirmation the provider's check refuses (bad signature, unreadable amount)."""


class Provider(Protocol):
    name: str

    def checkout_url(self, payment_reference: str, amount: Decimal, return_url: str) -> str:
        """Where the registrant pays ``amount`` for ``payment_reference``."""
        ...

    def read_confirmation(self, request: HttpRequest) -> Confirmation:
        """The payment the provider's request confirms (ConfirmationError if not genuine)."""
        ...


FAKE_PROVIDER_SETTINGS = ("crosstable_web.settings.dev", "crosstable_web.settings.test")
"""The settings the fake provider runs under: the demo's (``scripts/demo``) and the tests'."""

_log = logging.getLogger(__name__)


def configured_providers() -> tuple[dict[str, Provider], dict[str, str]]:
    """The providers the settings name, and those refused (name -> why)."""
    found: dict[str, Provider] = {}
    refused: dict[str, str] = {}
    for name, path in getattr(settings, "REGISTRATION_PAYMENT_PROVIDERS", {}).items():
        try:
            found[name] = import_string(path)(name)
        except ImproperlyConfigured as error:
            refused[name] = str(error)
    return found, refused


def providers() -> dict[str, Provider]:
    found, refused = configured_providers()
    for name, why in refused.items():
        _log.error("payment provider %s left out: %s", name, why)
    return found


def provider(name: str) -> Provider | None:
    return providers().get(name)


class FakeProvider:
    """A stand-in provider for tests and the demo: its "checkout" is a page of this site
    (``views.fake_checkout``) whose button sends the confirmation a real provider would,
    signed with a key derived from the site's secret key."""

    def __init__(self, name: str) -> None:
        # the module Django loaded the settings from (``settings.SETTINGS_MODULE`` is None
        # under ``override_settings``)
        module = os.environ.get("DJANGO_SETTINGS_MODULE", "")
        if module not in FAKE_PROVIDER_SETTINGS:
            raise ImproperlyConfigured(
                f"the fake payment provider signs any payment: it runs only under the demo's "
                f"or the tests' settings ({', '.join(FAKE_PROVIDER_SETTINGS)}), not {module}"
            )
        self.name = name

    @staticmethod
    def new_reference() -> str:
        """The fake provider's id of a payment: random, as a real provider's (a sequential
        one, ``fake-<registration>-<n>``, could be guessed)."""
        return f"fake-{secrets.token_hex(12)}"

    def _signature(self, fields: dict[str, str]) -> str:
        key = hashlib.sha256(f"fake-provider:{settings.SECRET_KEY}".encode()).digest()
        message = "&".join(f"{k}={fields[k]}" for k in sorted(fields))
        return hmac.new(key, message.encode(), hashlib.sha256).hexdigest()

    def checkout_url(self, payment_reference: str, amount: Decimal, return_url: str) -> str:
        query = {"reference": payment_reference, "amount": str(amount), "return": return_url}
        return f"{reverse('registrations:fake_checkout')}?{urlencode(query)}"

    def signed_fields(
        self, payment_reference: str, amount: Decimal, provider_reference: str
    ) -> dict[str, str]:
        """The fields the fake provider's page posts to the confirmation address."""
        fields = {
            "reference": payment_reference,
            "amount": str(amount),
            "paid_on": datetime.date.today().isoformat(),
            "id": provider_reference,
        }
        return {**fields, "signature": self._signature(fields)}

    def read_confirmation(self, request: HttpRequest) -> Confirmation:
        fields = {k: request.POST.get(k, "") for k in ("reference", "amount", "paid_on", "id")}
        if not hmac.compare_digest(self._signature(fields), request.POST.get("signature", "")):
            raise ConfirmationError("signature does not match")
        try:
            amount = Decimal(fields["amount"])
            paid_on = datetime.date.fromisoformat(fields["paid_on"])
        except (InvalidOperation, ValueError):
            raise ConfirmationError("amount or date unreadable") from None
        if not fields["id"]:
            raise ConfirmationError("no payment id")
        return Confirmation(fields["reference"], amount, paid_on, fields["id"])
