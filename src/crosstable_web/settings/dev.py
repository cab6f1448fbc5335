"""Settings for the demo and local development server (``scripts/demo``)."""

import os

from crosstable_web.settings.base import *  # noqa: F403

DEBUG = True
EMAIL_BACKEND = os.environ.get(
    "CROSSTABLE_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
# Static files straight from the apps' folders (nothing collected; settings.prod collects).
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
# The demo's stand-in payment provider (no real gateway: docs/registration.md).
REGISTRATION_PAYMENT_PROVIDERS = {"fake": "crosstable_web.registrations.payments.FakeProvider"}
